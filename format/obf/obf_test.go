// Tests of OBF parsing and writing: the FForum files, tables of good and bad lines.

package obf

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data/fforum"
	"github.com/reversi-engine/reversi/internal/endless"
)

const line40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36;"

func TestEmbeddedFiles(t *testing.T) {
	tests := []struct {
		file               string
		first              int // number of the first problem
		count              int
		minEmpty, maxEmpty int
	}{
		{"fforum-1-19.obf", 1, 19, 14, 16},
		{"fforum-40-59.obf", 40, 20, 20, 34},
	}
	best := map[int]struct {
		moves string
		score int
	}{
		1:  {"G8", 18},
		40: {"A2", 38},
		41: {"H4", 0},
		59: {"H4 G8 E8", 64},
	}
	total := 0
	for _, tt := range tests {
		raw, err := fforum.ReadFile(tt.file)
		if err != nil {
			t.Fatal(err)
		}
		problems, err := Parse(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%s: %v", tt.file, err)
		}
		if len(problems) != tt.count {
			t.Fatalf("%s: %d problems, want %d", tt.file, len(problems), tt.count)
		}
		lines := strings.Split(strings.TrimSuffix(string(raw), "\n"), "\n")
		for i, p := range problems {
			number := tt.first + i
			total++
			if p.Line != i+1 {
				t.Errorf("#%d: line %d, want %d", number, p.Line, i+1)
			}
			if p.String() != lines[i] {
				t.Errorf("#%d written as\n%s\nwant\n%s", number, p, lines[i])
			}
			if e := p.Position.Board.Empties(); e < tt.minEmpty || e > tt.maxEmpty {
				t.Errorf("#%d: %d empties, want %d-%d", number, e, tt.minEmpty, tt.maxEmpty)
			}
			score, ok := p.BestScore()
			if !ok || score != p.Moves[0].Score {
				t.Errorf("#%d: best score %d, %v; the first move scores %d", number, score, ok, p.Moves[0].Score)
			}
			for j := 1; j < len(p.Moves); j++ {
				if p.Moves[j].Score > p.Moves[j-1].Score {
					t.Errorf("#%d: moves not sorted best first at %v", number, p.Moves[j])
				}
			}
			if want, ok := best[number]; ok {
				var names []string
				for _, sq := range p.BestMoves() {
					names = append(names, sq.String())
				}
				moves := strings.Join(names, " ")
				if moves != want.moves || score != want.score {
					t.Errorf("#%d: best %s %+d, want %s %+d", number, moves, score, want.moves, want.score)
				}
			}
		}
	}
	if total != 39 {
		t.Errorf("%d problems, want 39", total)
	}
}

func TestParseLine(t *testing.T) {
	sq := board.MustParseSquare
	pos40 := board.MustParsePosition(line40[:66])
	tests := []struct {
		name string
		line string
		want Problem
	}{
		{"canonical", line40, Problem{Position: pos40, Moves: []MoveScore{{sq("A2"), 38}, {sq("C7"), 36}}}},
		{"no final ;", strings.TrimSuffix(line40, ";"), Problem{Position: pos40, Moves: []MoveScore{{sq("A2"), 38}, {sq("C7"), 36}}}},
		{"loose spacing and case", line40[:66] + " ;a2 : 38 ;  c7:+36 ;  \r\n", Problem{Position: pos40, Moves: []MoveScore{{sq("A2"), 38}, {sq("C7"), 36}}}},
		{"trailing comment", line40 + " % FFO #40", Problem{Position: pos40, Moves: []MoveScore{{sq("A2"), 38}, {sq("C7"), 36}}}},
		{"no moves", line40[:66] + ";", Problem{Position: pos40}},
		{"position only", line40[:66], Problem{Position: pos40}},
		{"Edax letters", strings.NewReplacer("X", "*", "O", "w", "-", ".").Replace(line40[:64]) + " x; A2:+38;", Problem{Position: pos40, Moves: []MoveScore{{sq("A2"), 38}}}},
		{"zero and negative", line40[:66] + "; A2:+0; C7:-64;", Problem{Position: pos40, Moves: []MoveScore{{sq("A2"), 0}, {sq("C7"), -64}}}},
		{"pass", "XO" + strings.Repeat("-", 62) + " O; PA:-64;", Problem{
			Position: board.MustParsePosition("XO" + strings.Repeat("-", 62) + " O"), Moves: []MoveScore{{board.Pass, -64}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseLine(tt.line)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %+v\nwant %+v", got, tt.want)
			}
			back, err := ParseLine(got.String())
			if err != nil || !reflect.DeepEqual(back, got) {
				t.Fatalf("%q reads back as %+v, %v", got.String(), back, err)
			}
		})
	}
}

