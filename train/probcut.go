// Multi-ProbCut's parameters: samples of shallow and deep search values of
// the same positions (resumable, sharded), and the regressions fitted to
// them.

package train

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/eval/pattern"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/atomicfile"
	"github.com/reversi-engine/reversi/internal/mpc"
)

// ProbCutConfig configures the sampling of 'reversi train mpc'.
type ProbCutConfig struct {
	// Work is the folder of the sample files (one a shard).
	Work string
	// Positions is the number of positions of the whole sample (all
	// shards), Seed chooses them.
	Positions int
	Seed      uint64
	// Fraction is the share of the WTHOR games the positions come from
	// (1: all; less makes a small sample start sooner, for tests).
	Fraction float64
	// Depth is the deepest search of each position; every depth from 1
	// up to it is recorded.
	Depth int
	// ExactEmpties: positions with this many empty squares or fewer are
	// also solved exactly, for the selective endgame's cells.
	ExactEmpties int
	// MinEmpties and MaxEmpties bound the empty squares of the positions.
	MinEmpties, MaxEmpties int
	// Shard and Shards: this run samples the positions whose number is
	// Shard modulo Shards.
	Shard, Shards int
	// Threads searching at once, each with its own engine.
	Threads int
	// Log receives the progress (nil: none).
	Log io.Writer
}

// DefaultProbCutConfig returns the settings of the shipped parameters.
func DefaultProbCutConfig() ProbCutConfig {
	return ProbCutConfig{Positions: 2000, Seed: 1, Fraction: 1, Depth: 12, ExactEmpties: 22, MinEmpties: 12, MaxEmpties: 56, Shards: 1, Threads: 1}
}

// Check returns an error that names the first setting out of its range.
func (c *ProbCutConfig) Check() error {
	switch {
	case c.Work == "":
		return errors.New("mpc: no work folder")
	case c.Positions < 1 || c.Positions > 10_000_000:
		return fmt.Errorf("mpc: %d positions: want 1 to 10000000", c.Positions)
	case !(c.Fraction > 0 && c.Fraction <= 1):
		return fmt.Errorf("mpc: a fraction %v of the games: want more than 0, at most 1", c.Fraction)
	case c.Depth < mpc.MinDepth || c.Depth > 30:
		return fmt.Errorf("mpc: depth %d: want %d to 30", c.Depth, mpc.MinDepth)
	case c.ExactEmpties < 0 || c.ExactEmpties > 30:
		return fmt.Errorf("mpc: exact from %d empties: want 0 to 30", c.ExactEmpties)
	case c.MinEmpties < 4 || c.MaxEmpties > 58 || c.MinEmpties > c.MaxEmpties:
		return fmt.Errorf("mpc: empties %d to %d: want a range within 4 to 58", c.MinEmpties, c.MaxEmpties)
	case c.Shards < 1 || c.Shard < 0 || c.Shard >= c.Shards:
		return fmt.Errorf("mpc: shard %d/%d does not exist", c.Shard, c.Shards)
	case c.Shard >= c.Positions:
		return fmt.Errorf("mpc: shard %d/%d has no positions (the sample has %d): nothing to sample", c.Shard, c.Shards, c.Positions)
	case c.Threads < 1 || c.Threads > 256:
		return fmt.Errorf("mpc: %d threads: want 1 to 256", c.Threads)
	}
	return nil
}

func (c *ProbCutConfig) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format+"\n", args...)
	}
}

// sampleHeaderPrefix starts the first line of every sample file.
const sampleHeaderPrefix = "# reversi mpc samples v1 "

// header is the first line of a sample file: the settings that decide
// its positions and values, which a resumed run and every shard must
// share.
func (c *ProbCutConfig) header(ev eval.Evaluator) string {
	fraction := ""
	if c.Fraction != 1 {
		fraction = fmt.Sprintf(" fraction=%g", c.Fraction)
	}
	return fmt.Sprintf("%spositions=%d seed=%d%s depth=%d exact=%d empties=%d-%d eval=%s",
		sampleHeaderPrefix, c.Positions, c.Seed, fraction, c.Depth, c.ExactEmpties, c.MinEmpties, c.MaxEmpties, evalID(ev))
}

