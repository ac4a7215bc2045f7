package referee

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// firstLegal plays the lowest legal square.
var firstLegal = player.Func{PlayerName: "first", Choose: func(req player.Request) board.Square {
	sq, _ := board.NextSquare(req.Legal)
	return sq
}}

// scripted plays the given moves, one per request (illegal ones too), then
// the first legal move.
type scripted struct {
	moves    []string
	requests []player.Request
}

func (s *scripted) Name() string { return "scripted" }
func (s *scripted) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	s.requests = append(s.requests, req)
	if len(s.moves) == 0 {
		return firstLegal.Move(ctx, req)
	}
	m := s.moves[0]
	s.moves = s.moves[1:]
	switch m {
	case "resign":
		return player.Reply{Resign: true}, nil
	case "count":
		return player.Reply{Count: true}, nil
	case "undo":
		return player.Reply{Undo: true}, nil
	}
	return player.Reply{Move: board.MustParseSquare(m)}, nil
}

func play(t *testing.T, black, white player.Player, cfg Config) *game.Game {
	t.Helper()
	g, err := Play(context.Background(), black, white, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestNormalGame(t *testing.T) {
	g := play(t, firstLegal, firstLegal, Config{})
	if g.Result.Reason != game.Normal || !g.Over() {
		t.Fatalf("result %v", g.Result)
	}
	replay, err := game.ParseTranscript(g.Transcript())
	if err != nil || replay.Position() != g.Position() {
		t.Fatalf("record does not replay: %v", err)
	}
	if g.Result.Black+g.Result.White != g.Position().Board.PlayerDiscs()+g.Position().Board.OpponentDiscs() {
		t.Fatalf("result discs %v do not match the board", g.Result)
	}
}

func TestThreeIllegalMovesLose(t *testing.T) {
	black := &scripted{moves: []string{"E3", "A1", "D4"}}
	g := play(t, black, firstLegal, Config{})
	if g.Result.Reason != game.IllegalMoves || g.Result.By != board.Black || g.Result.Winner != board.White {
		t.Fatalf("result %+v, want black to lose by illegal moves", g.Result)
	}
	if g.Ply() != 0 {
		t.Fatalf("%d moves played, want none", g.Ply())
	}
	if len(black.requests) != 3 {
		t.Fatalf("black asked %d times, want 3", len(black.requests))
	}
	last := black.requests[2]
	if len(last.Rejected) != 2 || last.IllegalLeft != 1 {
		t.Fatalf("third request: %d rejections, %d left", len(last.Rejected), last.IllegalLeft)
	}
	if want := "E3 is not legal here; legal moves: D3 C4 F5 E6"; last.Rejected[0].Reason != want {
		t.Fatalf("rejection %q, want %q", last.Rejected[0].Reason, want)
	}
	if !strings.Contains(last.Rejected[1].Reason, "A1") {
		t.Fatalf("rejection %q does not name A1", last.Rejected[1].Reason)
	}
}

// The illegal moves of a game add up across moves: one before black's
// first move and two at its second lose.
func TestIllegalMovesCountOverTheGame(t *testing.T) {
	black := &scripted{moves: []string{"A1", "F5", "A1", "D4"}}
	g := play(t, black, firstLegal, Config{})
	if g.Result.Reason != game.IllegalMoves || g.Result.By != board.Black || g.Ply() != 2 {
		t.Fatalf("result %+v after %d plies, want black to lose by illegal moves after 2", g.Result, g.Ply())
	}
	if left := [4]int{black.requests[0].IllegalLeft, black.requests[1].IllegalLeft, black.requests[2].IllegalLeft, black.requests[3].IllegalLeft}; left != [4]int{3, 2, 2, 1} {
		t.Fatalf("illegal moves left per request %v, want [3 2 2 1]", left)
	}
	if len(black.requests[2].Rejected) != 0 {
		t.Fatalf("rejections of the first move carried over to the second: %+v", black.requests[2].Rejected)
	}
}

// sleeper ignores its deadline.
type sleeper struct{ release chan struct{} }

func (s sleeper) Name() string { return "sleeper" }
func (s sleeper) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	<-s.release
	return player.Reply{Move: board.MustParseSquare("D3")}, nil
}

// TestTimeoutWithAPlayerThatIgnoresItsDeadline: the sleeper never
// answers, so any finite wait proves that the referee does not wait for
// it; the bound is loose so that a busy machine cannot break it.
func TestTimeoutWithAPlayerThatIgnoresItsDeadline(t *testing.T) {
	s := sleeper{release: make(chan struct{})}
	defer close(s.release)
	start := time.Now()
	g := play(t, s, firstLegal, Config{MoveTime: 100 * time.Millisecond})
	if took := time.Since(start); took > 10*time.Second {
		t.Fatalf("the referee waited %v for a player with a 100ms limit", took)
	}
	if g.Result.Reason != game.Timeout || g.Result.By != board.Black || g.Result.Winner != board.White {
		t.Fatalf("result %+v, want black to lose on time", g.Result)
	}
}

// TestGameClock: black, which takes at least 260 ms a move, loses on a
// 1 s game clock with no grace: it makes at most 3 moves (a fourth would
// overrun the clock by 40 ms or more, and is refused), the moves the
// referee kept fit in the clock, the referee tells black what is left of
// its clock, and it ends the game only once black has used all of it. A
// busy machine only makes black slower, so none of this depends on the
// load; white, which answers at once, has the same second for its few
// moves.
func TestGameClock(t *testing.T) {
	const gameTime, think = time.Second, 260 * time.Millisecond
	var mu sync.Mutex // a request that timed out may still run after Play returns
	var left []time.Duration
	slow := player.Func{PlayerName: "slow", Choose: func(req player.Request) board.Square {
		mu.Lock()
		left = append(left, req.GameTimeLeft)
		mu.Unlock()
		time.Sleep(think)
		sq, _ := board.NextSquare(req.Legal)
		return sq
	}}
	var used [2]time.Duration
	g := play(t, slow, firstLegal, Config{GameTime: gameTime, Grace: -1, Observe: func(e Event) {
		if e.Kind == Ended {
			used = e.Used
		}
	}})
	if g.Result.Reason != game.Timeout || g.Result.By != board.Black || g.Result.Winner != board.White {
		t.Fatalf("result %+v after %d plies, want black out of time", g.Result, g.Ply())
	}
	var moves int
	var spent time.Duration
	mu.Lock()
	defer mu.Unlock()
	for _, m := range g.Moves {
		if m.Color != board.Black || m.Square == board.Pass {
			continue
		}
		if moves >= len(left) || left[moves] != gameTime-spent {
			t.Fatalf("black's request %d: clock left %v, want %v less the moves before (%v)", moves+1, left, gameTime, spent)
		}
		moves++
		spent += m.Time
	}
	if fit := int(gameTime / think); moves > fit || spent > gameTime {
		t.Fatalf("black made %d moves in %v on a %v clock at %v or more a move: at most %d fit", moves, spent, gameTime, think, fit)
	}
	if used[board.Black] < gameTime {
		t.Fatalf("black lost on time having used %v of its %v", used[board.Black], gameTime)
	}
}

// vandal tries to change the game through everything it is given.
type vandal struct{}

func (vandal) Name() string { return "vandal" }
func (vandal) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	sq, _ := board.NextSquare(req.Legal)
	if len(req.Game.Moves) > 0 {
		req.Game.Moves[0].Square = board.A1
	}
	req.Game.Start = board.Position{}
	req.Game.Moves = append(req.Game.Moves, game.Move{Square: board.H8})
	req.Game.Undo()
	req.Game.Result.Reason = game.Resignation
	req.Position.Board.P = ^uint64(0)
	if len(req.Rejected) > 0 {
		req.Rejected[0].Reason = "changed"
	}
	return player.Reply{Move: sq}, nil
}

