package course

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
)

// grid builds a board from eight rows of eight squares (spaces allowed)
// and the side to move, 'X' (black) or 'O' (white).
func grid(side string, rows ...string) board.Board {
	if len(rows) != 8 {
		panic("grid wants 8 rows")
	}
	return board.MustParsePosition(strings.Join(rows, "") + " " + side).Board
}

// allPlayers returns one player of each strategy, with default options.
func allPlayers(seed uint64) []*Player {
	return []*Player{
		NewRandom(seed),
		NewGreedy(seed),
		NewPositional(seed, CourseTable()),
		NewRoxanne(seed),
		NewMobility(seed),
		NewStable(seed),
		NewParity(seed),
		NewEvaporation(seed, DefaultEndgame),
	}
}

// checkPicks asks p to choose n times on b and checks that every choice
// is in want and that the choices are spread uniformly over want: each
// square's count is within 5 standard deviations of n/len(want). The
// seed is fixed, so the check is deterministic.
func checkPicks(t *testing.T, p *Player, b board.Board, want string) {
	t.Helper()
	legal := b.Moves()
	wantSet := uint64(0)
	for _, name := range strings.Fields(want) {
		wantSet |= board.MustParseSquare(name).Bit()
	}
	if wantSet&^legal != 0 {
		t.Fatalf("bad test: %s not legal; legal moves: %s", board.FormatSquares(wantSet&^legal), board.FormatSquares(legal))
	}
	const n = 4000
	counts := map[board.Square]int{}
	for range n {
		sq := p.Choose(b, legal)
		if wantSet&sq.Bit() == 0 {
			t.Fatalf("%s chose %v; want one of %s (legal moves: %s)", p.Name(), sq, want, board.FormatSquares(legal))
		}
		counts[sq]++
	}
	k := float64(len(strings.Fields(want)))
	mean, sd := n/k, math.Sqrt(n*(1/k)*(1-1/k))
	for _, sq := range board.Squares(wantSet) {
		if c := float64(counts[sq]); math.Abs(c-mean) > 5*sd+0.5 {
			t.Errorf("%s chose %v %v times in %d; want about %.0f (uniform over %s)", p.Name(), sq, c, n, mean, want)
		}
	}
}

// Hand-made positions, Black (X) to move unless said otherwise.
var (
	// E1 flips 3 discs, D4 flips 2, C8 flips 1; 55 empty squares.
	flips321 = grid("X",
		"XOOO----",
		"--------",
		"--------",
		"XOO-----",
		"--------",
		"--------",
		"--------",
		"XO------")
	// E1 and E8 each flip 3 discs.
	twinFlips = grid("X",
		"XOOO----",
		"--------",
		"--------",
		"--------",
		"--------",
		"--------",
		"--------",
		"XOOO----")
	// A1 takes a corner flipping one disc (course weights: 20 + 2*(-3) =
	// +14); E4 flips three centre discs (-3 + 2*(1+2-3) = -3).
	cornerOrCentre = grid("X",
		"-OX-----",
		"--------",
		"--------",
		"XOOO----",
		"--------",
		"--------",
		"--------",
		"--------")
	// Corners A1 and H1 (tier 1) and E3 (tier 3) are legal; each flips
	// one disc.
	twoCornersAndE3 = grid("X",
		"-OX--XO-",
		"--------",
		"--XO----",
		"--------",
		"--------",
		"--------",
		"--------",
		"--------")
	// After A1 White's only discs B8 and C8 have no move (White must
	// pass); after D8, which flips more, White can reply D1.
	passOrReply = grid("X",
		"-OX-----",
		"--------",
		"--------",
		"--------",
		"--------",
		"--------",
		"--------",
		"XOO-----")
	// Every square is White's but the centre (Black's) and the empty
	// regions {A1} (size 1), {H1 H2} (size 2) and {A8 B8 C8} (size 3).
	// Black's moves: A1, H1, H2, A8 and B8 (C8 flips nothing).
	oddRegions = grid("X",
		"-OOOOOO-",
		"OOOOOOO-",
		"OOOOOOOO",
		"OOOXXOOO",
		"OOOXXOOO",
		"OOOOOOOO",
		"OOOOOOOO",
		"---OOOOO")
	// As oddRegions with A1 and C8 filled: the regions {H1 H2} and {A8
	// B8} are both even.
	evenRegions = grid("X",
		"OOOOOOO-",
		"OOOOOOO-",
		"OOOOOOOO",
		"OOOXXOOO",
		"OOOXXOOO",
		"OOOOOOOO",
		"OOOOOOOO",
		"--OOOOOO")
)

