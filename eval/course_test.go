package eval

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/reversi-engine/reversi/board"
)

// pos parses a board with Black to move unless the text says otherwise:
// rows 1..8, X black, O white, - empty.
func pos(t *testing.T, text string) board.Board {
	t.Helper()
	p, err := board.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p.Board
}

func TestCourseFeaturesHandMade(t *testing.T) {
	tests := []struct {
		name  string
		board string
		want  Features
		field func(Features) float64
	}{
		{
			// 3 discs against 1: +100*3/4.
			name:  "discs, more",
			board: "---------------------------OXX-----X---------------------------- X",
			want:  Features{Discs: 75}, field: func(f Features) float64 { return f.Discs },
		},
		{
			// 1 disc against 4: -100*4/5.
			name:  "discs, fewer",
			board: "---------------------------XOO-----O-----O---------------------- X",
			want:  Features{Discs: -80}, field: func(f Features) float64 { return f.Discs },
		},
		{
			name:  "discs, equal",
			board: "---------------------------OX------XO--------------------------- X",
			want:  Features{Discs: 0}, field: func(f Features) float64 { return f.Discs },
		},
		{
			// Black holds A1 and H8, White holds H1: 25*(2-1).
			name:  "corners",
			board: "X------O------------------OX------XO---------------------------X X",
			want:  Features{Corners: 25}, field: func(f Features) float64 { return f.Corners },
		},
		{
			// From the start, Black has 4 moves and White 4.
			name:  "mobility, equal",
			board: "---------------------------OX------XO--------------------------- X",
			want:  Features{Mobility: 0}, field: func(f Features) float64 { return f.Mobility },
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.field(CourseFeatures(pos(t, tt.board)))
			want := tt.field(tt.want)
			if math.Abs(got-want) > 1e-9 {
				t.Errorf("%s = %v, want %v", tt.name, got, want)
			}
		})
	}
}

func TestCourseCornerCloseness(t *testing.T) {
	// Black (to move): B1, A2 next to the empty A1; G2 next to the empty
	// H1. White: B2 next to A1; B7 next to A8, which White holds (so it
	// does not count). -12.5 * (3 - 1) = -25.
	b := board.Board{
		P: sq("B1") | sq("A2") | sq("G2") | sq("D4"),
		O: sq("B2") | sq("B7") | sq("A8") | sq("E4"),
	}
	if got := CourseFeatures(b).Closeness; got != -25 {
		t.Errorf("closeness = %v, want -25", got)
	}
	// From White's side the sign turns.
	if got := CourseFeatures(b.Pass()).Closeness; got != 25 {
		t.Errorf("closeness for the other side = %v, want 25", got)
	}
}

func TestCourseMobilityAndFrontier(t *testing.T) {
	// After d3 c3, Black (to move) has 4 moves (B3 C4 F5 E6) and White 5
	// (D2 E3 F4 C5 D6): -100*5/9. Every disc touches an empty square,
	// 3 each: frontier 0.
	b := board.Start().Play(board.MustParseSquare("D3")).Play(board.MustParseSquare("C3")).Board
	f := CourseFeatures(b)
	if want := -100 * 5.0 / 9; math.Abs(f.Mobility-want) > 1e-9 || f.Frontier != 0 {
		t.Errorf("after d3 c3: mobility %v, frontier %v; want %v and 0", f.Mobility, f.Frontier, want)
	}
	// After d3, White (to move) has 1 frontier disc (E5) and Black 4 (D3
	// D4 D5 E4): fewer is better, +100*4/5.
	b = board.Start().Play(board.MustParseSquare("D3")).Board
	if got, want := CourseFeatures(b).Frontier, 100*4.0/5; math.Abs(got-want) > 1e-9 {
		t.Errorf("frontier share = %v, want %v", got, want)
	}
}

func TestCourseSquares(t *testing.T) {
	// Black A1 (20) + C3 (2) + B2 (-7); White H1 (20) + G1 (-3).
	b := board.Board{P: sq("A1") | sq("C3") | sq("B2"), O: sq("H1") | sq("G1")}
	if got := CourseFeatures(b).Squares; got != 15-17 {
		t.Errorf("squares = %v, want -2", got)
	}
	if table := CourseSquares(); table[sq2("H8")] != 20 || table[sq2("D5")] != -3 || table[sq2("G7")] != -7 {
		t.Errorf("course table rows 5-8 do not mirror rows 1-4")
	}
}

func TestCourseWeights(t *testing.T) {
	// The combination, on a position with every feature non-zero.
	b := pos(t, "XO------"+"XO----X-"+"----OX--"+"---XOO--"+"--------"+"--------"+"--------"+"-------X X")
	f := CourseFeatures(b)
	want := 10*f.Discs + 801.724*f.Corners + 382.026*f.Closeness + 78.922*f.Mobility + 74.396*f.Frontier + 10*f.Squares
	if got := (Course{}).Evaluate(b); got != int(math.Round(want)) {
		t.Errorf("Evaluate = %d, want %v from %+v", got, want, f)
	}
}

