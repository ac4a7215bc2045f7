package catalog

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/eval/pattern"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// TestEngineWeightsAndProbCut: weights=FILE evaluates with the weights
// of a file, and probcut=FILE gives the selective search its parameters;
// weights without parameters fitted for them are refused unless the
// search is full width, and so are parameters of other weights, a file
// that cannot be read and weights with another evaluation. Neither is
// offered to a server's clients.
func TestEngineWeightsAndProbCut(t *testing.T) {
	dir, shipped, other := otherWeights(t)
	otherEval, err := pattern.ReadWeightsFile(other)
	if err != nil {
		t.Fatal(err)
	}
	// Parameters for them: the shipped ones, named for the other weights.
	writeProbCut := func(name, checksum string) string {
		pc, err := engine.DefaultProbCut()
		if err != nil {
			t.Fatal(err)
		}
		c := *pc
		c.EvalChecksum = checksum
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := c.WriteTo(f); err != nil {
			t.Fatal(err)
		}
		return path
	}
	fitted := writeProbCut("fitted.json", otherEval.Checksum())
	shippedPC := writeProbCut("shipped.json", shipped.Checksum())
	garbage := filepath.Join(dir, "garbage.bin")
	os.WriteFile(garbage, []byte("not weights"), 0o644)

	for _, tc := range []struct {
		spec, err string
		cuts      bool // the engine searches selectively with the file's parameters
	}{
		{"engine:level=4,threads=1,hash=1,weights=" + other + ",probcut=" + fitted, "", true},
		{"engine:level=4,threads=1,hash=1,weights=" + other + ",prob=100", "", false},
		{"engine:level=4,threads=1,hash=1,probcut=" + shippedPC, "", true},
		{"engine:level=4,threads=1,hash=1,weights=" + other, "give probcut=FILE", false},
		{"engine:level=4,threads=1,hash=1,weights=" + other + ",probcut=" + shippedPC, "other pattern weights", false},
		{"engine:level=4,threads=1,hash=1,probcut=" + fitted, "other pattern weights", false},
		{"engine:level=4,threads=1,hash=1,weights=" + garbage + ",prob=100", "weights", false},
		{"engine:level=4,threads=1,hash=1,weights=" + filepath.Join(dir, "missing.bin") + ",prob=100", "missing.bin", false},
		{"engine:level=4,threads=1,hash=1,probcut=" + garbage, "probcut", false},
		{"engine:level=4,threads=1,hash=1,eval=course,weights=" + other + ",prob=100", "eval=pattern", false},
	} {
		p, err := New(tc.spec, Env{Seed: 1})
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %v, want an error with %q", tc.spec, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		for _, opt := range []string{"weights", "probcut"} {
			if strings.Contains(tc.spec, opt+"=") != strings.Contains(p.Name(), opt+"=") {
				t.Errorf("%s: name %q does not say which %s", tc.spec, p.Name(), opt)
			}
		}
		g := game.NewStandard()
		if _, err := p.Move(context.Background(), player.Request{Game: g, Position: g.Position(), Legal: g.Legal()}); err != nil {
			t.Fatal(err)
		}
		ep, ok := p.(interface{ Engine() *engine.Engine })
		if !ok {
			t.Fatalf("%s: %T has no engine to inspect", tc.spec, p)
		}
		if pc := ep.Engine().ProbCut(); (pc != nil) != tc.cuts {
			t.Errorf("%s: selective parameters %v, want %v", tc.spec, pc != nil, tc.cuts)
		}
	}
	for _, spec := range []string{"engine:weights=" + other, "engine:probcut=" + fitted} {
		if _, err := NewLimited(spec, Env{}, serverLimits); err == nil || !strings.Contains(err.Error(), "file of this machine") {
			t.Errorf("%s offered to a server's clients: %v", spec, err)
		}
	}
}

