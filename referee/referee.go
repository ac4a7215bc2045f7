// The game loop: clocks, illegal moves, passes, the end.

package referee

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// DefaultMoveTime is the per-move time limit when none is configured.
const DefaultMoveTime = 60 * time.Second

// DefaultMaxIllegal is the number of illegal moves that loses a game.
const DefaultMaxIllegal = 3

// DefaultGrace is how late after its deadline a reply is still accepted,
// to absorb scheduling delays of players that stop exactly at their
// context's deadline.
const DefaultGrace = 50 * time.Millisecond

// NoLimit, as a MoveTime, disables the per-move time limit.
const NoLimit time.Duration = -1

// Clock is one side's time control, as Config's MoveTime, GameTime and
// Increment give it to both.
type Clock struct {
	MoveTime, GameTime, Increment time.Duration
}

// Config sets up a refereed game. The zero Config is a standard game from
// the start with the default limits.
type Config struct {
	// Game, if not nil, is the game to continue (a start position, a
	// rule and moves already played); it is copied, not changed. If nil,
	// the game starts from the standard position under Rule.
	Game *game.Game
	// Rule is the rule variant of a new game (ignored if Game is set).
	Rule game.Rule
	// MoveTime is the time limit for each move: DefaultMoveTime if 0, no
	// limit if negative. It applies afresh to each attempt at a move, so
	// a refused illegal move does not eat the player's time for the next
	// attempt; the game clock keeps running through every attempt.
	MoveTime time.Duration
	// Untimed says which players (indexed by board.Color) think without
	// a per-move limit, whatever MoveTime says: a person in a casual
	// game. A game clock (GameTime) still counts their time.
	Untimed [2]bool
	// GameTime is each player's clock for the whole game; 0 means none.
	GameTime time.Duration
	// Increment is added to a player's game clock after each of its
	// moves played in this game (a Fischer clock: 5 min + 3 s is
	// GameTime 5m, Increment 3s), not after a pass the referee plays
	// for it nor after an undo; it counts only with a GameTime.
	Increment time.Duration
	// Odds, where set for a colour (indexed by board.Color), is that
	// colour's own clock, replacing MoveTime, GameTime and Increment for
	// its player: time odds, such as a program on a game clock against
	// one that plays to a fixed depth with a generous limit.
	Odds [2]*Clock
	// MaxIllegal is the number of illegal moves in a game that loses it;
	// DefaultMaxIllegal if 0.
	MaxIllegal int
	// Grace is how late a reply may arrive after its deadline and still
	// count; DefaultGrace if 0, none if negative.
	Grace time.Duration
	// AllowUndo lets the player of each colour (indexed by board.Color)
	// take back its last move, with the opponent's reply: for a human
	// playing the computer.
	AllowUndo [2]bool
	// Observe, if not nil, is called after every event of the game, from
	// the referee's goroutine (the one that called Play). It may not call
	// Match.Resign.
	Observe func(Event)
	// Used is the game clock each player (indexed by board.Color) has
	// used already, net of the increments it earned (see Event.Used),
	// for a game that continues (after a server restart).
	Used [2]time.Duration
	// Ready, if not nil, is called before each request to the player of
	// colour c, before its clock starts, and the request waits until it
	// returns: a caller that bounds the moves thought at once (a game
	// server) makes the computers wait for a free slot there, without
	// losing their time. The request ends with a call to the function it
	// returns. An error (ctx ended) aborts the game.
	Ready func(ctx context.Context, c board.Color) (done func(), err error)
	// Progress, if not nil, receives what the player to move reports
	// while it thinks (see player.Request.Progress), from the player's
	// goroutine.
	Progress func(board.Color, player.Thinking)
}

// EventKind says what happened.
type EventKind uint8

const (
	// Started: the game is about to begin (or continue).
	Started EventKind = iota
	// Moved: a move was played (Event.Move). If it ended the game on
	// the board, Event.Game has the result already, and Ended follows.
	Moved
	// Passed: the side to move had no legal move and passed.
	Passed
	// Rejected: a move was refused (Event.Reason says why).
	Rejected
	// Undone: moves were taken back at a player's request.
	Undone
	// Ended: the game is over (Event.Game.Result): always the last
	// event of a game that ends.
	Ended
)

