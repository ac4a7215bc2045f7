package book

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
)

// spreadSearch values a position by its mobility and its discs, spread
// over a few discs so that margins tell moves apart, the same in every
// symmetry; it counts its calls.
func spreadSearch(calls *int) func(context.Context, board.Board) (float64, int, error) {
	return func(_ context.Context, b board.Board) (float64, int, error) {
		*calls++
		v := float64(b.Mobility()-b.Pass().Mobility()) + float64(bits.OnesCount64(b.P)%7)/4 - 0.75
		return v, 3, nil
	}
}

// baseBook is a book built from testGames within 4 moves.
func baseBook(t *testing.T) *Book {
	t.Helper()
	calls := 0
	b, _, err := Build(context.Background(), parseGames(t), BuildOptions{Plies: 4, MinGames: 1, Work: t.TempDir(), Params: "fake", Search: fakeSearch(&calls)})
	if err != nil || b == nil {
		t.Fatalf("base book: %v", err)
	}
	return b
}

func deviate(t *testing.T, b *Book, work string, o DeviateOptions) (*Book, DeviateStats, error) {
	t.Helper()
	o.Work = work
	if o.Params == "" {
		o.Params = "fake"
	}
	if o.Search == nil {
		calls := 0
		o.Search = spreadSearch(&calls)
	}
	return Deviate(context.Background(), b, o)
}

// TestDeviateMargin: every move out of the book of a position within the
// plies is added if and only if its value is within the margin of the
// position's best, as worked out here from the book and the search.
func TestDeviateMargin(t *testing.T) {
	base := baseBook(t)
	value := func(c board.Board) int {
		calls := 0
		v, _, _ := spreadSearch(&calls)(context.Background(), c)
		return hundredths(v)
	}
	for _, tc := range []struct {
		name            string
		plies           int
		margin          float64
		someOut, someIn bool
	}{
		{"margin 0", 3, 0, true, true},
		{"margin 1.5", 3, 1.5, true, true},
		{"margin 1.5, 1 ply", 1, 1.5, false, true},
		{"margin 0, 2 plies", 2, 0, true, true},
		{"any move", 2, 128, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, st, err := deviate(t, base, t.TempDir(), DeviateOptions{Plies: tc.plies, Margin: tc.margin})
			if err != nil || got == nil {
				t.Fatalf("%v %+v", err, st)
			}
			in, out := 0, 0
			base.All(func(k board.Board, _ Entry) bool {
				if _, ok := got.Lookup(k); !ok {
					t.Errorf("%s: a position of the book lost", positionText(k))
				}
				if 60-k.Empties() > tc.plies {
					return true
				}
				best, kids := math.MinInt, []board.Board{}
				for m := k.Moves(); m != 0; m &= m - 1 {
					sq, _ := board.NextSquare(m)
					c := k.Play(sq)
					if e, ok := base.Lookup(c); ok {
						best = max(best, -hundredths(e.Value))
					} else {
						best = max(best, -value(c))
						kids = append(kids, c)
					}
				}
				for _, c := range kids {
					want := -value(c) >= best-int(math.Round(tc.margin*100))
					e, have := got.Lookup(c)
					switch {
					case have != want:
						t.Errorf("%s: move to %s (%+d/100 against a best of %+d/100) in the book %v, want %v", positionText(k), positionText(c), -value(c), best, have, want)
					case have && e.Count != 0:
						t.Errorf("%s: a deviation with %d games", positionText(c), e.Count)
					case have:
						in++
					default:
						out++
					}
				}
				return true
			})
			if got.Len()-base.Len() != st.Added || (in > 0) != tc.someIn || (out > 0) != tc.someOut {
				t.Errorf("book of %d positions from %d, %+v; moves added %d, left out %d", got.Len(), base.Len(), st, in, out)
			}
			if st.Plies != max(base.plies(), tc.plies+1) || st.Rounds != 1 || st.Missing != 0 {
				t.Errorf("stats %+v", st)
			}
		})
	}
}

