// An endless input with a budget.

package endless

import (
	"errors"
	"fmt"
	"sync/atomic"
)

// ErrOverBudget is the error of a Read past a Reader's budget.
var ErrOverBudget = errors.New("endless input read past its budget: the reader has no bound")

// Reader yields the same byte for ever, up to a budget.
type Reader struct {
	b      byte
	budget int64
	served atomic.Int64
}

// New returns a Reader of byte b that serves at most budget bytes before
// its Read fails with ErrOverBudget.
func New(b byte, budget int64) *Reader { return &Reader{b: b, budget: budget} }

// Read fills p with the reader's byte, or fails once the budget is spent.
func (r *Reader) Read(p []byte) (int, error) {
	served := r.served.Load()
	if served >= r.budget {
		return 0, fmt.Errorf("%w (%d bytes served)", ErrOverBudget, served)
	}
	n := int(min(int64(len(p)), r.budget-served))
	for i := range p[:n] {
		p[i] = r.b
	}
	r.served.Add(int64(n))
	return n, nil
}

// Served returns how many bytes Read has given.
func (r *Reader) Served() int64 { return r.served.Load() }
