// The second generation's fit: weights of more phases, fitted to the
// labels of 'reversi train label', each phase pulled toward a prior (the
// first generation's weights) and toward its neighbour fitted before it.

package train

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reversi-engine/reversi/eval/pattern"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/atomicfile"
)

// RefitConfig sets a fit of labelled positions.
type RefitConfig struct {
	// Phases is the number of phases of the weights (one of
	// pattern.PhaseCounts).
	Phases int `json:"phases"`
	// Window: a phase is fitted to the positions of its own disc counts
	// and of Window disc counts either side (smoothing by overlap).
	Window int `json:"window"`
	// Prior is the weights each phase is pulled toward (its phase of the
	// same disc counts), nil for zero weights; PriorLambda is the pull,
	// in positions (a configuration seen n times keeps about
	// n/(n+PriorLambda+Smooth) of what its data say, the rest from the
	// prior and the neighbour).
	Prior       *pattern.Weights `json:"-"`
	PriorLambda float64          `json:"prior_lambda"`
	// Smooth is the pull toward the next phase (more discs), fitted
	// before, in positions.
	Smooth float64 `json:"smooth"`
	// BiasOnly fits only each phase's bias (the mean of its residuals),
	// keeping the pattern and mobility weights of the centre: a fit that
	// few positions can make without noise (the disc counts' own offsets,
	// such as the parity of the empty squares, with 60 phases).
	BiasOnly bool `json:"bias_only"`
	// Epochs and Patience bound each phase's fit (FitOptions).
	Epochs   int `json:"epochs"`
	Patience int `json:"patience"`
	// Threads compute the fit.
	Threads int `json:"-"`
	// Log receives progress lines (nil: none).
	Log io.Writer `json:"-"`
}

// DefaultRefitConfig returns the settings of the candidates measured in
// docs/TRAINING.md: 30 phases, each fitted to its disc counts and two
// either side (the smoothing by overlap), pulled toward the shipped
// weights as if by 300 positions; the pull toward the neighbour phase
// (Smooth) is off by default.
func DefaultRefitConfig() RefitConfig {
	return RefitConfig{Phases: 30, Window: 2, PriorLambda: 300, Smooth: 0, Epochs: 200, Patience: 15, Threads: 1}
}

// RefitPhase says how one phase was fitted: its positions (with the
// window), and the held-out errors of the fit and of the prior against
// the labels.
type RefitPhase struct {
	Phase     int     `json:"phase"`
	Discs     string  `json:"discs"`
	Positions int     `json:"positions"`
	Exact     int     `json:"exact_labels"`
	Epochs    int     `json:"epochs"`
	Errors    Errors  `json:"errors"`
	PriorMAE  float64 `json:"prior_heldout_mae"`
	Seconds   float64 `json:"seconds"`
	// Unchanged: no positions, the phase is the centre it is pulled
	// toward; KeptCentre: the fit did not beat the centre on the
	// held-out positions, which is kept.
	Unchanged  bool `json:"unchanged"`
	KeptCentre bool `json:"kept_centre"`
}

func (c *RefitConfig) check() error {
	switch {
	case !validPhaseCount(c.Phases):
		return fmt.Errorf("refit: %d phases: want one of %v", c.Phases, pattern.PhaseCounts)
	case c.Window < 0 || c.Window > 8:
		return fmt.Errorf("refit: a window of %d discs: want 0 to 8", c.Window)
	case !finite(c.PriorLambda) || !finite(c.Smooth) || c.PriorLambda < 0 || c.Smooth < 0 || c.PriorLambda+c.Smooth <= 0 || c.PriorLambda+c.Smooth > maxPull:
		return fmt.Errorf("refit: prior pull %v and smoothing %v: want both from 0 to %g, one more than 0", c.PriorLambda, c.Smooth, float64(maxPull))
	case c.Threads < 0 || c.Threads > maxThreads:
		return fmt.Errorf("refit: %d threads: want 1 to %d", c.Threads, maxThreads)
	case c.Epochs < 1 || c.Patience < 1:
		return fmt.Errorf("refit: %d epochs, patience %d: want at least 1", c.Epochs, c.Patience)
	}
	c.Threads = max(c.Threads, 1)
	return nil
}

// maxPull bounds the pulls of a refit (in positions): far beyond any
// phase's positions, where the fit is its centre.
const maxPull = 1e9

