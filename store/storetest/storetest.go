// The contract suite of the stores.

package storetest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/store"
)

// Run runs the contract tests on the stores that open returns, a fresh
// (empty) store for each test.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		f    func(t *testing.T, s store.Store)
	}{
		{"CreateGet", testCreateGet},
		{"Moves", testMoves},
		{"CreateWithMoves", testCreateWithMoves},
		{"Seats", testSeats},
		{"SwapSeats", testSwapSeats},
		{"Finish", testFinish},
		{"Truncate", testTruncate},
		{"List", testList},
		{"Revision", testRevision},
		{"ConcurrentMoves", testConcurrentMoves},
		{"NotFound", testNotFound},
		{"Rematch", testRematch},
		{"ConcurrentRematch", testConcurrentRematch},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			defer s.Close()
			tt.f(t, s)
		})
	}
}

// ClusterStore is a game store with the claims and submissions of
// several processes.
type ClusterStore interface {
	store.Store
	store.Cluster
}

// RunCluster runs the contract tests of store.Cluster on the stores that
// open returns, a fresh (empty) store for each test.
func RunCluster(t *testing.T, open func(t *testing.T) ClusterStore) {
	runGroup(t, "Cluster", open, []namedTest[ClusterStore]{
		{"Claim", testClaim},
		{"NotChanges", testNotChanges},
		{"Submissions", testSubmissions},
		{"SwapSeatsFor", testSwapSeatsFor},
		{"NotFound", testClusterNotFound},
	})
}

// raceOne runs n changes at once (change(i), the i-th) and fails the
// test unless exactly one is written and the others are refused as
// conflicts (ErrConflict).
func raceOne(t *testing.T, n int, change func(i int) error) {
	t.Helper()
	var written, refused atomic.Int32
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			switch err := change(i); {
			case err == nil:
				written.Add(1)
			case errors.Is(err, store.ErrConflict):
				refused.Add(1)
			default:
				t.Errorf("change %d: %v", i, err)
			}
		})
	}
	wg.Wait()
	if written.Load() != 1 || refused.Load() != int32(n-1) {
		t.Fatalf("%d changes written, %d refused; want 1 and %d", written.Load(), refused.Load(), n-1)
	}
}

// namedTest is a contract test of a store of kind S, by name.
type namedTest[S any] struct {
	name string
	f    func(t *testing.T, s S)
}

// runGroup runs tests as subtests of group, each on a fresh (empty)
// store that open returns, closed after it.
func runGroup[S interface{ Close() error }](t *testing.T, group string, open func(t *testing.T) S, tests []namedTest[S]) {
	t.Run(group, func(t *testing.T) {
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				s := open(t)
				defer s.Close()
				tt.f(t, s)
			})
		}
	})
}

// newGame returns a game with a human and a built-in player.
func newGame(id string) *store.Game {
	return &store.Game{
		ID:        id,
		Rule:      "standard",
		Start:     "---------------------------OX------XO--------------------------- X",
		MoveTime:  30 * time.Second,
		GameTime:  5 * time.Minute,
		Increment: 3 * time.Second,
		Seats: [2]store.Seat{
			{Kind: store.Human, Name: "ada", TokenHash: "abc123"},
			{Kind: store.Builtin, Name: "engine", Spec: "engine:level=5"},
		},
	}
}