// TestDeviateNegamax: a move out of the book better than the book's
// moves changes the value and best move of its position, and its
// parent's value; one within the margin is added without changing them;
// one outside is not added.
func TestDeviateNegamax(t *testing.T) {
	start := board.StartBoard()
	f5 := start.Play(board.MustParseSquare("f5"))
	d6 := f5.Play(board.MustParseSquare("d6"))
	f6 := f5.Play(board.MustParseSquare("f6"))
	f4 := f5.Play(board.MustParseSquare("f4"))
	s := NewSet()
	s.Put(start, Entry{Value: 1.5, Depth: 10, Count: 100})
	s.Put(f5, Entry{Value: -1.5, Depth: 10, Count: 100})
	s.Put(d6, Entry{Value: 1.5, Depth: 10, Count: 60})
	book := s.Book()
	for _, tc := range []struct {
		name         string
		f6, margin   float64 // the search's value of f5f6 (for black)
		added        int
		f5Value      float64 // f5's value after (for white)
		best         string  // white's best book move after f5
		improved     int
		f5Depth, cnt int
	}{
		{"better", -3, 1, 1, 3, "F6", 1, 7, 0},
		{"within the margin", 2, 1, 1, -1.5, "D6", 0, 10, 60},
		{"on the margin", 2.5, 1, 1, -1.5, "D6", 0, 10, 60},
		{"outside", 2.51, 1, 0, -1.5, "D6", 0, 10, 60},
	} {
		t.Run(tc.name, func(t *testing.T) {
			search := func(_ context.Context, b board.Board) (float64, int, error) {
				switch c, _ := b.Canonical(); c {
				case canonical(f6):
					return tc.f6, 7, nil
				case canonical(f4):
					return 20, 7, nil
				}
				t.Errorf("searched %s", positionText(b))
				return 0, 0, nil
			}
			got, st, err := deviate(t, book, t.TempDir(), DeviateOptions{Plies: 1, Margin: tc.margin, Search: search})
			if err != nil || got == nil {
				t.Fatal(err)
			}
			if st.Added != tc.added || st.Improved != tc.improved || st.Positions != 2 || st.Parents != 1 {
				t.Errorf("stats %+v", st)
			}
			if e, _ := got.Lookup(f5); e.Value != tc.f5Value || e.Depth != tc.f5Depth || e.Count != 100 {
				t.Errorf("f5: %+v, want value %v depth %d", e, tc.f5Value, tc.f5Depth)
			}
			if e, _ := got.Lookup(start); e.Value != -tc.f5Value {
				t.Errorf("start: %+v, want %v", e, -tc.f5Value)
			}
			moves := got.Moves(f5, f5.Moves())
			if len(moves) != 1+tc.added || moves[0].Square.String() != tc.best || moves[0].Count != tc.cnt {
				t.Errorf("book moves after f5: %+v, want %s first", moves, tc.best)
			}
			if _, ok := got.Lookup(f4); ok {
				t.Error("f4, 18.5 discs worse, added")
			}
		})
	}
}

func canonical(b board.Board) board.Board {
	c, _ := b.Canonical()
	return c
}

