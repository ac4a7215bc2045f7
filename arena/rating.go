// Rating lists: Elo ratings of several players from the games between
// them (Bradley-Terry by maximum likelihood), with error bars.

package arena

import (
	"errors"
	"math"
	"sort"
)

// Table holds the results between players: Score[i][j] is player i's
// score against player j.
type Table struct {
	Names  []string
	Scores [][]Score
}

// NewTable returns an empty table of the named players.
func NewTable(names []string) *Table {
	t := &Table{Names: append([]string(nil), names...), Scores: make([][]Score, len(names))}
	for i := range t.Scores {
		t.Scores[i] = make([]Score, len(names))
	}
	return t
}

// Add records a game between players i and j: i's result (1, 0.5, 0)
// and margin.
func (t *Table) Add(i, j int, result float64, margin int) {
	t.Scores[i][j].Add(result, margin)
	t.Scores[j][i].Add(1-result, -margin)
}

// Total returns player i's score against everyone.
func (t *Table) Total(i int) Score {
	var s Score
	for j := range t.Names {
		s.Merge(t.Scores[i][j])
	}
	return s
}

// Rating is a player's place in a rating list.
type Rating struct {
	Name string
	// Elo is the rating, the anchor's being 0 (or the mean 0 without an
	// anchor).
	Elo float64
	// Error is the half width of the 95% interval of Elo relative to the
	// anchor (or to the mean).
	Error float64
	Score Score
}

// Ratings fits Elo ratings to the table by maximum likelihood under the
// logistic model, draws counting half a win, with a prior of one virtual
// draw between every two players who met (so that a player who won or
// lost everything gets a finite rating). The ratings are shifted so that
// the player named anchor has 0 (or their mean is 0 if anchor is empty),
// and sorted best first. Error bars come from the inverse of the Fisher
// information with the anchor fixed.
func (t *Table) Ratings(anchor string) ([]Rating, error) {
	n := len(t.Names)
	a := -1
	for i, name := range t.Names {
		if name == anchor {
			a = i
		}
	}
	if anchor != "" && a < 0 {
		return nil, errors.New("arena: the anchor " + anchor + " is not in the table")
	}
	games := make([][]float64, n) // games between i and j, virtual draw included
	points := make([]float64, n)  // i's points, virtual draws included
	for i := range games {
		games[i] = make([]float64, n)
		for j := range n {
			s := t.Scores[i][j]
			if i == j || s.Games() == 0 {
				continue
			}
			games[i][j] = float64(s.Games()) + 1
			points[i] += float64(s.Wins) + 0.5*float64(s.Draws) + 0.5
		}
	}
	// Minorisation-maximisation (Hunter 2004) on gamma = 10^(elo/400).
	gamma := make([]float64, n)
	for i := range gamma {
		gamma[i] = 1
	}
	for iter := 0; iter < 10000; iter++ {
		change := 0.0
		for i := range n {
			den := 0.0
			for j := range n {
				if games[i][j] > 0 {
					den += games[i][j] / (gamma[i] + gamma[j])
				}
			}
			if den == 0 {
				continue // played nobody
			}
			g := points[i] / den
			change = math.Max(change, math.Abs(math.Log(g/gamma[i])))
			gamma[i] = g
		}
		// Normalise to keep the numbers in range.
		mean := 0.0
		for _, g := range gamma {
			mean += math.Log(g)
		}
		mean /= float64(n)
		for i := range gamma {
			gamma[i] /= math.Exp(mean)
		}
		if change < 1e-10 {
			break
		}
	}
	elo := make([]float64, n)
	shift := 0.0
	for i, g := range gamma {
		elo[i] = 400 * math.Log10(g)
		shift += elo[i] / float64(n)
	}
	if a >= 0 {
		shift = elo[a]
	}
	errs := t.errors(gamma, games, a)
	out := make([]Rating, n)
	for i := range out {
		out[i] = Rating{Name: t.Names[i], Elo: elo[i] - shift, Error: errs[i], Score: t.Total(i)}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Elo > out[j].Elo })
	return out, nil
}

// errors returns the 95% half intervals of the ratings, relative to the
// anchor a (or, with a < 0, to the mean rating, by fixing the sum).
func (t *Table) errors(gamma []float64, games [][]float64, a int) []float64 {
	n := len(gamma)
	const k = math.Ln10 / 400 // theta = k * elo
	// Fisher information of theta.
	info := make([][]float64, n)
	for i := range info {
		info[i] = make([]float64, n)
	}
	for i := range n {
		for j := range n {
			if games[i][j] == 0 {
				continue
			}
			p := gamma[i] / (gamma[i] + gamma[j])
			w := games[i][j] * p * (1 - p)
			info[i][i] += w
			info[i][j] -= w
		}
	}
	// Fix the anchor (or the first player, then re-centre on the mean):
	// remove its row and column and invert the rest.
	fixed := a
	if fixed < 0 {
		fixed = 0
	}
	idx := make([]int, 0, n-1)
	for i := range n {
		if i != fixed {
			idx = append(idx, i)
		}
	}
	m := make([][]float64, len(idx))
	for r, i := range idx {
		m[r] = make([]float64, len(idx))
		for c, j := range idx {
			m[r][c] = info[i][j]
		}
	}
	inv, ok := invert(m)
	out := make([]float64, n)
	if !ok {
		for i := range out {
			out[i] = math.Inf(1)
		}
		return out
	}
	cov := make([][]float64, n) // covariance with the fixed player at 0
	for i := range cov {
		cov[i] = make([]float64, n)
	}
	for r, i := range idx {
		for c, j := range idx {
			cov[i][j] = inv[r][c]
		}
	}
	if a < 0 { // relative to the mean: x_i - mean(x)
		mean := make([]float64, n)
		total := 0.0
		for i := range n {
			for j := range n {
				mean[i] += cov[i][j] / float64(n)
				total += cov[i][j] / float64(n*n)
			}
		}
		for i := range n {
			v := cov[i][i] - 2*mean[i] + total
			out[i] = 1.959964 * math.Sqrt(math.Max(v, 0)) / k
		}
		return out
	}
	for i := range n {
		out[i] = 1.959964 * math.Sqrt(math.Max(cov[i][i], 0)) / k
	}
	return out
}

// invert inverts a small symmetric positive definite matrix by
// Gauss-Jordan elimination with partial pivoting.
func invert(m [][]float64) ([][]float64, bool) {
	n := len(m)
	a := make([][]float64, n)
	for i := range a {
		a[i] = make([]float64, 2*n)
		copy(a[i], m[i])
		a[i][n+i] = 1
	}
	for col := range n {
		pivot := col
		for r := col + 1; r < n; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[pivot][col]) {
				pivot = r
			}
		}
		if math.Abs(a[pivot][col]) < 1e-12 {
			return nil, false
		}
		a[col], a[pivot] = a[pivot], a[col]
		p := a[col][col]
		for c := range a[col] {
			a[col][c] /= p
		}
		for r := range n {
			if r == col || a[r][col] == 0 {
				continue
			}
			f := a[r][col]
			for c := range a[r] {
				a[r][c] -= f * a[col][c]
			}
		}
	}
	out := make([][]float64, n)
	for i := range out {
		out[i] = a[i][n:]
	}
	return out, true
}
