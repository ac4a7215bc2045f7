// Plots of matches and tournaments, drawn offline as PNG or SVG.

package main

import (
	"fmt"
	"image/color"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/reversi-engine/reversi/arena"
)

// checkPlotPath refuses a plot file whose format is not PNG or SVG.
func checkPlotPath(path string) error {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png", ".svg":
		return nil
	}
	return fmt.Errorf("--plot %s: want a .png or .svg file", path)
}

// plotMatch draws player A's share of the points after each game, with
// its 95% interval, over the games of a match in the order of their
// index.
func plotMatch(path string, specs []string, results []arena.Result) error {
	if err := checkPlotPath(path); err != nil {
		return err
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("%s vs %s", specs[0], specs[1])
	p.X.Label.Text = "games"
	p.Y.Label.Text = "score of " + specs[0] + " (%)"
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

// plotRatings draws a rating list with its error bars.
func plotRatings(path, title string, names []string, ratings, errs []float64) error {
	if err := checkPlotPath(path); err != nil {
		return err
	}
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = "Elo"
	values := make(plotter.Values, len(ratings))
	copy(values, ratings)
	bars, err := plotter.NewBarChart(values, vg.Points(18))
	if err != nil {
		return err
	}
	bars.Color = color.RGBA{R: 120, G: 150, B: 220, A: 255}
	p.Add(bars)
	pts := make(plotter.XYs, len(ratings))
	yerr := make(plotter.YErrors, len(ratings))
	for i := range ratings {
		pts[i] = plotter.XY{X: float64(i), Y: ratings[i]}
		yerr[i].Low, yerr[i].High = errs[i], errs[i]
	}
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
