package game

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
)

// randomGame plays a random game under rule and returns it, finished.
func randomGame(rng *rand.Rand, rule Rule) *Game {
	g := New(board.Start(), rule)
	for !g.Over() {
		if g.PassIfForced() {
			continue
		}
		sqs := board.Squares(g.Legal())
		if err := g.PlaySquare(sqs[rng.IntN(len(sqs))]); err != nil {
			panic(err)
		}
	}
	g.Finish()
	return g
}

func TestTranscriptRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	passes := 0
	for i := 0; i < 2000; i++ {
		g := randomGame(rng, Standard)
		text := g.Transcript()
		back, err := ParseTranscript(text)
		if err != nil {
			t.Fatalf("game %d: %q: %v", i, text, err)
		}
		if back.Position() != g.Position() || back.Ply() != g.Ply() {
			t.Fatalf("game %d: %q replays to %v in %d plies, want %v in %d", i, text, back.Position(), back.Ply(), g.Position(), g.Ply())
		}
		if strings.Contains(g.TranscriptWithPasses(), "PA") {
			passes++
			withPasses, err := ParseTranscript(g.TranscriptWithPasses())
			if err != nil || withPasses.Position() != g.Position() || withPasses.Ply() != g.Ply() {
				t.Fatalf("game %d with explicit passes %q: %v", i, g.TranscriptWithPasses(), err)
			}
		}
	}
	if passes == 0 {
		t.Fatalf("no random game had a pass: the pass handling was not exercised")
	}
}

func TestPlayTranscriptErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
		index            int
	}{
		{"not a square", "f5d6c9", "C9 is not a square", 3},
		{"illegal", "f5e3", "E3 is not legal here; legal moves: F4 D6 F6", 2},
		{"taken", "f5f5", "the square is taken", 2},
		{"pass with moves", "f5pa", "white cannot pass with legal moves: F4 D6 F6", 2},
		{"odd length", "f5d", `"d" is not a square`, 2},
		{"garbage", "f5 ?? d6", `"??" is not a square`, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewStandard()
			err := g.PlayTranscript(tt.text)
			var te *TranscriptError
			if !errors.As(err, &te) || te.Index != tt.index || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want move %d with %q", err, tt.index, tt.want)
			}
			if g.Ply() != 0 || g.Position() != board.Start() {
				t.Fatalf("a failed transcript changed the game: %d plies", g.Ply())
			}
		})
	}
}

func TestTranscriptSeparatorsAndCase(t *testing.T) {
	for _, text := range []string{"f5d6c3d3c4", "F5D6C3D3C4", "f5 d6 c3 d3 c4", "F5-D6-C3-D3-C4", "f5,d6;c3 d3\nc4"} {
		g, err := ParseTranscript(text)
		if err != nil || g.Transcript() != "f5d6c3d3c4" {
			t.Errorf("%q: %v, %v", text, g, err)
		}
	}
}

// TestEarlyEnd: games that end before the board is full because neither
// side can move.
func TestEarlyEnd(t *testing.T) {
	// A 9-move wipe-out, found by searching the game tree.
	g, err := ParseTranscript("d3c3b3d2e1d6d7e3f4")
	if err != nil {
		t.Fatal(err)
	}
	if !g.Over() || g.MustPass() || g.Legal() != 0 {
		t.Fatalf("wipe-out not over: %v", g.Position())
	}
	if !g.Finish() {
		t.Fatal("Finish refused a finished game")
	}
	want := Result{Reason: Normal, Winner: board.Black, By: board.NoColor, Black: 13, White: 0}
	if g.Result != want {
		t.Fatalf("result %+v, want %+v", g.Result, want)
	}
	if g.Result.DiscMargin() != 13 || g.Result.TournamentMargin() != 64 {
		t.Fatalf("margins %d, %d; want 13 and 64", g.Result.DiscMargin(), g.Result.TournamentMargin())
	}
	if err := g.PlaySquare(board.MustParseSquare("A1")); err == nil || !strings.Contains(err.Error(), "game") {
		t.Fatalf("a move after the end was accepted or badly explained: %v", err)
	}

	// Both sides keep discs but neither can move.
	g = New(board.MustParsePosition("XX------------------------------------------------------OO------ X"), Standard)
	if !g.Over() || !g.Finish() || g.Result.Winner != board.NoColor || g.Result.TournamentMargin() != 0 {
		t.Fatalf("blocked draw: over %v, result %+v", g.Over(), g.Result)
	}
}

