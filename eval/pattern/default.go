// The weights shipped in the binary.

package pattern

import (
	"bytes"
	_ "embed"
	"fmt"
	"os"
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

// ReadWeightsFile reads a weights file (as ReadWeights) and returns its
// evaluator; the error names the file.
func ReadWeightsFile(file string) (*Evaluator, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	w, err := ReadWeights(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return New(w), nil
}
