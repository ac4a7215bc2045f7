// The weights shipped in the binary.

package pattern

import (
	"bytes"
	_ "embed"
	"fmt"
	"sync"
)

// defaultWeights are the weights trained by 'reversi train' with the
// settings of docs/TRAINING.md.
//
//go:embed weights.bin
var defaultWeights []byte

var (
	defaultOnce sync.Once
	defaultEval *Evaluator
	defaultErr  error
)

// Default returns the evaluator with the shipped weights, read once. An
// error means the binary was built with a damaged weights file.
func Default() (*Evaluator, error) {
	defaultOnce.Do(func() {
		w, err := ReadWeights(bytes.NewReader(defaultWeights))
		if err != nil {
			defaultErr = fmt.Errorf("the pattern weights shipped in this binary: %w", err)
			return
		}
		defaultEval = New(w)
	})
	return defaultEval, defaultErr
}