func TestRandomIsUniform(t *testing.T) {
	checkPicks(t, NewRandom(1), board.StartBoard(), "D3 C4 F5 E6")
	checkPicks(t, NewRandom(2), flips321, "E1 D4 C8")
}

func TestGreedyFlipsMost(t *testing.T) {
	checkPicks(t, NewGreedy(1), flips321, "E1")
	checkPicks(t, NewGreedy(2), twinFlips, "E1 E8")
	checkPicks(t, NewGreedy(3), twoCornersAndE3, "A1 H1 E3")
}

func TestPositionalWeighsSquares(t *testing.T) {
	checkPicks(t, NewPositional(1, CourseTable()), cornerOrCentre, "A1")
	// The greedy player takes the centre instead.
	checkPicks(t, NewGreedy(1), cornerOrCentre, "E4")
	// With a table that values only E4, positional takes E4.
	var likesE4 Table
	likesE4[board.MustParseSquare("E4")] = 100
	checkPicks(t, NewPositional(1, likesE4), cornerOrCentre, "E4")
	// Flipped discs count twice, once leaving the opponent's sum and once
	// joining the mover's: C1 (weight 10) flips B1 (weight -4) for
	// 10 - 2*4 = +2, C3 (weight 4) flips B2 (weight 0) for +4. Counting
	// the flips once would prefer C1 (+6). A zero table ties every move.
	w := SymmetricTable([10]int{0, -4, 10, 0, 0, 0, 0, 4, 0, 0})
	b := grid("X",
		"XO------",
		"-O------",
		"---X----",
		"--------",
		"--------",
		"--------",
		"--------",
		"--------")
	checkPicks(t, NewPositional(1, w), b, "C3")
	checkPicks(t, NewPositional(1, Table{}), b, board.FormatSquares(b.Moves()))
}

func TestRoxannePrefersTiers(t *testing.T) {
	checkPicks(t, NewRoxanne(1), twoCornersAndE3, "A1 H1")
	// After 1. f5 White may play D6 or F4 (tier 3) or F6 (tier 2).
	afterF5 := board.StartBoard().Play(board.MustParseSquare("F5"))
	checkPicks(t, NewRoxanne(1), afterF5, "F6")
	// From the start all four moves are in tier 3.
	checkPicks(t, NewRoxanne(1), board.StartBoard(), "D3 C4 F5 E6")
	// E4 and E5 are in no tier of the course: taken only when alone.
	centre := grid("X",
		"--------",
		"--------",
		"----X---",
		"--------",
		"----O---",
		"----X---",
		"--------",
		"--------")
	checkPicks(t, NewRoxanne(1), centre, "E4")
}

func TestRoxanneTiersPartitionTheBoard(t *testing.T) {
	var all uint64
	for i, tier := range RoxanneTiers() {
		if all&tier != 0 {
			t.Errorf("tier %d repeats %s", i+1, board.FormatSquares(all&tier))
		}
		all |= tier
	}
	if all != ^uint64(0) {
		t.Errorf("tiers miss %s", board.FormatSquares(^all))
	}
}