// parseProbCutHeader reads the settings of a sample file's header and
// the evaluation it names (see evalID).
func parseProbCutHeader(header string) (c ProbCutConfig, evalName string, err error) {
	if !strings.HasPrefix(header, sampleHeaderPrefix) {
		return c, "", errors.New("not a sample file")
	}
	_, _, v := headerSettings(header)
	c = ProbCutConfig{Fraction: 1, Shards: 1, Threads: 1}
	bad := func(key string) error {
		return fmt.Errorf("a first line without a readable %s setting: %q", key, header)
	}
	for _, f := range []struct {
		key string
		n   *int
	}{{"positions", &c.Positions}, {"depth", &c.Depth}, {"exact", &c.ExactEmpties}} {
		if *f.n, err = strconv.Atoi(v[f.key]); err != nil {
			return c, "", bad(f.key)
		}
	}
	if c.Seed, err = strconv.ParseUint(v["seed"], 10, 64); err != nil {
		return c, "", bad("seed")
	}
	if x, ok := v["fraction"]; ok {
		if c.Fraction, err = strconv.ParseFloat(x, 64); err != nil {
			return c, "", bad("fraction")
		}
	}
	lo, hi, _ := strings.Cut(v["empties"], "-")
	if c.MinEmpties, err = strconv.Atoi(lo); err != nil {
		return c, "", bad("empties")
	}
	if c.MaxEmpties, err = strconv.Atoi(hi); err != nil {
		return c, "", bad("empties")
	}
	if v["eval"] == "" {
		return c, "", bad("eval")
	}
	return c, v["eval"], nil
}

// ProbCutSample is one position's values: Values[d-1] is the value of the
// full-width search of depth d, in discs for the side to move; Exact is
// the final margin with perfect play, if Solved.
type ProbCutSample struct {
	Index   int
	Empties int
	Values  []float64
	Solved  bool
	Exact   int
}

// samplePosition returns position i of the sample: a position of a
// training game with a chosen number of empty squares, half the time
// followed by one to three random moves (so that the sample holds the
// bad positions a search meets as well as the good ones of real games).
func (c *ProbCutConfig) samplePosition(games []*game.Game, i int) (board.Board, bool) {
	rng := rand.New(rand.NewPCG(c.Seed, uint64(i)))
	return pickPosition(rng, games, c.MinEmpties, c.MaxEmpties, func() int {
		if rng.IntN(2) == 0 {
			return 1 + rng.IntN(3)
		}
		return 0
	})
}

// SampleProbCut searches the positions of this shard that its sample
// file does not hold yet and appends their values to it, line by line,
// so that an interrupted run resumes where it stopped. A work folder
// holding sample files (of any shard) made with other settings or
// another evaluation is refused, as is a shard without positions. It
// returns the file's name.
func SampleProbCut(ctx context.Context, cfg ProbCutConfig, ev eval.Evaluator) (string, error) {
	if err := cfg.Check(); err != nil {
		return "", err
	}
	file := filepath.Join(cfg.Work, fmt.Sprintf("mpc-samples-%d-of-%d.txt", cfg.Shard, cfg.Shards))
	job := gamesJob{
		shardJob: shardJob{Name: "mpc", Did: "sampled", What: "sample file", File: file, Header: cfg.header(ev), Glob: "mpc-samples-*-of-*.txt", Positions: cfg.Positions,
			Shard: cfg.Shard, Shards: cfg.Shards, Threads: cfg.Threads,
			Parse: func(line string) (int, error) { smp, err := parseSample(line); return smp.Index, err }},
		Work: cfg.Work, Fraction: cfg.Fraction, Seed: cfg.Seed, Logf: cfg.logf,
		Started: func(todo, total int) {
			cfg.logf("mpc: %d of %d positions of shard %d/%d to search (depth %d, exact from %d empties) into %s",
				todo, total, cfg.Shard, cfg.Shards, cfg.Depth, cfg.ExactEmpties, file)
		},
		Search: func(ctx context.Context, e *engine.Engine, s *endgame.Solver, games []*game.Game, i int) (string, error) {
			smp, err := cfg.sample(ctx, e, s, games, i)
			if err != nil {
				return "", err
			}
			return smp.line(), nil
		},
		Progress: func(p shardProgress, done, total int) {
			cfg.logf("mpc: %d/%d positions searched, %.1f s each, %v left", p.Count+done, total, p.Elapsed.Seconds()/float64(p.Count)*float64(cfg.Threads), p.ETA.Round(time.Second))
		},
	}
	if err := job.run(ctx, ev); err != nil {
		return "", err
	}
	return file, nil
}

