// The merge subcommand: the records of the shards of a match or
// tournament, put together.

package main

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
)

func runMerge(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "merge", "FILE.ggf... [--runs] [--out merged.ggf] [--anchor P]", `
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
	var files []string
	var rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a != "" && a[0] != '-' && (i == 0 || !needsValue(fs, args[i-1])) {
			files = append(files, a)
			continue
		}
		rest = append(rest, a)
	}
	if err := parseFlags(fs, rest); err != nil {
		return err
	}
	if len(files) == 0 {
		fmt.Fprintln(e.stderr, "reversi merge: no file given")
		fs.Usage()
		return errUsage
	}
	games := map[int]*game.Game{}
	offset := 0 // with --runs, the number of the file's first game
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			return err
		}
		recs, err := arena.ReadRecords(f)
		if err != nil {
			return err
		}
		if *runs {
			last := -1
			for i, g := range recs {
				games[offset+i] = g
				last = max(last, i)
			}
			offset += last + 1
			continue
		}
		for i, g := range recs {
			if old, dup := games[i]; dup {
				if old.Transcript() != g.Transcript() || old.Info.Black != g.Info.Black || old.Info.White != g.Info.White {
					return fmt.Errorf("%s: game number %d differs from the game of that number in another file", f, i+1)
				}
				continue
			}
			games[i] = g
		}
	}
	indexes := make([]int, 0, len(games))
	for i := range games {
		indexes = append(indexes, i)
	}
	sort.Ints(indexes)
	// The players, in the order they first appear (Black of the first
	// game first: player A of a match).
	var names []string
	index := map[string]int{}
	add := func(n string) {
		if _, ok := index[n]; !ok {
			index[n] = len(names)
			names = append(names, n)
		}
	}
	for _, i := range indexes {
		g := games[i]
		if i%2 == 0 {
			add(g.Info.Black)
			add(g.Info.White)
		} else {
			add(g.Info.White)
			add(g.Info.Black)
		}
	}
	table := arena.NewTable(names)
	for _, i := range indexes {
		g := games[i]
		s, m := arena.ResultFor(g.Result, board.Black)
		table.Add(index[g.Info.Black], index[g.Info.White], s, m)
	}
	fmt.Fprintf(e.stdout, "%d games from %d files\n", len(indexes), len(files))
	if len(names) == 2 {
		fmt.Fprintf(e.stdout, "%s vs %s: %s\n", names[0], names[1], table.Scores[0][1])
	} else if len(names) > 2 {
		if *anchor == "" {
			if _, ok := index["random"]; ok {
				*anchor = "random"
			}
		}
		ratings, err := table.Ratings(*anchor)
		if err != nil {
			return err
		}
		fmt.Fprint(e.stdout, tournamentReport(table, ratings, *anchor, len(indexes)))
	}
	if *out != "" {
		var b strings.Builder
		for _, i := range indexes {
			g := games[i]
			g.Info.Round = strconv.Itoa(i + 1)
			b.WriteString(ggf.Format(g) + "\n")
		}
		if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "merged games: %s\n", *out)
	}
	return ctx.Err()
}
