// Extending a book by deviations: the moves out of the book whose
// searched value is within a margin of the best, added as leaves, the
// tree negamaxed again (resumable, shardable).

package book

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/reversi-engine/reversi/board"
)

// DeviateOptions configure Deviate.
type DeviateOptions struct {
	// Plies: the positions of the book after at most this many moves
	// (discs beyond the four of the start) are extended; the positions
	// added are at most one move deeper. 0 to 60.
	Plies int
	// Margin, in discs (0 or more): a move out of the book is added if its
	// value for the side that plays it is at least the position's best
	// value minus Margin.
	Margin float64
	// Rounds is the number of rounds (0 is 1): each round extends the
	// book that the previous one made, so that the positions added within
	// Plies moves are extended in turn; the rounds stop early when one
	// adds nothing. A shard makes one round only.
	Rounds int
	// Shard and Shards: this run searches only the positions whose number
	// (in the order of their canonical boards, among the positions of
	// the round) is Shard modulo Shards. Shards 0 is 1.
	Shard, Shards int
	// Work is the work folder: each shard saves its searches there, a
	// line each, in deviations-<shard>-of-<shards>.txt. Its values are
	// those of positions under a search, whatever the book: the same
	// folder serves every round, every margin and every number of plies.
	Work string
	// Params names the search (e.g. "engine depth=10 eval=pattern"): a
	// work folder whose files were made by another search is refused
	// rather than mixed.
	Params string
	// Search values a position (side to move first): its value for the
	// side to move in discs, and the depth of the search.
	Search func(ctx context.Context, pos board.Board) (value float64, depth int, err error)
	// Progress, if not nil, is called after each search with the round
	// (from 1), the number of this shard's positions of the round valued
	// so far (those found in the work folder included) and their total.
	Progress func(round, done, total int)
	// RoundDone, if not nil, is called after each round that made a book
	// with that round's figures (Rounds is its number; Searched, Added
	// and Improved are its own).
	RoundDone func(round DeviateStats)
}

// DeviateStats describes a run of Deviate.
type DeviateStats struct {
	// Rounds is the number of rounds made (the last one unfinished if
	// Missing is not 0).
	Rounds int
	// Parents is the number of the book's positions within Plies moves
	// that have a legal move out of the book, in the last round.
	Parents int
	// Positions is the number of positions those moves lead to (each
	// once), to be searched in the last round; Mine is the number that
	// this shard searches.
	Positions, Mine int
	// Searched is how many positions this run searched, over all rounds
	// (the others were in the work folder already).
	Searched int
	// Missing is the number of positions of the last round that have no
	// value yet (the other shards'): the book is made when it is 0.
	Missing int
	// Added is the number of positions added to the book, over all
	// rounds; Improved the number of positions where an added move is
	// better than every book move they had (their value and best move
	// change), summed over the rounds.
	Added, Improved int
	// Plies is the number of moves of the deepest position of the book
	// returned.
	Plies int
}

// deviationsHeader opens the files of Deviate's work folder.
const deviationsHeader = "# reversi book deviations: search="

// Deviate extends the book b as Edax's "deviate" does, in rounds: each
// round looks at every position of the book within opts.Plies moves
// that has a legal move, values the positions that its moves out of the
// book lead to by opts.Search (those of its shard that the work folder
// has no value for, each saved as it is found), and, once every one has a
// value (one shard, or a folder holding every shard's files), adds as a
// leaf each of those moves whose value is within opts.Margin of the
// position's best value, then negamaxes the whole book. A position's best
// value is that of its best move: the best of its book moves' values (as
// b has them) and of the values just found. So every position of b within
// Plies moves comes out with its best move in the book (as far as the
// search sees) and every move within the margin of it; a move better
// than the book's moves changes the position's value and best move, and
// its ancestors' through the negamax. An added position has the value and
// depth of its search and a count of 0 games. Passes are not extended.
//
// With a shard's share of the searches only, the book is nil and
// DeviateStats.Missing says how many positions the other shards still
// owe. An error of Search or of the work folder stops the run; what was
// saved stays, and the same call goes on from there. b is not changed.
func Deviate(ctx context.Context, b *Book, opts DeviateOptions) (*Book, DeviateStats, error) {
	if opts.Shards == 0 {
		opts.Shards = 1
	}
	if opts.Rounds == 0 {
		opts.Rounds = 1
	}
	switch {
	case b.Len() == 0:
		return nil, DeviateStats{}, errors.New("an empty book: nothing to extend")
	case opts.Plies < 0 || opts.Plies > 60:
		return nil, DeviateStats{}, fmt.Errorf("plies %d: want 0 to 60", opts.Plies)
	case !(opts.Margin >= 0 && opts.Margin <= 128):
		return nil, DeviateStats{}, fmt.Errorf("margin %v: want 0 to 128 discs", opts.Margin)
	case opts.Rounds < 1:
		return nil, DeviateStats{}, fmt.Errorf("rounds %d: want 1 or more", opts.Rounds)
	case opts.Shards < 1 || opts.Shard < 0 || opts.Shard >= opts.Shards:
		return nil, DeviateStats{}, fmt.Errorf("shard %d/%d: want 0 <= i < n", opts.Shard, opts.Shards)
	case opts.Shards > 1 && opts.Rounds > 1:
		return nil, DeviateStats{}, fmt.Errorf("%d rounds with shards: a shard makes one round; merge the shards, then shard the next round on the book they made", opts.Rounds)
	case opts.Work == "":
		return nil, DeviateStats{}, errors.New("no work folder")
	case opts.Search == nil:
		return nil, DeviateStats{}, errors.New("no search")
	case strings.ContainsAny(opts.Params, "\r\n"):
		return nil, DeviateStats{}, errors.New("params: one line")
	}
	if err := os.MkdirAll(opts.Work, 0o755); err != nil {
		return nil, DeviateStats{}, err
	}
	w := work{dir: opts.Work, prefix: "deviations", header: deviationsHeader + opts.Params}
	values, err := w.read()
	if err != nil {
		return nil, DeviateStats{}, err
	}
	var st DeviateStats
	for st.Rounds < opts.Rounds {
		st.Rounds++
		round := st.Rounds
		var progress func(done, total int)
		if opts.Progress != nil {
			progress = func(done, total int) { opts.Progress(round, done, total) }
		}
		next, rs, err := deviateRound(ctx, w, b, values, opts, progress)
		st.Parents, st.Positions, st.Mine, st.Missing = rs.Parents, rs.Positions, rs.Mine, rs.Missing
		st.Searched += rs.Searched
		st.Added += rs.Added
		st.Improved += rs.Improved
		if err != nil || next == nil {
			return nil, st, err
		}
		b = next
		if opts.RoundDone != nil {
			rs.Rounds, rs.Plies = round, b.plies()
			opts.RoundDone(rs)
		}
		if rs.Added == 0 {
			break
		}
	}
	st.Plies = b.plies()
	return b, st, nil
}

