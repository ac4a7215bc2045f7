package perft

import (
	"context"
	"errors"
	"testing"

	"github.com/reversi-engine/reversi/board"
)

func TestTable(t *testing.T) {
	other, err := board.ParsePosition("XO" + "--------------------------------------------------------------" + " O")
	if err != nil {
		t.Fatal(err)
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name    string
		ctx     context.Context
		pos     board.Position
		depth   int
		checked bool
		err     error
	}{
		{"from the start", context.Background(), board.Start(), 5, true, nil},
		{"elsewhere", context.Background(), other, 2, false, nil},
		{"cancelled", cancelled, board.Start(), 3, false, context.Canceled},
	} {
		var rows []Row
		err := Table(tc.ctx, tc.pos, tc.depth, 2, func(r Row) { rows = append(rows, r) })
		if !errors.Is(err, tc.err) {
			t.Errorf("%s: error %v, want %v", tc.name, err, tc.err)
		}
		if tc.err != nil {
			if len(rows) != 0 {
				t.Errorf("%s: %d rows after an error", tc.name, len(rows))
			}
			continue
		}
		if len(rows) != tc.depth {
			t.Fatalf("%s: %d rows, want %d", tc.name, len(rows), tc.depth)
		}
		for i, r := range rows {
			if want := Count(tc.pos.Board, i+1); r.Depth != i+1 || r.Leaves != want || r.Checked != tc.checked {
				t.Errorf("%s: row %+v, want depth %d, %d leaves, checked %v", tc.name, r, i+1, want, tc.checked)
			}
			if r.LeavesPerSecond() <= 0 {
				t.Errorf("%s: row %+v: %v leaves/s", tc.name, r, r.LeavesPerSecond())
			}
		}
	}
}