// Event is reported to Config.Observe.
type Event struct {
	Kind EventKind
	// Game is a copy of the game after the event.
	Game *game.Game
	// Color is the player the event concerns (the mover, the player whose
	// move was refused, ...).
	Color board.Color
	// Move is the move played, for Moved and Passed; for Rejected, the
	// move refused (its Square board.NoSquare when an undo was refused).
	Move game.Move
	// Thinking is what the player reported with its move, if anything.
	Thinking *player.Thinking
	// Reason explains a Rejected event.
	Reason string
	// Used is the clock time each player has used so far (indexed by
	// board.Color), less the increments its moves earned
	// (Config.Increment): negative if it earned more than it spent. What
	// is left of a game clock is Config.GameTime - Used.
	Used [2]time.Duration
}

// ErrAborted is returned (wrapped) when the caller's context ends the game
// before its end.
var ErrAborted = errors.New("game aborted")

// ErrGameOver is returned by Match.Resign when the game ended (or was
// aborted) before the resignation.
var ErrGameOver = errors.New("the game is over")

// Play runs a game between black and white and returns its record, with
// the result and the time of every move. The error is non-nil only if ctx
// was cancelled before the end; the record then holds the game so far.
func Play(ctx context.Context, black, white player.Player, cfg Config) (*game.Game, error) {
	r := newReferee(black, white, cfg)
	return r.run(ctx)
}

// Match is a game refereed in a goroutine of its own (see Start). Its
// methods are safe for concurrent use.
type Match struct {
	r    *referee
	done chan struct{}
	g    *game.Game
	err  error
}

// Start runs a game between black and white, as Play does, in a new
// goroutine, and returns at once.
func Start(ctx context.Context, black, white player.Player, cfg Config) *Match {
	m := &Match{r: newReferee(black, white, cfg), done: make(chan struct{})}
	go func() {
		defer close(m.done)
		m.g, m.err = m.r.run(ctx)
	}()
	return m
}

// Wait waits for the end of the game and returns what Play returns.
func (m *Match) Wait() (*game.Game, error) {
	<-m.done
	return m.g, m.err
}

// Done is closed when the game has ended (or was aborted).
func (m *Match) Done() <-chan struct{} { return m.done }

// Resign ends the game by the resignation of player c, whether it is its
// turn or not: the referee stops asking the side to move for its move
// (a reply that comes after is ignored) and ends the game with
// game.Resignation by c, reported as an Ended event as every end is.
// Resign returns once that event has been observed; ErrGameOver if the
// game had ended (or was aborted) first; ctx's error if ctx ends before
// the referee decides (the resignation stands). It may not be called
// from Config.Observe.
func (m *Match) Resign(ctx context.Context, c board.Color) error {
	if c != board.Black && c != board.White {
		return fmt.Errorf("referee: %v cannot resign", c)
	}
	return m.r.interrupt(ctx, c)
}

// resignation is a player's resignation out of turn, waiting for the
// referee.
type resignation struct {
	color board.Color
	done  chan error // buffered: the verdict
}

type referee struct {
	cfg      Config
	players  [2]player.Player
	g        *game.Game
	startPly int // moves before this ply were given, not played here
	illegal  [2]int
	used     [2]time.Duration

	// mu guards the resignations waiting for the referee, the end of
	// the game for them, and stop, which cancels the current turn.
	mu      sync.Mutex
	resigns []resignation
	closed  bool
	stop    context.CancelCauseFunc
}

// errInterrupted is the cause of a turn's end by a resignation.
var errInterrupted = errors.New("interrupted by a resignation")

