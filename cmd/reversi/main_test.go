package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/format/obf"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/testproc"
)

// runCommand runs the reversi command line args with input as standard
// input and returns the exit code, standard output and standard error.
func runCommand(t *testing.T, input string, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	e := &env{stdin: strings.NewReader(input), stdout: &stdout, stderr: &stderr}
	code := run(context.Background(), e, args)
	return code, stdout.String(), stderr.String()
}

// mustContain fails the test for every want that text lacks.
func mustContain(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

func TestHelp(t *testing.T) {
	tests := []struct {
		args  []string
		code  int
		wants []string
	}{
		{[]string{"help"}, 0, []string{"play", "perft", "bench", "help"}},
		{[]string{"--help"}, 0, []string{"Usage: reversi <command>"}},
		{[]string{"help", "players"}, 0, []string{"human", "roxanne", "evaporation[:endgame=N,seed=N]"}},
		{[]string{"help", "play"}, 0, []string{"Usage: reversi play", "-black"}},
		{[]string{"play", "-h"}, 0, []string{"Usage: reversi play"}},
		{[]string{"perft", "-h"}, 0, []string{"Usage: reversi perft", "-depth"}},
		{[]string{"bench", "-h"}, 0, []string{"Usage: reversi bench"}},
		{[]string{}, 2, []string{"Commands:"}},
		{[]string{"fly"}, 2, []string{`unknown command "fly"`}},
		{[]string{"help", "fly"}, 2, []string{`no help for "fly"`}},
		{[]string{"perft", "--depht", "3"}, 2, []string{"flag provided but not defined: -depht"}},
		{[]string{"perft", "extra"}, 2, []string{`unexpected argument "extra"`}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCommand(t, "", tt.args...)
			if code != tt.code {
				t.Errorf("exit code %d, want %d; stderr:\n%s", code, tt.code, stderr)
			}
			mustContain(t, "output", stdout+stderr, tt.wants...)
		})
	}
}

// TestHelpTableAligned: the summaries of "reversi help" start in one
// column, whatever the length of the commands' names (issue 19).
func TestHelpTableAligned(t *testing.T) {
	_, stdout, _ := runCommand(t, "", "help")
	_, table, _ := strings.Cut(stdout, "Commands:\n")
	table, _, _ = strings.Cut(table, "\n\n")
	column := -1
	for _, line := range strings.Split(table, "\n") {
		name := strings.Fields(line)[0]
		at := strings.Index(line, name) + len(name)
		at += len(line[at:]) - len(strings.TrimLeft(line[at:], " "))
		if column < 0 {
			column = at
		}
		if at != column || line[at-2:at] != "  " {
			t.Errorf("%q: the summary starts at column %d, want %d and two spaces before it:\n%s", line, at, column, table)
		}
	}
	if n := strings.Count(table, "\n") + 1; n != len(commands) {
		t.Errorf("%d lines in the table, want %d", n, len(commands))
	}
}

func TestPlayHumanThroughAPipe(t *testing.T) {
	input := "c9\ne3\nd3\nundo\nf5\nmoves\npa\nQ\n"
	code, stdout, stderr := runCommand(t, input, "play", "--seed", "3", "--white", "roxanne")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	mustContain(t, "the game", stdout,
		"human (X, black) vs roxanne (O, white)",
		"    A B C D E F G H",
		"C9 is not a square",
		"E3 is not legal here; legal moves: D3 C4 F5 E6 (2 illegal moves left before you lose)",
		"human plays D3",
		"human takes back a move",
		"human plays F5",
		"you cannot pass",
		"black stopped and counted",
		"Game: f5",
	)
}

// TestPlayResignAndCount ends a game in the terminal while black (the
// human, to move) leads 4-1: resigning loses, Q counts the discs.
func TestPlayResignAndCount(t *testing.T) {
	const ahead = "------------------------" + "---OX---" + "---XXX--" + "------------------------ X"
	tests := []struct {
		name, input string
		wants       []string
	}{
		{"resign while ahead loses", "resign\n", []string{"Result: roxanne (white) wins: black resigned; tournament score -64 for black (all 64 to the winner); discs on the board 4-1"}},
		{"Q counts", "Q\n", []string{"Result: human (black) wins, 4-1: tournament score +62 for black (empties to the winner), disc margin +3; black stopped and counted"}},
		{"count counts", "count\n", []string{"black stopped and counted"}},
		{"quit is ambiguous", "quit\nresign\n", []string{"type 'resign' to give up (you lose, whatever the discs), or Q (or 'count') to stop and count", "black resigned"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCommand(t, tt.input, "play", "--seed", "1", "--board", ahead, "--white", "roxanne")
			if code != 0 {
				t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
			}
			mustContain(t, "the game", stdout, tt.wants...)
		})
	}
}

func TestPlayThreeIllegalMovesLose(t *testing.T) {
	code, stdout, stderr := runCommand(t, "e3\nE3\na1\n", "play", "--seed", "1", "--white", "roxanne")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	mustContain(t, "the game", stdout, "A1 is not legal here", "roxanne (white) wins", "black lost by illegal moves")
}

func TestPlayEndOfInputLoses(t *testing.T) {
	code, stdout, stderr := runCommand(t, "d3\n", "play", "--seed", "1", "--white", "roxanne")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	mustContain(t, "the game", stdout, "human plays D3", "roxanne (white) wins", "input closed")
}

