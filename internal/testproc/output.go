package testproc

import (
	"bytes"
	"sync"
)

// Output is what a program writes (its Stdout and Stderr) while a test
// reads it: safe for the writer's and the reader's goroutines at once.
type Output struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// Write adds p.
func (o *Output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.Write(p)
}

// String returns all that was written so far.
func (o *Output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.String()
}
