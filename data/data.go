// Package data ships the public Othello data sets reversi uses, embedded in
// the binary so that every feature and test works on a fresh clone: the
// WTHOR database of real tournament games, XOT openings, FForum endgame
// problems, GGF sample games and the perft counts from the start. Where each
// comes from is in README.md beside this file.
package data

import (
	"embed"
	"io/fs"
)

//go:embed wthor/*.wtb wthor/WTHOR.JOU wthor/WTHOR.TRN xot-large.txt fforum-1-19.obf fforum-40-59.obf perft-start.txt ggf/*.ggf
var files embed.FS

// FS returns the embedded data files, by the names in README.md (e.g.
// "wthor/WTH_2004.wtb", "xot-large.txt").
func FS() fs.FS { return files }

// ReadFile returns the content of one embedded file.
func ReadFile(name string) ([]byte, error) { return files.ReadFile(name) }

// WTHORFiles returns the names of the embedded WTHOR game files
// ("wthor/WTH_1977.wtb" ... "wthor/WTH_2015.wtb"), in order.
func WTHORFiles() []string {
	names, _ := fs.Glob(files, "wthor/*.wtb")
	return names
}
