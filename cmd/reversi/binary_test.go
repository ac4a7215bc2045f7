package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/testproc"
	"github.com/reversi-engine/reversi/store/postgres/pgtest"
)

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
	// builtDir is the temporary directory of the build, which TestMain
	// removes after the tests; "" if there is none.
	builtDir string
)

// runBinary runs the command bin with args, input as its standard input,
// and returns its standard output and error and how it ended.
func runBinary(bin, input string, args ...string) (stdout, stderr string, err error) {
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(input)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.String(), errOut.String(), err
}

// reversiBinary builds the real command once for the tests that drive it
// as a user or a GUI would, through pipes.
func reversiBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		if b := os.Getenv("REVERSI_TEST_BINARY"); b != "" {
			// Another build (an older commit's, say), to see which of
			// these tests it fails.
			binary = b
			return
		}
		dir, err := os.MkdirTemp("", "reversi-test")
		if err != nil {
			buildErr = err
			return
		}
		builtDir = dir
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

// quoteWord quotes s as one word of a command line, split as
// nboard.Start and gtp.Start (an engine's, after "nboard:" or "gtp:") and a
// POSIX shell split it: in single quotes, each single quote of s closing
// them, escaped with a backslash, and opening them again. A path with
// spaces (a TMPDIR's) stays one word.
func quoteWord(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// TestNBoardBinary drives "reversi nboard" through a pipe as a GUI does.
func TestNBoardBinary(t *testing.T) {
	cmd := exec.Command(reversiBinary(t), "nboard", "--threads", "1", "--hash", "4")
	testproc.DieWithTest(cmd)
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

// startServer runs "reversi serve" on a free port with the given database
// and returns its base URL and the process.
func startServer(t *testing.T, db string, flags ...string) (string, *exec.Cmd) {
	t.Helper()
	url, _, cmd := startServerSays(t, db, flags...)
	return url, cmd
}

// startServerSays is startServer that also returns the first line the
// server printed.
func startServerSays(t *testing.T, db string, flags ...string) (string, string, *exec.Cmd) {
	t.Helper()
	url, line, cmd, _ := startServerLogs(t, db, flags...)
	return url, line, cmd
}

// startServerLogs is startServerSays that also returns the file of the
// server's logs (its standard error).
func startServerLogs(t *testing.T, db string, flags ...string) (url, line string, cmd *exec.Cmd, logFile string) {
	t.Helper()
	cmd = exec.Command(reversiBinary(t), append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db}, flags...)...)
	testproc.DieWithTest(cmd) // and the engines it starts see the end of their input
	logs, err := os.CreateTemp(t.TempDir(), "server-*.log")
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = logs
	t.Cleanup(func() { // the server's logs, when the test failed
		if t.Failed() {
			text, _ := os.ReadFile(logs.Name())
			t.Logf("logs of the server on %s:\n%s", db, text)
		}
	})
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	sc := bufio.NewScanner(out)
	if !sc.Scan() {
		t.Fatalf("the server printed nothing")
	}
	line = sc.Text()
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("no address in %q", line)
	}
	url = strings.TrimSuffix(strings.Fields(line[i:])[0], "/")
	go io.Copy(io.Discard, out)
	return url, line, cmd, logs.Name()
}

func postJSON(t *testing.T, url string, body string) (int, map[string]any) {
	t.Helper()
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return resp.StatusCode, out
}

func getState(t *testing.T, url string) map[string]any {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	json.NewDecoder(resp.Body).Decode(&out)
	return out
}

