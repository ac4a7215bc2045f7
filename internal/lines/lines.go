// Package lines reads the commands of a line protocol (NBoard, GTP) for
// a session: one line at a time, a line longer than a limit refused with
// its number, the reading stopped with the session.
package lines

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
)

// Read reads the lines of r (without their ends) into the first channel,
// each at most max bytes (the buffer holds max+2: a line and its end),
// until r ends or fails or ctx is done. When r
// ends or fails it sends the error (nil at the end of r; for a line
// longer than max, one that names the line and the limit, Options.MaxLine)
// on the second channel, then closes the first. When ctx is done first it
// sends nothing and closes nothing.
func Read(ctx context.Context, r io.Reader, max int) (<-chan string, <-chan error) {
	out := make(chan string)
	done := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 0, min(4096, max+2)), max+2)
		n := 0
		for sc.Scan() {
			n++
			select {
			case out <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		err := sc.Err()
		if errors.Is(err, bufio.ErrTooLong) {
			err = fmt.Errorf("command line %d is longer than %d bytes, the limit of a line", n+1, max)
		}
		done <- err
		close(out)
	}()
	return out, done
}