// interrupt hands the referee a resignation and waits for its verdict.
func (r *referee) interrupt(ctx context.Context, c board.Color) error {
	res := resignation{color: c, done: make(chan error, 1)}
	r.mu.Lock()
	if r.closed {
		r.mu.Unlock()
		return ErrGameOver
	}
	r.resigns = append(r.resigns, res)
	if r.stop != nil {
		r.stop(errInterrupted)
	}
	r.mu.Unlock()
	select {
	case err := <-res.done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// nextResignation takes the first resignation waiting, if any.
func (r *referee) nextResignation() (resignation, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.resigns) == 0 {
		return resignation{}, false
	}
	res := r.resigns[0]
	r.resigns = r.resigns[1:]
	return res, true
}

// close refuses the resignations still waiting and any to come: the game
// is over.
func (r *referee) close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed = true
	for _, res := range r.resigns {
		res.done <- ErrGameOver
	}
	r.resigns = nil
}

// turnContext returns the context of a turn: ended by ctx, or by a
// resignation (at once if one waits already).
func (r *referee) turnContext(ctx context.Context) (context.Context, func()) {
	tctx, cancel := context.WithCancelCause(ctx)
	r.mu.Lock()
	r.stop = cancel
	if len(r.resigns) > 0 {
		cancel(errInterrupted)
	}
	r.mu.Unlock()
	return tctx, func() {
		r.mu.Lock()
		r.stop = nil
		r.mu.Unlock()
		cancel(nil)
	}
}

func newReferee(black, white player.Player, cfg Config) *referee {
	if cfg.MoveTime == 0 {
		cfg.MoveTime = DefaultMoveTime
	}
	for c, o := range cfg.Odds {
		if o != nil && o.MoveTime == 0 {
			own := *o
			own.MoveTime = DefaultMoveTime
			cfg.Odds[c] = &own
		}
	}
	if cfg.MaxIllegal <= 0 {
		cfg.MaxIllegal = DefaultMaxIllegal
	}
	if cfg.Grace == 0 {
		cfg.Grace = DefaultGrace
	}
	cfg.Grace = max(cfg.Grace, 0)
	g := game.New(board.Start(), cfg.Rule)
	if cfg.Game != nil {
		g = cfg.Game.Clone()
	}
	return &referee{cfg: cfg, players: [2]player.Player{black, white}, g: g, startPly: g.Ply(), used: cfg.Used}
}

func (r *referee) emit(e Event) {
	if r.cfg.Observe == nil {
		return
	}
	e.Game = r.g.Clone()
	e.Used = r.used
	r.cfg.Observe(e)
}

func (r *referee) end(reason game.Reason, by board.Color, detail string) {
	r.g.Result = game.NewResult(r.g.Position(), reason, by)
	r.g.Result.Detail = detail
	r.emit(Event{Kind: Ended, Color: by})
}

func (r *referee) run(ctx context.Context) (*game.Game, error) {
	defer r.close()
	r.emit(Event{Kind: Started, Color: r.g.Turn()})
	for {
		if err := ctx.Err(); err != nil {
			return r.g, fmt.Errorf("%w: %v", ErrAborted, err)
		}
		if r.g.Result.Reason != game.InProgress {
			return r.g, nil
		}
		if res, ok := r.nextResignation(); ok {
			r.end(game.Resignation, res.color, "")
			res.done <- nil
			return r.g, nil
		}
		if r.g.Over() {
			r.g.Finish()
			r.emit(Event{Kind: Ended})
			return r.g, nil
		}
		if c := r.g.Turn(); r.g.PassIfForced() {
			r.played(Event{Kind: Passed, Color: c, Move: r.g.Moves[len(r.g.Moves)-1]})
			continue
		}
		if err := r.turn(ctx); err != nil {
			return r.g, err
		}
	}
}

// played reports a move or pass just played; if it ended the game on the
// board, the event carries the result, and Ended follows.
func (r *referee) played(e Event) {
	over := r.g.Finish()
	r.emit(e)
	if over {
		r.emit(Event{Kind: Ended})
	}
}

