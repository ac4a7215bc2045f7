// Weights: the trained values, their file format, and the checks that
// keep a wrong or corrupt file out.

package pattern

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// NumPhases is the number of weight sets of NewWeights and of the file
// format's version 1 (the first generation): phase p holds positions
// with 4+4p to 7+4p discs. Weights may have more phases (PhaseCounts).
const NumPhases = 15

// PhaseCounts are the numbers of phases weights may have: the 60 disc
// counts from 4 to 63 split evenly (64 discs go with 63).
var PhaseCounts = []int{15, 30, 60}

// MaxPhases is the largest of PhaseCounts.
const MaxPhases = 60

// validPhases says whether weights may have n phases.
func validPhases(n int) bool { return n == 15 || n == 30 || n == 60 }

// MobilitySize bounds the mobility counts that have their own weight
// (larger counts use the last).
const MobilitySize = 32

// Scale is the number of weight units in one disc: an evaluation is the
// sum of the weights over Scale.
const Scale = 128

// PhaseOf returns the phase of a position with discs discs on the board,
// of NumPhases phases.
func PhaseOf(discs int) int { return PhaseOfN(discs, NumPhases) }

// PhaseOfN returns the phase of a position with discs discs on the
// board, of n phases (one of PhaseCounts): phase p holds the discs
// 4+p*60/n to 3+(p+1)*60/n.
func PhaseOfN(discs, n int) int {
	return min(max(discs-4, 0)*n/60, n-1)
}

// Phase holds the weights of one phase, in units of 1/Scale disc.
type Phase struct {
	Bias int16
	// Tables[s][i] is the weight of configuration i of shape s.
	Tables [NumShapes][]int16
	// Mobility[0][n] is the weight of n legal moves for the player to
	// move, Mobility[1][n] for the opponent.
	Mobility [2][MobilitySize]int16
}

// Weights are the trained weights of every phase (NumPhases, or another
// of PhaseCounts), with a note saying how they were made.
type Weights struct {
	Note   string
	Phases []Phase
}

// NewWeights returns weights of NumPhases phases that are all zero.
func NewWeights() *Weights {
	w, _ := NewWeightsN(NumPhases)
	return w
}

// NewWeightsN returns weights of n phases (one of PhaseCounts) that are
// all zero.
func NewWeightsN(n int) (*Weights, error) {
	if !validPhases(n) {
		return nil, fmt.Errorf("pattern weights: %d phases: want one of %v", n, PhaseCounts)
	}
	w := &Weights{Phases: make([]Phase, n)}
	for p := range w.Phases {
		for s, sh := range Shapes {
			w.Phases[p].Tables[s] = make([]int16, sh.Size())
		}
	}
	return w, nil
}

// PhaseOf returns the phase of w that evaluates positions with discs
// discs on the board.
func (w *Weights) PhaseOf(discs int) int { return PhaseOfN(discs, len(w.Phases)) }

// The file format: the magic, then gzip-compressed data, then the
// SHA-256 of the compressed data. The data: the format version, the
// dimensions (phases, shapes and their sizes, mobility size) that must
// match this package's, the note, then every phase's bias, tables and
// mobility weights, little-endian int16. Version 1 has NumPhases phases;
// version 2 the same layout with 30 or 60. Programs that read only
// version 1 refuse version 2 with ErrFormat: its data inflate to more
// than a version-1 file can hold, which they check before the version.
// Weights of NumPhases phases are written as version 1, so that a
// version-1 file written again is the same file.
const (
	magic         = "RVPATW\x00\x01"
	formatVersion = 2
)

// ErrFormat marks a file that is not a weights file of this version.
var ErrFormat = errors.New("not a reversi pattern weights file of this version")

// WriteTo writes the weights in the file format.
func (w *Weights) WriteTo(out io.Writer) (int64, error) {
	if !validPhases(len(w.Phases)) {
		return 0, fmt.Errorf("pattern weights: %d phases: want one of %v", len(w.Phases), PhaseCounts)
	}
	var data bytes.Buffer
	put := func(v any) { binary.Write(&data, binary.LittleEndian, v) }
	version := uint32(formatVersion)
	if len(w.Phases) == NumPhases {
		version = 1
	}
	put(version)
	put(uint32(len(w.Phases)))
	put(uint32(NumShapes))
	for _, sh := range Shapes {
		put(uint32(sh.Size()))
	}
	put(uint32(MobilitySize))
	put(uint32(len(w.Note)))
	data.WriteString(w.Note)
	for p := range w.Phases {
		ph := &w.Phases[p]
		put(ph.Bias)
		for s := range Shapes {
			put(ph.Tables[s])
		}
		put(ph.Mobility)
	}
	var packed bytes.Buffer
	// The default level: BenchmarkWriteTo writes the shipped 30-phase
	// weights in 0.5 s and 2,547,961 bytes, against 5.7 s and 2,506,136
	// bytes at the best level (docs/BENCHMARKS.md).
	zw := gzip.NewWriter(&packed)
	zw.Write(data.Bytes())
	zw.Close()
	sum := sha256.Sum256(packed.Bytes())
	var file bytes.Buffer
	file.WriteString(magic)
	file.Write(packed.Bytes())
	file.Write(sum[:])
	return file.WriteTo(out)
}

