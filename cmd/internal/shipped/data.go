// The lines of reversi version on the data shipped in the binary.

package shipped

import (
	"crypto/sha256"
	"fmt"
	"io"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// WriteData writes a line on the opening book shipped in the
// binary and one on the evaluation's weights, e.g.
//
//	opening book: 12628 positions, depth 16, sha256 c6f1839d4975
//	evaluation: pattern weights, checksum 3f6dee286bbc
//
// or, for data that cannot be read, why: "opening book: none (<reason>)".
func WriteData(w io.Writer) {
	if b, err := book.Shipped(); err != nil {
		fmt.Fprintf(w, "opening book: none (%v)\n", err)
	} else {
		// Bytes is the file as it was shipped: Shipped checked every part.
		sum := sha256.Sum256(b.Bytes())
		fmt.Fprintf(w, "opening book: %d positions, depth %d, sha256 %x\n", b.Len(), b.Depth(), sum[:6])
	}
	if pe, err := pattern.Default(); err != nil {
		fmt.Fprintf(w, "evaluation: pattern weights: %v\n", err)
	} else {
		fmt.Fprintf(w, "evaluation: pattern weights, checksum %.12s\n", pe.Checksum())
	}
}