// parent is a position of the book to extend: its best book move's
// value and the positions of its moves out of the book.
type parent struct {
	best    int // hundredths of a disc, for its player; minInt if none
	hasBook bool
	kids    []board.Board // canonical, each once
}

// deviateRound makes one round of Deviate on b with the values found so
// far (which it completes): the new book, or nil if some values are the
// other shards'.
func deviateRound(ctx context.Context, w work, b *Book, values map[board.Board]Entry, opts DeviateOptions, progress func(done, total int)) (*Book, DeviateStats, error) {
	set := b.Set()
	keys := sortedKeys(set)
	var parents []parent
	need := map[board.Board]bool{}
	for _, k := range keys {
		if 60-k.Empties() > opts.Plies {
			continue
		}
		p := parent{best: math.MinInt}
		for m := k.Moves(); m != 0; m &= m - 1 {
			sq, _ := board.NextSquare(m)
			c, _ := k.Play(sq).Canonical()
			if e, ok := set[c]; ok {
				p.best = max(p.best, -hundredths(e.Value))
				p.hasBook = true
			} else if !slices.Contains(p.kids, c) {
				p.kids = append(p.kids, c)
				need[c] = true
			}
		}
		if len(p.kids) > 0 {
			parents = append(parents, p)
		}
	}
	list := make([]board.Board, 0, len(need))
	for c := range need {
		list = append(list, c)
	}
	slices.SortFunc(list, compareBoards)
	mine := share(list, opts.Shard, opts.Shards)
	st := DeviateStats{Parents: len(parents), Positions: len(list), Mine: len(mine)}
	var err error
	st.Searched, err = w.search(ctx, opts.Shard, opts.Shards, mine, values, opts.Search, progress)
	if err != nil {
		return nil, st, err
	}
	for _, c := range list {
		if _, ok := values[c]; !ok {
			st.Missing++
		}
	}
	if st.Missing > 0 {
		return nil, st, nil
	}
	margin := int(math.Round(opts.Margin * 100))
	for _, p := range parents {
		best := p.best
		for _, c := range p.kids {
			best = max(best, -hundredths(values[c].Value))
		}
		if p.hasBook && best > p.best {
			st.Improved++
		}
		for _, c := range p.kids {
			if -hundredths(values[c].Value) < best-margin {
				continue
			}
			if _, ok := set[c]; !ok {
				set[c] = Entry{Value: values[c].Value, Depth: values[c].Depth}
				st.Added++
			}
		}
	}
	return Negamax(set).Book(), st, nil
}

// hundredths returns a value of the formats (a book's, a search's) as a
// whole number of hundredths of a disc, to compare values exactly.
func hundredths(v float64) int { return int(quantize(v)) }

// sortedKeys returns the positions of s in the order of the binary
// format.
func sortedKeys(s Set) []board.Board {
	keys := make([]board.Board, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, compareBoards)
	return keys
}

// plies returns the number of moves of the deepest position of the book.
func (b *Book) plies() int {
	n := 0
	b.All(func(k board.Board, _ Entry) bool {
		n = max(n, 60-k.Empties())
		return true
	})
	return n
}
