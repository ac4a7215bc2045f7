package pattern

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestPhaseOfN(t *testing.T) {
	for _, n := range PhaseCounts {
		count := make([]int, n)
		last := 0
		for d := 0; d <= 64; d++ {
			p := PhaseOfN(d, n)
			if p < last || p >= n {
				t.Fatalf("%d phases: %d discs in phase %d after %d", n, d, p, last)
			}
			last = p
			if d >= 4 && d <= 63 {
				count[p]++
			}
		}
		for p, c := range count {
			if c != 60/n {
				t.Errorf("%d phases: phase %d holds %d disc counts, want %d", n, p, c, 60/n)
			}
		}
	}
	for d := 0; d <= 64; d++ {
		if PhaseOfN(d, NumPhases) != min(max(d-4, 0)/4, NumPhases-1) {
			t.Fatalf("%d discs: the first generation's phase changed", d)
		}
	}
	if _, err := NewWeightsN(20); err == nil {
		t.Error("20 phases accepted")
	}
}

// fileData returns the uncompressed data of a weights file.
func fileData(t *testing.T, file []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(file[len(magic) : len(file)-32]))
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// rewrap makes a weights file of data, with a right checksum.
func rewrap(data []byte) []byte {
	var packed bytes.Buffer
	zw := gzip.NewWriter(&packed)
	zw.Write(data)
	zw.Close()
	var file bytes.Buffer
	file.WriteString(magic)
	file.Write(packed.Bytes())
	sum := sha256Sum(packed.Bytes())
	file.Write(sum)
	return file.Bytes()
}

func TestWeightsFileVersions(t *testing.T) {
	// The shipped file written again is the same file.
	ev, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if _, err := ev.Weights().WriteTo(&again); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fileData(t, again.Bytes()), fileData(t, defaultWeights)) {
		t.Error("the shipped weights written again give other data")
	}
	// 15 phases are written as version 1 (what the programs before
	// version 2 read), 30 as version 2; 60 works alike (TestReferenceValue),
	// its random file is slow to compress.
	for _, n := range []int{15, 30} {
		w := randomWeightsN(9, n)
		w.Note = "phases"
		var buf bytes.Buffer
		if _, err := w.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		data := fileData(t, buf.Bytes())
		want := uint32(2)
		if n == NumPhases {
			want = 1
		}
		if v, p := binary.LittleEndian.Uint32(data), binary.LittleEndian.Uint32(data[4:]); v != want || int(p) != n {
			t.Errorf("%d phases written as version %d with %d phases, want version %d", n, v, p, want)
		}
		back, err := ReadWeights(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if len(back.Phases) != n || back.Phases[n-1].Tables[1][777] != w.Phases[n-1].Tables[1][777] || back.Phases[n/2].Mobility != w.Phases[n/2].Mobility {
			t.Fatalf("%d phases changed in the round trip", n)
		}
		if New(back).Checksum() != New(w).Checksum() {
			t.Errorf("%d phases: the checksum changed in the round trip", n)
		}
		// A version-1 header with more phases, and a version from the
		// future, are refused.
		for _, c := range []struct {
			version uint32
			want    string
		}{{1, "phases"}, {3, "version 3"}} {
			if c.version == want {
				continue
			}
			bad := append([]byte(nil), data...)
			binary.LittleEndian.PutUint32(bad, c.version)
			if _, err := ReadWeights(bytes.NewReader(rewrap(bad))); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%d phases as version %d: %v", n, c.version, err)
			}
		}
	}
	w := &Weights{Phases: make([]Phase, 7)}
	if _, err := w.WriteTo(io.Discard); err == nil {
		t.Error("7 phases written")
	}
}

func sha256Sum(b []byte) []byte {
	s := sha256.Sum256(b)
	return s[:]
}

// BenchmarkWriteTo writes the shipped weights in the file format (the
// compression is most of it) and reports the file's size.
func BenchmarkWriteTo(b *testing.B) {
	ev, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if _, err := ev.Weights().WriteTo(&buf); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "file-bytes")
}
