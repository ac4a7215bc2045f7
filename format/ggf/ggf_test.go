// Tests: the sample files, tables of results, passes and bad games, random round trips.

package ggf

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/endless"
)

const startBO = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"

// checkRoundTrip fails unless g is written and read back as the same
// record, and writing that again gives the same text.
func checkRoundTrip(t *testing.T, g *game.Game) {
	t.Helper()
	text := Format(g)
	back, err := ParseGame(text)
	if err != nil {
		t.Fatalf("%s\ndoes not read back: %v", text, err)
	}
	if !reflect.DeepEqual(back, g) {
		t.Fatalf("%s\nreads back as\n%+v\nwant\n%+v", text, back, g)
	}
	if again := Format(back); again != text {
		t.Fatalf("written twice differently:\n%s\n%s", text, again)
	}
}

func TestSampleFiles(t *testing.T) {
	tests := []struct {
		file    string
		games   int
		badGame int // number of the game refused, 0 if none
		wantErr string
	}{
		{"ggf/nboard-test.ggf", 1, 0, ""},
		{"ggf/nboard-test2.ggf", 2, 1, "ggf: game 1: TY[4]: board size 4: only 8x8 Othello is supported"},
		{"ggf/ntest-TestGames.ggf", 12, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			raw, err := data.ReadFile(tt.file)
			if err != nil {
				t.Fatal(err)
			}
			games, err := Parse(strings.NewReader(string(raw)))
			if tt.wantErr == "" && err != nil {
				t.Fatal(err)
			}
			if tt.wantErr != "" {
				var pe *ParseError
				if !errors.As(err, &pe) || pe.Game != tt.badGame || err.Error() != tt.wantErr {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
			}
			if len(games) != tt.games {
				t.Fatalf("%d games, want %d", len(games), tt.games)
			}
			for i, g := range games {
				if !g.Over() || g.Result.Reason != game.Normal {
					t.Errorf("game %d: over %v, result %v", i+1, g.Over(), g.Result)
				}
				if g.Info.Black == "" || g.Info.White == "" || g.Info.Event != "GGS/os" || g.Info.Date == "" || g.Info.TimeControl == "" {
					t.Errorf("game %d: info %+v", i+1, g.Info)
				}
				checkRoundTrip(t, g)
			}
		})
	}
}

// TestSampleGame checks one sample game field by field.
func TestSampleGame(t *testing.T) {
	raw, _ := data.ReadFile("ggf/nboard-test.ggf")
	g, err := ParseGame(string(raw))
	if err != nil {
		t.Fatal(err)
	}
	wantInfo := game.Info{Black: "Saio1200", White: "Saio3000", Event: "GGS/os", Date: "2003.12.15_12:33:18.MST", TimeControl: "05:00//02:00", Round: "1"} // the file writes "1 (;GM..."
	if g.Info != wantInfo || g.Start != board.Start() || g.Rule != game.Standard || g.Ply() != 60 {
		t.Fatalf("info %+v, start %v, rule %v, %d plies", g.Info, g.Start, g.Rule, g.Ply())
	}
	wantMoves := map[int]game.Move{
		0:  {Square: board.MustParseSquare("D3"), Color: board.Black, Time: 10 * time.Millisecond},
		7:  {Square: board.MustParseSquare("D2"), Color: board.White, Time: 10 * time.Millisecond, Eval: 2.39, HasEval: true},
		34: {Square: board.MustParseSquare("G5"), Color: board.Black, Time: 97630 * time.Millisecond},
		59: {Square: board.MustParseSquare("H8"), Color: board.White, Time: 10 * time.Millisecond},
	}
	for i, want := range wantMoves {
		if g.Moves[i] != want {
			t.Errorf("move %d: %+v, want %+v", i+1, g.Moves[i], want)
		}
	}
	if !strings.HasPrefix(g.Transcript(), "d3c5f6f5e6e3c3d2c4b5") {
		t.Errorf("transcript %s", g.Transcript())
	}
	if want := (game.Result{Reason: game.Normal, Winner: board.NoColor, By: board.NoColor, Black: 32, White: 32}); g.Result != want {
		t.Errorf("result %+v, want %+v", g.Result, want)
	}
}

