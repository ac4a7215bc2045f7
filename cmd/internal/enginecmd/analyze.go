// The analyze subcommand: the value of every legal move of a position.

package enginecmd

import (
	"context"
	"fmt"
	"io"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/shipped"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/textboard"
)

// Analyze runs reversi analyze with args, its flags: the value of every
// legal move of a position, from the engine or another player, with the
// book's moves merged in where the position is in its book.
func Analyze(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "analyze", `(--board "<64 squares> X|O" | --transcript f5d6c3...) [--depth N | --time T] [--player SPEC] [--book on|off]`, help("analyze"))
	boardText := fs.String("board", "", "the position: 64 squares and the side to move")
	transcript := fs.String("transcript", "", "the position: moves from the start, e.g. f5d6c3")
	depth := fs.Int("depth", 0, "midgame depth (default 10 unless --time is given)")
	limit := fs.Duration("time", 0, "time for the analysis (default: depth 10)")
	exact := fs.Int("exact", 20, "solve exactly with this many empty squares or fewer")
	spec := fs.String("player", "", "the analysing player (default: the engine with the settings above)")
	threads := fs.Int("threads", 0, "search threads (default: all cores)")
	bookMode := fs.String("book", "on", "on: in a position of the opening book (the shipped one, or the --player engine's book-file), its moves with their values, marked book; off: the analysis alone")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	g, err := cli.Position(*boardText, *transcript)
	if err != nil {
		return err
	}
	if *depth < 0 || *depth > 60 || *limit < 0 || *exact < 0 || *exact > 60 {
		return fmt.Errorf("--depth and --exact take 0 to 60, --time a positive duration")
	}
	if _, err := book.ParseMode(*bookMode); err != nil {
		return fmt.Errorf("--%v", err)
	}
	var p player.Player
	if *spec == "" {
		shipped.NoteEval(e.Stderr)
		p, err = engine.NewAnalyst(engine.AnalystOptions{Depth: *depth, Time: *limit, Exact: *exact, Threads: *threads, Eval: engine.DefaultEvaluator()})
	} else {
		p, err = catalog.New(*spec, catalog.Env{Seed: 1, Threads: *threads})
	}
	if err != nil {
		return err
	}
	b, bookName, err := analysisBook(e.Stderr, *spec, *bookMode, cli.Given(fs, "book"))
	if err != nil {
		return err
	}
	return textboard.Analyze(ctx, e.Stdout, p, g, b, bookName)
}

// shippedBookName names the shipped book in reversi analyze's table.
const shippedBookName = "the shipped opening book"

// analysisBook returns the opening book whose moves reversi analyze
// merges into the analysis of the player spec (our engine when spec is
// empty), and how its table names it. The book follows the player: the
// book file of an engine spec's book-file option, none with its
// book=off, the shipped book otherwise (shipped.Book: a shipped book that
// cannot be read is none, and w, standard error, says why). mode, the
// command's --book on|off, turns it off in every case; --book on given
// (given) with an engine spec's book=off is refused.
func analysisBook(w io.Writer, spec, mode string, given bool) (*book.Book, string, error) {
	on, err := book.ParseMode(mode)
	if err != nil {
		return nil, "", fmt.Errorf("--%v", err)
	}
	if !on {
		return nil, "", nil
	}
	_, off, file := catalog.EngineBook(spec)
	switch {
	case off && given:
		return nil, "", fmt.Errorf("--book on with the player %q, whose book is off (book=off): give one or the other", spec)
	case off:
		return nil, "", nil
	case file != "":
		b, err := book.ReadFile(file)
		if err != nil {
			return nil, "", fmt.Errorf("--player %s: book-file: %v", spec, err)
		}
		return b, "the opening book " + file, nil
	}
	b, _, err := shipped.Book(w, "on")
	return b, shippedBookName, err
}
