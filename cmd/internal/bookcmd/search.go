// The search commands of the book: build, and extend by deviations; the
// flags they share and how they end.

package bookcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"slices"
	"time"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/progress"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/train"
)

// searchFlags are the options that book build and book deviate share:
// the work folder, the plies, the search and the shard.
type searchFlags struct {
	work                  *string
	plies, depth, threads *int
	prob                  *int
	shardText             *string
	shard, shards         int
}

// add defines the flags on fs, with the defaults and words of one command
// (what is searched: a "position" or a "move").
func (f *searchFlags) add(fs *flag.FlagSet, work string, plies int, pliesHelp, what, shardNote string) {
	f.work = fs.String("work", work, "folder of the searches made so far (resumable)")
	f.plies = fs.Int("plies", plies, pliesHelp)
	f.depth = fs.Int("depth", 10, "depth of the engine's search of each "+what)
	f.prob = fs.Int("prob", engine.DefaultProbability, "confidence of the searches' selective cuts, in percent (100: full width)")
	f.threads = fs.Int("threads", 1, "threads of each search")
	f.shardText = fs.String("shard", "", "i/n: search only share i of n of the positions (0 <= i < n"+shardNote+")")
}

// search returns the engine's search of the flags (train.BookSearch) and
// its name.
func (f *searchFlags) search() (func(context.Context, board.Board) (float64, int, error), string, error) {
	return train.BookSearch(*f.depth, *f.prob, *f.threads)
}

// check refuses values out of range and reads the shard.
func (f *searchFlags) check() error {
	var err error
	f.shard, f.shards, err = arena.ParseShard(*f.shardText)
	switch {
	case err != nil:
		return fmt.Errorf("--shard %v", err)
	case *f.plies < 0 || *f.plies > 60:
		return fmt.Errorf("--plies %d: want 0 to 60", *f.plies)
	case *f.depth < 1 || *f.depth > 60:
		return fmt.Errorf("--depth %d: want 1 to 60", *f.depth)
	case *f.threads < 1 || *f.threads > 256:
		return fmt.Errorf("--threads %d: want 1 to 256", *f.threads)
	case !slices.Contains(engine.Probabilities(), *f.prob):
		return fmt.Errorf("--prob %d: want one of %v", *f.prob, engine.Probabilities())
	}
	return nil
}

// runEnded finishes the progress of a book build or deviation that
// returned err, and says how to go on when it was stopped.
func runEnded(ctx context.Context, e *cli.Env, prog *progress.Lazy, err error, searched int, work string) error {
	prog.Finish()
	if err != nil && (errors.Is(err, context.Canceled) || ctx.Err() != nil) {
		fmt.Fprintf(e.Stderr, "book: stopped; %d searches saved in %s this run: run the same command to go on\n", searched, work)
		return cli.ErrInterrupted
	}
	return err
}

func runBuild(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "book build", "--out book.bin --work DIR [--plies 16] [--min-games 10] [--depth 10] [--prob 87] [--shard i/n]", help("book"))
	out := fs.String("out", "book.bin", "the book to write (through a temporary file)")
	var sf searchFlags
	sf.add(fs, "book-work", 16, "positions after at most this many moves", "position", "")
	minGames := fs.Int("min-games", 10, "positions that at least this many games reached")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if err := sf.check(); err != nil {
		return err
	}
	if *minGames < 1 {
		return fmt.Errorf("--min-games %d: want 1 or more", *minGames)
	}
	plies, depth, work, shard, shards := sf.plies, sf.depth, sf.work, sf.shard, sf.shards
	notes := e.Notes(*out)
	games, err := train.WTHORGames(false, 1, 0)
	if err != nil {
		return err
	}
	search, params, err := sf.search()
	if err != nil {
		return err
	}
	prog := e.LazyProgress("book positions", "positions")
	start := time.Now()
	opts := book.BuildOptions{
		Plies: *plies, MinGames: *minGames, Shard: shard, Shards: shards, Work: *work,
		Params: params, Search: search, Progress: prog.Report,
	}
	fmt.Fprintf(e.Stderr, "book: %d games, positions up to %d moves reached by %d games or more, searched at depth %d, shard %d/%d, work folder %s\n",
		len(games), *plies, *minGames, *depth, shard, shards, *work)
	b, st, err := book.Build(ctx, games, opts)
	if err := runEnded(ctx, e, prog, err, st.Searched, *work); err != nil {
		return err
	}
	fmt.Fprintf(notes, "positions: %d (up to %d moves), this shard's %d, searched now %d in %s\n",
		st.Positions, st.Plies, st.Mine, st.Searched, time.Since(start).Round(time.Second))
	if b == nil {
		fmt.Fprintf(notes, "shard %d/%d done; %d positions are the other shards': gather every shard's values-*.txt in one folder and run this command there without --shard to write the book\n",
			shard, shards, st.Missing)
		return nil
	}
	data := b.Bytes()
	if err := book.WriteFile(*out, data); err != nil {
		return err
	}
	fmt.Fprintf(notes, "book: %s, %d positions, %d bytes\n", *out, b.Len(), len(data))
	return nil
}

