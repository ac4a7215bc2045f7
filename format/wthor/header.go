// The 16-byte header every WTHOR file starts with, and the package's errors.

package wthor

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// Sizes of the parts of a WTHOR file, in bytes.
const (
	HeaderSize         = 16 // the header of every file
	RecordSize         = 68 // one game of a .wtb file
	MaxMoves           = 60 // move bytes in a game record
	PlayerNameSize     = 20 // one name of WTHOR.JOU, NUL terminator included
	TournamentNameSize = 26 // one name of WTHOR.TRN, NUL terminator included
)

// Header is the 16-byte header of a WTHOR file, field by field. A game
// file uses Games and leaves Records 0; a name table does the opposite.
type Header struct {
	// CreatedCentury, CreatedYear, CreatedMonth and CreatedDay give the
	// date the file was made: 20, 15, 10, 29 is 29 October 2015.
	CreatedCentury, CreatedYear, CreatedMonth, CreatedDay uint8
	// Games is the number of game records (N1) of a .wtb file.
	Games uint32
	// Records is the number of names (N2) of a .jou or .trn file.
	Records uint16
	// Year is the year the games were played (0 in name tables).
	Year uint16
	// BoardSize is 0 or 8 for the 8x8 board, the only size this package
	// reads.
	BoardSize uint8
	// GameType is 0 for real games; other values are not used by this
	// package.
	GameType uint8
	// Depth is the number of empty squares (P3) from which Black's
	// theoretical score was computed by perfect play.
	Depth uint8
	// Reserved is the last byte, kept so that a file is written back as
	// it was read.
	Reserved uint8
}

// parseHeader decodes the first HeaderSize bytes of b.
func parseHeader(b []byte) Header {
	return Header{
		CreatedCentury: b[0], CreatedYear: b[1], CreatedMonth: b[2], CreatedDay: b[3],
		Games:     binary.LittleEndian.Uint32(b[4:8]),
		Records:   binary.LittleEndian.Uint16(b[8:10]),
		Year:      binary.LittleEndian.Uint16(b[10:12]),
		BoardSize: b[12], GameType: b[13], Depth: b[14], Reserved: b[15],
	}
}

// appendHeader appends the HeaderSize bytes of h to b.
func appendHeader(b []byte, h Header) []byte {
	b = append(b, h.CreatedCentury, h.CreatedYear, h.CreatedMonth, h.CreatedDay)
	b = binary.LittleEndian.AppendUint32(b, h.Games)
	b = binary.LittleEndian.AppendUint16(b, h.Records)
	b = binary.LittleEndian.AppendUint16(b, h.Year)
	return append(b, h.BoardSize, h.GameType, h.Depth, h.Reserved)
}

// readHeader checks that data starts with a header of an 8x8 file and
// returns it.
func readHeader(data []byte) (Header, error) {
	if len(data) < HeaderSize {
		return Header{}, &Error{Index: -1, Err: fmt.Errorf("truncated header: the file has %d bytes, a header takes %d", len(data), HeaderSize)}
	}
	h := parseHeader(data)
	if h.BoardSize != 0 && h.BoardSize != 8 {
		return h, &Error{Index: -1, Err: fmt.Errorf("board size %d in the header: only 8x8 files (board size 0 or 8) are supported", h.BoardSize)}
	}
	return h, nil
}

// checkSize compares the length of a file with the n records of size bytes
// its header announces.
func checkSize(data []byte, what string, n, size int64) error {
	want := HeaderSize + n*size
	switch have := int64(len(data)); {
	case have < want:
		have -= HeaderSize
		return &Error{What: what, Index: int(have / size), Err: fmt.Errorf(
			"truncated file: the header announces %d %ss (%d bytes) but the file has %d bytes; %s index %d has %d of its %d bytes",
			n, what, want, len(data), what, have/size, have%size, size)}
	case have > want:
		return &Error{Index: -1, Err: fmt.Errorf(
			"%d bytes after the %d %ss the header announces (the file has %d bytes, want %d)",
			have-want, n, what, have, want)}
	}
	return nil
}

// Error reports what is wrong with a WTHOR file or record.
type Error struct {
	// What is "game" or "name": the kind of record Index counts.
	What string
	// Index is the 0-based index of the record at fault, or -1 for the
	// header, the file as a whole or a record whose index is not known.
	Index int
	// Move is the 1-based number of the move at fault (passes not
	// counted, as in the file), or 0.
	Move int
	// Err says what is wrong.
	Err error
}

// Error returns a message such as "wthor: game 12, move 5: byte 99 is not
// a square ...".
func (e *Error) Error() string {
	var where []string
	if e.Index >= 0 {
		where = append(where, fmt.Sprintf("%s %d", e.What, e.Index))
	}
	if e.Move > 0 {
		where = append(where, fmt.Sprintf("move %d", e.Move))
	}
	if len(where) == 0 {
		return "wthor: " + e.Err.Error()
	}
	return "wthor: " + strings.Join(where, ", ") + ": " + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }
