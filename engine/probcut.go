// Multi-ProbCut: the parameters that let a shallow search predict a deep
// one, their file, and the table the search reads (Buro 1997).

package engine

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sync"

	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/internal/mpc"
)

// A search of depth D at a node with a null window [beta-1, beta] can be
// cut when a search of the shallower depth mpc.ShallowDepth(D) predicts, by
// the linear regression deep = Slope*shallow + Intercept with residual
// deviation Sigma, that the deep value is at least beta (or at most
// alpha) with the confidence the search asks for: the shallow search is
// run with a null window at the bound (beta + t*Sigma - Intercept)/Slope,
// where t is the number of deviations of the confidence (Probability).

// ProbCutCell is the regression of one depth in one range of empty
// squares, in discs.
type ProbCutCell struct {
	// MinEmpties and MaxEmpties bound the empty squares of the positions
	// the cell describes.
	MinEmpties int `json:"min_empties"`
	MaxEmpties int `json:"max_empties"`
	// Depth is the deep search's depth, Shallow the shallow one's
	// (mpc.ShallowDepth(Depth)). Depth 0 means "to the end of the game": the
	// deep value is the exact final margin (the selective endgame).
	Depth   int `json:"depth"`
	Shallow int `json:"shallow"`
	// Solver marks the cells of the solver's selective solves (Depth 0,
	// Shallow mpc.SolverShallowDepth of the empties): the exact score
	// predicted by the solver's own shallow searches (endgame.Cuts).
	Solver bool `json:"solver,omitempty"`
	// deep ≈ Slope*shallow + Intercept, with residual deviation Sigma (in
	// discs), fitted on Samples positions.
	Slope     float64 `json:"slope"`
	Intercept float64 `json:"intercept"`
	Sigma     float64 `json:"sigma"`
	Samples   int     `json:"samples"`
}

// ProbCut is a parameters file: the cells fitted for one evaluation.
type ProbCut struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// Eval names the evaluation, EvalChecksum identifies its weights
	// (an evaluation with a Checksum method): parameters fitted for other
	// weights are refused.
	Eval         string `json:"eval"`
	EvalChecksum string `json:"eval_checksum"`
	// Note says how the parameters were made (the command).
	Note  string        `json:"note"`
	Cells []ProbCutCell `json:"cells"`
}

// maxProbCutFile bounds the size of a parameters file.
const maxProbCutFile = 1 << 20

// ReadProbCut reads and checks a parameters file: format, version, and
// every cell's depths and values.
func ReadProbCut(r io.Reader) (*ProbCut, error) {
	text, err := io.ReadAll(io.LimitReader(r, maxProbCutFile+1))
	if err != nil {
		return nil, err
	}
	if len(text) > maxProbCutFile {
		return nil, fmt.Errorf("probcut parameters: more than %d bytes: not a parameters file", maxProbCutFile)
	}
	var pc ProbCut
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&pc); err != nil {
		return nil, fmt.Errorf("probcut parameters: %w", err)
	}
	if dec.More() {
		return nil, errors.New("probcut parameters: data after the parameters")
	}
	if err := pc.Check(); err != nil {
		return nil, err
	}
	return &pc, nil
}

