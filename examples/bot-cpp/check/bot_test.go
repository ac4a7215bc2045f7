package check

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/examples/internal/serve"
	"github.com/reversi-engine/reversi/internal/testproc"
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

// TestBotPlaysTheLobby runs the bot with a bot account's key against a
// real server: it declares what it accepts, the server accepts a person's
// seek for it, and it plays the game by its key to the end (the person
// playing by her session), then exits 0 having said the result.
func TestBotPlaysTheLobby(t *testing.T) {
	bin := build(t)
	url, st := serve.Start(t)
	ann := serve.Register(t, url, "ann")
	key := ann.Bot("cppbot")
	cmd := exec.Command(bin, "--server", url, "--key", key, "--accept", "blitz", "--casual", "--games", "1")
	var out testproc.Output
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() { cmd.Process.Kill() })
	deadline := time.Now().Add(5 * time.Minute) // bounds a wait that would never end
	game := ann.LobbyGame(deadline, out.String)
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("bot: %v\n%s", err, out.String())
		}
	case <-time.After(time.Until(deadline)):
		t.Fatalf("the bot did not end:\n%s", out.String())
	}
	if s := out.String(); !strings.Contains(s, "accepting blitz") || !strings.Contains(s, ": played ") || !strings.Contains(s, "game "+game+" over: ") {
		t.Fatalf("the bot did not say what it accepts, its moves and the result:\n%s", s)
	}
	g, err := st.Get(context.Background(), game)
	if err != nil || g.Result == nil || g.Seats[0].Name != "ann" || g.Seats[1].Name != "cppbot" {
		t.Fatalf("the game: %+v, %v", g, err)
	}
}
