package perft_test

import (
	"context"
	"fmt"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/perft"
)

// The leaves of the first depths from the start, each checked against
// the published count (the time of each row is in r.Elapsed).
func ExampleTable() {
	err := perft.Table(context.Background(), board.Start(), 5, 1, func(r perft.Row) {
		fmt.Println(r.Depth, r.Leaves, r.Checked)
	})
	fmt.Println(err)
	// Output:
	// 1 4 true
	// 2 12 true
	// 3 56 true
	// 4 244 true
	// 5 1396 true
	// <nil>
}