func TestPlayerCannotAlterTheGame(t *testing.T) {
	g := play(t, vandal{}, firstLegal, Config{})
	want := play(t, firstLegal, firstLegal, Config{})
	if g.Transcript() != want.Transcript() || g.Result != want.Result {
		t.Fatalf("vandal changed the game:\n got %s %v\nwant %s %v", g.Transcript(), g.Result, want.Transcript(), want.Result)
	}
	if g.Start != board.Start() {
		t.Fatalf("start position changed")
	}
}

func TestForcedPassIsPlayedAndRecorded(t *testing.T) {
	// White to move has no move; black has.
	start := game.New(board.MustParsePosition("XO-------------------------------------------------------------- O"), game.Standard)
	var events []EventKind
	g := play(t, firstLegal, firstLegal, Config{Game: start, Observe: func(e Event) { events = append(events, e.Kind) }})
	if g.Moves[0].Square != board.Pass || g.Moves[0].Color != board.White {
		t.Fatalf("first move %+v, want a white pass", g.Moves[0])
	}
	if len(events) < 3 || events[0] != Started || events[1] != Passed || events[len(events)-1] != Ended {
		t.Fatalf("events %v", events)
	}
}

// splitMoves splits a game's moves, black first, into each side's.
func splitMoves(moves []string) (black, white []string) {
	for i, m := range moves {
		if i%2 == 0 {
			black = append(black, m)
		} else {
			white = append(white, m)
		}
	}
	return black, white
}

