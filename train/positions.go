// Positions: gathered from real and self-played games, kept once up to
// symmetry, and stored in a small binary file.

package train

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data"
	"github.com/reversi-engine/reversi/format/wthor"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/atomicfile"
)

// HeldOutYear is the year of WTHOR games kept out of training, for
// measuring the evaluation on games it has not seen.
const HeldOutYear = 2015

// Position is a training position: a board in its canonical form (the
// smallest of its eight images), seen from the player to move, who has a
// legal move.
type Position struct {
	Board board.Board
}

// Discs returns the number of discs on the board.
func (p Position) Discs() int { return bits.OnesCount64(p.Board.P | p.Board.O) }

// positionSet collects positions once each.
type positionSet struct {
	seen map[board.Board]struct{}
	list []Position
}

func newPositionSet() *positionSet { return &positionSet{seen: map[board.Board]struct{}{}} }

// addGame adds every position of g where the side to move has a move.
func (s *positionSet) addGame(g *game.Game) {
	for i := 0; i <= len(g.Moves); i++ {
		b := g.PositionAt(i).Board
		if !b.HasMoves() {
			continue
		}
		c, _ := b.Canonical()
		if _, ok := s.seen[c]; ok {
			continue
		}
		s.seen[c] = struct{}{}
		s.list = append(s.list, Position{Board: c})
	}
}

// WTHORGames returns the replayed WTHOR games shipped with reversi, of
// every year but HeldOutYear (or of HeldOutYear only, if heldOut), a
// sample of about fraction of them (1 for all) chosen with seed.
func WTHORGames(heldOut bool, fraction float64, seed uint64) ([]*game.Game, error) {
	rng := rand.New(rand.NewPCG(seed, 0x77))
	var out []*game.Game
	err := eachWTHORFile(heldOut, func(_ wthor.Header, games []wthor.Game) {
		for _, g := range games {
			if fraction < 1 && rng.Float64() >= fraction {
				continue
			}
			rec, err := g.Replay()
			if err != nil {
				continue // every shipped game replays; a damaged copy is skipped
			}
			out = append(out, rec)
		}
	})
	return out, err
}

// eachWTHORFile calls f with the header and games of each shipped WTHOR
// file of every year but HeldOutYear (or of HeldOutYear only, if
// heldOut), in order.
func eachWTHORFile(heldOut bool, f func(wthor.Header, []wthor.Game)) error {
	for _, name := range data.WTHORFiles() {
		year, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(name), "WTH_"), ".wtb"))
		if (year == HeldOutYear) != heldOut {
			continue
		}
		text, err := data.ReadFile(name)
		if err != nil {
			return err
		}
		h, games, err := wthor.ReadGames(bytes.NewReader(text))
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		f(h, games)
	}
	return nil
}

// SelfPlay plays n games from random openings of 8 to 14 moves, each move
// chosen by play (which returns a legal move of b), and returns them.
// progress, if not nil, is called after each game.
func SelfPlay(ctx context.Context, n int, seed uint64, play func(b board.Board, rng *rand.Rand) board.Square, progress func(done int)) ([]*game.Game, error) {
	rng := rand.New(rand.NewPCG(seed, 0x5e1f))
	var out []*game.Game
	for i := 0; i < n; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		g := game.NewStandard()
		opening := 8 + rng.IntN(7)
		for !g.Over() {
			if g.PassIfForced() {
				continue
			}
			b := g.Position().Board
			var sq board.Square
			if g.Ply() < opening {
				ms := board.Squares(b.Moves())
				sq = ms[rng.IntN(len(ms))]
			} else {
				sq = play(b, rng)
			}
			if err := g.PlaySquare(sq); err != nil {
				return nil, fmt.Errorf("self-play game %d: %w", i+1, err)
			}
		}
		out = append(out, g)
		if progress != nil {
			progress(i + 1)
		}
	}
	return out, nil
}

// Positions returns the positions of games, each once up to symmetry,
// sorted (so that the same games give the same list).
func Positions(games ...[]*game.Game) []Position {
	s := newPositionSet()
	for _, list := range games {
		for _, g := range list {
			s.addGame(g)
		}
	}
	sort.Slice(s.list, func(i, j int) bool {
		a, b := s.list[i].Board, s.list[j].Board
		return a.P < b.P || a.P == b.P && a.O < b.O
	})
	return s.list
}

// positionsMagic starts a positions file.
const positionsMagic = "RVPOS\x00\x00\x01"

