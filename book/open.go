// Books as a program names them: a file or the shipped book, any format
// read by its first bytes, the text format written to a file.

package book

import (
	"bufio"
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
// (ReadEdax), told apart by their first bytes (IsEdax).
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