// ReadProbCutFile reads and checks the parameters file at path, as
// ReadProbCut does; its errors name the file.
func ReadProbCutFile(path string) (*ProbCut, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	pc, err := ReadProbCut(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return pc, nil
}

// Check reports the first thing wrong with the parameters.
func (pc *ProbCut) Check() error {
	if pc.Format != mpc.Format {
		return fmt.Errorf("probcut parameters: format %q, want %q", pc.Format, mpc.Format)
	}
	if pc.Version != mpc.Version {
		return fmt.Errorf("probcut parameters: version %d, this engine reads version %d", pc.Version, mpc.Version)
	}
	if len(pc.Cells) == 0 {
		return errors.New("probcut parameters: no cells")
	}
	for i, c := range pc.Cells {
		switch {
		case c.MinEmpties < 1 || c.MaxEmpties > 60 || c.MinEmpties > c.MaxEmpties:
			return fmt.Errorf("probcut parameters: cell %d: empties %d-%d out of 1-60", i, c.MinEmpties, c.MaxEmpties)
		case c.Depth != 0 && (c.Depth < mpc.MinDepth || c.Depth > mpc.MaxDepth):
			return fmt.Errorf("probcut parameters: cell %d: depth %d out of %d-%d", i, c.Depth, mpc.MinDepth, mpc.MaxDepth)
		case c.Shallow < 0 || (c.Depth != 0 && c.Shallow >= c.Depth):
			return fmt.Errorf("probcut parameters: cell %d: shallow depth %d not below the depth %d", i, c.Shallow, c.Depth)
		case !(c.Slope > 0.2 && c.Slope < 5):
			return fmt.Errorf("probcut parameters: cell %d: slope %v out of 0.2-5", i, c.Slope)
		case !(math.Abs(c.Intercept) < 64):
			return fmt.Errorf("probcut parameters: cell %d: intercept %v out of -64..64", i, c.Intercept)
		case !(c.Sigma > 0 && c.Sigma < 64):
			return fmt.Errorf("probcut parameters: cell %d: sigma %v out of 0..64", i, c.Sigma)
		case c.Solver && (c.Depth != 0 || c.Shallow != mpc.SolverShallowDepth(c.MinEmpties) || c.Shallow != mpc.SolverShallowDepth(c.MaxEmpties)):
			return fmt.Errorf("probcut parameters: cell %d: a solver cell of %d-%d empties with depth %d and shallow depth %d (want 0 and %d)", i, c.MinEmpties, c.MaxEmpties, c.Depth, c.Shallow, mpc.SolverShallowDepth(c.MinEmpties))
		}
	}
	return nil
}

// WriteTo writes the parameters as indented JSON.
func (pc *ProbCut) WriteTo(w io.Writer) (int64, error) {
	text, err := json.MarshalIndent(pc, "", "  ")
	if err != nil {
		return 0, err
	}
	n, err := w.Write(append(text, '\n'))
	return int64(n), err
}

// Matches reports whether the parameters were fitted for ev: the same
// name and, for an evaluation with data, the same checksum.
func (pc *ProbCut) Matches(ev interface{ Name() string }) error {
	if pc.Eval != ev.Name() {
		return fmt.Errorf("probcut parameters fitted for the %q evaluation, not %q", pc.Eval, ev.Name())
	}
	if cs, ok := ev.(mpc.Checksummer); ok && cs.Checksum() != pc.EvalChecksum {
		return fmt.Errorf("probcut parameters fitted for other %s weights (checksum %.12s, the evaluation's is %.12s): fit them again (reversi train mpc)", pc.Eval, pc.EvalChecksum, cs.Checksum())
	}
	return nil
}

// Probability levels: the confidence of a cut, in percent, and its number
// of deviations (the levels of Edax and Egaroucid).
var probabilities = []struct {
	percent int
	t       float64
}{{73, 1.1}, {87, 1.5}, {95, 2.0}, {98, 2.6}, {99, 3.3}}

// Probabilities lists the probability levels a search may ask for, in
// percent; 100 (no cut) is always accepted.
func Probabilities() []int {
	out := make([]int, 0, len(probabilities)+1)
	for _, p := range probabilities {
		out = append(out, p.percent)
	}
	return append(out, 100)
}

// selectivity returns the rank of a probability level among the levels,
// 0 for the least sure, len(probabilities) for 100%: the transposition
// table keeps it with a value, which cuts only searches of at most that
// rank.
func selectivity(percent int) uint8 {
	for i, p := range probabilities {
		if p.percent == percent {
			return uint8(i)
		}
	}
	return uint8(len(probabilities))
}

// nextProbability returns the level after percent, 100 after the last.
func nextProbability(percent int) int {
	for _, p := range probabilities {
		if p.percent > percent {
			return p.percent
		}
	}
	return 100
}

// deviations returns the t of a probability level, false for 100 or an
// unknown level.
func deviations(percent int) (float64, bool) {
	for _, p := range probabilities {
		if p.percent == percent {
			return p.t, true
		}
	}
	return 0, false
}

// cutParams are what the search needs at one (empties, depth): the
// shallow depth, and the regression in evaluation units with t*Sigma
// folded in.
type cutParams struct {
	shallow int
	ok      bool
	slope   float64
	// hi and lo are added to the window's bound before dividing by the
	// slope: -Intercept + t*Sigma and -Intercept - t*Sigma.
	hi, lo float64
}

// cutTable holds the parameters of every (empties, depth) for one
// evaluation unit and one probability; depth index 0 is unused.
type cutTable struct {
	cell [61][mpc.MaxDepth + 1]cutParams
	// end[e] is the selective endgame's cell for e empties (a search to
	// the end of the game).
	end [61]cutParams
	// solve holds the cuts of the solver's selective solves (nil: the
	// parameters have none).
	solve *endgame.Cuts
}

// table builds the search's table for probability percent and an
// evaluation of unit units a disc. Depths beyond the fitted ones use the
// deepest fitted cell of their empties with its deviation extrapolated
// linearly in the depth (never below the deepest fitted one).
func (pc *ProbCut) table(percent, unit int) *cutTable {
	t, ok := deviations(percent)
	if !ok || unit <= 0 {
		return nil
	}
	u := float64(unit)
	tab := new(cutTable)
	params := func(c ProbCutCell, sigma float64) cutParams {
		return cutParams{shallow: c.Shallow, ok: true, slope: c.Slope,
			hi: (-c.Intercept + t*sigma) * u, lo: (-c.Intercept - t*sigma) * u}
	}
	for e := 1; e <= 60; e++ {
		// The cells of e, by depth.
		var byDepth [mpc.MaxDepth + 1]*ProbCutCell
		deepest := 0
		for i := range pc.Cells {
			c := &pc.Cells[i]
			if e < c.MinEmpties || e > c.MaxEmpties {
				continue
			}
			if c.Solver {
				continue // pc.solverCuts
			}
			if c.Depth == 0 {
				tab.end[e] = params(*c, c.Sigma)
				continue
			}
			byDepth[c.Depth] = c
			deepest = max(deepest, c.Depth)
		}
		if deepest == 0 {
			continue
		}
		// The growth of sigma with depth, fitted on the cells of e.
		var fit growthFit
		for d, c := range byDepth {
			if c != nil {
				fit.add(float64(d), c.Sigma)
			}
		}
		growth := fit.growth()
		for d := mpc.MinDepth; d <= mpc.MaxDepth; d++ {
			switch c := byDepth[d]; {
			case c != nil:
				tab.cell[e][d] = params(*c, c.Sigma)
			case d > deepest:
				last := *byDepth[deepest]
				last.Shallow = mpc.ShallowDepth(d)
				tab.cell[e][d] = params(last, last.Sigma+growth*float64(d-deepest))
			}
		}
	}
	pc.extendEnd(tab, params)
	tab.solve = pc.solverCuts(percent, t)
	return tab
}

// solverCuts returns the cuts of the solver's selective solves at
// probability percent (t deviations), nil without solver cells. The
// empties beyond the most that were fitted take the cell of the most,
// its deviation extrapolated linearly in the empties (never below the
// last fitted one).
func (pc *ProbCut) solverCuts(percent int, t float64) *endgame.Cuts {
	cuts := &endgame.Cuts{Probability: percent}
	var fit growthFit
	var last *ProbCutCell
	for i := range pc.Cells {
		c := &pc.Cells[i]
		if !c.Solver {
			continue
		}
		fit.add(float64(c.MinEmpties+c.MaxEmpties)/2, c.Sigma)
		if last == nil || c.MaxEmpties > last.MaxEmpties {
			last = c
		}
		for e := c.MinEmpties; e <= min(c.MaxEmpties, endgame.MaxEmpties); e++ {
			cuts.Cells[e] = endgame.CutCell{Shallow: c.Shallow, Slope: c.Slope, Intercept: c.Intercept, Margin: t * c.Sigma}
		}
	}
	if last == nil {
		return nil
	}
	growth := fit.growth()
	for e := last.MaxEmpties + 1; e <= endgame.MaxEmpties; e++ {
		sigma := last.Sigma + growth*float64(e-last.MaxEmpties)
		cuts.Cells[e] = endgame.CutCell{Shallow: last.Shallow, Slope: last.Slope, Intercept: last.Intercept, Margin: t * sigma}
	}
	return cuts
}

// extendEnd gives the selective endgame's cells to the empties beyond the
// most that were fitted: the cell of the most, its deviation extrapolated
// linearly in the empties (never below the last fitted one), with the
// shallow depth of the empties.
func (pc *ProbCut) extendEnd(tab *cutTable, params func(ProbCutCell, float64) cutParams) {
	var fit growthFit
	var last *ProbCutCell
	for i := range pc.Cells {
		c := &pc.Cells[i]
		if c.Depth != 0 || c.Solver {
			continue
		}
		fit.add(float64(c.MinEmpties), c.Sigma)
		if last == nil || c.MaxEmpties > last.MaxEmpties {
			last = c
		}
	}
	if last == nil {
		return
	}
	growth := fit.growth()
	for e := last.MaxEmpties + 1; e <= 60; e++ {
		c := *last
		c.Shallow = mpc.ShallowDepth(e)
		tab.end[e] = params(c, last.Sigma+growth*float64(e-last.MaxEmpties))
	}
}

// growthFit fits sigma = a + growth*x by least squares, for the
// extrapolation of the cells beyond the fitted ones.
type growthFit struct{ sx, sy, sxx, sxy, n float64 }

func (f *growthFit) add(x, y float64) {
	f.sx, f.sy, f.sxx, f.sxy, f.n = f.sx+x, f.sy+y, f.sxx+x*x, f.sxy+x*y, f.n+1
}

// growth returns the fitted slope, 0 if it falls or if fewer than two
// distinct x were added: sigma never shrinks beyond the fitted cells.
func (f *growthFit) growth() float64 {
	den := f.n*f.sxx - f.sx*f.sx
	if f.n < 2 || den <= 0 {
		return 0
	}
	return max(0, (f.n*f.sxy-f.sx*f.sy)/den)
}

// defaultProbCut are the parameters fitted for the shipped pattern
// weights by 'reversi train mpc' (docs/TRAINING.md).
//
//go:embed probcut.json
var defaultProbCut []byte

var (
	defaultPCOnce sync.Once
	defaultPC     *ProbCut
	defaultPCErr  error
)

// DefaultProbCut returns the shipped parameters, read once.
func DefaultProbCut() (*ProbCut, error) {
	defaultPCOnce.Do(func() {
		defaultPC, defaultPCErr = ReadProbCut(bytes.NewReader(defaultProbCut))
		if defaultPCErr != nil {
			defaultPCErr = fmt.Errorf("the probcut parameters shipped in this binary: %w", defaultPCErr)
		}
	})
	return defaultPC, defaultPCErr
}
