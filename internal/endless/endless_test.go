package endless

import (
	"bytes"
	"errors"
	"io"
	"os"
	"testing"
)

func TestReader(t *testing.T) {
	r := New('a', 10000)
	got, err := io.ReadAll(r)
	if !errors.Is(err, ErrOverBudget) || len(got) != 10000 || r.Served() != 10000 || bytes.Count(got, []byte("a")) != 10000 {
		t.Fatalf("read %d bytes (%d served), %v", len(got), r.Served(), err)
	}
}

func TestFile(t *testing.T) {
	r := New('b', 1000)
	path, err := File(t.TempDir(), "head\n", r)
	if err != nil {
		t.Skip(err)
	}
	got, err := os.ReadFile(path)
	if err != nil || string(got[:5]) != "head\n" || len(got) != 1005 {
		t.Fatalf("read %d bytes, %v", len(got), err)
	}
}
