// The binary format: encoding, checked decoding, and files written
// through a temporary file renamed into place.

package book

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/reversi-engine/reversi/internal/atomicfile"
)

// Version is the version of the binary format that this package writes
// and reads.
const Version = 1

// magic opens every binary book: binaryMagic and an end of line.
const magic = binaryMagic + "\r\n"

// binaryMagic is the start of every binary book, its magic without the
// end of line (what ReadText recognises).
const binaryMagic = "RVBOOK"

// headerSize is the size of the binary header: magic, version, count,
// checksum.
const headerSize = 8 + 4 + 4 + sha256.Size

// ErrCorrupt is the error (wrapped) of a binary book that cannot be
// used: wrong magic, version, length, order or checksum, or an entry that
// no book holds (a board no game reaches or not canonical, a value
// outside -64 to +64 discs, a reserved byte not 0).
var ErrCorrupt = errors.New("corrupt opening book")

// Bytes returns the book in the binary format.
func (b *Book) Bytes() []byte {
	var data []byte
	if b != nil {
		data = b.data
	}
	out := make([]byte, 0, headerSize+len(data))
	out = append(out, magic...)
	out = binary.LittleEndian.AppendUint32(out, Version)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(data)/recordSize))
	sum := sha256.Sum256(data)
	out = append(out, sum[:]...)
	return append(out, data...)
}

// Decode returns the book of data in the binary format, or an error
// wrapping ErrCorrupt that says what is wrong: the magic, the version, the
// length, the checksum, the order of the entries, or an entry (numbered
// from 0) and its fault (see entryFault). The book reads its entries in
// data, which must not change afterwards.
func Decode(data []byte) (*Book, error) {
	switch {
	case len(data) < headerSize:
		return nil, fmt.Errorf("%w: %d bytes, shorter than the %d-byte header", ErrCorrupt, len(data), headerSize)
	case string(data[:8]) != magic:
		return nil, fmt.Errorf("%w: not a reversi book (no %q at the start)", ErrCorrupt, magic[:6])
	}
	if v := binary.LittleEndian.Uint32(data[8:]); v != Version {
		return nil, fmt.Errorf("%w: format version %d, this program reads version %d", ErrCorrupt, v, Version)
	}
	n := int(binary.LittleEndian.Uint32(data[12:]))
	body := data[headerSize:]
	if len(body) != n*recordSize {
		return nil, fmt.Errorf("%w: %d entries announced (%d bytes), %d bytes present", ErrCorrupt, n, n*recordSize, len(body))
	}
	if sum := sha256.Sum256(body); !bytes.Equal(sum[:], data[16:headerSize]) {
		return nil, fmt.Errorf("%w: checksum mismatch (the file is damaged)", ErrCorrupt)
	}
	b := &Book{data: body}
	for i := range n {
		if fault := b.entryFault(i); fault != "" {
			return nil, fmt.Errorf("%w: entry %d: %s", ErrCorrupt, i, fault)
		}
		if i > 0 && !less(b.key(i-1), b.key(i)) {
			return nil, fmt.Errorf("%w: entries %d and %d out of order", ErrCorrupt, i-1, i)
		}
	}
	return b, nil
}

// maxValue bounds the values of the binary format, in hundredths of a
// disc: a margin is 64 discs at most.
const maxValue = 64 * 100

// entryFault says what is wrong with the entry i as the binary format
// holds it, or returns "" if nothing is: its board is one that no game
// reaches (boardFault) or is not canonical, its value is outside -64 to
// +64 discs, or its reserved byte is not 0. The text and Edax formats
// refuse the same boards and values.
func (b *Book) entryFault(i int) string {
	k := b.key(i)
	if fault := boardFault(k); fault != "" {
		return fault
	}
	if c, _ := k.Canonical(); c != k {
		return "board not in canonical form"
	}
	r := b.data[i*recordSize:]
	if v := int16(binary.LittleEndian.Uint16(r[16:])); v < -maxValue || v > maxValue {
		return fmt.Sprintf("value %s discs (%d hundredths), outside -64 to +64", valueText(float64(v)/100), v)
	}
	if r[19] != 0 {
		return fmt.Sprintf("reserved byte %d, want 0", r[19])
	}
	return ""
}

// maxFileSize bounds the binary books that ReadFile reads (a book of
// about 2.8 million positions).
const maxFileSize = 64 << 20

// ReadFile reads a binary book.
func ReadFile(path string) (*Book, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileSize {
		return nil, fmt.Errorf("%s: %w: larger than %d MB", path, ErrCorrupt, maxFileSize>>20)
	}
	b, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// WriteFile writes data to path through a temporary file in the same
// folder, synced and renamed into place: path is either what it was or
// the whole of data, never a part. A path that is not a regular file (a
// device such as /dev/stdout) is written directly; see
// internal/atomicfile.
func WriteFile(path string, data []byte) error {
	return atomicfile.WriteBytes(path, data)
}
