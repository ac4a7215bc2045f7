// The pipeline: positions, then labels and weights phase by phase from
// the end of the game, with every step saved in the work folder.

package train

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/eval/pattern"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/atomicfile"
)

// Config sets a training run. The fields that change the result are
// saved in the work folder: a run with other values refuses to resume
// from it.
type Config struct {
	// Work is the folder of the intermediate files.
	Work string `json:"-"`
	// Out is the weights file written at the end.
	Out string `json:"-"`
	// Fraction of the WTHOR games used (1 for all but the held-out year).
	Fraction float64 `json:"fraction"`
	// SelfPlay is the number of self-play games added.
	SelfPlay int `json:"self_play"`
	// Seed drives every random choice.
	Seed uint64 `json:"seed"`
	// ExactEmpties: positions with this many empty squares or fewer are
	// labelled by the exact solver.
	ExactEmpties int `json:"exact_empties"`
	// Depth of the searches that label the other positions (at least
	// 4, so that their leaves are in phases already fitted).
	Depth int `json:"depth"`
	// Theoretical labels the positions of the WTHOR games at 24 empty
	// squares with the database's exact scores instead of a search.
	Theoretical bool `json:"theoretical"`
	// MaxPerPhase bounds the positions of a phase (a seeded sample).
	MaxPerPhase int `json:"max_per_phase"`
	// Fit sets the fitting.
	Fit FitOptions `json:"fit"`
	// Threads label and fit in parallel.
	Threads int `json:"-"`
	// Log receives progress lines (nil: none).
	Log io.Writer `json:"-"`
}

// DefaultConfig returns the settings of the shipped weights.
func DefaultConfig() Config {
	return Config{
		Fraction: 1, SelfPlay: 20000, Seed: 1, ExactEmpties: 16, Depth: 4, MaxPerPhase: 300000,
		Fit:     FitOptions{Epochs: 300, Patience: 20, Lambda: 2},
		Threads: 2,
	}
}

// Tiny makes c a tiny run, for checking the pipeline in seconds (reversi
// train --tiny): a few hundred games, twenty self-play games, small
// phases, exact labels from 10 empties, 60 epochs at most. It sets
// Fraction, SelfPlay, MaxPerPhase, ExactEmpties and Fit.Epochs.
func (c *Config) Tiny() {
	c.Fraction, c.SelfPlay, c.MaxPerPhase, c.ExactEmpties, c.Fit.Epochs = 0.003, 20, 2000, 10, 60
}

// PhaseReport says how one phase was trained.
type PhaseReport struct {
	Phase     int    `json:"phase"`
	Discs     string `json:"discs"`
	Positions int    `json:"positions"`
	Labels    string `json:"labels"`
	Epochs    int    `json:"epochs"`
	Errors    Errors `json:"errors"`
	// Baseline is the held-out MAE of a constant (the mean label): what
	// the weights must beat.
	Baseline float64      `json:"baseline_mae"`
	Curve    [][2]float64 `json:"curve"`
	Seconds  float64      `json:"seconds"`
}

// Report is the account of a run.
type Report struct {
	Config    Config        `json:"config"`
	Games     int           `json:"wthor_games"`
	SelfPlay  int           `json:"self_play_games"`
	Positions int           `json:"positions"`
	Phases    []PhaseReport `json:"phases"`
}

// WriteTable writes the table of the run's phases to w: each phase's
// disc counts, positions, labels, epochs and errors.
func (r *Report) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "phase\tdiscs\tpositions\tlabels\tepochs\ttrain MAE\theld-out MAE\theld-out RMSE\t")
	for _, p := range r.Phases {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%d\t%.2f\t%.2f\t%.2f\t\n", p.Phase, p.Discs, p.Positions, p.Labels, p.Epochs, p.Errors.TrainMAE, p.Errors.ValMAE, p.Errors.ValRMSE)
	}
	return tw.Flush()
}

func (c *Config) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format+"\n", args...)
	}
}

