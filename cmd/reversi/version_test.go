package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/cmd/internal/buildinfo"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// versionLine is the first line of "reversi version".
var versionLine = regexp.MustCompile(`^reversi (\S+)\n`)

// TestVersionCommand: "reversi version" (and --version) of the real binary
// prints a version line, the revision (or that it is unknown), the
// module and the Go version and platform.
func TestVersionCommand(t *testing.T) {
	bin := reversiBinary(t)
	for _, arg := range []string{"version", "--version"} {
		out, err := exec.Command(bin, arg).CombinedOutput()
		if err != nil {
			t.Fatalf("reversi %s: %v\n%s", arg, err, out)
		}
		if !versionLine.Match(out) {
			t.Errorf("reversi %s: no version line first:\n%s", arg, out)
		}
		mustContain(t, "reversi "+arg, string(out), "\nrevision ", "\nmodule github.com/reversi-engine/reversi\n", "\ngo1.")
	}
}

// TestVersionStamped: a release build's -ldflags -X (as scripts/dist.sh
// passes them) sets the version and the revision that "reversi version"
// prints.
func TestVersionStamped(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary again")
	}
	bin := filepath.Join(t.TempDir(), "reversi")
	const pkg = "github.com/reversi-engine/reversi/cmd/internal/buildinfo"
	ldflags := "-X " + pkg + ".Version=v9.8.7-test -X " + pkg + ".Revision=0123abc -X " + pkg + ".Time=2026-11-24T00:00:00Z -X " + pkg + ".Modified=true"
	if out, err := exec.Command("go", "build", "-ldflags", ldflags, "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "version").CombinedOutput()
	if err != nil {
		t.Fatalf("reversi version: %v\n%s", err, out)
	}
	if m := versionLine.FindStringSubmatch(string(out)); m == nil || m[1] != "v9.8.7-test" {
		t.Errorf("version line %q, want v9.8.7-test:\n%s", m, out)
	}
	if !strings.Contains(string(out), "revision 0123abc (2026-11-24T00:00:00Z), with local changes\n") {
		t.Errorf("no stamped revision:\n%s", out)
	}
}

// TestDistScriptStamps: scripts/dist.sh stamps the variables that
// "reversi version" reads (a rename of the package or a variable breaks
// this test, not the release silently), for the five platforms.
func TestDistScriptStamps(t *testing.T) {
	text, err := os.ReadFile("../../scripts/dist.sh")
	if err != nil {
		t.Fatal(err)
	}
	script := string(text)
	for _, want := range []string{
		"pkg=github.com/reversi-engine/reversi/cmd/internal/buildinfo\n",
		"-X $pkg.Version=", "-X $pkg.Revision=", "-X $pkg.Time=", "-X $pkg.Modified=",
		"linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64",
	} {
		if !strings.Contains(script, want) {
			t.Errorf("scripts/dist.sh lacks %q", want)
		}
	}
	_ = []*string{&buildinfo.Version, &buildinfo.Revision, &buildinfo.Time, &buildinfo.Modified} // the names the script sets: they exist
}

// TestVersionShippedData: "reversi version" names the opening book and
// the evaluation weights shipped in the binary: the book's positions,
// depth and the SHA-256 of its file, the weights' checksum (a damaged
// book: TestPlayMatchTournamentNoShippedBook).
func TestVersionShippedData(t *testing.T) {
	code, stdout, stderr := runCommand(t, "", "version")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var wants []string
	if b, err := book.Shipped(); err != nil {
		wants = append(wants, "\nopening book: none ("+err.Error()+")\n")
	} else {
		file, err := os.ReadFile("../../book/shipped.bin")
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(file)
		wants = append(wants, fmt.Sprintf("\nopening book: %d positions, depth %d, sha256 %s\n", b.Len(), b.Depth(), hex.EncodeToString(sum[:])[:12]))
	}
	pe, err := pattern.Default()
	if err != nil {
		t.Fatal(err)
	}
	wants = append(wants, "\nevaluation: pattern weights, checksum "+pe.Checksum()[:12]+"\n")
	mustContain(t, "reversi version", stdout, wants...)
}
