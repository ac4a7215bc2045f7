//go:build !windows

package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
)

// screenTerm is the real reversi binary in a pseudo-terminal, its screen
// kept by a terminal emulator as a person would see it.
type screenTerm struct {
	t    *testing.T
	cmd  *exec.Cmd
	tty  *os.File
	term *vt.SafeEmulator
	// mu guards term between the copy of the program's output into it
	// and the reads of its screen: SafeEmulator's String does not lock.
	mu   sync.Mutex
	done chan error // the command's end
}

// Write passes the program's output to the emulator, under mu.
func (s *screenTerm) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.term.Write(p)
}

const screenCols, screenRows = 100, 30

func startScreen(t *testing.T, args ...string) *screenTerm {
	t.Helper()
	return startScreenOf(t, reversiBinary(t), args...)
}

// screenEnv is the environment of the program on the screen: this one's,
// with a terminal the emulator understands, the C locale (English, as
// the tests expect unless they pass --lang) and ambiguous-width
// characters (● ○ ·) one column wide, as the emulator counts them
// (TestMain sees to that), whatever RUNEWIDTH_EASTASIAN or the locale
// (LC_CTYPE, which go-runewidth reads) say here. Of a name set twice, the
// last counts.
func screenEnv() []string {
	return append(os.Environ(), "TERM=xterm-256color", "LC_ALL=", "LC_MESSAGES=", "LC_CTYPE=", "LANG=C.UTF-8", "RUNEWIDTH_EASTASIAN=0")
}

// screen returns the text of the screen.
func (s *screenTerm) screen() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.term.String()
}

// waitFor waits until the screen, the same for a moment (a whole frame),
// satisfies ok, and returns it.
func (s *screenTerm) waitFor(what string, ok func(string) bool) string {
	s.t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	prev := ""
	for time.Now().Before(deadline) {
		cur := s.screen()
		if cur == prev && ok(cur) {
			return cur
		}
		prev = cur
		time.Sleep(50 * time.Millisecond)
	}
	s.t.Fatalf("waiting for %s; the screen:\n%s", what, s.screen())
	return ""
}

func (s *screenTerm) keys(k string) {
	s.t.Helper()
	if _, err := s.tty.Write([]byte(k)); err != nil {
		s.t.Fatal(err)
	}
}

// boardOf reads the board of a screen: each square's disc (●, ○), legal
// mark (·) or blank, and where the cursor is.
func boardOf(screen string) (cells [8][8]rune, cursorRow, cursorCol int, ok bool) {
	found := 0
	cursorRow = -1
	for _, line := range strings.Split(screen, "\n") {
		r := []rune(line)
		if len(r) == 0 || r[0] < '1' || r[0] > '8' || len(r) > 1 && r[1] != ' ' {
			continue
		}
		row := int(r[0] - '1')
		for col := 0; col < 8; col++ {
			at := func(i int) rune {
				if i < len(r) {
					return r[i]
				}
				return ' '
			}
			cells[row][col] = at(3 + 3*col)
			if at(2+3*col) == '[' {
				cursorRow, cursorCol = row, col
			}
		}
		found++
	}
	return cells, cursorRow, cursorCol, found == 8
}

func discsOn(cells [8][8]rune) int {
	n := 0
	for _, row := range cells {
		for _, c := range row {
			if c == '●' || c == '○' {
				n++
			}
		}
	}
	return n
}

