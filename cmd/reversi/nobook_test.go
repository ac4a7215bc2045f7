package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// damagedBookBinary builds the command with its shipped book damaged,
// for the tests of what each command says when the shipped book cannot
// be read.
func damagedBookBinary(t *testing.T) string { return damagedBinary(t, "book/shipped.bin") }

// damagedBinary builds the command with one of its embedded files (a
// path from the module's root) damaged: its last byte flipped, which no
// checksum passes, through go build -overlay (the checkout is not
// touched), into a temporary folder of the test.
func damagedBinary(t *testing.T, file string) string {
	t.Helper()
	dir := t.TempDir()
	shipped, err := filepath.Abs(filepath.Join("../..", file))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(shipped)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-1] ^= 1 // the checksum no longer matches
	damaged, overlay := filepath.Join(dir, filepath.Base(file)), filepath.Join(dir, "overlay.json")
	replace, _ := json.Marshal(map[string]map[string]string{"Replace": {shipped: damaged}})
	if err := errors.Join(os.WriteFile(damaged, data, 0o644), os.WriteFile(overlay, replace, 0o644)); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "reversi")
	if out, err := exec.Command("go", "build", "-overlay", overlay, "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build with %s damaged: %v\n%s", file, err, out)
	}
	return bin
}

// noBookNote is the start of what a command says when the shipped book
// cannot be read, and why, for the damaged book of damagedBookBinary.
const noBookNote = "no opening book: the shipped book: corrupt opening book: checksum mismatch"

// TestPlayMatchTournamentNoShippedBook: with the shipped book damaged,
// every command that plays the engine with the shipped book (play, one
// game or many, match, tournament) says so once on standard error, as
// analyze and nboard do, and goes on without it; a command with no such
// engine says nothing of it; version says why there is no book.
func TestPlayMatchTournamentNoShippedBook(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary again, with a damaged book")
	}
	bin := damagedBookBinary(t)
	const engine = "engine:level=1,threads=1"
	tests := []struct {
		name  string
		args  []string
		input string
		notes int // the notes wanted on standard error
	}{
		{"play", []string{"play", "--black", engine, "--white", engine, "--quiet", "--seed", "1"}, "", 1},
		{"play, one engine", []string{"play", "--black", "random", "--white", engine, "--quiet", "--seed", "1"}, "", 1},
		{"play --games", []string{"play", "--black", engine, "--white", "random", "--games", "2", "--parallel", "1", "--seed", "1"}, "", 1},
		{"play, engine with book=off", []string{"play", "--black", engine + ",book=off", "--white", "random", "--quiet", "--seed", "1"}, "", 0},
		{"play, no engine", []string{"play", "--black", "greedy", "--white", "random", "--quiet", "--seed", "1"}, "", 0},
		{"match", []string{"match", engine, engine + ",book=on", "--games", "2", "--concurrency", "1", "--seed", "1"}, "", 1},
		{"match, no engine", []string{"match", "greedy", "random", "--games", "2", "--concurrency", "1", "--seed", "1"}, "", 0},
		{"tournament", []string{"tournament", "--players", engine + ";random;" + engine + ",book=auto", "--rounds", "1", "--concurrency", "1", "--seed", "1"}, "", 1},
		{"analyze", []string{"analyze", "--transcript", "f5", "--depth", "2", "--threads", "1"}, "", 1},
		{"analyze --book off", []string{"analyze", "--transcript", "f5", "--depth", "2", "--threads", "1", "--book", "off"}, "", 0},
		{"nboard", []string{"nboard", "--threads", "1", "--hash", "1"}, "nboard 2\nset depth 1\ngo\n", 1},
		{"gtp", []string{"gtp", "--player", engine, "--threads", "1"}, "genmove b\nquit\n", 1},
		{"gtp, no engine", []string{"gtp", "--player", "greedy"}, "genmove b\nquit\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, err := runBinary(bin, tt.input, tt.args...)
			if err != nil {
				t.Fatalf("%v: %v\n%s\n%s", tt.args, err, stdout, stderr)
			}
			if got := strings.Count(stderr, "no opening book"); got != tt.notes || (got > 0 && !strings.HasPrefix(stderr, noBookNote)) {
				t.Errorf("%v: %d notes on standard error, want %d, first (%q):\n%s", tt.args, got, tt.notes, noBookNote, stderr)
			}
			// On standard output only NBoard's status line may say it (the
			// GUI shows no standard error).
			for _, line := range strings.Split(stdout, "\n") {
				if strings.Contains(line, "no opening book") && !(tt.name == "nboard" && strings.HasPrefix(line, "status ")) {
					t.Errorf("%v: the note on standard output:\n%s", tt.args, stdout)
				}
			}
		})
	}
	out, err := exec.Command(bin, "version").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "\nopening book: none ("+strings.TrimPrefix(noBookNote, "no opening book: ")) {
		t.Errorf("version with a damaged book: %v\n%s", err, out)
	}
}
