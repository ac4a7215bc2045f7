// The merge subcommand: the records of the shards of a match or
// tournament, put together (arena.Merge).

package main

import (
	"context"
	"fmt"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
)

func runMerge(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "merge", "FILE.ggf... [--runs] [--out merged.ggf] [--anchor P]", help("merge"))
	out := fs.String("out", "", "write the merged games to this GGF file")
	anchor := fs.String("anchor", "", "player whose rating is 0 (default: random if it plays)")
	runs := fs.Bool("runs", false, "the files are separate runs: keep every game of each")
	files, rest := cli.Positional(fs, args, len(args))
	if err := cli.Parse(fs, rest); err != nil {
		return err
	}
	if len(files) == 0 {
		fmt.Fprintln(e.stderr, "reversi merge: no file given")
		fs.Usage()
		return cli.ErrUsage
	}
	m, err := arena.Merge(files, *runs)
	if err != nil {
		return err
	}
	for _, f := range m.Empty {
		fmt.Fprintf(e.stderr, "reversi merge: %s holds no game\n", f)
	}
	fmt.Fprintf(e.stdout, "%s from %s\n", counted(len(m.Games), "game"), counted(len(files), "file"))
	report, err := m.Report(*anchor)
	if err != nil {
		return err
	}
	fmt.Fprint(e.stdout, report)
	if *out != "" {
		if err := m.WriteGGF(*out); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "merged games: %s\n", *out)
	}
	return ctx.Err()
}
