package pairing_test

import (
	"fmt"

	"github.com/reversi-engine/reversi/pairing"
)

// Four bots, each plays every other twice, the colours swapped.
func ExampleRoundRobin() {
	rounds, _ := pairing.RoundRobin([]string{"alpha", "beta", "gamma", "delta"}, 2)
	for i, r := range rounds {
		fmt.Println(i+1, r.Games)
	}
	// Output:
	// 1 [{alpha delta} {gamma beta}]
	// 2 [{gamma alpha} {beta delta}]
	// 3 [{alpha beta} {delta gamma}]
	// 4 [{delta alpha} {beta gamma}]
	// 5 [{alpha gamma} {delta beta}]
	// 6 [{beta alpha} {gamma delta}]
}