// sample searches position i with every depth, and solves it if it is
// near enough the end.
func (cfg *ProbCutConfig) sample(ctx context.Context, e *engine.Engine, s *endgame.Solver, games []*game.Game, i int) (ProbCutSample, error) {
	b, ok := cfg.samplePosition(games, i)
	smp := ProbCutSample{Index: i}
	if !ok {
		return smp, nil // no position: a line without values keeps the index done
	}
	smp.Empties = b.Empties()
	depth := min(cfg.Depth, b.Empties()-1)
	unit := float64(e.Eval().DiscUnit())
	e.Clear()
	var err error
	_, err = e.Search(ctx, b, engine.Limits{Depth: depth, Probability: 100}, func(in engine.Info) {
		if in.Kind == engine.Midgame && in.Depth == len(smp.Values)+1 {
			smp.Values = append(smp.Values, float64(in.Value)/unit)
		}
	})
	if err != nil {
		return smp, err
	}
	if ctx.Err() != nil {
		return smp, ctx.Err()
	}
	if b.Empties() <= cfg.ExactEmpties {
		r, err := s.Search(ctx, b, endgame.Limits{Mode: endgame.Exact}, nil)
		if err != nil {
			return smp, err
		}
		if r.Stopped {
			return smp, ctx.Err()
		}
		smp.Solved, smp.Exact = true, r.Score
	}
	return smp, nil
}

// line writes the sample as a line of its file: the index, the empties,
// the exact score or "-", and the values of every depth.
func (s ProbCutSample) line() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d %d", s.Index, s.Empties)
	if s.Solved {
		fmt.Fprintf(&sb, " %d", s.Exact)
	} else {
		sb.WriteString(" -")
	}
	for _, v := range s.Values {
		sb.WriteString(" ")
		sb.WriteString(strconv.FormatFloat(v, 'f', 2, 64))
	}
	sb.WriteString("\n")
	return sb.String()
}

// parseSample reads a line of a sample file.
func parseSample(line string) (ProbCutSample, error) {
	f := strings.Fields(line)
	if len(f) < 3 {
		return ProbCutSample{}, fmt.Errorf("%d fields, want at least 3", len(f))
	}
	var s ProbCutSample
	var err error
	if s.Index, err = strconv.Atoi(f[0]); err != nil || s.Index < 0 {
		return s, fmt.Errorf("bad index %q", f[0])
	}
	// 0 (64 in files of earlier versions) with no values: an index that
	// gave no position.
	if s.Empties, err = strconv.Atoi(f[1]); err != nil || s.Empties < 0 || s.Empties > 64 || (s.Empties > 60 && len(f) > 3) {
		return s, fmt.Errorf("bad empties %q", f[1])
	}
	if f[2] != "-" {
		if s.Exact, err = strconv.Atoi(f[2]); err != nil || s.Exact < -64 || s.Exact > 64 {
			return s, fmt.Errorf("bad exact score %q", f[2])
		}
		s.Solved = true
	}
	for _, x := range f[3:] {
		v, err := strconv.ParseFloat(x, 64)
		if err != nil || math.IsNaN(v) || math.Abs(v) > 1000 {
			return s, fmt.Errorf("bad value %q", x)
		}
		s.Values = append(s.Values, v)
	}
	return s, nil
}

// ProbCutSamples are the samples of a work folder and the settings they
// were sampled with.
type ProbCutSamples struct {
	// Config holds the settings named by the first line of the files:
	// Work is the folder; the shard and threads are 0/1 and 1.
	Config ProbCutConfig
	// Eval names the evaluation the samples were searched with: its name
	// and the first 16 hex digits of its checksum ("pattern/3f6dee286bbc1794").
	Eval string
	// Samples are the positions with values, each index once.
	Samples []ProbCutSample
}