func TestParseLineErrors(t *testing.T) {
	board40 := line40[:66]
	tests := []struct {
		name      string
		line      string
		move      int
		wantError string
	}{
		{"empty", "", 0, "0 squares"},
		{"short board", "O--OOOOX X", 0, "9 squares, want 64"},
		{"short board with moves", "O--OOOOX X; A2:+38;", 0, `';' at square B2 is not X, O or -`},
		{"bad square letter", "Z" + line40[1:], 0, `'Z' at square A1 is not X, O or -`},
		{"no side", line40[:64], 0, "missing the side to move"},
		{"bad side", line40[:65] + "Z; A2:+38;", 0, `side to move 'Z' is not X or O`},
		{"no semicolon", board40 + " A2:+38;", 0, `"A2:+38;" after the side to move: want ';'`},
		{"no colon", board40 + "; A2 +38;", 1, "no ':' between the move and its score"},
		{"no score", board40 + "; A2:+38; C7:;", 2, "no score after C7 and its colon"},
		{"bad score", board40 + "; A2:+3x8;", 1, `score "+3x8" is not a whole number`},
		{"score too high", board40 + "; A2:+66;", 1, `score "+66" is not a whole number from -64 to +64`},
		{"score too low", board40 + "; A2:-65;", 1, "from -64 to +64"},
		{"bad square", board40 + "; A2:+38; C9:+36;", 2, "C9 is not a square: rows go from 1 to 8"},
		{"illegal move", board40 + "; A2:+38; A1:+36;", 2, "A1 is not legal here; legal moves: B1 C1 A2 A6 C6 C7 D7 F7 G7 D8"},
		{"empty move", board40 + "; A2:+38;; C7:+36;", 2, "empty move"},
		{"listed twice", board40 + "; A2:+38; C7:+36; A2:+30;", 3, "A2 is listed twice"},
		{"pass with moves", board40 + "; PA:+2;", 1, "a pass is not legal: the side to move has moves (B1 C1 A2"},
		{"move when passing", "XO" + strings.Repeat("-", 62) + " O; C1:+2;", 1, "C1 is not legal: the side to move has no move and must pass (PA)"},
		{"pass twice", "XO" + strings.Repeat("-", 62) + " O; PA:+2; pass:+2;", 2, "PA is listed twice"},
		{"game over", strings.Repeat("X", 64) + " O; PA:+0;", 1, "the game is over"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseLine(tt.line)
			var e *Error
			if !errors.As(err, &e) || e.Move != tt.move || !strings.Contains(err.Error(), tt.wantError) {
				t.Fatalf("error %v, want move %d and %q", err, tt.move, tt.wantError)
			}
		})
	}
}

func TestParse(t *testing.T) {
	text := "% FForum problems\n\n" + line40 + "\r\n   \n%" + line40 + "\n" + line40[:66] + "; A2:+38"
	problems, err := Parse(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(problems) != 2 || problems[0].Line != 3 || problems[1].Line != 6 || problems[1].String() != line40[:66]+"; A2:+38;" {
		t.Fatalf("got %v", problems)
	}

	bad := "% header\n" + line40 + "\n\n" + line40[:66] + "; A2:+38; B8:+2;\n" + line40 + "\n"
	problems, err = Parse(strings.NewReader(bad))
	var e *Error
	if !errors.As(err, &e) || e.Line != 4 || e.Move != 2 || problems != nil {
		t.Fatalf("got %v, %v; want an error on line 4, move 2", problems, err)
	}
	if want := "obf: line 4: move 2 (B8:+2): B8 is not legal here; legal moves: "; !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("error %q, want prefix %q", err, want)
	}
}

