// Package scripts holds the tests of the release script, dist.sh.
package scripts

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fakeGo stands for go build: it writes into its -o file the platform
// and the arguments it was given, at once, so that the test checks what
// dist.sh asks for without compiling anything.
const fakeGo = `#!/bin/sh
args="$GOOS/$GOARCH $*"
while [ $# -gt 0 ]; do
  if [ "$1" = -o ]; then out=$2; fi
  shift
done
printf '%s\n' "$args" > "$out"
`

// distRepo makes a git repository of one commit holding a copy of
// dist.sh, with a go command of its own (fakeGo) first on the PATH, and
// returns its folder and the environment to run the script in.
func distRepo(t *testing.T) (string, []string) {
	t.Helper()
	for _, tool := range []string{"bash", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("dist.sh needs %s: %v", tool, err)
			}
			t.Skipf("dist.sh needs %s: %v", tool, err)
		}
	}
	dir := t.TempDir()
	script, err := os.ReadFile("dist.sh")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "bin")
	for path, text := range map[string]string{
		filepath.Join(dir, "repo", "scripts", "dist.sh"): string(script),
		filepath.Join(bin, "go"):                         fakeGo,
	} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	repo := filepath.Join(dir, "repo")
	env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	git(t, repo, env, "init", "-q")
	git(t, repo, env, "add", ".")
	git(t, repo, env, "commit", "-q", "-m", "one")
	return repo, env
}

func git(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

// runDist runs the script in repo with the extra environment, and returns
// its output.
func runDist(t *testing.T, repo string, env []string, extra ...string) string {
	t.Helper()
	cmd := exec.Command("bash", filepath.Join(repo, "scripts", "dist.sh"))
	cmd.Dir, cmd.Env = repo, append(append([]string(nil), env...), extra...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("dist.sh: %v\n%s", err, out)
	}
	return string(out)
}

// checkRelease checks the folder of a release: a binary a target named
// with the version, stamped with it, and SHA256SUMS naming each with its
// checksum.
func checkRelease(t *testing.T, folder, version string, targets []string) {
	t.Helper()
	sums, err := os.ReadFile(filepath.Join(folder, "SHA256SUMS"))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, target := range targets {
		name := "reversi-" + version + "-" + strings.ReplaceAll(target, "/", "-")
		if strings.HasPrefix(target, "windows/") {
			name += ".exe"
		}
		data, err := os.ReadFile(filepath.Join(folder, name))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(data), target+" ") || !strings.Contains(string(data), "buildinfo.Version="+version+" ") {
			t.Errorf("%s was built as %q", name, data)
		}
		sum := sha256.Sum256(data)
		want = append(want, hex.EncodeToString(sum[:])+"  "+name)
	}
	if got := strings.Split(strings.TrimSpace(string(sums)), "\n"); !slices.Equal(got, want) {
		t.Errorf("SHA256SUMS:\n%s\nwant:\n%s", sums, strings.Join(want, "\n"))
	}
}

// TestDistNamesTheVersion: a tagged commit's release is named by its tag
// (files, folder, the version stamped in, SHA256SUMS); VERSION overrides
// it; a commit with no tag is built as dev-COMMIT, and the script says it
// is no release. Nothing is compiled: a go of the test's answers.
func TestDistNamesTheVersion(t *testing.T) {
	repo, env := distRepo(t)
	out := t.TempDir()
	targets := []string{"linux/amd64", "windows/amd64"}
	say := runDist(t, repo, env, "TARGETS="+strings.Join(targets, " "), "DIST="+out)
	commit := git(t, repo, env, "rev-parse", "--short", "HEAD")
	checkRelease(t, filepath.Join(out, "dev-"+commit), "dev-"+commit, targets)
	if !strings.Contains(say, "no release") {
		t.Errorf("an untagged build does not say it is no release:\n%s", say)
	}

	git(t, repo, env, "tag", "v1.2.3")
	say = runDist(t, repo, env, "TARGETS=linux/amd64 darwin/arm64", "DIST="+out)
	checkRelease(t, filepath.Join(out, "v1.2.3"), "v1.2.3", []string{"linux/amd64", "darwin/arm64"})
	if strings.Contains(say, "no release") {
		t.Errorf("a tagged build says it is no release:\n%s", say)
	}

	runDist(t, repo, env, "TARGETS=linux/arm64", "DIST="+out, "VERSION=v2.0.0-rc1")
	checkRelease(t, filepath.Join(out, "v2.0.0-rc1"), "v2.0.0-rc1", []string{"linux/arm64"})
}
