package tui

import (
	"os"
	"testing"

	"github.com/reversi-engine/reversi/internal/testproc"
)

// TestMain runs the tests with East Asian ambiguous characters (● ○ ·
// ◀) one column wide, as the expected screens are drawn, whatever
// RUNEWIDTH_EASTASIAN says (testproc.RunNarrow).
func TestMain(m *testing.M) {
	if code, ran := testproc.RunNarrow(); ran {
		os.Exit(code)
	}
	os.Exit(m.Run())
}