// finite reports whether x is a number, not NaN or an infinity.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func validPhaseCount(n int) bool {
	for _, p := range pattern.PhaseCounts {
		if p == n {
			return true
		}
	}
	return false
}

func (c *RefitConfig) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format+"\n", args...)
	}
}

// phaseDiscs returns the disc counts of phase p of n: lo to hi.
func phaseDiscs(p, n int) (lo, hi int) {
	lo, hi = 4+p*60/n, 3+(p+1)*60/n
	if p == n-1 {
		hi = 64
	}
	return lo, hi
}

// Refit fits weights of cfg.Phases phases to the labelled positions,
// from the last phase to the first: each phase minimises the squared
// error on its positions (its disc counts and cfg.Window either side;
// a tenth, by position hash, held out) plus PriorLambda times the
// squared distance to the prior's weights of the same disc counts plus
// Smooth times the squared distance to the next phase's weights. A phase
// without positions keeps that centre (the mean of the two), and so does
// a phase whose fit does not beat it on its held-out positions. It
// returns the weights and the report of every phase.
func Refit(ctx context.Context, cfg RefitConfig, labels []LabelledPosition) (*pattern.Weights, []RefitPhase, error) {
	if err := cfg.check(); err != nil {
		return nil, nil, err
	}
	if len(labels) == 0 {
		return nil, nil, errors.New("refit: no labelled positions")
	}
	w, _ := pattern.NewWeightsN(cfg.Phases)
	lay := newLayout()
	type item struct {
		s     sample
		discs int
		val   bool
		exact bool
	}
	items := make([]item, len(labels))
	for i, lp := range labels {
		items[i] = item{s: sample{feat: lay.features(lp.Board), label: float32(lp.Value)}, discs: 64 - lp.Board.Empties(),
			val: lp.Board.Hash()%10 == 0, exact: lp.Source == LabelExact}
	}
	var reps []RefitPhase
	var next []float32 // the parameters of phase p+1
	for p := cfg.Phases - 1; p >= 0; p-- {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		start := time.Now()
		lo, hi := phaseDiscs(p, cfg.Phases)
		rp := RefitPhase{Phase: p, Discs: fmt.Sprintf("%d-%d", lo, hi)}
		// The centre the phase is pulled toward.
		centre := make([]float32, lay.size)
		if cfg.Prior != nil {
			lay.params(&cfg.Prior.Phases[cfg.Prior.PhaseOf((lo+hi)/2)], centre)
		}
		pull := cfg.PriorLambda
		if next != nil && cfg.Smooth > 0 {
			pull += cfg.Smooth
			for j := range centre {
				centre[j] = float32((cfg.PriorLambda*float64(centre[j]) + cfg.Smooth*float64(next[j])) / pull)
			}
		}
		// The samples, their labels made residuals of the centre.
		var trainSet, valSet []sample
		var priorVal []sample
		for _, it := range items {
			if it.discs < lo-cfg.Window || it.discs > hi+cfg.Window {
				continue
			}
			rp.Positions++
			if it.exact {
				rp.Exact++
			}
			s := it.s
			s.label -= predict(centre, &s)
			if it.val {
				valSet = append(valSet, s)
				priorVal = append(priorVal, it.s)
			} else {
				trainSet = append(trainSet, s)
			}
		}
		params := centre
		if len(trainSet) == 0 {
			rp.Unchanged = true
		} else {
			var res fitResult
			if cfg.BiasOnly {
				res = fitBias(lay, trainSet, valSet)
			} else {
				res = fit(lay, trainSet, valSet, FitOptions{Epochs: cfg.Epochs, Patience: cfg.Patience, Lambda: pull, Threads: cfg.Threads})
			}
			rp.Epochs, rp.Errors = res.epochs, res.errors
			// The centre itself (no change) is a candidate too.
			zero := make([]float32, lay.size)
			if centreRMSE, centreMAE := evaluateSet(zero, valSet); len(valSet) > 0 && centreRMSE <= res.errors.ValRMSE {
				trainRMSE, trainMAE := evaluateSet(zero, trainSet)
				rp.KeptCentre, rp.Epochs = true, 0
				rp.Errors = Errors{TrainRMSE: trainRMSE, TrainMAE: trainMAE, ValRMSE: centreRMSE, ValMAE: centreMAE}
			} else {
				params = make([]float32, lay.size)
				for j := range params {
					params[j] = centre[j] + res.params[j]
				}
			}
			if cfg.Prior != nil && len(priorVal) > 0 {
				prior := make([]float32, lay.size)
				lay.params(&cfg.Prior.Phases[cfg.Prior.PhaseOf((lo+hi)/2)], prior)
				_, rp.PriorMAE = evaluateSet(prior, priorVal)
			}
		}
		lay.export(params, &w.Phases[p])
		next = params
		rp.Seconds = time.Since(start).Seconds()
		cfg.logf("refit: phase %2d (%s discs): %d positions (%d exact), %d epochs, held-out error %.2f discs (the prior's %.2f), %.0fs",
			p, rp.Discs, rp.Positions, rp.Exact, rp.Epochs, rp.Errors.ValMAE, rp.PriorMAE, rp.Seconds)
		reps = append(reps, rp)
	}
	for i, j := 0, len(reps)-1; i < j; i, j = i+1, j-1 {
		reps[i], reps[j] = reps[j], reps[i]
	}
	return w, reps, nil
}