func testCreateGet(t *testing.T, s store.Store) {
	ctx := context.Background()
	g := newGame("g1")
	if err := s.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(ctx, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != "g1" || got.Rule != g.Rule || got.Start != g.Start || got.MoveTime != g.MoveTime || got.GameTime != g.GameTime || got.Increment != g.Increment ||
		got.Seats != g.Seats || len(got.Moves) != 0 || got.Result != nil || got.Analysis {
		t.Fatalf("read back %+v, stored %+v", got, g)
	}
	a := newGame("g-analysis")
	a.Analysis = true
	if err := s.Create(ctx, a); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get(ctx, "g-analysis"); err != nil || !got.Analysis {
		t.Fatalf("an analysis game read back %+v, %v: not an analysis game", got, err)
	}
	if got.Created.IsZero() || time.Since(got.Created) > time.Minute {
		t.Errorf("created at %v", got.Created)
	}
	if err := s.Create(ctx, newGame("g1")); err == nil {
		t.Errorf("a second game with the same id was created")
	}
}

func testMoves(t *testing.T, s store.Store) {
	ctx := context.Background()
	s.Create(ctx, newGame("m"))
	moves := []store.Move{
		{Ply: 0, Color: 0, Square: "F5", Elapsed: 1500 * time.Millisecond},
		{Ply: 1, Color: 1, Square: "D6", Elapsed: 20 * time.Millisecond, Eval: -1.25, HasEval: true, Thinking: `{"depth":"8"}`},
		{Ply: 2, Color: 0, Square: "PA"},
	}
	for _, m := range moves {
		if err := s.AppendMove(ctx, "m", m); err != nil {
			t.Fatalf("move %d: %v", m.Ply, err)
		}
	}
	// A move number already taken, or one skipped, is a conflict.
	for _, ply := range []int{2, 4} {
		if err := s.AppendMove(ctx, "m", store.Move{Ply: ply, Square: "C3"}); !errors.Is(err, store.ErrConflict) {
			t.Errorf("move %d out of turn: %v", ply, err)
		}
	}
	g, err := s.Get(ctx, "m")
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 3 {
		t.Fatalf("%d moves read back", len(g.Moves))
	}
	for i, m := range g.Moves {
		w := moves[i]
		if m.Ply != w.Ply || m.Color != w.Color || m.Square != w.Square || m.Elapsed != w.Elapsed || m.HasEval != w.HasEval ||
			m.Eval != w.Eval || m.Thinking != w.Thinking || m.At.IsZero() {
			t.Errorf("move %d: %+v, stored %+v", i, m, w)
		}
	}
}

// testCreateWithMoves: a game created with its first moves is stored
// with them at once (read back, the next move numbered after them, and
// how many of them were its opening); one whose moves are misnumbered,
// or that says it has more opening moves than moves, is refused and not
// stored.
func testCreateWithMoves(t *testing.T, s store.Store) {
	ctx := context.Background()
	g := newGame("o")
	g.Moves = []store.Move{{Ply: 0, Color: 0, Square: "F5"}, {Ply: 1, Color: 1, Square: "D6"}, {Ply: 2, Color: 0, Square: "C3"}}
	g.OpeningMoves = 2
	if err := s.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	got, err := s.Get(ctx, "o")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Moves) != 3 || got.Moves[2].Square != "C3" || got.Moves[0].At.IsZero() {
		t.Fatalf("the first moves read back: %+v", got.Moves)
	}
	if got.OpeningMoves != 2 {
		t.Errorf("the opening moves read back: %d, want 2", got.OpeningMoves)
	}
	if err := s.AppendMove(ctx, "o", store.Move{Ply: 2, Color: 0, Square: "E6"}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a move over the first ones: %v, want a conflict", err)
	}
	if err := s.AppendMove(ctx, "o", store.Move{Ply: 3, Color: 1, Square: "D3"}); err != nil {
		t.Errorf("the move after the first ones: %v", err)
	}
	bad := newGame("p")
	bad.Moves = []store.Move{{Ply: 1, Color: 0, Square: "F5"}}
	if err := s.Create(ctx, bad); err == nil {
		t.Error("a game whose first move is numbered 1 was stored")
	}
	if _, err := s.Get(ctx, "p"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the game refused: %v, want not found", err)
	}
	over := newGame("q")
	over.Moves = []store.Move{{Ply: 0, Color: 0, Square: "F5"}}
	over.OpeningMoves = 2
	if err := s.Create(ctx, over); err == nil {
		t.Error("a game of 1 move with 2 opening moves was stored")
	}
	if _, err := s.Get(ctx, "q"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the game refused: %v, want not found", err)
	}
}

