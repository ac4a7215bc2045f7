package live

import (
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/store"
)

// TestStoredResults: a stored result reads back as it was written, and
// one the server does not know is an error, not a silent normal end.
func TestStoredResults(t *testing.T) {
	for r := game.Normal; r <= game.Abandoned; r++ {
		want := game.Result{Reason: r, Winner: board.White, By: board.Black, Black: 30, White: 31, Detail: "x"}
		got, err := ResultOf(ptr(storedResult(want)))
		if err != nil || got != want {
			t.Errorf("%v: read back %+v, %v", r, got, err)
		}
	}
	for _, bad := range []store.Result{{Reason: "won on points", Winner: "black", By: "none"}, {Reason: "in progress", Winner: "none", By: "none"},
		{Reason: "timeout", Winner: "purple", By: "black"}} {
		if got, err := ResultOf(&bad); err == nil {
			t.Errorf("%+v read back as %+v", bad, got)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// TestReplay: a stored game replays to its moves, clocks' times and
// result; a stored game with an illegal move does not replay.
func TestReplay(t *testing.T) {
	rec := &store.Game{Rule: "standard", Start: board.Start().String(), Moves: []store.Move{
		{Ply: 0, Color: 0, Square: "d3", Elapsed: time.Second},
		{Ply: 1, Color: 1, Square: "c5", Elapsed: 2 * time.Second, Eval: 1.5, HasEval: true},
	}}
	g, err := Replay(rec)
	if err != nil {
		t.Fatal(err)
	}
	if g.Ply() != 2 || g.Finished() {
		t.Fatalf("replayed to ply %d, finished %v; want ply 2 in progress", g.Ply(), g.Finished())
	}
	rec.Result = ptr(storedResult(game.Result{Reason: game.Resignation, Winner: board.White, By: board.Black, Black: 3, White: 3}))
	if g, err = Replay(rec); err != nil || g.Result.Reason != game.Resignation || g.Result.Winner != board.White {
		t.Fatalf("replayed with a result: %+v, %v", g.Result, err)
	}
	rec.Moves = append(rec.Moves, store.Move{Ply: 2, Color: 0, Square: "a1"})
	if _, err := Replay(rec); err == nil {
		t.Fatal("a1 replayed")
	}
}

// TestSeatOf: a token's hash names its seat, and no other.
func TestSeatOf(t *testing.T) {
	seats := [2]store.Seat{{Kind: store.Human, TokenHash: HashToken("b")}, {Kind: store.Builtin, Spec: "random"}}
	for _, c := range []struct {
		token string
		want  int
	}{{"b", 0}, {"w", -1}, {"", -1}} {
		if got := SeatOf(seats, HashToken(c.token)); got != c.want {
			t.Errorf("token %q: seat %d, want %d", c.token, got, c.want)
		}
	}
	if got := SeatOf(seats, ""); got != -1 {
		t.Errorf("an empty hash holds seat %d", got)
	}
	if a, b := SeatName(seats[0]), SeatName(seats[1]); a != "human" || b != "random" {
		t.Errorf("seat names %q, %q; want human, random", a, b)
	}
}