func TestMobilityLeavesFewestReplies(t *testing.T) {
	checkPicks(t, NewMobility(1), passOrReply, "A1")
	checkPicks(t, NewGreedy(1), passOrReply, "D8")
	// After any first move White has three replies.
	checkPicks(t, NewMobility(1), board.StartBoard(), "D3 C4 F5 E6")
}

func TestStableMaximisesStableDiscs(t *testing.T) {
	// A1 makes A1 B1 C1 stable; E4 flips more but nothing stable.
	checkPicks(t, NewStable(1), cornerOrCentre, "A1")
	// Nothing can become stable: every move ties.
	checkPicks(t, NewStable(1), board.StartBoard(), "D3 C4 F5 E6")
	// White to move: the stable player counts White's discs. E1 flips
	// F1 and G1 and makes E1 F1 G1 H1 stable; E4 flips three discs but
	// adds nothing stable.
	white := grid("O",
		"-----XXO",
		"--------",
		"--------",
		"OXXX----",
		"--------",
		"--------",
		"--------",
		"--------")
	checkPicks(t, NewStable(1), white, "E1")
	checkPicks(t, NewGreedy(1), white, "E4")
}

func TestParityPrefersOddRegions(t *testing.T) {
	if got, want := oddRegions.Moves(), sqs("A1 H1 H2 A8 B8"); got != want {
		t.Fatalf("bad test: moves %s, want %s", board.FormatSquares(got), board.FormatSquares(want))
	}
	checkPicks(t, NewParity(1), oddRegions, "A1 A8 B8")
	checkPicks(t, NewParity(1), evenRegions, "H1 H2 A8 B8")
}

func TestRegionIsEightConnected(t *testing.T) {
	empty := sqs("A1 B2 C3 E1 H8")
	for _, tt := range []struct{ sq, want string }{
		{"A1", "A1 B2 C3"},
		{"C3", "A1 B2 C3"},
		{"E1", "E1"},
		{"H8", "H8"},
		{"D4", ""},
	} {
		if got := board.FormatSquares(Region(empty, board.MustParseSquare(tt.sq))); got != tt.want {
			t.Errorf("Region(%s) = %q, want %q", tt.sq, got, tt.want)
		}
	}
}

func TestEvaporationFlipsFewestThenMost(t *testing.T) {
	if flips321.Empties() != 55 {
		t.Fatalf("bad test: %d empties", flips321.Empties())
	}
	checkPicks(t, NewEvaporation(1, DefaultEndgame), flips321, "C8")
	checkPicks(t, NewEvaporation(1, 54), flips321, "C8") // 55 > 54: evaporate
	checkPicks(t, NewEvaporation(1, 55), flips321, "E1") // 55 empties: endgame, greedy
	checkPicks(t, NewEvaporation(1, 60), flips321, "E1")
	checkPicks(t, NewEvaporation(1, 0), twoCornersAndE3, "A1 H1 E3")
}

func sqs(names string) uint64 {
	var m uint64
	for _, n := range strings.Fields(names) {
		m |= board.MustParseSquare(n).Bit()
	}
	return m
}

func TestNames(t *testing.T) {
	want := []string{"random", "greedy", "positional", "roxanne", "mobility", "stable", "parity", "evaporation"}
	for i, p := range allPlayers(1) {
		if p.Name() != want[i] {
			t.Errorf("player %d is named %q, want %q", i, p.Name(), want[i])
		}
	}
	if got := NewEvaporation(1, 16).Name(); got != "evaporation:endgame=16" {
		t.Errorf("evaporation with endgame 16 is named %q", got)
	}
	w := SymmetricTable([10]int{9, 1, 2, 3, 4, 5, 6, 7, 8, 0})
	if got := NewPositional(1, w).Name(); got != "positional:table=9/1/2/3/4/5/6/7/8/0" {
		t.Errorf("positional with a custom table is named %q", got)
	}
}