// WritePositions writes positions to path, through a temporary file.
func WritePositions(file string, ps []Position) error {
	return atomicfile.Write(file, func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		bw.WriteString(positionsMagic)
		binary.Write(bw, binary.LittleEndian, uint64(len(ps)))
		for _, p := range ps {
			binary.Write(bw, binary.LittleEndian, [2]uint64{p.Board.P, p.Board.O})
		}
		return bw.Flush()
	})
}

// ReadPositions reads a file written by WritePositions; it refuses a
// file of the wrong kind or length, or with an invalid board.
func ReadPositions(file string) ([]Position, error) {
	text, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if len(text) < len(positionsMagic)+8 || string(text[:len(positionsMagic)]) != positionsMagic {
		return nil, fmt.Errorf("%s: not a positions file", file)
	}
	n := binary.LittleEndian.Uint64(text[len(positionsMagic):])
	body := text[len(positionsMagic)+8:]
	if uint64(len(body)) != 16*n {
		return nil, fmt.Errorf("%s: %d bytes for %d positions: the file is truncated or corrupt", file, len(body), n)
	}
	out := make([]Position, n)
	for i := range out {
		b := board.Board{P: binary.LittleEndian.Uint64(body[16*i:]), O: binary.LittleEndian.Uint64(body[16*i+8:])}
		if !b.Valid() {
			return nil, fmt.Errorf("%s: position %d is not a valid board", file, i)
		}
		out[i] = Position{Board: b}
	}
	return out, nil
}

// Labelled is a position with its exact score for the side to move.
type Labelled struct {
	Board board.Board
	Score int
}

// TheoreticalPositions returns, for each WTHOR game of the held-out year
// (heldOut) or of the others, the position at the depth of the file's
// "theoretical score" (24 empty squares in every shipped file) with that
// score: Black's disc count with perfect play from there, which the
// database computed with an exact solver (and reversi's solver agrees).
// Games whose record stops earlier, or where the side to move must pass
// there, are left out.
func TheoreticalPositions(heldOut bool) ([]Labelled, error) {
	var out []Labelled
	err := eachScoredGame(heldOut, func(rec *game.Game, depth, black int) {
		if p, ok := positionWithEmpties(rec, depth); ok && p.Board.HasMoves() {
			out = append(out, Labelled{Board: p.Board, Score: forTheMover(p, black)})
		}
	})
	return out, err
}

// ResultPositions returns, for each WTHOR game of the held-out year
// (heldOut) or of the others that has a theoretical score, every position
// the game reached with more empty squares than the score's depth (24 in
// every shipped file) and at most maxEmpties, where the side to move has a
// move, labelled with that score from the side to move's view: the
// result of the game as its players played it to 24 empties and perfect
// play from there (Buro's labels of game results, with the end solved).
// A position several games reached comes once a game.
func ResultPositions(heldOut bool, maxEmpties int) ([]Labelled, error) {
	var out []Labelled
	err := eachScoredGame(heldOut, func(rec *game.Game, depth, black int) {
		if _, ok := positionWithEmpties(rec, depth); !ok {
			return // the record stops before the score's position
		}
		p := rec.Start
		for _, m := range rec.Moves {
			if e := p.Board.Empties(); e <= depth {
				break
			} else if e <= maxEmpties && p.Board.HasMoves() {
				out = append(out, Labelled{Board: p.Board, Score: forTheMover(p, black)})
			}
			if m.Square == board.Pass {
				p = p.Pass()
			} else {
				p = p.Play(m.Square)
			}
		}
	})
	return out, err
}

// eachScoredGame calls f with every game of the WTHOR files of the
// held-out year (heldOut) or of the others that have theoretical scores,
// replayed, with the depth of the score (empty squares) and the score as
// Black's disc margin.
func eachScoredGame(heldOut bool, f func(rec *game.Game, depth, black int)) error {
	return eachWTHORFile(heldOut, func(h wthor.Header, games []wthor.Game) {
		depth := int(h.Depth)
		if depth == 0 {
			return
		}
		for _, g := range games {
			if rec, err := g.Replay(); err == nil {
				f(rec, depth, 2*int(g.Theoretical)-64)
			}
		}
	})
}

// forTheMover returns Black's margin from the side to move's view.
func forTheMover(p board.Position, black int) int {
	if p.Turn == board.White {
		return -black
	}
	return black
}

// positionWithEmpties returns the first position of the game with that
// many empty squares; false if the record stops before.
func positionWithEmpties(g *game.Game, empties int) (board.Position, bool) {
	p := g.Start
	for i := 0; ; i++ {
		if p.Board.Empties() == empties {
			return p, true
		}
		if i == len(g.Moves) {
			return p, false
		}
		if m := g.Moves[i].Square; m == board.Pass {
			p = p.Pass()
		} else {
			p = p.Play(m)
		}
	}
}
