package train

import (
	"bufio"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSamplePositionsShipped: the positions chosen for the ProbCut
// samples are those of the shipped samples (train/mpc-samples): every
// index has the empties its line says, or no position (0 empties).
func TestSamplePositionsShipped(t *testing.T) {
	cfg := DefaultProbCutConfig()
	games, err := WTHORGames(false, cfg.Fraction, cfg.Seed)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join("mpc-samples", "mpc-samples-*-of-*.txt"))
	checked := 0
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) < 2 || fields[0] == "#" {
				continue
			}
			i, _ := strconv.Atoi(fields[0])
			empties, _ := strconv.Atoi(fields[1])
			b, ok := cfg.samplePosition(games, i)
			if got := b.Empties(); ok != (empties > 0) || (ok && got != empties) {
				t.Errorf("%s: position %d: %d empties (found %v), the file says %d", file, i, got, ok, empties)
			}
			checked++
		}
		f.Close()
	}
	if checked != cfg.Positions {
		t.Errorf("%d positions checked, the samples have %d", checked, cfg.Positions)
	}
}

// TestLabelPositionsKept: the positions chosen for labels stay those
// they were (their boards hashed): other positions would mix into the
// files of a resumed run or of a shard of another version.
func TestLabelPositionsKept(t *testing.T) {
	cfg := DefaultLabelConfig()
	games, err := WTHORGames(false, cfg.Fraction, cfg.Seed)
	if err != nil {
		t.Fatal(err)
	}
	h := fnv.New64a()
	none := 0
	for i := range 3000 {
		b, ok := cfg.labelPosition(games, i)
		if !ok {
			none++
		}
		fmt.Fprintf(h, "%d %v %016x %016x\n", i, ok, b.P, b.O)
	}
	if got := fmt.Sprintf("%016x/%d", h.Sum64(), none); got != "5ed9bbf77f173f2e/18" {
		t.Errorf("the label positions hash to %s", got)
	}
}