// turn asks the side to move until it moves legally, resigns, stops to
// count, undoes, runs out of time or loses by illegal moves; a
// resignation (Match.Resign) ends the turn at once, without a move.
func (r *referee) turn(ctx context.Context) error {
	tctx, stop := r.turnContext(ctx)
	defer stop()
	interrupted := func() bool {
		return ctx.Err() == nil && errors.Is(context.Cause(tctx), errInterrupted)
	}
	c := r.g.Turn()
	var rejected []player.Rejection
	var spent time.Duration
	for {
		clk := r.clock(c)
		limit := clk.MoveTime
		if r.cfg.Untimed[c] {
			limit = NoLimit
		}
		var gameLeft time.Duration
		if clk.GameTime > 0 {
			gameLeft = max(clk.GameTime-r.used[c], 0)
			if limit < 0 || gameLeft < limit {
				limit = gameLeft
			}
			if gameLeft == 0 {
				r.end(game.Timeout, c, "game clock exhausted")
				return nil
			}
		}
		req := player.Request{
			Game:         r.g.Clone(),
			Position:     r.g.Position(),
			Legal:        r.g.Legal(),
			TimeLeft:     max(limit, 0),
			GameTimeLeft: gameLeft,
			Increment:    r.increment(c),
			Rejected:     append([]player.Rejection(nil), rejected...),
			IllegalLeft:  r.cfg.MaxIllegal - r.illegal[c],
			CanUndo:      r.cfg.AllowUndo[c] && r.canUndo(c),
		}
		if r.cfg.Progress != nil {
			req.Progress = func(t player.Thinking) { r.cfg.Progress(c, t) }
		}
		done := func() {}
		if r.cfg.Ready != nil {
			var err error
			if done, err = r.cfg.Ready(tctx, c); err != nil {
				if interrupted() {
					return nil
				}
				return fmt.Errorf("%w: %v", ErrAborted, err)
			}
		}
		reply, elapsed, err := r.ask(tctx, r.players[c], req, limit)
		done()
		r.used[c] += elapsed
		spent += elapsed
		switch {
		case interrupted():
			return nil // the resignation decides (see run)
		case errors.Is(err, errTimeout):
			r.end(game.Timeout, c, fmt.Sprintf("no move within %v", limit.Round(time.Millisecond)))
			return nil
		case errors.Is(err, ErrAborted):
			return err
		case err != nil:
			r.end(game.Forfeit, c, err.Error())
			return nil
		case reply.Resign:
			r.end(game.Resignation, c, "")
			return nil
		case reply.Count:
			r.end(game.Counted, c, "")
			return nil
		case reply.Undo:
			if why := r.undo(c); why != "" {
				rejected = append(rejected, player.Rejection{Move: board.NoSquare, Reason: why})
				r.emit(Event{Kind: Rejected, Color: c, Move: game.Move{Square: board.NoSquare}, Reason: why})
				continue
			}
			r.emit(Event{Kind: Undone, Color: c})
			return nil
		}
		m := game.Move{Square: reply.Move, Time: spent}
		// A move's recorded evaluation is in discs (game.Move.Eval): a
		// win rate or a heuristic's points are not kept there.
		if reply.Thinking != nil && reply.Thinking.HasEval && reply.Thinking.Unit == player.UnitDiscs {
			m.Eval, m.HasEval = reply.Thinking.Eval, true
		}
		if err := r.g.Play(m); err != nil {
			r.illegal[c]++
			reason := err.Error()
			if !reply.Move.OnBoard() && reply.Move != board.Pass {
				reason = fmt.Sprintf("%v is not a move; legal moves: %s", reply.Move, board.FormatSquares(req.Legal))
			}
			rejected = append(rejected, player.Rejection{Move: reply.Move, Reason: reason})
			r.emit(Event{Kind: Rejected, Color: c, Move: m, Reason: reason})
			if r.illegal[c] >= r.cfg.MaxIllegal {
				r.end(game.IllegalMoves, c, fmt.Sprintf("%d illegal moves, the last: %s", r.illegal[c], reason))
				return nil
			}
			continue
		}
		r.used[c] -= r.increment(c)
		r.played(Event{Kind: Moved, Color: c, Move: r.g.Moves[len(r.g.Moves)-1], Thinking: reply.Thinking})
		return nil
	}
}