func TestResults(t *testing.T) {
	// A 9-move wipe-out (over) and an opening (not over).
	const wipeout = "B[D3]W[C3]B[B3]W[D2]B[E1]W[D6]B[D7]W[E3]B[F4]"
	const opening = "B[F5]W[D6]B[C3]"
	start := board.Start()
	openPos := start.Play(board.MustParseSquare("F5")).Play(board.MustParseSquare("D6")).Play(board.MustParseSquare("C3"))
	counts := func(r game.Result, p board.Position) game.Result {
		r.Black, r.White = p.Count(board.Black), p.Count(board.White)
		return r
	}
	tests := []struct {
		name  string
		re    string
		moves string
		want  game.Result
	}{
		{"over, RE ignored", "RE[-3.000]", wipeout, game.Result{Reason: game.Normal, Winner: board.Black, By: board.NoColor, Black: 13}},
		{"over, no RE", "", wipeout, game.Result{Reason: game.Normal, Winner: board.Black, By: board.NoColor, Black: 13}},
		{"over, unknown", "RE[?]", wipeout, game.Result{Reason: game.Normal, Winner: board.Black, By: board.NoColor, Black: 13}},
		{"over, agreed", "RE[+64:s]", wipeout, game.Result{Reason: game.Normal, Winner: board.Black, By: board.NoColor, Black: 13}},
		{"over, resigned", "RE[-64.00:r]", wipeout, game.Result{Reason: game.Resignation, Winner: board.White, By: board.Black, Black: 13}},
		{"in progress", "RE[+12.000]", opening, game.Result{}},
		{"unknown", "RE[?]", opening, game.Result{}},
		{"white resigned", "RE[+64.000:r]", opening, counts(game.Result{Reason: game.Resignation, Winner: board.Black, By: board.White}, openPos)},
		{"black timed out", "RE[ -64.000 : t ]", opening, counts(game.Result{Reason: game.Timeout, Winner: board.White, By: board.Black}, openPos)},
		{"white resigned while ahead", "RE[+64.000:r]", opening + "W[G5]", game.Result{Reason: game.Resignation, Winner: board.Black, By: board.White, Black: 3, White: 5}},
		{"black resigned while ahead", "RE[-64.000:r]", opening, game.Result{Reason: game.Resignation, Winner: board.White, By: board.Black, Black: 5, White: 2}},
		{"counted", "RE[+60.000:s]", opening, counts(game.Result{Reason: game.Counted, Winner: board.Black, By: board.NoColor}, openPos)},
		{"agreed", "RE[-2.5:s]", opening, counts(game.Result{Reason: game.Counted, Winner: board.White, By: board.NoColor}, openPos)},
		{"agreed draw", "RE[0:s]", opening, counts(game.Result{Reason: game.Counted, Winner: board.NoColor, By: board.NoColor}, openPos)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := ParseGame("(;GM[Othello]" + tt.re + startBO + tt.moves + ";)")
			if err != nil {
				t.Fatal(err)
			}
			if g.Result != tt.want {
				t.Fatalf("result %+v, want %+v", g.Result, tt.want)
			}
			checkRoundTrip(t, g)
		})
	}
}

