// The tournament subcommand: a round robin between several players, a
// crosstable and a rating list.

package arenacmd

import (
	"context"
	"errors"
	"fmt"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/plot"
)

// Tournament runs reversi tournament with args, its flags: a round robin
// between the players of --players, with a crosstable and a rating list,
// recorded in --out and resumed from it.
func Tournament(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "tournament", "--players P1,P2,P3... [--rounds R] [--anchor P] [--time T] [--game-time G [--increment I]] [--out FILE.ggf] [--plot ratings.png]", help("tournament"))
	var o options
	o.register(fs)
	playerList := fs.String("players", "", "the players, separated by ',' (or ';' if their specs hold commas)")
	rounds := fs.Int("rounds", 10, "openings per pairing (each played twice)")
	anchor := fs.String("anchor", "", "player whose rating is 0 (default: random if it plays, else the mean is 0)")
	out := fs.String("out", "", "GGF file of the games (appended; resumed if it exists)")
	plotPath := fs.String("plot", "", "plot of the ratings with error bars (.png or .svg)")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if err := o.check(fs); err != nil {
		return err
	}
	specs := catalog.SplitSpecs(*playerList)
	if len(specs) < 2 {
		return fmt.Errorf("--players: want at least two players, e.g. --players random,greedy,roxanne")
	}
	if err := arena.CheckNames(specs); err != nil {
		return fmt.Errorf("--players: %w", err)
	}
	if *rounds < 1 {
		return fmt.Errorf("--rounds %d: want at least 1", *rounds)
	}
	var err error
	if *anchor, err = arena.Anchor(specs, *anchor); err != nil {
		return fmt.Errorf("--anchor %w", err)
	}
	if *plotPath != "" {
		if err := plot.CheckPath(*plotPath); err != nil {
			return fmt.Errorf("--plot %w", err)
		}
	}
	if err := catalog.Check(specs, o.env(1)); err != nil {
		return err
	}
	all, source, err := o.openings(e)
	if err != nil {
		return err
	}
	t := o.tournament("tournament", specs, arena.Choose(all, *rounds, o.seed))
	fmt.Fprintf(e.Stdout, "round robin of %d players: %s from %s, %s per move, %s rules, %d at a time, seed %d\n",
		len(specs), cli.Counted(t.Scheduled(), "game"), source, o.moveTime, o.rule, o.concurrency, o.seed)
	table := arena.NewTable(specs)
	results, err := runSeries(ctx, e, t, *out, func(r arena.Result) bool {
		a, m := r.ForA()
		table.Add(r.Players[0], r.Players[1], a, m)
		return true
	}, func() string { return table.Leader(*anchor) })
	if results == nil && err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	ratings, rerr := table.Ratings(*anchor)
	if rerr != nil {
		return rerr
	}
	report := table.Report(ratings, *anchor, len(results)) + arena.RepeatNote(arena.DistinctGames(arena.ResultGames(results)), len(results))
	fmt.Fprint(e.Stdout, report)
	if *out != "" {
		base, werr := arena.WriteResults(*out, t.Summarize(table, ratings, *anchor, source), report)
		if werr != nil {
			return werr
		}
		fmt.Fprintf(e.Stdout, "results: %s.json, %s.txt\n", base, base)
	}
	if *plotPath != "" {
		title := "Elo ratings"
		if *anchor != "" {
			title += " (" + *anchor + " = 0)"
		}
		if perr := plot.Ratings(*plotPath, title, ratings); perr != nil {
			return perr
		}
		fmt.Fprintf(e.Stdout, "plot: %s\n", *plotPath)
	}
	return seriesEnd(e, err)
}