// fitBias returns the parameters that move only the bias, by the mean of
// the training labels (residuals), with their errors.
func fitBias(l *layout, train, val []sample) fitResult {
	params := make([]float32, l.size)
	mean := 0.0
	for i := range train {
		mean += float64(train[i].label)
	}
	params[0] = float32(mean / float64(len(train)))
	res := fitResult{params: params, epochs: 1}
	res.errors.TrainRMSE, res.errors.TrainMAE = evaluateSet(params, train)
	res.errors.ValRMSE, res.errors.ValMAE = evaluateSet(params, val)
	if len(val) == 0 {
		res.errors.ValRMSE, res.errors.ValMAE = res.errors.TrainRMSE, res.errors.TrainMAE
	}
	return res
}

// params writes the weights of phase ph into the parameter vector out (in
// discs): the inverse of export for weights whose mirror-image
// configurations are equal.
func (l *layout) params(ph *pattern.Phase, out []float32) {
	const unit = 1.0 / pattern.Scale
	out[0] = float32(ph.Bias) * unit
	for s := range pattern.Shapes {
		for i, c := range l.canon[s] {
			if int(c) == i {
				out[l.shape[s]+i] = float32(ph.Tables[s][i]) * unit
			}
		}
	}
	for side := range ph.Mobility {
		for n, v := range ph.Mobility[side] {
			out[l.mob[side]+n] = float32(v) * unit
		}
	}
}

// WriteWeights writes weights to file through a temporary file.
func WriteWeights(file string, w *pattern.Weights) error {
	if err := atomicfile.Write(file, func(out io.Writer) error { _, err := w.WriteTo(out); return err }); err != nil {
		return fmt.Errorf("writing %s: %w", file, err)
	}
	return nil
}

// RefitNote is the note a refit's weights carry: its settings and the
// positions it was fitted on (how many, and where they came from).
func RefitNote(cfg RefitConfig, positions int, sources []string) string {
	return fmt.Sprintf("reversi train refit: %d phases, window %d, prior-lambda %g (prior: %v), smooth %g, bias only %v; %d positions: %s",
		cfg.Phases, cfg.Window, cfg.PriorLambda, cfg.Prior != nil, cfg.Smooth, cfg.BiasOnly, positions, strings.Join(sources, "; "))
}