func TestFormatResult(t *testing.T) {
	g, _ := ParseGame("(;" + startBO + "B[F5]W[D6];)")
	tests := []struct {
		result game.Result
		want   string
	}{
		{game.Result{}, ""},
		{game.Result{Reason: game.Resignation, Winner: board.Black, By: board.White}, "RE[+64.000:r]"},
		{game.Result{Reason: game.Resignation, Winner: board.NoColor, By: board.White}, "RE[+64.000:r]"},
		{game.Result{Reason: game.Timeout, Winner: board.White, By: board.Black}, "RE[-64.000:t]"},
		{game.Result{Reason: game.Forfeit, Winner: board.White, By: board.Black}, "RE[-64.000:r]"},
		{game.Result{Reason: game.IllegalMoves, Winner: board.Black, By: board.White}, "RE[+64.000:r]"},
		{game.Result{Reason: game.Resignation, Winner: board.NoColor, By: board.NoColor, Black: 3, White: 3}, "RE[+0.000]"},
		{game.Result{Reason: game.Normal, Winner: board.Black, Black: 3, White: 3}, "RE[+64.000:s]"},
		{game.Result{Reason: game.Normal, Winner: board.White, Black: 2, White: 4}, "RE[-60.000:s]"},
		{game.Result{Reason: game.Resignation, Winner: board.White, By: board.Black, Black: 40, White: 20}, "RE[-64.000:r]"},
		{game.Result{Reason: game.Timeout, Winner: board.Black, By: board.White, Black: 10, White: 30}, "RE[+64.000:t]"},
		{game.Result{Reason: game.Counted, Winner: board.Black, By: board.White, Black: 40, White: 20}, "RE[+24.000:s]"},
		{game.Result{Reason: game.Counted, Winner: board.White, By: board.White, Black: 3, White: 5}, "RE[-58.000:s]"},
		{game.Result{Reason: game.Counted, Winner: board.NoColor, By: board.Black, Black: 3, White: 3}, "RE[+0.000:s]"},
	}
	for _, tt := range tests {
		g.Result = tt.result
		text := Format(g)
		got := ""
		if i := strings.Index(text, "RE["); i >= 0 {
			got = text[i : i+strings.IndexByte(text[i:], ']')+1]
		}
		if got != tt.want {
			t.Errorf("%+v written %q, want %q", tt.result, got, tt.want)
		}
	}
}

