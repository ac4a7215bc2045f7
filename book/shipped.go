// The book shipped in the binary, decoded on first use.

package book

import (
	_ "embed"
	"errors"
	"fmt"
	"sync"
)

//go:embed shipped.bin
var shippedData []byte

// ErrNoBook is the error of Shipped in a build that ships no book (an
// empty one).
var ErrNoBook = errors.New("no opening book in this build")

// shipped checks the embedded book once, on first use.
var shipped = sync.OnceValues(func() (*Book, error) {
	b, err := Decode(shippedData)
	if err != nil {
		return nil, fmt.Errorf("the shipped book: %w", err)
	}
	if b.Len() == 0 {
		return nil, ErrNoBook
	}
	return b, nil
})

// Shipped returns the opening book embedded in the program (see
// docs/TRAINING.md for the command that made it), checked on first use;
// an error (ErrNoBook, or one wrapping ErrCorrupt) means there is no book
// to play from.
func Shipped() (*Book, error) { return shipped() }
