package shipped

import (
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/engine"
)

// TestBook: on is the shipped book (or none, with the note that says
// why, written once), off none and no note, anything else refused.
func TestBook(t *testing.T) {
	shipped, shippedErr := book.Shipped()
	for _, mode := range []string{"on", " ON ", "off", "Off", "maybe"} {
		var w strings.Builder
		b, note, err := Book(&w, mode)
		switch strings.ToLower(strings.TrimSpace(mode)) {
		case "on":
			if err != nil || (shippedErr == nil) != (b != nil) || b != nil && b.Len() != shipped.Len() {
				t.Errorf("%q: book %v, %v", mode, b, err)
			}
			if shippedErr != nil && (note == "" || w.String() != note+"\n") {
				t.Errorf("%q: note %q, written %q", mode, note, w.String())
			}
			if shippedErr == nil && (note != "" || w.Len() != 0) {
				t.Errorf("%q: a note %q with a shipped book", mode, w.String())
			}
		case "off":
			if err != nil || b != nil || note != "" || w.Len() != 0 {
				t.Errorf("%q: %v, %q, %v, written %q", mode, b, note, err, w.String())
			}
		default:
			if err == nil || err.Error() != `--book "maybe": want on or off` {
				t.Errorf("%q: error %v", mode, err)
			}
		}
	}
}

// TestNotes: NoteBook says something only for an engine with the shipped
// book when that cannot be read; NoteEval only when the trained
// evaluation cannot be read.
func TestNotes(t *testing.T) {
	_, shippedErr := book.Shipped()
	for _, tc := range []struct {
		specs []string
		uses  bool
	}{
		{[]string{"random", "greedy"}, false},
		{[]string{"engine:book=off"}, false},
		{[]string{"random", "engine"}, true},
		{nil, false},
	} {
		var w strings.Builder
		NoteBook(&w, tc.specs...)
		if want := tc.uses && shippedErr != nil; (w.Len() > 0) != want {
			t.Errorf("%v: note %q", tc.specs, w.String())
		}
	}
	var w strings.Builder
	NoteEval(&w)
	if _, note := engine.DefaultEvaluatorNote(); w.String() != note && w.String() != note+"\n" {
		t.Errorf("NoteEval wrote %q, want %q", w.String(), note)
	}
}
