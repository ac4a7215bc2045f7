package board

import "testing"

func TestSymmetriesMatchSquareMapping(t *testing.T) {
	for s := Symmetry(0); s < Symmetries; s++ {
		for sq := Square(0); sq < 64; sq++ {
			if got, want := s.ApplyMask(sq.Bit()), s.ApplySquare(sq).Bit(); got != want {
				t.Fatalf("symmetry %d moves %v to %s, square mapping says %v", s, sq, FormatSquares(got), s.ApplySquare(sq))
			}
		}
	}
}

func TestSymmetriesAreTheEightDistinctOnes(t *testing.T) {
	// The image of B1 (a square on no axis of symmetry) is different under
	// each of the eight symmetries.
	seen := map[Square]Symmetry{}
	for s := Symmetry(0); s < Symmetries; s++ {
		img := s.ApplySquare(MustParseSquare("B1"))
		if prev, dup := seen[img]; dup {
			t.Fatalf("symmetries %d and %d both map B1 to %v", prev, s, img)
		}
		seen[img] = s
	}
	if Symmetry(3).ApplySquare(A1) != H8 {
		t.Errorf("symmetry 3 is not the half turn")
	}
}

func TestSymmetryInverse(t *testing.T) {
	for _, b := range randomPositions(200, 7) {
		for s := Symmetry(0); s < Symmetries; s++ {
			if got := s.Inverse().Apply(s.Apply(b)); got != b {
				t.Fatalf("inverse of symmetry %d (%d) does not undo it", s, s.Inverse())
			}
		}
	}
}

func TestSymmetryPreservesRules(t *testing.T) {
	for _, b := range randomPositions(2000, 11) {
		for s := Symmetry(0); s < Symmetries; s++ {
			img := s.Apply(b)
			if got, want := img.Moves(), s.ApplyMask(b.Moves()); got != want {
				t.Fatalf("symmetry %d: moves of the image %s, image of the moves %s", s, FormatSquares(got), FormatSquares(want))
			}
			if got, want := img.StableDiscs(), s.ApplyMask(b.StableDiscs()); got != want {
				t.Fatalf("symmetry %d of %v: stable discs of the image %s, image of stable discs %s", s, b, FormatSquares(got), FormatSquares(want))
			}
		}
	}
}

func TestCanonical(t *testing.T) {
	for _, b := range randomPositions(2000, 13) {
		c, sym := b.Canonical()
		if sym.Apply(b) != c {
			t.Fatalf("Canonical returned symmetry %d that does not map the board onto its form", sym)
		}
		for s := Symmetry(0); s < Symmetries; s++ {
			if c2, _ := s.Apply(b).Canonical(); c2 != c {
				t.Fatalf("image %d of %v has another canonical form", s, b)
			}
		}
	}
	// The four first moves are the same position up to symmetry.
	start := StartBoard()
	first, _ := start.Play(MustParseSquare("F5")).Canonical()
	for _, m := range []string{"D3", "C4", "E6"} {
		if c, _ := start.Play(MustParseSquare(m)).Canonical(); c != first {
			t.Errorf("%s and F5 have different canonical forms", m)
		}
	}
}

func TestHashSpreads(t *testing.T) {
	positions := randomPositions(50_000, 17)
	seen := map[uint64]Board{}
	for _, b := range positions {
		h := b.Hash()
		if prev, ok := seen[h]; ok && prev != b {
			t.Fatalf("hash collision between %v and %v", prev, b)
		}
		seen[h] = b
		if b.P != b.O && b.Hash() == b.Pass().Hash() {
			t.Fatalf("a board and its pass hash alike: %v", b)
		}
	}
	// Low bits are used as table indexes: they must be balanced.
	var buckets [256]int
	for h := range seen {
		buckets[h&255]++
	}
	mean := float64(len(seen)) / 256
	for i, n := range buckets {
		if float64(n) < mean*0.7 || float64(n) > mean*1.3 {
			t.Fatalf("bucket %d has %d hashes, mean %.0f", i, n, mean)
		}
	}
}