// WriteRefitReport writes how each phase was fitted as indented JSON to
// file, through a temporary file.
func WriteRefitReport(file string, phases []RefitPhase) error {
	text, err := json.MarshalIndent(phases, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.Write(file, func(out io.Writer) error { _, err := out.Write(append(text, '\n')); return err }); err != nil {
		return fmt.Errorf("writing %s: %w", file, err)
	}
	return nil
}

// RefitSet says which positions a refit fits: the labelled positions of
// the label files of the folders Labels, only those a training game
// reaches if GamePositions, the exact scores of the database at 24
// empties if Theoretical, and a share Fraction of them all by board hash
// (Sample; 0 or 1: all).
type RefitSet struct {
	Labels        []string
	GamePositions bool
	// Games are more games whose positions GamePositions keeps (those
	// the labels of Labels were taken from, when not the WTHOR games).
	Games       []*game.Game
	Theoretical bool
	// Results adds the positions of the training years' games before
	// their exact scores at 24 empties, from ResultsMaxEmpties empty
	// squares on, each labelled with its game's score (ResultLabels).
	Results           bool
	ResultsMaxEmpties int
	Fraction          float64
}

// Positions reads the positions of the set, and says where they come from
// (the label files' headers, the selections made), for RefitNote.
func (s RefitSet) Positions() ([]LabelledPosition, []string, error) {
	var lps []LabelledPosition
	sources := []string{}
	if len(s.Labels) > 0 {
		var headers []string
		var err error
		if lps, headers, err = ReadLabels(s.Labels...); err != nil {
			return nil, nil, err
		}
		sources = append(sources, headers...)
		if s.GamePositions {
			games, err := WTHORGames(false, 1, 1)
			if err != nil {
				return nil, nil, err
			}
			all := len(lps)
			lps = GamePositions(lps, append(games, s.Games...))
			more := ""
			if len(s.Games) > 0 {
				more = fmt.Sprintf(" (or one of the %d games given)", len(s.Games))
			}
			sources = append(sources, fmt.Sprintf("only the %d of %d labelled positions that a training game reaches%s", len(lps), all, more))
		}
	}
	if s.Theoretical {
		more, err := TheoreticalLabels(len(lps))
		if err != nil {
			return nil, nil, err
		}
		lps = append(lps, more...)
		sources = append(sources, fmt.Sprintf("%d exact scores of the database at 24 empties", len(more)))
	}
	if s.Results {
		more, err := ResultLabels(len(lps), s.ResultsMaxEmpties)
		if err != nil {
			return nil, nil, err
		}
		lps = append(lps, more...)
		sources = append(sources, fmt.Sprintf("%d positions of the training games with 25 to %d empties labelled with their games' exact scores at 24", len(more), s.ResultsMaxEmpties))
	}
	if s.Fraction > 0 && s.Fraction < 1 {
		all := len(lps)
		lps = Sample(lps, s.Fraction)
		sources = append(sources, fmt.Sprintf("a sample of %d of the %d positions (--fraction %v)", len(lps), all, s.Fraction))
	}
	return lps, sources, nil
}

// WriteRefitTable writes the table of a refit's phases to w: each phase's
// disc counts, positions, exact labels, epochs and errors, beside the
// prior's held-out error.
func WriteRefitTable(w io.Writer, reps []RefitPhase) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "phase\tdiscs\tpositions\texact\tepochs\ttrain MAE\theld-out MAE\tprior's held-out MAE\t")
	for _, p := range reps {
		if p.Unchanged {
			fmt.Fprintf(tw, "%d\t%s\t0\t\t\t\t(the prior and the next phase)\t\t\n", p.Phase, p.Discs)
			continue
		}
		epochs := fmt.Sprint(p.Epochs)
		if p.KeptCentre {
			epochs = "0 (kept)"
		}
		fmt.Fprintf(tw, "%d\t%s\t%d\t%d\t%s\t%.2f\t%.2f\t%.2f\t\n", p.Phase, p.Discs, p.Positions, p.Exact, epochs, p.Errors.TrainMAE, p.Errors.ValMAE, p.PriorMAE)
	}
	return tw.Flush()
}

// RefitRun is a run of 'reversi train refit': the positions of Set
// fitted with Config, pulled toward the weights of the file Prior (""
// for the shipped ones), or toward zero weights with NoPrior.
type RefitRun struct {
	Config  RefitConfig
	Set     RefitSet
	Prior   string
	NoPrior bool
}

// Run reads the prior and the positions and fits them. It returns the
// weights, noted with how they were made (RefitNote), each phase's
// report, and the number of positions fitted.
func (r RefitRun) Run(ctx context.Context) (*pattern.Weights, []RefitPhase, int, error) {
	cfg := r.Config
	if !r.NoPrior {
		ev, err := pattern.Default()
		if r.Prior != "" {
			ev, err = pattern.ReadWeightsFile(r.Prior)
		}
		if err != nil {
			return nil, nil, 0, fmt.Errorf("--prior: %w", err)
		}
		cfg.Prior = ev.Weights()
	}
	lps, sources, err := r.Set.Positions()
	if err != nil {
		return nil, nil, 0, err
	}
	w, reps, err := Refit(ctx, cfg, lps)
	if err != nil {
		return nil, nil, 0, err
	}
	w.Note = RefitNote(cfg, len(lps), sources)
	return w, reps, len(lps), nil
}
