// Openings: the positions games start from, each played twice with the
// colours swapped.

package arena

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data/xot"
	"github.com/reversi-engine/reversi/game"
)

// Opening is a start for the games of a match: moves from the standard
// start position.
type Opening struct {
	// Name says where it comes from, e.g. "xot-large.txt:17".
	Name string
	// Moves is the transcript, e.g. "f5d6c3d3c4f4c5b3".
	Moves string
}

// Game returns a new game from the standard start with the opening's
// moves played, under rule.
func (o Opening) Game(rule game.Rule) (*game.Game, error) {
	g := game.New(board.Start(), rule)
	if err := g.PlayTranscript(o.Moves); err != nil {
		return nil, fmt.Errorf("opening %s %q: %w", o.Name, o.Moves, err)
	}
	if g.Over() {
		return nil, fmt.Errorf("opening %s %q: the game is over after it", o.Name, o.Moves)
	}
	return g, nil
}

// MaxOpeningLine is the longest line, in bytes, of a file of openings:
// far more than a transcript (60 moves, 120 bytes or so with spaces).
const MaxOpeningLine = 64 << 10

// ReadOpenings reads openings, one transcript a line; blank lines and
// lines starting with '#' or '%' are skipped. Every opening must be legal
// (checked under rule); the error names the file and the line. A line
// longer than MaxOpeningLine is an error, reported as soon as the limit
// is reached.
func ReadOpenings(r io.Reader, source string, rule game.Rule) ([]Opening, error) {
	var out []Opening
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxOpeningLine+2) // room for "\r\n"
	n := 1
	for ; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == '%' {
			continue
		}
		o := Opening{Name: fmt.Sprintf("%s:%d", source, n), Moves: line}
		if _, err := o.Game(rule); err != nil {
			return nil, fmt.Errorf("%s line %d: %w", source, n, err)
		}
		out = append(out, o)
	}
	switch err := sc.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return nil, fmt.Errorf("%s line %d: longer than %d bytes: a file of openings holds one transcript a line (not such a file?)", source, n, MaxOpeningLine)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no opening in the file", source)
	}
	return out, nil
}

// XOT returns the 10,784 XOT openings shipped with reversi: balanced
// 8-move openings, the usual start of fair engine matches.
func XOT() ([]Opening, error) {
	return ReadOpenings(strings.NewReader(xot.Large()), xot.Name, game.Standard)
}

// RandomOpenings returns n openings of plies random legal moves each
// (under rule), from a generator seeded with seed; openings that end the
// game are drawn again, and no opening repeats.
func RandomOpenings(n, plies int, rule game.Rule, seed uint64) []Opening {
	rng := rand.New(rand.NewPCG(seed, 0x0be11))
	seen := map[string]bool{}
	var out []Opening
	for tries := 0; len(out) < n && tries < 100*n+1000; tries++ {
		g := game.New(board.Start(), rule)
		var b strings.Builder
		for range plies {
			if g.PassIfForced() {
				continue
			}
			legal := g.Legal()
			if legal == 0 {
				break
			}
			k := rng.IntN(bits.OnesCount64(legal))
			for ; k > 0; k-- {
				legal &= legal - 1
			}
			sq := board.Square(bits.TrailingZeros64(legal))
			g.PlaySquare(sq)
			b.WriteString(strings.ToLower(sq.String()))
		}
		moves := b.String()
		if g.Over() || seen[moves] {
			continue
		}
		seen[moves] = true
		out = append(out, Opening{Name: fmt.Sprintf("random:%d", len(out)+1), Moves: moves})
	}
	return out
}

// Choose returns count openings drawn from all in an order shuffled by
// seed (all of them, cycled, if count is larger): a match of a few games
// still starts from varied positions.
func Choose(all []Opening, count int, seed uint64) []Opening {
	order := rand.New(rand.NewPCG(seed, 0x0de5)).Perm(len(all))
	out := make([]Opening, count)
	for i := range out {
		out[i] = all[order[i%len(all)]]
	}
	return out
}

// OpeningSource says where the openings of a run come from, as a command
// line names them (reversi match and tournament: --openings and
// --random-openings).
type OpeningSource struct {
	// Random, if positive, asks for random openings of that many moves
	// instead of Name: 10,000 of them (RandomOpenings), drawn with the
	// seed given to Openings.
	Random int
	// Name is "xot" (or "xot-large.txt", the name of its file) for the
	// XOT openings (XOT), or else a file of transcripts (ReadOpenings).
	Name string
	// Open opens the file Name names and returns it with the name the
	// records give it; nil opens it with os.Open under its own name.
	Open func(name string) (io.ReadCloser, string, error)
}

// Openings returns the openings of s, legal under rule, and the name the
// records and the summaries give them: "random K moves", "xot-large.txt"
// or the file's. seed draws the random openings.
func (s OpeningSource) Openings(rule game.Rule, seed uint64) ([]Opening, string, error) {
	if s.Random > 0 {
		return RandomOpenings(10000, s.Random, rule, seed), fmt.Sprintf("random %d moves", s.Random), nil
	}
	if s.Name == "xot" || s.Name == "xot-large.txt" {
		all, err := XOT()
		return all, "xot-large.txt", err
	}
	open := s.Open
	if open == nil {
		open = func(name string) (io.ReadCloser, string, error) {
			f, err := os.Open(name)
			return f, name, err
		}
	}
	in, source, err := open(s.Name)
	if err != nil {
		return nil, "", err
	}
	defer in.Close()
	all, err := ReadOpenings(in, source, rule)
	if err != nil {
		return nil, "", err
	}
	return all, source, nil
}
