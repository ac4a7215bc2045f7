// The book of a --book flag, and the notes of a command that goes on
// without the shipped book or the trained evaluation.

package shipped

import (
	"fmt"
	"io"
	"slices"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/engine"
)

// Book returns the book of a command's --book on|off flag (book.Switch)
// and, when the shipped book cannot be read, says why on w (standard
// error): "no opening book: <reason>", for the command to go on without
// a book; it returns the note too, for a command that also says it
// elsewhere (NBoard's status line). Every command that plays or analyses
// with the shipped book says so through it, once. A mode other than on
// or off is refused: "--book "x": want on or off".
func Book(w io.Writer, mode string) (*book.Book, string, error) {
	b, note, err := book.Switch(mode)
	if err != nil {
		return nil, "", fmt.Errorf("--%v", err)
	}
	if note != "" {
		fmt.Fprintln(w, note)
	}
	return b, note, nil
}

// NoteBook says on w (standard error), once, why there is no opening
// book (Book) when a player of specs is the engine with the shipped book
// (catalog.UsesShippedBook) and the book cannot be read. The engine
// player says so itself only in the note of its first move, which the
// game's lines and a match's results do not show.
func NoteBook(w io.Writer, specs ...string) {
	if slices.ContainsFunc(specs, catalog.UsesShippedBook) {
		Book(w, "on") // "on" is always accepted: no error
	}
}

// NoteEval says on w (standard error) why the engine's default
// evaluation (engine.DefaultEvaluatorNote) is not the trained one when it
// is not: "no trained evaluation: <reason>; using ...". Every command
// that searches or analyses with the default evaluation calls it once,
// before its work, as Book says so of the book.
func NoteEval(w io.Writer) {
	if _, note := engine.DefaultEvaluatorNote(); note != "" {
		fmt.Fprintln(w, note)
	}
}