// TestCourseAgainstReference compares the features with a plain
// array implementation of the course heuristic on positions of random
// games, and checks that the evaluation is antisymmetric where it must
// be and that every finished game is beyond every evaluation.
func TestCourseAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for game := 0; game < 300; game++ {
		b := board.StartBoard()
		for !b.GameOver() {
			if !b.HasMoves() {
				b = b.Pass()
				continue
			}
			got, want := CourseFeatures(b), referenceFeatures(b)
			if !close(got, want) {
				t.Fatalf("%v: features %+v, reference %+v", b, got, want)
			}
			v := Course{}.Evaluate(b)
			if v != got.weighted() {
				t.Fatalf("%v: Evaluate %d, features give %d", b, v, got.weighted())
			}
			if v >= classicWin/2 || v <= -classicWin/2 {
				t.Fatalf("%v: evaluation %d is not below the value of a finished game", b, v)
			}
			ms := board.Squares(b.Moves())
			b = b.Play(ms[rng.IntN(len(ms))])
		}
	}
}

func close(a, b Features) bool {
	x := [6]float64{a.Discs, a.Corners, a.Closeness, a.Mobility, a.Frontier, a.Squares}
	y := [6]float64{b.Discs, b.Corners, b.Closeness, b.Mobility, b.Frontier, b.Squares}
	for i := range x {
		if math.Abs(x[i]-y[i]) > 1e-9 {
			return false
		}
	}
	return true
}

// referenceFeatures computes the features on an 8x8 array, the way the
// course code did: +1 for the player to move, -1 for the opponent.
func referenceFeatures(b board.Board) Features {
	var g [8][8]int
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			bit := uint64(1) << uint(r*8+c)
			switch {
			case b.P&bit != 0:
				g[r][c] = 1
			case b.O&bit != 0:
				g[r][c] = -1
			}
		}
	}
	pct := func(a, b int) float64 {
		if a > b {
			return 100 * float64(a) / float64(a+b)
		}
		if a < b {
			return -100 * float64(b) / float64(a+b)
		}
		return 0
	}
	var f Features
	mine, theirs, myFront, theirFront, d := 0, 0, 0, 0, 0
	table := CourseSquares()
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			if g[r][c] == 0 {
				continue
			}
			if g[r][c] == 1 {
				mine++
				d += table[r*8+c]
			} else {
				theirs++
				d -= table[r*8+c]
			}
			front := false
			for dr := -1; dr <= 1; dr++ {
				for dc := -1; dc <= 1; dc++ {
					rr, cc := r+dr, c+dc
					if (dr != 0 || dc != 0) && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && g[rr][cc] == 0 {
						front = true
					}
				}
			}
			if front && g[r][c] == 1 {
				myFront++
			} else if front {
				theirFront++
			}
		}
	}
	f.Discs = pct(mine, theirs)
	f.Frontier = -pct(myFront, theirFront)
	f.Squares = float64(d)
	cornersRC := [4][2]int{{0, 0}, {0, 7}, {7, 0}, {7, 7}}
	cm, ct, lm, lt := 0, 0, 0, 0
	for _, rc := range cornersRC {
		r, c := rc[0], rc[1]
		switch g[r][c] {
		case 1:
			cm++
		case -1:
			ct++
		default:
			dr, dc := 1, 1
			if r == 7 {
				dr = -1
			}
			if c == 7 {
				dc = -1
			}
			for _, n := range [3][2]int{{r, c + dc}, {r + dr, c}, {r + dr, c + dc}} {
				switch g[n[0]][n[1]] {
				case 1:
					lm++
				case -1:
					lt++
				}
			}
		}
	}
	f.Corners = 25 * float64(cm-ct)
	f.Closeness = -12.5 * float64(lm-lt)
	f.Mobility = pct(referenceMobility(g, 1), referenceMobility(g, -1))
	return f
}

// referenceMobility counts the moves of side on the array by walking the
// eight directions from every empty square.
func referenceMobility(g [8][8]int, side int) int {
	n := 0
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			if g[r][c] != 0 {
				continue
			}
			legal := false
			for dr := -1; dr <= 1 && !legal; dr++ {
				for dc := -1; dc <= 1 && !legal; dc++ {
					if dr == 0 && dc == 0 {
						continue
					}
					rr, cc, seen := r+dr, c+dc, 0
					for rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && g[rr][cc] == -side {
						rr, cc, seen = rr+dr, cc+dc, seen+1
					}
					if seen > 0 && rr >= 0 && rr < 8 && cc >= 0 && cc < 8 && g[rr][cc] == side {
						legal = true
					}
				}
			}
			if legal {
				n++
			}
		}
	}
	return n
}

func TestFinalIsBeyondEvaluations(t *testing.T) {
	c := Course{}
	if !(c.Final(1) > c.Final(0) && c.Final(0) > c.Final(-1) && c.Final(2) > c.Final(1) && c.Final(-64) < c.Final(-1)) {
		t.Errorf("Final is not ordered by score: %d %d %d", c.Final(1), c.Final(0), c.Final(-1))
	}
	d := Discs{}
	if d.Final(5) != 500 || d.Evaluate(board.StartBoard()) != 0 || d.DiscUnit() != 100 {
		t.Errorf("Discs: Final(5)=%d", d.Final(5))
	}
}

func sq(name string) uint64 { return board.MustParseSquare(name).Bit() }

func sq2(name string) int { return int(board.MustParseSquare(name)) }
