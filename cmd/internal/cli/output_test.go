package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestNotes(t *testing.T) {
	dir := t.TempDir()
	open := func(name string) *os.File {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { f.Close() })
		return f
	}
	out, errs, other := open("out"), open("err"), filepath.Join(dir, "other")
	var buf bytes.Buffer
	tests := []struct {
		name           string
		stdout, stderr io.Writer
		paths          []string
		want           io.Writer
	}{
		{"another file", out, errs, []string{other}, out},
		{"standard output", out, errs, []string{out.Name()}, errs},
		{"standard output second", out, errs, []string{other, out.Name()}, errs},
		{"standard output and error (2>&1)", out, out, []string{out.Name()}, io.Discard},
		{"standard error only", out, errs, []string{errs.Name()}, out},
		{"no file", out, errs, []string{""}, out},
		{"no path", out, errs, nil, out},
		{"a buffer is never named", &buf, errs, []string{out.Name()}, &buf},
	}
	for _, tt := range tests {
		if got := Notes(tt.stdout, tt.stderr, tt.paths...); got != tt.want {
			t.Errorf("%s: notes go to %v, want %v", tt.name, got, tt.want)
		}
	}
}
