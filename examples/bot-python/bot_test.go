package botpython

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/examples/internal/serve"
)

// python returns python3's path; without it the test skips, and under CI
// (which installs it) fails.
func python(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("no python3 (.ci/run installs it)")
		}
		t.Skip("no python3 to run the example bot")
	}
	return p
}

// TestBotPlaysAGame runs bot.py with python3 against a real server to the
// end of a game: it exits 0, says the result and the moves it played, and
// the server holds the finished game with the bot's name.
func TestBotPlaysAGame(t *testing.T) {
	py := python(t)
	url, st := serve.Start(t)
	out, err := exec.Command(py, "bot.py", "--server", url, "--opponent", "greedy").CombinedOutput()
	if err != nil {
		t.Fatalf("bot.py: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "game over: ") || !strings.Contains(string(out), "played ") {
		t.Fatalf("bot.py did not play and say the result:\n%s", out)
	}
	serve.OneFinishedGame(t, st, "bot-python")
}

// TestBotSaysTheServersError: a game that does not exist gets the
// server's message and exit status 1, not a traceback.
func TestBotSaysTheServersError(t *testing.T) {
	py := python(t)
	url, _ := serve.Start(t)
	cmd := exec.Command(py, "bot.py", "--server", url, "--game", "nosuchgame", "--token", "x", "--colour", "white")
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 1 || strings.Contains(string(out), "Traceback") || !strings.Contains(string(out), "404") {
		t.Fatalf("exit %v:\n%s", err, out)
	}
}
