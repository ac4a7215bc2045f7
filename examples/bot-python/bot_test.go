package botpython

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

// TestBotPlaysAGame runs bot.py with python3 against a real server to the
// end of a game: it exits 0, says the result, and the server holds the
// finished game with the bot's name and every move it said it played.
func TestBotPlaysAGame(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("no python3 (.ci/run installs it)")
		}
		t.Skip("no python3 to run the example bot")
	}
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := server.New(server.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()

	out, err := exec.Command(python, "bot.py", "--server", hs.URL, "--opponent", "greedy").CombinedOutput()
	if err != nil {
		t.Fatalf("bot.py: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "game over: ") {
		t.Fatalf("bot.py did not say the result:\n%s", out)
	}
	played := strings.Count(string(out), "played ")
	games, err := st.List(context.Background(), store.ListOptions{})
	if err != nil || len(games) != 1 || !games[0].Finished {
		t.Fatalf("games after the bot's game: %+v, %v", games, err)
	}
	if games[0].Black != "bot-python" {
		t.Errorf("black is %q, want bot-python", games[0].Black)
	}
	if played == 0 {
		t.Errorf("the bot played no move:\n%s", out)
	}
}

// TestBotSaysTheServersError: a game that does not exist gets the
// server's message and exit status 1, not a traceback.
func TestBotSaysTheServersError(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("no python3 (.ci/run installs it)")
		}
		t.Skip("no python3 to run the example bot")
	}
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "bot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := server.New(server.Config{Store: st})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler())
	defer hs.Close()
	cmd := exec.Command(python, "bot.py", "--server", hs.URL, "--game", "nosuchgame", "--token", "x", "--colour", "white")
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != 1 || strings.Contains(string(out), "Traceback") || !strings.Contains(string(out), "404") {
		t.Fatalf("exit %v:\n%s", err, out)
	}
}