// clock returns the time control of colour c: its own (Config.Odds) or
// the game's.
func (r *referee) clock(c board.Color) Clock {
	if o := r.cfg.Odds[c]; o != nil {
		return *o
	}
	return Clock{MoveTime: r.cfg.MoveTime, GameTime: r.cfg.GameTime, Increment: r.cfg.Increment}
}

// increment is what a move of colour c adds to its game clock.
func (r *referee) increment(c board.Color) time.Duration {
	clk := r.clock(c)
	if clk.GameTime <= 0 {
		return 0
	}
	return max(clk.Increment, 0)
}

// canUndo reports whether c has a move of its own, played in this session,
// to take back.
func (r *referee) canUndo(c board.Color) bool {
	for _, m := range r.g.Moves[r.startPly:] {
		if m.Color == c && m.Square != board.Pass {
			return true
		}
	}
	return false
}

// undo takes back c's last move and everything after it, so that it is
// c's turn again. It returns why it cannot, or "".
func (r *referee) undo(c board.Color) string {
	if !r.cfg.AllowUndo[c] {
		return "undo is not allowed in this game"
	}
	if !r.canUndo(c) {
		return "there is no move of yours to take back"
	}
	for {
		m, _ := r.g.Undo()
		if m.Color == c && m.Square != board.Pass {
			return ""
		}
	}
}

var errTimeout = errors.New("timeout")

// testHookAsked, if not nil, runs after a player was asked and before the
// referee waits for its reply: tests make the referee late with it.
var testHookAsked func(limit time.Duration)

// ask calls p.Move in its own goroutine and waits at most limit (plus the
// grace) for the reply, so that a player that ignores its deadline cannot
// stall the game. It returns the reply, the time taken, and errTimeout, a
// wrapped ErrAborted, or the player's own error.
//
// The time taken is until the reply was made, not until the referee saw
// it: a referee that a busy machine wakes late does not count its own
// delay against the player, and a reply made in time that meets the
// expired timer still counts.
func (r *referee) ask(ctx context.Context, p player.Player, req player.Request, limit time.Duration) (player.Reply, time.Duration, error) {
	// The clock starts before the deadline is set from it: a player that
	// answers at its deadline has used all of limit, however late a busy
	// machine ran the lines between.
	start := time.Now()
	mctx, cancel := context.WithCancel(ctx)
	var expired <-chan time.Time
	if limit >= 0 {
		mctx, cancel = context.WithDeadline(ctx, start.Add(limit))
		timer := time.NewTimer(limit + r.cfg.Grace)
		defer timer.Stop()
		expired = timer.C
	}
	defer cancel()
	type answer struct {
		reply player.Reply
		err   error
		at    time.Time // when the reply was made
	}
	answers := make(chan answer, 1) // buffered: a late player does not leak blocked
	go func() {
		defer func() {
			if v := recover(); v != nil {
				answers <- answer{err: fmt.Errorf("player %s panicked: %v", p.Name(), v), at: time.Now()}
			}
		}()
		reply, err := p.Move(mctx, req)
		answers <- answer{reply, err, time.Now()}
	}()
	if testHookAsked != nil {
		testHookAsked(limit)
	}
	judge := func(a answer) (player.Reply, time.Duration, error) {
		elapsed := a.at.Sub(start)
		switch {
		case ctx.Err() != nil:
			return a.reply, elapsed, fmt.Errorf("%w: %v", ErrAborted, ctx.Err())
		case expired != nil && elapsed > limit+r.cfg.Grace:
			return a.reply, elapsed, errTimeout
		case a.err != nil && expired != nil && errors.Is(mctx.Err(), context.DeadlineExceeded):
			return a.reply, elapsed, errTimeout
		}
		return a.reply, elapsed, a.err
	}
	select {
	case a := <-answers:
		return judge(a)
	case <-expired:
		select {
		case a := <-answers: // made before the referee looked
			return judge(a)
		default:
		}
		return player.Reply{}, time.Since(start), errTimeout
	case <-ctx.Done():
		return player.Reply{}, time.Since(start), fmt.Errorf("%w: %v", ErrAborted, ctx.Err())
	}
}
