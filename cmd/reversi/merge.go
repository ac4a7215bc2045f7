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
	fs := cli.NewFlags(e.stderr, "merge", "FILE.ggf... [--runs] [--out merged.ggf] [--anchor P]", `
Puts together the GGF records of the shards of a match or a tournament
(reversi match/tournament --shard i/n --out shard-i.ggf): every game once,
by its number. A game number found in two files with different games is
an error. With --runs the files are separate runs instead (e.g. the same
players with other seeds, so other openings): every game of every file
counts, numbered one file after the other. Prints the result: for two
players, the score of the first (who played Black in game 1) with the Elo
difference; for more, the rating list and the crosstable.`)
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
