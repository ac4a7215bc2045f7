// The merge subcommand: the records of the shards of a match or
// tournament, put together (arena.Merge).

package arenacmd

import (
	"context"
	"fmt"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
)

// Merge runs reversi merge with args, the files and the flags: the
// records of the shards of a match or tournament (or, with --runs, of
// separate runs) put together, reported and written to --out.
func Merge(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "merge", "FILE.ggf... [--runs] [--out merged.ggf] [--anchor P]", help("merge"))
	out := fs.String("out", "", "write the merged games to this GGF file")
	anchor := fs.String("anchor", "", "player whose rating is 0 (default: random if it plays)")
	runs := fs.Bool("runs", false, "the files are separate runs: keep every game of each")
	files, rest := cli.Positional(fs, args, len(args))
	if err := cli.Parse(fs, rest); err != nil {
		return err
	}
	if len(files) == 0 {
		fmt.Fprintln(e.Stderr, "reversi merge: no file given")
		fs.Usage()
		return cli.ErrUsage
	}
	m, err := arena.Merge(files, *runs)
	if err != nil {
		return err
	}
	for _, f := range m.Empty {
		fmt.Fprintf(e.Stderr, "reversi merge: %s holds no game\n", f)
	}
	fmt.Fprintf(e.Stdout, "%s from %s\n", cli.Counted(len(m.Games), "game"), cli.Counted(len(files), "file"))
	report, err := m.Report(*anchor)
	if err != nil {
		return err
	}
	fmt.Fprint(e.Stdout, report)
	if *out != "" {
		if err := m.WriteGGF(*out); err != nil {
			return err
		}
		fmt.Fprintf(e.Stdout, "merged games: %s\n", *out)
	}
	return ctx.Err()
}