// check refuses settings that cannot work.
func (c *Config) check() error {
	switch {
	case c.Work == "" || c.Out == "":
		return errors.New("train: a work folder and an output file are needed")
	case !(c.Fraction > 0 && c.Fraction <= 1): // NaN too
		return fmt.Errorf("train: fraction %v of the games: want more than 0, at most 1", c.Fraction)
	case c.SelfPlay < 0:
		return fmt.Errorf("train: %d self-play games", c.SelfPlay)
	case c.ExactEmpties < 0 || c.ExactEmpties > 20:
		return fmt.Errorf("train: exact labels up to %d empties: want 0 to 20", c.ExactEmpties)
	case c.Depth < 4 || c.Depth > 12:
		return fmt.Errorf("train: label depth %d: want 4 to 12 (the leaves must lie in phases already fitted)", c.Depth)
	case c.MaxPerPhase < 10:
		return fmt.Errorf("train: %d positions per phase is too few", c.MaxPerPhase)
	case c.Fit.Epochs < 1 || c.Fit.Patience < 1:
		return fmt.Errorf("train: bad fitting options %+v", c.Fit)
	case !(c.Fit.Lambda >= 0) || math.IsInf(c.Fit.Lambda, 0):
		return fmt.Errorf("train: regularisation %v: want a number of at least 0", c.Fit.Lambda)
	case c.Threads > maxThreads:
		return fmt.Errorf("train: %d threads: want at most %d (each holds an engine's and a solver's tables)", c.Threads, maxThreads)
	}
	c.Threads = max(c.Threads, 1)
	return nil
}

// maxThreads bounds Config.Threads.
const maxThreads = 256

// Run trains weights as cfg says, resuming from what cfg.Work holds, and
// writes them to cfg.Out (through a temporary file). It returns the
// report, also saved as cfg.Work/report.json.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if err := atomicfile.CheckWritable(cfg.Out); err != nil {
		return nil, fmt.Errorf("train: %w", err)
	}
	if err := os.MkdirAll(cfg.Work, 0o755); err != nil {
		return nil, err
	}
	if err := checkSettings(cfg); err != nil {
		return nil, err
	}
	rep := &Report{Config: cfg}
	positions, err := cfg.positions(ctx, rep)
	if err != nil {
		return nil, err
	}
	rep.Positions = len(positions)
	byPhase := make([][]Position, pattern.NumPhases)
	for _, p := range positions {
		ph := pattern.PhaseOf(p.Discs())
		byPhase[ph] = append(byPhase[ph], p)
	}
	w := pattern.NewWeights()
	lay := newLayout()
	rep.Phases = make([]PhaseReport, pattern.NumPhases)
	for ph := pattern.NumPhases - 1; ph >= 0; ph-- {
		pr, err := cfg.phase(ctx, ph, sampleOf(byPhase[ph], cfg.MaxPerPhase, cfg.Seed+uint64(ph)), w, lay)
		if err != nil {
			return nil, err
		}
		rep.Phases[ph] = pr
	}
	w.Note = fmt.Sprintf("reversi train: seed %d, %d WTHOR games (%.0f%%) and %d self-play games, %d positions; exact labels to %d empties, depth-%d search labels before",
		cfg.Seed, rep.Games, 100*cfg.Fraction, rep.SelfPlay, rep.Positions, cfg.ExactEmpties, cfg.Depth)
	if err := atomicfile.Write(cfg.Out, func(out io.Writer) error { _, err := w.WriteTo(out); return err }); err != nil {
		return nil, fmt.Errorf("writing %s: %w", cfg.Out, err)
	}
	if err := writeJSON(filepath.Join(cfg.Work, "report.json"), rep); err != nil {
		return nil, err
	}
	return rep, nil
}

// checkSettings saves the settings in a new work folder, or compares
// them with those saved.
func checkSettings(cfg Config) error {
	file := filepath.Join(cfg.Work, "settings.json")
	want, err := json.Marshal(cfg)
	if err != nil {
		return fmt.Errorf("train: the settings: %w", err)
	}
	have, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return atomicfile.Write(file, func(w io.Writer) error { _, err := w.Write(want); return err })
	}
	if err != nil {
		return err
	}
	if !bytes.Equal(bytes.TrimSpace(have), want) {
		return fmt.Errorf("train: the work folder %s was made with other settings (%s), not %s: use another folder", cfg.Work, bytes.TrimSpace(have), want)
	}
	return nil
}

