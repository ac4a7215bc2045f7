package clip

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestText(t *testing.T) {
	for _, c := range []struct {
		in   string
		max  int
		want string
	}{
		{"", 5, ""},
		{"abcde", 5, "abcde"},
		{"abcdef", 5, "abcde..."},
		{"黑白棋", 9, "黑白棋"},
		{"黑白棋", 8, "黑白..."}, // the third character does not fit whole
		{"黑白棋", 4, "黑..."},
		{"黑白棋", 2, "..."},
		{"a\xffbc", 2, "a\xff..."}, // invalid bytes are not characters to keep whole
	} {
		if got := Text(c.in, c.max); got != c.want {
			t.Errorf("Text(%q, %d) = %q, want %q", c.in, c.max, got, c.want)
		}
	}
}

// FuzzText: the result is s itself when it fits, and otherwise a prefix
// of s of at most max bytes, marked, that cuts no character of s in two.
func FuzzText(f *testing.F) {
	f.Add("黑白棋 reversi", 7)
	f.Fuzz(func(t *testing.T, s string, max int) {
		if max < 0 || max > 1<<20 {
			return
		}
		got := Text(s, max)
		if len(s) <= max {
			if got != s {
				t.Fatalf("Text(%q, %d) = %q, want it whole", s, max, got)
			}
			return
		}
		kept, ok := strings.CutSuffix(got, "...")
		if !ok || len(kept) > max || !strings.HasPrefix(s, kept) || (utf8.ValidString(s) && !utf8.ValidString(kept)) {
			t.Fatalf("Text(%q, %d) = %q", s, max, got)
		}
	})
}

func ExampleText() {
	fmt.Println(Text("f5d6c3d3c4f4", 6))
	fmt.Println(Text("黑白棋", 7))
	// Output:
	// f5d6c3...
	// 黑白...
}