func testSeats(t *testing.T, s store.Store) {
	ctx := context.Background()
	g := newGame("s")
	g.Seats[1] = store.Seat{Kind: store.Open, TokenHash: "00ff"} // the invitation's
	s.Create(ctx, g)
	open := func() bool {
		list, err := s.List(ctx, store.ListOptions{Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		for _, sum := range list {
			if sum.ID == "s" {
				return sum.Open
			}
		}
		t.Fatal("the game is not listed")
		return false
	}
	if got, _ := s.Get(ctx, "s"); got.Seats[1].TokenHash != "00ff" {
		t.Errorf("open seat read back %+v: the invitation's hash lost", got.Seats[1])
	}
	if !open() {
		t.Errorf("a game with an open seat is not listed as open")
	}
	bot := store.Seat{Kind: store.Bot, Name: "mybot", TokenHash: "ff00"}
	if err := s.TakeSeat(ctx, "s", 1, bot); err != nil {
		t.Fatal(err)
	}
	if open() {
		t.Errorf("a game whose seats are taken is listed as open")
	}
	if err := s.TakeSeat(ctx, "s", 1, store.Seat{Kind: store.Human, Name: "late"}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a taken seat was taken again: %v", err)
	}
	if err := s.TakeSeat(ctx, "s", 0, bot); !errors.Is(err, store.ErrConflict) {
		t.Errorf("black's seat (not open) was taken: %v", err)
	}
	got, _ := s.Get(ctx, "s")
	if got.Seats[1] != bot {
		t.Errorf("seat read back %+v", got.Seats[1])
	}
}

// testSwapSeats: the two seats change colours, each whole (kind, name,
// spec, token), counted in the revision; not once the game is over, nor
// in a game that does not exist.
func testSwapSeats(t *testing.T, s store.Store) {
	ctx := context.Background()
	human, computer := createAgainstEngine(t, s, "w")
	s.AppendMove(ctx, "w", store.Move{Ply: 0, Color: 0, Square: "F5"})
	before, _ := s.Get(ctx, "w")
	if err := s.SwapSeats(ctx, "w"); err != nil {
		t.Fatal(err)
	}
	after, _ := s.Get(ctx, "w")
	if after.Seats != [2]store.Seat{computer, human} {
		t.Errorf("after the swap the seats are %+v", after.Seats)
	}
	if after.Revision != before.Revision+1 || len(after.Moves) != 1 {
		t.Errorf("after the swap: revision %d (was %d), %d moves", after.Revision, before.Revision, len(after.Moves))
	}
	// The switches are kept with the number of moves made before each;
	// an undo to before a switch brings it back there.
	if !slices.Equal(before.Switches, nil) || !slices.Equal(after.Switches, []int{1}) {
		t.Errorf("the switches: %v before the swap, %v after, want none, then [1]", before.Switches, after.Switches)
	}
	for ply, sq := range []string{"D6", "C3", "D3"} {
		if err := s.AppendMove(ctx, "w", store.Move{Ply: ply + 1, Color: (ply + 1) % 2, Square: sq}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SwapSeats(ctx, "w"); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Get(ctx, "w"); !slices.Equal(g.Switches, []int{1, 4}) {
		t.Errorf("after a second swap at 4 moves the switches are %v, want [1 4]", g.Switches)
	}
	if err := s.Truncate(ctx, "w", 2); err != nil {
		t.Fatal(err)
	}
	if g, _ := s.Get(ctx, "w"); !slices.Equal(g.Switches, []int{1, 2}) || g.Seats != [2]store.Seat{human, computer} {
		t.Errorf("after an undo to 2 moves the switches are %v (want [1 2]), the seats %+v", g.Switches, g.Seats)
	}
	s.Finish(ctx, "w", store.Result{Reason: "resignation", Winner: "white", By: "black"})
	if err := s.SwapSeats(ctx, "w"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("the seats of a finished game swapped: %v", err)
	}
	if err := s.SwapSeats(ctx, "none"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SwapSeats of no game: %v", err)
	}
}

// createAgainstEngine stores game id between a person (black) and the
// engine (white), and returns their seats.
func createAgainstEngine(t *testing.T, s store.Store, id string) (human, computer store.Seat) {
	t.Helper()
	g := newGame(id)
	human = store.Seat{Kind: store.Human, Name: "ann", TokenHash: "aa11"}
	computer = store.Seat{Kind: store.Builtin, Name: "Engine", Spec: "engine:level=4"}
	g.Seats = [2]store.Seat{human, computer}
	if err := s.Create(context.Background(), g); err != nil {
		t.Fatal(err)
	}
	return human, computer
}

func testFinish(t *testing.T, s store.Store) {
	ctx := context.Background()
	s.Create(ctx, newGame("f"))
	s.AppendMove(ctx, "f", store.Move{Ply: 0, Square: "F5"})
	r := store.Result{Reason: "resignation", Winner: "white", By: "black", Black: 4, White: 1, Detail: "typed Q"}
	if err := s.Finish(ctx, "f", r); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(ctx, "f", r); !errors.Is(err, store.ErrConflict) {
		t.Errorf("finished twice: %v", err)
	}
	if err := s.AppendMove(ctx, "f", store.Move{Ply: 1, Square: "D6"}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a move after the end: %v", err)
	}
	g, _ := s.Get(ctx, "f")
	if g.Result == nil || *g.Result != r {
		t.Errorf("result read back %+v", g.Result)
	}
}

func testList(t *testing.T, s store.Store) {
	ctx := context.Background()
	for i := range 5 {
		s.Create(ctx, newGame(fmt.Sprintf("l%d", i)))
		time.Sleep(2 * time.Millisecond)
	}
	s.AppendMove(ctx, "l1", store.Move{Ply: 0, Square: "F5"})
	s.Finish(ctx, "l2", store.Result{Reason: "normal end", Winner: "none", By: "none", Black: 32, White: 32})
	all, err := s.List(ctx, store.ListOptions{FirstMoves: true})
	if err != nil || len(all) != 5 {
		t.Fatalf("%d games listed, %v", len(all), err)
	}
	if all[0].ID != "l2" || all[1].ID != "l1" {
		t.Errorf("order %s %s: want the most recently updated first", all[0].ID, all[1].ID)
	}
	if all[1].Plies != 1 || all[1].Black != "ada" || all[1].White != "engine" || all[1].Rule != "standard" || all[1].Start != newGame("").Start {
		t.Errorf("summary %+v", all[1])
	}
	if fmt.Sprint(all[1].FirstMoves) != "[F5]" || all[0].FirstMoves != nil {
		t.Errorf("first moves %q and %q, want [F5] and none", all[1].FirstMoves, all[0].FirstMoves)
	}
	// A long game: its first SummaryMoves moves, in order.
	long := newGame("long")
	s.Create(ctx, long)
	squares := []string{}
	for ply := range store.SummaryMoves + 5 {
		sq := fmt.Sprintf("%c%d", 'A'+ply%8, 1+ply/8%8)
		squares = append(squares, sq)
		if err := s.AppendMove(ctx, "long", store.Move{Ply: ply, Square: sq}); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := s.List(ctx, store.ListOptions{Limit: 1, FirstMoves: true}); err != nil || len(got) != 1 || got[0].ID != "long" || got[0].Plies != store.SummaryMoves+5 ||
		fmt.Sprint(got[0].FirstMoves) != fmt.Sprint(squares[:store.SummaryMoves]) {
		t.Errorf("the long game listed: %+v, %v; want its first %d moves", got, err, store.SummaryMoves)
	}
	// More games than a query of first moves takes (the batches of
	// sqlbase): each keeps its own.
	for i := range 1200 {
		id := fmt.Sprintf("many%04d", i)
		s.Create(ctx, newGame(id))
		if i%7 == 0 {
			s.AppendMove(ctx, id, store.Move{Ply: 0, Square: "D3"})
		}
	}
	many, err := s.List(ctx, store.ListOptions{Live: true, Limit: 100000, FirstMoves: true})
	if err != nil || len(many) != 1205 {
		t.Fatalf("%d live games listed, %v; want 1205", len(many), err)
	}
	for _, g := range many {
		var n int
		if _, err := fmt.Sscanf(g.ID, "many%04d", &n); err == nil && (len(g.FirstMoves) == 1) != (n%7 == 0) {
			t.Errorf("game %s lists first moves %v", g.ID, g.FirstMoves)
		}
	}
	// Without FirstMoves, none are read.
	if plain, err := s.List(ctx, store.ListOptions{Limit: 1}); err != nil || len(plain) != 1 || plain[0].FirstMoves != nil {
		t.Errorf("a list without FirstMoves: %+v, %v", plain, err)
	}
	live, _ := s.List(ctx, store.ListOptions{Live: true})
	done, _ := s.List(ctx, store.ListOptions{Finished: true})
	if len(live) != 100 || len(done) != 1 || !done[0].Finished || done[0].Result == nil {
		t.Errorf("%d live, %d finished", len(live), len(done))
	}
	if few, _ := s.List(ctx, store.ListOptions{Limit: 2}); len(few) != 2 {
		t.Errorf("limit 2: %d games", len(few))
	}
}

func testClaim(t *testing.T, s ClusterStore) {
	ctx := context.Background()
	s.Create(ctx, newGame("c"))
	soon := time.Now().Add(time.Hour)
	if ok, err := s.Claim(ctx, "c", "server-a", soon); !ok || err != nil {
		t.Fatalf("first claim: %v %v", ok, err)
	}
	if ok, _ := s.Claim(ctx, "c", "server-b", soon); ok {
		t.Errorf("a second server claimed a game claimed by another")
	}
	if ok, _ := s.Claim(ctx, "c", "server-a", soon.Add(time.Hour)); !ok {
		t.Errorf("the owner could not renew its claim")
	}
	s.Create(ctx, newGame("c2"))
	unclaimed, err := s.List(ctx, store.ListOptions{Live: true, Unclaimed: true})
	if err != nil || len(unclaimed) != 1 || unclaimed[0].ID != "c2" {
		t.Errorf("unclaimed games: %+v, %v (want c2 only)", unclaimed, err)
	}
	// Renewal in bulk keeps only the claims held.
	s.Create(ctx, newGame("c3"))
	s.Claim(ctx, "c3", "server-b", soon)
	kept, err := s.Renew(ctx, "server-a", []string{"c", "c3", "none"}, soon.Add(2*time.Hour))
	if rev, ok := kept["c"]; err != nil || len(kept) != 1 || !ok || rev != 1 {
		t.Errorf("renewing c and c3 for server-a: %v, %v (want c at revision 1)", kept, err)
	}
	if ok, _ := s.Claim(ctx, "c", "server-b", soon.Add(90*time.Minute)); ok {
		t.Errorf("the renewed claim lapsed")
	}
	if kept, err := s.Renew(ctx, "server-a", nil, soon); err != nil || len(kept) != 0 {
		t.Errorf("renewing nothing: %v, %v", kept, err)
	}
	s.Claim(ctx, "c2", "server-a", time.Now().Add(-time.Second)) // expired at once
	if ok, _ := s.Claim(ctx, "c2", "server-b", soon); !ok {
		t.Errorf("an expired claim was not taken over")
	}
}

// testConcurrentMoves: many goroutines race to add each move; exactly
// one wins each, and no move is lost or doubled.
func testConcurrentMoves(t *testing.T, s store.Store) {
	ctx := context.Background()
	s.Create(ctx, newGame("race"))
	const plies, racers = 30, 4
	var wg sync.WaitGroup
	wins := make([]int, plies)
	var mu sync.Mutex
	for r := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ply := range plies {
				for {
					err := s.AppendMove(ctx, "race", store.Move{Ply: ply, Color: ply % 2, Square: fmt.Sprintf("r%d", r)})
					if err == nil {
						mu.Lock()
						wins[ply]++
						mu.Unlock()
						break
					}
					if errors.Is(err, store.ErrConflict) {
						g, _ := s.Get(ctx, "race")
						if len(g.Moves) > ply {
							break // someone else's
						}
						continue
					}
					t.Errorf("move %d: %v", ply, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	g, _ := s.Get(ctx, "race")
	if len(g.Moves) != plies {
		t.Fatalf("%d moves stored, want %d", len(g.Moves), plies)
	}
	for ply, n := range wins {
		if n != 1 || g.Moves[ply].Ply != ply {
			t.Errorf("move %d: %d winners", ply, n)
		}
	}
}

func testNotFound(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, err := s.Get(ctx, "none"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get: %v", err)
	}
	if err := s.AppendMove(ctx, "none", store.Move{Square: "F5"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AppendMove: %v", err)
	}
	if err := s.TakeSeat(ctx, "none", 0, store.Seat{Kind: store.Human}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("TakeSeat: %v", err)
	}
	if err := s.Finish(ctx, "none", store.Result{}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Finish: %v", err)
	}
}

func testClusterNotFound(t *testing.T, s ClusterStore) {
	ctx := context.Background()
	if _, err := s.Claim(ctx, "none", "x", time.Now()); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Claim: %v", err)
	}
}

func testTruncate(t *testing.T, s store.Store) {
	ctx := context.Background()
	s.Create(ctx, newGame("u"))
	for i, sq := range []string{"F5", "D6", "C3", "D3"} {
		s.AppendMove(ctx, "u", store.Move{Ply: i, Color: i % 2, Square: sq})
	}
	if err := s.Truncate(ctx, "u", 2); err != nil {
		t.Fatal(err)
	}
	g, _ := s.Get(ctx, "u")
	if len(g.Moves) != 2 || g.Moves[1].Square != "D6" {
		t.Fatalf("after taking back two moves: %d moves", len(g.Moves))
	}
	if err := s.AppendMove(ctx, "u", store.Move{Ply: 2, Color: 0, Square: "C4"}); err != nil {
		t.Errorf("a move after the undo: %v", err)
	}
	if err := s.Truncate(ctx, "u", 3); !errors.Is(err, store.ErrConflict) {
		t.Errorf("taking back a move not played: %v", err)
	}
	s.Finish(ctx, "u", store.Result{Reason: "resignation", Winner: "white", By: "black"})
	if err := s.Truncate(ctx, "u", 0); !errors.Is(err, store.ErrConflict) {
		t.Errorf("an undo after the end: %v", err)
	}
}

// testRevision: every change of a game counts once in its revision, and
// nothing else does.
func testRevision(t *testing.T, s store.Store) {
	ctx := context.Background()
	g := newGame("r")
	g.Seats[1] = store.Seat{Kind: store.Open}
	s.Create(ctx, g)
	rev := func() int64 {
		g, err := s.Get(ctx, "r")
		if err != nil {
			t.Fatal(err)
		}
		return g.Revision
	}
	r0 := rev()
	steps := []struct {
		name string
		do   func() error
	}{
		{"seat", func() error { return s.TakeSeat(ctx, "r", 1, store.Seat{Kind: store.Bot, Name: "b", TokenHash: "11"}) }},
		{"move", func() error { return s.AppendMove(ctx, "r", store.Move{Ply: 0, Color: 0, Square: "F5"}) }},
		{"move", func() error { return s.AppendMove(ctx, "r", store.Move{Ply: 1, Color: 1, Square: "D6"}) }},
		{"undo", func() error { return s.Truncate(ctx, "r", 1) }},
		{"result", func() error {
			return s.Finish(ctx, "r", store.Result{Reason: "resignation", Winner: "black", By: "white"})
		}},
	}
	for i, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got := rev(); got != r0+int64(i)+1 {
			t.Fatalf("after %d changes (%s) the revision is %d, from %d", i+1, st.name, got, r0)
		}
	}
	// A refused change is not a change.
	s.AppendMove(ctx, "r", store.Move{Ply: 5, Square: "C3"})
	if got := rev(); got != r0+int64(len(steps)) {
		t.Errorf("the revision moved to %d without a change", got)
	}
}

// testNotChanges: claims, submissions and verdicts do not count in the
// revision of the game.
func testNotChanges(t *testing.T, s ClusterStore) {
	ctx := context.Background()
	s.Create(ctx, newGame("r"))
	rev := func() int64 {
		g, err := s.Get(ctx, "r")
		if err != nil {
			t.Fatal(err)
		}
		return g.Revision
	}
	r0 := rev()
	s.Claim(ctx, "r", "x", time.Now().Add(time.Minute))
	s.Submit(ctx, store.Submission{ID: "rs", Game: "r", Action: "move", Square: "C3"})
	s.Decide(ctx, "rs", "")
	if got := rev(); got != r0 {
		t.Errorf("the revision moved from %d to %d without a change", r0, got)
	}
}

func testSubmissions(t *testing.T, s ClusterStore) {
	ctx := context.Background()
	s.Create(ctx, newGame("q"))
	subs := []store.Submission{
		{ID: "s1", Game: "q", TokenHash: "abc123", Action: "move", Square: "F5"},
		{ID: "s2", Game: "q", TokenHash: "abc123", Action: "resign"},
	}
	for _, sub := range subs {
		if err := s.Submit(ctx, sub); err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Millisecond) // distinct times: the order is theirs
	}
	if err := s.Submit(ctx, subs[0]); err == nil {
		t.Errorf("a submission id was used twice")
	}
	if err := s.Submit(ctx, store.Submission{ID: "s3", Game: "none", Action: "undo"}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a submission to no game: %v", err)
	}
	pending, err := s.Pending(ctx, "q")
	if err != nil || len(pending) != 2 || pending[0].ID != "s1" || pending[1].Action != "resign" ||
		pending[0].Square != "F5" || pending[0].TokenHash != "abc123" || pending[0].Decided || pending[0].Created.IsZero() {
		t.Fatalf("pending: %+v, %v", pending, err)
	}
	if err := s.Decide(ctx, "s1", ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Decide(ctx, "s1", "too late"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a submission was decided twice: %v", err)
	}
	if err := s.Decide(ctx, "s2", "it is not your turn"); err != nil {
		t.Fatal(err)
	}
	if err := s.Decide(ctx, "s9", ""); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("deciding no submission: %v", err)
	}
	if pending, _ := s.Pending(ctx, "q"); len(pending) != 0 {
		t.Errorf("still pending: %+v", pending)
	}
	sub, err := s.Submission(ctx, "s2")
	if err != nil || !sub.Decided || sub.Verdict != "it is not your turn" || sub.Game != "q" {
		t.Errorf("decided submission: %+v, %v", sub, err)
	}
	if _, err := s.Submission(ctx, "s9"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("no submission: %v", err)
	}
}

// testSwapSeatsFor: a switch submitted once swaps the seats once, however
// many times it is judged (one after another or at the same time), and is
// accepted with the swap; nothing changes for a finished game or a
// submission of another game.
func testSwapSeatsFor(t *testing.T, s ClusterStore) {
	ctx := context.Background()
	human, computer := createAgainstEngine(t, s, "w")
	s.Create(ctx, newGame("other"))
	for _, sub := range []store.Submission{
		{ID: "sw", Game: "w", TokenHash: "aa11", Action: "switch"},
		{ID: "sw2", Game: "w", TokenHash: "aa11", Action: "switch"},
		{ID: "elsewhere", Game: "other", TokenHash: "aa11", Action: "switch"},
	} {
		if err := s.Submit(ctx, sub); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := s.Get(ctx, "w")
	errs := make(chan error, 4)
	for range 4 {
		go func() { errs <- s.SwapSeatsFor(ctx, "w", "sw") }()
	}
	made := 0
	for range 4 {
		switch err := <-errs; {
		case err == nil:
			made++
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("a switch judged again: %v, want ErrConflict", err)
		}
	}
	after, _ := s.Get(ctx, "w")
	if made != 1 || after.Seats != [2]store.Seat{computer, human} || after.Revision != before.Revision+1 {
		t.Errorf("%d of 4 judges made the switch; seats %+v, revision %d (was %d)", made, after.Seats, after.Revision, before.Revision)
	}
	if sub, err := s.Submission(ctx, "sw"); err != nil || !sub.Decided || sub.Verdict != "" {
		t.Errorf("the switch's submission: %+v, %v", sub, err)
	}
	if err := s.SwapSeatsFor(ctx, "w", "elsewhere"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a submission of another game swapped the seats: %v", err)
	}
	if err := s.SwapSeatsFor(ctx, "w", "none"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("no submission: %v", err)
	}
	s.Finish(ctx, "w", store.Result{Reason: "resignation", Winner: "white", By: "black"})
	if err := s.SwapSeatsFor(ctx, "w", "sw2"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("the seats of a finished game swapped: %v", err)
	}
	if sub, _ := s.Submission(ctx, "sw2"); sub == nil || sub.Decided {
		t.Errorf("a refused swap decided its submission: %+v", sub)
	}
	if got, _ := s.Get(ctx, "w"); got.Seats != after.Seats {
		t.Errorf("a refused swap changed the seats: %+v", got.Seats)
	}
}

// friends stores id, a finished game between two people (ada and bob).
func friends(t *testing.T, s store.Store, id string) {
	t.Helper()
	ctx := context.Background()
	g := newGame(id)
	g.Seats[1] = store.Seat{Kind: store.Human, Name: "bob", TokenHash: "def456"}
	if err := s.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(ctx, id, store.Result{Reason: "resignation", Winner: "black", By: "white"}); err != nil {
		t.Fatal(err)
	}
}

// rematchOf returns the rematch of a game between ada and bob, the
// colours swapped.
func rematchOf(id string) *store.Game {
	g := newGame(id)
	g.Seats = [2]store.Seat{{Kind: store.Human, Name: "bob", TokenHash: "def456"}, {Kind: store.Human, Name: "ada", TokenHash: "abc123"}}
	// The opening of the game it follows, played again.
	g.Moves = []store.Move{{Ply: 0, Color: 0, Square: "F5"}, {Ply: 1, Color: 1, Square: "F6"}}
	g.OpeningMoves = 2
	return g
}

// testRematch: each side's offer is recorded once (in the game's
// revision and as Get reads it); the rematch is made by the call with a
// game once both asked, and by no other; refusals change nothing.
func testRematch(t *testing.T, s store.Store) {
	ctx := context.Background()
	friends(t, s, "f")
	rev := func() int64 {
		t.Helper()
		g, err := s.Get(ctx, "f")
		if err != nil {
			t.Fatal(err)
		}
		return g.Revision
	}
	r0 := rev()
	// Refused: a game not over, no game, no such seat.
	s.Create(ctx, newGame("live"))
	if _, err := s.Rematch(ctx, "live", 0, rematchOf("x1")); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a rematch of a game in play: %v, want ErrConflict", err)
	}
	if _, err := s.Rematch(ctx, "none", 0, nil); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a rematch of no game: %v, want ErrNotFound", err)
	}
	if _, err := s.Rematch(ctx, "f", 2, nil); err == nil {
		t.Errorf("a rematch asked by seat 2 was accepted")
	}
	if g, _ := s.Get(ctx, "live"); g.Rematch != (store.Rematch{}) {
		t.Errorf("a refused rematch left %+v", g.Rematch)
	}
	steps := []struct {
		name  string
		color int
		next  *store.Game
		want  store.Rematch
		rev   int64 // changes of the game so far
	}{
		{"black asks", 0, rematchOf("r1"), store.Rematch{Offered: [2]bool{true, false}}, 1},
		{"black asks again", 0, rematchOf("r1"), store.Rematch{Offered: [2]bool{true, false}}, 1},
		{"white asks, without a game", 1, nil, store.Rematch{Offered: [2]bool{true, true}}, 2},
		{"white asks with one", 1, rematchOf("r2"), store.Rematch{Offered: [2]bool{true, true}, Game: "r2"}, 3},
		{"black asks with another", 0, rematchOf("r3"), store.Rematch{Offered: [2]bool{true, true}, Game: "r2"}, 3},
	}
	for _, st := range steps {
		got, err := s.Rematch(ctx, "f", st.color, st.next)
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got != st.want {
			t.Errorf("%s: %+v, want %+v", st.name, got, st.want)
		}
		g, err := s.Get(ctx, "f")
		if err != nil {
			t.Fatal(err)
		}
		if g.Rematch != st.want || g.Revision != r0+st.rev {
			t.Errorf("%s: the game reads %+v at revision %d, want %+v at %d", st.name, g.Rematch, g.Revision, st.want, r0+st.rev)
		}
	}
	made, err := s.Get(ctx, "r2")
	if err != nil {
		t.Fatalf("the rematch: %v", err)
	}
	if want := rematchOf("r2"); made.Seats != want.Seats || made.Rule != want.Rule || made.Start != want.Start || made.MoveTime != want.MoveTime ||
		made.GameTime != want.GameTime || made.Increment != want.Increment || made.Result != nil || len(made.Moves) != 2 || made.Moves[1].Square != "F6" || made.OpeningMoves != 2 || made.Created.IsZero() {
		t.Errorf("the rematch reads %+v, made as %+v", made, want)
	}
	for _, id := range []string{"r1", "r3"} {
		if _, err := s.Get(ctx, id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s, offered but not the rematch, was stored: %v", id, err)
		}
	}
	// A rematch's id must be new: nothing is recorded otherwise.
	friends(t, s, "f2")
	s.Rematch(ctx, "f2", 0, nil)
	if _, err := s.Rematch(ctx, "f2", 1, rematchOf("f")); err == nil {
		t.Errorf("a rematch with the id of a stored game was made")
	}
	if g, _ := s.Get(ctx, "f2"); g.Rematch.Game != "" || g.Rematch.Offered[1] {
		t.Errorf("a failed rematch left %+v", g.Rematch)
	}
}

// testConcurrentRematch: both sides ask at the same moment, each with a
// game of its own, again and again: each time exactly one game is made,
// and both learn it.
func testConcurrentRematch(t *testing.T, s store.Store) {
	ctx := context.Background()
	for round := range 10 {
		id := fmt.Sprintf("c%d", round)
		friends(t, s, id)
		var got [2]store.Rematch
		// Both ask at once, then both again (the first to ask learns the
		// game then), each time each with a game of its own.
		for try := range 2 {
			var errs [2]error
			var wg sync.WaitGroup
			for c := range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					got[c], errs[c] = s.Rematch(ctx, id, c, rematchOf(fmt.Sprintf("%s-%d-%d", id, c, try)))
				}()
			}
			wg.Wait()
			if errs[0] != nil || errs[1] != nil {
				t.Fatalf("round %d: %v, %v", round, errs[0], errs[1])
			}
		}
		if got[0].Game != got[1].Game {
			t.Errorf("round %d: the sides learnt two rematches, %q and %q", round, got[0].Game, got[1].Game)
		}
		var made []string
		list, err := s.List(ctx, store.ListOptions{Live: true, Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range list {
			if len(g.ID) > len(id) && g.ID[:len(id)+1] == id+"-" {
				made = append(made, g.ID)
			}
		}
		if len(made) != 1 || made[0] != got[0].Game {
			t.Errorf("round %d: games made %v, want only %q", round, made, got[0].Game)
		}
	}
}

// MigrateTournamentPlayers checks that the tournaments stored before
// their players were kept apart (schema 12) are found by their players
// after the upgrade: open opens the store (on the same database each
// time), exec runs SQL on it with the store closed.
func MigrateTournamentPlayers(t *testing.T, open func(t *testing.T) store.Store, exec func(t *testing.T, queries ...string)) {
	t.Helper()
	ctx := context.Background()
	s := open(t)
	as, ok := s.(store.Accounts)
	ts, ok2 := s.(store.Tournaments)
	if !ok || !ok2 {
		t.Fatal("the store keeps no accounts or tournaments")
	}
	for _, a := range []store.Account{{ID: "p1", Kind: store.Person, Name: "ada"}, {ID: "b1", Kind: store.BotAccount, Name: "adabot", Owner: "p1"}, {ID: "p2", Kind: store.Person, Name: "bob"}} {
		if err := as.CreateAccount(ctx, &a, ""); err != nil {
			t.Fatal(err)
		}
	}
	rec := &store.TournamentRecord{ID: "t1", Name: "Old", Status: "finished", Creator: "p2",
		Data: []byte(`{"id":"t1","players":[{"id":"b1","name":"adabot"},{"id":"p2","name":"bob"}],"games":[{"round":1,"black":"b1","white":"p2","game":"g1"}]}`)}
	if err := ts.CreateTournament(ctx, rec); err != nil {
		t.Fatal(err)
	}
	s.Close()
	exec(t, "DROP TABLE tournament_players", "ALTER TABLE games DROP COLUMN opening_moves", "DELETE FROM schema_version WHERE version > 11")
	s = open(t)
	defer s.Close()
	for _, c := range []struct {
		who  string
		want int
	}{{"b1", 1}, {"p2", 1}, {"p1", 0}} {
		list, err := s.(store.Tournaments).ListTournaments(ctx, store.TournamentFilter{Involving: []string{c.who}})
		if err != nil || len(list) != c.want {
			t.Errorf("%s's tournaments after the upgrade: %+v, %v; want %d", c.who, list, err, c.want)
		}
	}
}

// MigrateFromV2 checks the upgrade of a database of schema version 2
// (before games had clock increments and rematches, and before the
// accounts): db is a connection to a database the store has made and
// closed, which MigrateFromV2 takes back to version 2 with a game in it;
// reopen opens the store on it again. The old game reads back intact
// with no increment and no rematch, a new game keeps its increment, and
// a store of accounts makes one.
func MigrateFromV2(t *testing.T, db *sql.DB, reopen func(t *testing.T) store.Store) {
	t.Helper()
	ctx := context.Background()
	for _, q := range []string{
		"DROP TABLE tournament_players", "DROP TABLE studies", "DROP TABLE bot_accepts", "DROP TABLE offers", "DROP TABLE tournaments", "DROP TABLE game_accounts", "DROP TABLE rating_history", "DROP TABLE ratings", "DROP TABLE invitations",
		"DROP TABLE api_keys", "DROP TABLE sessions", "DROP TABLE accounts",
		"ALTER TABLE games DROP COLUMN opening_moves",
		"ALTER TABLE games DROP COLUMN switches",
		"ALTER TABLE games DROP COLUMN analysis",
		"ALTER TABLE games DROP COLUMN rematch_offers",
		"ALTER TABLE games DROP COLUMN rematch_game",
		"ALTER TABLE games DROP COLUMN increment_ms",
		"DELETE FROM schema_version WHERE version > 2",
		`INSERT INTO games (id, created_at, updated_at, rule, start, move_time_ms, game_time_ms,
			black_kind, black_name, black_spec, black_token, white_kind, white_name, white_spec, white_token,
			plies, finished, result_reason, result_winner, result_by, result_black, result_white, result_detail, owner, lease_until, revision)
			VALUES ('old', 1, 1, 'standard', 's', 30000, 300000, 'human', 'ada', '', 'h', 'builtin', 'engine', 'engine:level=5', '',
			0, 0, '', '', '', 0, 0, '', '', 0, 1)`,
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("back to version 2: %s: %v", q, err)
		}
	}
	s := reopen(t)
	defer s.Close()
	old, err := s.Get(ctx, "old")
	if err != nil {
		t.Fatalf("the old game after the migration: %v", err)
	}
	if old.Seats[0].Name != "ada" || old.MoveTime != 30*time.Second || old.GameTime != 5*time.Minute || old.Increment != 0 || old.Revision != 1 ||
		old.Rematch != (store.Rematch{}) || old.OpeningMoves != 0 {
		t.Errorf("the old game after the migration: %+v", old)
	}
	g := newGame("new")
	if err := s.Create(ctx, g); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Get(ctx, "new"); err != nil || got.Increment != g.Increment {
		t.Errorf("a new game after the migration: %+v, %v; want increment %v", got, err, g.Increment)
	}
	if as, ok := s.(store.Accounts); ok {
		if err := as.CreateAccount(ctx, &store.Account{ID: "p1", Kind: store.Person, Name: "ada"}, ""); err != nil {
			t.Errorf("an account after the migration: %v", err)
		}
	}
}