func TestHelpers(t *testing.T) {
	p, err := ParseLine(line40[:66] + "; A2:+38; C7:+38; D8:-2;")
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := p.BestScore(); s != 38 || !ok {
		t.Errorf("BestScore = %d, %v", s, ok)
	}
	if got := p.BestMoves(); !reflect.DeepEqual(got, []board.Square{board.MustParseSquare("A2"), board.MustParseSquare("C7")}) {
		t.Errorf("BestMoves = %v", got)
	}
	if s, ok := p.Score(board.MustParseSquare("D8")); s != -2 || !ok {
		t.Errorf("Score(D8) = %d, %v", s, ok)
	}
	if _, ok := p.Score(board.MustParseSquare("H2")); ok {
		t.Errorf("Score(H2) found")
	}
	var empty Problem
	if _, ok := empty.BestScore(); ok || empty.BestMoves() != nil {
		t.Errorf("a problem without moves has a best move")
	}
}

// TestRandomRoundTrip: problems on random positions with random legal
// moves and scores are written and read back unchanged.
func TestRandomRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 2000; i++ {
		pos := board.Start()
		for n := rng.IntN(60); n > 0 && !pos.Board.GameOver(); n-- {
			moves := board.Squares(pos.Board.Moves())
			if len(moves) == 0 {
				pos = pos.Pass()
				continue
			}
			pos = pos.Play(moves[rng.IntN(len(moves))])
		}
		p := Problem{Position: pos}
		moves := board.Squares(pos.Board.Moves())
		if pos.Board.IsLegal(board.Pass) {
			moves = []board.Square{board.Pass}
		}
		rng.Shuffle(len(moves), func(a, b int) { moves[a], moves[b] = moves[b], moves[a] })
		for _, sq := range moves[:rng.IntN(len(moves)+1)] {
			p.Moves = append(p.Moves, MoveScore{sq, rng.IntN(129) - 64})
		}
		back, err := ParseLine(p.String())
		if err != nil {
			t.Fatalf("%q: %v", p.String(), err)
		}
		if !reflect.DeepEqual(back, p) {
			t.Fatalf("%q reads back as %+v, want %+v", p.String(), back, p)
		}
	}
}

func TestReadError(t *testing.T) {
	broken := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader(line40+"\n"), iotest.ErrReader(broken))
	if problems, err := Parse(r); !errors.Is(err, broken) || !strings.Contains(err.Error(), "obf: line 2: ") || problems != nil {
		t.Errorf("Parse: %v, %v", problems, err)
	}
}

// TestLongLines: a line longer than MaxLine is refused with an error that
// names the line and the limit, after reading little more than the limit,
// even from an input that never ends (as reversi solve /dev/zero was
// reading for ever); a line up to the limit is read.
func TestLongLines(t *testing.T) {
	for _, c := range []byte{'a', 0, ' '} {
		in := endless.New(c, 64<<20)
		problems, err := Parse(io.MultiReader(strings.NewReader(line40+"\n% comment\n"), in))
		var e *Error
		if !errors.As(err, &e) || e.Line != 3 || problems != nil {
			t.Fatalf("endless %q: got %d problems, %v; want an *Error on line 3", c, len(problems), err)
		}
		if want := "obf: line 3: the line is longer than 65536 bytes"; !strings.HasPrefix(err.Error(), want) {
			t.Errorf("endless %q: error %q, want prefix %q", c, err, want)
		}
		if in.Served() > 2*MaxLine {
			t.Errorf("endless %q: read %d bytes to refuse a line of more than %d", c, in.Served(), MaxLine)
		}
	}

	long := line40 + " %" + strings.Repeat("x", MaxLine-len(line40)-2)
	problems, err := Parse(strings.NewReader(long + "\r\n" + line40 + "\n"))
	if err != nil || len(problems) != 2 || problems[1].Line != 2 {
		t.Fatalf("a line of %d bytes: %d problems, %v", len(long), len(problems), err)
	}
	if _, err := Parse(strings.NewReader(line40 + "\n" + long + "xxx\n")); err == nil || !strings.Contains(err.Error(), "line 2: the line is longer than") {
		t.Errorf("a line of %d bytes: %v", len(long)+3, err)
	}
}
