package referee

import "testing"

func TestTakeBacks(t *testing.T) {
	for _, tc := range []struct {
		what            string
		human, computer [2]bool
		want            [2]bool
	}{
		{"a human as black against a computer", [2]bool{true, false}, [2]bool{false, true}, [2]bool{true, false}},
		{"a human as white against a computer", [2]bool{false, true}, [2]bool{true, false}, [2]bool{false, true}},
		{"two humans", [2]bool{true, true}, [2]bool{false, false}, [2]bool{false, false}},
		{"two computers", [2]bool{false, false}, [2]bool{true, true}, [2]bool{false, false}},
		{"a human against a remote program", [2]bool{true, false}, [2]bool{false, false}, [2]bool{false, false}},
	} {
		if got := TakeBacks(tc.human, tc.computer); got != tc.want {
			t.Errorf("%s: TakeBacks(%v, %v) = %v, want %v", tc.what, tc.human, tc.computer, got, tc.want)
		}
	}
}
