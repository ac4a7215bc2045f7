package game

import (
	"testing"

	"github.com/reversi-engine/reversi/board"
)

func TestNewResult(t *testing.T) {
	// Black leads 4-1 after F5; 59 empty squares.
	ahead := board.Start().Play(board.MustParseSquare("F5"))
	even := board.Start()
	tests := []struct {
		name   string
		pos    board.Position
		reason Reason
		by     board.Color
		want   Result
	}{
		{"resigning while ahead loses", ahead, Resignation, board.Black, Result{Reason: Resignation, Winner: board.White, By: board.Black, Black: 4, White: 1}},
		{"resigning while behind loses", ahead, Resignation, board.White, Result{Reason: Resignation, Winner: board.Black, By: board.White, Black: 4, White: 1}},
		{"resigning a drawn board loses", even, Resignation, board.White, Result{Reason: Resignation, Winner: board.Black, By: board.White, Black: 2, White: 2}},
		{"timeout while ahead loses", ahead, Timeout, board.Black, Result{Reason: Timeout, Winner: board.White, By: board.Black, Black: 4, White: 1}},
		{"illegal moves", ahead, IllegalMoves, board.Black, Result{Reason: IllegalMoves, Winner: board.White, By: board.Black, Black: 4, White: 1}},
		{"forfeit", ahead, Forfeit, board.White, Result{Reason: Forfeit, Winner: board.Black, By: board.White, Black: 4, White: 1}},
		{"counted by the side ahead", ahead, Counted, board.Black, Result{Reason: Counted, Winner: board.Black, By: board.Black, Black: 4, White: 1}},
		{"counted by the side behind", ahead, Counted, board.White, Result{Reason: Counted, Winner: board.Black, By: board.White, Black: 4, White: 1}},
		{"counted draw", even, Counted, board.Black, Result{Reason: Counted, Winner: board.NoColor, By: board.Black, Black: 2, White: 2}},
		{"normal end", ahead, Normal, board.NoColor, Result{Reason: Normal, Winner: board.Black, By: board.NoColor, Black: 4, White: 1}},
		{"abandoned: nobody wins", ahead, Abandoned, board.White, Result{Reason: Abandoned, Winner: board.NoColor, By: board.White, Black: 4, White: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := NewResult(tt.pos, tt.reason, tt.by); got != tt.want {
				t.Fatalf("NewResult = %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestTournamentMargin(t *testing.T) {
	tests := []struct {
		name string
		r    Result
		want int
	}{
		{"normal, empties to the winner", Result{Reason: Normal, Winner: board.Black, Black: 40, White: 20}, 24},
		{"normal, white", Result{Reason: Normal, Winner: board.White, Black: 20, White: 40}, -24},
		{"normal draw", Result{Reason: Normal, Winner: board.NoColor, Black: 30, White: 30}, 0},
		{"counted", Result{Reason: Counted, Winner: board.Black, By: board.White, Black: 4, White: 1}, 62},
		{"counted draw", Result{Reason: Counted, Winner: board.NoColor, By: board.White, Black: 2, White: 2}, 0},
		{"resigned while ahead", Result{Reason: Resignation, Winner: board.White, By: board.Black, Black: 40, White: 20}, -64},
		{"resigned while behind", Result{Reason: Resignation, Winner: board.Black, By: board.White, Black: 40, White: 20}, 64},
		{"timeout on an even board", Result{Reason: Timeout, Winner: board.Black, By: board.White, Black: 30, White: 30}, 64},
		{"timeout while ahead", Result{Reason: Timeout, Winner: board.White, By: board.Black, Black: 31, White: 30}, -64},
		{"illegal moves", Result{Reason: IllegalMoves, Winner: board.Black, By: board.White, Black: 2, White: 3}, 64},
		{"forfeit", Result{Reason: Forfeit, Winner: board.White, By: board.Black, Black: 50, White: 3}, -64},
		{"rule without a winner", Result{Reason: Resignation, Winner: board.NoColor, Black: 50, White: 3}, 0},
		{"agreed score against the discs", Result{Reason: Counted, Winner: board.White, Black: 3, White: 2}, -64},
		{"agreed draw on an uneven board", Result{Reason: Counted, Winner: board.NoColor, Black: 3, White: 2}, 0},
		{"in progress", Result{Black: 4, White: 1}, 62},
		{"abandoned", Result{Reason: Abandoned, Winner: board.NoColor, By: board.White, Black: 4, White: 1}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.r.TournamentMargin(); got != tt.want {
				t.Fatalf("TournamentMargin = %+d, want %+d", got, tt.want)
			}
			if tt.r.Reason == InProgress {
				return
			}
			got := tt.r.TournamentMargin()
			switch tt.r.Winner {
			case board.Black:
				if got <= 0 {
					t.Errorf("margin %+d does not favour the winner", got)
				}
			case board.White:
				if got >= 0 {
					t.Errorf("margin %+d does not favour the winner", got)
				}
			default:
				if got != 0 {
					t.Errorf("margin %+d for a draw", got)
				}
			}
		})
	}
}

func TestResultString(t *testing.T) {
	tests := []struct {
		r    Result
		want string
	}{
		{Result{}, "in progress"},
		{Result{Reason: Normal, Winner: board.Black, By: board.NoColor, Black: 40, White: 24}, "black wins 40-24 (+16, normal end)"},
		{Result{Reason: Normal, Winner: board.NoColor, By: board.NoColor, Black: 32, White: 32}, "draw 32-32 (+0, normal end)"},
		{Result{Reason: Counted, Winner: board.Black, By: board.White, Black: 40, White: 20}, "black wins 40-20 (+24, white stopped and counted)"},
		{Result{Reason: Counted, Winner: board.White, By: board.NoColor, Black: 20, White: 40}, "white wins 20-40 (-24, stopped and counted)"},
		{Result{Reason: Resignation, Winner: board.White, By: board.Black, Black: 40, White: 24}, "white wins (-64, black resigned; board 40-24)"},
		{Result{Reason: Timeout, Winner: board.White, By: board.Black, Black: 30, White: 31, Detail: "no move within 1s"}, "white wins (-64, black ran out of time: no move within 1s; board 30-31)"},
		{Result{Reason: IllegalMoves, Winner: board.Black, By: board.White, Black: 2, White: 3}, "black wins (+64, white lost by illegal moves; board 2-3)"},
		{Result{Reason: Forfeit, Winner: board.Black, By: board.White, Black: 2, White: 3, Detail: "input closed"}, "black wins (+64, white forfeited: input closed; board 2-3)"},
		{Result{Reason: Abandoned, Winner: board.NoColor, By: board.White, Black: 4, White: 1, Detail: "nobody took the open seat within 1h0m0s"}, "no result (+0, abandoned: white never came: nobody took the open seat within 1h0m0s; board 4-1)"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := tt.r.String(); got != tt.want {
				t.Fatalf("String = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestReasonString(t *testing.T) {
	// The names are stored; the values of the old reasons must not move.
	tests := []struct {
		r     Reason
		value uint8
		want  string
		discs bool
	}{
		{InProgress, 0, "in progress", false},
		{Normal, 1, "normal end", true},
		{Resignation, 2, "resignation", false},
		{Timeout, 3, "timeout", false},
		{IllegalMoves, 4, "illegal moves", false},
		{Forfeit, 5, "forfeit", false},
		{Counted, 6, "stopped and counted", true},
		{Abandoned, 7, "abandoned", false},
		{Reason(8), 8, "Reason(8)", false},
	}
	for _, tt := range tests {
		if uint8(tt.r) != tt.value || tt.r.String() != tt.want || tt.r.ScoredByDiscs() != tt.discs {
			t.Errorf("Reason %d: value %d, String %q, ScoredByDiscs %v; want %d, %q, %v", tt.r, uint8(tt.r), tt.r.String(), tt.r.ScoredByDiscs(), tt.value, tt.want, tt.discs)
		}
	}
}

func TestParseReason(t *testing.T) {
	for r := InProgress; r <= Abandoned; r++ {
		got, err := ParseReason(r.String())
		if err != nil || got != r {
			t.Errorf("ParseReason(%q) = %v, %v", r.String(), got, err)
		}
	}
	for _, bad := range []string{"", "Normal end", "resigned", "Reason(9)", "normal end "} {
		if r, err := ParseReason(bad); err == nil {
			t.Errorf("ParseReason(%q) = %v, want an error", bad, r)
		}
	}
}
