package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// reversiBinary builds the real command once for the tests that drive it
// as a user or a GUI would, through pipes.
func reversiBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "reversi-test")
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(dir, "reversi")
		out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput()
		if err != nil {
			buildErr = err
			binary = string(out)
		}
	})
	if buildErr != nil {
		t.Fatalf("go build: %v\n%s", buildErr, binary)
	}
	return binary
}

// TestNBoardBinary drives "reversi nboard" through a pipe as a GUI does.
func TestNBoardBinary(t *testing.T) {
	cmd := exec.Command(reversiBinary(t), "nboard", "--threads", "1", "--hash", "4")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	expect := func(prefix string) string {
		t.Helper()
		deadline := time.After(30 * time.Second)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("the engine exited before %q", prefix)
				}
				if strings.HasPrefix(l, prefix) {
					return l
				}
			case <-deadline:
				t.Fatalf("no %q within 30 s", prefix)
			}
		}
	}
	io.WriteString(stdin, "nboard 2\n")
	expect("set myname reversi")
	io.WriteString(stdin, "set depth 6\nset game (;GM[Othello]PC[x]PB[a]PW[b]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6];)\nping 1\n")
	expect("pong 1")
	io.WriteString(stdin, "go\n")
	move := expect("=== ")
	sq := strings.Split(strings.TrimPrefix(move, "=== "), "/")[0]
	g := game.New(board.Start(), game.Standard)
	g.PlayTranscript("f5f6")
	if played, err := board.ParseSquare(sq); err != nil || g.Legal()&played.Bit() == 0 {
		t.Errorf("go answered %q: not a legal move after f5 f6 (%s)", move, board.FormatSquares(g.Legal()))
	}
	io.WriteString(stdin, "move "+sq+"\nmove zz\nping 2\n")
	if l := expect("status move zz"); !strings.Contains(l, "not a square") {
		t.Errorf("bad move: %q", l)
	}
	expect("pong 2")
	stdin.Close()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("the engine exited with %v at the end of its input", err)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("the engine did not exit at the end of its input")
	}
}