func TestPasses(t *testing.T) {
	// Black (to move) has no move; white has E3 and G5, after which black
	// can move again.
	bo := "BO[8 -------- -------- ---*---- ---**--- ---**--- ----***- ----O--- ---OOO-- *]"
	tests := []struct {
		name, moves string
		want        string // transcript with passes
		wantErr     string
	}{
		{"pass left out", "W[E3]", "PAe3", ""},
		{"pass written", "B[PA]W[E3]", "PAe3", ""},
		{"pass written 'pass'", "B[pass//1.5]W[E3]B[F2]", "PAe3f2", ""},
		{"move while passing", "B[F2]", "", "move 1 B[F2]: F2 is not legal here: black has no legal move and must pass"},
		{"wrong colour", "W[E3]W[G5]", "", "move 2 W[G5]: it is black's turn, and black has legal moves (F2 F3 F4 F5 D6 F7)"},
		{"pass with moves", "W[E3]B[PA]", "", "move 2 B[PA]: black cannot pass with legal moves: F2 F3 F4 F5 D6 F7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := ParseGame("(;" + bo + tt.moves + ";)")
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if g.TranscriptWithPasses() != tt.want {
				t.Fatalf("moves %s, want %s", g.TranscriptWithPasses(), tt.want)
			}
			checkRoundTrip(t, g)
		})
	}
	// After the end of a 9-move wipe-out, with either colour.
	for _, extra := range []string{"W[A1]", "B[A1]"} {
		_, err := ParseGame("(;B[D3]W[C3]B[B3]W[D2]B[E1]W[D6]B[D7]W[E3]B[F4]" + extra + ";)")
		if err == nil || !strings.Contains(err.Error(), "move 10 "+extra+": the game is over") {
			t.Errorf("move after the end: %v", err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, text string
		game, move int
		tag        string
		wantErr    string
	}{
		{"not Othello", "(;GM[Amazons]" + startBO + ";)", 1, 0, "GM", "ggf: game 1: GM[Amazons]: not an Othello game"},
		{"10x10 type", "(;GM[Othello]TY[10];)", 1, 0, "TY", "TY[10]: board size 10: only 8x8 Othello is supported"},
		{"synchro 10x10", "(;TY[s10r20];)", 1, 0, "TY", "board size 10"},
		{"anti", "(;TY[8a];)", 1, 0, "TY", "anti Othello (a) is not supported"},
		{"bad type letter", "(;TY[8x];)", 1, 0, "TY", `unknown game type letter 'x'`},
		{"no size", "(;TY[k];)", 1, 0, "TY", "does not start with a board size"},
		{"board 10", "(;BO[10 " + strings.Repeat("-", 100) + " *];)", 1, 0, "BO", "board size 10: only 8x8"},
		{"board no size", "(;BO[-------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *];)", 1, 0, "BO", "does not start with its size"},
		{"board short", "(;BO[8 ---- *];)", 1, 0, "BO", "board text: 5 squares, want 64"},
		{"board no space", "(;BO[8--------];)", 1, 0, "BO", "followed by a space"},
		{"board bad cell", "(;BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------? *];)", 1, 0, "BO", `'?' at square H8`},
		{"twice", "(;PB[a]PB[b];)", 1, 0, "PB", "tag PB appears twice"},
		{"bad rule", "(;RU[blitz];)", 1, 0, "RU", "unknown rule"},
		{"bad result", "(;RE[won];)", 1, 0, "RE", `score "won" is not a number`},
		{"bad flag", "(;RE[+2:x];)", 1, 0, "RE", `flag "x"`},
		{"resigned draw", "(;RE[+0:r];)", 1, 0, "RE", "needs a winner"},
		{"NaN result", "(;RE[NaN];)", 1, 0, "RE", "is not a number"},
		{"bad square", "(;" + startBO + "B[F5]W[C9];)", 1, 2, "W", "ggf: game 1: move 2 W[C9]: C9 is not a square: rows go from 1 to 8"},
		{"illegal", "(;" + startBO + "B[F5]W[E3];)", 1, 2, "W", "E3 is not legal here; legal moves: F4 D6 F6"},
		{"bad eval", "(;B[F5/x];)", 1, 1, "B", `evaluation "x" is not a number`},
		{"Inf eval", "(;B[F5/Inf];)", 1, 1, "B", `evaluation "Inf" is not a number`},
		{"bad time", "(;B[F5//-1];)", 1, 1, "B", `time "-1" is not a number of seconds`},
		{"long time", "(;B[F5//9999999999];)", 1, 1, "B", `time "9999999999" is too long`},
		{"too many digits", "(;B[F5//99999999999];)", 1, 1, "B", `time "99999999999" is not a number`},
		{"too many fields", "(;B[F5/1/2/3];)", 1, 1, "B", "too many '/'"},
		{"second game", "(;" + startBO + ";)\n2 (;GM[Go];)", 2, 0, "GM", "ggf: game 2: GM[Go]: not an Othello game"},
		{"text between", "(;;) hello (;;)", 2, 0, "", `unexpected "hello (;;)" where a game should start`},
		{"unterminated value", "(;PB[abc", 1, 0, "", "the value of tag PB has no closing ']'"},
		{"escaped end", `(;PB[abc\];)`, 1, 0, "", "the value of tag PB has no closing ']'"},
		{"unterminated game", "(;PB[abc]", 1, 0, "", `the text ends before the game's ";)"`},
		{"lower-case tag", "(;pb[abc];)", 1, 0, "", `unexpected "pb[abc];)" where a tag`},
		{"tag without value", "(;PB;)", 1, 0, "", "tag PB is not followed by '['"},
		{"SGF style", "(;GM[Othello];B[F5])", 1, 0, "", `unexpected ";B[F5])"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games, err := Parse(strings.NewReader(tt.text))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T), want a *ParseError", err, err)
			}
			if pe.Game != tt.game || pe.Move != tt.move || pe.Tag != tt.tag || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("error %q (game %d, move %d, tag %q), want game %d, move %d, tag %q and %q",
					err, pe.Game, pe.Move, pe.Tag, tt.game, tt.move, tt.tag, tt.wantErr)
			}
			for _, g := range games {
				checkRoundTrip(t, g)
			}
		})
	}
}

func TestErrorUnwraps(t *testing.T) {
	_, err := ParseGame("(;B[F5]W[E3];)")
	var ie *game.IllegalMoveError
	if !errors.As(err, &ie) || ie.Square != board.MustParseSquare("E3") || ie.Color != board.White {
		t.Fatalf("error %v does not wrap the *game.IllegalMoveError", err)
	}
}

func TestParseSkipsBadGames(t *testing.T) {
	text := "1 (;" + startBO + "B[F5];)\n2 (;TY[10];)\n3 (;B[F5]W[F5];)\n4 (;PB[x]B[D3];)\n"
	games, err := Parse(strings.NewReader(text))
	if len(games) != 2 || games[1].Info.Black != "x" {
		t.Fatalf("%d games read, want games 1 and 4", len(games))
	}
	var bad []int
	for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
		bad = append(bad, e.(*ParseError).Game)
	}
	if !reflect.DeepEqual(bad, []int{2, 3}) {
		t.Fatalf("errors for games %v, want 2 and 3: %v", bad, err)
	}
	if _, err := ParseGame(text); err == nil {
		t.Fatalf("ParseGame accepted a text with bad games")
	}
	if _, err := ParseGame("(;;)(;;)"); err == nil || !strings.Contains(err.Error(), "holds 2 games, want one") {
		t.Fatalf("ParseGame of two games: %v", err)
	}
	if games, err := Parse(strings.NewReader(" \n")); games != nil || err != nil {
		t.Fatalf("empty text: %v, %v", games, err)
	}
}

func TestMinimalGame(t *testing.T) {
	g, err := ParseGame("(;;)")
	if err != nil || !reflect.DeepEqual(g, game.NewStandard()) {
		t.Fatalf("(;;) gives %+v, %v; want a new standard game", g, err)
	}
	// Values are not trimmed, ']' and '\' may be escaped, unknown tags
	// are skipped, and case does not matter where it should not.
	g, err = ParseGame(`(; GM[othello] PB[ Ann \] \\ ]  ZZ[whatever \]]  KM[-3.5]TY[8kr20b] B[f5/+1.5e1/1:02.5] ;)`)
	if err != nil {
		t.Fatal(err)
	}
	want := game.Move{Square: board.MustParseSquare("F5"), Color: board.Black, Eval: 15, HasEval: true, Time: 62500 * time.Millisecond}
	if g.Info.Black != ` Ann ] \ ` || g.Moves[0] != want {
		t.Fatalf("got %q %+v", g.Info.Black, g.Moves[0])
	}
	checkRoundTrip(t, g)
}

func TestNoAdjacentRule(t *testing.T) {
	g, err := ParseGame("(;RU[no-adjacent]B[F5]W[D6];)")
	if err != nil || g.Rule != game.NoAdjacent {
		t.Fatalf("rule %v, %v", g.Rule, err)
	}
	if text := Format(g); !strings.Contains(text, "RU[no-adjacent]") {
		t.Fatalf("rule not written: %s", text)
	}
	checkRoundTrip(t, g)
	if _, err := ParseGame("(;RU[no-adjacent]B[F5]W[F4];)"); err == nil || !strings.Contains(err.Error(), "no-adjacent rule") {
		t.Fatalf("F4 next to F5 accepted under no-adjacent: %v", err)
	}
	if text := Format(game.NewStandard()); strings.Contains(text, "RU[") {
		t.Fatalf("RU written for the standard rules: %s", text)
	}
}

func TestSeconds(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		out  string
	}{
		{"0.01", 10 * time.Millisecond, "0.01"},
		{"97.63", 97630 * time.Millisecond, "97.63"},
		{"12", 12 * time.Second, "12.00"},
		{"1.5", 1500 * time.Millisecond, "1.50"},
		{"3.000000001", 3*time.Second + 1, "3.000000001"},
		{"3.0000000019", 3*time.Second + 1, "3.000000001"},
		{"05:00", 5 * time.Minute, "300.00"},
		{"1:02:03.25", time.Hour + 2*time.Minute + 3250*time.Millisecond, "3723.25"},
		{"0", 0, "0.00"},
	}
	for _, tt := range tests {
		got, err := parseSeconds(tt.in)
		if err != nil || got != tt.want || formatSeconds(got) != tt.out {
			t.Errorf("%q: %v, %v, written %q; want %v, %q", tt.in, got, err, formatSeconds(got), tt.want, tt.out)
		}
	}
	for _, bad := range []string{"", "-1", "1e3", "1:2:3:4", ":5", "1.2.3", "1. 5", "0x10", "１"} {
		if d, err := parseSeconds(bad); err == nil {
			t.Errorf("%q accepted as %v", bad, d)
		}
	}
}

// randomGame plays random moves from a random position reached from the
// start, with random evaluations, times, metadata and result.
func randomGame(rng *rand.Rand) *game.Game {
	start := board.Start()
	for n := rng.IntN(8); n > 0 && start.Board.HasMoves(); n-- {
		moves := board.Squares(start.Board.Moves())
		start = start.Play(moves[rng.IntN(len(moves))])
	}
	rule := game.Standard
	if rng.IntN(4) == 0 {
		rule = game.NoAdjacent
	}
	g := game.New(start, rule)
	limit := 60
	if rng.IntN(3) == 0 {
		limit = rng.IntN(60)
	}
	for i := 0; i < limit && !g.Over(); i++ {
		m := game.Move{Square: board.Pass}
		if legal := g.Legal(); legal != 0 {
			sqs := board.Squares(legal)
			m.Square = sqs[rng.IntN(len(sqs))]
		}
		if rng.IntN(2) == 0 {
			m.Eval, m.HasEval = float64(rng.IntN(12801)-6400)/100, true
		}
		if rng.IntN(3) == 0 {
			m.Eval, m.HasEval = rng.NormFloat64()*20, true
		}
		if rng.IntN(2) == 0 {
			m.Time = time.Duration(rng.Int64N(int64(time.Hour)))
		}
		if err := g.Play(m); err != nil {
			panic(err)
		}
	}
	words := []string{"", "Saio", "GGS/os", "a]b", `c:\d`, "Ødegård", "2003.12.15_12:33:18.MST", "05:00//02:00", " spaced ", "x\ny"}
	pick := func() string { return words[rng.IntN(len(words))] }
	g.Info = game.Info{Black: pick(), White: pick(), Event: pick(), Date: pick(), TimeControl: pick()}
	winner := []board.Color{board.Black, board.White, board.NoColor}[rng.IntN(3)]
	pos := g.Position()
	switch {
	case g.Over():
		g.Finish()
	case rng.IntN(4) == 0:
		g.Result = game.Result{Reason: game.Resignation, Winner: winner.Other(), By: winner, Black: pos.Count(board.Black), White: pos.Count(board.White)}
		if winner == board.NoColor {
			g.Result = game.Result{}
		}
	case rng.IntN(4) == 0:
		g.Result = game.Result{Reason: game.Timeout, Winner: winner.Other(), By: winner, Black: pos.Count(board.Black), White: pos.Count(board.White)}
		if winner == board.NoColor {
			g.Result = game.Result{}
		}
	case rng.IntN(4) == 0:
		g.Result = game.NewResult(pos, game.Counted, board.NoColor)
	}
	return g
}

func TestRandomRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	reasons := map[game.Reason]int{}
	passes := 0
	for i := 0; i < 1000; i++ {
		g := randomGame(rng)
		reasons[g.Result.Reason]++
		if strings.Contains(g.TranscriptWithPasses(), "PA") {
			passes++
		}
		checkRoundTrip(t, g)
	}
	if len(reasons) != 5 || passes == 0 {
		t.Fatalf("results %v, %d games with passes: not every case exercised", reasons, passes)
	}
}

func TestWrite(t *testing.T) {
	raw, _ := data.ReadFile("ggf/ntest-TestGames.ggf")
	games, err := Parse(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	var buf strings.Builder
	if err := Write(&buf, games); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(buf.String(), "\n"); lines != len(games) {
		t.Fatalf("%d lines for %d games", lines, len(games))
	}
	back, err := Parse(strings.NewReader(buf.String()))
	if err != nil || !reflect.DeepEqual(back, games) {
		t.Fatalf("written games read back differently: %v", err)
	}
	if err := Write(failingWriter{}, games); err == nil || !strings.HasPrefix(err.Error(), "ggf: ") {
		t.Fatalf("write error not reported: %v", err)
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestRoundNumbers(t *testing.T) {
	g := game.NewStandard()
	g.PlayTranscript("f5d6")
	g.Info.Round = "17"
	text := Format(g)
	if !strings.HasPrefix(text, "17 (;GM[Othello]") {
		t.Fatalf("Format wrote %q", text)
	}
	back, err := ParseGame(text)
	if err != nil || back.Info.Round != "17" {
		t.Fatalf("round read back as %q (%v)", back.Info.Round, err)
	}
	g.Info.Round = "final" // not a number: not written
	if text := Format(g); !strings.HasPrefix(text, "(;GM") {
		t.Errorf("a round that is not a number was written: %q", text)
	}
	games, err := Parse(strings.NewReader("3 (;GM[Othello]TY[8];)\n(;GM[Othello]TY[8];)\n"))
	if err != nil || len(games) != 2 || games[0].Info.Round != "3" || games[1].Info.Round != "" {
		t.Errorf("rounds of two games: %v", err)
	}
}

// TestLongGames: Parse reads game by game and refuses a game (or a gap
// between games) longer than MaxGame with an error naming the game and
// the limit, after reading little more than the limit, even from an input
// that never ends; the games before it are kept. A game up to the limit
// is read.
func TestLongGames(t *testing.T) {
	two := "1 (;GM[Othello]" + startBO + "B[F5];)\n2 (;;)\n"
	tests := []struct {
		name    string
		prefix  string
		c       byte
		wantErr string
	}{
		{"endless value", two + "(;PC[", 'a', `ggf: game 3: the game is longer than 1048576 bytes, the limit of a game`},
		{"endless game", two + "(;", ' ', `ggf: game 3: the game is longer than 1048576 bytes`},
		{"endless spaces", two, ' ', `ggf: game 3: more than 1048576 bytes of spaces and digits where a game should start`},
		{"endless number", two, '7', `ggf: game 3: more than 1048576 bytes of spaces and digits`},
		{"endless zeros", two, 0, `ggf: game 3: unexpected "\x00\x00\x00`},
		{"endless letters", "", 'a', `ggf: game 1: unexpected "aaaa`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := endless.New(tt.c, 64<<20)
			games, err := Parse(io.MultiReader(strings.NewReader(tt.prefix), in))
			if err == nil || !strings.HasPrefix(err.Error(), tt.wantErr) {
				t.Fatalf("error %v, want prefix %q", err, tt.wantErr)
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Errorf("error %v (%T) is not a *ParseError", err, err)
			}
			if want := strings.Count(tt.prefix, ";)"); len(games) != want {
				t.Errorf("%d games read before the fault, want %d", len(games), want)
			}
			if in.Served() > MaxGame+64<<10 {
				t.Errorf("read %d bytes to refuse a game of more than %d", in.Served(), MaxGame)
			}
		})
	}

	long := "(;GM[Othello]PC[" + strings.Repeat("x", MaxGame-40) + "]B[F5];)"
	games, err := Parse(strings.NewReader(two + "\n" + long + "\n" + two))
	if err != nil || len(games) != 5 || len(games[2].Info.Event) != MaxGame-40 {
		t.Fatalf("a game of %d bytes among others: %d games, %v", len(long), len(games), err)
	}
	if _, err := Parse(strings.NewReader(two + strings.Replace(long, "PC[", "PC[xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", 1))); err == nil || !strings.Contains(err.Error(), "game 3: the game is longer than") {
		t.Errorf("a game of %d bytes: %v", len(long)+40, err)
	}
}