// TestPlayScreenBinary plays whole games in the full-screen UI of the real
// binary in a pseudo-terminal, as a person does, with keys only: the
// cursor moved by the arrow keys and hjkl to the first legal move, or the
// square typed, and Enter (or space); against a fast computer, and two
// humans at one terminal in Chinese. The result screen is checked against
// the board, q leaves it, and the terminal is left on its main screen
// with the result written as the line mode writes it.
func TestPlayScreenBinary(t *testing.T) {
	for _, tc := range []struct {
		name     string
		args     []string
		yourMove string // the status of a human's turn
		over     string // the title of the result
		result   *regexp.Regexp
	}{
		{"human against random", []string{"--white", "random", "--lang", "en"}, "your move", "Game over.",
			regexp.MustCompile(`(\(black\) wins|\(white\) wins|Draw), (\d+)-(\d+)`)},
		{"two humans in Chinese", []string{"--white", "human", "--lang", "zh-Hans"}, "轮到你落子", "对局结束。",
			regexp.MustCompile(`(黑方获胜|白方获胜|和棋)，(\d+)-(\d+)`)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startScreen(t, append([]string{"play", "--seed", "7", "--time", "0"}, tc.args...)...)
			moves := 0
			for {
				screen := s.waitFor("a turn or the end", func(sc string) bool {
					_, _, _, ok := boardOf(sc)
					return ok && (strings.Contains(sc, tc.yourMove) || strings.Contains(sc, tc.over))
				})
				cells, row, col, _ := boardOf(screen)
				if strings.Contains(screen, tc.over) {
					m := tc.result.FindStringSubmatch(screen)
					if m == nil {
						t.Fatalf("no result on the final screen:\n%s", screen)
					}
					black, white := 0, 0
					for _, row := range cells {
						black += strings.Count(string(row[:]), "●")
						white += strings.Count(string(row[:]), "○")
					}
					if m[2] != fmt.Sprint(black) || m[3] != fmt.Sprint(white) {
						t.Errorf("result %s-%s, board %d-%d:\n%s", m[2], m[3], black, white, screen)
					}
					break
				}
				if row < 0 {
					t.Fatalf("no cursor on a human's turn:\n%s", screen)
				}
				// The first legal move.
				tr, tcol := -1, -1
				for r := 0; r < 8 && tr < 0; r++ {
					for c := 0; c < 8; c++ {
						if cells[r][c] == '·' {
							tr, tcol = r, c
							break
						}
					}
				}
				if tr < 0 {
					t.Fatalf("no legal move marked on a human's turn:\n%s", screen)
				}
				before := discsOn(cells)
				switch moves % 3 {
				case 0: // arrows and Enter
					s.keys(strings.Repeat("\x1b[B", max(tr-row, 0)) + strings.Repeat("\x1b[A", max(row-tr, 0)) +
						strings.Repeat("\x1b[C", max(tcol-col, 0)) + strings.Repeat("\x1b[D", max(col-tcol, 0)) + "\r")
				case 1: // hjkl and space
					s.keys(strings.Repeat("j", max(tr-row, 0)) + strings.Repeat("k", max(row-tr, 0)) +
						strings.Repeat("l", max(tcol-col, 0)) + strings.Repeat("h", max(col-tcol, 0)) + " ")
				case 2: // the square typed, and Enter
					s.keys(fmt.Sprintf("%c%d\r", 'a'+tcol, tr+1))
				}
				moves++
				s.waitFor("the move on the board", func(sc string) bool {
					c, _, _, ok := boardOf(sc)
					return ok && discsOn(c) > before
				})
			}
			if moves < 2 {
				t.Errorf("the game ended after %d moves of the human", moves)
			}
			s.keys("q")
			select {
			case err := <-s.done:
				var exit *exec.ExitError
				if errors.As(err, &exit) || err != nil {
					t.Fatalf("reversi play: %v; the screen:\n%s", err, s.screen())
				}
			case <-time.After(60 * time.Second):
				t.Fatalf("q did not leave the result screen:\n%s", s.screen())
			}
			// The main screen again, with the result as the line mode
			// writes it.
			final := s.waitFor("the main screen", func(sc string) bool { return strings.Contains(sc, "Game: ") })
			if !strings.Contains(final, "Result: ") || strings.Contains(final, tc.over) {
				t.Errorf("after the game, the terminal shows:\n%s", final)
			}
		})
	}
}

// TestPlayScreenStopAndPlain checks, in a pseudo-terminal, that Ctrl-C
// stops a game of the full-screen UI and says so on the main screen, and
// that --plain keeps the line mode on a terminal.
func TestPlayScreenStopAndPlain(t *testing.T) {
	t.Run("Ctrl-C", func(t *testing.T) {
		s := startScreen(t, "play", "--white", "random", "--seed", "7", "--lang", "en")
		s.waitFor("the human's turn", func(sc string) bool { return strings.Contains(sc, "your move") })
		s.keys("\x03")
		select {
		case err := <-s.done:
			if err == nil {
				t.Error("a stopped game exits with 0")
			}
		case <-time.After(60 * time.Second):
			t.Fatalf("Ctrl-C did not stop the game:\n%s", s.screen())
		}
		final := s.waitFor("the main screen", func(sc string) bool { return strings.Contains(sc, "game stopped") })
		if strings.Contains(final, "your move") || strings.Contains(final, "time is up") || strings.Contains(final, "context canceled") {
			t.Errorf("after Ctrl-C the terminal shows:\n%s", final)
		}
	})
	t.Run("--plain", func(t *testing.T) {
		s := startScreen(t, "play", "--plain", "--white", "random", "--seed", "7")
		s.waitFor("the prompt", func(sc string) bool { return strings.Contains(sc, "black (X) to move, legal: D3 C4 F5 E6") })
		s.keys("Q\r")
		s.waitFor("the result", func(sc string) bool { return strings.Contains(sc, "Result: draw, 2-2") })
		select {
		case err := <-s.done:
			if err != nil {
				t.Errorf("reversi play --plain: %v", err)
			}
		case <-time.After(60 * time.Second):
			t.Fatalf("the game did not end:\n%s", s.screen())
		}
	})
}