// positions gathers (or reads back) the positions.
func (cfg *Config) positions(ctx context.Context, rep *Report) ([]Position, error) {
	file := filepath.Join(cfg.Work, "positions.bin")
	countFile := filepath.Join(cfg.Work, "games.json")
	if ps, err := ReadPositions(file); err == nil {
		var counts [2]int
		if text, err := os.ReadFile(countFile); err == nil {
			json.Unmarshal(text, &counts)
		}
		rep.Games, rep.SelfPlay = counts[0], counts[1]
		cfg.logf("positions: %d read back from %s", len(ps), file)
		return ps, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w (delete it to gather the positions again)", err)
	}
	cfg.logf("positions: reading the WTHOR games (%.0f%%, all years but %d)", 100*cfg.Fraction, HeldOutYear)
	games, err := WTHORGames(false, cfg.Fraction, cfg.Seed)
	if err != nil {
		return nil, err
	}
	rep.Games = len(games)
	cfg.logf("positions: %d WTHOR games; %d self-play games to play", len(games), cfg.SelfPlay)
	self, err := cfg.selfPlay(ctx)
	if err != nil {
		return nil, err
	}
	rep.SelfPlay = len(self)
	ps := Positions(games, self)
	cfg.logf("positions: %d, each once up to symmetry", len(ps))
	if err := WritePositions(file, ps); err != nil {
		return nil, err
	}
	counts, _ := json.Marshal([2]int{rep.Games, rep.SelfPlay})
	return ps, atomicfile.Write(countFile, func(w io.Writer) error { _, err := w.Write(counts); return err })
}

