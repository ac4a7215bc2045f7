package pattern

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/internal/endless"
)

// randomWeights returns weights with random values, equal on
// configurations that are mirror images (as trained weights are).
func randomWeights(seed uint64) *Weights { return randomWeightsN(seed, NumPhases) }

// randomWeightsN returns random weights of n phases.
func randomWeightsN(seed uint64, n int) *Weights {
	rng := rand.New(rand.NewPCG(seed, 1))
	w, err := NewWeightsN(n)
	if err != nil {
		panic(err)
	}
	for p := range w.Phases {
		ph := &w.Phases[p]
		ph.Bias = int16(rng.IntN(200) - 100)
		for s, sh := range Shapes {
			canon := sh.Canonical()
			vals := make([]int16, sh.Size())
			for i := range vals {
				vals[i] = int16(rng.IntN(2000) - 1000)
			}
			for i := range ph.Tables[s] {
				ph.Tables[s][i] = vals[canon[i]]
			}
		}
		for side := range ph.Mobility {
			for n := range ph.Mobility[side] {
				ph.Mobility[side][n] = int16(rng.IntN(400) - 200)
			}
		}
	}
	return w
}

func TestInstances(t *testing.T) {
	if len(Instances) != NumInstances || len(Shapes) != NumShapes {
		t.Fatalf("%d instances of %d shapes", len(Instances), len(Shapes))
	}
	perShape := map[string]int{}
	var covered uint64
	for _, in := range Instances {
		perShape[Shapes[in.Shape].Name]++
		for _, sq := range in.Squares {
			covered |= sq.Bit()
		}
	}
	want := map[string]int{"corner3x3": 4, "corner2x5": 8, "edge2x": 4, "row2": 4, "row3": 4, "row4": 4,
		"diag8": 2, "diag7": 4, "diag6": 4, "diag5": 4, "diag4": 4}
	for name, n := range want {
		if perShape[name] != n {
			t.Errorf("%s: %d instances, want %d", name, perShape[name], n)
		}
	}
	if covered != ^uint64(0) {
		t.Errorf("squares not covered: %s", board.FormatSquares(^covered))
	}
}

// walk plays random games and calls f at every position with the
// tracker that followed the game.
func walk(t *testing.T, e *Evaluator, games int, f func(b board.Board, tr *Tracker)) {
	rng := rand.New(rand.NewPCG(4, 5))
	for range games {
		b := board.StartBoard()
		tr := e.NewTracker(b).(*Tracker)
		var path []board.Board
		for !b.GameOver() {
			f(b, tr)
			m := b.Moves()
			path = append(path, b)
			if m == 0 {
				tr.Pass()
				b = b.Pass()
				continue
			}
			sqs := board.Squares(m)
			sq := sqs[rng.IntN(len(sqs))]
			tr.Play(sq, b.Flips(sq))
			b = b.Play(sq)
		}
		// Undo back to the start, checking on the way.
		for i := len(path) - 1; i >= 0; i-- {
			tr.Undo()
			f(path[i], tr)
		}
	}
}

func TestTrackerFollowsTheGame(t *testing.T) {
	e := New(randomWeights(1))
	walk(t, e, 200, func(b board.Board, tr *Tracker) {
		var want [NumInstances]uint32
		Indexes(b, &want)
		if got := tr.Indexes(); got != want {
			t.Fatalf("%v: tracker indexes differ from a fresh computation", b)
		}
		if !b.GameOver() {
			if got, want := tr.Evaluate(b), e.Evaluate(b); got != want {
				t.Fatalf("%v: tracker evaluates %d, fresh %d", b, got, want)
			}
			if got, want := tr.EvaluateMoves(b, b.Moves()), e.Evaluate(b); got != want {
				t.Fatalf("%v: tracker given the moves evaluates %d, fresh %d", b, got, want)
			}
		}
	})
}

