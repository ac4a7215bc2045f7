package textboard

import (
	"os"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/referee"
)

func TestSeatNames(t *testing.T) {
	for _, tc := range []struct {
		what    string
		players [2]string
		humans  [2]bool
		want    [2]string
	}{
		{"a human against a computer", [2]string{"human", "roxanne"}, [2]bool{true, false}, [2]string{"human", "roxanne"}},
		{"two humans of one name", [2]string{"human", "human"}, [2]bool{true, true}, [2]string{"black", "white"}},
		{"two humans with names", [2]string{"ann", "bob"}, [2]bool{true, true}, [2]string{"ann", "bob"}},
		{"two computers of one name", [2]string{"greedy", "greedy"}, [2]bool{false, false}, [2]string{"greedy", "greedy"}},
	} {
		if got := SeatNames(tc.players, tc.humans); got != tc.want {
			t.Errorf("%s: SeatNames(%q, %v) = %q, want %q", tc.what, tc.players, tc.humans, got, tc.want)
		}
	}
}

func ExampleWriteHeader() {
	WriteHeader(os.Stdout, [2]string{"human", "roxanne"}, game.Standard, [2]time.Duration{time.Minute, time.Minute}, 42)
	WriteHeader(os.Stdout, SeatNames([2]string{"human", "human"}, [2]bool{true, true}), game.NoAdjacent, [2]time.Duration{referee.NoLimit, referee.NoLimit}, 7)
	WriteHeader(os.Stdout, [2]string{"human", "engine:level=4"}, game.Standard, [2]time.Duration{referee.NoLimit, time.Minute}, 1)
	// Output:
	// human (X, black) vs roxanne (O, white), standard rules, 1m0s per move, seed 42
	// black (X) vs white (O), no-adjacent rules, no time limit per move, seed 7
	// human (X, black) vs engine:level=4 (O, white), standard rules, black: no time limit, white: 1m0s per move, seed 1
}
