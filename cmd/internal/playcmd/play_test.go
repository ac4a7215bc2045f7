package playcmd

import (
	"bytes"
	"errors"
	"flag"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/web"
)

// play runs reversi play with args and input as standard input, and
// returns its standard output, standard error and error.
func play(t *testing.T, input string, args ...string) (string, string, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := Play(t.Context(), &cli.Env{Stdin: strings.NewReader(input), Stdout: &stdout, Stderr: &stderr}, args)
	return stdout.String(), stderr.String(), err
}

// TestPlayParseFlagsIncrement: reversi play gives the referee the game clock
// and its increment, and refuses a negative increment or one without a
// game clock.
func TestPlayParseFlagsIncrement(t *testing.T) {
	tests := []struct {
		args      []string
		game, inc time.Duration
		wantErr   string
	}{
		{nil, 0, 0, ""},
		{[]string{"--game-time", "5m"}, 5 * time.Minute, 0, ""},
		{[]string{"--game-time", "5m", "--increment", "3s"}, 5 * time.Minute, 3 * time.Second, ""},
		{[]string{"--game-time", "1m", "--increment", "0"}, time.Minute, 0, ""},
		{[]string{"--increment", "3s"}, 0, 0, "--increment 3s: it adds to a game clock after each move; give --game-time too"},
		{[]string{"--game-time", "5m", "--increment", "-1s"}, 0, 0, "--increment -1s: want a positive duration"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var stderr bytes.Buffer
			e := &cli.Env{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &stderr}
			o, err := parseFlags(e, append([]string{"--black", "random", "--white", "greedy", "--seed", "1"}, tt.args...))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg := o.referee(nil); cfg.GameTime != tt.game || cfg.Increment != tt.inc {
				t.Errorf("the referee's clocks: %v a game, %v an increment; want %v, %v", cfg.GameTime, cfg.Increment, tt.game, tt.inc)
			}
		})
	}
}

// TestPlayDefaultOpponent: without --white, a person plays the engine at
// the web's default level, not a course heuristic (issue 31).
func TestPlayDefaultOpponent(t *testing.T) {
	stdout, stderr, err := play(t, "Q\n", "--seed", "1")
	if err != nil {
		t.Fatalf("%v; stderr:\n%s", err, stderr)
	}
	if want := "human (X, black) vs engine:level=" + strconv.Itoa(defaultLevel) + " (O, white)"; !strings.Contains(stdout, want) {
		t.Errorf("the game lacks %q:\n%s", want, stdout)
	}
}

// TestPlayDefaultLevelIsTheWebs: the level of reversi play's engine seats
// is the level of the web page's default opponent.
func TestPlayDefaultLevelIsTheWebs(t *testing.T) {
	js, err := web.Files.ReadFile("static/start.js")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`id: "opponent" }, options\(opponents\(\), "engine:level=(\d+)"\)`).FindSubmatch(js)
	if m == nil {
		t.Fatal("the start page's default opponent is not found in web/static/start.js")
	}
	if string(m[1]) != strconv.Itoa(defaultLevel) {
		t.Errorf("the web's default opponent is level %s, reversi play's %d", m[1], defaultLevel)
	}
}

// TestHelpTexts: reversi play -h prints its usage and help/play.txt.
func TestHelpTexts(t *testing.T) {
	_, stderr, err := play(t, "", "-h")
	first, _, _ := strings.Cut(help("play"), "\n")
	if !errors.Is(err, flag.ErrHelp) || !strings.HasPrefix(stderr, "Usage: reversi play ") || !strings.Contains(stderr, first) {
		t.Errorf("-h: %v, printed\n%s\nwant the usage and %q", err, stderr, first)
	}
}
