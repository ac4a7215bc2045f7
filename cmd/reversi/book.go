// The book subcommand: build the opening book from the shipped games,
// extend it by deviations, show a position's book moves, export and
// import the text format.

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/progress"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/textboard"
	"github.com/reversi-engine/reversi/train"
)

const bookUsage = `build|deviate|show|export|import|openings|coverage [flags]`

func runBook(ctx context.Context, e *env, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintf(e.stderr, "Usage: reversi book %s\n\n%s", bookUsage, help("book"))
		if len(args) == 0 {
			return cli.ErrUsage
		}
		return nil
	}
	switch args[0] {
	case "build":
		return runBookBuild(ctx, e, args[1:])
	case "deviate":
		return runBookDeviate(ctx, e, args[1:])
	case "show":
		return runBookShow(e, args[1:])
	case "export":
		return runBookExport(e, args[1:])
	case "import":
		return runBookImport(e, args[1:])
	case "openings":
		return runBookOpenings(e, args[1:])
	case "coverage":
		return runBookCoverage(e, args[1:])
	}
	fmt.Fprintf(e.stderr, "reversi book: unknown command %q: want build, deviate, show, export, import, openings or coverage\n", args[0])
	return cli.ErrUsage
}

// bookSearchFlags are the options that book build and book deviate share:
// the work folder, the plies, the search and the shard.
type bookSearchFlags struct {
	work                  *string
	plies, depth, threads *int
	prob                  *int
	shardText             *string
	shard, shards         int
}

// add defines the flags on fs, with the defaults and words of one command
// (what is searched: a "position" or a "move").
func (f *bookSearchFlags) add(fs *flag.FlagSet, work string, plies int, pliesHelp, what, shardNote string) {
	f.work = fs.String("work", work, "folder of the searches made so far (resumable)")
	f.plies = fs.Int("plies", plies, pliesHelp)
	f.depth = fs.Int("depth", 10, "depth of the engine's search of each "+what)
	f.prob = fs.Int("prob", engine.DefaultProbability, "confidence of the searches' selective cuts, in percent (100: full width)")
	f.threads = fs.Int("threads", 1, "threads of each search")
	f.shardText = fs.String("shard", "", "i/n: search only share i of n of the positions (0 <= i < n"+shardNote+")")
}

// search returns the engine's search of the flags (train.BookSearch) and
// its name.
func (f *bookSearchFlags) search() (func(context.Context, board.Board) (float64, int, error), string, error) {
	return train.BookSearch(*f.depth, *f.prob, *f.threads)
}

// check refuses values out of range and reads the shard.
func (f *bookSearchFlags) check() error {
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

// bookRunEnded finishes the progress of a book build or deviation that
// returned err, and says how to go on when it was stopped.
func bookRunEnded(ctx context.Context, e *env, prog *progress.Lazy, err error, searched int, work string) error {
	prog.Finish()
	if err != nil && (errors.Is(err, context.Canceled) || ctx.Err() != nil) {
		fmt.Fprintf(e.stderr, "book: stopped; %d searches saved in %s this run: run the same command to go on\n", searched, work)
		return errInterrupted
	}
	return err
}

func runBookBuild(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "book build", "--out book.bin --work DIR [--plies 16] [--min-games 10] [--depth 10] [--prob 87] [--shard i/n]", help("book"))
	out := fs.String("out", "book.bin", "the book to write (through a temporary file)")
	var sf bookSearchFlags
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
	notes := e.notes(*out)
	games, err := train.WTHORGames(false, 1, 0)
	if err != nil {
		return err
	}
	search, params, err := sf.search()
	if err != nil {
		return err
	}
	prog := newLazyProgress(e, "book positions", "positions")
	start := time.Now()
	opts := book.BuildOptions{
		Plies: *plies, MinGames: *minGames, Shard: shard, Shards: shards, Work: *work,
		Params: params, Search: search, Progress: prog.Report,
	}
	fmt.Fprintf(e.stderr, "book: %d games, positions up to %d moves reached by %d games or more, searched at depth %d, shard %d/%d, work folder %s\n",
		len(games), *plies, *minGames, *depth, shard, shards, *work)
	b, st, err := book.Build(ctx, games, opts)
	if err := bookRunEnded(ctx, e, prog, err, st.Searched, *work); err != nil {
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

func runBookDeviate(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "book deviate", "--out book.bin --work DIR [--book FILE] [--plies 12] [--margin 2] [--depth 10] [--prob 87] [--rounds 1] [--shard i/n]", help("book"))
	path := fs.String("book", "", "binary book to extend (default: the shipped book)")
	out := fs.String("out", "book.bin", "the book to write (through a temporary file)")
	var sf bookSearchFlags
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
	notes := e.notes(*out)
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
				prog = newLazyProgress(e, fmt.Sprintf("book deviations, round %d", r), "positions")
			}
			prog.Report(done, total)
		},
		RoundDone: func(r book.DeviateStats) {
			line := fmt.Sprintf("round %d: %d positions with moves out of the book, leading to %d positions, %d searched now; %d added, %d with a better move than their book moves",
				r.Rounds, r.Parents, r.Positions, r.Searched, r.Added, r.Improved)
			if prog != nil {
				prog.Line(line)
			} else {
				fmt.Fprintln(e.stderr, line)
			}
		},
	}
	if d := b.Depth(); d != *depth {
		fmt.Fprintf(e.stderr, "note: the book's values come from searches of depth %d or more, the deviations' from depth %d: values of searches of other depths compare less well (odd and even depths differ)\n", d, *depth)
	}
	fmt.Fprintf(e.stderr, "book: %d positions, extended up to %d moves by the moves within %g discs of the best, searched at depth %d, %d round(s) at most, shard %d/%d, work folder %s\n",
		b.Len(), *plies, *margin, *depth, *rounds, shard, shards, *work)
	nb, st, err := book.Deviate(ctx, b, opts)
	if err := bookRunEnded(ctx, e, prog, err, st.Searched, *work); err != nil {
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

func runBookShow(e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "book show", `[--book FILE] [--transcript f5d6 | --board "<64 squares> X|O"]`, "The book moves of a position (the start by default), best first; if the side to move must pass, the other side's after the pass.")
	path := fs.String("book", "", "binary book file (default: the shipped book)")
	transcript := fs.String("transcript", "", "the position: moves from the start, e.g. f5d6")
	boardText := fs.String("board", "", `the position: "<64 squares> X|O"`)
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	g := game.NewStandard()
	if *transcript != "" || *boardText != "" {
		var err error
		if g, err = cli.Position(*boardText, *transcript); err != nil {
			return err
		}
	}
	b, err := book.Open(*path)
	if err != nil {
		return err
	}
	return textboard.WriteBookMoves(e.stdout, b, g)
}

