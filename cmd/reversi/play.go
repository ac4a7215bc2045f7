// The play subcommand: a game in the terminal, or many games between
// computer players.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/shipped"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/player/human"
	"github.com/reversi-engine/reversi/referee"
	"github.com/reversi-engine/reversi/textboard"
	"github.com/reversi-engine/reversi/tui"
)

// defaultLevel is the level of play's engine seats that name none, the
// default opponent's among them: the level of the web page's default
// opponent (web/static/start.js), a friendly one.
const defaultLevel = 4

// playOptions are the flags of reversi play.
type playOptions struct {
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

func runPlay(ctx context.Context, e *env, args []string) error {
	o, err := playFlags(e, args)
	if err != nil {
		return err
	}
	if o.games > 1 {
		return playMany(ctx, e, o)
	}
	return playOne(ctx, e, o)
}

// playFlags reads and checks the command line of reversi play (both
// players' specs built once, to check them), and says on standard error
// if an engine seat has no opening book because the shipped one cannot be
// read (shipped.NoteBook).
func playFlags(e *env, args []string) (playOptions, error) {
	fs := cli.NewFlags(e.stderr, "play", "[--black P] [--white P] [--time 60s] [--game-time 5m [--increment 3s]] [--rule no-adjacent] [--seed N] [--games N]", help("play"))
	var o playOptions
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
		return playOptions{}, err
	}
	cli.DefaultSeed(fs, &o.seed)
	var err error
	o.lang = tui.LangFromEnv(os.Getenv)
	if *langName != "" {
		if o.lang, err = tui.ParseLang(*langName); err != nil {
			return playOptions{}, fmt.Errorf("--lang: %v", err)
		}
	}
	if o.rule, err = game.ParseRule(ruleName); err != nil {
		return playOptions{}, fmt.Errorf("--rule: %v", err)
	}
	switch {
	case o.moveTime < 0:
		return playOptions{}, fmt.Errorf("--time %v: want a positive duration, or 0 for no limit", o.moveTime)
	case !cli.Given(fs, "time"):
		o.moveTime = referee.DefaultMoveTime // the computers'
		o.untimed = o.humans()               // a person plays a casual game without a clock
	case o.moveTime == 0:
		o.moveTime = referee.NoLimit
	}
	if o.gameTime < 0 {
		return playOptions{}, fmt.Errorf("--game-time %v: want a positive duration, or 0 for none", o.gameTime)
	}
	if err := checkIncrement(o.increment, o.gameTime); err != nil {
		return playOptions{}, err
	}
	if o.games < 1 {
		return playOptions{}, fmt.Errorf("--games %d: want at least 1", o.games)
	}
	if o.parallel < 1 {
		return playOptions{}, fmt.Errorf("--parallel %d: want at least 1", o.parallel)
	}
	start, err := cli.Board(startText)
	if err != nil {
		return playOptions{}, err
	}
	o.start = game.New(start, o.rule)
	if err := o.start.PlayTranscript(opening); err != nil {
		return playOptions{}, fmt.Errorf("--opening: %v", err)
	}
	if _, err := engine.LevelSettings(o.level); err != nil {
		return playOptions{}, fmt.Errorf("--level: %v", err)
	}
	if o.threads < 0 {
		return playOptions{}, fmt.Errorf("--threads %d: want at least 1", o.threads)
	}
	if o.threads == 0 && o.games > 1 {
		o.threads = 1 // games run in parallel already
	}
	// Check both player specs before starting anything.
	for _, spec := range []string{o.black, o.white} {
		if _, err := newPlayer(e, e.stdin, o, spec, 0); err != nil {
			return playOptions{}, err
		}
	}
	if cli.Given(fs, "level") && !catalog.TakesLevel(o.black) && !catalog.TakesLevel(o.white) {
		return playOptions{}, fmt.Errorf("--level %d: neither player is an engine without a level of its own (black %s, white %s); play the engine with --white engine --level %d", o.level, o.black, o.white, o.level)
	}
	shipped.NoteBook(e.stderr, o.black, o.white)
	return o, nil
}

// checkIncrement checks the --increment of a command line: it adds to a
// game clock (--game-time), and is not negative.
func checkIncrement(inc, gameTime time.Duration) error {
	switch {
	case inc < 0:
		return fmt.Errorf("--increment %v: want a positive duration, or 0 for none", inc)
	case inc > 0 && gameTime == 0:
		return fmt.Errorf("--increment %v: it adds to a game clock after each move; give --game-time too (e.g. --game-time 5m --increment %v)", inc, inc)
	}
	return nil
}

// newPlayer builds the player of a spec with the given seed, reading a
// human's input from in (nil for none) and writing to e's output.
func newPlayer(e *env, in io.Reader, o playOptions, spec string, seed uint64) (player.Player, error) {
	return catalog.New(spec, catalog.Env{Seed: seed, In: in, Out: e.stdout, Level: o.level, Threads: o.threads})
}

// humans says which seats are humans.
func (o playOptions) humans() [2]bool {
	return [2]bool{catalog.IsHuman(o.black), catalog.IsHuman(o.white)}
}

// seatNames returns the names of the seats (textboard.SeatNames).
func (o playOptions) seatNames(seats [2]player.Player) [2]string {
	return textboard.SeatNames([2]string{seats[0].Name(), seats[1].Name()}, o.humans())
}

// header writes the first line of a single game (textboard.WriteHeader).
func (o playOptions) header(w io.Writer, names [2]string) {
	textboard.WriteHeader(w, names, o.rule, o.moveTimes(), o.seed)
}