func TestEndBeforeTheBoardIsFull(t *testing.T) {
	moves := []string{"D3", "C3", "B3", "D2", "E1", "D6", "D7", "E3", "F4"}
	black, white := splitMoves(moves)
	g := play(t, &scripted{moves: black}, &scripted{moves: white}, Config{})
	if g.Result.Reason != game.Normal || g.Ply() != 9 || g.Position().Board.Empties() == 0 {
		t.Fatalf("result %v after %d plies", g.Result, g.Ply())
	}
	if g.Result.Winner != board.Black || g.Result.TournamentMargin() != 64 || g.Result.DiscMargin() != 13 {
		t.Fatalf("result %+v: margins %d / %d", g.Result, g.Result.DiscMargin(), g.Result.TournamentMargin())
	}
}

func TestNoAdjacentVariant(t *testing.T) {
	// After black's F5, white's F4 and F6 touch F5: F4 is refused.
	white := &scripted{moves: []string{"F4", "D6"}}
	g := play(t, &scripted{moves: []string{"F5"}}, white, Config{Rule: game.NoAdjacent})
	if g.Rule != game.NoAdjacent {
		t.Fatalf("record rule %v", g.Rule)
	}
	if len(white.requests) < 2 || len(white.requests[1].Rejected) != 1 ||
		!strings.Contains(white.requests[1].Rejected[0].Reason, "no-adjacent") {
		t.Fatalf("F4 not refused under no-adjacent: %+v", white.requests[1].Rejected)
	}
	if got := board.FormatSquares(white.requests[0].Legal); got != "D6" {
		t.Fatalf("legal moves offered %s, want D6", got)
	}
	if g.Moves[1].Square != board.MustParseSquare("D6") {
		t.Fatalf("white's move %v", g.Moves[1].Square)
	}
	for i := 1; i < len(g.Moves); i++ {
		prev, cur := g.Moves[i-1].Square, g.Moves[i].Square
		if prev.OnBoard() && cur.OnBoard() && abs(prev.Row()-cur.Row())+abs(prev.Col()-cur.Col()) == 1 {
			t.Fatalf("move %d %v next to %v", i, cur, prev)
		}
	}
}

func TestResignAndCount(t *testing.T) {
	// Black leads 4-1: with white to move after f5, or black to move (a
	// pass later). Black trails 1-4 with black to move after white's c5.
	ahead := board.Start().Play(board.MustParseSquare("F5"))
	behind := board.Start().Pass().Play(board.MustParseSquare("C5"))
	tests := []struct {
		name   string
		start  board.Position
		script string // what the side to move replies
		want   game.Result
	}{
		{"black resigns while ahead", ahead.Pass(), "resign", game.Result{Reason: game.Resignation, Winner: board.White, By: board.Black, Black: 4, White: 1}},
		{"white resigns while behind", ahead, "resign", game.Result{Reason: game.Resignation, Winner: board.Black, By: board.White, Black: 4, White: 1}},
		{"black resigns while behind", behind, "resign", game.Result{Reason: game.Resignation, Winner: board.White, By: board.Black, Black: 1, White: 4}},
		{"black counts while ahead", ahead.Pass(), "count", game.Result{Reason: game.Counted, Winner: board.Black, By: board.Black, Black: 4, White: 1}},
		{"white counts while behind", ahead, "count", game.Result{Reason: game.Counted, Winner: board.Black, By: board.White, Black: 4, White: 1}},
		{"black counts while behind", behind, "count", game.Result{Reason: game.Counted, Winner: board.White, By: board.Black, Black: 1, White: 4}},
		{"black counts an even board", board.Start(), "count", game.Result{Reason: game.Counted, Winner: board.NoColor, By: board.Black, Black: 2, White: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			players := [2]player.Player{firstLegal, firstLegal}
			players[tt.start.Turn] = &scripted{moves: []string{tt.script}}
			var ended []Event
			g := play(t, players[board.Black], players[board.White], Config{
				Game: game.New(tt.start, game.Standard),
				Observe: func(e Event) {
					if e.Kind == Ended {
						ended = append(ended, e)
					}
				},
			})
			if g.Result != tt.want || g.Ply() != 0 {
				t.Fatalf("result %+v after %d plies, want %+v at once", g.Result, g.Ply(), tt.want)
			}
			if len(ended) != 1 || ended[0].Color != tt.want.By || ended[0].Game.Result != tt.want {
				t.Fatalf("Ended events %+v", ended)
			}
		})
	}
}

