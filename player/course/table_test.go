package course

import (
	"strconv"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
)

func TestCourseTable(t *testing.T) {
	course := CourseTable()
	if got := SymmetricTable([10]int{20, -3, 11, 8, -7, -4, 1, 2, 2, -3}); got != course {
		t.Fatalf("the course table is not the symmetric table of its triangle:\n%v\n%v", got, course)
	}
	for _, tt := range []struct {
		sq   string
		want int
	}{{"A1", 20}, {"H8", 20}, {"B2", -7}, {"G7", -7}, {"D1", 8}, {"A5", 8}, {"E5", -3}, {"F3", 2}, {"B7", -7}, {"C8", 11}} {
		if got := course[board.MustParseSquare(tt.sq)]; got != tt.want {
			t.Errorf("course weight of %s = %d, want %d", tt.sq, got, tt.want)
		}
	}
	if got := course.String(); got != "20/-3/11/8/-7/-4/1/2/2/-3" {
		t.Errorf("course table prints as %q", got)
	}
}

func TestParseTable(t *testing.T) {
	var full Table
	var parts []string
	for i := range full {
		full[i] = i - 10
		parts = append(parts, strconv.Itoa(i-10))
	}
	tests := []struct {
		text string
		want Table
	}{
		{"course", CourseTable()},
		{" Course ", CourseTable()},
		{"20/-3/11/8/-7/-4/1/2/2/-3", CourseTable()},
		{"20 / -3 / 11 / 8 / -7 / -4 / 1 / 2 / 2 / -3", CourseTable()},
		{strings.Join(parts, "/"), full},
	}
	for _, tt := range tests {
		got, err := ParseTable(tt.text)
		if err != nil || got != tt.want {
			t.Errorf("ParseTable(%q) = %v, %v; want %v", tt.text, got, err, tt.want)
		}
		if again, err := ParseTable(got.String()); err != nil || again != got {
			t.Errorf("ParseTable(%q) does not read back %q: %v", got.String(), tt.text, err)
		}
	}
	if full.String() != strings.Join(parts, "/") {
		t.Errorf("an asymmetric table prints as %q", full.String())
	}
}

func TestParseTableErrors(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"", "has 1 weights"},
		{"1/2/3", "has 3 weights"},
		{"20/-3/11/8/-7/-4/1/2/2/x", `weight 10 (D4) is "x": want an integer`},
		{"20/-3/11/8/-7/-4/1/2/2/", `weight 10 (D4) is "": want an integer`},
		{strings.Repeat("1/", 63) + "1.5", `weight 64 (H8) is "1.5"`},
	} {
		_, err := ParseTable(tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseTable(%q) error %v, want one containing %q", tt.text, err, tt.want)
		}
	}
}