// randomPositions returns positions of random games with their legal moves
// (never empty), some restricted to a random non-empty subset as the
// no-adjacent rule may do.
func randomPositions(n int, seed uint64) (bs []board.Board, legal []uint64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	for len(bs) < n {
		b := board.StartBoard()
		for !b.GameOver() && len(bs) < n {
			m := b.Moves()
			if m == 0 {
				b = b.Pass()
				continue
			}
			l := m
			if rng.IntN(3) == 0 {
				if sub := m & rng.Uint64(); sub != 0 {
					l = sub
				}
			}
			bs, legal = append(bs, b), append(legal, l)
			ms := board.Squares(m)
			b = b.Play(ms[rng.IntN(len(ms))])
		}
	}
	return bs, legal
}

func TestOnlyLegalMoves(t *testing.T) {
	bs, legal := randomPositions(3000, 7)
	for _, p := range allPlayers(3) {
		for i, b := range bs {
			if sq := p.Choose(b, legal[i]); legal[i]&sq.Bit() == 0 {
				t.Fatalf("%s chose %v on %v; legal: %s", p.Name(), sq, b, board.FormatSquares(legal[i]))
			}
		}
	}
}

func TestChooseWithoutMovesPasses(t *testing.T) {
	for _, p := range allPlayers(1) {
		if sq := p.Choose(board.StartBoard(), 0); sq != board.Pass {
			t.Errorf("%s chose %v with no legal move", p.Name(), sq)
		}
	}
}

func TestChooseDoesNotAllocate(t *testing.T) {
	bs, legal := randomPositions(64, 3)
	for _, p := range allPlayers(1) {
		i := 0
		allocs := testing.AllocsPerRun(200, func() {
			p.Choose(bs[i%len(bs)], legal[i%len(bs)])
			i++
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per choice", p.Name(), allocs)
		}
	}
}

// TestSeedReproducesGames plays refereed games against the random player:
// the same seeds give the same game, other seeds another game.
func TestSeedReproducesGames(t *testing.T) {
	ctx := context.Background()
	transcript := func(p *Player, seed uint64) string {
		t.Helper()
		g, err := referee.Play(ctx, p, NewRandom(seed+1000), referee.Config{})
		if err != nil {
			t.Fatal(err)
		}
		if g.Result.Reason != game.Normal {
			t.Fatalf("%s: game ended by %v", p.Name(), g.Result)
		}
		return g.Transcript()
	}
	for i := range allPlayers(0) {
		first := transcript(allPlayers(5)[i], 5)
		again := transcript(allPlayers(5)[i], 5)
		if first != again {
			t.Errorf("%s: seed 5 played %s then %s", allPlayers(5)[i].Name(), first, again)
		}
		if other := transcript(allPlayers(6)[i], 6); other == first {
			t.Errorf("%s: seeds 5 and 6 played the same game %s", allPlayers(5)[i].Name(), first)
		}
	}
}

// TestConcurrentUse shares players between goroutines; run with -race.
func TestConcurrentUse(t *testing.T) {
	bs, legal := randomPositions(200, 13)
	players := allPlayers(1)
	done := make(chan bool)
	for range 4 {
		go func() {
			for _, p := range players {
				for i, b := range bs {
					if sq := p.Choose(b, legal[i]); legal[i]&sq.Bit() == 0 {
						t.Errorf("%s chose the illegal %v", p.Name(), sq)
					}
				}
			}
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
}

func TestMoveAnswersRequest(t *testing.T) {
	g := game.NewStandard()
	req := player.Request{Game: g, Position: g.Position(), Legal: sqs("C4")}
	for _, p := range allPlayers(1) {
		reply, err := p.Move(context.Background(), req)
		if err != nil || reply.Move != board.MustParseSquare("C4") || reply.Resign || reply.Undo {
			t.Errorf("%s replied %+v, %v; want C4, the only legal move", p.Name(), reply, err)
		}
	}
}
