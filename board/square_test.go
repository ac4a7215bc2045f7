package board

import (
	"strings"
	"testing"
)

func TestParseSquare(t *testing.T) {
	tests := []struct {
		in      string
		want    Square
		row     int
		col     int
		wantErr string
	}{
		{in: "A1", want: 0, row: 0, col: 0},
		{in: "a1", want: 0, row: 0, col: 0},
		{in: "E4", want: 28, row: 3, col: 4},
		{in: "H3", want: 23, row: 2, col: 7},
		{in: "G6", want: 46, row: 5, col: 6},
		{in: "h8", want: 63, row: 7, col: 7},
		{in: " d3 ", want: 19, row: 2, col: 3},
		{in: "PA", want: Pass},
		{in: "pass", want: Pass},
		{in: "Pa", want: Pass},
		{in: "C9", wantErr: "C9 is not a square: rows go from 1 to 8"},
		{in: "c0", wantErr: "C0 is not a square"},
		{in: "I1", wantErr: "columns go from A to H"},
		{in: "", wantErr: "empty square"},
		{in: "A", wantErr: `"A" is not a square`},
		{in: "A12", wantErr: `"A12" is not a square`},
		{in: "11", wantErr: `"11" is not a square`},
		{in: "é1", wantErr: "is not a square"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseSquare(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParseSquare(%q) = %v, %v; want error containing %q", tt.in, got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseSquare(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
			}
			if got.OnBoard() && (got.Row() != tt.row || got.Col() != tt.col) {
				t.Errorf("%v at (%d,%d), want (%d,%d)", got, got.Row(), got.Col(), tt.row, tt.col)
			}
		})
	}
}

func TestSquareStringRoundTrip(t *testing.T) {
	for sq := Square(0); sq < 64; sq++ {
		back, err := ParseSquare(sq.String())
		if err != nil || back != sq {
			t.Errorf("%d -> %q -> %v, %v", sq, sq.String(), back, err)
		}
		if SquareAt(sq.Row(), sq.Col()) != sq {
			t.Errorf("SquareAt(%d,%d) != %v", sq.Row(), sq.Col(), sq)
		}
	}
	if Pass.String() != "PA" || NoSquare.String() != "--" {
		t.Errorf("Pass, NoSquare print as %q, %q", Pass, NoSquare)
	}
	if SquareAt(5, 6).String() != "G6" {
		t.Errorf("(5,6) = %v, want G6", SquareAt(5, 6))
	}
}

func FuzzParseSquare(f *testing.F) {
	for _, s := range []string{"a1", "H8", "pa", "pass", "C9", "", "z", "e44"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sq, err := ParseSquare(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("empty error for %q", s)
			}
			return
		}
		if !sq.OnBoard() && sq != Pass {
			t.Fatalf("ParseSquare(%q) = %v without error", s, sq)
		}
		back, err := ParseSquare(sq.String())
		if err != nil || back != sq {
			t.Fatalf("round trip of %q: %v -> %q -> %v, %v", s, sq, sq.String(), back, err)
		}
	})
}
