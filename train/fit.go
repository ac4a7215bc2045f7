// Fitting: least squares on the pattern features of labelled positions.

package train

import (
	"math"
	"math/bits"
	"sync"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// numFeatures is the number of parameters a position uses besides the
// bias: one weight per instance and the two mobility weights.
const numFeatures = pattern.NumInstances + 2

// layout places the parameters of one phase in a vector: the bias, the
// table of each shape, the mobility weights of each side.
type layout struct {
	shape [pattern.NumShapes]int // offset of each shape's table
	mob   [2]int                 // offset of each side's mobility weights
	size  int
	canon [pattern.NumShapes][]uint32
}

func newLayout() *layout {
	l := &layout{size: 1} // parameter 0 is the bias
	for s, sh := range pattern.Shapes {
		l.shape[s] = l.size
		l.size += sh.Size()
		l.canon[s] = sh.Canonical()
	}
	for side := range l.mob {
		l.mob[side] = l.size
		l.size += pattern.MobilitySize
	}
	return l
}

// sample is a labelled position as parameter indexes.
type sample struct {
	feat  [numFeatures]uint32
	label float32
}

// features returns the parameters a board uses: for each instance the
// canonical configuration of its shape, then the mobility counts.
func (l *layout) features(b board.Board) [numFeatures]uint32 {
	var idx [pattern.NumInstances]uint32
	pattern.Indexes(b, &idx)
	var f [numFeatures]uint32
	for i, in := range pattern.Instances {
		f[i] = uint32(l.shape[in.Shape]) + l.canon[in.Shape][idx[i]]
	}
	f[pattern.NumInstances] = uint32(l.mob[0] + min(bits.OnesCount64(b.Moves()), pattern.MobilitySize-1))
	f[pattern.NumInstances+1] = uint32(l.mob[1] + min(bits.OnesCount64(b.Pass().Moves()), pattern.MobilitySize-1))
	return f
}

// predict returns the model's value of a sample.
func predict(w []float32, s *sample) float32 {
	v := w[0]
	for _, j := range s.feat {
		v += w[j]
	}
	return v
}

// FitOptions set the fitting of one phase.
type FitOptions struct {
	// Epochs bounds the iterations (each a pass over the data).
	Epochs int `json:"epochs"`
	// Patience ends the fit when the held-out error has not improved
	// for this many iterations.
	Patience int `json:"patience"`
	// Lambda is the L2 regularisation, in positions: a configuration
	// seen n times keeps about n/(n+Lambda) of the value its data give it,
	// so rarely seen ones stay near zero.
	Lambda float64 `json:"lambda"`
	// Threads computes on this many goroutines.
	Threads int `json:"-"`
}

// Errors are the fitting errors of a phase, in discs.
type Errors struct {
	TrainRMSE float64 `json:"train_rmse"`
	ValRMSE   float64 `json:"heldout_rmse"`
	TrainMAE  float64 `json:"train_mae"`
	ValMAE    float64 `json:"heldout_mae"`
}

// fitResult is the outcome of a fit.
type fitResult struct {
	params []float32
	errors Errors
	epochs int
	curve  [][2]float64 // train and held-out RMSE per iteration
}

// fit solves the regularised least squares problem
//
//	minimise sum over train of (label - model)^2 + Lambda * sum of weights^2
//
// (the bias not regularised) by conjugate gradients on the normal
// equations, preconditioned by their diagonal: the number of positions
// that use each parameter, plus Lambda. It keeps the parameters of the
// iteration with the smallest error on the held-out samples.
func fit(l *layout, train, val []sample, opts FitOptions) fitResult {
	threads := max(opts.Threads, 1)
	n := l.size
	diag := make([]float64, n)
	for i := range train {
		diag[0]++
		for _, j := range train[i].feat {
			diag[j]++
		}
	}
	lambda := func(j int) float64 {
		if j == 0 {
			return 0
		}
		return opts.Lambda
	}
	for j := range diag {
		diag[j] += lambda(j)
		if diag[j] == 0 {
			diag[j] = 1 // an unused parameter: its equation is w = 0
		}
	}
	w := make([]float64, n)
	ap := make([]float64, len(train)) // A times a vector, one value per sample
	scratch := make([][]float64, threads)
	for t := range scratch {
		scratch[t] = make([]float64, n)
	}
	// times computes out = A^T (A v) + Lambda v, the normal matrix times v.
	times := func(v, out []float64) {
		parallel(threads, len(train), func(t, lo, hi int) {
			for i := lo; i < hi; i++ {
				x := v[0]
				for _, j := range train[i].feat {
					x += v[j]
				}
				ap[i] = x
			}
		})
		transpose(train, ap, out, scratch, threads)
		for j := range out {
			out[j] += lambda(j) * v[j]
		}
	}
	// r = A^T y - K w with w = 0.
	r := make([]float64, n)
	y := make([]float64, len(train))
	for i := range train {
		y[i] = float64(train[i].label)
	}
	transpose(train, y, r, scratch, threads)
	z := make([]float64, n)
	for j := range z {
		z[j] = r[j] / diag[j]
	}
	p := append([]float64(nil), z...)
	kp := make([]float64, n)
	rz := dot(r, z)
	params := make([]float32, n)
	best := fitResult{params: make([]float32, n), errors: Errors{ValRMSE: math.Inf(1)}}
	var curve [][2]float64
	since := 0
	for it := 1; it <= opts.Epochs && rz > 0; it++ {
		times(p, kp)
		pk := dot(p, kp)
		if pk <= 0 {
			break
		}
		alpha := rz / pk
		for j := range w {
			w[j] += alpha * p[j]
			r[j] -= alpha * kp[j]
		}
		for j := range z {
			z[j] = r[j] / diag[j]
		}
		rzNext := dot(r, z)
		beta := rzNext / rz
		rz = rzNext
		for j := range p {
			p[j] = z[j] + beta*p[j]
		}
		for j, v := range w {
			params[j] = float32(v)
		}
		trainRMSE, trainMAE := evaluateSet(params, train)
		valRMSE, valMAE := evaluateSet(params, val)
		if len(val) == 0 {
			valRMSE, valMAE = trainRMSE, trainMAE
		}
		curve = append(curve, [2]float64{trainRMSE, valRMSE})
		if valRMSE < best.errors.ValRMSE {
			copy(best.params, params)
			best.errors = Errors{TrainRMSE: trainRMSE, TrainMAE: trainMAE, ValRMSE: valRMSE, ValMAE: valMAE}
			best.epochs = it
			since = 0
		} else if since++; since >= opts.Patience {
			break
		}
	}
	best.curve = curve
	return best
}

// transpose computes out = A^T u: for every parameter, the sum of u over
// the samples that use it (the bias: over all samples).
func transpose(train []sample, u, out []float64, scratch [][]float64, threads int) {
	parallel(threads, len(train), func(t, lo, hi int) {
		g := scratch[t]
		clear(g)
		for i := lo; i < hi; i++ {
			g[0] += u[i]
			for _, j := range train[i].feat {
				g[j] += u[i]
			}
		}
	})
	copy(out, scratch[0])
	for t := 1; t < threads; t++ {
		for j, v := range scratch[t] {
			out[j] += v
		}
	}
}

// parallel runs f on threads goroutines over [0, n), split in blocks.
func parallel(threads, n int, f func(t, lo, hi int)) {
	var wg sync.WaitGroup
	for t := range threads {
		lo, hi := n*t/threads, n*(t+1)/threads
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(t, lo, hi)
		}()
	}
	wg.Wait()
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// evaluateSet returns the root mean square and mean absolute errors of w
// on samples (0 for none).
func evaluateSet(w []float32, samples []sample) (rmse, mae float64) {
	if len(samples) == 0 {
		return 0, 0
	}
	for i := range samples {
		r := float64(samples[i].label - predict(w, &samples[i]))
		rmse += r * r
		mae += math.Abs(r)
	}
	n := float64(len(samples))
	return math.Sqrt(rmse / n), mae / n
}

// export writes the parameters of a phase into p, in weight units,
// giving every configuration its canonical configuration's weight.
func (l *layout) export(params []float32, p *pattern.Phase) {
	q := func(v float32) int16 {
		x := math.Round(float64(v) * pattern.Scale)
		return int16(max(min(x, math.MaxInt16), math.MinInt16))
	}
	p.Bias = q(params[0])
	for s := range pattern.Shapes {
		for i := range p.Tables[s] {
			p.Tables[s][i] = q(params[l.shape[s]+int(l.canon[s][i])])
		}
	}
	for side := range p.Mobility {
		for n := range p.Mobility[side] {
			p.Mobility[side][n] = q(params[l.mob[side]+n])
		}
	}
}
