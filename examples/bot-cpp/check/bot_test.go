package check

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/examples/internal/serve"
)

// build compiles bot.cpp; without g++, libcurl's or nlohmann/json's
// headers the test skips, and under CI (which installs them) fails.
func build(t *testing.T) string {
	t.Helper()
	missing := func(why string, out []byte) string {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s (.ci/run installs g++, libcurl4-openssl-dev and nlohmann-json3-dev)\n%s", why, out)
		}
		t.Skipf("%s: the C++ example bot is not built\n%s", why, out)
		return ""
	}
	gxx, err := exec.LookPath("g++")
	if err != nil {
		return missing("no g++", nil)
	}
	bin := filepath.Join(t.TempDir(), "bot")
	out, err := exec.Command(gxx, "-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", "-o", bin, filepath.Join("..", "bot.cpp"), "-lcurl").CombinedOutput()
	if err != nil {
		if strings.Contains(string(out), "No such file or directory") || strings.Contains(string(out), "cannot find -lcurl") {
			return missing("no libcurl or nlohmann/json headers", out)
		}
		t.Fatalf("g++ bot.cpp: %v\n%s", err, out)
	}
	return bin
}

// TestBotPlaysAGame: the bot plays a game to the end against a real
// server: it exits 0, says the result, and the server holds the finished
// game under the bot's name.
func TestBotPlaysAGame(t *testing.T) {
	bin := build(t)
	url, st := serve.Start(t)
	out, err := exec.Command(bin, "--server", url, "--opponent", "greedy").CombinedOutput()
	if err != nil {
		t.Fatalf("bot: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "game over: ") || !strings.Contains(string(out), "played ") {
		t.Fatalf("the bot did not play and say the result:\n%s", out)
	}
	serve.OneFinishedGame(t, st, "bot-cpp")
}

// TestBotSaysTheServersError: a game that does not exist gets the
// server's message and exit status 1; bad arguments exit 2.
func TestBotSaysTheServersError(t *testing.T) {
	bin := build(t)
	url, _ := serve.Start(t)
	for _, tc := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"--server", url, "--game", "nosuchgame", "--token", "x", "--colour", "white"}, 1, "404"},
		{[]string{"--game", "g"}, 2, "--game needs --token"},
		{[]string{"--colour"}, 2, "needs a value"},
	} {
		cmd := exec.Command(bin, tc.args...)
		out, _ := cmd.CombinedOutput()
		if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != tc.code || !strings.Contains(string(out), tc.says) {
			t.Errorf("%v: exit %v, want %d saying %q:\n%s", tc.args, cmd.ProcessState, tc.code, tc.says, out)
		}
	}
}
