package main

import (
	"io/fs"
	"strings"
	"testing"
)

// TestHelpTexts: every help text under help/ is the description that
// its subcommand's -h prints, placeholders filled in, and every
// subcommand of the table prints its usage and description with -h (the
// subcommands of cmd/internal packages test their own texts).
func TestHelpTexts(t *testing.T) {
	files, err := fs.Glob(helpFiles, "help/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no help texts: %v", err)
	}
	for _, f := range files {
		name := strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(f, "help/"), ".txt"), "-", " ")
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
		if c.run == nil {
			continue
		}
		code, _, stderr := runCommand(t, "", c.name, "-h")
		usage, description, _ := strings.Cut(stderr, "\n\n")
		if code != 0 || !strings.HasPrefix(usage, "Usage: reversi "+c.name+" ") || len(description) < 40 {
			t.Errorf("reversi %s -h: exit %d, want the usage and a description:\n%s", c.name, code, stderr)
		}
	}
}
