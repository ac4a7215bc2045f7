package engine

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/internal/mpc"
	"github.com/reversi-engine/reversi/internal/testpos"
)

// testProbCut returns parameters for eval ev with every depth of every
// empties described: deep = shallow, sigma discs.
func testProbCut(ev eval.Evaluator, sigma float64) *ProbCut {
	pc := &ProbCut{Format: mpc.Format, Version: mpc.Version, Eval: ev.Name()}
	if cs, ok := ev.(mpc.Checksummer); ok {
		pc.EvalChecksum = cs.Checksum()
	}
	for d := mpc.MinDepth; d <= 8; d++ {
		pc.Cells = append(pc.Cells, ProbCutCell{MinEmpties: 1, MaxEmpties: 60, Depth: d, Shallow: mpc.ShallowDepth(d), Slope: 1, Sigma: sigma + float64(d)/4, Samples: 100})
	}
	return pc
}

func TestShallowDepth(t *testing.T) {
	for _, c := range []struct{ depth, want int }{{3, 1}, {4, 2}, {5, 3}, {6, 2}, {7, 3}, {8, 4}, {9, 5}, {12, 6}, {20, 10}, {21, 11}} {
		if got := mpc.ShallowDepth(c.depth); got != c.want {
			t.Errorf("mpc.ShallowDepth(%d) = %d, want %d", c.depth, got, c.want)
		}
		if mpc.ShallowDepth(c.depth)%2 != c.depth%2 {
			t.Errorf("mpc.ShallowDepth(%d) has another parity", c.depth)
		}
	}
}

