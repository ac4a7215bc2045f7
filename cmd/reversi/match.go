// The match subcommand: two players, many games, the Elo difference.

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/plot"
	"github.com/reversi-engine/reversi/cmd/internal/shipped"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
)

// arenaOptions are the flags that match and tournament share.
type arenaOptions struct {
	openingsFile   string
	randomOpenings int
	moveTime       time.Duration
	gameTime       time.Duration
	increment      time.Duration
	depth          int
	level          int
	threads        int
	concurrency    int
	seed           uint64
	ruleName       string
	rule           game.Rule
	shard          string
	shardIndex     int
	shards         int
	// notes is where the command tells its user what is not a result:
	// the output of its flags, standard error.
	notes io.Writer
}

// register adds the shared flags to fs, and takes its output for the
// notes.
func (o *arenaOptions) register(fs *flag.FlagSet) {
	o.notes = fs.Output()
	fs.StringVar(&o.openingsFile, "openings", "xot", "openings: xot (the 10,784 XOT openings shipped with reversi) or a file of transcripts, one a line")
	fs.IntVar(&o.randomOpenings, "random-openings", 0, "instead, random openings of this many moves")
	fs.DurationVar(&o.moveTime, "time", time.Second, "time limit of a move (the engine players use it as their budget)")
	fs.DurationVar(&o.gameTime, "game-time", 0, "each side's clock for a whole game (0: none)")
	fs.DurationVar(&o.increment, "increment", 0, "added to a side's game clock after each of its moves, with --game-time (e.g. --game-time 5m --increment 3s)")
	fs.IntVar(&o.depth, "depth", 0, "search depth of the players that take one and name none")
	fs.IntVar(&o.level, "level", 0, "level of the engine players that name none")
	fs.IntVar(&o.threads, "threads", 1, "search threads of each engine player")
	fs.IntVar(&o.concurrency, "concurrency", 0, "games played at once (default: the cores divided by --threads)")
	fs.Uint64Var(&o.seed, "seed", 0, "seed of the openings' order and of every player (default: random, printed)")
	fs.StringVar(&o.ruleName, "rule", "standard", "rule variant: standard or no-adjacent")
	fs.StringVar(&o.shard, "shard", "", "i/n: play only the games whose index is i modulo n (0 <= i < n), to split a run over machines")
}

// check validates the shared flags after parsing.
func (o *arenaOptions) check(fs *flag.FlagSet) error {
	cli.DefaultSeed(fs, &o.seed)
	var err error
	if o.rule, err = game.ParseRule(o.ruleName); err != nil {
		return fmt.Errorf("--rule: %v", err)
	}
	switch {
	case o.moveTime <= 0:
		return fmt.Errorf("--time %v: want a positive duration", o.moveTime)
	case o.gameTime < 0:
		return fmt.Errorf("--game-time %v: want a positive duration or 0", o.gameTime)
	case o.threads < 1:
		return fmt.Errorf("--threads %d: want at least 1", o.threads)
	case o.concurrency < 0:
		return fmt.Errorf("--concurrency %d: want at least 1", o.concurrency)
	case o.depth < 0 || o.depth > 60:
		return fmt.Errorf("--depth %d: want 1 to 60", o.depth)
	case o.randomOpenings < 0 || o.randomOpenings > 40:
		return fmt.Errorf("--random-openings %d: want 1 to 40 moves", o.randomOpenings)
	}
	if err := cli.CheckIncrement(o.increment, o.gameTime); err != nil {
		return err
	}
	if o.concurrency == 0 {
		o.concurrency = max(runtime.NumCPU()/o.threads, 1)
	}
	if o.shardIndex, o.shards, err = arena.ParseShard(o.shard); err != nil {
		return fmt.Errorf("--shard %w", err)
	}
	return nil
}

// openings returns the openings of the flags (arena.OpeningSource), and
// their name.
func (o *arenaOptions) openings(e *env) ([]arena.Opening, string, error) {
	src := arena.OpeningSource{Random: o.randomOpenings, Name: o.openingsFile,
		Open: func(name string) (io.ReadCloser, string, error) { return cli.Open(e.stdin, name) }}
	all, source, err := src.Openings(o.rule, o.seed)
	if err != nil {
		return nil, "", fmt.Errorf("--openings: %w", err)
	}
	return all, source, nil
}

// tournament returns the run of the players of specs over openings,
// with the flags' settings, for the command name (match or tournament).
// If an engine among them has no opening book because the shipped one
// cannot be read, it says so first, once (shipped.NoteBook).
func (o *arenaOptions) tournament(name string, specs []string, openings []arena.Opening) *arena.Tournament {
	shipped.NoteBook(o.notes, specs...)
	return &arena.Tournament{
		Names: specs, Openings: openings, Rule: o.rule, MoveTime: o.moveTime, GameTime: o.gameTime, Increment: o.increment,
		Concurrency: o.concurrency, Seed: o.seed, Shard: o.shardIndex, Shards: o.shards,
		Event: fmt.Sprintf("reversi %s, seed %d", name, o.seed),
		New: func(which int, seat arena.Seat) (player.Player, error) {
			return catalog.New(specs[which], o.env(seat.Seed))
		},
	}
}

// env returns the catalog.Env of a seat.
func (o *arenaOptions) env(seed uint64) catalog.Env {
	return catalog.Env{Seed: seed, Level: o.level, Threads: o.threads, Depth: o.depth}
}

// clockOdds returns player B's own clock from the --b-* flags, and
// whether they give one: its per-move limit (--time's if not given), its
// game clock (--game-time's if only --b-increment is given, none if
// --b-time is given alone) and its increment.
func clockOdds(o arenaOptions, move, total, inc time.Duration) (referee.Clock, bool, error) {
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

func runMatch(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "match", "A B [--games N] [--openings FILE|--random-openings K] [--time T | --depth D] [--game-time G [--increment I]] [--concurrency N] [--seed S] [--out FILE.ggf] [--sprt elo0=0,elo1=10]", help("match"))
	var o arenaOptions
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
		fmt.Fprintln(e.stderr, "reversi match: want two players, e.g. reversi match engine roxanne")
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
	fmt.Fprintf(e.stdout, "%s vs %s: %s from %s, %s per move, %s rules, %d at a time, seed %d\n",
		specs[0], specs[1], counted(m.Scheduled(), "game"), source, o.moveTime, o.rule, o.concurrency, o.seed)
	if *out == "" {
		fmt.Fprintln(e.stdout, "the games are not saved (--out FILE.ggf saves them)")
	} else {
		fmt.Fprintf(e.stdout, "each game saved to %s as it ends\n", *out)
	}
	summary := m.MatchSummary(source, *sprtText)
	count := arena.MatchCount{SPRT: sprt}
	status := func() string { return count.Status(summary.Players) }
	results, err := runSeries(ctx, e, m, *out, count.Add, status)
	if results == nil && err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	count.Summarize(summary, results)
	fmt.Fprint(e.stdout, count.Report(summary))
	if *jsonPath != "" {
		if werr := arena.WriteJSON(*jsonPath, summary); werr != nil {
			return werr
		}
		fmt.Fprintf(e.stdout, "summary: %s\n", *jsonPath)
	}
	if *plotPath != "" {
		if perr := plot.Match(*plotPath, specs[0], specs[1], results); perr != nil {
			return perr
		}
		fmt.Fprintf(e.stdout, "plot: %s\n", *plotPath)
	}
	return seriesEnd(e, err)
}
