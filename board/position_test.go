package board

import (
	"strings"
	"testing"
)

func TestParsePosition(t *testing.T) {
	start := Start()
	tests := []struct {
		name, in string
		want     Position
		wantErr  string
	}{
		{name: "obf", in: "---------------------------OX------XO--------------------------- X", want: start},
		{name: "edax letters", in: "...........................wb......bw........................... b", want: start},
		{name: "ggf style with spaces", in: "-------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *", want: start},
		{name: "white to move", in: "---------------------------OX------XO--------------------------- O", want: start.Pass()},
		{name: "short", in: "XO X", wantErr: "3 squares"},
		{name: "bad char", in: "---------------------------OZ------XO--------------------------- X", wantErr: `'Z' at square E4`},
		{name: "no side", in: "---------------------------OX------XO---------------------------", wantErr: "missing the side to move (X or O) after the 64 squares"},
		{name: "63 squares and a side", in: "---------------------------OX------XO-------------------------- X", wantErr: "missing the side to move (X or O) after the 64 squares (if the last letter is meant as the side, the board has 63 squares)"},
		{name: "65 squares and a side", in: "---------------------------OX------XO---------------------------- X", wantErr: "more than 64 squares: want 64 followed by the side to move"},
		{name: "65th square a disc", in: "---------------------------OX------XO--------------------------- X O", wantErr: `unexpected "O" after the side to move`},
		{name: "no side, a disc last", in: "---------------------------OX------XO--------------------------O", wantErr: "missing the side to move"},
		{name: "many squares", in: strings.Repeat("-", 5000) + " O", wantErr: "more than 64 squares"},
		{name: "not ascii square", in: "●●●", wantErr: `'●' at square A1 is not X, O or -`},
		{name: "not ascii side", in: "---------------------------OX------XO--------------------------- ●", wantErr: `side to move '●' is not X or O`},
		{name: "bad side", in: "---------------------------OX------XO--------------------------- Q", wantErr: "side to move 'Q'"},
		{name: "trailing", in: "---------------------------OX------XO--------------------------- X junk", wantErr: `unexpected "junk"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParsePosition(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}

func TestNewPositionRejectsOverlap(t *testing.T) {
	if _, err := NewPosition(1, 3, Black); err == nil || !strings.Contains(err.Error(), "A1") {
		t.Fatalf("overlap accepted or error without the square: %v", err)
	}
	if _, err := NewPosition(1, 2, NoColor); err == nil {
		t.Fatalf("NoColor turn accepted")
	}
}

func TestPositionColours(t *testing.T) {
	p := Start().Play(MustParseSquare("F5"))
	if p.Turn != White || p.Count(Black) != 4 || p.Count(White) != 1 {
		t.Fatalf("after F5: turn %v, black %d, white %d", p.Turn, p.Count(Black), p.Count(White))
	}
	if p.At(MustParseSquare("E5")) != Black || p.At(MustParseSquare("F5")) != Black {
		t.Fatalf("F5 did not flip E5: %v", p)
	}
}

func FuzzParsePosition(f *testing.F) {
	f.Add("---------------------------OX------XO--------------------------- X")
	f.Add("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOO O")
	f.Add("-- X")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			return
		}
		if !p.Board.Valid() {
			t.Fatalf("invalid board from %q", s)
		}
		back, err := ParsePosition(p.String())
		if err != nil || back != p {
			t.Fatalf("round trip of %q: %v -> %v, %v", s, p, back, err)
		}
	})
}

// TestParsePositionNoSideHint: a board text without its side says that
// the last letter may have been meant as the side only when that letter
// is a disc, which a side's letter reads as.
func TestParsePositionNoSideHint(t *testing.T) {
	const hint = "the board has 63 squares"
	empty := strings.Repeat("-", 64)
	if _, err := ParsePosition(empty); err == nil || strings.Contains(err.Error(), hint) {
		t.Errorf("an empty last square: %v; want no hint of a side", err)
	}
	if _, err := ParsePosition(empty[:63] + " X"); err == nil || !strings.Contains(err.Error(), hint) {
		t.Errorf("63 squares and a side: %v; want the hint", err)
	}
}
