package perft

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/reversi-engine/reversi/board"
)

func TestPerftFromStart(t *testing.T) {
	counts, err := Published()
	if err != nil {
		t.Fatal(err)
	}
	if len(counts) < 14 {
		t.Fatalf("only %d published depths", len(counts))
	}
	maxDepth := 9
	if testing.Short() {
		maxDepth = 7
	}
	for d := 1; d <= maxDepth; d++ {
		if got := Count(board.StartBoard(), d); got != counts[d] {
			t.Errorf("perft(%d) = %d, published %d", d, got, counts[d])
		}
	}
}

// TestPerftAgainstNaive checks the shortcuts of Count (bulk counting at the
// last two plies) against plain recursion from other positions, passes and
// finished games included.
func TestPerftAgainstNaive(t *testing.T) {
	positions := []string{
		"---------------------------OX------XO--------------------------- X",
		// White must pass at once; the game goes on for Black.
		"XO-------------------------------------------------------------- O",
		// Nobody can move: one leaf at every depth.
		"XX------------------------------------------------------OO------ X",
		"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
	}
	for _, text := range positions {
		b := board.MustParsePosition(text).Board
		for d := 0; d <= 5; d++ {
			if got, want := Count(b, d), naive(b, d); got != want {
				t.Errorf("%s depth %d: %d, naive %d", text, d, got, want)
			}
		}
	}
}

func naive(b board.Board, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	if b.GameOver() {
		return 1
	}
	m := b.Moves()
	if m == 0 {
		return naive(b.Pass(), depth-1)
	}
	var n uint64
	for _, sq := range board.Squares(m) {
		n += naive(b.Play(sq), depth-1)
	}
	return n
}

func BenchmarkPerft(b *testing.B) {
	for _, depth := range []int{9, 11, 12} {
		b.Run("depth="+strconv.Itoa(depth), func(b *testing.B) {
			if testing.Short() && depth > 9 {
				b.Skip("deep perft in -short mode")
			}
			var leaves uint64
			for b.Loop() {
				leaves = Count(board.StartBoard(), depth)
			}
			b.ReportMetric(float64(leaves)*float64(b.N)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

func TestCountParallelMatchesCount(t *testing.T) {
	positions := []string{
		"---------------------------OX------XO--------------------------- X",
		"XO-------------------------------------------------------------- O",
		"--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X",
	}
	for _, text := range positions {
		b := board.MustParsePosition(text).Board
		for _, d := range []int{1, 6, 8} {
			if got, want := CountParallel(b, d, 3), Count(b, d); got != want {
				t.Errorf("%s depth %d: parallel %d, sequential %d", text, d, got, want)
			}
		}
	}
}

func TestCountContext(t *testing.T) {
	n, err := CountContext(context.Background(), board.Start().Board, 6, 2)
	if want := Count(board.Start().Board, 6); n != want || err != nil {
		t.Fatalf("CountContext depth 6 = %d, %v; want %d, nil", n, err, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// Depth 14 would take minutes: an ended context starts nothing.
	if n, err := CountContext(ctx, board.Start().Board, 14, 1); n != 0 || !errors.Is(err, context.Canceled) {
		t.Fatalf("CountContext with an ended context = %d, %v; want 0, context.Canceled", n, err)
	}
}