func TestUndo(t *testing.T) {
	human := &scripted{moves: []string{"undo", "F5", "undo", "D3", "resign"}}
	var undone int
	g := play(t, human, firstLegal, Config{
		AllowUndo: [2]bool{true, false},
		Observe: func(e Event) {
			if e.Kind == Undone {
				undone++
			}
		},
	})
	if undone != 1 {
		t.Fatalf("%d undos, want 1", undone)
	}
	if len(human.requests[1].Rejected) != 1 || !strings.Contains(human.requests[1].Rejected[0].Reason, "no move of yours") {
		t.Fatalf("undo at the start not refused: %+v", human.requests[1].Rejected)
	}
	if !human.requests[2].CanUndo {
		t.Fatalf("CanUndo false after a move")
	}
	if g.Moves[0].Square != board.MustParseSquare("D3") {
		t.Fatalf("first move %v, want D3 after undoing F5", g.Moves[0].Square)
	}
	// Undo not allowed for this colour.
	w := &scripted{moves: []string{"undo"}}
	play(t, firstLegal, w, Config{AllowUndo: [2]bool{true, false}})
	if !strings.Contains(w.requests[1].Rejected[0].Reason, "not allowed") {
		t.Fatalf("undo by white allowed: %+v", w.requests[1].Rejected)
	}
}

type failing struct{ panics bool }

func (f failing) Name() string { return "failing" }
func (f failing) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	if f.panics {
		panic("boom")
	}
	return player.Reply{}, errors.New("engine crashed")
}

func TestPlayerErrorsForfeit(t *testing.T) {
	for _, p := range []failing{{false}, {true}} {
		g := play(t, firstLegal, p, Config{})
		if g.Result.Reason != game.Forfeit || g.Result.Winner != board.Black || g.Result.Detail == "" {
			t.Fatalf("result %+v", g.Result)
		}
	}
}

func TestCancelledContextAborts(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := sleeper{release: make(chan struct{})}
	defer close(s.release)
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	g, err := Play(ctx, s, firstLegal, Config{})
	if !errors.Is(err, ErrAborted) || g.Result.Reason != game.InProgress {
		t.Fatalf("err %v, result %v", err, g.Result)
	}
}