func runBookCoverage(e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "book coverage", "[--book FILE] [--training]",
		"How long the held-out WTHOR games (2015, which no book is built from) stay in the book: the moves from the start while every position reached is one of the book's.")
	path := fs.String("book", "", "binary book file (default: the shipped book)")
	training := fs.Bool("training", false, "the games of every year but the held-out one (the book's own games)")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	b, err := book.Open(*path)
	if err != nil {
		return err
	}
	games, err := train.WTHORGames(!*training, 1, 0)
	if err != nil {
		return err
	}
	if len(games) == 0 {
		return fmt.Errorf("no WTHOR games to measure")
	}
	c := book.Measure(b, games)
	name := "the shipped book"
	if *path != "" {
		name = *path
	}
	which := fmt.Sprintf("held-out WTHOR games (%d)", train.HeldOutYear)
	if *training {
		which = fmt.Sprintf("WTHOR games of every year but %d", train.HeldOutYear)
	}
	fmt.Fprintf(e.stdout, "%s: %d positions\n", name, b.Len())
	fmt.Fprintf(e.stdout, "%d %s: in the book for %.2f moves on average\n", len(games), which, c.Mean())
	return c.WriteTable(e.stdout)
}

func runBookExport(e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "book export", "[--book FILE] [--out FILE.txt]", "The book in the text format (see package book).")
	path := fs.String("book", "", "binary book file (default: the shipped book)")
	out := fs.String("out", "", "text file to write (default: standard output)")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	b, err := book.Open(*path)
	if err != nil {
		return err
	}
	if *out == "" {
		return b.WriteText(e.stdout)
	}
	notes := e.notes(*out) // before the file replaces what *out names
	if err := b.WriteTextFile(*out); err != nil {
		return err
	}
	fmt.Fprintf(notes, "%s: %d positions\n", *out, b.Len())
	return nil
}

func runBookImport(e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "book import", "--in FILE --out book.bin", "A book in the text format (see package book), or an Edax book (.dat, told by its first bytes), to the binary format.")
	in := fs.String("in", "", "book to read: text or Edax .dat (- for standard input)")
	out := fs.String("out", "", "binary book to write (through a temporary file)")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if *in == "" || *out == "" {
		return errors.New("give --in FILE (text or Edax .dat) and --out book.bin")
	}
	var r io.Reader = e.stdin
	if *in != "-" {
		f, err := os.Open(*in)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	s, err := book.Read(r)
	if err != nil {
		return fmt.Errorf("%s: %v", *in, err)
	}
	b := s.Book()
	notes := e.notes(*out) // before the file replaces what *out names
	if err := book.WriteFile(*out, b.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(notes, "%s: %d positions\n", *out, b.Len())
	return nil
}

func runBookOpenings(e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "book openings", "[--plies 6] [--min-games 1] [--training] [--out FILE.txt]",
		"The positions after --plies moves of the held-out WTHOR games, each once up to symmetry, most played first: openings for 'reversi match --openings' that measure a book on real games it was not built from.")
	plies := fs.Int("plies", 6, "moves of each opening (1 to 60)")
	minGames := fs.Int("min-games", 1, "keep the positions that at least this many games reached")
	training := fs.Bool("training", false, "the games of every year but the held-out one (the book's own games)")
	out := fs.String("out", "", "file of transcripts to write, through a temporary file (default: standard output)")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	all, err := train.WTHORBeginnings(!*training, *plies, *minGames)
	if err != nil {
		return err
	}
	if len(all) == 0 {
		return fmt.Errorf("no position after %d moves was reached by at least %d games", *plies, *minGames)
	}
	text, games := train.OpeningsFile(all, *plies, *minGames, *training)
	if *out == "" {
		_, err := io.WriteString(e.stdout, text)
		return err
	}
	notes := e.notes(*out) // before the file replaces what *out names
	if err := book.WriteFile(*out, []byte(text)); err != nil {
		return err
	}
	fmt.Fprintf(notes, "%s: %d openings of %d moves from %d games\n", *out, len(all), *plies, games)
	return nil
}