func TestForcedPass(t *testing.T) {
	// White (to move) has no move; black has.
	g := New(board.MustParsePosition("XO-------------------------------------------------------------- O"), Standard)
	if !g.MustPass() || g.Over() {
		t.Fatalf("must pass %v, over %v", g.MustPass(), g.Over())
	}
	if err := g.PlaySquare(board.MustParseSquare("C1")); err == nil || !strings.Contains(err.Error(), "must pass") {
		t.Fatalf("move while having to pass: %v", err)
	}
	if !g.PassIfForced() || g.Turn() != board.Black || g.LastMove() != board.Pass {
		t.Fatalf("pass not played")
	}
	if g.PassIfForced() {
		t.Fatalf("second pass played while black can move")
	}
}

func TestUndo(t *testing.T) {
	g, _ := ParseTranscript("f5d6c3")
	m, ok := g.Undo()
	if !ok || m.Square != board.MustParseSquare("C3") || m.Color != board.Black {
		t.Fatalf("undo returned %+v, %v", m, ok)
	}
	want, _ := ParseTranscript("f5d6")
	if g.Position() != want.Position() || g.Transcript() != "f5d6" {
		t.Fatalf("after undo %v, want %v", g.Position(), want.Position())
	}
	g.Undo()
	g.Undo()
	if _, ok := g.Undo(); ok || g.Position() != board.Start() {
		t.Fatalf("undo past the start")
	}
}

func TestCloneIsDeep(t *testing.T) {
	g, _ := ParseTranscript("f5d6c3")
	c := g.Clone()
	c.Moves[0].Square = board.A1
	c.PlaySquare(board.MustParseSquare("D3"))
	if g.Moves[0].Square != board.MustParseSquare("F5") || g.Ply() != 3 {
		t.Fatalf("changing a clone changed the original")
	}
}

func FuzzPlayTranscript(f *testing.F) {
	for _, s := range []string{"f5d6c3d3c4", "f5PAd6", "d3c3b3d2e1d6d7e3f4a1", "F5-D6", "pass", "f5 d6 c9", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g := NewStandard()
		if err := g.PlayTranscript(text); err != nil {
			if g.Ply() != 0 {
				t.Fatalf("failed transcript %q left %d moves", text, g.Ply())
			}
			return
		}
		back, err := ParseTranscript(g.Transcript())
		if err != nil || back.Position() != g.Position() {
			t.Fatalf("%q: transcript %q does not replay: %v", text, g.Transcript(), err)
		}
	})
}

// FuzzPlayMoves plays arbitrary sequences of squares (each byte a square,
// 64 a pass, anything else out of range) under both rules: illegal moves
// are refused without changing the game, and the game always equals the
// replay of its record.
func FuzzPlayMoves(f *testing.F) {
	f.Add([]byte{37, 43, 18}, false)
	f.Add([]byte{19, 18, 17, 11, 4, 43, 51, 20, 29, 0, 64, 200}, true)
	f.Fuzz(func(t *testing.T, moves []byte, noAdjacent bool) {
		rule := Standard
		if noAdjacent {
			rule = NoAdjacent
		}
		g := New(board.Start(), rule)
		for _, m := range moves {
			before := g.Clone()
			sq := board.Square(int8(m))
			if m > 64 {
				sq = board.NoSquare
			}
			legal := g.Legal()
			err := g.PlaySquare(sq)
			switch {
			case err != nil:
				if g.Ply() != before.Ply() || g.Position() != before.Position() {
					t.Fatalf("refused move %v changed the game", sq)
				}
			case sq == board.Pass && legal != 0, sq != board.Pass && legal&sq.Bit() == 0:
				t.Fatalf("accepted %v outside the legal moves %s", sq, board.FormatSquares(legal))
			}
			if g.PositionAt(g.Ply()) != g.Position() {
				t.Fatalf("position differs from the replay of the record")
			}
		}
	})
}