// TestDeviateResumeShardsRounds: a run cut in the middle (its last line
// cut short) and resumed, and shards merged, make the same book to the
// byte as one run; so do two rounds and two runs of one round.
func TestDeviateResumeShardsRounds(t *testing.T) {
	base := baseBook(t)
	opts := DeviateOptions{Plies: 3, Margin: 1, Rounds: 2}
	calls := 0
	opts.Search = spreadSearch(&calls)
	one, st, err := deviate(t, base, t.TempDir(), opts)
	if err != nil || one == nil || st.Rounds != 2 || calls != st.Searched || st.Added == 0 {
		t.Fatalf("one run: %v %+v, %d searches", err, st, calls)
	}

	t.Run("resume", func(t *testing.T) {
		work := t.TempDir()
		n := 0
		stop := errors.New("killed")
		o := opts
		o.Search = func(ctx context.Context, b board.Board) (float64, int, error) {
			if n == 5 {
				return 0, 0, stop
			}
			return spreadSearch(&n)(ctx, b)
		}
		if _, st, err := deviate(t, base, work, o); !errors.Is(err, stop) || st.Searched != 5 {
			t.Fatalf("interrupted run: %v, %+v", err, st)
		}
		f, err := os.OpenFile(filepath.Join(work, "deviations-0-of-1.txt"), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("---------------------------OX---")
		f.Close()
		again := 0
		o.Search = spreadSearch(&again)
		b, st, err := deviate(t, base, work, o)
		if err != nil || b == nil {
			t.Fatalf("resumed: %v", err)
		}
		if again != calls-5 || st.Searched != again {
			t.Errorf("resumed run searched %d (%+v), want %d", again, st, calls-5)
		}
		if !bytes.Equal(b.Bytes(), one.Bytes()) {
			t.Error("the resumed run differs from one run")
		}
	})

	t.Run("rounds", func(t *testing.T) {
		work := t.TempDir()
		o := opts
		o.Rounds = 1
		b := base
		for range 2 {
			var err error
			if b, _, err = deviate(t, b, work, o); err != nil || b == nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(b.Bytes(), one.Bytes()) {
			t.Error("two runs of one round differ from one run of two")
		}
		o.Rounds = 50
		var reports []DeviateStats
		o.RoundDone = func(r DeviateStats) { reports = append(reports, r) }
		all, st, err := deviate(t, base, work, o)
		if err != nil || st.Rounds >= 50 || st.Rounds <= 2 {
			t.Fatalf("rounds until nothing is added: %v, %+v", err, st)
		}
		added := 0
		for i, r := range reports {
			added += r.Added
			if r.Rounds != i+1 || (r.Added == 0) != (i == len(reports)-1) {
				t.Errorf("round %d: %+v", i+1, r)
			}
		}
		if len(reports) != st.Rounds || added != st.Added || all.Len() != base.Len()+added {
			t.Errorf("%d rounds reported adding %d positions; %+v", len(reports), added, st)
		}
		o.RoundDone = nil
		if _, st, err := deviate(t, all, work, o); err != nil || st.Added != 0 || st.Searched != 0 || st.Rounds != 1 {
			t.Errorf("a book extended as far as it goes, extended again: %v, %+v", err, st)
		}
	})

	t.Run("shards", func(t *testing.T) {
		work := t.TempDir()
		o := opts
		o.Rounds = 1
		single, _, err := deviate(t, base, t.TempDir(), o)
		if err != nil {
			t.Fatal(err)
		}
		mine := 0
		for i := range 3 {
			dir := filepath.Join(work, "machine", string(rune('0'+i)))
			calls := 0
			o.Shard, o.Shards, o.Search = i, 3, spreadSearch(&calls)
			b, st, err := deviate(t, base, dir, o)
			if err != nil || b != nil || st.Missing == 0 || calls != st.Mine {
				t.Fatalf("shard %d: %v, %v, %+v, %d searches", i, err, b, st, calls)
			}
			mine += st.Mine
			name := "deviations-" + string(rune('0'+i)) + "-of-3.txt"
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(work, name), data, 0o644)
		}
		calls := 0
		o.Shard, o.Shards, o.Search = 0, 1, spreadSearch(&calls)
		merged, st, err := deviate(t, base, work, o)
		if err != nil || merged == nil || calls != 0 || mine != st.Positions {
			t.Fatalf("merge: %v, %d searches, the shards searched %d of %d", err, calls, mine, st.Positions)
		}
		if !bytes.Equal(merged.Bytes(), single.Bytes()) {
			t.Error("the shards merged differ from one run")
		}
	})
}

// TestDeviateRefusesBadOptions: bad options are refused before anything
// is written, and a folder of another search is refused.
func TestDeviateRefusesBadOptions(t *testing.T) {
	base := baseBook(t)
	calls := 0
	search := spreadSearch(&calls)
	for _, tc := range []struct {
		name string
		b    *Book
		o    DeviateOptions
		want string
	}{
		{"empty book", &Book{}, DeviateOptions{Plies: 4, Search: search}, "empty book"},
		{"nil book", nil, DeviateOptions{Plies: 4, Search: search}, "empty book"},
		{"negative margin", base, DeviateOptions{Plies: 4, Margin: -1, Search: search}, "margin"},
		{"margin NaN", base, DeviateOptions{Plies: 4, Margin: math.NaN(), Search: search}, "margin"},
		{"negative plies", base, DeviateOptions{Plies: -1, Search: search}, "plies"},
		{"61 plies", base, DeviateOptions{Plies: 61, Search: search}, "plies"},
		{"negative rounds", base, DeviateOptions{Plies: 4, Rounds: -2, Search: search}, "rounds"},
		{"shard 3/3", base, DeviateOptions{Plies: 4, Shard: 3, Shards: 3, Search: search}, "shard"},
		{"rounds of a shard", base, DeviateOptions{Plies: 4, Shard: 1, Shards: 3, Rounds: 2, Search: search}, "a shard makes one round"},
		{"no search", base, DeviateOptions{Plies: 4}, "no search"},
		{"two lines", base, DeviateOptions{Plies: 4, Params: "a\nb", Search: search}, "one line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			work := filepath.Join(t.TempDir(), "work")
			tc.o.Work = work
			b, _, err := Deviate(context.Background(), tc.b, tc.o)
			if err == nil || b != nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("%v, %v: want an error saying %q", b, err, tc.want)
			}
			if _, err := os.Stat(work); err == nil {
				t.Error("the work folder was made")
			}
		})
	}
	if _, _, err := Deviate(context.Background(), base, DeviateOptions{Plies: 4, Search: search}); err == nil || !strings.Contains(err.Error(), "no work folder") {
		t.Errorf("no work folder: %v", err)
	}
	if calls != 0 {
		t.Errorf("%d searches", calls)
	}
	work := t.TempDir()
	if _, _, err := deviate(t, base, work, DeviateOptions{Plies: 2, Params: "depth=2"}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := deviate(t, base, work, DeviateOptions{Plies: 2, Params: "depth=3"}); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("a folder of another search: %v", err)
	}
	// Another margin, more plies, another book: the values stay true.
	if _, _, err := deviate(t, sampleBook(), work, DeviateOptions{Plies: 3, Margin: 5, Params: "depth=2"}); err != nil {
		t.Errorf("the same search, other settings: %v", err)
	}
}
