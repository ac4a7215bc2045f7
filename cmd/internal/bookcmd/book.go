// The book subcommand: build the opening book from the shipped games,
// extend it by deviations, show a position's book moves, export and
// import the text format.

package bookcmd

import (
	"context"
	"fmt"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
)

// usage is the usage line of reversi book, after its name.
const usage = `build|deviate|show|export|import|openings|coverage [flags]`

// Book runs reversi book with args, the words after "book": the
// subcommand (build, deviate, show, export, import, openings, coverage)
// and its flags. Without one, or with -h, it prints the usage; without
// one it returns cli.ErrUsage.
func Book(ctx context.Context, e *cli.Env, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintf(e.Stderr, "Usage: reversi book %s\n\n%s", usage, help("book"))
		if len(args) == 0 {
			return cli.ErrUsage
		}
		return nil
	}
	switch args[0] {
	case "build":
		return runBuild(ctx, e, args[1:])
	case "deviate":
		return runDeviate(ctx, e, args[1:])
	case "show":
		return runShow(e, args[1:])
	case "export":
		return runExport(e, args[1:])
	case "import":
		return runImport(e, args[1:])
	case "openings":
		return runOpenings(e, args[1:])
	case "coverage":
		return runCoverage(e, args[1:])
	}
	fmt.Fprintf(e.Stderr, "reversi book: unknown command %q: want build, deviate, show, export, import, openings or coverage\n", args[0])
	return cli.ErrUsage
}
