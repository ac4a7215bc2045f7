package train

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// tinyConfig is a run of a few seconds.
func tinyConfig(dir string) Config {
	cfg := DefaultConfig()
	cfg.Work, cfg.Out = filepath.Join(dir, "work"), filepath.Join(dir, "weights.bin")
	cfg.Fraction, cfg.SelfPlay, cfg.MaxPerPhase, cfg.ExactEmpties = 0.004, 6, 1500, 10
	cfg.Depth, cfg.Theoretical, cfg.Fit.Epochs = 4, true, 40 // the database's exact scores too, to keep that path tested
	return cfg
}

// TestTinyPipeline runs the whole pipeline small: the weights file reads
// back, every phase was fitted, and the fitted weights beat a constant
// on the positions held out, where the labels vary.
func TestTinyPipeline(t *testing.T) {
	dir := t.TempDir()
	cfg := tinyConfig(dir)
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	w, err := pattern.ReadWeights(bytes.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(w.Note, "seed 1") || rep.Games == 0 || rep.SelfPlay != 6 || len(rep.Phases) != pattern.NumPhases {
		t.Fatalf("report %+v, note %q", rep, w.Note)
	}
	for _, ph := range rep.Phases {
		if ph.Positions == 0 || ph.Epochs == 0 || len(ph.Curve) == 0 {
			t.Errorf("phase %d was not fitted: %+v", ph.Phase, ph)
		}
	}
	// The fitted weights beat a constant on the held-out positions of
	// the phases with enough of them.
	for _, ph := range rep.Phases[4:] {
		if ph.Errors.ValMAE >= ph.Baseline {
			t.Errorf("phase %d: held-out error %.2f, a constant's %.2f", ph.Phase, ph.Errors.ValMAE, ph.Baseline)
		}
	}
	e := pattern.New(w)
	if v := e.Evaluate(board.StartBoard()); math.Abs(float64(v)/pattern.Scale) > 10 {
		t.Errorf("the start is worth %.1f discs", float64(v)/pattern.Scale)
	}
	// The table: a header, then a line a phase.
	var table strings.Builder
	if err := rep.WriteTable(&table); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(table.String(), "\n"), "\n")
	if len(lines) != 1+pattern.NumPhases || !strings.Contains(lines[0], "held-out RMSE") || !strings.HasPrefix(strings.TrimSpace(lines[1]), "0 ") {
		t.Errorf("the table: %q", lines)
	}

	// The same command again resumes: nothing is computed, the same file.
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	again, _ := os.ReadFile(cfg.Out)
	if !bytes.Equal(again, text) {
		t.Errorf("a resumed run wrote other weights")
	}
	// Other settings in the same folder are refused.
	other := cfg
	other.Seed = 2
	if _, err := Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), "other settings") {
		t.Errorf("another seed in the same work folder: %v", err)
	}
	// A corrupt intermediate file is reported, and the weights are kept.
	labels := filepath.Join(cfg.Work, "phase-05.labels")
	os.WriteFile(labels, []byte("garbage"), 0o644)
	os.Remove(filepath.Join(cfg.Work, "phase-05.fit"))
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "phase-05.labels") {
		t.Errorf("corrupt labels: %v", err)
	}
	if kept, _ := os.ReadFile(cfg.Out); !bytes.Equal(kept, text) {
		t.Errorf("a failed run changed the weights file")
	}
}

// TestTinySettings: a tiny run changes only the settings it names, to
// small values that Run accepts.
func TestTinySettings(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Tiny()
	want := DefaultConfig()
	want.Fraction, want.SelfPlay, want.MaxPerPhase, want.ExactEmpties, want.Fit.Epochs = 0.003, 20, 2000, 10, 60
	if cfg != want {
		t.Errorf("tiny settings %+v, want %+v", cfg, want)
	}
	cfg.Work, cfg.Out = "w", "o"
	if err := cfg.check(); err != nil {
		t.Error(err)
	}
}

