package plot

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/train"
)

func TestCheckPath(t *testing.T) {
	for _, tt := range []struct {
		path string
		ok   bool
	}{
		{"a.png", true}, {"dir/b.SVG", true}, {"c.gif", false}, {"png", false}, {"", false},
	} {
		err := CheckPath(tt.path)
		if (err == nil) != tt.ok {
			t.Errorf("CheckPath(%q) = %v, want ok %v", tt.path, err, tt.ok)
		}
		if err != nil && !strings.HasPrefix(err.Error(), tt.path+": ") {
			t.Errorf("CheckPath(%q) = %q: want the path first", tt.path, err)
		}
	}
}

// wantFile checks that path holds a PNG or an SVG image.
func wantFile(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("\x89PNG")) && !bytes.Contains(data[:min(len(data), 200)], []byte("<svg")) {
		t.Fatalf("%s is neither a PNG nor an SVG image: %q...", path, data[:min(len(data), 40)])
	}
}

func TestMatch(t *testing.T) {
	var results []arena.Result
	for i, w := range []board.Color{board.Black, board.White, board.NoColor, board.Black} {
		g := game.New(board.Start(), game.Standard)
		g.Result = game.Result{Reason: game.Normal, Winner: w, Black: 40, White: 24}
		results = append(results, arena.Result{Index: i, ABlack: i%2 == 0, Game: g})
	}
	dir := t.TempDir()
	for _, name := range []string{"m.png", "m.svg", "empty.png"} {
		path := filepath.Join(dir, name)
		rs := results
		if name == "empty.png" {
			rs = nil
		}
		if err := Match(path, "greedy", "random", rs); err != nil {
			t.Fatalf("Match(%s): %v", name, err)
		}
		wantFile(t, path)
	}
	if err := Match(filepath.Join(dir, "m.gif"), "a", "b", results); err == nil {
		t.Fatal("Match drew a .gif")
	}
}

func TestRatings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.svg")
	ratings := []arena.Rating{{Name: "roxanne", Elo: 250, Error: 40}, {Name: "greedy", Elo: 90, Error: 35}, {Name: "random", Elo: 0, Error: 0}}
	if err := Ratings(path, "Elo ratings (random = 0)", ratings); err != nil {
		t.Fatal(err)
	}
	wantFile(t, path)
}

func TestLoss(t *testing.T) {
	path := filepath.Join(t.TempDir(), "loss.png")
	rep := &train.Report{Phases: []train.PhaseReport{
		{Phase: 0, Discs: "5-8", Curve: [][2]float64{{3, 2.5}, {2, 2.1}, {1.8, 2.0}}},
		{Phase: 1, Discs: "9-12"}, // no curve: left out
		{Phase: 3, Discs: "17-20", Curve: [][2]float64{{4, 3.5}, {3, 3.2}}},
	}}
	if err := Loss(path, rep); err != nil {
		t.Fatal(err)
	}
	wantFile(t, path)
}