// TestPlayTwoHumansThroughAPipe: two humans at one terminal (both seats
// human) type a whole game through one pipe into the real binary: each
// line goes to the seat whose turn it is, in order, and the seats are
// named black and white (issue 19). Before, black's reader took every
// line and white forfeited.
func TestPlayTwoHumansThroughAPipe(t *testing.T) {
	// A whole game: the first legal move each time, passes automatic.
	g := game.NewStandard()
	var lines []string
	for !g.Over() {
		if g.PassIfForced() {
			continue
		}
		sq, _ := board.NextSquare(g.Legal())
		lines = append(lines, strings.ToLower(sq.String()))
		if err := g.PlaySquare(sq); err != nil {
			t.Fatal(err)
		}
	}
	g.Finish()
	cmd := exec.Command(reversiBinary(t), "play", "--white", "human", "--seed", "1", "--time", "0")
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v; stderr:\n%s", err, stderr.String())
	}
	out := stdout.String()
	mustContain(t, "the game", out,
		"black (X) vs white (O)",
		"black (X) to move", "white (O) to move",
		"black plays "+strings.ToUpper(lines[0]), "white plays "+strings.ToUpper(lines[1]),
		fmt.Sprintf("%d-%d", g.Result.Black, g.Result.White),
		"Game: "+g.Transcript()+"\n",
	)
	if strings.Contains(out, "forfeit") || strings.Contains(out, "human plays") {
		t.Errorf("a seat forfeited or was not named by its colour:\n%s", out)
	}
}

// resultLine matches the result of a single game.
var resultLine = regexp.MustCompile(`Result: .*, (\d+)-(\d+): tournament score ([+-]\d+) for black`)

// TestPlayComputerGameReplays plays a game between computer players and
// replays its printed transcript to the printed result.
func TestPlayComputerGameReplays(t *testing.T) {
	for _, rule := range []string{"standard", "no-adjacent"} {
		t.Run(rule, func(t *testing.T) {
			code, stdout, stderr := runCommand(t, "", "play", "--black", "greedy", "--white", "parity",
				"--seed", "11", "--rule", rule, "--opening", "f5d6")
			if code != 0 {
				t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
			}
			m := resultLine.FindStringSubmatch(stdout)
			_, transcript, ok := strings.Cut(stdout, "Game: ")
			if m == nil || !ok {
				t.Fatalf("no result or transcript in:\n%s", stdout)
			}
			r, _ := game.ParseRule(rule)
			g := game.New(board.Start(), r)
			if err := g.PlayTranscript(strings.TrimSpace(transcript)); err != nil {
				t.Fatalf("the printed transcript does not replay: %v", err)
			}
			if !g.Over() || !strings.HasPrefix(strings.TrimSpace(transcript), "f5d6") {
				t.Fatalf("transcript %q: not a finished game from the opening", transcript)
			}
			g.Finish()
			if got := strconv.Itoa(g.Result.Black) + "-" + strconv.Itoa(g.Result.White); got != m[1]+"-"+m[2] {
				t.Errorf("replayed to %s, printed %s-%s", got, m[1], m[2])
			}
		})
	}
}

