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
	"path/filepath"
)

// Version is the version of the binary format that this package writes
// and reads.
const Version = 1

// magic opens every binary book.
const magic = "RVBOOK\r\n"

// headerSize is the size of the binary header: magic, version, count,
// checksum.
const headerSize = 8 + 4 + 4 + sha256.Size

// ErrCorrupt is the error (wrapped) of a binary book that cannot be
// used: wrong magic, version, length, order or checksum.
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
// wrapping ErrCorrupt that says what is wrong. The book reads its entries
// in data, which must not change afterwards.
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
	for i := 1; i < n; i++ {
		if !less(b.key(i-1), b.key(i)) {
			return nil, fmt.Errorf("%w: entries %d and %d out of order", ErrCorrupt, i-1, i)
		}
	}
	for i := range n {
		k := b.key(i)
		if !k.Valid() {
			return nil, fmt.Errorf("%w: entry %d is not a board (a square of both sides)", ErrCorrupt, i)
		}
		if c, _ := k.Canonical(); c != k {
			return nil, fmt.Errorf("%w: entry %d is not in canonical form", ErrCorrupt, i)
		}
	}
	return b, nil
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
// the whole of data, never a part.
func WriteFile(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	err = tmp.Chmod(0o644) // CreateTemp's 0600 is for secrets; a book is not one
	if err == nil {
		_, err = tmp.Write(data)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}