func TestReadProbCutRefuses(t *testing.T) {
	good := testProbCut(eval.Discs{}, 2)
	var buf bytes.Buffer
	if _, err := good.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ReadProbCut(bytes.NewReader(buf.Bytes()))
	if err != nil || len(back.Cells) != len(good.Cells) || back.Cells[2] != good.Cells[2] {
		t.Fatalf("round trip: %v, %+v", err, back)
	}
	text := buf.String()
	for _, c := range []struct{ name, text, want string }{
		{"empty", "", "EOF"},
		{"not json", "RVPATW", "invalid character"},
		{"truncated", text[:len(text)/2], "unexpected EOF"},
		{"other format", strings.Replace(text, mpc.Format, "edax-probcut", 1), "format"},
		{"other version", strings.Replace(text, `"version": 2`, `"version": 3`, 1), "version 3"},
		{"unknown field", strings.Replace(text, `"note"`, `"notes"`, 1), "unknown field"},
		{"negative sigma", strings.Replace(text, `"sigma": 2.75`, `"sigma": -1`, 1), "sigma"},
		{"zero slope", strings.Replace(text, `"slope": 1`, `"slope": 0`, 1), "slope"},
		{"depth too deep", strings.Replace(text, `"depth": 3`, `"depth": 61`, 1), "depth 61"},
		{"shallow not shallower", strings.Replace(text, `"shallow": 1,`, `"shallow": 3,`, 1), "shallow depth 3"},
		{"empties", strings.Replace(text, `"max_empties": 60`, `"max_empties": 61`, 1), "empties"},
		{"no cells", strings.Replace(text, `"cells": [`, `"cells": [], "x": [`, 1), ""},
		{"data after", text + "{}", "after"},
		{"too big", text + strings.Repeat(" ", maxProbCutFile), "more than"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadProbCut(strings.NewReader(c.text))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestProbCutMatches(t *testing.T) {
	ev := DefaultEvaluator()
	pc := testProbCut(ev, 2)
	if err := pc.Matches(ev); err != nil {
		t.Fatal(err)
	}
	if err := pc.Matches(eval.Discs{}); err == nil {
		t.Error("parameters of the pattern evaluation accepted for the disc count")
	}
	other := *pc
	other.EvalChecksum = strings.Repeat("0", 64)
	if err := other.Matches(ev); err == nil || !strings.Contains(err.Error(), "other pattern weights") {
		t.Errorf("parameters of other weights: %v", err)
	}
	shipped, err := DefaultProbCut()
	if err != nil {
		t.Fatal(err)
	}
	if err := shipped.Matches(ev); err != nil {
		t.Errorf("the shipped parameters do not fit the shipped weights: %v", err)
	}
	if mustNew(t, Options{}).ProbCut() == nil {
		t.Error("the default engine has no selective search")
	}
}

func TestProbCutTable(t *testing.T) {
	pc := testProbCut(eval.Discs{}, 2)
	pc.Cells = append(pc.Cells, ProbCutCell{MinEmpties: 20, MaxEmpties: 20, Depth: 0, Shallow: 10, Slope: 1, Sigma: 3, Samples: 50})
	if pc.table(100, 1) != nil || pc.table(50, 1) != nil || pc.table(87, 0) != nil {
		t.Error("a table for no cuts")
	}
	tab := pc.table(95, 10)
	c := tab.cell[30][4]
	if !c.ok || c.shallow != 2 || c.hi != 2*(2+1)*10 || c.lo != -c.hi {
		t.Errorf("cell (30, 4) = %+v", c)
	}
	// Beyond the fitted depths: the deepest cell, sigma growing by a
	// quarter a depth, and the shallow depth of the depth.
	c = tab.cell[30][12]
	if !c.ok || c.shallow != mpc.ShallowDepth(12) || c.hi != 2*(2+3)*10 {
		t.Errorf("cell (30, 12) = %+v", c)
	}
	if tab.cell[30][2].ok || tab.end[19].ok || !tab.end[20].ok || tab.end[20].shallow != 10 {
		t.Error("cells where none was fitted, or the endgame's missing")
	}
	// Beyond the most empties of the endgame's cells: the last one's, with
	// the shallow depth of the empties (one cell: no growth).
	if c := tab.end[27]; !c.ok || c.shallow != mpc.ShallowDepth(27) || c.hi != 2*3*10 {
		t.Errorf("endgame cell of 27 empties = %+v", c)
	}
}

func TestProbCutSearch(t *testing.T) {
	ev := DefaultEvaluator()
	e := mustNew(t, Options{Threads: 1, HashMB: 4, ProbCut: testProbCut(ev, 1)})
	if _, err := e.Search(context.Background(), positions(1, 40, 1)[0], Limits{Depth: 4, Probability: 50}, nil); err == nil {
		t.Error("probability 50% accepted")
	}
	var full, selective uint64
	for i, b := range positions(8, 36, 9) {
		ctx := context.Background()
		f, _ := e.Search(ctx, b, Limits{Depth: 8, Probability: 100}, nil)
		s, _ := e.Search(ctx, b, Limits{Depth: 8, Probability: 73}, func(in Info) {
			if in.Probability != 73 {
				t.Errorf("position %d: progress at %d%%", i, in.Probability)
			}
		})
		if f.Probability != 100 || s.Probability != 73 {
			t.Errorf("position %d: probabilities %d and %d, want 100 and 73", i, f.Probability, s.Probability)
		}
		if b.Moves()&s.Move.Bit() == 0 {
			t.Fatalf("position %d: illegal move %v", i, s.Move)
		}
		full += f.Nodes
		selective += s.Nodes
	}
	if selective*2 > full {
		t.Errorf("selective search: %d nodes, full width %d: want less than half", selective, full)
	}
	// Without parameters every search is full width.
	plain := mustNew(t, Options{Threads: 1, HashMB: 4, Eval: eval.Course{}})
	if r, _ := plain.Search(context.Background(), positions(1, 40, 1)[0], Limits{Depth: 4}, nil); r.Probability != 100 {
		t.Errorf("the course evaluation searched at %d%%", r.Probability)
	}
}

// TestNewRefuses: New returns an error that names the option out of
// range, where it panicked or took another value without a word; the
// zero values are the defaults.
func TestNewRefuses(t *testing.T) {
	flatProbCut := testProbCut(DefaultEvaluator(), 1)
	flatProbCut.Cells[0].Slope = 0
	for _, tt := range []struct {
		name string
		o    Options
		want string
	}{
		{"parameters of another evaluation", Options{Eval: eval.Discs{}, HashMB: 1, ProbCut: testProbCut(DefaultEvaluator(), 2)}, "fitted for the \"pattern\" evaluation"},
		{"parameters out of range", Options{HashMB: 1, ProbCut: flatProbCut}, "cell 0: slope 0 out of 0.2-5"},
		{"negative threads", Options{Threads: -1, HashMB: 1}, "threads=-1"},
		{"negative table", Options{HashMB: -2}, "-2 MB"},
		{"unknown probability", Options{HashMB: 1, Probability: 50}, "probability 50%"},
	} {
		if e, err := New(tt.o); err == nil || e != nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, %v: want an error with %q", tt.name, e, err, tt.want)
		}
	}
	e, err := New(Options{HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	if e.Eval().Name() != "pattern" || e.ProbCut() == nil || e.Threads() != 1 {
		t.Errorf("the defaults: %s evaluation, parameters %v, %d threads", e.Eval().Name(), e.ProbCut() != nil, e.Threads())
	}
	// A heuristic has no shipped parameters: every search is full width,
	// as asked for by choosing it, not a fallback.
	if e, err := New(Options{Eval: eval.Course{}, HashMB: 1}); err != nil || e.ProbCut() != nil {
		t.Errorf("the course heuristic: %v", err)
	}
}

func TestFloorCeilDiv(t *testing.T) {
	for _, c := range []struct{ a, b, floor, ceil int }{
		{7, 2, 3, 4}, {-7, 2, -4, -3}, {6, 2, 3, 3}, {-6, 2, -3, -3}, {0, 128, 0, 0}, {-1, 128, -1, 0}, {1, 128, 0, 1},
	} {
		if f, c2 := floorDiv(c.a, c.b), ceilDiv(c.a, c.b); f != c.floor || c2 != c.ceil {
			t.Errorf("%d/%d: floor %d ceil %d, want %d %d", c.a, c.b, f, c2, c.floor, c.ceil)
		}
	}
}

// TestTableKeepsSelectivity: a value stored by a selective search does
// not cut a surer one, whose value is the full-width search's whatever
// ran before it on the same table.
func TestTableKeepsSelectivity(t *testing.T) {
	for i, b := range positions(6, 30, 4) {
		fresh := mustNew(t, Options{Threads: 1, HashMB: 4})
		want, _ := fresh.Search(context.Background(), b, Limits{Depth: 7, Probability: 100}, nil)
		e := mustNew(t, Options{Threads: 1, HashMB: 4})
		e.Search(context.Background(), b, Limits{Depth: 7, Probability: 73}, nil)
		got, _ := e.Search(context.Background(), b, Limits{Depth: 7, Probability: 100}, nil)
		if got.Value != want.Value {
			t.Errorf("position %d: full width after a selective search %d, alone %d", i, got.Value, want.Value)
		}
	}
	if selectivity(73) != 0 || selectivity(99) != 4 || selectivity(100) != 5 {
		t.Error("selectivity ranks")
	}
	d := unpackTT(packTT(-1234, 17, 9, boundLower, 3, 200))
	if d.value != -1234 || d.depth != 17 || d.move != 9 || d.bound != boundLower || d.sel != 3 {
		t.Errorf("unpacked %+v", d)
	}
}

// TestSelectiveEndgameGoesOn: a search that reaches the end with time to
// spare goes on at surer probabilities, and says which it reached.
func TestSelectiveEndgameGoesOn(t *testing.T) {
	ev := DefaultEvaluator()
	pc := testProbCut(ev, 1)
	for e := 10; e <= 20; e++ {
		pc.Cells = append(pc.Cells, ProbCutCell{MinEmpties: e, MaxEmpties: e, Shallow: mpc.ShallowDepth(e), Slope: 1, Sigma: 3, Samples: 50})
	}
	eng := mustNew(t, Options{Threads: 1, HashMB: 4, ProbCut: pc})
	ps, err := testpos.Endgame(1, 14)
	if err != nil {
		t.Fatal(err)
	}
	b := ps[0]
	var seen []int
	r, _ := eng.Search(context.Background(), b, Limits{Time: 20 * time.Second, Probability: 73}, func(in Info) {
		if in.Depth == b.Empties() {
			seen = append(seen, in.Probability)
		}
	})
	if r.Kind != Exact || r.Depth != b.Empties() || r.Probability <= 73 || r.Probability == 100 {
		t.Errorf("result %v at depth %d, %d%%: want the end at a surer probability", r.Kind, r.Depth, r.Probability)
	}
	if len(seen) < 2 || seen[0] != 73 || seen[len(seen)-1] != r.Probability {
		t.Errorf("iterations to the end at %v%%, result at %d%%", seen, r.Probability)
	}
	if r.Value < -64 || r.Value > 64 || b.Moves()&r.Move.Bit() == 0 {
		t.Errorf("value %d, move %v", r.Value, r.Move)
	}
}