// TestWeightsReadOnce: the players made with one weights file share its
// evaluator; the file written again (other weights, then garbage) is
// read again.
func TestWeightsReadOnce(t *testing.T) {
	dir := t.TempDir()
	shipped, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "w.bin")
	write := func(bias int16, when time.Time) {
		writeShiftedWeights(t, shipped, path, bias)
		if err := os.Chtimes(path, when, when); err != nil {
			t.Fatal(err)
		}
	}
	evalOf := func() (eval.Evaluator, error) {
		p, err := New("engine:level=2,threads=1,hash=1,prob=100,weights="+path, Env{Seed: 1})
		if err != nil {
			return nil, err
		}
		return p.(interface{ Engine() *engine.Engine }).Engine().Eval(), nil
	}
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	write(64, t0)
	first, err := evalOf()
	if err != nil {
		t.Fatal(err)
	}
	second, err := evalOf()
	if err != nil {
		t.Fatal(err)
	}
	if first != second {
		t.Error("two players of the same weights file read it twice")
	}
	write(32, t0.Add(time.Minute))
	third, err := evalOf()
	if err != nil {
		t.Fatal(err)
	}
	if third == first || third.(*pattern.Evaluator).Checksum() == first.(*pattern.Evaluator).Checksum() {
		t.Error("the weights file written again was not read again")
	}
	if err := os.WriteFile(path, []byte("not weights"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, t0.Add(2*time.Minute), t0.Add(2*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := evalOf(); err == nil {
		t.Error("a weights file that became garbage was taken from the cache")
	}
}

// writeShiftedWeights writes to path the weights of ev with every
// phase's bias moved by bias.
func writeShiftedWeights(t *testing.T, ev *pattern.Evaluator, path string, bias int16) {
	t.Helper()
	w := *ev.Weights()
	w.Phases = append([]pattern.Phase(nil), w.Phases...)
	for i := range w.Phases {
		w.Phases[i].Bias += bias
	}
	w.Note = "test weights"
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestWeightsCacheKeepsTheLast: beyond maxCachedWeights files the oldest
// is let go of, and the others are kept.
func TestWeightsCacheKeepsTheLast(t *testing.T) {
	dir := t.TempDir()
	shipped, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	var keys []weightsKey
	for i := range maxCachedWeights + 1 {
		path := filepath.Join(dir, fmt.Sprintf("w%d.bin", i))
		writeShiftedWeights(t, shipped, path, int16(i+1))
		if _, err := readWeights(path); err != nil {
			t.Fatal(err)
		}
		key, err := weightsKeyOf(path)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, key)
	}
	if cachedWeights(keys[0]) != nil {
		t.Errorf("%d files read: the first is still kept", len(keys))
	}
	for _, k := range keys[1:] {
		if cachedWeights(k) == nil {
			t.Errorf("%s was let go of, with only %d files read after it", k.path, len(keys)-1)
		}
	}
}

// TestEngineFilesStyle: EngineFiles's errors name the option that failed
// and write the others as the caller's users give them, flags or a
// spec's options.
func TestEngineFilesStyle(t *testing.T) {
	_, shipped, other := otherWeights(t)
	course := eval.Course{}
	for _, tc := range []struct {
		weights, probcut string
		ev               eval.Evaluator
		prob             int
		style            OptionStyle
		option, want     string
	}{
		{other, "", shipped, 87, FlagStyle, "weights", "give --probcut FILE (reversi train mpc --weights " + other + "), or --prob 100 for"},
		{other, "", shipped, 87, SpecStyle, "weights", "give probcut=FILE (reversi train mpc --weights " + other + "), or prob=100 for"},
		{other, "", course, 100, FlagStyle, "weights", "pattern weights with --eval course: give --eval pattern"},
		{other, "", course, 100, SpecStyle, "weights", "pattern weights with eval=course: give eval=pattern"},
		{"", other, shipped, 87, FlagStyle, "probcut", other},
	} {
		ev, pc, err := EngineFiles(tc.weights, tc.probcut, tc.ev, tc.prob, tc.style)
		var fe *FileError
		if !errors.As(err, &fe) || fe.Option != tc.option || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want a %s error with %q", tc, err, tc.option, tc.want)
		}
		if ev != nil || pc != nil {
			t.Errorf("%+v: an evaluator or parameters with the error", tc)
		}
	}
	// Weights at full width: the file's evaluator, no parameters.
	ev, pc, err := EngineFiles(other, "", shipped, 100, FlagStyle)
	if err != nil || pc != nil || ev == nil || ev.(*pattern.Evaluator).Checksum() == shipped.Checksum() {
		t.Errorf("weights at 100%%: %v, %v, %v; want the file's evaluator alone", ev, pc, err)
	}
}

// otherWeights writes other weights into a new folder: the shipped ones
// with every phase's bias moved.
func otherWeights(t *testing.T) (dir string, shipped *pattern.Evaluator, other string) {
	t.Helper()
	dir = t.TempDir()
	shipped, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	other = filepath.Join(dir, "other.bin")
	writeShiftedWeights(t, shipped, other, 64)
	return dir, shipped, other
}
