package train

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// randomLabels returns positions of random games with from lo to hi
// discs, labelled by f.
func randomLabels(n, lo, hi int, f func(board.Board) float64) []LabelledPosition {
	rng := rand.New(rand.NewPCG(5, 6))
	var out []LabelledPosition
	for len(out) < n {
		b := board.StartBoard()
		for !b.GameOver() {
			m := b.Moves()
			if m == 0 {
				b = b.Pass()
				continue
			}
			if d := 64 - b.Empties(); d >= lo && d <= hi {
				out = append(out, LabelledPosition{Index: len(out), Board: b, Value: f(b), Source: LabelSearch})
			}
			sqs := board.Squares(m)
			b = b.Play(sqs[rng.IntN(len(sqs))])
		}
	}
	return out[:n]
}

func TestRefitPullsTowardThePrior(t *testing.T) {
	prior, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	// The prior's values plus 3 discs, on positions of 40 to 45 discs.
	labels := randomLabels(3000, 40, 45, func(b board.Board) float64 {
		return float64(prior.Evaluate(b))/pattern.Scale + 3
	})
	cfg := DefaultRefitConfig()
	cfg.Prior, cfg.Window, cfg.Epochs, cfg.Smooth = prior.Weights(), 0, 30, 0
	w, reps, err := Refit(context.Background(), cfg, labels)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Phases) != 30 || len(reps) != 30 {
		t.Fatalf("%d phases, %d reports; want 30", len(w.Phases), len(reps))
	}
	ev := pattern.New(w)
	for _, rp := range reps {
		fitted := rp.Discs == "40-41" || rp.Discs == "42-43" || rp.Discs == "44-45"
		if rp.Unchanged == fitted {
			t.Errorf("phase %+v: fitted %v, want %v", rp, !rp.Unchanged, fitted)
		}
		if fitted && (rp.Errors.ValMAE > 0.3 || math.Abs(rp.PriorMAE-3) > 0.05) {
			t.Errorf("phase %s: held-out error %.2f (want near 0), the prior's %.2f (want 3)", rp.Discs, rp.Errors.ValMAE, rp.PriorMAE)
		}
	}
	// Where the fit saw positions it learnt the shift; elsewhere (without
	// smoothing) the weights are the prior's.
	for _, lp := range labels[:50] {
		if got := float64(ev.Evaluate(lp.Board)) / pattern.Scale; math.Abs(got-lp.Value) > 0.5 {
			t.Errorf("%v: %.2f, label %.2f", lp.Board, got, lp.Value)
		}
	}
	far := randomLabels(50, 10, 30, func(board.Board) float64 { return 0 })
	for _, lp := range far {
		if a, b := ev.Evaluate(lp.Board), prior.Evaluate(lp.Board); a != b {
			t.Errorf("%v, %d discs, far from the labels: %d, the prior %d", lp.Board, 64-lp.Board.Empties(), a, b)
		}
	}
	// With smoothing, the phase before the labelled ones (38-39 discs,
	// without positions) is half the prior and half its neighbour: about
	// half the shift.
	cfg.Smooth = cfg.PriorLambda
	w, _, err = Refit(context.Background(), cfg, labels)
	if err != nil {
		t.Fatal(err)
	}
	ev = pattern.New(w)
	shift := 0.0
	near := randomLabels(200, 38, 39, func(board.Board) float64 { return 0 })
	for _, lp := range near {
		shift += float64(ev.Evaluate(lp.Board)-prior.Evaluate(lp.Board)) / pattern.Scale / float64(len(near))
	}
	if shift < 0.75 || shift > 2.25 {
		t.Errorf("smoothed phase before the labels: shifted %.2f discs, want about 1.5", shift)
	}
}

