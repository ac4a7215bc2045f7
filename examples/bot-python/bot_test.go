package botpython

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/examples/internal/serve"
	"github.com/reversi-engine/reversi/internal/testproc"
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

// TestBotPlaysTheArena runs bot.py with a bot account's key against a
// real server: it declares what it accepts, the server accepts a
// person's seek for it, and it plays the game (moves without tokens)
// until the person resigns, says the result and exits 0.
func TestBotPlaysTheArena(t *testing.T) {
	py := python(t)
	url, st := serve.Start(t)
	coach := serve.Register(t, url, "coach")
	key := coach.Bot("pybot")
	cmd := exec.Command(py, "bot.py", "--server", url, "--key", key, "--accept", "blitz", "--games", "1")
	var out testproc.Output
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// The bot is online once it has declared what it accepts.
	deadline := time.Now().Add(time.Minute)
	var seek struct{ ID string }
	for !strings.Contains(out.String(), "waits for games") {
		if time.Now().After(deadline) {
			t.Fatalf("the bot never said it waits:\n%s", out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	coach.Do("POST", "/api/lobby/seeks", map[string]any{"game_time": "5m", "color": "black"}, &seek)
	var game string
	for game == "" {
		var o struct{ State, Game string }
		coach.Do("GET", "/api/lobby/offers/"+seek.ID, nil, &o)
		game = o.Game
		if time.Now().After(deadline) {
			t.Fatalf("the bot never took the seek:\n%s", out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The coach (Black) moves, the bot answers, the coach resigns.
	var state struct {
		Turn  string
		Legal []string
		Moves []any
	}
	coach.Do("GET", "/api/games/"+game, nil, &state)
	coach.Do("POST", "/api/games/"+game+"/move", map[string]string{"move": state.Legal[0]}, nil)
	for len(state.Moves) < 2 {
		coach.Do("GET", "/api/games/"+game, nil, &state)
		if time.Now().After(deadline) {
			t.Fatalf("the bot never moved:\n%s", out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	coach.Do("POST", "/api/games/"+game+"/resign", map[string]string{}, nil)
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("bot.py: %v\n%s", err, out.String())
		}
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatalf("bot.py did not end after its game:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "game over: "+game) || !strings.Contains(out.String(), "played ") {
		t.Fatalf("bot.py did not play and say the result:\n%s", out.String())
	}
	serve.OneFinishedGame(t, st, "coach")
}

// TestBotsPlayATournament: two copies of bot.py, each with its bot's key,
// are entered in a round robin that their person creates and starts; the
// server makes their game, they play it to its end by themselves, and the
// tournament's standings give the winner its point.
func TestBotsPlayATournament(t *testing.T) {
	py := python(t)
	url, _ := serve.Start(t)
	coach := serve.Register(t, url, "coach")
	var outs [2]*testproc.Output
	var exited [2]chan error // each bot's end: it stops after its one game
	for i, name := range []string{"pyone", "pytwo"} {
		key := coach.Bot(name)
		cmd := exec.Command(py, "bot.py", "--server", url, "--key", key, "--games", "1")
		outs[i] = &testproc.Output{}
		cmd.Stdout, cmd.Stderr = outs[i], outs[i]
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited[i] = make(chan error, 1)
		go func() { exited[i] <- cmd.Wait() }()
		t.Cleanup(func() { cmd.Process.Kill() })
	}
	var created struct{ ID string }
	coach.Do("POST", "/api/tournaments", map[string]any{"name": "Class X", "kind": "round-robin", "game_time": "5m",
		"entrants": []string{"pyone", "pytwo"}}, &created)
	coach.Do("POST", "/api/tournaments/"+created.ID+"/start", map[string]string{}, nil)
	var v struct {
		Status    string
		Standings []struct {
			Player struct{ Name string }
			Points float64
			Games  int
		}
	}
	deadline := time.Now().Add(3 * time.Minute)
	for v.Status != "finished" {
		if time.Now().After(deadline) {
			t.Fatalf("the tournament did not end: %+v\n%s\n%s", v, outs[0], outs[1])
		}
		time.Sleep(100 * time.Millisecond)
		coach.Do("GET", "/api/tournaments/"+created.ID, nil, &v)
	}
	total := 0.0
	for _, s := range v.Standings {
		total += s.Points
		if s.Games != 1 {
			t.Errorf("%s played %d games, want 1", s.Player.Name, s.Games)
		}
	}
	if total != 1 {
		t.Errorf("%v points in all, want 1 (one game)", total)
	}
	// The tournament can be over on the server before a bot has seen
	// its game end: each says the result and stops by itself.
	for i, out := range outs {
		select {
		case err := <-exited[i]:
			if err != nil {
				t.Errorf("bot %d: %v\n%s", i, err, out)
			}
		case <-time.After(time.Minute):
			t.Fatalf("bot %d did not stop after its game:\n%s", i, out)
		}
		if !strings.Contains(out.String(), "game over: ") || !strings.Contains(out.String(), "played ") {
			t.Errorf("bot %d did not play and say the result:\n%s", i, out)
		}
	}
}
