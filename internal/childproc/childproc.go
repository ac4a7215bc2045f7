// Package childproc runs an engine as a child process that speaks a line
// protocol (NBoard, GTP): started from a command line split as a shell
// would split plain words (Split), its standard output read line by line
// up to a bound, and stopped at once (Kill) or politely, with a grace
// period (Close), when it misbehaves or the game is over. Explain words
// an error of the process for the referee.
//
// It is a low helper: nboard's and gtp's clients use it, and it imports
// only the standard library.
package childproc

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
	"unicode"
)

// Split splits a command line into words, as a shell would for plain
// words, 'single' and "double" quotes and backslash escapes (no
// variables, no globbing).
func Split(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	quote := rune(0)
	escaped := false
	for _, r := range line {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped, inWord = false, true
		case r == '\\' && quote != '\'':
			escaped = true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case unicode.IsSpace(r):
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 || escaped {
		return nil, fmt.Errorf("command line %q: unterminated quote or escape", line)
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, errors.New("empty command line")
	}
	return words, nil
}

// Options configure a process started with Start.
type Options struct {
	// Line names a line of the protocol in the error of a line too long
	// ("a GTP line", "an NBoard line").
	Line string
	// MaxLine is the longest line read from the engine, in bytes: a
	// longer one stops it.
	MaxLine int
	// Buffered is how many lines of output wait to be read before the
	// reader waits in turn.
	Buffered int
	// Stderr receives the engine's standard error (nil: discarded).
	Stderr io.Writer
}

// ErrExited is the error of Next once the engine's process has ended.
var ErrExited = errors.New("the engine exited")

// OutputError says why the engine's output could not be read (the engine
// was then stopped).
type OutputError struct{ msg string }

func (e *OutputError) Error() string { return e.msg }

// Process is an engine running as a child process.
type Process struct {
	command string
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	lines   chan string   // the engine's output, closed when it ends
	done    chan struct{} // closed when the process has ended
	quit    chan struct{} // closed when the client gives up on the engine
	quitOne sync.Once
	exitErr error // its exit status, once done is closed
	readErr error // why its output could not be read, once lines is closed
}

// Start runs the command line (split by Split).
func Start(commandLine string, o Options) (*Process, error) {
	words, err := Split(commandLine)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(words[0], words[1:]...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = o.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %q does not start: %w", commandLine, err)
	}
	p := &Process{command: commandLine, cmd: cmd, stdin: stdin,
		lines: make(chan string, o.Buffered), done: make(chan struct{}), quit: make(chan struct{})}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 0, min(4096, o.MaxLine+2)), o.MaxLine+2) // a larger first buffer would raise the bound
	read:
		for sc.Scan() {
			select {
			case p.lines <- sc.Text():
			case <-p.quit:
				break read
			}
		}
		if err := sc.Err(); err != nil {
			// An engine that breaks the protocol is stopped.
			p.readErr = &OutputError{fmt.Sprintf("reading its output: %v", err)}
			if errors.Is(err, bufio.ErrTooLong) {
				p.readErr = &OutputError{fmt.Sprintf("it wrote a line longer than %d bytes, the limit of %s, and was stopped", o.MaxLine, o.Line)}
			}
			p.Kill()
		}
		close(p.lines)
		io.Copy(io.Discard, stdout) // let a chatty engine finish writing
		p.exitErr = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// Send writes a line to the engine.
func (p *Process) Send(line string) error {
	_, err := io.WriteString(p.stdin, line+"\n")
	return err
}

// Next returns the engine's next line, until ctx ends: then the engine,
// hung or slow (it has lost on time), is killed, and the error is ctx's.
// Once the output has ended, the error is ErrExited, or an *OutputError
// if it could not be read.
func (p *Process) Next(ctx context.Context) (string, error) {
	select {
	case <-ctx.Done():
		p.Kill()
		return "", ctx.Err()
	case l, ok := <-p.lines:
		if !ok {
			if p.readErr != nil {
				return "", p.readErr
			}
			return "", ErrExited
		}
		return l, nil
	}
}

// Explain words an error of the engine's process for the referee: the end
// of a context as it is, an exit with its status, anything else (a broken
// protocol) with the engine's command line and what went wrong.
func (p *Process) Explain(err error) error {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return err
	}
	if errors.Is(err, ErrExited) || errors.Is(err, io.ErrClosedPipe) || strings.Contains(err.Error(), "broken pipe") {
		select {
		case <-p.done:
			if p.exitErr != nil {
				return fmt.Errorf("engine %q exited: %v", p.command, p.exitErr)
			}
		case <-time.After(100 * time.Millisecond):
		}
		return fmt.Errorf("engine %q exited", p.command)
	}
	return fmt.Errorf("engine %q: %w", p.command, err)
}

// Kill stops the engine at once.
func (p *Process) Kill() {
	p.quitOne.Do(func() { close(p.quit) })
	if p.cmd.Process != nil {
		p.cmd.Process.Kill()
	}
}

// Done returns a channel closed once the process has ended.
func (p *Process) Done() <-chan struct{} { return p.done }

// Close ends the engine: it sends last (if not empty), closes its input,
// and kills it if it has not exited within grace.
func (p *Process) Close(last string, grace time.Duration) {
	if last != "" {
		p.Send(last)
	}
	p.stdin.Close()
	p.quitOne.Do(func() { close(p.quit) })
	select {
	case <-p.done:
	case <-time.After(grace):
		p.Kill()
		<-p.done
	}
}