func runDeviate(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "book deviate", "--out book.bin --work DIR [--book FILE] [--plies 12] [--margin 2] [--depth 10] [--prob 87] [--rounds 1] [--shard i/n]", help("book"))
	path := fs.String("book", "", "binary book to extend (default: the shipped book)")
	out := fs.String("out", "book.bin", "the book to write (through a temporary file)")
	var sf searchFlags
	sf.add(fs, "book-deviate-work", 12, "extend the book's positions after at most this many moves", "move", "; one round")
	margin := fs.Float64("margin", 2, "add the moves out of the book within this many discs of the best")
	rounds := fs.Int("rounds", 1, "rounds at most: each extends the positions that the previous one added")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if err := sf.check(); err != nil {
		return err
	}
	plies, depth, work, shard, shards := sf.plies, sf.depth, sf.work, sf.shard, sf.shards
	switch {
	case !(*margin >= 0 && *margin <= 128):
		return fmt.Errorf("--margin %v: want 0 to 128 discs", *margin)
	case *rounds < 1:
		return fmt.Errorf("--rounds %d: want 1 or more", *rounds)
	case shards > 1 && *rounds > 1:
		return fmt.Errorf("--rounds %d with --shard: a shard makes one round; merge the shards, then shard the next round on the book they made", *rounds)
	}
	notes := e.Notes(*out)
	b, err := book.Open(*path)
	if err != nil {
		return err
	}
	search, params, err := sf.search()
	if err != nil {
		return err
	}
	var prog *progress.Lazy // the round's
	round := 0
	start := time.Now()
	opts := book.DeviateOptions{
		Plies: *plies, Margin: *margin, Rounds: *rounds, Shard: shard, Shards: shards, Work: *work,
		Params: params, Search: search,
		Progress: func(r, done, total int) {
			if r != round {
				prog.Finish()
				round = r
				prog = e.LazyProgress(fmt.Sprintf("book deviations, round %d", r), "positions")
			}
			prog.Report(done, total)
		},
		RoundDone: func(r book.DeviateStats) {
			line := fmt.Sprintf("round %d: %d positions with moves out of the book, leading to %d positions, %d searched now; %d added, %d with a better move than their book moves",
				r.Rounds, r.Parents, r.Positions, r.Searched, r.Added, r.Improved)
			if prog != nil {
				prog.Line(line)
			} else {
				fmt.Fprintln(e.Stderr, line)
			}
		},
	}
	if d := b.Depth(); d != *depth {
		fmt.Fprintf(e.Stderr, "note: the book's values come from searches of depth %d or more, the deviations' from depth %d: values of searches of other depths compare less well (odd and even depths differ)\n", d, *depth)
	}
	fmt.Fprintf(e.Stderr, "book: %d positions, extended up to %d moves by the moves within %g discs of the best, searched at depth %d, %d round(s) at most, shard %d/%d, work folder %s\n",
		b.Len(), *plies, *margin, *depth, *rounds, shard, shards, *work)
	nb, st, err := book.Deviate(ctx, b, opts)
	if err := runEnded(ctx, e, prog, err, st.Searched, *work); err != nil {
		return err
	}
	fmt.Fprintf(notes, "rounds: %d; last round: %d positions up to %d moves with moves out of the book, leading to %d positions, this shard's %d; searched now %d in %s\n",
		st.Rounds, st.Parents, *plies, st.Positions, st.Mine, st.Searched, time.Since(start).Round(time.Second))
	if nb == nil {
		fmt.Fprintf(notes, "shard %d/%d done; %d positions are the other shards': gather every shard's deviations-*.txt in one folder and run this command there without --shard to write the book\n",
			shard, shards, st.Missing)
		return nil
	}
	fmt.Fprintf(notes, "added %d positions (%d positions found a better move than their book moves)\n", st.Added, st.Improved)
	data := nb.Bytes()
	if err := book.WriteFile(*out, data); err != nil {
		return err
	}
	fmt.Fprintf(notes, "book: %s, %d positions (up to %d moves), %d bytes\n", *out, nb.Len(), st.Plies, len(data))
	return nil
}