// TestTrackerReset: a tracker reset in the middle of a path, to a
// position of the other side to move, reads that position as a fresh
// tracker would, and follows the game on from there.
func TestTrackerReset(t *testing.T) {
	e := New(randomWeights(7))
	other := e.NewTracker(board.StartBoard()).(*Tracker)
	other.Play(board.MustParseSquare("F5"), board.StartBoard().Flips(board.MustParseSquare("F5")))
	walk(t, e, 20, func(b board.Board, _ *Tracker) {
		other.Reset(b)
		if other.depth != 0 {
			t.Fatalf("depth %d after Reset", other.depth)
		}
		var want [NumInstances]uint32
		Indexes(b, &want)
		if got := other.Indexes(); got != want {
			t.Fatalf("%v: indexes after Reset differ from a fresh computation", b)
		}
		if b.GameOver() {
			return
		}
		if got, want := other.Evaluate(b), e.Evaluate(b); got != want {
			t.Fatalf("%v: evaluates %d after Reset, fresh %d", b, got, want)
		}
		if m := b.Moves(); m != 0 {
			sq := board.Squares(m)[0]
			next := b.Play(sq)
			other.Play(sq, b.Flips(sq))
			if next.GameOver() {
				return // Evaluate is for games not over
			}
			if got, want := other.Evaluate(next), e.Evaluate(next); got != want {
				t.Fatalf("%v after %v: %d, fresh %d", b, sq, got, want)
			}
		}
	})
}

// TestSymmetric: with weights tied on mirror images, every symmetry of a
// position has the same value (so the instances read the board the same
// way everywhere).
func TestSymmetric(t *testing.T) {
	e := New(randomWeights(2))
	walk(t, e, 30, func(b board.Board, _ *Tracker) {
		v := e.Evaluate(b)
		for s := board.Symmetry(1); s < board.Symmetries; s++ {
			if got := e.Evaluate(s.Apply(b)); got != v {
				t.Fatalf("%v: %d, under symmetry %d: %d", b, v, s, got)
			}
		}
	})
}

// TestReferenceValue checks Evaluate against a plain computation:
// bias, each instance's weight read square by square, mobility.
func TestReferenceValue(t *testing.T) {
	for _, n := range PhaseCounts {
		testReferenceValue(t, randomWeightsN(3, n))
	}
}

func testReferenceValue(t *testing.T, w *Weights) {
	e := New(w)
	walk(t, e, 20, func(b board.Board, tr *Tracker) {
		ph := &w.Phases[PhaseOfN(64-b.Empties(), len(w.Phases))]
		want := int(ph.Bias)
		for _, in := range Instances {
			idx, p := 0, 1
			for _, sq := range in.Squares {
				switch {
				case b.P&sq.Bit() != 0:
					idx += p
				case b.O&sq.Bit() != 0:
					idx += 2 * p
				}
				p *= 3
			}
			want += int(ph.Tables[in.Shape][idx])
		}
		want += int(ph.Mobility[0][min(b.Mobility(), MobilitySize-1)]) + int(ph.Mobility[1][min(b.Pass().Mobility(), MobilitySize-1)])
		if got := e.Evaluate(b); got != want {
			t.Fatalf("%d phases, %v: %d, reference %d", len(w.Phases), b, got, want)
		}
		if got := tr.Evaluate(b); got != want {
			t.Fatalf("%d phases, %v: tracker %d, reference %d", len(w.Phases), b, got, want)
		}
	})
}

func TestCanonical(t *testing.T) {
	for _, sh := range Shapes {
		c := sh.Canonical()
		for i, v := range c {
			if int(v) > i || c[v] != v {
				t.Fatalf("%s: canonical of %d is %d", sh.Name, i, v)
			}
		}
	}
	// A row read backwards is the same configuration.
	row := Shapes[3].Canonical()
	if row[1] != row[pow3[7]] { // a disc on A2 alone, a disc on H2 alone
		t.Errorf("row2: A2 and H2 alone are not tied")
	}
	// corner2x5 has no symmetry of its own.
	c25 := Shapes[1].Canonical()
	for i, v := range c25 {
		if int(v) != i {
			t.Fatalf("corner2x5 index %d tied to %d", i, v)
		}
	}
}