// ReadProbCutSamples reads every sample file of the work folder; they
// must share their settings but the shard. The last line of a file
// without its end (a shard still running, or stopped) is left out, and
// an index met again (the same shard's file copied under two names) is
// read once.
func ReadProbCutSamples(work string) (*ProbCutSamples, error) {
	files, err := filepath.Glob(filepath.Join(work, "mpc-samples-*-of-*.txt"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("mpc: no sample files (mpc-samples-*-of-*.txt) in %s: sample first", work)
	}
	sort.Strings(files)
	out := &ProbCutSamples{}
	header := ""
	seen := map[int]bool{}
	for _, file := range files {
		if err := readSampleFile(file, files[0], work, &header, out, seen); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// readSampleFile reads one sample file into out, checking its header
// against *header (the first file's, first0; set from it when empty):
// each index once, the samples with values kept.
func readSampleFile(file, first0, work string, header *string, out *ProbCutSamples, seen map[int]bool) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	checkHeader := func(first string) error {
		if *header == "" {
			c, name, err := parseProbCutHeader(first)
			if err != nil {
				return fmt.Errorf("mpc: %s: %v", file, err)
			}
			c.Work = work
			*header, out.Config, out.Eval = first, c, name
			return nil
		}
		if first == *header {
			return nil
		}
		if !strings.HasPrefix(first, sampleHeaderPrefix) {
			return fmt.Errorf("mpc: %s is not a sample file", file)
		}
		if theirs, ours, ok := settingsDiff(first, *header); ok {
			return fmt.Errorf("mpc: %s was sampled with other settings than %s: with %s, not %s", file, first0, theirs, ours)
		}
		return fmt.Errorf("mpc: %s was sampled with other settings than %s", file, first0)
	}
	headed := false
	_, _, err = readWork(f, func(first string) error {
		headed = true
		return checkHeader(first)
	}, func(n int, line string) error {
		s, err := parseSample(line)
		if err != nil {
			return fmt.Errorf("mpc: %s:%d: %v", file, n, err)
		}
		if s.Index >= out.Config.Positions {
			return fmt.Errorf("mpc: %s:%d: index %d of a sample of %d positions", file, n, s.Index, out.Config.Positions)
		}
		if !seen[s.Index] && len(s.Values) > 0 {
			out.Samples = append(out.Samples, s)
		}
		seen[s.Index] = true
		return nil
	})
	if err == nil && !headed {
		return checkHeader("") // no complete line: what an empty header says
	}
	return err
}

// Matches returns an error unless the samples were searched with ev:
// parameters fitted to them are stamped with ev's checksum, and the
// engine trusts them for ev.
func (s *ProbCutSamples) Matches(ev eval.Evaluator) error {
	if id := evalID(ev); id != s.Eval {
		return fmt.Errorf("mpc: the samples in %s were searched with the evaluation %s, not with %s: fit them for the weights they were searched with (--weights), or sample these weights in another work folder",
			s.Config.Work, s.Eval, id)
	}
	return nil
}

// ProbCutFit configures the fitting.
type ProbCutFit struct {
	// Bucket is the width, in empty squares, of the midgame cells.
	Bucket int
	// MinSamples is the least number of positions a cell is fitted on.
	MinSamples int
}

// Check returns an error unless the cells are at least 1 empty square
// wide and fitted on at least 3 samples.
func (f ProbCutFit) Check() error {
	if f.Bucket < 1 || f.MinSamples < 3 {
		return fmt.Errorf("mpc: buckets of %d empties and at least %d samples: want at least 1 and 3", f.Bucket, f.MinSamples)
	}
	return nil
}

// ProbCutNote returns the note of parameters fitted on samples samples
// sampled with c (the settings of the samples: ProbCutSamples.Config)
// and fitted with fit, for FitProbCut: the command line of reversi train
// mpc that makes them again, and the number of samples (and the
// fraction of the games, when not all).
func ProbCutNote(c ProbCutConfig, fit ProbCutFit, samples int) string {
	fraction := ""
	if c.Fraction != 1 {
		fraction = fmt.Sprintf(", from a fraction %g of the games", c.Fraction)
	}
	return fmt.Sprintf("reversi train mpc --work %s --positions %d --seed %d --depth %d --exact %d --min-empties %d --max-empties %d --bucket %d --min-samples %d (%d samples%s)",
		c.Work, c.Positions, c.Seed, c.Depth, c.ExactEmpties, c.MinEmpties, c.MaxEmpties, fit.Bucket, fit.MinSamples, samples, fraction)
}

// FitProbCut fits the regressions of every cell (range of empties,
// depth) with enough samples: deep = slope*shallow + intercept by least
// squares, sigma the deviation of the residuals; and the selective
// endgame's cells (the exact score from the search of ShallowDepth(e)),
// one for each number of empties.
func FitProbCut(samples []ProbCutSample, ev eval.Evaluator, opts ProbCutFit, note string) (*engine.ProbCut, error) {
	if err := opts.Check(); err != nil {
		return nil, err
	}
	pc := &engine.ProbCut{Format: mpc.Format, Version: mpc.Version, Eval: ev.Name(), Note: note}
	if cs, ok := ev.(mpc.Checksummer); ok {
		pc.EvalChecksum = cs.Checksum()
	}
	type key struct{ lo, depth int }
	pairs := map[key][][2]float64{}
	solver := map[key][][2]float64{} // the solver's cells, depth -1
	bucketOf := func(e int) int { return (e-1)/opts.Bucket*opts.Bucket + 1 }
	for _, s := range samples {
		for depth := mpc.MinDepth; depth <= len(s.Values); depth++ {
			if depth >= s.Empties {
				break
			}
			d := mpc.ShallowDepth(depth)
			if d < 1 {
				continue
			}
			k := key{bucketOf(s.Empties), depth}
			pairs[k] = append(pairs[k], [2]float64{s.Values[d-1], s.Values[depth-1]})
		}
		if s.Solved {
			if d := mpc.ShallowDepth(s.Empties); d >= 1 && d <= len(s.Values) {
				k := key{-s.Empties, 0}
				pairs[k] = append(pairs[k], [2]float64{s.Values[d-1], float64(s.Exact)})
			}
			if d := mpc.SolverShallowDepth(s.Empties); s.Empties >= minSolverEmpties && d <= len(s.Values) {
				k := key{solverBucket(s.Empties), -1}
				solver[k] = append(solver[k], [2]float64{s.Values[d-1], float64(s.Exact)})
			}
		}
	}
	for k, p := range solver {
		pairs[k] = p
	}
	keys := make([]key, 0, len(pairs))
	for k := range pairs {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].depth != keys[j].depth {
			return keys[i].depth < keys[j].depth
		}
		return keys[i].lo < keys[j].lo
	})
	for _, k := range keys {
		p := pairs[k]
		if len(p) < opts.MinSamples {
			continue
		}
		slope, intercept, sigma := regress(p)
		c := engine.ProbCutCell{Depth: k.depth, Slope: slope, Intercept: intercept, Sigma: sigma, Samples: len(p)}
		switch k.depth {
		case -1:
			c.Depth, c.Solver = 0, true
			c.MinEmpties, c.MaxEmpties, c.Shallow = k.lo, k.lo+solverBucketWidth-1, mpc.SolverShallowDepth(k.lo)
		case 0:
			c.MinEmpties, c.MaxEmpties, c.Shallow = -k.lo, -k.lo, mpc.ShallowDepth(-k.lo)
		default:
			c.MinEmpties, c.MaxEmpties, c.Shallow = k.lo, min(60, k.lo+opts.Bucket-1), mpc.ShallowDepth(k.depth)
		}
		// Keep a cell the engine accepts: a degenerate fit (all values
		// equal) becomes the identity with a small sigma.
		if !(c.Slope > 0.2 && c.Slope < 5) {
			c.Slope, c.Intercept = 1, 0
		}
		c.Sigma = max(c.Sigma, 0.5)
		pc.Cells = append(pc.Cells, c)
	}
	if len(pc.Cells) == 0 {
		return nil, fmt.Errorf("mpc: %d samples fill no cell of %d samples: sample more positions", len(samples), opts.MinSamples)
	}
	return pc, pc.Check()
}

