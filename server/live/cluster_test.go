package live

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/postgres"
	"github.com/reversi-engine/reversi/store/postgres/pgtest"
)

// newPostgresHall is a hall on the PostgreSQL database dsn, as one
// process of several would run it, with a lease of an hour: no claim
// lapses during a test, and the periodic sweep never runs (a test of a
// take-over expires the claim in the store and sweeps itself).
func newPostgresHall(t *testing.T, dsn, owner string) (*Hall, store.Store) {
	t.Helper()
	st, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	h := New(Config{Store: st, Owner: owner, Lease: time.Hour, MaxGames: 100, MaxGamesPerClient: 100})
	t.Cleanup(func() {
		h.Close()
		st.Close()
	})
	return h, st
}

// sq is the square named text.
func sq(text string) board.Square { return board.MustParseSquare(text) }

// TestTwoHalls: two halls on one database hold the same game. One
// referees it; the other mirrors it, takes its open seat, forwards the
// moves to the referee's process (the refusals keep their meaning), sees
// each change, and, once the referee's process stops and its claim
// lapses, takes the game over.
func TestTwoHalls(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	a, _ := newPostgresHall(t, dsn, "hall-a")
	b, bst := newPostgresHall(t, dsn, "hall-b")
	ctx := context.Background()
	ann, annToken := seat(store.Bot, "ann")
	open, invite := seat(store.Open, "")
	ta := create(t, a, ann, open)
	tb, err := b.Open(ctx, ta.ID())
	if err != nil {
		t.Fatal(err)
	}
	bob, bobToken := seat(store.Bot, "bob")
	if c, err := b.Join(ctx, tb, "", bob, invite); err != nil || c != board.White {
		t.Fatalf("the join through the mirror: %v, %v", c, err)
	}
	waitState(t, ta, "playing on the referee's hall", func(st State) bool { return st.Record.Seats[1].Name == "bob" })
	if err := ta.Submit(ctx, annToken, player.Reply{Move: sq("f5")}); err != nil {
		t.Fatalf("black's move on the referee's hall: %v", err)
	}
	waitState(t, tb, "the move seen on the mirror", func(st State) bool { return st.Game.Ply() == 1 })
	for _, c := range []struct {
		token string
		move  board.Square
		want  error
	}{
		{"nonsense", sq("d6"), ErrBadToken},
		{annToken, sq("d6"), ErrNotYourTurn},
	} {
		if err := tb.Submit(ctx, c.token, player.Reply{Move: c.move}); !errors.Is(err, c.want) {
			t.Errorf("through the mirror, %v: %v, want %v", c.move, err, c.want)
		}
	}
	if err := tb.Submit(ctx, bobToken, player.Reply{Move: board.A1}); err == nil {
		t.Error("an illegal move through the mirror was accepted")
	}
	if err := tb.Submit(ctx, bobToken, player.Reply{Move: sq("d6")}); err != nil {
		t.Fatalf("white's move through the mirror: %v", err)
	}
	if st := ta.State(); st.Game.Ply() != 2 || st.Game.Turn() != board.Black {
		t.Fatalf("the referee's hall after a forwarded move: %s", st.Game.Transcript())
	}
	sb := waitState(t, tb, "in sync", func(st State) bool { return st.Game.Ply() == 2 })
	if sa := ta.State(); sa.Revision != sb.Revision || sa.Game.Position() != sb.Game.Position() {
		t.Errorf("the halls differ: revision %d and %d", sa.Revision, sb.Revision)
	}
	// The referee's hall stops, its claim lapses (expired in the store,
	// as time would), and b's sweep takes the game over.
	a.Close()
	kept, err := bst.(store.Cluster).Renew(ctx, "hall-a", []string{ta.ID()}, time.Now().Add(-time.Second))
	if _, held := kept[ta.ID()]; err != nil || !held {
		t.Fatalf("hall a's claim on the game before it lapsed: %v, %v", kept, err)
	}
	b.Sweep(ctx)
	for _, m := range []struct {
		token string
		sq    board.Square
	}{{annToken, sq("c3")}, {bobToken, sq("d3")}} {
		if err := tb.Submit(ctx, m.token, player.Reply{Move: m.sq}); err != nil {
			t.Fatalf("move %v after the take-over: %v", m.sq, err)
		}
	}
	if tr := tb.State().Game.Transcript(); tr != "f5d6c3d3" {
		t.Fatalf("after the take-over: %s", tr)
	}
	rec, err := bst.Get(ctx, ta.ID())
	if err != nil || len(rec.Moves) != 4 {
		t.Fatalf("stored: %+v, %v", rec, err)
	}
}