// TestPlayLabelsValues: what a computer player thought is shown with its
// unit and the side it is for: a Monte Carlo player's win rate, the
// engine's discs (issue 19).
func TestPlayLabelsValues(t *testing.T) {
	code, stdout, stderr := runCommand(t, "", "play", "--black", "mcts:iterations=300,threads=1", "--white", "engine:level=1,threads=1", "--seed", "2", "--time", "0")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^mcts\S* plays [A-H][1-8] \([0-9.]+s\) \[win rate \d+\.\d% for black, `),
		regexp.MustCompile(`(?m)^engine\S* plays [A-H][1-8] \([0-9.]+s\) \[eval [+-]\d+(\.\d)? discs? for white, `),
	} {
		if !want.MatchString(stdout) {
			t.Errorf("no line matching %s in:\n%s", want, stdout)
		}
	}
}

// summary matches the summary of many games.
var summary = regexp.MustCompile(`(\d+) games: \S+ \(black\) won (\d+), drew (\d+), lost (\d+)`)

func TestPlayManyGames(t *testing.T) {
	args := []string{"play", "--black", "greedy", "--white", "random", "--games", "40", "--seed", "5", "--parallel", "2"}
	code, stdout, stderr := runCommand(t, "", args...)
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	m := summary.FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no summary in:\n%s", stdout)
	}
	n, w, d, l := atoi(m[1]), atoi(m[2]), atoi(m[3]), atoi(m[4])
	if n != 40 || w+d+l != 40 {
		t.Errorf("summary %q: want 40 games", m[0])
	}
	mustContain(t, "summary", stdout, "average margin", "games/s")

	// The same seed gives the same games, whatever the order they finish in.
	_, again, _ := runCommand(t, "", args...)
	if m2 := summary.FindStringSubmatch(again); m2 == nil || m2[0] != m[0] {
		t.Errorf("seed 5 twice: %q, then %q", m[0], m2)
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func TestPlayBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--rule", "diagonal"}, "--rule"},
		{[]string{"--white", "alphabeat"}, `unknown player "alphabeat"`},
		{[]string{"--white", "evaporation:endgame=99"}, "99 is out of range"},
		{[]string{"--time", "-1s"}, "--time -1s"},
		{[]string{"--games", "0"}, "--games 0"},
		{[]string{"--opening", "f5f5"}, "--opening"},
		{[]string{"--board", "XO X"}, "--board"},
		{[]string{"--games", "3"}, "a human cannot play many games"},
		{[]string{"--lang", "fr"}, `--lang: unknown language "fr"`},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCommand(t, "", append([]string{"play"}, tt.args...)...)
			if code != 1 {
				t.Errorf("exit code %d, want 1", code)
			}
			mustContain(t, "stderr", stderr, tt.want)
			if stdout != "" {
				t.Errorf("a refused command printed:\n%s", stdout)
			}
		})
	}
}

func TestPerftCommand(t *testing.T) {
	code, stdout, stderr := runCommand(t, "", "perft", "--depth", "7", "--threads", "2")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	mustContain(t, "perft", stdout, "55092", "(matches the published count)")
	if n := strings.Count(stdout, "matches the published count"); n != 7 {
		t.Errorf("%d depths checked, want 7:\n%s", n, stdout)
	}

	// A position where White must pass: depth 1 counts the pass.
	code, stdout, _ = runCommand(t, "", "perft", "--depth", "2", "--board", "XO"+strings.Repeat("-", 62)+" O")
	if code != 0 || !regexp.MustCompile(`(?m)^\s+1\s+1\s`).MatchString(stdout) {
		t.Errorf("perft of a forced pass (exit %d):\n%s", code, stdout)
	}

	for _, args := range [][]string{{"--depth", "0"}, {"--board", "nonsense"}, {"--threads", "0"}} {
		code, _, stderr := runCommand(t, "", append([]string{"perft"}, args...)...)
		if code != 1 || stderr == "" {
			t.Errorf("perft %v: exit %d, stderr %q", args, code, stderr)
		}
	}
}

func TestBenchCommand(t *testing.T) {
	code, stdout, stderr := runCommand(t, "", "bench", "--seconds", "0.01", "--perft-depth", "6")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	mustContain(t, "bench", stdout, "move generation", "flips", "play", "stable discs", "random game", "games/s", "perft 6")
}

// TestBenchLevels: --levels times each level of its range, one row a
// level; a range outside 1-60, reversed or not a number is refused.
func TestBenchLevels(t *testing.T) {
	code, stdout, stderr := runCommand(t, "", "bench", "--levels", "1-2")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 3 || !strings.HasPrefix(strings.TrimSpace(lines[1]), "1 ") || !strings.HasPrefix(strings.TrimSpace(lines[2]), "2 ") {
		t.Errorf("bench --levels 1-2 printed:\n%s", stdout)
	}
	for _, bad := range []string{"0", "61", "3-2", "x", "1-", "-4"} {
		if code, stdout, stderr := runCommand(t, "", "bench", "--levels", bad); code != 1 || stdout != "" || !strings.Contains(stderr, "--levels") {
			t.Errorf("--levels %s: exit %d, stdout %q, stderr %q", bad, code, stdout, stderr)
		}
	}
}

// TestBenchSelective: --selective A-B measures FFO #A to #B, --prob one
// probability alone; ranges outside #40-#59, reversed or not numbers, and
// a probability the engine has not, are refused before any work.
func TestBenchSelective(t *testing.T) {
	code, stdout, stderr := runCommand(t, "", "bench", "--selective", "40-40", "--prob", "73", "--threads", "1")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "FFO #40-#40") || !strings.HasPrefix(strings.TrimSpace(lines[2]), "73% ") || !strings.Contains(lines[2], "/1 ") {
		t.Errorf("bench --selective 40-40 --prob 73 printed:\n%s", stdout)
	}
	for _, bad := range [][]string{{"--selective", "0"}, {"--selective", "21"}, {"--selective", "39-45"}, {"--selective", "50-60"}, {"--selective", "55-50"}, {"--selective", "x"}, {"--selective", "40-x"}, {"--selective", "3", "--prob", "50"}} {
		if code, stdout, stderr := runCommand(t, "", append([]string{"bench"}, bad...)...); code != 1 || stdout != "" || !(strings.Contains(stderr, "--selective") || strings.Contains(stderr, "--prob")) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", bad, code, stdout, stderr)
		}
	}
}

func TestSolveSaysItIsStillSolving(t *testing.T) {
	defer func(every time.Duration) { newsEvery = every }(newsEvery)
	newsEvery = time.Millisecond
	// FFO #40 takes about a second: time enough for the news even on a
	// busy machine.
	code, stdout, stderr := runCommand(t, "", "solve", "fforum-40-59.obf", "--first", "1", "--threads", "1")
	if code != 0 || !strings.Contains(stdout, "solved 1 of 1: 1 right") {
		t.Fatalf("exit code %d:\n%s\n%s", code, stdout, stderr)
	}
	mustContain(t, "solve", stdout, "solving 1 position of fforum-40-59.obf (embedded copy), exact, 1 thread, ")
	mustContain(t, "solve's stderr", stderr, "#1 (line 1, 20 empties): solving, ")
}

func TestSolveCommand(t *testing.T) {
	code, stdout, stderr := runCommand(t, "", "solve", "fforum-1-19.obf", "--threads", "1", "--hash", "8")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	mustContain(t, "solve", stdout, "(embedded copy)", "ordering by pattern", "solved 19 of 19: 19 right, 0 wrong", "nodes/s")
	if strings.Contains(stderr, "so far") {
		t.Errorf("short solves said they were long:\n%s", stderr)
	}
	if n := strings.Count(stdout, " ok\n"); n != 19 {
		t.Errorf("%d positions checked ok, want 19", n)
	}
	// Mobility ordering alone: the same scores.
	code, stdout, _ = runCommand(t, "", "solve", "fforum-1-19.obf", "--threads", "2", "--eval", "none", "--first", "5")
	if code != 0 || !strings.Contains(stdout, "ordering by none") || !strings.Contains(stdout, "solved 5 of 5: 5 right") {
		t.Errorf("solve --eval none (exit %d):\n%s", code, stdout)
	}
	// WLD mode from standard input.
	line := "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18\n"
	code, stdout, _ = runCommand(t, line, "solve", "-", "--wld")
	if code != 0 || !strings.Contains(stdout, "solved 1 of 1: 1 right") || !strings.Contains(stdout, "    +1 ") {
		t.Errorf("wld solve (exit %d):\n%s", code, stdout)
	}
	// A wrong score in the file is reported and fails the command.
	code, stdout, _ = runCommand(t, strings.Replace(line, "+18", "+20", 1), "solve", "-")
	if code != 1 || !strings.Contains(stdout, "WRONG: file says +20") {
		t.Errorf("wrong file score (exit %d):\n%s", code, stdout)
	}
	for _, tt := range []struct{ input, args, want string }{
		{"XO X\n", "-", "line 1"},
		{"", "no-such-file.obf", "no-such-file.obf"},
		{"", "", "no OBF file given"},
		{"", "fforum-1-19.obf --eval classic", "want pattern or none"},
	} {
		args := append([]string{"solve"}, strings.Fields(tt.args)...)
		code, _, stderr := runCommand(t, tt.input, args...)
		if code == 0 || !strings.Contains(stderr, tt.want) {
			t.Errorf("solve %q: exit %d, stderr %q, want %q", tt.args, code, stderr, tt.want)
		}
	}
}

func TestAnalyzeCommand(t *testing.T) {
	// The search alone: f5 d6 c3 is in the opening book (TestAnalyzeBook).
	code, stdout, stderr := runCommand(t, "", "analyze", "--transcript", "f5d6c3", "--depth", "4", "--threads", "1", "--book", "off")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	mustContain(t, "analysis", stdout, "white (O) to move", "move ", "principal variation",
		"values for white (O), the side to move: discs, the final margin") // issue 19
	// White's four legal moves after f5 d6 c3, each with a value at depth 4
	// (selective, "4@87%", as the engine's analysis now searches).
	for _, mv := range []string{"D3", "F4", "G5", "F3"} {
		if !regexp.MustCompile(`(?m)^` + mv + `\s+[+-]\d+\.\d\d\s+4(@\d+%)?\s+` + mv).MatchString(stdout) {
			t.Errorf("no line for %s:\n%s", mv, stdout)
		}
	}
	// An endgame is solved exactly.
	code, stdout, _ = runCommand(t, "", "analyze", "--board", "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
	if code != 0 || !regexp.MustCompile(`(?m)^G8\s+\+18\.00\s+100%`).MatchString(stdout) {
		t.Errorf("endgame analysis (exit %d):\n%s", code, stdout)
	}
	code, stdout, _ = runCommand(t, "", "analyze", "--board", "XXXX"+strings.Repeat("-", 60)+" O")
	if code != 0 || !strings.Contains(stdout, "The game is over") {
		t.Errorf("finished game (exit %d):\n%s", code, stdout)
	}
	for _, args := range [][]string{{}, {"--board", "XO"}, {"--transcript", "f5f5"}, {"--board", strings.Repeat("-", 64) + " X", "--transcript", "f5"}, {"--transcript", "f5", "--player", "nobody"}} {
		code, _, stderr := runCommand(t, "", append([]string{"analyze"}, args...)...)
		if code != 1 || stderr == "" {
			t.Errorf("analyze %q: exit %d, stderr %q", args, code, stderr)
		}
	}
}

// matchLine matches the final line of a match.
var matchLine = regexp.MustCompile(`(\d+) games: W (\d+) D (\d+) L (\d+)`)

func TestMatchCommand(t *testing.T) {
	dir := t.TempDir()
	out := dir + "/m.ggf"
	args := []string{"match", "greedy", "random", "--games", "30", "--seed", "7", "--concurrency", "2", "--out", out, "--plot", dir + "/m.png"}
	code, stdout, stderr := runCommand(t, "", args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	full := matchLine.FindStringSubmatch(stdout)
	if full == nil || full[1] != "30" {
		t.Fatalf("no result line for 30 games:\n%s", stdout)
	}
	for _, f := range []string{out, dir + "/m.json", dir + "/m.png"} {
		if st, err := os.Stat(f); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	// The records read back: 30 games with their numbers.
	games, err := arena.ReadRecords(out)
	if err != nil || len(games) != 30 {
		t.Fatalf("%d records, %v", len(games), err)
	}
	// Running it again resumes: nothing is played, the same result.
	code, stdout, _ = runCommand(t, "", args...)
	if again := matchLine.FindStringSubmatch(stdout); code != 0 || again == nil || again[0] != full[0] || !strings.Contains(stdout, "resuming: 30 games") {
		t.Errorf("resumed run (exit %d):\n%s", code, stdout)
	}
	// Cut the file after 10 games: a resumed run plays the other 20 and
	// gets the same result, the games being seeded.
	text, _ := os.ReadFile(out)
	lines := strings.SplitAfter(string(text), "\n")
	os.WriteFile(out, []byte(strings.Join(lines[:10], "")), 0o644)
	code, stdout, _ = runCommand(t, "", args...)
	if again := matchLine.FindStringSubmatch(stdout); code != 0 || again == nil || again[0] != full[0] || !strings.Contains(stdout, "resuming: 10 games") {
		t.Errorf("run resumed after 10 games (exit %d): want %q\n%s", code, full[0], stdout)
	}
	// Another match cannot resume from this file.
	code, _, stderr = runCommand(t, "", "match", "roxanne", "random", "--games", "30", "--seed", "7", "--out", out)
	if code != 1 || !strings.Contains(stderr, "holds another run") {
		t.Errorf("resuming another match: exit %d, %s", code, stderr)
	}
	// Nor the same match with another seed: the error names both (issue 19).
	code, _, stderr = runCommand(t, "", "match", "greedy", "random", "--games", "30", "--seed", "8", "--out", out)
	if code != 1 || !strings.Contains(stderr, "holds another run") || !strings.Contains(stderr, "seed 7") || !strings.Contains(stderr, "seed 8") {
		t.Errorf("resuming with another seed: exit %d, %s", code, stderr)
	}
}

func TestMatchShardsMerge(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i := range 3 {
		f := fmt.Sprintf("%s/shard%d.ggf", dir, i)
		files = append(files, f)
		code, _, stderr := runCommand(t, "", "match", "mobility", "random", "--games", "24", "--seed", "3", "--shard", fmt.Sprintf("%d/3", i), "--out", f)
		if code != 0 {
			t.Fatalf("shard %d: exit %d, %s", i, code, stderr)
		}
	}
	code, merged, stderr := runCommand(t, "", append([]string{"merge", "--out", dir + "/all.ggf"}, files...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d, %s", code, stderr)
	}
	_, whole, _ := runCommand(t, "", "match", "mobility", "random", "--games", "24", "--seed", "3")
	want := matchLine.FindStringSubmatch(whole)
	got := regexp.MustCompile(`W (\d+) D (\d+) L (\d+)`).FindString(merged)
	if want == nil || got == "" || !strings.Contains(want[0], got) || !strings.Contains(merged, "24 games from 3 files") {
		t.Errorf("merged shards %q, whole match %q:\n%s", got, want, merged)
	}
	// Two runs of other seeds: their game numbers collide, and only
	// --runs puts them together, every game kept.
	other := dir + "/other.ggf"
	if code, _, stderr := runCommand(t, "", "match", "mobility", "random", "--games", "6", "--seed", "4", "--out", other); code != 0 {
		t.Fatalf("match: exit %d, %s", code, stderr)
	}
	if code, _, stderr := runCommand(t, "", "merge", dir+"/all.ggf", other); code == 0 || !strings.Contains(stderr, "differs") {
		t.Errorf("merge of two runs without --runs: exit %d, %s", code, stderr)
	}
	code, both, stderr := runCommand(t, "", "merge", "--runs", dir+"/all.ggf", other)
	if code != 0 || !strings.Contains(both, "30 games from 2 files") {
		t.Errorf("merge --runs: exit %d, %s\n%s", code, stderr, both)
	}
}

func TestTournamentCommand(t *testing.T) {
	dir := t.TempDir()
	code, stdout, stderr := runCommand(t, "", "tournament", "--players", "random,greedy,roxanne", "--rounds", "6", "--seed", "2", "--out", dir+"/t.ggf", "--plot", dir+"/t.svg")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	mustContain(t, "tournament", stdout, "Rating list after 36 games (random = 0)", "Crosstable", "results: ")
	if !regexp.MustCompile(`(?m)^\s+\d\s+random\s+\+0\s+±0\s+24\s`).MatchString(stdout) {
		t.Errorf("random is not the anchor with 24 games:\n%s", stdout)
	}
	for _, f := range []string{"t.ggf", "t.json", "t.txt", "t.svg"} {
		if st, err := os.Stat(dir + "/" + f); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
}

func TestArenaBadInput(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(dir+"/bad-openings.txt", []byte("f5d6\nf5e9\n"), 0o644)
	os.WriteFile(dir+"/corrupt.ggf", []byte("1 (;GM[Othello]PB[greedy"), 0o644)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"match", "greedy"}, "want two players"},
		{[]string{"match", "greedy", "nobody"}, `unknown player "nobody"`},
		{[]string{"match", "greedy", "random", "--openings", dir + "/bad-openings.txt"}, "bad-openings.txt line 2"},
		{[]string{"match", "greedy", "random", "--openings", dir + "/none.txt"}, "none.txt"},
		{[]string{"match", "greedy", "random", "--out", dir + "/corrupt.ggf"}, "corrupt.ggf"},
		{[]string{"match", "greedy", "random", "--shard", "3/3"}, "--shard"},
		{[]string{"match", "greedy", "random", "--sprt", "elo0=5"}, "--sprt"},
		{[]string{"match", "greedy", "random", "--plot", dir + "/x.gif"}, ".png or .svg"},
		{[]string{"match", "greedy", "nboard:/no/such/engine"}, "does not start"},
		{[]string{"tournament", "--players", "random"}, "at least two players"},
		{[]string{"tournament", "--players", "random,random"}, "named twice"},
		{[]string{"tournament", "--players", "random,greedy", "--anchor", "roxanne"}, "--anchor"},
		{[]string{"merge", dir + "/corrupt.ggf"}, "corrupt.ggf"},
		{[]string{"merge", dir + "/missing.ggf"}, "missing.ggf"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, _, stderr := runCommand(t, "", tt.args...)
			if code == 0 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q, want %q", code, stderr, tt.want)
			}
		})
	}
	if text, _ := os.ReadFile(dir + "/corrupt.ggf"); string(text) != "1 (;GM[Othello]PB[greedy" {
		t.Errorf("the corrupt file was changed: %q", text)
	}
}

// TestEmptyInputFiles: an OBF or GGF file without a position or a game
// says there was nothing to do and fails, instead of succeeding silently
// (issue 19); an empty shard beside full ones is only mentioned.
func TestEmptyInputFiles(t *testing.T) {
	dir := t.TempDir()
	empty, comments := dir+"/empty.obf", dir+"/comments.obf"
	os.WriteFile(empty, nil, 0o644)
	os.WriteFile(comments, []byte("% only a comment\n\n"), 0o644)
	os.WriteFile(dir+"/empty.ggf", nil, 0o644)
	tests := []struct {
		args  []string
		input string
		want  string
	}{
		{[]string{"solve", empty}, "", empty + ": no position in the file: nothing to solve"},
		{[]string{"solve", comments}, "", "nothing to solve"},
		{[]string{"solve", "-"}, "", "standard input: no position in the file: nothing to solve"},
		{[]string{"merge", dir + "/empty.ggf"}, "", "no game in " + dir + "/empty.ggf: nothing to merge"},
		{[]string{"merge", "--runs", dir + "/empty.ggf", dir + "/empty.ggf"}, "", "nothing to merge"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCommand(t, tt.input, tt.args...)
			if code != 1 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, stdout, stderr, tt.want)
			}
		})
	}
	full := dir + "/full.ggf"
	if code, _, stderr := runCommand(t, "", "match", "greedy", "random", "--games", "2", "--seed", "1", "--out", full); code != 0 {
		t.Fatalf("match: exit %d, %s", code, stderr)
	}
	code, stdout, stderr := runCommand(t, "", "merge", full, dir+"/empty.ggf")
	if code != 0 || !strings.Contains(stdout, "2 games from 2 files") || !strings.Contains(stderr, dir+"/empty.ggf holds no game") {
		t.Errorf("an empty shard beside a full one: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestOneGameIsSingular: one game is "1 game", not "1 games", in a
// match, its resumption, a merge and a rating list (issue 19).
func TestOneGameIsSingular(t *testing.T) {
	f := t.TempDir() + "/one.ggf"
	args := []string{"match", "greedy", "random", "--games", "2", "--shard", "0/2", "--seed", "1", "--out", f}
	code, stdout, stderr := runCommand(t, "", args...)
	if code != 0 {
		t.Fatalf("match: exit %d, %s", code, stderr)
	}
	mustContain(t, "match", stdout, "greedy vs random: 1 game from ", "greedy vs random: 1 game: W ")
	_, stdout, _ = runCommand(t, "", args...)
	mustContain(t, "resumed match", stdout, "resuming: 1 game already in ")
	_, stdout, _ = runCommand(t, "", "merge", f)
	mustContain(t, "merge", stdout, "1 game from 1 file\n")
	_, stdout, _ = runCommand(t, "", "tournament", "--players", "greedy,random,roxanne", "--rounds", "1", "--shard", "0/6", "--seed", "1")
	mustContain(t, "tournament", stdout, ": 1 game from ", "Rating list after 1 game")
	if strings.Contains(stdout, " 1 games") {
		t.Errorf("\"1 games\" in:\n%s", stdout)
	}
}

// TestMatchAgainstNBoardEngine plays the real binary's NBoard mode as an
// external engine.
func TestMatchAgainstNBoardEngine(t *testing.T) {
	bin := reversiBinary(t)
	code, stdout, stderr := runCommand(t, "", "match", "nboard:"+quoteWord(bin)+" nboard --threads 1 --hash 4 --depth 2", "random", "--games", "4", "--seed", "1", "--concurrency", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	m := matchLine.FindStringSubmatch(stdout)
	if m == nil || m[1] != "4" {
		t.Fatalf("no result:\n%s", stdout)
	}
}

func TestAnalyzeWithMCTS(t *testing.T) {
	code, stdout, stderr := runCommand(t, "", "analyze", "--transcript", "f5d6c3", "--player", "mcts:iterations=3000,threads=1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	mustContain(t, "analysis", stdout, "visits", "3000 iterations",
		"values for white (O), the side to move: win rate of the playouts (draws count half)", "win rate") // issue 19
	total := 0
	for _, mv := range []string{"D3", "F4", "G5", "F3"} {
		m := regexp.MustCompile(`(?m)^` + mv + `\s+\d+\.\d%\s+(\d+)\s`).FindStringSubmatch(stdout)
		if m == nil {
			t.Fatalf("no line for %s:\n%s", mv, stdout)
		}
		total += atoi(m[1])
	}
	if total != 3000 {
		t.Errorf("visits add up to %d, want 3000", total)
	}
	code, _, stderr = runCommand(t, "", "analyze", "--transcript", "f5", "--player", "mcts:rollout=greedy")
	if code != 1 || !strings.Contains(stderr, "random, roxanne, epsilon, softmax, alphabeta") {
		t.Errorf("bad rollout: exit %d, %q", code, stderr)
	}
}

// TestServerCommandsRefuseBadFlags: bad numbers and contradictory flags of
// the server's commands stop before any work, with the culprit named.
func TestServerCommandsRefuseBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--rate", "0"}, "--rate 0"},
		{[]string{"loadtest", "--games", "0"}, "--games 0"},
		{[]string{"loadtest", "--games", "1", "--spectators", "-2"}, "--spectators -2: want 0 or more"},
		{[]string{"loadtest", "--url", "http://127.0.0.1:1", "--db", "x.db"}, "--url and --db"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCommand(t, "", tt.args...)
			if code == 0 {
				t.Fatalf("exit code 0; output:\n%s", stdout)
			}
			mustContain(t, "errors", stderr, tt.want)
		})
	}
}

func TestAccuracyCommand(t *testing.T) {
	solved := t.TempDir() + "/solved.obf"
	args := []string{"accuracy", "--empties", "12,24", "--positions", "6", "--eval", "pattern,classic", "--solved", solved}
	code, stdout, stderr := runCommand(t, "", args...)
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	rows := regexp.MustCompile(`(?m)^(12|24) +(pattern|classic) +([0-9.]+) +([0-9.]+) +[-+][0-9.]+ +[0-9.]+$`).FindAllStringSubmatch(stdout, -1)
	if len(rows) != 4 {
		t.Fatalf("want 4 rows of figures (2 numbers of empties, 2 evaluations), got %d:\n%s", len(rows), stdout)
	}
	for _, r := range rows {
		mae, _ := strconv.ParseFloat(r[3], 64)
		rmse, _ := strconv.ParseFloat(r[4], 64)
		if mae <= 0 || rmse < mae || mae > 40 {
			t.Errorf("%s empties, %s: MAE %v RMSE %v: want 0 < MAE <= RMSE, MAE within 40 discs", r[1], r[2], mae, rmse)
		}
	}
	file, err := os.ReadFile(solved)
	if err != nil {
		t.Fatal(err)
	}
	// The 12-empty positions were solved and kept (24 empties come from the
	// database's own scores); every line an OBF problem with its score.
	problems, err := obf.Parse(bytes.NewReader(file))
	if err != nil || len(problems) != 6 {
		t.Fatalf("solved file: %d problems, err %v, want 6:\n%s", len(problems), err, file)
	}
	for _, p := range problems {
		if p.Position.Board.Empties() != 12 || len(p.Moves) != 1 || !p.Position.Board.IsLegal(p.Moves[0].Square) {
			t.Errorf("solved file line %d: %v: want a 12-empty position with one legal scored move", p.Line, p)
		}
	}

	// A second run reads the scores back instead of solving, and gives the
	// same figures.
	code, again, stderr := runCommand(t, "", args...)
	if code != 0 {
		t.Fatalf("second run: exit code %d; stderr:\n%s", code, stderr)
	}
	mustContain(t, "second run's stderr", stderr, "12 empties: 6 of 6 positions already solved in "+solved)
	figures := regexp.MustCompile(`(?m) +[0-9.]+$`) // the solve time differs
	if a, b := figures.ReplaceAllString(stdout, ""), figures.ReplaceAllString(again, ""); a != b {
		t.Errorf("second run's figures differ:\n%s\nwant\n%s", b, a)
	}
	if now, _ := os.ReadFile(solved); !bytes.Equal(now, file) {
		t.Errorf("second run changed the solved file:\n%s", now)
	}

	// A line a crash cut short (no newline) is dropped, and the run goes on.
	cut := string(file) + string(file[:40])
	if err := os.WriteFile(solved, []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runCommand(t, "", args...); code != 0 {
		t.Fatalf("after a cut line: exit code %d; stderr:\n%s", code, stderr)
	}
	if now, _ := os.ReadFile(solved); !bytes.Equal(now, file) {
		t.Errorf("the cut line was not dropped:\n%s", now)
	}

	// A damaged line elsewhere is an error naming it, and changes nothing.
	bad := "not a position\n" + string(file)
	if err := os.WriteFile(solved, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = runCommand(t, "", args...)
	if code == 0 || !strings.Contains(stderr, solved+": line 1:") {
		t.Errorf("damaged solved file: exit code %d, stderr %q: want an error naming line 1", code, stderr)
	}
	if now, _ := os.ReadFile(solved); string(now) != bad {
		t.Errorf("a refused solved file was changed:\n%s", now)
	}
}

// TestAccuracyRefusesToRepairAnotherFile: --solved naming a file that
// reversi accuracy did not write (no header line) whose only line lacks
// its newline is refused and left as it is; it was emptied before
// (issue 19).
func TestAccuracyRefusesToRepairAnotherFile(t *testing.T) {
	name := t.TempDir() + "/mine.obf"
	const text = "----XO----XOO-----OOXOO--OOOXXX-OOOOOXX--OOOXXXX--OOXX------XX-- X; H3:+6;"
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCommand(t, "", "accuracy", "--empties", "12", "--positions", "2", "--solved", name)
	if code != 1 || !strings.Contains(stderr, name+": the last line has no newline") || !strings.Contains(stderr, "not repairing") {
		t.Errorf("exit code %d, stderr %q: want a refusal naming the file", code, stderr)
	}
	if now, _ := os.ReadFile(name); string(now) != text {
		t.Errorf("the file was changed to %q", now)
	}
}

func TestAccuracyBadInput(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--empties", "0"}, `--empties: "0" is not a number of empty squares`},
		{[]string{"--empties", "20,x"}, `--empties: "x" is not a number`},
		{[]string{"--positions", "1"}, "--positions 1: want at least 2"},
		{[]string{"--threads", "0"}, "--threads 0: want at least 1"},
		{[]string{"--concurrency", "-1"}, "--concurrency -1: want at least 1"},
		{[]string{"--depth", "-2"}, "--depth -2: want 0"},
		{[]string{"--eval", "pattern,oracle"}, "oracle"},
		{[]string{"--solved", dir}, "--solved:"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			args := append([]string{"accuracy", "--empties", "12", "--positions", "2", "--solved", "none"}, tt.args...)
			code, _, stderr := runCommand(t, "", args...)
			if code == 0 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit code %d, stderr %q: want an error with %q", code, stderr, tt.want)
			}
		})
	}
}

// TestPlayLevel: --level applies to the engine seats that name no level,
// the default opponent's among them, and is refused when no seat takes
// it (issues 19 and 31).
func TestPlayLevel(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--level", "10", "--white", "roxanne"}, 1, "--level 10: neither player is an engine"},
		{[]string{"--level", "6", "--quiet"}, 0, "human (X, black) vs engine:level=6 (O, white)"},
		{[]string{"--level", "3", "--black", "greedy", "--white", "engine:level=2"}, 1, "neither player is an engine"},
		{[]string{"--level", "1", "--black", "greedy", "--white", "engine", "--quiet", "--time", "0"}, 0, "engine:level=1 (O, white)"},
		{[]string{"--level", "1", "--black", "engine", "--white", "random", "--games", "2", "--time", "0"}, 0, "2 games"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCommand(t, "", append([]string{"play"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit code %d, want %d; stderr:\n%s", code, tt.code, stderr)
			}
			mustContain(t, "output", stdout+stderr, tt.want)
		})
	}
}

// TestPlayInterrupted: Ctrl-C (the context ending) while a human or the
// computer thinks says that the game was stopped, not that time is up
// nor "context canceled" (issue 19).
func TestPlayInterrupted(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"human to move", []string{"play", "--seed", "1"}, "game stopped (interrupted) after 0 moves"},
		{"computer to move", []string{"play", "--seed", "1", "--black", "engine", "--white", "roxanne", "--level", "60", "--time", "0"}, "game stopped (interrupted) after "},
		{"many games", []string{"play", "--black", "engine", "--white", "engine", "--level", "60", "--games", "4", "--time", "0"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, w := io.Pipe()
			defer w.Close()
			var stdout, stderr testproc.Output
			e := &env{stdin: in, stdout: &stdout, stderr: &stderr}
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(300*time.Millisecond, cancel)
			code := run(ctx, e, tt.args)
			time.Sleep(50 * time.Millisecond) // a player's last words
			out := stdout.String() + stderr.String()
			if code != 1 {
				t.Errorf("exit code %d, want 1", code)
			}
			mustContain(t, "output", out, tt.want, "reversi play: interrupted")
			for _, bad := range []string{"time is up", "context canceled"} {
				if strings.Contains(out, bad) {
					t.Errorf("output says %q:\n%s", bad, out)
				}
			}
		})
	}
}

// TestMatchRepeats: deterministic players from one opening play the same
// two games again and again, and the match says so; players with
// randomness do not draw the note.
func TestMatchRepeats(t *testing.T) {
	dir := t.TempDir()
	start := dir + "/start.txt"
	if err := os.WriteFile(start, []byte("f5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := dir + "/m.ggf"
	code, stdout, stderr := runCommand(t, "", "match", "engine:level=2,threads=1,book=off", "engine:level=1,threads=1,book=off",
		"--openings", start, "--games", "6", "--concurrency", "1", "--seed", "1", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	mustContain(t, "match", stdout, "distinct games: 2 of 6")
	text, err := os.ReadFile(dir + "/m.json")
	if err != nil || !strings.Contains(string(text), `"distinct_games": 2,`) {
		t.Errorf("summary: %v\n%s", err, text)
	}
	code, stdout, stderr = runCommand(t, "", "merge", out)
	if code != 0 {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	mustContain(t, "merge", stdout, "distinct games: 2 of 6")
	code, stdout, stderr = runCommand(t, "", "match", "random", "random", "--openings", start, "--games", "6", "--seed", "1")
	if code != 0 || strings.Contains(stdout, "distinct games") {
		t.Errorf("random players (exit %d, %s):\n%s", code, stderr, stdout)
	}
}