// selfPlay plays the self-play games on all threads: the engine with the
// classic evaluation at depth 3, and a random move one time in ten.
func (cfg *Config) selfPlay(ctx context.Context) ([]*game.Game, error) {
	if cfg.SelfPlay == 0 {
		return nil, nil
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		all  = make([][]*game.Game, cfg.Threads)
		errs = make([]error, cfg.Threads)
		done atomic.Int64
		last atomic.Int64
	)
	start := time.Now()
	for t := range cfg.Threads {
		n := cfg.SelfPlay / cfg.Threads
		if t < cfg.SelfPlay%cfg.Threads {
			n++
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := engine.New(engine.Options{Eval: eval.Course{}, Threads: 1, HashMB: 8})
			if err != nil {
				errs[t] = err
				return
			}
			play := func(b board.Board, rng *rand.Rand) board.Square {
				if rng.IntN(10) == 0 {
					ms := board.Squares(b.Moves())
					return ms[rng.IntN(len(ms))]
				}
				r, _ := e.Search(ctx, b, engine.Limits{Depth: 3, ExactEmpties: 10, Probability: 100}, nil) // positions of a game: valid
				return r.Move
			}
			all[t], errs[t] = SelfPlay(ctx, n, cfg.Seed*1000+uint64(t), play, func(int) {
				d := done.Add(1)
				if now := time.Since(start); now-time.Duration(last.Load()) > 10*time.Second {
					last.Store(int64(now))
					mu.Lock()
					cfg.logf("self-play: %d/%d games after %.0fs", d, cfg.SelfPlay, now.Seconds())
					mu.Unlock()
				}
			})
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	var out []*game.Game
	for _, list := range all {
		out = append(out, list...)
	}
	return out, nil
}

// sampleOf returns at most n of ps, a sample chosen with seed (in the
// order of ps).
func sampleOf(ps []Position, n int, seed uint64) []Position {
	if len(ps) <= n {
		return ps
	}
	keep := rand.New(rand.NewPCG(seed, 0x5a)).Perm(len(ps))[:n]
	out := make([]Position, n)
	sortInts(keep)
	for i, k := range keep {
		out[i] = ps[k]
	}
	return out
}

// phase labels (or reads back the labels of) the positions of phase ph,
// fits its weights (or reads them back), and puts them in w.
func (cfg *Config) phase(ctx context.Context, ph int, ps []Position, w *pattern.Weights, lay *layout) (PhaseReport, error) {
	pr := PhaseReport{Phase: ph, Discs: fmt.Sprintf("%d-%d", 4+4*ph, 7+4*ph), Positions: len(ps)}
	fitFile := filepath.Join(cfg.Work, fmt.Sprintf("phase-%02d.fit", ph))
	if params, rep, err := readFit(fitFile, lay.size); err == nil {
		lay.export(params, &w.Phases[ph])
		cfg.logf("phase %2d (%s discs): fitted before, held-out error %.2f discs", ph, pr.Discs, rep.Errors.ValMAE)
		return rep, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return pr, fmt.Errorf("%w (delete it to fit the phase again)", err)
	}
	start := time.Now()
	labels, how, err := cfg.labels(ctx, ph, ps, w)
	if err != nil {
		return pr, err
	}
	pr.Labels = how
	// A tenth of the positions, chosen by their hash, is held out.
	var trainSet, valSet []sample
	for i, p := range ps {
		s := sample{feat: lay.features(p.Board), label: labels[i]}
		if p.Board.Hash()%10 == 0 {
			valSet = append(valSet, s)
		} else {
			trainSet = append(trainSet, s)
		}
	}
	opts := cfg.Fit
	opts.Threads = cfg.Threads
	res := fit(lay, trainSet, valSet, opts)
	pr.Baseline = baseline(trainSet, valSet)
	lay.export(res.params, &w.Phases[ph])
	pr.Epochs, pr.Errors, pr.Curve = res.epochs, res.errors, res.curve
	pr.Seconds = time.Since(start).Seconds()
	cfg.logf("phase %2d (%s discs): %d positions (%s), %d epochs, error %.2f discs (held out %.2f), %.0fs",
		ph, pr.Discs, len(ps), how, res.epochs, res.errors.TrainMAE, res.errors.ValMAE, pr.Seconds)
	return pr, writeFit(fitFile, res.params, pr)
}

// theoreticalScores maps the canonical positions of TheoreticalPositions
// (the training years) to their exact scores, computed once.
var theoreticalScores = sync.OnceValues(func() (map[board.Board]int, error) {
	theo, err := TheoreticalPositions(false)
	if err != nil {
		return nil, err
	}
	known := make(map[board.Board]int, len(theo))
	for _, l := range theo {
		c, _ := l.Board.Canonical()
		known[c] = l.Score
	}
	return known, nil
})

// labels returns the labels of the positions of phase ph: exact scores,
// or the values of depth-Depth searches with the weights of the later
// phases, computed on all threads (or read back from the work folder).
func (cfg *Config) labels(ctx context.Context, ph int, ps []Position, w *pattern.Weights) ([]float32, string, error) {
	file := filepath.Join(cfg.Work, fmt.Sprintf("phase-%02d.labels", ph))
	exact := 60-4*ph <= cfg.ExactEmpties // every position of the phase
	how := fmt.Sprintf("depth-%d search", cfg.Depth)
	if exact {
		how = "exact"
	}
	if labels, err := readLabels(file, len(ps)); err == nil {
		return labels, how, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, "", fmt.Errorf("%w (delete it to label the phase again)", err)
	}
	ev := pattern.New(w)
	labels := make([]float32, len(ps))
	known := map[board.Board]int{} // exact scores from the database
	if cfg.Theoretical && !exact {
		var err error
		if known, err = theoreticalScores(); err != nil {
			return nil, "", err
		}
	}
	fromDatabase := 0
	for _, p := range ps {
		if _, ok := known[p.Board]; ok {
			fromDatabase++
		}
	}
	if fromDatabase > 0 {
		how += fmt.Sprintf(", %d exact from the database", fromDatabase)
	}
	var next, done atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, cfg.Threads)
	start := time.Now()
	var last atomic.Int64
	for t := range cfg.Threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := engine.New(engine.Options{Eval: ev, Threads: 1, HashMB: 16})
			if err != nil {
				errs[t] = err
				return
			}
			s, err := endgame.New(endgame.Options{Threads: 1, HashMB: 16})
			if err != nil {
				errs[t] = err
				return
			}
			for {
				i := int(next.Add(1)) - 1
				if i >= len(ps) {
					return
				}
				if ctx.Err() != nil {
					errs[t] = ctx.Err()
					return
				}
				b := ps[i].Board
				if score, ok := known[b]; ok {
					labels[i] = float32(score)
				} else if b.Empties() <= cfg.ExactEmpties {
					r, err := s.Search(ctx, b, endgame.Limits{Mode: endgame.Exact}, nil)
					if err != nil || r.Stopped {
						errs[t] = cmp.Or(err, context.Cause(ctx))
						return
					}
					labels[i] = float32(r.Score)
				} else {
					r, err := e.Search(ctx, b, engine.Limits{Depth: cfg.Depth, ExactEmpties: cfg.ExactEmpties, Probability: 100}, nil)
					if err != nil || r.Stopped {
						errs[t] = cmp.Or(err, ctx.Err())
						return
					}
					labels[i] = float32(engine.Discs(ev, r.Kind, r.Value))
				}
				d := done.Add(1)
				if now := time.Since(start); now-time.Duration(last.Load()) > 15*time.Second {
					last.Store(int64(now))
					cfg.logf("phase %2d: labelled %d/%d positions (%s) after %.0fs", ph, d, len(ps), how, now.Seconds())
				}
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, "", err
	}
	return labels, how, writeLabels(file, labels)
}

// The files of a phase: labels (float32s) and fitted parameters
// (float32s followed by the JSON of the phase's report).
const (
	labelsMagic = "RVLAB\x00\x00\x01"
	fitMagic    = "RVFIT\x00\x00\x01"
)

func writeLabels(file string, labels []float32) error {
	return atomicfile.Write(file, func(w io.Writer) error {
		io.WriteString(w, labelsMagic)
		binary.Write(w, binary.LittleEndian, uint64(len(labels)))
		return binary.Write(w, binary.LittleEndian, labels)
	})
}

func readLabels(file string, n int) ([]float32, error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if len(text) != len(labelsMagic)+8+4*n || string(text[:len(labelsMagic)]) != labelsMagic ||
		binary.LittleEndian.Uint64(text[len(labelsMagic):]) != uint64(n) {
		return nil, fmt.Errorf("%s: not the labels of %d positions", file, n)
	}
	labels := make([]float32, n)
	binary.Read(bytes.NewReader(text[len(labelsMagic)+8:]), binary.LittleEndian, labels)
	for _, l := range labels {
		if math.IsNaN(float64(l)) || l < -64 || l > 64 {
			return nil, fmt.Errorf("%s: a label of %v discs: the file is corrupt", file, l)
		}
	}
	return labels, nil
}

func writeFit(file string, params []float32, pr PhaseReport) error {
	rep, err := json.Marshal(pr)
	if err != nil {
		return err
	}
	return atomicfile.Write(file, func(w io.Writer) error {
		io.WriteString(w, fitMagic)
		binary.Write(w, binary.LittleEndian, uint64(len(params)))
		binary.Write(w, binary.LittleEndian, params)
		_, err := w.Write(rep)
		return err
	})
}

func readFit(file string, size int) ([]float32, PhaseReport, error) {
	var pr PhaseReport
	text, err := os.ReadFile(file)
	if err != nil {
		return nil, pr, err
	}
	head := len(fitMagic) + 8 + 4*size
	if len(text) < head || string(text[:len(fitMagic)]) != fitMagic || binary.LittleEndian.Uint64(text[len(fitMagic):]) != uint64(size) {
		return nil, pr, fmt.Errorf("%s: not the fitted weights of this version", file)
	}
	params := make([]float32, size)
	binary.Read(bytes.NewReader(text[len(fitMagic)+8:head]), binary.LittleEndian, params)
	if err := json.Unmarshal(text[head:], &pr); err != nil {
		return nil, pr, fmt.Errorf("%s: corrupt report: %v", file, err)
	}
	return params, pr, nil
}

func writeJSON(file string, v any) error {
	text, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.Write(file, func(w io.Writer) error { _, err := w.Write(append(text, '\n')); return err })
}

func sortInts(x []int) {
	slices.Sort(x)
}

// baseline returns the mean absolute error on val of the mean label of
// train.
func baseline(train, val []sample) float64 {
	if len(train) == 0 || len(val) == 0 {
		return 0
	}
	mean := 0.0
	for _, s := range train {
		mean += float64(s.label)
	}
	mean /= float64(len(train))
	mae := 0.0
	for _, s := range val {
		mae += math.Abs(float64(s.label) - mean)
	}
	return mae / float64(len(val))
}