// maxNote bounds the length of the note of a weights file.
const maxNote = 1 << 16

// maxData returns the size of the uncompressed data of a weights file of
// this version with the most phases and the longest note.
func maxData() int {
	configs := 0
	for _, sh := range Shapes {
		configs += sh.Size()
	}
	head := 4 * (3 + NumShapes + 2) // version, phases, shapes, sizes, mobility size, note length
	return head + maxNote + MaxPhases*2*(1+configs+2*MobilitySize)
}

// maxFile returns the size of the largest weights file of this version:
// the magic, the checksum and the compressed data, which gzip makes at
// most a little larger than the data (when it does not compress), with a
// wide margin.
func maxFile() int {
	return len(magic) + sha256.Size + maxData() + maxData()/8 + 4096
}

// ReadWeights reads a weights file. It checks the magic, the checksum,
// the version and the dimensions, and that the data end where they
// should: the error says which check failed. It reads no more than a
// weights file of this version can take, compressed and uncompressed: a
// huge or endless input, or compressed data that would inflate without
// end, is refused with little memory.
func ReadWeights(r io.Reader) (*Weights, error) {
	file, err := io.ReadAll(io.LimitReader(r, int64(maxFile())+1))
	if err != nil {
		return nil, err
	}
	if len(file) > maxFile() {
		return nil, fmt.Errorf("%w: more than %d bytes, the most a weights file of this version takes", ErrFormat, maxFile())
	}
	if len(file) < len(magic)+sha256.Size || string(file[:len(magic)]) != magic {
		return nil, fmt.Errorf("%w: wrong magic", ErrFormat)
	}
	packed := file[len(magic) : len(file)-sha256.Size]
	if sum := sha256.Sum256(packed); !bytes.Equal(sum[:], file[len(file)-sha256.Size:]) {
		return nil, errors.New("pattern weights: checksum mismatch: the file is corrupt")
	}
	zr, err := gzip.NewReader(bytes.NewReader(packed))
	if err != nil {
		return nil, fmt.Errorf("pattern weights: %w", err)
	}
	// One buffer of the largest size (and a byte to see if there is more,
	// and room for ReadFrom's last read).
	var inflated bytes.Buffer
	inflated.Grow(maxData() + 1 + bytes.MinRead)
	if _, err := inflated.ReadFrom(io.LimitReader(zr, int64(maxData())+1)); err != nil {
		return nil, fmt.Errorf("pattern weights: %w", err)
	}
	if inflated.Len() > maxData() {
		return nil, fmt.Errorf("%w: the data inflate to more than %d bytes, the most weights of this version hold", ErrFormat, maxData())
	}
	data := inflated.Bytes()
	rd := bytes.NewReader(data)
	get := func(v any) error { return binary.Read(rd, binary.LittleEndian, v) }
	var version, phases, shapes uint32
	if err := errors.Join(get(&version), get(&phases), get(&shapes)); err != nil {
		return nil, fmt.Errorf("%w: truncated header", ErrFormat)
	}
	if version < 1 || version > formatVersion {
		return nil, fmt.Errorf("%w: version %d, this program reads versions 1 to %d", ErrFormat, version, formatVersion)
	}
	if (version == 1 && phases != NumPhases) || !validPhases(int(phases)) || shapes != NumShapes {
		return nil, fmt.Errorf("%w: %d phases and %d shapes in version %d, want %d shapes and %d phases (version 1) or one of %v (version 2)",
			ErrFormat, phases, shapes, version, NumShapes, NumPhases, PhaseCounts)
	}
	for _, sh := range Shapes {
		var size uint32
		if err := get(&size); err != nil || int(size) != sh.Size() {
			return nil, fmt.Errorf("%w: shape %s has %d configurations, want %d", ErrFormat, sh.Name, size, sh.Size())
		}
	}
	var mob, noteLen uint32
	if err := errors.Join(get(&mob), get(&noteLen)); err != nil || mob != MobilitySize || noteLen > maxNote {
		return nil, fmt.Errorf("%w: bad mobility size or note", ErrFormat)
	}
	note := make([]byte, noteLen)
	if _, err := io.ReadFull(rd, note); err != nil {
		return nil, fmt.Errorf("%w: truncated note", ErrFormat)
	}
	w, _ := NewWeightsN(int(phases))
	w.Note = string(note)
	for p := range w.Phases {
		ph := &w.Phases[p]
		errs := []error{get(&ph.Bias)}
		for s := range Shapes {
			errs = append(errs, get(ph.Tables[s]))
		}
		errs = append(errs, get(&ph.Mobility))
		if err := errors.Join(errs...); err != nil {
			return nil, fmt.Errorf("%w: truncated weights of phase %d", ErrFormat, p)
		}
	}
	if rd.Len() != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the weights", ErrFormat, rd.Len())
	}
	return w, nil
}
