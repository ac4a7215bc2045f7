// Fuzz targets: no panic, errors that say something, accepted files round-trip.

package wthor

import (
	"bytes"
	"reflect"
	"slices"
	"testing"

	"github.com/reversi-engine/reversi/data"
)

func FuzzReadGames(f *testing.F) {
	small, _ := data.ReadFile("wthor/WTH_1977.wtb")
	f.Add(small)
	f.Add(gameFile(testHeader, 1, record(56, 64, 53)))
	f.Add(gameFile(testHeader, 1, record(56, 99)))
	f.Add(gameFile(testHeader, 2, record(56)))
	f.Add([]byte{})
	// Lying headers and files that go on: refused, with little read.
	f.Add(gameFile(testHeader, 1<<31, record(56)))
	f.Add(append(gameFile(testHeader, 1<<31), make([]byte, maxExtra+1)...))
	f.Add(make([]byte, HeaderSize+maxExtra+1))
	f.Fuzz(func(t *testing.T, raw []byte) {
		h, games, err := ReadGames(bytes.NewReader(raw))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		var buf bytes.Buffer
		if err := WriteGames(&buf, h, games); err != nil {
			t.Fatalf("accepted games cannot be written: %v", err)
		}
		if !bytes.Equal(buf.Bytes(), raw) {
			t.Fatalf("written back differently:\n got %x\nwant %x", buf.Bytes(), raw)
		}
		for i, g := range games {
			rec, err := g.ToGame(int(h.Year), Names{})
			if err != nil {
				if err.Error() == "" {
					t.Fatalf("game %d: empty error message", i)
				}
				continue
			}
			back, err := FromGame(rec)
			if err != nil || !slices.Equal(back.Moves, g.Moves) {
				t.Fatalf("game %d: replayed game gives %v, %v; want moves %v", i, back.Moves, err, g.Moves)
			}
		}
	})
}

func FuzzReadNames(f *testing.F) {
	players, _ := data.ReadFile("wthor/WTHOR.JOU")
	f.Add(players[:HeaderSize+10*PlayerNameSize], uint8(PlayerNameSize))
	f.Add(appendHeader(nil, Header{Records: 2}), uint8(4))
	f.Add(append(appendHeader(nil, Header{Records: 2}), "Pr\xe9\x00ab\x00\xff"...), uint8(4))
	f.Add(append(appendHeader(nil, Header{Records: 1<<16 - 1}), "ab\x00"...), uint8(255))
	f.Add(make([]byte, HeaderSize+maxExtra+1), uint8(20))
	f.Fuzz(func(t *testing.T, raw []byte, size uint8) {
		h, names, err := ReadNames(bytes.NewReader(raw), int(size))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		var buf bytes.Buffer
		if err := WriteNames(&buf, h, names, int(size)); err != nil {
			t.Fatalf("accepted names cannot be written: %v", err)
		}
		h2, back, err := ReadNames(&buf, int(size))
		if err != nil || h2 != h || !reflect.DeepEqual(back, names) {
			t.Fatalf("read back %+v %q, %v; want %+v %q", h2, back, err, h, names)
		}
	})
}
