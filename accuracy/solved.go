// A file of solved positions: exact scores kept across runs, so that a
// long measurement stopped by Ctrl-C or a crash goes on where it was.

package accuracy

import (
	"bufio"
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

// SolvedFile is an OBF file with one line a solved position: the
// position, a best move and its exact score, after a first line, the
// header (SolvedHeader), that says the file is one of ours. Lines are
// appended (and synced) as solves end; a last line cut short by a crash is
// dropped when the file is opened again, in a file with the header only.
// Its methods may be called from several goroutines.
type SolvedFile struct {
	name   string
	scores map[board.Board]int // the exact score for the side to move

	mu sync.Mutex
	f  *os.File
}

// SolvedHeader is the first line of a file of solved positions that
// OpenSolved creates: an OBF comment that marks the file as written by
// reversi accuracy, which may therefore repair it.
const SolvedHeader = "% reversi accuracy: solved positions, one a line (position; best move:exact score for the side to move)"

// DefaultSolvedFile is where reversi accuracy keeps its solves unless
// told otherwise: reversi/solved.obf in the user's cache directory, or ""
// if there is none.
func DefaultSolvedFile() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "reversi", "solved.obf")
}

// OpenSolved reads the solved positions of the file name and opens it to
// append more. A file that does not exist yet, or is empty, is created
// with the header line (SolvedHeader). A line that is not a valid OBF
// problem with a scored move is an error, and the file is left as it is;
// so is a line longer than obf.MaxLine, found without reading the file
// whole. Text after the last newline, which a crash cut short, is removed
// from a file that starts with the header, written by OpenSolved; a file
// without it (another program's, or written by an older reversi) is
// read and appended to as it is when its lines are whole, and refused,
// unchanged, when its last line has no newline: it is not ours to repair.
func OpenSolved(name string) (*SolvedFile, error) {
	if name == "" {
		return nil, errors.New("no file name for the solved positions")
	}
	s := &SolvedFile{name: name, scores: map[board.Board]int{}}
	keep, size, ours, err := readSolved(name, s.scores)
	if err != nil {
		return nil, err
	}
	if keep < size && !ours {
		return nil, fmt.Errorf("%s: the last line has no newline (cut short?), and the file does not start with the header line that reversi accuracy writes (%q): not repairing a file it did not write; end or remove that line, or give another --solved file", name, SolvedHeader)
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if keep < size {
		if err := f.Truncate(keep); err != nil {
			f.Close()
			return nil, err
		}
	}
	if keep == 0 { // a new file
		if _, err := f.WriteString(SolvedHeader + "\n"); err != nil {
			f.Close()
			return nil, err
		}
	}
	s.f = f
	return s, nil
}

// readSolved reads the lines of the file name into scores, line by line,
// and returns the length of its whole lines and of the file (0 and 0 if it
// does not exist), and whether it starts with the header line.
func readSolved(name string, scores map[board.Board]int) (keep, size int64, ours bool, err error) {
	f, err := os.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, 0, false, nil
	}
	if err != nil {
		return 0, 0, false, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 4096), obf.MaxLine+2) // room for "\r\n"
	sc.Split(scanWholeLines)
	n := 0
	for sc.Scan() {
		n++
		line := sc.Text()
		size += int64(len(line))
		if n == 1 {
			// The header, or the start of it that a crash cut short.
			ours = strings.TrimRight(line, "\r\n") == SolvedHeader ||
				!strings.HasSuffix(line, "\n") && strings.HasPrefix(SolvedHeader, line)
		}
		// Every line is written whole with its newline: text after the
		// last newline is a write a crash cut short (it may even parse,
		// with a score cut from +64 to +6), and is dropped.
		if !strings.HasSuffix(line, "\n") {
			break
		}
		keep = size
		if t := strings.TrimSpace(line); t == "" || t[0] == '%' {
			continue
		}
		p, err := obf.ParseLine(line[:len(line)-1])
		if err == nil && len(p.Moves) == 0 {
			err = errors.New("no scored move")
		}
		if err != nil {
			return 0, 0, false, fmt.Errorf("%s: line %d: %w (a file of solved positions: one OBF line each, such as reversi accuracy writes)", name, n, err)
		}
		best, _ := p.BestScore()
		scores[p.Position.Board] = best
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return 0, 0, false, fmt.Errorf("%s: line %d is longer than %d bytes (a file of solved positions: one OBF line each, such as reversi accuracy writes)", name, n+1, obf.MaxLine)
	case err != nil:
		return 0, 0, false, fmt.Errorf("%s: %w", name, err)
	}
	return keep, size, ours, nil
}

// scanWholeLines is a bufio.SplitFunc that returns each line with its
// "\n", and the text after the last one as it is.
func scanWholeLines(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, data[:i+1], nil
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

// Name returns the file's name.
func (s *SolvedFile) Name() string { return s.name }

// Score returns the known exact score of b for the side to move.
func (s *SolvedFile) Score(b board.Board) (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.scores[b]
	return v, ok
}

// Fill sets the score of every item not known yet that the file knows,
// and returns the indexes of the items still unknown, in order, and how
// many it filled. A nil *SolvedFile knows nothing: Fill then returns the
// items not known yet.
func (s *SolvedFile) Fill(items []Item) (todo []int, filled int) {
	for i := range items {
		if items[i].Known {
			continue
		}
		if s != nil {
			if v, ok := s.Score(items[i].Board); ok {
				items[i].Score, items[i].Known = v, true
				filled++
				continue
			}
		}
		todo = append(todo, i)
	}
	return todo, filled
}

// Add appends a solved position: best move and exact score for the side
// to move of p.
func (s *SolvedFile) Add(p board.Position, move board.Square, score int) error {
	line := obf.Problem{Position: p, Moves: []obf.MoveScore{{Square: move, Score: score}}}.String() + "\n"
	s.mu.Lock()
	defer s.mu.Unlock()
	s.scores[p.Board] = score
	if _, err := s.f.WriteString(line); err != nil {
		return err
	}
	return s.f.Sync()
}

// Close closes the file.
func (s *SolvedFile) Close() error { return s.f.Close() }
