// The 16-byte header every WTHOR file starts with, and the package's errors.

package wthor

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
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

// MaxGames is the most game records ReadGames accepts in a file (285 MB
// of records): the WTHOR files shipped with reversi, 1977 to 2015, hold
// 117,435 games together and at most 9,113 in a year. A header that
// announces more is refused after 64 KB of records at most, so that a
// lying header in front of an endless stream cannot fill the memory.
const MaxGames = 1 << 22

// maxExtra is how many bytes after the announced records a reader reads
// to say how many there are; past it, it says "more than maxExtra".
const maxExtra = 64 << 10

// readFile reads a WTHOR file from r: the header, checked by readHeader,
// then the records of size bytes it announces, count(header) of them. It
// reads no more than these records and maxExtra bytes (and one to know
// that more follow), and checks the length with checkSize: the bytes
// returned, header included, are exactly the header and the records. A
// count over max is refused after reading at most maxExtra bytes, which
// tell a short file (reported as truncated) from a stream that goes on.
// Memory grows with what r gives, not with what the header says.
func readFile(r io.Reader, what string, size int64, count func(Header) int64, max int64) (Header, []byte, error) {
	head := make([]byte, HeaderSize)
	n, err := io.ReadFull(r, head)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return Header{}, nil, &Error{Index: -1, Err: fmt.Errorf("truncated header: the file has %d bytes, a header takes %d", n, HeaderSize)}
	case err != nil:
		return Header{}, nil, fmt.Errorf("wthor: %w", err)
	}
	h, err := readHeader(head)
	if err != nil {
		return h, nil, err
	}
	records := count(h)
	limit := records*size + maxExtra + 1
	if records > max {
		limit = maxExtra + 1
	}
	var file bytes.Buffer
	file.Write(head)
	if _, err := file.ReadFrom(io.LimitReader(r, limit)); err != nil {
		return h, nil, fmt.Errorf("wthor: %w", err)
	}
	data := file.Bytes()
	more := int64(len(data)) == HeaderSize+limit
	if records > max && more {
		return h, nil, &Error{Index: -1, Err: fmt.Errorf(
			"the header announces %d %ss (%d bytes), more than the %d a file may hold here: not a WTHOR file?",
			records, what, HeaderSize+records*size, max)}
	}
	if err := checkSize(data, what, records, size, more); err != nil {
		return h, nil, err
	}
	return h, data, nil
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
// its header announces; more says that the file goes on after data, whose
// last byte is one past what the reader accepts.
func checkSize(data []byte, what string, n, size int64, more bool) error {
	want := HeaderSize + n*size
	switch have := int64(len(data)); {
	case have < want:
		have -= HeaderSize
		return &Error{What: what, Index: int(have / size), Err: fmt.Errorf(
			"truncated file: the header announces %d %ss (%d bytes) but the file has %d bytes; %s index %d has %d of its %d bytes",
			n, what, want, len(data), what, have/size, have%size, size)}
	case more:
		return &Error{Index: -1, Err: fmt.Errorf(
			"more than %d bytes after the %d %ss the header announces (want a file of %d bytes; reading stopped there)",
			have-want-1, n, what, want)}
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
