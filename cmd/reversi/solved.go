// A file of solved positions: exact scores kept across runs, so that a
// long measurement stopped by Ctrl-C or a crash goes on where it was.

package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/format/obf"
)

// solvedFile is an OBF file with one line a solved position: the position,
// a best move and its exact score. Lines are appended (and synced) as
// solves end; a last line cut short by a crash is dropped when the file
// is opened again.
type solvedFile struct {
	name   string
	scores map[board.Board]int // the exact score for the side to move

	mu sync.Mutex
	f  *os.File
}

// defaultSolvedFile is where accuracy keeps its solves unless told
// otherwise: reversi/solved.obf in the user's cache directory, or "" if
// there is none.
func defaultSolvedFile() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "reversi", "solved.obf")
}

// openSolved reads the solved positions of the file name (none if it does
// not exist yet) and opens it to append more. A line that is not a valid
// OBF problem with a scored move is an error, and the file is left as it
// is; text after the last newline, which a crash cut short, is removed.
func openSolved(name string) (*solvedFile, error) {
	if name == "" {
		return nil, errors.New("no file name for the solved positions")
	}
	s := &solvedFile{name: name, scores: map[board.Board]int{}}
	text, err := os.ReadFile(name)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	// Every line is written whole with its newline: text after the last
	// newline is a write a crash cut short (it may even parse, with a
	// score cut from +64 to +6), and is dropped.
	keep := bytes.LastIndexByte(text, '\n') + 1
	for n, line := range strings.Split(string(text[:keep]), "\n") {
		if t := strings.TrimSpace(line); t == "" || t[0] == '%' {
			continue
		}
		p, err := obf.ParseLine(line)
		if err == nil && len(p.Moves) == 0 {
			err = errors.New("no scored move")
		}
		if err != nil {
			return nil, fmt.Errorf("%s: line %d: %w (a file of solved positions: one OBF line each, such as reversi accuracy writes)", name, n+1, err)
		}
		best, _ := p.BestScore()
		s.scores[p.Position.Board] = best
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if keep < len(text) {
		if err := f.Truncate(int64(keep)); err != nil {
			f.Close()
			return nil, err
		}
	}
	s.f = f
	return s, nil
}

// score returns the known exact score of b for the side to move.
func (s *solvedFile) score(b board.Board) (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.scores[b]
	return v, ok
}

// add appends a solved position: best move and exact score for the side
// to move of p.
func (s *solvedFile) add(p board.Position, move board.Square, score int) error {
	line := obf.Problem{Position: p, Moves: []obf.MoveScore{{Square: move, Score: score}}}.String() + "\n"
	s.mu.Lock()
	defer s.mu.Unlock()
	s.scores[p.Board] = score
	if _, err := s.f.WriteString(line); err != nil {
		return err
	}
	return s.f.Sync()
}

// close closes the file.
func (s *solvedFile) close() error { return s.f.Close() }