func TestWeightsFile(t *testing.T) {
	w := randomWeights(4)
	w.Note = "test weights"
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ReadWeights(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if back.Note != w.Note || back.Phases[7].Tables[2][1234] != w.Phases[7].Tables[2][1234] || back.Phases[14].Mobility != w.Phases[14].Mobility {
		t.Fatalf("weights changed in the round trip")
	}
	file := buf.Bytes()
	corrupt := append([]byte(nil), file...)
	corrupt[len(corrupt)/2] ^= 0x40
	if _, err := ReadWeights(bytes.NewReader(corrupt)); err == nil || !bytes.Contains([]byte(err.Error()), []byte("checksum")) {
		t.Errorf("corrupt file: %v", err)
	}
	if _, err := ReadWeights(bytes.NewReader(file[:len(file)-10])); err == nil {
		t.Errorf("truncated file accepted")
	}
	if _, err := ReadWeights(bytes.NewReader([]byte("GIF89a not weights at all, really not"))); !errors.Is(err, ErrFormat) {
		t.Errorf("wrong magic: %v", err)
	}
}

func TestNoAllocations(t *testing.T) {
	e := New(randomWeights(5))
	b := board.StartBoard()
	tr := e.NewTracker(b)
	sq := board.MustParseSquare("F5")
	f := b.Flips(sq)
	next := b.Play(sq)
	allocs := testing.AllocsPerRun(1000, func() {
		tr.Play(sq, f)
		_ = tr.Evaluate(next)
		tr.Undo()
		_ = e.Evaluate(b)
		tr.Reset(next)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per play/evaluate/undo", allocs)
	}
}

func BenchmarkTrackerEvaluate(b *testing.B) {
	e := New(randomWeights(6))
	pos := board.StartBoard().Play(board.MustParseSquare("F5")).Play(board.MustParseSquare("D6"))
	tr := e.NewTracker(pos)
	sq := board.MustParseSquare("C3")
	f := pos.Flips(sq)
	next := pos.Play(sq)
	var sink int
	for b.Loop() {
		tr.Play(sq, f)
		sink += tr.Evaluate(next)
		tr.Undo()
	}
	_ = sink
}

func BenchmarkEvaluateFromScratch(b *testing.B) {
	e := New(randomWeights(6))
	pos := board.StartBoard().Play(board.MustParseSquare("F5")).Play(board.MustParseSquare("D6"))
	var sink int
	for b.Loop() {
		sink += e.Evaluate(pos)
	}
	_ = sink
}

// TestDefaultWeights: the shipped weights load and evaluate sensibly: the
// start is about even, a position a side owns entirely is good for it.
func TestDefaultWeights(t *testing.T) {
	e, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if e.Weights().Note == "" {
		t.Errorf("the shipped weights say nothing of how they were made")
	}
	if v := e.Evaluate(board.StartBoard()); v < -4*Scale || v > 4*Scale {
		t.Errorf("the start is worth %.1f discs", float64(v)/Scale)
	}
	// Black holds the first row and has 14 moves; White has many discs
	// and no move.
	strong := board.MustParsePosition("XXXXXXXX-OOOOOO--OOOOOO--OOXOO--OOOOOO--OOOOOO--OOOOOO---------- X").Board
	if v := e.Evaluate(strong); v < 10*Scale {
		t.Errorf("the owner of the first row is worth only %.1f discs", float64(v)/Scale)
	}
	if v := e.Evaluate(strong.Pass()); v > -10*Scale {
		t.Errorf("and its opponent %.1f discs", float64(v)/Scale)
	}
}

// TestWeightsFileBounds: an endless input, and compressed data that
// inflate far beyond any weights (a gzip bomb, with a right checksum), are
// refused with ErrFormat and little memory; the shipped weights are well
// within the bounds.
func TestWeightsFileBounds(t *testing.T) {
	if len(defaultWeights) > maxFile()/2 {
		t.Errorf("the shipped weights take %d bytes, the bound is %d: too close", len(defaultWeights), maxFile())
	}
	in := endless.New(0, 1<<30)
	_, err := ReadWeights(io.MultiReader(strings.NewReader(magic), in))
	if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "the most a weights file of this version takes") {
		t.Errorf("endless file: %v", err)
	}
	if in.Served() > int64(maxFile())+1<<16 {
		t.Errorf("read %d bytes of an endless file, the bound is %d", in.Served(), maxFile())
	}

	var packed bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&packed, gzip.BestCompression)
	io.Copy(zw, io.LimitReader(endless.New(0, 1<<30), int64(4*maxData())))
	zw.Close()
	sum := sha256.Sum256(packed.Bytes())
	bomb := append(append([]byte(magic), packed.Bytes()...), sum[:]...)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = ReadWeights(bytes.NewReader(bomb))
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "the data inflate to more than") {
		t.Errorf("gzip bomb of %d bytes: %v", len(bomb), err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(3*maxData()) {
		t.Errorf("a gzip bomb of %d bytes made ReadWeights allocate %d bytes", len(bomb), alloc)
	}
}

// TestChecksum: the checksum identifies the weights: the same for the
// same weights, another when one weight changes.
func TestChecksum(t *testing.T) {
	ev, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	sum := ev.Checksum()
	if len(sum) != 64 || sum != ev.Checksum() {
		t.Fatalf("checksum %q", sum)
	}
	w, err := NewWeightsN(len(ev.Weights().Phases))
	if err != nil {
		t.Fatal(err)
	}
	for p := range w.Phases {
		w.Phases[p] = ev.Weights().Phases[p]
		for s := range Shapes {
			w.Phases[p].Tables[s] = append([]int16(nil), ev.Weights().Phases[p].Tables[s]...)
		}
	}
	if New(w).Checksum() != sum {
		t.Error("a copy of the weights has another checksum")
	}
	w.Phases[7].Tables[3][11]++
	if New(w).Checksum() == sum {
		t.Error("changed weights have the same checksum")
	}
}

// TestSwappedTables: the flat tables read with the colours swapped are
// the weights at swapIndex, and those read as they are the weights, for
// every shape of two phases.
func TestSwappedTables(t *testing.T) {
	ev, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []int{0, 9} {
		if len(ev.own[p].flat) != int(flatSize)+2 || len(ev.swapped[p].flat) != int(flatSize)+2 {
			t.Fatalf("phase %d: flat tables of %d and %d weights, want %d and two zeros", p, len(ev.own[p].flat), len(ev.swapped[p].flat), flatSize)
		}
		for _, pad := range [][]int16{ev.own[p].flat[flatSize:], ev.swapped[p].flat[flatSize:]} {
			if pad[0] != 0 || pad[1] != 0 {
				t.Fatalf("phase %d: the weights past the tables are %v, want zeros", p, pad)
			}
		}
		for s, sh := range Shapes {
			k := len(sh.Squares)
			for j := range sh.Size() {
				at := int(shapeOffset[s]) + j
				if want := ev.Weights().Phases[p].Tables[s][swapIndex(j, k)]; ev.swapped[p].flat[at] != want {
					t.Fatalf("phase %d shape %d index %d swapped: %d, want %d", p, s, j, ev.swapped[p].flat[at], want)
				}
				if want := ev.Weights().Phases[p].Tables[s][j]; ev.own[p].flat[at] != want {
					t.Fatalf("phase %d shape %d index %d: %d, want %d", p, s, j, ev.own[p].flat[at], want)
				}
			}
		}
	}
}

// TestReadWeightsFile: the shipped weights written to a file read back
// as the same evaluator; a missing or corrupt file is an error that
// names it.
func TestReadWeightsFile(t *testing.T) {
	ev, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "w.bin")
	f, err := os.Create(good)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ev.Weights().WriteTo(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	got, err := ReadWeightsFile(good)
	if err != nil || got.Checksum() != ev.Checksum() {
		t.Fatalf("read back: %v, checksum %v", err, got != nil && got.Checksum() == ev.Checksum())
	}
	bad := filepath.Join(dir, "bad.bin")
	if err := os.WriteFile(bad, []byte("not weights"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{bad, filepath.Join(dir, "missing.bin")} {
		if _, err := ReadWeightsFile(file); err == nil || !strings.Contains(err.Error(), file) {
			t.Errorf("%s: error %v, want one naming the file", file, err)
		}
	}
}

// BenchmarkTrackerGame plays the moves of a whole game on a tracker,
// evaluating each position, and takes them all back: the tracker's
// updates with the flips of real moves.
func BenchmarkTrackerGame(b *testing.B) {
	e := New(randomWeights(6))
	type step struct {
		sq    board.Square
		flips uint64
		next  board.Board
	}
	var steps []step
	pos := board.StartBoard()
	for i := 0; ; i++ {
		moves := pos.Moves()
		if moves == 0 {
			if !pos.Pass().HasMoves() {
				break
			}
			pos = pos.Pass()
			continue
		}
		// A fixed, varied choice: the i-th legal move modulo their count.
		list := moveList(moves)
		sq := list[i*7%len(list)]
		f := pos.Flips(sq)
		pos = pos.PlayFlips(sq, f)
		steps = append(steps, step{sq, f, pos})
	}
	tr := e.NewTracker(board.StartBoard())
	var sink int
	for b.Loop() {
		for _, s := range steps {
			tr.Play(s.sq, s.flips)
			sink += tr.Evaluate(s.next)
		}
		for range steps {
			tr.Undo()
		}
	}
	_ = sink
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(steps)), "ns/move")
}

// moveList returns the squares of a set of moves, in order.
func moveList(moves uint64) []board.Square {
	var list []board.Square
	for m := moves; m != 0; m &= m - 1 {
		list = append(list, board.Square(bitIndex(m)))
	}
	return list
}
