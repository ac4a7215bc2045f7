package shipped

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// TestWriteData: the lines name the shipped book's positions,
// depth and the SHA-256 of its file, and the weights' checksum.
func TestWriteData(t *testing.T) {
	var out strings.Builder
	WriteData(&out)
	var want string
	if b, err := book.Shipped(); err != nil {
		want = "opening book: none (" + err.Error() + ")\n"
	} else {
		file, err := os.ReadFile("../../../book/shipped.bin")
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(file)
		want = fmt.Sprintf("opening book: %d positions, depth %d, sha256 %s\n", b.Len(), b.Depth(), hex.EncodeToString(sum[:])[:12])
	}
	pe, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	want += "evaluation: pattern weights, checksum " + pe.Checksum()[:12] + "\n"
	if got := out.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
