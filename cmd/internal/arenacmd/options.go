// The flags that match and tournament share, and the run of players
// they make.

package arenacmd

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/shipped"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// options are the flags that match and tournament share.
type options struct {
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
func (o *options) register(fs *flag.FlagSet) {
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
func (o *options) check(fs *flag.FlagSet) error {
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
func (o *options) openings(e *cli.Env) ([]arena.Opening, string, error) {
	src := arena.OpeningSource{Random: o.randomOpenings, Name: o.openingsFile,
		Open: func(name string) (io.ReadCloser, string, error) { return cli.Open(e.Stdin, name) }}
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
func (o *options) tournament(name string, specs []string, openings []arena.Opening) *arena.Tournament {
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
func (o *options) env(seed uint64) catalog.Env {
	return catalog.Env{Seed: seed, Level: o.level, Threads: o.threads, Depth: o.depth}
}
