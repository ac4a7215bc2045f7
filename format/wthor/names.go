// Name tables (.jou, .trn): fixed-size ISO-8859-1 names to and from UTF-8.

package wthor

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// ReadNames reads a whole name table whose names take size bytes each:
// [PlayerNameSize] for WTHOR.JOU, [TournamentNameSize] for WTHOR.TRN. Each
// name ends at its first NUL byte (anything after it is ignored) and is
// converted from ISO-8859-1 to UTF-8. It fails if the file is not as long
// as the header says (reading stops a little after the names it
// announces: an endless stream is refused with little memory), if a name
// has no NUL terminator, or if size is not 1 to MaxNameSize.
func ReadNames(r io.Reader, size int) (Header, []string, error) {
	if size < 1 || size > MaxNameSize {
		return Header{}, nil, &Error{Index: -1, Err: fmt.Errorf("name size %d: want 1 to %d bytes", size, MaxNameSize)}
	}
	h, data, err := readFile(r, "name", int64(size), func(h Header) int64 { return int64(h.Records) }, 1<<16)
	if err != nil {
		return h, nil, err
	}
	names := make([]string, h.Records)
	for i := range names {
		field := data[HeaderSize+i*size : HeaderSize+(i+1)*size]
		end := bytes.IndexByte(field, 0)
		if end < 0 {
			return h, nil, &Error{What: "name", Index: i, Err: fmt.Errorf("no NUL byte ends the name in its %d bytes", size)}
		}
		names[i] = latin1ToUTF8(field[:end])
	}
	return h, names, nil
}

// MaxNameSize bounds the size of a name that ReadNames reads: names take
// 20 or 26 bytes, and a table of 65535 names of this size takes 64 MB.
const MaxNameSize = 1 << 10

// latin1ToUTF8 converts ISO-8859-1 bytes, whose values are the code
// points, to a UTF-8 string.
func latin1ToUTF8(b []byte) string {
	var s strings.Builder
	s.Grow(len(b))
	for _, c := range b {
		s.WriteRune(rune(c))
	}
	return s.String()
}

// WriteNames writes a name table: h with Records set to len(names), then
// each name converted to ISO-8859-1 in a field of size bytes, padded with
// NUL bytes. It fails, writing nothing, if there are more than 65535
// names or a name does not fit: a character outside ISO-8859-1, a NUL, or
// more than size-1 bytes (a NUL must end every name).
func WriteNames(w io.Writer, h Header, names []string, size int) error {
	if size < 1 {
		return &Error{Index: -1, Err: fmt.Errorf("name size %d: want at least 1 byte", size)}
	}
	if len(names) > int(^uint16(0)) {
		return &Error{Index: -1, Err: fmt.Errorf("%d names do not fit the header's 16-bit count", len(names))}
	}
	h.Records = uint16(len(names))
	out := make([]byte, 0, HeaderSize+size*len(names))
	out = appendHeader(out, h)
	for i, name := range names {
		field, err := encodeName(name, size)
		if err != nil {
			return &Error{What: "name", Index: i, Err: err}
		}
		out = append(out, field...)
	}
	if _, err := w.Write(out); err != nil {
		return fmt.Errorf("wthor: %w", err)
	}
	return nil
}

// encodeName returns the size-byte field of a name.
func encodeName(name string, size int) ([]byte, error) {
	field := make([]byte, 0, size)
	for i, r := range name {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(name[i:], string(utf8.RuneError)):
			return nil, fmt.Errorf("name %q is not valid UTF-8 at byte %d", name, i)
		case r == 0:
			return nil, fmt.Errorf("name %q holds a NUL character, which would end it", name)
		case r > 0xFF:
			return nil, fmt.Errorf("name %q: %q is not in ISO-8859-1", name, r)
		}
		field = append(field, byte(r))
	}
	if len(field) > size-1 {
		return nil, fmt.Errorf("name %q takes %d bytes, a field holds %d (%d bytes and the NUL that ends the name)",
			name, len(field), size-1, size)
	}
	return append(field, make([]byte, size-len(field))...), nil
}
