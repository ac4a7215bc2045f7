// The entry of reversi play: its flags, and the options they make of a
// game's seats, clocks and start.

package playcmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/shipped"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
	"github.com/reversi-engine/reversi/textboard"
	"github.com/reversi-engine/reversi/tui"
)

// defaultLevel is the level of play's engine seats that name none, the
// default opponent's among them: the level of the web page's default
// opponent (web/static/start.js), a friendly one.
const defaultLevel = 4

// options are the flags of reversi play.
type options struct {
	black, white string
	moveTime     time.Duration
	untimed      [2]bool // the seats without a per-move limit: people, unless --time says
	gameTime     time.Duration
	increment    time.Duration
	rule         game.Rule
	seed         uint64
	games        int
	parallel     int
	start        *game.Game // the position (and opening moves) games start from
	quiet        bool
	level        int
	threads      int
	plain        bool     // the line mode even on a terminal
	lang         tui.Lang // of the full-screen UI
}

// Play runs reversi play with args, its flags: one game in the terminal,
// or with --games N many games between computer players.
func Play(ctx context.Context, e *cli.Env, args []string) error {
	o, err := parseFlags(e, args)
	if err != nil {
		return err
	}
	if o.games > 1 {
		return playMany(ctx, e, o)
	}
	return playOne(ctx, e, o)
}

// parseFlags reads and checks the command line of reversi play (both
// players' specs built once, to check them), and says on standard error
// if an engine seat has no opening book because the shipped one cannot be
// read (shipped.NoteBook).
func parseFlags(e *cli.Env, args []string) (options, error) {
	fs := cli.NewFlags(e.Stderr, "play", "[--black P] [--white P] [--time 60s] [--game-time 5m [--increment 3s]] [--rule no-adjacent] [--seed N] [--games N]", help("play"))
	var o options
	var ruleName, opening, startText string
	fs.StringVar(&o.black, "black", "human", "black player")
	fs.StringVar(&o.white, "white", "engine", "white player")
	fs.DurationVar(&o.moveTime, "time", 0, "time limit per move of every seat, 0 for none (default: 60s for a computer, none for a person)")
	fs.DurationVar(&o.gameTime, "game-time", 0, "each player's clock for the whole game (0 for none)")
	fs.DurationVar(&o.increment, "increment", 0, "added to a player's game clock after each of its moves, with --game-time (e.g. --game-time 5m --increment 3s)")
	fs.StringVar(&ruleName, "rule", "standard", "rule variant: standard, or no-adjacent (no move orthogonally next to the opponent's last move)")
	fs.Uint64Var(&o.seed, "seed", 0, "seed of every random choice, for a reproducible game (default: from the clock, and printed)")
	fs.IntVar(&o.games, "games", 1, "number of games; more than 1 plays them without display")
	fs.IntVar(&o.parallel, "parallel", runtime.NumCPU(), "games played at once with --games")
	fs.StringVar(&opening, "opening", "", "moves played before the game starts, as a transcript (e.g. f5d6c3)")
	fs.StringVar(&startText, "board", "", "start position: 64 squares A1..H8 (X, O, -) and the side to move")
	fs.BoolVar(&o.quiet, "quiet", false, "show only the result of a single game")
	fs.IntVar(&o.level, "level", defaultLevel, "level of the engine players that do not name one: 1 to 60 (see 'reversi help levels')")
	fs.BoolVar(&o.plain, "plain", false, "write the game line by line even on a terminal (as through a pipe)")
	langName := fs.String("lang", "", "language of the full-screen UI: en, zh-Hans or zh-Hant (default: from the locale)")
	fs.IntVar(&o.threads, "threads", 0, "search threads of the engine players that do not name them (default: all cores, or 1 a game with --games)")
	if err := cli.Parse(fs, args); err != nil {
		return options{}, err
	}
	cli.DefaultSeed(fs, &o.seed)
	var err error
	o.lang = tui.LangFromEnv(os.Getenv)
	if *langName != "" {
		if o.lang, err = tui.ParseLang(*langName); err != nil {
			return options{}, fmt.Errorf("--lang: %v", err)
		}
	}
	if o.rule, err = game.ParseRule(ruleName); err != nil {
		return options{}, fmt.Errorf("--rule: %v", err)
	}
	switch {
	case o.moveTime < 0:
		return options{}, fmt.Errorf("--time %v: want a positive duration, or 0 for no limit", o.moveTime)
	case !cli.Given(fs, "time"):
		o.moveTime = referee.DefaultMoveTime // the computers'
		o.untimed = o.humans()               // a person plays a casual game without a clock
	case o.moveTime == 0:
		o.moveTime = referee.NoLimit
	}
	if o.gameTime < 0 {
		return options{}, fmt.Errorf("--game-time %v: want a positive duration, or 0 for none", o.gameTime)
	}
	if err := cli.CheckIncrement(o.increment, o.gameTime); err != nil {
		return options{}, err
	}
	if o.games < 1 {
		return options{}, fmt.Errorf("--games %d: want at least 1", o.games)
	}
	if o.parallel < 1 {
		return options{}, fmt.Errorf("--parallel %d: want at least 1", o.parallel)
	}
	start, err := cli.Board(startText)
	if err != nil {
		return options{}, err
	}
	o.start = game.New(start, o.rule)
	if err := o.start.PlayTranscript(opening); err != nil {
		return options{}, fmt.Errorf("--opening: %v", err)
	}
	if _, err := engine.LevelSettings(o.level); err != nil {
		return options{}, fmt.Errorf("--level: %v", err)
	}
	if o.threads < 0 {
		return options{}, fmt.Errorf("--threads %d: want at least 1", o.threads)
	}
	if o.threads == 0 && o.games > 1 {
		o.threads = 1 // games run in parallel already
	}
	// Check both player specs before starting anything.
	for _, spec := range []string{o.black, o.white} {
		if _, err := newPlayer(e, e.Stdin, o, spec, 0); err != nil {
			return options{}, err
		}
	}
	if cli.Given(fs, "level") && !catalog.TakesLevel(o.black) && !catalog.TakesLevel(o.white) {
		return options{}, fmt.Errorf("--level %d: neither player is an engine without a level of its own (black %s, white %s); play the engine with --white engine --level %d", o.level, o.black, o.white, o.level)
	}
	shipped.NoteBook(e.Stderr, o.black, o.white)
	return o, nil
}