// The solver's cells (engine.ProbCutCell.Solver) pool the solved
// positions of solverBucketWidth empties from minSolverEmpties, buckets
// within which mpc.SolverShallowDepth does not change.
const (
	minSolverEmpties  = 12
	solverBucketWidth = 4
)

// solverBucket returns the first empties of the solver's cell of e.
func solverBucket(e int) int {
	return minSolverEmpties + (e-minSolverEmpties)/solverBucketWidth*solverBucketWidth
}

// regress fits y = slope*x + intercept by least squares and returns the
// deviation of the residuals.
func regress(p [][2]float64) (slope, intercept, sigma float64) {
	var sx, sy, sxx, sxy float64
	n := float64(len(p))
	for _, xy := range p {
		sx, sy, sxx, sxy = sx+xy[0], sy+xy[1], sxx+xy[0]*xy[0], sxy+xy[0]*xy[1]
	}
	if den := n*sxx - sx*sx; den > 0 {
		slope = (n*sxy - sx*sy) / den
	} else {
		slope = 1
	}
	intercept = (sy - slope*sx) / n
	var ss float64
	for _, xy := range p {
		r := xy[1] - slope*xy[0] - intercept
		ss += r * r
	}
	return slope, intercept, math.Sqrt(ss / max(n-2, 1))
}

