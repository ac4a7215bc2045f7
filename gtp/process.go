// The engine's process: started from a command line, its output read
// line by line, stopped when it misbehaves or the game is over.

package gtp

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

	"github.com/reversi-engine/reversi/nboard"
)

// process is an engine running as a child process. It is what
// nboard.Client does for its engines, for a protocol whose answers are
// read line by line (see the package comment).
type process struct {
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

// startProcess runs the command line (split as nboard.SplitCommand
// splits it) with its standard error to stderr (nil: discarded).
func startProcess(commandLine string, stderr io.Writer) (*process, error) {
	words, err := nboard.SplitCommand(commandLine)
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
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %q does not start: %w", commandLine, err)
	}
	p := &process{command: commandLine, cmd: cmd, stdin: stdin,
		lines: make(chan string, 64), done: make(chan struct{}), quit: make(chan struct{})}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 0, 4096), DefaultMaxLine+2)
	read:
		for sc.Scan() {
			select {
			case p.lines <- sc.Text():
			case <-p.quit:
				break read
			}
		}
		if err := sc.Err(); err != nil {
			p.readErr = fmt.Errorf("reading its output: %v", err)
			if errors.Is(err, bufio.ErrTooLong) {
				p.readErr = fmt.Errorf("it wrote a line longer than %d bytes, the limit of a GTP line, and was stopped", DefaultMaxLine)
			}
			p.kill()
		}
		close(p.lines)
		io.Copy(io.Discard, stdout) // let a chatty engine finish writing
		p.exitErr = cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

// errExited is the error of an engine whose process has ended.
var errExited = errors.New("the engine exited")

// send writes a line to the engine.
func (p *process) send(line string) error {
	_, err := io.WriteString(p.stdin, line+"\n")
	return err
}

// next returns the engine's next line, until ctx ends.
func (p *process) next(ctx context.Context) (string, error) {
	select {
	case <-ctx.Done():
		return "", ctx.Err()
	case l, ok := <-p.lines:
		if !ok {
			if p.readErr != nil {
				return "", p.readErr
			}
			return "", errExited
		}
		return l, nil
	}
}

// explain words an error of the engine's process for the referee: an
// exit with its status, a broken protocol with what went wrong.
func (p *process) explain(err error) error {
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return err
	}
	if errors.Is(err, errExited) || errors.Is(err, io.ErrClosedPipe) || strings.Contains(err.Error(), "broken pipe") {
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

// kill stops the engine at once.
func (p *process) kill() {
	p.quitOne.Do(func() { close(p.quit) })
	if p.cmd.Process != nil {
		p.cmd.Process.Kill()
	}
}

// close ends the engine: it sends last (if not empty), closes its input,
// and kills it if it has not exited within grace.
func (p *process) close(last string, grace time.Duration) {
	if last != "" {
		p.send(last)
	}
	p.stdin.Close()
	p.quitOne.Do(func() { close(p.quit) })
	select {
	case <-p.done:
	case <-time.After(grace):
		p.kill()
		<-p.done
	}
}
