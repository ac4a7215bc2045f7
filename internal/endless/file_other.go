//go:build !unix

// Endless inputs under a file name: not on this system.

package endless

import "errors"

// File would make a named pipe that gives prefix, then r's bytes; this
// system has none, and File fails.
func File(dir, prefix string, r *Reader) (string, error) {
	return "", errors.New("endless.File: no named pipes on this system")
}
