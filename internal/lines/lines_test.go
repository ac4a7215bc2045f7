package lines

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/iotest"
)

func TestRead(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
		err      string
	}{
		{"lines", "a\r\nbb\n\nccc", []string{"a", "bb", "", "ccc"}, ""},
		{"too long", "ok\n" + strings.Repeat("x", 13) + "\nnever", []string{"ok"}, "command line 2 is longer than 10 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, done := Read(context.Background(), strings.NewReader(tc.in), 10)
			var got []string
			for l := range out {
				got = append(got, l)
			}
			if strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("lines %q, want %q", got, tc.want)
			}
			err := <-done
			if (tc.err == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tc.err) {
				t.Errorf("error %v, want %q", err, tc.err)
			}
		})
	}
	boom := errors.New("boom")
	out, done := Read(context.Background(), iotest.ErrReader(boom), 10)
	for range out {
	}
	if err := <-done; !errors.Is(err, boom) {
		t.Errorf("a failing reader: %v", err)
	}
}

// TestReadStops: once the context is done, the reader sends nothing more
// and closes nothing.
func TestReadStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	out, done := Read(ctx, strings.NewReader("a\nb\n"), 10)
	if l := <-out; l != "a" {
		t.Fatalf("first line %q", l)
	}
	cancel()
	// The reader is blocked on "b" or has returned: either way nothing is
	// closed and no error is sent.
	select {
	case err := <-done:
		t.Errorf("an error after the context ended: %v", err)
	default:
	}
}
