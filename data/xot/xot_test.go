package xot

import (
	"strings"
	"testing"
)

func TestLarge(t *testing.T) {
	if n := strings.Count(Large(), "\n"); n < 10784 {
		t.Fatalf("%s has %d lines, want at least 10,784 openings", Name, n)
	}
}
