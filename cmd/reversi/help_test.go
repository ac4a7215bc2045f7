package main

import (
	"io/fs"
	"strings"
	"testing"
)

// TestHelpTexts: every help text under help/ is the description that
// its subcommand's -h prints, placeholders filled in, and every
// subcommand of the table has one.
func TestHelpTexts(t *testing.T) {
	files, err := fs.Glob(helpFiles, "help/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no help texts: %v", err)
	}
	have := map[string]bool{}
	for _, f := range files {
		name := strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(f, "help/"), ".txt"), "-", " ")
		have[name] = true
		args := append(strings.Fields(name), "-h")
		code, _, stderr := runCommand(t, "", args...)
		if code != 0 {
			t.Errorf("%v: exit %d", args, code)
		}
		first, _, _ := strings.Cut(help(name), "\n")
		if strings.Contains(first, "{") {
			first, _, _ = strings.Cut(first, "{")
		}
		mustContain(t, strings.Join(args, " "), stderr, first)
		if strings.Contains(stderr, "{held-out-year}") || strings.Contains(stderr, "{table-") {
			t.Errorf("%v: a placeholder is left:\n%s", args, stderr)
		}
	}
	for _, c := range commands {
		if c.run != nil && !have[c.name] {
			t.Errorf("the %s subcommand has no help text", c.name)
		}
	}
}
