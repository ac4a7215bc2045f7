package board

import (
	"math/rand/v2"
	"testing"
)

// randomPositions returns n boards reached by random play from the start,
// including positions where the side to move must pass and finished games.
func randomPositions(n int, seed uint64) []Board {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]Board, 0, n)
	b := StartBoard()
	for len(out) < n {
		out = append(out, b)
		m := b.Moves()
		if m == 0 {
			if b.Pass().Moves() == 0 {
				b = StartBoard()
				continue
			}
			b = b.Pass()
			continue
		}
		sqs := Squares(m)
		b = b.Play(sqs[rng.IntN(len(sqs))])
	}
	return out
}

// TestDifferentialAgainstReference checks moves, flips, play and game over
// against the array implementation on 100,000 positions of random games.
func TestDifferentialAgainstReference(t *testing.T) {
	n := 100_000
	if testing.Short() {
		n = 10_000
	}
	for i, b := range randomPositions(n, 42) {
		r := toRef(b)
		var want uint64
		for _, m := range r.moves() {
			want |= 1 << uint(m[0]*8+m[1])
		}
		if got := b.Moves(); got != want {
			t.Fatalf("position %d %v: moves %s, reference %s", i, b, FormatSquares(got), FormatSquares(want))
		}
		for sq := Square(0); sq < 64; sq++ {
			var wantFlips uint64
			for _, f := range r.flips(sq.Row(), sq.Col()) {
				wantFlips |= 1 << uint(f[0]*8+f[1])
			}
			if got := b.Flips(sq); got != wantFlips {
				t.Fatalf("position %d %v: flips of %v = %s, reference %s", i, b, sq, FormatSquares(got), FormatSquares(wantFlips))
			}
			if wantFlips != 0 {
				if got, want := b.Play(sq), fromRef(r.play(sq.Row(), sq.Col())); got != want {
					t.Fatalf("position %d %v: play %v = %v, reference %v", i, b, sq, got, want)
				}
			}
		}
		if got, want := b.GameOver(), r.gameOver(); got != want {
			t.Fatalf("position %d %v: game over %v, reference %v", i, b, got, want)
		}
	}
}

func TestStartPosition(t *testing.T) {
	p := Start()
	if got, want := p.String(), "---------------------------OX------XO--------------------------- X"; got != want {
		t.Fatalf("start = %q, want %q", got, want)
	}
	for _, c := range []struct {
		sq   string
		want Color
	}{{"D4", White}, {"E5", White}, {"E4", Black}, {"D5", Black}, {"A1", NoColor}} {
		if got := p.At(MustParseSquare(c.sq)); got != c.want {
			t.Errorf("start: %s holds %v, want %v", c.sq, got, c.want)
		}
	}
	if got, want := FormatSquares(p.Board.Moves()), "D3 C4 F5 E6"; got != want {
		t.Errorf("black's first moves = %s, want %s", got, want)
	}
}

func TestPlayIsCopyMake(t *testing.T) {
	b := StartBoard()
	before := b
	after := b.Play(MustParseSquare("F5"))
	if b != before {
		t.Fatalf("Play changed its receiver")
	}
	// After F5 the side to move is White with 1 disc... White had D4, E5;
	// black flips E5. White (to move) now has D4 only.
	if after.PlayerDiscs() != 1 || after.OpponentDiscs() != 4 {
		t.Fatalf("after F5: %d white, %d black discs, want 1 and 4", after.PlayerDiscs(), after.OpponentDiscs())
	}
}

func TestPlayAllocatesNothing(t *testing.T) {
	b := StartBoard()
	allocs := testing.AllocsPerRun(100, func() {
		m := b.Moves()
		for m != 0 {
			var sq Square
			sq, m = NextSquare(m)
			c := b.Play(sq)
			_ = c.Moves()
			_ = c.StableDiscs()
			_ = c.Hash()
		}
	})
	if allocs != 0 {
		t.Fatalf("moves, play, stability and hash allocate %v times per run", allocs)
	}
}

func TestScores(t *testing.T) {
	tests := []struct {
		name          string
		board         string
		margin, final int
		gameOver      bool
	}{
		{"full board 40-24", "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOO X", 16, 16, true},
		{"wipe-out", "XXXX------------------------------------------------------------ X", 4, 64, true},
		{"lost, seen by loser", "XX-OOO---------------------------------------------------------- X", -1, -1 - 59, true},
		{"draw with empties", "XX------------------------------------------------------OO------ O", 0, 0, true},
		{"not over: black can bracket", "XXOO------------------------------------------------------------ O", 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := MustParsePosition(tt.board).Board
			if got := b.DiscMargin(); got != tt.margin {
				t.Errorf("DiscMargin = %d, want %d", got, tt.margin)
			}
			if got := b.FinalScore(); got != tt.final {
				t.Errorf("FinalScore = %d, want %d", got, tt.final)
			}
			if got := b.GameOver(); got != tt.gameOver {
				t.Errorf("GameOver = %v, want %v", got, tt.gameOver)
			}
		})
	}
}

func TestIsLegal(t *testing.T) {
	b := StartBoard()
	for _, c := range []struct {
		sq   string
		want bool
	}{{"D3", true}, {"C4", true}, {"E3", false}, {"D4", false}, {"PA", false}} {
		if got := b.IsLegal(MustParseSquare(c.sq)); got != c.want {
			t.Errorf("IsLegal(%s) = %v, want %v", c.sq, got, c.want)
		}
	}
	// White to move, no move for white, black can move: pass is legal.
	p := MustParsePosition("XO-------------------------------------------------------------- O")
	if !p.Board.IsLegal(Pass) {
		t.Errorf("pass not legal for a side without moves")
	}
	if got := p.Board.IsLegal(NoSquare); got {
		t.Errorf("NoSquare legal")
	}
}

// FuzzRulesAgainstReference checks moves, flips and play on arbitrary
// boards (not only reachable ones) against the array implementation.
func FuzzRulesAgainstReference(f *testing.F) {
	f.Add(uint64(startBlack), uint64(startWhite), uint8(19))
	f.Add(uint64(0x00000000000000FF), uint64(0xFF00), uint8(20))
	f.Add(^uint64(0)>>1, uint64(0), uint8(63))
	f.Fuzz(func(t *testing.T, p, o uint64, sqByte uint8) {
		b := Board{P: p, O: o &^ p}
		r := toRef(b)
		var want uint64
		for _, m := range r.moves() {
			want |= 1 << uint(m[0]*8+m[1])
		}
		if got := b.Moves(); got != want {
			t.Fatalf("%v: moves %s, reference %s", b, FormatSquares(got), FormatSquares(want))
		}
		if got := movesGeneric(b.P, b.O); got != want {
			t.Fatalf("%v: movesGeneric %s, reference %s", b, FormatSquares(got), FormatSquares(want))
		}
		sq := Square(sqByte & 63)
		if b.Empty()&sq.Bit() == 0 {
			return
		}
		got, gen := b.Play(sq), playGeneric(b.P, b.O, sq)
		if want&sq.Bit() != 0 {
			if ref := fromRef(r.play(sq.Row(), sq.Col())); got != ref || gen != ref {
				t.Fatalf("%v: play %v = %v (generic %v), reference %v", b, sq, got, gen, ref)
			}
		}
		if got != gen {
			t.Fatalf("%v: play %v = %v, generic %v", b, sq, got, gen)
		}
	})
}
