// Books as a program names them: a file or the shipped book, any format
// read by its first bytes, the text format written to a file.

package book

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// Open returns the binary book of the file path, or the book shipped in
// the program (Shipped) if path is "".
func Open(path string) (*Book, error) {
	if path == "" {
		return Shipped()
	}
	return ReadFile(path)
}

// Read reads a book in the text format (ReadText) or an Edax book
// (ReadEdax), told apart by their first bytes (IsEdax); a binary book is
// refused with an error that says it is one (it needs no reading: Open).
func Read(r io.Reader) (Set, error) {
	br := bufio.NewReader(r)
	head, _ := br.Peek(len(EdaxMagic))
	if IsEdax(head) {
		return ReadEdax(br)
	}
	return ReadText(br)
}

// WriteTextFile writes the book in the text format (WriteText) to the
// file path, through a temporary file renamed into place (WriteFile).
func (b *Book) WriteTextFile(path string) error {
	var sb strings.Builder
	if err := b.WriteText(&sb); err != nil {
		return err
	}
	return WriteFile(path, []byte(sb.String()))
}

// ParseMode reads a command's on/off book setting (a flag such as
// --book), in any case and with spaces around it: true for "on", false
// for "off"; any other value is an error that says what is accepted.
func ParseMode(mode string) (on bool, err error) {
	switch strings.ToLower(strings.TrimSpace(mode)) {
	case "on":
		return true, nil
	case "off":
		return false, nil
	}
	return false, fmt.Errorf("book %q: want on or off", mode)
}

// Switch returns the book that a command's on/off book setting (a flag
// such as --book, read by ParseMode) chooses: the shipped book for "on",
// none for "off". A shipped book that cannot be read is no book: Switch
// then returns nil with a note that says why, for the command to tell
// its user before it goes on without a book.
func Switch(mode string) (b *Book, note string, err error) {
	on, err := ParseMode(mode)
	if err != nil || !on {
		return nil, "", err
	}
	b, err = Shipped()
	if err != nil {
		return nil, "no opening book: " + err.Error(), nil
	}
	return b, "", nil
}
