// What the command line names: positions and files.

package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data/fforum"
	"github.com/reversi-engine/reversi/game"
)

// Board returns the position of a --board flag (64 squares from A1 to
// H8 and the side to move, as OBF writes them), or the start if text is
// "".
func Board(text string) (board.Position, error) {
	if text == "" {
		return board.Start(), nil
	}
	pos, err := board.ParsePosition(text)
	if err != nil {
		return pos, fmt.Errorf("--board: %v", err)
	}
	return pos, nil
}

// Position returns the game of the flags --board (64 squares and the
// side to move) or --transcript (moves from the start), exactly one of
// them, under the standard rule.
func Position(boardText, transcript string) (*game.Game, error) {
	switch {
	case boardText != "" && transcript != "":
		return nil, fmt.Errorf("give --board or --transcript, not both")
	case boardText != "":
		pos, err := Board(boardText)
		if err != nil {
			return nil, err
		}
		return game.New(pos, game.Standard), nil
	case transcript != "":
		g := game.New(board.Start(), game.Standard)
		if err := g.PlayTranscript(transcript); err != nil {
			return nil, fmt.Errorf("--transcript: %v", err)
		}
		return g, nil
	}
	return nil, errors.New("no position: give --board \"<64 squares> X|O\" or --transcript f5d6c3")
}

// Open opens a file named on the command line: "-" for stdin, a path, or
// the name of a data set shipped with reversi (fforum-1-19.obf,
// fforum-40-59.obf). It returns the file to read and its name for
// messages. The caller reads it with a parser that bounds its lines or
// records (obf.Parse, arena.ReadOpenings): a file is never read whole, so
// that a huge or endless one (/dev/zero) is refused with little memory.
func Open(stdin io.Reader, name string) (io.ReadCloser, string, error) {
	if name == "-" {
		return io.NopCloser(stdin), "standard input", nil
	}
	f, err := os.Open(name)
	if err == nil {
		return f, name, nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		if eb, eerr := fforum.ReadFile(path.Base(name)); eerr == nil && path.Base(name) == name {
			return io.NopCloser(bytes.NewReader(eb)), name + " (embedded copy)", nil
		}
	}
	return nil, "", err
}

// IsTerminal reports whether f, a standard input or output, is a file
// that is a character device (a terminal): progress is drawn as a bar
// there and written as lines elsewhere, and reversi play goes full-screen.
// A reader or writer that is not an *os.File is not a terminal.
func IsTerminal(f any) bool {
	file, ok := f.(*os.File)
	if !ok || file == nil {
		return false
	}
	fi, err := file.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