// TestServerSurvivesSIGKILL kills the real server with SIGKILL in the
// middle of a game, starts it again on the same database, and checks
// that every acknowledged move is there and the game goes on.
func TestServerSurvivesSIGKILL(t *testing.T) {
	db := filepath.Join(t.TempDir(), "kill.db")
	url, cmd := startServer(t, db)
	code, g := postJSON(t, url+"/api/games", `{"black":{"kind":"bot","name":"b"},"white":{"kind":"builtin","spec":"roxanne"}}`)
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	id := g["id"].(string)
	token := g["tokens"].(map[string]any)["black"].(string)
	acked := 0
	for acked < 6 {
		s := getState(t, url+"/api/games/"+id)
		if s["turn"] != "black" {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		mv := s["legal"].([]any)[0].(string)
		if code, _ := postJSON(t, url+"/api/games/"+id+"/move", `{"token":"`+token+`","move":"`+mv+`"}`); code != 200 {
			t.Fatalf("move: %d", code)
		}
		acked++
	}
	before := getState(t, url+"/api/games/"+id)
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	url, line, _ := startServerSays(t, db)
	if !strings.Contains(line, ", 1 game resumed)") { // issue 19: not "1 games"
		t.Errorf("the restarted server says %q, want \"1 game resumed\"", line)
	}
	after := getState(t, url+"/api/games/"+id)
	bm, am := before["moves"].([]any), after["moves"].([]any)
	// Every move the server showed before the kill was stored first.
	if !strings.HasPrefix(after["transcript"].(string), before["transcript"].(string)) || len(am) < len(bm) || after["status"] != "playing" {
		t.Fatalf("after SIGKILL and restart: %d moves (%v), before %d; %d acknowledged moves of black", len(am), after["status"], len(bm), acked)
	}
	// Black's six acknowledged moves are all there.
	black := 0
	for _, m := range am {
		if m.(map[string]any)["color"] == "black" {
			black++
		}
	}
	if black < acked {
		t.Fatalf("%d of black's %d acknowledged moves survived", black, acked)
	}
	// The game goes on (the bound is for a loaded machine; a game that
	// did not resume would wait for ever).
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); {
		s := getState(t, url+"/api/games/"+id)
		if s["turn"] == "black" {
			mv := s["legal"].([]any)[0].(string)
			if code, body := postJSON(t, url+"/api/games/"+id+"/move", `{"token":"`+token+`","move":"`+mv+`"}`); code != 200 {
				t.Fatalf("a move after the restart: %d %v", code, body)
			}
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the game did not continue after the restart")
}

// TestTwoServerProcesses runs two real servers on one PostgreSQL
// database: a bot plays a game against a built-in player through both,
// each server shows every move; then the server that referees the game
// is killed with SIGKILL, and the game goes on through the other one
// once the lease runs out, with every acknowledged move kept.
//
// The lease is 5 s (renewed every 1.67 s): a sweep of the referee's
// server delayed by a loaded machine by less than 3.3 s does not let the
// other take the game over before the kill (with 2 s, 1.33 s could). The
// waits are bounds for a loaded machine, not what the steps take: a
// refused move through either server is retried for 10 s, and after the
// kill the take-over (the lease running out, a sweep) and a reply have
// the lease and 20 s. A game that is not taken over still fails, after
// them.
func TestTwoServerProcesses(t *testing.T) {
	const lease = 5 * time.Second
	dsn := pgtest.FreshDSN(t)
	urlA, cmdA := startServer(t, dsn, "--lease", lease.String())
	urlB, _ := startServer(t, dsn, "--lease", lease.String())
	code, g := postJSON(t, urlA+"/api/games", `{"black":{"kind":"bot","name":"b"},"white":{"kind":"builtin","spec":"roxanne"}}`)
	if code != 201 {
		t.Fatalf("create: %d %v", code, g)
	}
	id := g["id"].(string)
	token := g["tokens"].(map[string]any)["black"].(string)
	// play makes black's next move through url, waiting for its turn
	// (the other server's view may be some milliseconds behind: a refusal
	// is retried for retryFor); it returns false when the game is over.
	play := func(url string, retryFor time.Duration) bool {
		t.Helper()
		deadline := time.Now().Add(retryFor)
		for time.Now().Before(deadline.Add(10 * time.Second)) {
			s := getState(t, url+"/api/games/"+id)
			if s["status"] == "finished" {
				return false
			}
			if s["turn"] != "black" {
				time.Sleep(10 * time.Millisecond)
				continue
			}
			mv := s["legal"].([]any)[0].(string)
			code, body := postJSON(t, url+"/api/games/"+id+"/move", `{"token":"`+token+`","move":"`+mv+`"}`)
			if code == 200 {
				return true
			}
			if time.Now().After(deadline) {
				t.Fatalf("move %s through %s: %d %v", mv, url, code, body)
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("black's move never went through %s", url)
		return false
	}
	acked := 0
	for i := 0; i < 6; i++ {
		play([]string{urlA, urlB}[i%2], 10*time.Second)
		acked++
	}
	// Both servers show the same game.
	var sa, sb map[string]any
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); {
		sa, sb = getState(t, urlA+"/api/games/"+id), getState(t, urlB+"/api/games/"+id)
		if sa["transcript"] == sb["transcript"] && sa["version"] == sb["version"] {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if sa["transcript"] != sb["transcript"] || sa["version"] != sb["version"] {
		t.Fatalf("server A shows %v (v%v), server B %v (v%v)", sa["transcript"], sa["version"], sb["transcript"], sb["version"])
	}
	// Kill the referee's server; the game goes on through B.
	cmdA.Process.Signal(syscall.SIGKILL)
	cmdA.Wait()
	for acked < 12 && play(urlB, lease+20*time.Second) {
		acked++
	}
	s := getState(t, urlB+"/api/games/"+id)
	if !strings.HasPrefix(s["transcript"].(string), sa["transcript"].(string)) {
		t.Fatalf("after the kill: %v, before %v", s["transcript"], sa["transcript"])
	}
	black := 0
	for _, m := range s["moves"].([]any) {
		if m.(map[string]any)["color"] == "black" {
			black++
		}
	}
	if black != acked || acked < 8 {
		t.Fatalf("%d moves of black stored, %d acknowledged", black, acked)
	}
}
