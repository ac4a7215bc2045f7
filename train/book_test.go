package train

import (
	"context"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/eval/pattern"
	"github.com/reversi-engine/reversi/internal/testpos"
)

func TestBookSearch(t *testing.T) {
	search, params, err := BookSearch(4, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	// The evaluation is named with its weights' checksum: a folder of
	// values searched with other weights is another search.
	ev, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	named := "eval=pattern/" + ev.Checksum()[:16]
	if want := "engine depth=4 " + named + " prob=87"; params != want {
		t.Errorf("params %q, want %q (the default probability)", params, want)
	}
	if _, params, err := BookSearch(4, 100, 1); err != nil || params != "engine depth=4 "+named+" prob=100" {
		t.Errorf("full width: params %q, %v", params, err)
	}
	for _, prob := range []int{-1, 50, 101} {
		if _, _, err := BookSearch(4, prob, 1); err == nil {
			t.Errorf("probability %d accepted", prob)
		}
	}
	ctx := context.Background()
	// At a depth of at least the empties the search reaches the end: its
	// value is the exact score.
	ends, err := testpos.Endgame(1, 4)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		b     board.Board
		exact bool
	}{
		{"4 empties", ends[0], true},
		{"the start", board.StartBoard(), false},
	} {
		v1, d1, err := search(ctx, tc.b)
		if err != nil {
			t.Fatal(err)
		}
		v2, d2, err := search(ctx, tc.b) // the table cleared: the same answer
		if err != nil || v1 != v2 || d1 != d2 {
			t.Errorf("%s: %v at depth %d, then %v at depth %d (%v)", tc.name, v1, d1, v2, d2, err)
		}
		if tc.exact {
			s, err := endgame.New(endgame.Options{Threads: 1})
			if err != nil {
				t.Fatal(err)
			}
			r, err := s.Search(ctx, tc.b, endgame.Limits{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if v1 != float64(r.Score) {
				t.Errorf("%s: %v, the exact score is %d", tc.name, v1, r.Score)
			}
		} else if d1 != 4 {
			t.Errorf("%s: depth %d, want 4", tc.name, d1)
		}
	}
}
