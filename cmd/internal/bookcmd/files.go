// The book's commands that search nothing: show a position's book moves,
// measure its coverage, export and import the text format, write the
// openings of held-out games.

package bookcmd

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/textboard"
	"github.com/reversi-engine/reversi/train"
)

func runShow(e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "book show", `[--book FILE] [--transcript f5d6 | --board "<64 squares> X|O"]`, "The book moves of a position (the start by default), best first; if the side to move must pass, the other side's after the pass.")
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
	return textboard.WriteBookMoves(e.Stdout, b, g)
}

func runCoverage(e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "book coverage", "[--book FILE] [--training]",
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
	fmt.Fprintf(e.Stdout, "%s: %d positions\n", name, b.Len())
	fmt.Fprintf(e.Stdout, "%d %s: in the book for %.2f moves on average\n", len(games), which, c.Mean())
	return c.WriteTable(e.Stdout)
}

func runExport(e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "book export", "[--book FILE] [--out FILE.txt]", "The book in the text format (see package book).")
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
		return b.WriteText(e.Stdout)
	}
	notes := e.Notes(*out) // before the file replaces what *out names
	if err := b.WriteTextFile(*out); err != nil {
		return err
	}
	fmt.Fprintf(notes, "%s: %d positions\n", *out, b.Len())
	return nil
}

func runImport(e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "book import", "--in FILE --out book.bin", "A book in the text format (see package book), or an Edax book (.dat, told by its first bytes), to the binary format.")
	in := fs.String("in", "", "book to read: text or Edax .dat (- for standard input)")
	out := fs.String("out", "", "binary book to write (through a temporary file)")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if *in == "" || *out == "" {
		return errors.New("give --in FILE (text or Edax .dat) and --out book.bin")
	}
	var r io.Reader = e.Stdin
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
	notes := e.Notes(*out) // before the file replaces what *out names
	if err := book.WriteFile(*out, b.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(notes, "%s: %d positions\n", *out, b.Len())
	return nil
}

func runOpenings(e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "book openings", "[--plies 6] [--min-games 1] [--training] [--out FILE.txt]",
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
		_, err := io.WriteString(e.Stdout, text)
		return err
	}
	notes := e.Notes(*out) // before the file replaces what *out names
	if err := book.WriteFile(*out, []byte(text)); err != nil {
		return err
	}
	fmt.Fprintf(notes, "%s: %d openings of %d moves from %d games\n", *out, len(all), *plies, games)
	return nil
}
