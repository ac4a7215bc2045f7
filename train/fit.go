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
	// Epochs bounds the passes over the data.
	Epochs int
	// Patience ends the fit when the held-out error has not improved
	// for this many epochs.
	Patience int
	// Lambda is the L2 regularisation, in samples: a configuration seen
	// n times moves n/(n+Lambda) of the way its data pull it.
	Lambda float64
	// Rate is the step size of the preconditioned gradient descent.
	Rate float64
	// Threads computes the gradient on this many goroutines.
	Threads int
}

// Errors are the fitting errors of a phase, in discs.
type Errors struct {
	TrainRMSE, ValRMSE float64
	TrainMAE, ValMAE   float64
}

// fitResult is the outcome of a fit.
type fitResult struct {
	params []float32
	errors Errors
	epochs int
	curve  [][2]float64 // train and held-out RMSE per epoch
}

// fit minimises the squared error of the model on train plus Lambda
// times the squared weights, by gradient descent preconditioned by the
// number of times each parameter is used (so rare configurations take
// steps as large as common ones), with momentum; it keeps the parameters
// of the epoch with the smallest held-out error.
func fit(l *layout, train, val []sample, opts FitOptions) fitResult {
	w := make([]float32, l.size)
	count := make([]float64, l.size)
	mean := 0.0
	for i := range train {
		for _, j := range train[i].feat {
			count[j]++
		}
		mean += float64(train[i].label)
	}
	if len(train) > 0 {
		w[0] = float32(mean / float64(len(train)))
	}
	velocity := make([]float64, l.size)
	threads := max(opts.Threads, 1)
	grads := make([][]float64, threads)
	for t := range grads {
		grads[t] = make([]float64, l.size)
	}
	best := fitResult{params: append([]float32(nil), w...), errors: Errors{ValRMSE: math.Inf(1)}}
	since := 0
	var res fitResult
	for epoch := 1; epoch <= opts.Epochs; epoch++ {
		// Residuals and their sums per parameter, in parallel.
		var wg sync.WaitGroup
		sq := make([]float64, threads)
		ab := make([]float64, threads)
		for t := range threads {
			wg.Add(1)
			go func(t int) {
				defer wg.Done()
				g := grads[t]
				clear(g)
				for i := t; i < len(train); i += threads {
					s := &train[i]
					r := float64(s.label - predict(w, s))
					sq[t] += r * r
					ab[t] += math.Abs(r)
					g[0] += r
					for _, j := range s.feat {
						g[j] += r
					}
				}
			}(t)
		}
		wg.Wait()
		g := grads[0]
		for t := 1; t < threads; t++ {
			for j, v := range grads[t] {
				g[j] += v
			}
		}
		trainSq, trainAbs := 0.0, 0.0
		for t := range threads {
			trainSq += sq[t]
			trainAbs += ab[t]
		}
		// The step: bias by the mean residual, the others preconditioned.
		w[0] += float32(g[0] / float64(max(len(train), 1)))
		for j := 1; j < l.size; j++ {
			if count[j] == 0 {
				continue
			}
			step := (g[j] - opts.Lambda*float64(w[j])) / (count[j] + opts.Lambda)
			velocity[j] = 0.9*velocity[j] + opts.Rate*step
			w[j] += float32(velocity[j])
		}
		valRMSE, valMAE := evaluateSet(w, val)
		n := float64(max(len(train), 1))
		res.curve = append(res.curve, [2]float64{math.Sqrt(trainSq / n), valRMSE})
		if valRMSE < best.errors.ValRMSE {
			best.params = append(best.params[:0], w...)
			best.errors = Errors{TrainRMSE: math.Sqrt(trainSq / n), TrainMAE: trainAbs / n, ValRMSE: valRMSE, ValMAE: valMAE}
			best.epochs = epoch
			since = 0
		} else if since++; since >= opts.Patience {
			break
		}
	}
	best.curve = res.curve
	return best
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