// TestParseGameByGame: reading the text game by game from a stream, even
// one byte at a time, gives what reading the whole text gives, games and
// errors alike.
func TestParseGameByGame(t *testing.T) {
	texts := []string{
		"(;;) hello (;;)", "(;GM[Othello];B[F5])", "(;;)(;)0;)", `(;PB[a\]]PW[\\];)(;PB[\x];)`,
		"1 (;" + startBO + "B[F5];)\n2 (;TY[10];)\n3 (;B[F5]W[F5];)\n4 (;PB[x]B[D3];)\n", " 12 ", "(", "(;;)(",
	}
	for _, name := range []string{"ggf/nboard-test.ggf", "ggf/nboard-test2.ggf", "ggf/ntest-TestGames.ggf"} {
		raw, _ := data.ReadFile(name)
		texts = append(texts, string(raw))
	}
	for _, text := range texts {
		want, wantErr := parseText(text)
		for _, r := range []io.Reader{strings.NewReader(text), iotest.OneByteReader(strings.NewReader(text))} {
			got, err := Parse(r)
			if !reflect.DeepEqual(got, want) || fmt.Sprint(err) != fmt.Sprint(wantErr) {
				t.Errorf("%.40q: %d games, %v; the whole text gives %d games, %v", text, len(got), err, len(want), wantErr)
			}
		}
	}
}
