package check

import (
	"context"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/server"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/sqlite"
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

func newServer(t *testing.T) (*httptest.Server, store.Store) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	srv, err := server.New(server.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(hs.Close)
	return hs, st
}

// TestBotPlaysAGame: the bot plays a game to the end against a real
// server: it exits 0, says the result, and the server holds the finished
// game under the bot's name.
func TestBotPlaysAGame(t *testing.T) {
	bin := build(t)
	hs, st := newServer(t)
	out, err := exec.Command(bin, "--server", hs.URL, "--opponent", "greedy").CombinedOutput()
	if err != nil {
		t.Fatalf("bot: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "game over: ") || !strings.Contains(string(out), "played ") {
		t.Fatalf("the bot did not play and say the result:\n%s", out)
	}
	games, err := st.List(context.Background(), store.ListOptions{})
	if err != nil || len(games) != 1 || !games[0].Finished || games[0].Black != "bot-cpp" {
		t.Fatalf("games after the bot's game: %+v, %v", games, err)
	}
}

// TestBotSaysTheServersError: a game that does not exist gets the
// server's message and exit status 1; bad arguments exit 2.
func TestBotSaysTheServersError(t *testing.T) {
	bin := build(t)
	hs, _ := newServer(t)
	for _, tc := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"--server", hs.URL, "--game", "nosuchgame", "--token", "x", "--colour", "white"}, 1, "404"},
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