func TestMoveTimesAreRecorded(t *testing.T) {
	slow := player.Func{PlayerName: "slow", Choose: func(req player.Request) board.Square {
		time.Sleep(5 * time.Millisecond)
		sq, _ := board.NextSquare(req.Legal)
		return sq
	}}
	g := play(t, slow, firstLegal, Config{})
	for _, m := range g.Moves {
		if m.Color == board.Black && m.Square != board.Pass && m.Time < 5*time.Millisecond {
			t.Fatalf("black move %v recorded %v", m.Square, m.Time)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestUsedClockCarriesOver: a game continued with time already used
// has only the rest of its clock: black, with 50 ms of its minute left,
// loses on time within two moves of its own (each takes 30 ms or more,
// however busy the machine), while white has the whole minute.
func TestUsedClockCarriesOver(t *testing.T) {
	slow := player.Func{PlayerName: "slow", Choose: func(req player.Request) board.Square {
		time.Sleep(30 * time.Millisecond)
		sq, _ := board.NextSquare(req.Legal)
		return sq
	}}
	g, err := Play(context.Background(), slow, slow, Config{
		GameTime: time.Minute,
		Used:     [2]time.Duration{time.Minute - 50*time.Millisecond, 0},
	})
	if err != nil {
		t.Fatal(err)
	}
	if g.Result.Reason != game.Timeout || g.Result.By != board.Black || g.Ply() > 4 {
		t.Errorf("black with 50 ms left: %v after %d moves", g.Result, g.Ply())
	}
}

// TestReadyWaitsOffTheClock: a move that waits in Ready (for a free
// search slot) does not lose time: with a 2 s limit a move and no grace,
// a wait of 2.5 s before the first request of each colour neither loses
// the game on time nor shows in the recorded times or the clocks used;
// every request's slot is freed. A busy machine can only make the wait
// longer, so the test fails whenever the wait is counted.
func TestReadyWaitsOffTheClock(t *testing.T) {
	const limit, wait = 2 * time.Second, 2500 * time.Millisecond
	var asked, freed [2]int
	var used [2]time.Duration
	cfg := Config{MoveTime: limit, Grace: -1,
		Ready: func(ctx context.Context, c board.Color) (func(), error) {
			asked[c]++
			if asked[c] == 1 {
				time.Sleep(wait)
			}
			return func() { freed[c]++ }, nil
		},
		Observe: func(e Event) { used = e.Used },
	}
	g := play(t, firstLegal, firstLegal, cfg)
	if g.Result.Reason != game.Normal {
		t.Fatalf("result %v (%s): the wait counted on the clock", g.Result, g.Result.Detail)
	}
	for c := range 2 {
		if asked[c] < 2 || asked[c] != freed[c] {
			t.Fatalf("colour %d: %d requests readied, %d freed", c, asked[c], freed[c])
		}
		if used[c] >= wait {
			t.Fatalf("colour %d used %v of its clock: the wait counted", c, used[c])
		}
	}
	for _, m := range g.Moves {
		if m.Time >= wait {
			t.Fatalf("move %v recorded %v: the wait counted", m.Square, m.Time)
		}
	}
	// A Ready that fails (the server shutting down) aborts the game.
	cfg.Ready = func(ctx context.Context, c board.Color) (func(), error) { return nil, context.Canceled }
	if _, err := Play(context.Background(), firstLegal, firstLegal, cfg); !errors.Is(err, ErrAborted) {
		t.Fatalf("Ready failed: err %v, want ErrAborted", err)
	}
}

// TestRecordedEvalsAreDiscs: a move keeps its player's evaluation only
// when it is in discs; a win rate or points are not a disc margin.
func TestRecordedEvalsAreDiscs(t *testing.T) {
	for _, tt := range []struct {
		unit player.Unit
		keep bool
	}{{player.UnitDiscs, true}, {player.UnitRate, false}, {player.UnitPoints, false}} {
		p := evalPlayer{unit: tt.unit}
		g := play(t, p, p, Config{})
		for _, m := range g.Moves {
			if m.Square != board.Pass && m.HasEval != tt.keep {
				t.Fatalf("unit %v: move %v recorded an eval: %v, want %v", tt.unit, m.Square, m.HasEval, tt.keep)
			}
		}
	}
}

// evalPlayer plays the first legal move and reports a value in its unit.
type evalPlayer struct{ unit player.Unit }

func (p evalPlayer) Name() string { return "eval" }
func (p evalPlayer) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	sq, _ := board.NextSquare(req.Legal)
	return player.Reply{Move: sq, Thinking: &player.Thinking{Eval: 0.75, HasEval: true, Unit: p.unit}}, nil
}

// spender uses all the time it is given (it answers when its context's
// deadline passes) on its first `moves` moves, then answers at once.
type spender struct {
	moves    int
	requests []player.Request
}

func (s *spender) Name() string { return "spender" }
func (s *spender) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	s.requests = append(s.requests, req)
	if len(s.requests) <= s.moves {
		<-ctx.Done()
	}
	sq, _ := board.NextSquare(req.Legal)
	return player.Reply{Move: sq}, nil
}

// TestIncrementKeepsAPlayerAlive: black spends its whole game clock on
// its first move. Without an increment it has nothing left for the
// second and loses on time; with one (a Fischer clock) each move gives
// the increment back and black finishes the game. The referee's
// accounting is exact: what black used is its moves' times less one
// increment a move it played (none for a pass), and every request tells
// the player the increment. The grace and the increment are far longer
// than any delay of a busy machine.
func TestIncrementKeepsAPlayerAlive(t *testing.T) {
	const gameTime, inc = 200 * time.Millisecond, 10 * time.Second
	// A late wake-up is accepted (Grace), so only the clock decides.
	cfg := Config{GameTime: gameTime, Grace: 10 * time.Second}

	g := play(t, &spender{moves: 1}, firstLegal, cfg)
	if g.Result.Reason != game.Timeout || g.Result.By != board.Black || g.Ply() != 2 {
		t.Fatalf("no increment: %v after %d plies, want black out of time at its second move", g.Result, g.Ply())
	}

	black := &spender{moves: 1}
	cfg.Increment = inc
	var used [2]time.Duration
	cfg.Observe = func(e Event) { used = e.Used }
	g = play(t, black, firstLegal, cfg)
	if g.Result.Reason != game.Normal {
		t.Fatalf("with a %v increment: %v (%s) after %d plies, want the game played to its end", inc, g.Result, g.Result.Detail, g.Ply())
	}
	var want [2]time.Duration
	for _, m := range g.Moves {
		want[m.Color] += m.Time
		if m.Square != board.Pass {
			want[m.Color] -= inc
		}
	}
	if used != want {
		t.Errorf("clocks used %v, want the moves' times less the increments %v", used, want)
	}
	for i, req := range black.requests {
		if req.Increment != inc {
			t.Fatalf("request %d: increment %v, want %v", i, req.Increment, inc)
		}
	}
	if left := black.requests[1].GameTimeLeft; left != gameTime-(g.Moves[0].Time-inc) {
		t.Errorf("second move: %v left, want %v (the clock less the first move, plus the increment)", left, gameTime-(g.Moves[0].Time-inc))
	}
}

// TestIncrementNeedsAGameClock: without a game clock, an increment is
// not told to the players (a per-move limit does not grow).
func TestIncrementNeedsAGameClock(t *testing.T) {
	s := &scripted{}
	play(t, s, firstLegal, Config{MoveTime: time.Minute, Increment: time.Second})
	if s.requests[0].Increment != 0 || s.requests[0].TimeLeft != time.Minute {
		t.Errorf("request %+v, want no increment and a minute a move", s.requests[0])
	}
}

// TestALateRefereeDoesNotBlameThePlayer: a referee that looks for the
// reply only after the limit and the grace are gone (a busy machine that
// wakes it late: testHookAsked sleeps that long) still takes the replies
// that the players made at once, with the times they took, not the
// referee's delay; the timer that has expired meanwhile does not win.
// The limit is long enough for a player on a busy machine to answer in
// it, so only the first few moves are delayed (each by more than the
// limit and the grace), of a game continued near its end.
func TestALateRefereeDoesNotBlameThePlayer(t *testing.T) {
	const limit = 500 * time.Millisecond
	const late = 4 // the replies to the first late requests are looked for late
	delayed := 0
	testHookAsked = func(time.Duration) {
		if delayed < late {
			delayed++
			time.Sleep(limit + DefaultGrace + 100*time.Millisecond)
		}
	}
	defer func() { testHookAsked = nil }()
	var moved []game.Move // the replies, in order (passes are the referee's)
	g, err := Play(context.Background(), firstLegal, firstLegal, Config{
		Game:     lateGame(t, 10),
		MoveTime: limit,
		Observe: func(e Event) {
			if e.Kind == Moved {
				moved = append(moved, e.Move)
			}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if g.Result.Reason == game.Timeout {
		t.Fatalf("result %+v after %d plies: the referee's own delay was counted against the player", g.Result, g.Ply())
	}
	if delayed != late || len(moved) < late {
		t.Fatalf("%d replies looked for late, %d moves: the game is too short for the test", delayed, len(moved))
	}
	for i, m := range moved[:late] {
		if m.Time > limit {
			t.Fatalf("move %d took %v by the record: the referee's delay, not the player's", i+1, m.Time)
		}
	}
}

// lateGame is the game of firstLegal against itself up to the first
// position with at most empties empty squares: a game to continue that
// ends soon.
func lateGame(t *testing.T, empties int) *game.Game {
	t.Helper()
	g := game.New(board.Start(), game.Standard)
	for g.Position().Board.Empties() > empties {
		if g.Over() {
			t.Fatalf("the game ended with %d empty squares", g.Position().Board.Empties())
		}
		if g.PassIfForced() {
			continue
		}
		sq, _ := board.NextSquare(g.Legal())
		if err := g.PlaySquare(sq); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestOddsGiveEachSideItsClock: with time odds (Config.Odds) each colour
// is asked under its own clock: black's game clock and increment, white's
// per-move limit and no game clock; the colour without odds keeps the
// game's. Black, which spends its whole clock on its first move, then
// loses on time, and white, with no game clock, never does.
func TestOddsGiveEachSideItsClock(t *testing.T) {
	black, white := &spender{moves: 1}, &scripted{}
	cfg := Config{MoveTime: time.Minute, GameTime: time.Hour, Grace: 10 * time.Second}
	cfg.Odds[board.Black] = &Clock{GameTime: 200 * time.Millisecond}
	cfg.Odds[board.White] = &Clock{MoveTime: 2 * time.Minute}
	g := play(t, black, white, cfg)
	if g.Result.Reason != game.Timeout || g.Result.By != board.Black || g.Ply() != 2 {
		t.Fatalf("%v after %d plies, want black out of its own clock at its second move", g.Result, g.Ply())
	}
	if r := black.requests[0]; r.GameTimeLeft != 200*time.Millisecond || r.TimeLeft != 200*time.Millisecond {
		t.Errorf("black's first request %+v, want its own 200 ms clock (and the default move limit beyond it)", r)
	}
	if r := white.requests[0]; r.GameTimeLeft != 0 || r.TimeLeft != 2*time.Minute || r.Increment != 0 {
		t.Errorf("white's request %+v, want 2 minutes a move and no game clock", r)
	}

	// Odds for one colour only: the other keeps the game's clock.
	s := &scripted{}
	cfg = Config{MoveTime: time.Minute, GameTime: time.Hour, Increment: time.Second}
	cfg.Odds[board.Black] = &Clock{MoveTime: 3 * time.Minute}
	play(t, firstLegal, s, cfg)
	if r := s.requests[0]; r.GameTimeLeft != time.Hour || r.TimeLeft != time.Minute || r.Increment != time.Second {
		t.Errorf("white without odds: %+v, want the game's hour, minute and second", r)
	}
}

// deadlines records, for every request, the time left it was given and
// whether its context had a deadline, then plays the first legal move.
type deadlines struct {
	left        []time.Duration
	hasDeadline []bool
}

func (d *deadlines) Name() string { return "deadlines" }
func (d *deadlines) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	_, ok := ctx.Deadline()
	d.left, d.hasDeadline = append(d.left, req.TimeLeft), append(d.hasDeadline, ok)
	return firstLegal.Move(ctx, req)
}

// TestUntimedSeat: an untimed seat (a person in a casual game) has no
// per-move limit, whatever MoveTime says, while the other keeps it; a
// game clock still bounds the untimed seat.
func TestUntimedSeat(t *testing.T) {
	for _, tc := range []struct {
		name     string
		cfg      Config
		wantLeft time.Duration // of black's requests
		deadline bool
	}{
		{"no game clock", Config{MoveTime: time.Hour, Untimed: [2]bool{true, false}}, 0, false},
		{"a game clock", Config{MoveTime: time.Hour, GameTime: 10 * time.Hour, Untimed: [2]bool{true, false}}, 10 * time.Hour, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var black, white deadlines
			play(t, &black, &white, tc.cfg)
			for i := range black.left {
				// A game clock's time left shrinks by what the moves
				// took: at most a second on any machine.
				if got := black.left[i]; got > tc.wantLeft || got < tc.wantLeft-time.Second || black.hasDeadline[i] != tc.deadline {
					t.Fatalf("black's request %d: %v left, deadline %v; want %v, deadline %v", i, got, black.hasDeadline[i], tc.wantLeft, tc.deadline)
				}
			}
			for i := range white.left {
				if white.left[i] != time.Hour || !white.hasDeadline[i] {
					t.Fatalf("white's request %d: %v left, deadline %v; want 1h0m0s with a deadline", i, white.left[i], white.hasDeadline[i])
				}
			}
			if len(black.left) == 0 || len(white.left) == 0 {
				t.Fatalf("%d and %d requests", len(black.left), len(white.left))
			}
		})
	}
}