// TestFitRecoversAModel: on labels made by known weights, the fit finds
// weights that predict the held-out labels almost exactly.
func TestFitRecoversAModel(t *testing.T) {
	games, err := WTHORGames(false, 0.01, 3)
	if err != nil {
		t.Fatal(err)
	}
	ps := Positions(games)
	lay := newLayout()
	truth := make([]float32, lay.size)
	for j := range truth {
		truth[j] = float32((j*7919)%21-10) / 4
	}
	var trainSet, valSet []sample
	for _, p := range ps {
		if pattern.PhaseOf(p.Discs()) != 8 {
			continue
		}
		s := sample{feat: lay.features(p.Board)}
		s.label = predict(truth, &s)
		if p.Board.Hash()%5 == 0 {
			valSet = append(valSet, s)
		} else {
			trainSet = append(trainSet, s)
		}
	}
	if len(trainSet) < 500 {
		t.Fatalf("only %d positions", len(trainSet))
	}
	labelSpread, _ := evaluateSet(make([]float32, lay.size), valSet)
	res := fit(lay, trainSet, valSet, FitOptions{Epochs: 300, Patience: 30, Lambda: 0.01, Threads: 2})
	if res.errors.TrainRMSE > 0.05*labelSpread {
		t.Errorf("training RMSE %.3f, labels spread %.3f: the fit did not converge", res.errors.TrainRMSE, labelSpread)
	}
	if res.errors.ValRMSE >= labelSpread {
		t.Errorf("held-out RMSE %.3f, no better than zero (%.3f)", res.errors.ValRMSE, labelSpread)
	}
}

func TestBadSettings(t *testing.T) {
	dir := t.TempDir()
	for _, mod := range []func(*Config){
		func(c *Config) { c.Fraction = 0 },
		func(c *Config) { c.Depth = 2 },
		func(c *Config) { c.ExactEmpties = 30 },
		func(c *Config) { c.MaxPerPhase = 1 },
		func(c *Config) { c.Out = "" },
		func(c *Config) { c.Fraction = math.NaN() },
		func(c *Config) { c.Fit.Lambda = math.NaN() },
		func(c *Config) { c.Fit.Lambda = math.Inf(1) },
		func(c *Config) { c.Threads = 100000 },
	} {
		cfg := tinyConfig(dir)
		cfg.Work = filepath.Join(dir, "work-bad")
		mod(&cfg)
		if _, err := Run(context.Background(), cfg); err == nil {
			t.Errorf("settings %+v accepted", cfg)
		}
		if _, err := os.Stat(cfg.Work); !os.IsNotExist(err) {
			t.Errorf("settings %+v refused, but the work folder was made", cfg)
		}
	}
	// An unwritable output: the error names it, and no work folder is made.
	cfg := tinyConfig(dir)
	cfg.Work = filepath.Join(dir, "work-unwritable")
	cfg.Out = filepath.Join(dir, "no-such-folder", "w.bin")
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "w.bin") {
		t.Errorf("unwritable output: %v", err)
	}
	if _, err := os.Stat(cfg.Work); !os.IsNotExist(err) {
		t.Error("an unwritable output, but the work folder was made")
	}
}

func TestPositionsFile(t *testing.T) {
	games, _ := WTHORGames(false, 0.001, 1)
	ps := Positions(games)
	file := filepath.Join(t.TempDir(), "p.bin")
	if err := WritePositions(file, ps); err != nil {
		t.Fatal(err)
	}
	back, err := ReadPositions(file)
	if err != nil || len(back) != len(ps) || back[len(ps)/2] != ps[len(ps)/2] {
		t.Fatalf("%d positions read back of %d: %v", len(back), len(ps), err)
	}
	for _, p := range ps {
		if c, _ := p.Board.Canonical(); c != p.Board || !p.Board.HasMoves() {
			t.Fatalf("position %v is not canonical with a move", p.Board)
		}
	}
	text, _ := os.ReadFile(file)
	os.WriteFile(file, text[:len(text)-5], 0o644)
	if _, err := ReadPositions(file); err == nil {
		t.Errorf("a truncated positions file was read")
	}
}
