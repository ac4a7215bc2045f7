package main

import (
	"fmt"
	"os"
	"testing"

	"github.com/reversi-engine/reversi/internal/testproc"
)

// TestMain runs the tests and then removes the binary that reversiBinary
// built. The tests run with East Asian ambiguous characters (● ○ · ◀)
// one column wide, in the terminal emulator of the screen tests as in the
// binary they drive (startScreen gives it RUNEWIDTH_EASTASIAN=0),
// whatever RUNEWIDTH_EASTASIAN says (testproc.RunNarrow).
func TestMain(m *testing.M) {
	if code, ran := testproc.RunNarrow(); ran {
		os.Exit(code)
	}
	code := m.Run()
	if builtDir != "" {
		if err := os.RemoveAll(builtDir); err != nil {
			fmt.Fprintf(os.Stderr, "removing the test build of reversi: %v\n", err)
		}
	}
	os.Exit(code)
}