// moveTimes are the time limits of each seat's moves, referee.NoLimit for
// none.
func (o playOptions) moveTimes() [2]time.Duration {
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
func (o playOptions) referee(observe func(referee.Event)) referee.Config {
	h := o.humans()
	return referee.Config{Game: o.start, MoveTime: o.moveTime, Untimed: o.untimed, GameTime: o.gameTime, Increment: o.increment,
		AllowUndo: referee.TakeBacks(h, [2]bool{!h[0], !h[1]}), Observe: observe}
}

func playOne(ctx context.Context, e *env, o playOptions) error {
	if !o.plain && !o.quiet && cli.IsTerminal(e.stdin) && cli.IsTerminal(e.stdout) {
		return playScreen(ctx, e, o)
	}
	in := human.NewInput(e.stdin) // one reader for both seats if both are human
	black, err := newPlayer(e, in, o, o.black, arena.GameSeed(o.seed, 0, board.Black))
	if err != nil {
		return err
	}
	white, err := newPlayer(e, in, o, o.white, arena.GameSeed(o.seed, 0, board.White))
	if err != nil {
		return err
	}
	humans := o.humans()
	names := o.seatNames([2]player.Player{black, white})
	o.header(e.stdout, names)
	g, err := referee.Play(ctx, black, white, o.referee(textboard.Lines(e.stdout, names, humans, o.quiet)))
	if errors.Is(err, referee.ErrAborted) {
		if ctx.Err() != nil {
			fmt.Fprintf(e.stdout, "game stopped (interrupted) after %d moves: %s; nothing was recorded as a result\n", g.Ply(), g.Transcript())
			return errInterrupted
		}
		fmt.Fprintf(e.stdout, "game stopped after %d moves: %s\n", g.Ply(), g.Transcript())
	}
	return err
}

// errInterrupted is what play returns when its context ends (Ctrl-C,
// SIGTERM) before the games do.
var errInterrupted = errors.New("interrupted")

func playMany(ctx context.Context, e *env, o playOptions) error {
	if catalog.IsHuman(o.black) || catalog.IsHuman(o.white) {
		return fmt.Errorf("--games %d: a human cannot play many games without display; use computer players", o.games)
	}
	fmt.Fprintf(e.stdout, "%s (black) vs %s (white): %d games, %s rules, %s per move, seed %d\n",
		o.black, o.white, o.games, o.rule, textboard.MoveLimit(o.moveTime), o.seed)
	prog := newProgress(e, o.games, "games", "games")
	start := time.Now()
	run := &arena.Games{
		Count: o.games, Start: o.start, MoveTime: o.moveTime, GameTime: o.gameTime, Increment: o.increment, Concurrency: o.parallel, Seed: o.seed,
		New: func(s arena.Seat) (player.Player, error) {
			return newPlayer(e, nil, o, [2]string{o.black, o.white}[s.Color], s.Seed)
		},
	}
	tally, err := run.Tally(ctx, func() { prog.Add(1) })
	prog.Finish()
	took := time.Since(start)
	if tally.Score.Games() == 0 {
		if ctx.Err() != nil {
			return errInterrupted
		}
		return err
	}
	fmt.Fprint(e.stdout, tally.Report(o.black, o.games, took))
	if ctx.Err() != nil {
		return errInterrupted
	}
	return err
}

// hintTime is how long the engine analyses a position for the hint key of
// the full-screen UI.
const hintTime = 2 * time.Second

// playScreen plays a game in the full-screen terminal UI (package tui):
// the human seats are the UI's, the referee runs the game, and the result
// is written on the terminal as the line mode writes it once the screen
// is left. If the analysis of the UI's key v has no trained evaluation,
// it says so on standard error before the screen starts
// (shipped.NoteEval).
func playScreen(ctx context.Context, e *env, o playOptions) error {
	shipped.NoteEval(e.stderr)
	humans := o.humans()
	var seats [2]player.Player
	for c, spec := range []string{o.black, o.white} {
		in := io.Reader(nil)
		if humans[c] {
			in = strings.NewReader("") // for its name (human:name=...): the seat is the UI's
		}
		p, err := newPlayer(e, in, o, spec, arena.GameSeed(o.seed, 0, board.Color(c)))
		if err != nil {
			return err
		}
		defer player.Close(p)
		seats[c] = p
	}
	names := o.seatNames(seats)
	ui := tui.New(tui.Config{
		Lang: o.lang, Names: names, Humans: humans, Game: o.start, MoveTimes: o.moveTimes(),
		Analyst: func() (player.Player, error) {
			return engine.NewAnalyst(engine.AnalystOptions{Time: hintTime, Exact: 14, Threads: o.threads, Eval: engine.DefaultEvaluator()})
		},
	})
	for c := range seats {
		if humans[c] {
			seats[c] = ui.Seat(board.Color(c))
		}
	}
	cfg := o.referee(ui.Observe)
	cfg.Progress, cfg.Ready = ui.Progress, ui.Ready // a person's clock starts once the board is on the screen
	g, err := ui.Run(ctx, e.stdin, e.stdout, func(ctx context.Context) (*game.Game, error) {
		return referee.Play(ctx, seats[0], seats[1], cfg)
	})
	if g == nil {
		return err
	}
	o.header(e.stdout, names)
	if errors.Is(err, referee.ErrAborted) {
		fmt.Fprintf(e.stdout, "game stopped (interrupted) after %d moves: %s; nothing was recorded as a result\n", g.Ply(), g.Transcript())
		return errInterrupted // Ctrl-C, a key of the screen, or a signal
	}
	textboard.Render(e.stdout, g.Position(), textboard.ForGame(g, names))
	textboard.WriteEvent(e.stdout, referee.Event{Kind: referee.Ended, Game: g}, names, humans)
	return err
}