// WriteProbCut writes the parameters to file through a temporary file
// renamed into place, so that a failed write leaves no partial file. Its
// errors say "writing <file>: ...".
func WriteProbCut(file string, pc *engine.ProbCut) error {
	err := pc.Check()
	if err == nil {
		err = atomicfile.Write(file, func(w io.Writer) error {
			_, err := pc.WriteTo(w)
			return err
		})
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", file, err)
	}
	return nil
}

// WriteProbCutTable writes the cells of pc to w, a line each: its empty
// squares, depth ("end" for the selective endgame's), shallow depth,
// regression and samples.
func WriteProbCutTable(w io.Writer, pc *engine.ProbCut) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "empties\tdepth\tshallow\tslope\tintercept\tsigma\tsamples\t")
	for _, c := range pc.Cells {
		depth := fmt.Sprint(c.Depth)
		if c.Depth == 0 {
			depth = "end"
		}
		fmt.Fprintf(tw, "%d-%d\t%s\t%d\t%.3f\t%+.2f\t%.2f\t%d\t\n", c.MinEmpties, c.MaxEmpties, depth, c.Shallow, c.Slope, c.Intercept, c.Sigma, c.Samples)
	}
	return tw.Flush()
}

// ProbCutRun is a run of 'reversi train mpc': the samples of Config
// searched (unless FitOnly) and, when the run fits (Fits), the parameters
// fitted to every sample of the work folder, for the pattern weights of
// the file Weights ("": the shipped ones).
type ProbCutRun struct {
	Config  ProbCutConfig
	Fit     ProbCutFit
	FitOnly bool
	Weights string
}

// Fits reports whether the run fits parameters: with FitOnly, or when
// it samples the whole set (one shard); a shard of several only samples.
func (r ProbCutRun) Fits() bool { return r.FitOnly || r.Config.Shards == 1 }

// Check returns an error that names the first setting out of its range,
// before the sampling, which takes hours.
func (r ProbCutRun) Check() error {
	if err := r.Config.Check(); err != nil {
		return err
	}
	return r.Fit.Check()
}

// Evaluator returns the evaluation the run samples and fits for: the
// pattern weights of the file Weights, or the shipped ones. Samples of
// the course heuristic would be parameters for it, not for the
// evaluation the engine plays with: the trained weights or none.
func (r ProbCutRun) Evaluator() (eval.Evaluator, error) {
	if r.Weights != "" {
		pe, err := pattern.ReadWeightsFile(r.Weights)
		if err != nil {
			return nil, fmt.Errorf("--weights: %w", err)
		}
		return pe, nil
	}
	pe, err := pattern.Default()
	if err != nil {
		return nil, fmt.Errorf("no trained evaluation: %w: give --weights, or mend the build", err)
	}
	return pe, nil
}

// Run samples (unless FitOnly) and, when the run fits, fits the samples
// of the work folder, searched with the run's evaluation, noting how
// they were made (ProbCutNote, with the weights file when there is
// one). It returns the parameters and the number of samples they were
// fitted on; nil parameters when the run only sampled its shard.
func (r ProbCutRun) Run(ctx context.Context) (*engine.ProbCut, int, error) {
	ev, err := r.Evaluator()
	if err != nil {
		return nil, 0, err
	}
	if !r.FitOnly {
		if _, err := SampleProbCut(ctx, r.Config, ev); err != nil {
			return nil, 0, err
		}
		if !r.Fits() {
			return nil, 0, nil
		}
	}
	set, err := ReadProbCutSamples(r.Config.Work)
	if err != nil {
		return nil, 0, err
	}
	if err := set.Matches(ev); err != nil {
		return nil, 0, err
	}
	note := ProbCutNote(set.Config, r.Fit, len(set.Samples))
	if r.Weights != "" {
		note = strings.Replace(note, "reversi train mpc", "reversi train mpc --weights "+r.Weights, 1)
	}
	pc, err := FitProbCut(set.Samples, ev, r.Fit, note)
	if err != nil {
		return nil, 0, err
	}
	return pc, len(set.Samples), nil
}