// newPlayer builds the player of a spec with the given seed, reading a
// human's input from in (nil for none) and writing to e's output.
func newPlayer(e *cli.Env, in io.Reader, o options, spec string, seed uint64) (player.Player, error) {
	return catalog.New(spec, catalog.Env{Seed: seed, In: in, Out: e.Stdout, Level: o.level, Threads: o.threads})
}

// humans says which seats are humans.
func (o options) humans() [2]bool {
	return [2]bool{catalog.IsHuman(o.black), catalog.IsHuman(o.white)}
}

// seatNames returns the names of the seats (textboard.SeatNames).
func (o options) seatNames(seats [2]player.Player) [2]string {
	return textboard.SeatNames([2]string{seats[0].Name(), seats[1].Name()}, o.humans())
}

// header writes the first line of a single game (textboard.WriteHeader).
func (o options) header(w io.Writer, names [2]string) {
	textboard.WriteHeader(w, names, o.rule, o.moveTimes(), o.seed)
}

// moveTimes are the time limits of each seat's moves, referee.NoLimit for
// none.
func (o options) moveTimes() [2]time.Duration {
	var d [2]time.Duration
	for c := range d {
		d[c] = o.moveTime
		if o.untimed[c] {
			d[c] = referee.NoLimit
		}
	}
	return d
}

// referee returns the referee's settings of a single game: its clocks
// (none for a person, unless --time says), and take-backs for a human against a computer (referee.TakeBacks).
func (o options) referee(observe func(referee.Event)) referee.Config {
	h := o.humans()
	return referee.Config{Game: o.start, MoveTime: o.moveTime, Untimed: o.untimed, GameTime: o.gameTime, Increment: o.increment,
		AllowUndo: referee.TakeBacks(h, [2]bool{!h[0], !h[1]}), Observe: observe}
}
