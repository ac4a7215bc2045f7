// Hashing of boards for transposition tables.

package board

import "math/bits"

// Hash returns a 64-bit hash of the board for transposition tables. It
// mixes both masks with multiply-xorshift rounds (the finaliser of
// SplitMix64), so every bit of the result depends on every square; it is
// deterministic across runs and machines and allocates nothing. Boards
// that differ only by whose turn it is hash differently, because the
// masks play different roles.
func (b Board) Hash() uint64 {
	h := b.P*0x9E3779B97F4A7C15 ^ bits.RotateLeft64(b.O*0xC2B2AE3D27D4EB4F, 31)
	h ^= h >> 30
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 27
	h *= 0x94D049BB133111EB
	h ^= h >> 31
	return h
}
