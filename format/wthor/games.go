// Game files (.wtb): 68-byte records of players, scores and move bytes.

package wthor

import (
	"encoding/binary"
	"fmt"
	"io"

	"github.com/reversi-engine/reversi/board"
)

// Game is one record of a .wtb file.
type Game struct {
	// Tournament, Black and White are indices into the tournament and
	// player name tables (see [Names]).
	Tournament, Black, White uint16
	// BlackDiscs is Black's disc count at the end of the game, with the
	// empty squares counted for the winner (see [FinalBlackDiscs]).
	BlackDiscs uint8
	// Theoretical is Black's disc count with perfect play from the
	// position with Header.Depth empty squares.
	Theoretical uint8
	// Moves are the squares played, passes left out; at most MaxMoves.
	Moves []board.Square
}

// ReadGames reads a whole .wtb file: its header and its games. It fails
// if the file is not as long as the header says, if the board size is not
// 8x8, or if a move byte is not a square (or follows the 0 that ends the
// moves); the error names the game index and the move number. Moves are
// not checked against the rules: see [Game.Replay]. Reading stops
// a little after the games the header announces, and at once if it
// announces more than [MaxGames]: an endless stream is refused with little
// memory.
func ReadGames(r io.Reader) (Header, []Game, error) {
	h, data, err := readFile(r, "game", RecordSize, func(h Header) int64 { return int64(h.Games) }, MaxGames)
	if err != nil {
		return h, nil, err
	}
	n := int(h.Games)
	games := make([]Game, n)
	for i := range games {
		rec := data[HeaderSize+i*RecordSize : HeaderSize+(i+1)*RecordSize]
		g, err := decodeGame(rec)
		if err != nil {
			err.What, err.Index = "game", i
			return h, nil, err
		}
		games[i] = g
	}
	return h, games, nil
}

// decodeGame decodes one RecordSize-byte record.
func decodeGame(rec []byte) (Game, *Error) {
	g := Game{
		Tournament:  binary.LittleEndian.Uint16(rec[0:2]),
		Black:       binary.LittleEndian.Uint16(rec[2:4]),
		White:       binary.LittleEndian.Uint16(rec[4:6]),
		BlackDiscs:  rec[6],
		Theoretical: rec[7],
	}
	moves := rec[8:]
	n := 0
	for n < len(moves) && moves[n] != 0 {
		n++
	}
	for i := n; i < len(moves); i++ {
		if moves[i] != 0 {
			return Game{}, &Error{Move: i + 1, Err: fmt.Errorf("byte %d after the 0 that ends the moves at move %d", moves[i], n+1)}
		}
	}
	g.Moves = make([]board.Square, n)
	for i, b := range moves[:n] {
		sq, ok := DecodeSquare(b)
		if !ok {
			return Game{}, &Error{Move: i + 1, Err: fmt.Errorf("byte %d is not a square: want 10*row + column with both 1-8 (11 = A1, 88 = H8)", b)}
		}
		g.Moves[i] = sq
	}
	return g, nil
}

// DecodeSquare returns the square of a move byte (10*row + column, both
// 1-based: 11 = A1, 18 = H1, 88 = H8); false if the byte is not one.
func DecodeSquare(b byte) (board.Square, bool) {
	row, col := int(b/10), int(b%10)
	if row < 1 || row > 8 || col < 1 || col > 8 {
		return board.NoSquare, false
	}
	return board.SquareAt(row-1, col-1), true
}

// EncodeSquare returns the move byte of a board square; false for Pass,
// NoSquare or any other value that is not one of the 64 squares.
func EncodeSquare(sq board.Square) (byte, bool) {
	if !sq.OnBoard() {
		return 0, false
	}
	return byte(10*(sq.Row()+1) + sq.Col() + 1), true
}

// WriteGames writes a .wtb file: h with Games set to len(games), then one
// record per game. It fails, writing nothing, if a game has more than
// MaxMoves moves or a move that is not a board square (a pass, which
// WTHOR does not record); the error names the game index and move.
func WriteGames(w io.Writer, h Header, games []Game) error {
	if uint64(len(games)) > uint64(^uint32(0)) {
		return &Error{Index: -1, Err: fmt.Errorf("%d games do not fit the header's 32-bit count", len(games))}
	}
	h.Games = uint32(len(games))
	out := make([]byte, 0, HeaderSize+RecordSize*len(games))
	out = appendHeader(out, h)
	for i, g := range games {
		var err *Error
		if out, err = appendGame(out, g); err != nil {
			err.What, err.Index = "game", i
			return err
		}
	}
	if _, err := w.Write(out); err != nil {
		return fmt.Errorf("wthor: %w", err)
	}
	return nil
}

// appendGame appends the RecordSize bytes of g to b.
func appendGame(b []byte, g Game) ([]byte, *Error) {
	if len(g.Moves) > MaxMoves {
		return b, &Error{Err: fmt.Errorf("%d moves, a record holds at most %d", len(g.Moves), MaxMoves)}
	}
	var moves [MaxMoves]byte
	for i, sq := range g.Moves {
		c, ok := EncodeSquare(sq)
		if !ok {
			return b, &Error{Move: i + 1, Err: fmt.Errorf("%v cannot be written: a WTHOR move is one of the 64 squares (passes are not recorded)", sq)}
		}
		moves[i] = c
	}
	b = binary.LittleEndian.AppendUint16(b, g.Tournament)
	b = binary.LittleEndian.AppendUint16(b, g.Black)
	b = binary.LittleEndian.AppendUint16(b, g.White)
	b = append(b, g.BlackDiscs, g.Theoretical)
	return append(b, moves[:]...), nil
}
