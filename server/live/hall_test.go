package live

import (
	"context"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/sqlite"
)

// newTestHall returns a hall on a fresh SQLite store, closed (with the
// store) at the end of the test.
func newTestHall(t *testing.T, cfg Config) *Hall {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store = st
	if cfg.MaxGames == 0 {
		cfg.MaxGames, cfg.MaxGamesPerClient = 100, 100
	}
	h := New(cfg)
	t.Cleanup(func() {
		h.Close()
		st.Close()
	})
	return h
}

// seat is a remote seat of kind for a test's game, and its token.
func seat(kind store.SeatKind, name string) (store.Seat, string) {
	token := NewID(16)
	return store.Seat{Kind: kind, Name: name, TokenHash: HashToken(token)}, token
}

// create stores a game from the standard start between the seats, with
// a move time of 30 s, and opens its table.
func create(t *testing.T, h *Hall, black, white store.Seat) *Table {
	t.Helper()
	return createFrom(t, h, "", black, white)
}

// createFrom is create for a game whose first moves are transcript's.
func createFrom(t *testing.T, h *Hall, transcript string, black, white store.Seat) *Table {
	t.Helper()
	rec := &store.Game{ID: NewID(8), Rule: "standard", Start: board.Start().String(), MoveTime: 30 * time.Second, Seats: [2]store.Seat{black, white}}
	g := game.New(board.Start(), game.Standard)
	if err := g.PlayTranscript(transcript); err != nil {
		t.Fatal(err)
	}
	for i, m := range g.Moves {
		rec.Moves = append(rec.Moves, store.Move{Ply: i, Color: int(m.Color), Square: m.Square.String(), At: time.Now()})
	}
	done, err := h.Admit("client")
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	if err := h.Create(context.Background(), rec, "client"); err != nil {
		t.Fatal(err)
	}
	tb, err := h.Open(context.Background(), rec.ID)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// waitState waits, watching t, until its state satisfies ok. The minute
// bounds a wait that would never end, not how quickly the table changes.
func waitState(t *testing.T, tb *Table, what string, ok func(State) bool) State {
	t.Helper()
	wake, unwatch := tb.Watch()
	defer unwatch()
	deadline := time.After(time.Minute)
	for {
		if st := tb.State(); ok(st) {
			return st
		}
		select {
		case <-wake:
		case <-deadline:
			t.Fatalf("never %s: %+v", what, tb.State())
		}
	}
}

// waitEnded waits for the referee of tb to stop.
func waitEnded(t *testing.T, tb *Table) {
	t.Helper()
	select {
	case <-tb.done:
	case <-time.After(time.Minute):
		t.Fatal("the referee never stopped")
	}
}

// holds reports whether h holds a table for the game id.
func holds(h *Hall, id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.tables[id] != nil
}

// TestFinishedTablesForgotten: the table of a finished game between two
// people stays while someone watches it, and is let go of once nobody has
// watched it since the sweep's cutoff; the rematch is then made from the
// store as before.
func TestFinishedTablesForgotten(t *testing.T) {
	h := newTestHall(t, Config{})
	ann, annToken := seat(store.Human, "ann")
	bob, bobToken := seat(store.Human, "bob")
	tb := create(t, h, ann, bob)
	ctx := context.Background()
	if err := tb.Submit(ctx, bobToken, player.Reply{Resign: true}); err != nil {
		t.Fatalf("resign: %v", err)
	}
	waitState(t, tb, "the end", func(st State) bool { return st.Game.Finished() })
	// The state says the end before the referee's goroutine has
	// stopped; the sweep lets go only of tables whose referee has.
	waitEnded(t, tb)
	if !holds(h, tb.ID()) {
		t.Fatal("the table of a finished game between two people was let go of at its end")
	}
	_, unwatch := tb.Watch()
	// A sweep whose cutoff is later than every use: a watched table stays.
	h.forgetFinished(time.Now().Add(time.Hour))
	if !holds(h, tb.ID()) {
		t.Fatal("the table of a watched game was let go of")
	}
	unwatch()
	h.forgetFinished(time.Now().Add(time.Hour))
	if holds(h, tb.ID()) {
		t.Fatal("the table of a finished game nobody watches is still held after the sweep")
	}
	// The rematch, from the store: each asks through a table opened
	// again.
	again, err := h.Open(ctx, tb.ID())
	if err != nil {
		t.Fatal(err)
	}
	if rm, _, err := h.Rematch(ctx, again, HashToken(annToken), "client"); err != nil || rm.Game != "" {
		t.Fatalf("the first to ask, the table forgotten: %+v, %v", rm, err)
	}
	rm, color, err := h.Rematch(ctx, again, HashToken(bobToken), "client")
	if err != nil || rm.Game == "" || color != board.White {
		t.Fatalf("the second to ask: %+v, %v", rm, err)
	}
	next, err := h.Open(ctx, rm.Game)
	if err != nil {
		t.Fatal(err)
	}
	if ns := next.State(); ns.Record.Seats[0].Name != "bob" || ns.Game.Finished() || SeatOf(ns.Record.Seats, HashToken(bobToken)) != int(board.Black) {
		t.Errorf("the rematch: %+v, finished %v", ns.Record.Seats, ns.Game.Finished())
	}
}

// limits are the players' limits of the tests' halls: the server's
// defaults.
var limits = catalog.Limits{HashMB: 64, MemoryMB: 64, Threads: 1, MoveTime: time.Minute, Depth: 24}

// TestLiveThinking: while a built-in engine thinks, the table's state
// shows its best line so far, at a depth, and no longer once it moved.
// The player is held at its first report shown (Hall.shown) until the
// test has read the state: however slow the machine, the report is
// there to be seen before the move, and a move clock of 30 s is not run
// out by the hold.
func TestLiveThinking(t *testing.T) {
	for _, tt := range []struct {
		spec string
		unit player.Unit
	}{
		{"engine:level=60,time=2s", player.UnitDiscs},   // as deep as its 2 s allow
		{"mcts:time=1500ms,threads=1", player.UnitRate}, // Monte Carlo: playouts and win rate
	} {
		t.Run(tt.spec, func(t *testing.T) {
			h := newTestHall(t, Config{Limits: limits, MaxSearches: 2, MaxSearchesPerClient: 1, PoolSize: 4})
			shown, release := make(chan string, 1), make(chan struct{})
			var hold sync.Once
			h.shown = func(id string) { // before any game
				hold.Do(func() {
					shown <- id
					<-release
				})
			}
			var once sync.Once
			free := func() { once.Do(func() { close(release) }) }
			defer free() // whatever happens, the player goes on
			bot, _ := seat(store.Bot, "bot")
			// A position out of the opening book, black (the computer) to move.
			tb := createFrom(t, h, "f5f6c4c5g7f3e3f2b5h8e2a5g4c3g1g5g6e1b6h7",
				store.Seat{Kind: store.Builtin, Spec: tt.spec}, bot)
			first := tb.State()
			legal, prefix := first.Game.Legal(), len(first.Game.Moves) // the transcript's moves, kept as the game's history
			if prefix != 20 {
				t.Fatalf("a game from a 20-move transcript has %d moves", prefix)
			}
			// (The engine is built before its clock starts: under the race
			// detector its 64 MB table takes seconds. The minute bounds a
			// player that never reports.)
			select {
			case id := <-shown:
				if id != tb.ID() {
					t.Fatalf("a report shown for game %s, want %s", id, tb.ID())
				}
			case <-time.After(time.Minute):
				t.Fatal("no live report shown within a minute")
			}
			st := tb.State() // the player waits
			free()
			if len(st.Game.Moves) > prefix {
				t.Fatalf("the computer moved while held at its report")
			}
			live := st.Live
			if live == nil || st.LiveOf != st.Game.Ply() || live.Kind.String() == "" || len(live.PV) == 0 || !live.HasEval {
				t.Fatalf("no live thinking in the state while the report is shown: %+v (of ply %d)", live, st.LiveOf)
			}
			if live.Unit != tt.unit || tt.unit == player.UnitRate && live.Nodes == 0 {
				t.Errorf("live thinking in %v with %d nodes, want %v", live.Unit, live.Nodes, tt.unit)
			}
			if !slices.Contains(board.Squares(legal), live.PV[0]) {
				t.Errorf("live line %v does not start with a legal move of %v", live.PV, board.Squares(legal))
			}
			st = waitState(t, tb, "the computer's move", func(st State) bool { return len(st.Game.Moves) > prefix })
			if st.LiveOf == st.Game.Ply() || len(st.Game.Moves) != prefix+1 {
				t.Errorf("after the move: live of ply %d at ply %d, %d moves", st.LiveOf, st.Game.Ply(), len(st.Game.Moves))
			}
		})
	}
}

// TestOpenSeatAbandoned: a game whose open seat nobody took before the
// sweep's cutoff ends, abandoned by the open side, nobody winning, and
// the hall lets its table go; a game that has its players is not
// touched.
func TestOpenSeatAbandoned(t *testing.T) {
	h := newTestHall(t, Config{})
	ann, _ := seat(store.Human, "ann")
	waiting := create(t, h, ann, store.Seat{Kind: store.Open})
	bob, _ := seat(store.Bot, "bob")
	cy, _ := seat(store.Bot, "cy")
	playing := create(t, h, bob, cy)
	h.abandonWaiting(time.Now().Add(time.Hour))
	st := waiting.State()
	if r := st.Game.Result; r.Reason != game.Abandoned || r.By != board.White || r.Winner != board.NoColor || r.Detail == "" {
		t.Fatalf("the waiting game after the sweep: %+v", r)
	}
	rec, err := h.cfg.Store.Get(context.Background(), waiting.ID())
	if err != nil || rec.Result == nil || rec.Result.Reason != game.Abandoned.String() {
		t.Fatalf("the waiting game in the store: %+v, %v", rec, err)
	}
	if holds(h, waiting.ID()) {
		t.Error("the hall still holds the abandoned game")
	}
	if st := playing.State(); st.Game.Finished() || !holds(h, playing.ID()) {
		t.Errorf("the game with its players after the sweep: finished %v, held %v", st.Game.Finished(), holds(h, playing.ID()))
	}
}
