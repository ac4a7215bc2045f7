// The match subcommand: two players, many games, the Elo difference.

package arenacmd

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/plot"
	"github.com/reversi-engine/reversi/referee"
)

// clockOdds returns player B's own clock from the --b-* flags, and
// whether they give one: its per-move limit (--time's if not given), its
// game clock (--game-time's if only --b-increment is given, none if
// --b-time is given alone) and its increment.
func clockOdds(o options, move, total, inc time.Duration) (referee.Clock, bool, error) {
	switch {
	case move < 0:
		return referee.Clock{}, false, fmt.Errorf("--b-time %v: want a positive duration", move)
	case total < 0:
		return referee.Clock{}, false, fmt.Errorf("--b-game-time %v: want a positive duration", total)
	case move == 0 && total == 0 && inc == 0:
		return referee.Clock{}, false, nil
	}
	c := arena.OddsClock(referee.Clock{MoveTime: o.moveTime, GameTime: o.gameTime}, move, total, inc)
	switch {
	case inc < 0:
		return referee.Clock{}, false, fmt.Errorf("--b-increment %v: want a positive duration, or 0 for none", inc)
	case inc > 0 && c.GameTime == 0:
		return referee.Clock{}, false, fmt.Errorf("--b-increment %v: it adds to B's game clock after each move; give --b-game-time too", inc)
	}
	return c, true, nil
}

// Match runs reversi match with args, the two players and the flags: A
// against B over many games, each opening played twice with colours
// swapped, the score, Elo and SPRT as it goes, the games recorded in
// --out and resumed from it.
func Match(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "match", "A B [--games N] [--openings FILE|--random-openings K] [--time T | --depth D] [--game-time G [--increment I]] [--concurrency N] [--seed S] [--out FILE.ggf] [--sprt elo0=0,elo1=10]", help("match"))
	var o options
	o.register(fs)
	bTime := fs.Duration("b-time", 0, "player B's own time limit of a move (time odds; 0: --time)")
	bGameTime := fs.Duration("b-game-time", 0, "player B's own game clock (time odds; 0: --game-time, or none with --b-time)")
	bIncrement := fs.Duration("b-increment", 0, "player B's own increment, with --b-game-time")
	games := fs.Int("games", 100, "number of games (rounded up to an even number)")
	out := fs.String("out", "", "GGF file of the games (appended; resumed if it exists)")
	jsonPath := fs.String("json", "", "JSON summary (default: the --out file with .json)")
	sprtText := fs.String("sprt", "", "sequential test, e.g. elo0=0,elo1=10,alpha=0.05,beta=0.05")
	plotPath := fs.String("plot", "", "plot of A's score over the games (.png or .svg)")
	specs, rest := cli.Positional(fs, args, 2)
	if err := cli.Parse(fs, rest); err != nil {
		return err
	}
	if len(specs) != 2 {
		fmt.Fprintln(e.Stderr, "reversi match: want two players, e.g. reversi match engine roxanne")
		fs.Usage()
		return cli.ErrUsage
	}
	if err := o.check(fs); err != nil {
		return err
	}
	if *games < 1 {
		return fmt.Errorf("--games %d: want at least 1", *games)
	}
	if *plotPath != "" {
		if err := plot.CheckPath(*plotPath); err != nil {
			return fmt.Errorf("--plot %w", err)
		}
	}
	var sprt *arena.SPRT
	if *sprtText != "" {
		t, err := arena.ParseSPRT(*sprtText)
		if err != nil {
			return fmt.Errorf("--sprt: %v", err)
		}
		sprt = &t
	}
	if err := catalog.Check(specs, o.env(1)); err != nil {
		return err
	}
	all, source, err := o.openings(e)
	if err != nil {
		return err
	}
	m := o.tournament("match", specs, arena.Choose(all, (*games+1)/2, o.seed))
	if odds, ok, err := clockOdds(o, *bTime, *bGameTime, *bIncrement); err != nil {
		return err
	} else if ok {
		m.Odds = map[int]referee.Clock{1: odds}
	}

	if *out != "" && *jsonPath == "" {
		*jsonPath = arena.SummaryFile(*out)
	}
	fmt.Fprintf(e.Stdout, "%s vs %s: %s from %s, %s per move, %s rules, %d at a time, seed %d\n",
		specs[0], specs[1], cli.Counted(m.Scheduled(), "game"), source, o.moveTime, o.rule, o.concurrency, o.seed)
	if *out == "" {
		fmt.Fprintln(e.Stdout, "the games are not saved (--out FILE.ggf saves them)")
	} else {
		fmt.Fprintf(e.Stdout, "each game saved to %s as it ends\n", *out)
	}
	summary := m.MatchSummary(source, *sprtText)
	count := arena.MatchCount{SPRT: sprt}
	status := func() string { return count.Status(summary.Players) }
	results, err := runSeries(ctx, e, m, *out, count.Add, status)
	if results == nil && err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	count.Summarize(summary, results)
	fmt.Fprint(e.Stdout, count.Report(summary))
	if *jsonPath != "" {
		if werr := arena.WriteJSON(*jsonPath, summary); werr != nil {
			return werr
		}
		fmt.Fprintf(e.Stdout, "summary: %s\n", *jsonPath)
	}
	if *plotPath != "" {
		if perr := plot.Match(*plotPath, specs[0], specs[1], results); perr != nil {
			return perr
		}
		fmt.Fprintf(e.Stdout, "plot: %s\n", *plotPath)
	}
	return seriesEnd(e, err)
}
