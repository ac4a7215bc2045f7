// Building a book from games: the positions, their searches saved in a
// work folder (resumable, shardable), and the negamax through the tree.

package book

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// BuildOptions configure Build.
type BuildOptions struct {
	// Plies: the positions of the book are those after at most this many
	// moves (0: the start alone).
	Plies int
	// MinGames: a position is in the book if at least this many games
	// reached it (at least 1).
	MinGames int
	// Shard and Shards: this run searches only the positions whose number
	// (in the order of their canonical boards) is Shard modulo Shards.
	// Shards 0 is 1.
	Shard, Shards int
	// Work is the work folder: each shard saves its searches there, a
	// line each, in values-<shard>-of-<shards>.txt.
	Work string
	// Params names the search (e.g. "depth=10 eval=pattern"): a work
	// folder whose files were made with other options or another search is
	// refused rather than mixed.
	Params string
	// Search values a position (side to move first): its value for the
	// side to move in discs, and the depth of the search.
	Search func(ctx context.Context, pos board.Board) (value float64, depth int, err error)
	// Progress, if not nil, is called after each search with the number
	// of this run's positions valued so far (those found in the work
	// folder included) and their total.
	Progress func(done, total int)
}

// Stats describes a build.
type Stats struct {
	// Positions is the number of positions of the book; Mine the number
	// that this shard searches, Searched how many of those this run
	// searched (the others were in the work folder already).
	Positions, Mine, Searched int
	// Missing is the number of positions that have no value yet (the
	// other shards' that the work folder does not hold): the book is
	// made when it is 0.
	Missing int
	// Plies is the number of moves of the deepest position of the book.
	Plies int
}

// Collect returns the positions (canonical boards) reached within plies
// moves of the standard start by at least minGames of the games, with the
// number of games that reached each. Games from another start are
// ignored.
func Collect(games []*game.Game, plies, minGames int) map[board.Board]int {
	counts := map[board.Board]int{}
	for _, g := range games {
		if g.Start != board.Start() {
			continue
		}
		b := board.StartBoard()
		c, _ := b.Canonical()
		counts[c]++
		for i, m := range g.Moves {
			if i >= plies {
				break
			}
			if m.Square == board.Pass {
				b = b.Pass()
			} else {
				b = b.Play(m.Square)
			}
			c, _ := b.Canonical()
			counts[c]++
		}
	}
	for k, n := range counts {
		if n < max(minGames, 1) {
			delete(counts, k)
		}
	}
	return counts
}

// Build makes a book of the positions that opts selects from games (see
// Collect): it searches those of its shard that the work folder has no
// value for, saving each value as it is found, then, if every position
// has a value (one shard, or a folder holding every shard's files),
// negamaxes them and returns the book. Otherwise the book is nil and
// Stats.Missing says how many positions the other shards still owe. An
// error of Search or of the work folder stops the build; what was saved
// stays, and the same call goes on from there.
func Build(ctx context.Context, games []*game.Game, opts BuildOptions) (*Book, Stats, error) {
	if opts.Shards == 0 {
		opts.Shards = 1
	}
	switch {
	case opts.Plies < 0 || opts.Plies > 60:
		return nil, Stats{}, fmt.Errorf("plies %d: want 0 to 60", opts.Plies)
	case opts.Shards < 1 || opts.Shard < 0 || opts.Shard >= opts.Shards:
		return nil, Stats{}, fmt.Errorf("shard %d/%d: want 0 <= i < n", opts.Shard, opts.Shards)
	case opts.Work == "":
		return nil, Stats{}, errors.New("no work folder")
	case opts.Search == nil:
		return nil, Stats{}, errors.New("no search")
	case strings.ContainsAny(opts.Params, "\r\n"):
		return nil, Stats{}, errors.New("params: one line")
	}
	counts := Collect(games, opts.Plies, opts.MinGames)
	keys := make([]board.Board, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, compareBoards)
	st := Stats{Positions: len(keys), Plies: maxPly(keys)}
	header := fmt.Sprintf("# reversi book values: plies=%d min-games=%d positions=%d search=%s", opts.Plies, max(opts.MinGames, 1), len(keys), opts.Params)
	if err := os.MkdirAll(opts.Work, 0o755); err != nil {
		return nil, st, err
	}
	w := work{dir: opts.Work, prefix: "values", header: header}
	values, err := w.read()
	if err != nil {
		return nil, st, err
	}
	mine := share(keys, opts.Shard, opts.Shards)
	st.Mine = len(mine)
	st.Searched, err = w.search(ctx, opts.Shard, opts.Shards, mine, values, opts.Search, opts.Progress)
	if err != nil {
		return nil, st, err
	}
	for _, k := range keys {
		if _, ok := values[k]; !ok {
			st.Missing++
		}
	}
	if st.Missing > 0 {
		return nil, st, nil
	}
	set := NewSet()
	for _, k := range keys {
		set[k] = Entry{Value: values[k].Value, Depth: values[k].Depth, Count: counts[k]}
	}
	return NegamaxSearched(set).Book(), st, nil
}

// maxPly returns the number of moves that led to the deepest of the
// positions (discs beyond the four of the start; passes do not count).
func maxPly(keys []board.Board) int {
	n := 0
	for _, k := range keys {
		n = max(n, 60-k.Empties())
	}
	return n
}

// compareBoards orders canonical boards as the binary format does.
func compareBoards(a, b board.Board) int {
	if c := cmp.Compare(a.P, b.P); c != 0 {
		return c
	}
	return cmp.Compare(a.O, b.O)
}

// Negamax returns the set with its values negamaxed through the tree: a
// position with children in the set (the positions its legal moves lead
// to, or its pass) is worth the best of their negated values, and takes
// the depth of the best; a position without is worth its own value. The
// counts stay. s is not changed.
func Negamax(s Set) Set { return negamax(s, false) }

// NegamaxSearched is Negamax for a set whose every value is a search of
// its own position (what Build searched): a position with children is
// worth the best of their negated values and of its own search, which saw
// the moves that lead out of the set. A reply out of the set that the
// search found better is not ignored, as Edax's books count a position's
// best move out of the book: with Negamax alone, a position whose better
// replies no game played looks as good as its book replies. Deviate
// negamaxes with Negamax, since it adds those moves themselves (and the
// values of a book read back are no longer searches of their positions).
func NegamaxSearched(s Set) Set { return negamax(s, true) }

// negamax is Negamax, with the positions' own values among the
// candidates when own is set.
func negamax(s Set, own bool) Set {
	out := make(Set, len(s))
	var value func(c board.Board) Entry
	value = func(c board.Board) Entry {
		if e, ok := out[c]; ok {
			return e
		}
		self := s[c]
		best, found := self, own
		children := c.Moves()
		var kids []board.Board
		for m := children; m != 0; m &= m - 1 {
			sq, _ := board.NextSquare(m)
			kids = append(kids, c.Play(sq))
		}
		if children == 0 && !c.GameOver() {
			kids = append(kids, c.Pass())
		}
		for _, kid := range kids {
			kc, _ := kid.Canonical()
			if _, ok := s[kc]; !ok {
				continue
			}
			e := value(kc)
			if !found || -e.Value > best.Value {
				best = Entry{Value: -e.Value, Depth: e.Depth}
				found = true
			}
		}
		best.Count = self.Count
		out[c] = best
		return best
	}
	keys := make([]board.Board, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, compareBoards)
	for _, k := range keys {
		value(k)
	}
	return out
}
