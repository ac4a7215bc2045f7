// The plots of matches, tournaments and training.

package plot

import (
	"fmt"
	"image/color"
	"path/filepath"
	"strings"

	gonum "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/train"
)

// CheckPath refuses a plot file whose format is not PNG or SVG (by its
// extension, in any case); the error names the path.
func CheckPath(path string) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png", ".svg":
		return nil
	}
	return fmt.Errorf("%s: want a .png or .svg file", path)
}

// Match draws player a's share of the points after each game, with its
// 95% interval, over the results of a match (a against b) in the order
// given.
func Match(path, a, b string, results []arena.Result) error {
	if err := CheckPath(path); err != nil {
		return err
	}
	p := gonum.New()
	p.Title.Text = fmt.Sprintf("%s vs %s", a, b)
	p.X.Label.Text = "games"
	p.Y.Label.Text = "score of " + a + " (%)"
	p.Y.Min, p.Y.Max = 0, 100
	var score arena.Score
	mean := make(plotter.XYs, 0, len(results))
	low := make(plotter.XYs, 0, len(results))
	high := make(plotter.XYs, 0, len(results))
	for i, r := range results {
		a, m := r.ForA()
		score.Add(a, m)
		_, lo, hi := score.Elo()
		x := float64(i + 1)
		mean = append(mean, plotter.XY{X: x, Y: 100 * score.Fraction()})
		low = append(low, plotter.XY{X: x, Y: 100 * arena.FractionFromElo(lo)})
		high = append(high, plotter.XY{X: x, Y: 100 * arena.FractionFromElo(hi)})
	}
	even, _ := plotter.NewLine(plotter.XYs{{X: 0, Y: 50}, {X: float64(max(len(results), 1)), Y: 50}})
	even.Color = color.Gray{Y: 160}
	even.Dashes = []vg.Length{vg.Points(4), vg.Points(4)}
	p.Add(even)
	for _, band := range []plotter.XYs{low, high} {
		l, err := plotter.NewLine(band)
		if err != nil {
			return err
		}
		l.Color = color.RGBA{R: 120, G: 150, B: 220, A: 255}
		p.Add(l)
	}
	line, err := plotter.NewLine(mean)
	if err != nil {
		return err
	}
	line.Width = vg.Points(2)
	p.Add(line)
	p.Legend.Add("score", line)
	return p.Save(8*vg.Inch, 5*vg.Inch, path)
}

// Ratings draws a rating list as bars with their error bars, under the
// given title.
func Ratings(path, title string, ratings []arena.Rating) error {
	if err := CheckPath(path); err != nil {
		return err
	}
	p := gonum.New()
	p.Title.Text = title
	p.Y.Label.Text = "Elo"
	values := make(plotter.Values, len(ratings))
	names := make([]string, len(ratings))
	pts := make(plotter.XYs, len(ratings))
	yerr := make(plotter.YErrors, len(ratings))
	for i, r := range ratings {
		values[i], names[i] = r.Elo, r.Name
		pts[i] = plotter.XY{X: float64(i), Y: r.Elo}
		yerr[i].Low, yerr[i].High = r.Error, r.Error
	}
	bars, err := plotter.NewBarChart(values, vg.Points(18))
	if err != nil {
		return err
	}
	bars.Color = color.RGBA{R: 120, G: 150, B: 220, A: 255}
	p.Add(bars)
	eb, err := plotter.NewYErrorBars(struct {
		plotter.XYs
		plotter.YErrors
	}{pts, yerr})
	if err != nil {
		return err
	}
	p.Add(eb)
	p.NominalX(names...)
	return p.Save(vg.Length(max(6, len(names)))*vg.Inch, 5*vg.Inch, path)
}

// Loss draws the held-out error of every phase of a training run over
// its epochs.
func Loss(path string, rep *train.Report) error {
	if err := CheckPath(path); err != nil {
		return err
	}
	p := gonum.New()
	p.Title.Text = "pattern evaluation: held-out RMSE per phase"
	p.X.Label.Text = "epoch"
	p.Y.Label.Text = "RMSE (discs)"
	for _, ph := range rep.Phases {
		pts := make(plotter.XYs, len(ph.Curve))
		for i, c := range ph.Curve {
			pts[i] = plotter.XY{X: float64(i + 1), Y: c[1]}
		}
		if len(pts) == 0 {
			continue
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return err
		}
		shade := uint8(40 + 200*ph.Phase/14)
		l.Color = color.RGBA{R: shade, G: 80, B: 255 - shade, A: 255}
		p.Add(l)
		if ph.Phase%3 == 0 {
			p.Legend.Add(strings.TrimSpace("discs "+ph.Discs), l)
		}
	}
	return p.Save(8*vg.Inch, 5*vg.Inch, path)
}