// TestRefitKeepsTheCentre: labels that are noise teach nothing the
// held-out positions confirm: the phase keeps its prior.
func TestRefitKeepsTheCentre(t *testing.T) {
	prior, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(8, 9))
	labels := randomLabels(1500, 30, 31, func(b board.Board) float64 {
		return float64(prior.Evaluate(b))/pattern.Scale + 20*rng.NormFloat64()
	})
	cfg := DefaultRefitConfig()
	cfg.Prior, cfg.Window, cfg.Smooth, cfg.PriorLambda = prior.Weights(), 0, 0, 1
	w, reps, err := Refit(context.Background(), cfg, labels)
	if err != nil {
		t.Fatal(err)
	}
	if rp := reps[13]; rp.Discs != "30-31" || !rp.KeptCentre || rp.Errors.ValMAE != rp.PriorMAE {
		t.Errorf("phase %+v: want the prior kept", rp)
	}
	ev := pattern.New(w)
	for _, lp := range labels[:100] {
		if a, b := ev.Evaluate(lp.Board), prior.Evaluate(lp.Board); a != b {
			t.Fatalf("%v: %d, the prior %d", lp.Board, a, b)
		}
	}
}

// TestRefitBiasOnly: a bias-only fit moves each phase by the mean of its
// residuals and changes no other weight.
func TestRefitBiasOnly(t *testing.T) {
	prior, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	labels := randomLabels(2000, 40, 41, func(b board.Board) float64 {
		return float64(prior.Evaluate(b))/pattern.Scale - 2 + float64(b.Hash()%3) // -2 + {0, 1, 2}: 1 disc less on average
	})
	cfg := DefaultRefitConfig()
	cfg.Prior, cfg.Window, cfg.BiasOnly, cfg.Phases = prior.Weights(), 0, true, 60
	w, reps, err := Refit(context.Background(), cfg, labels)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []int{36, 37} { // 40 and 41 discs
		got, was := w.Phases[p], prior.Weights().Phases[prior.Weights().PhaseOf(40)]
		if d := float64(got.Bias-was.Bias) / pattern.Scale; math.Abs(d+1) > 0.1 || reps[p].KeptCentre {
			t.Errorf("phase %d: bias moved %.2f discs, want -1 (%+v)", p, d, reps[p])
		}
		if got.Tables[2][100] != was.Tables[2][100] || got.Mobility != was.Mobility {
			t.Errorf("phase %d: a bias-only fit changed other weights", p)
		}
	}
}

func TestRefitBadInput(t *testing.T) {
	labels := randomLabels(10, 20, 30, func(board.Board) float64 { return 1 })
	for _, c := range []struct {
		edit func(*RefitConfig)
		want string
	}{
		{func(c *RefitConfig) { c.Phases = 20 }, "20 phases"},
		{func(c *RefitConfig) { c.Window = -1 }, "window"},
		{func(c *RefitConfig) { c.PriorLambda, c.Smooth = 0, 0 }, "prior pull"},
		{func(c *RefitConfig) { c.Epochs = 0 }, "epochs"},
	} {
		cfg := DefaultRefitConfig()
		c.edit(&cfg)
		if _, _, err := Refit(context.Background(), cfg, labels); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error about %q", cfg, err, c.want)
		}
	}
	if _, _, err := Refit(context.Background(), DefaultRefitConfig(), nil); err == nil {
		t.Error("no labels accepted")
	}
}

// TestRefitNoteAndReport: the note says the settings and the sources; the
// report is the phases as JSON, written whole.
func TestRefitNoteAndReport(t *testing.T) {
	cfg := DefaultRefitConfig()
	note := RefitNote(cfg, 1234, []string{"a.txt", "b.txt"})
	for _, want := range []string{"30 phases", "window 2", "prior-lambda 300", "1234 positions", "a.txt; b.txt"} {
		if !strings.Contains(note, want) {
			t.Errorf("note %q lacks %q", note, want)
		}
	}
	file := filepath.Join(t.TempDir(), "report.json")
	phases := []RefitPhase{{Phase: 3, Positions: 10}, {Phase: 4, Positions: 20}}
	if err := WriteRefitReport(file, phases); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var back []RefitPhase
	if err := json.Unmarshal(text, &back); err != nil || len(back) != 2 || back[1].Positions != 20 {
		t.Errorf("report read back: %+v, %v", back, err)
	}
	if err := WriteRefitReport(filepath.Join(t.TempDir(), "no", "such", "dir.json"), phases); err == nil {
		t.Error("a report into a missing folder: no error")
	}
}
