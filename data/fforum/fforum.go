// Package fforum ships the FForum endgame problems, embedded: #1-#19
// (fforum-1-19.obf, 14 to 16 empties) and #40-#59 (fforum-40-59.obf, the
// classic FFO benchmark, 20 to 34 empties), OBF files with exact scores.
// The solver's tests, reversi solve and reversi bench use them. Where they
// come from is in data/README.md.
package fforum

import (
	"embed"
	"io/fs"
)

//go:embed fforum-1-19.obf fforum-40-59.obf
var files embed.FS

// FS returns the embedded problem files.
func FS() fs.FS { return files }

// ReadFile returns the content of one embedded file: "fforum-1-19.obf"
// or "fforum-40-59.obf".
func ReadFile(name string) ([]byte, error) { return files.ReadFile(name) }
