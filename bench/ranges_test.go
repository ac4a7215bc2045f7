package bench

import (
	"fmt"
	"testing"
)

func TestParseLevels(t *testing.T) {
	for _, tc := range []struct {
		text   string
		lo, hi int
		ok     bool
	}{
		{"1", 1, 1, true},
		{"1-20", 1, 20, true},
		{"60", 60, 60, true},
		{"5-5", 5, 5, true},
		{"0", 0, 0, false},
		{"61", 0, 0, false},
		{"1-61", 0, 0, false},
		{"20-1", 0, 0, false},
		{"", 0, 0, false},
		{"a-b", 0, 0, false},
		{"1-", 0, 0, false},
	} {
		lo, hi, err := ParseLevels(tc.text)
		if (err == nil) != tc.ok || lo != tc.lo || hi != tc.hi {
			t.Errorf("ParseLevels(%q) = %d, %d, %v; want %d, %d, ok %v", tc.text, lo, hi, err, tc.lo, tc.hi, tc.ok)
		}
	}
	if _, _, err := ParseLevels("x"); err == nil || err.Error() != "want a level or a range of levels within 1-60, e.g. 1-20" {
		t.Errorf("error %v", err)
	}
}

func TestParseFFORange(t *testing.T) {
	for _, tc := range []struct {
		text        string
		first, last int
		ok          bool
	}{
		{"1", 40, 40, true},
		{"5", 40, 44, true},
		{"20", 40, 59, true},
		{"50-59", 50, 59, true},
		{"40-40", 40, 40, true},
		{"0", 0, 0, false},
		{"21", 0, 0, false},
		{"39-45", 0, 0, false},
		{"50-60", 0, 0, false},
		{"55-50", 0, 0, false},
		{"", 0, 0, false},
		{"x-y", 0, 0, false},
	} {
		first, last, err := ParseFFORange(tc.text)
		if (err == nil) != tc.ok || first != tc.first || last != tc.last {
			t.Errorf("ParseFFORange(%q) = %d, %d, %v; want %d, %d, ok %v", tc.text, first, last, err, tc.first, tc.last, tc.ok)
		}
	}
}

func ExampleParseFFORange() {
	for _, text := range []string{"5", "50-59", "21"} {
		first, last, err := ParseFFORange(text)
		fmt.Println(first, last, err != nil)
	}
	// Output:
	// 40 44 false
	// 50 59 false
	// 0 0 true
}
