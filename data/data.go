// Package data ships the WTHOR database of real tournament games and GGF
// sample games, embedded in the binary so that training, the accuracy
// measurement and the tests work on a fresh clone. The other data sets are
// embedded where they are used, so that a program links only what it
// needs: the XOT openings in data/xot, the FForum endgame problems in
// data/fforum, the perft counts in package perft. Where each comes from is
// in README.md beside this file.
package data

import (
	"embed"
	"io/fs"
)

//go:embed wthor/*.wtb wthor/WTHOR.JOU wthor/WTHOR.TRN ggf/*.ggf
var files embed.FS

// FS returns the embedded data files, by the names in README.md (e.g.
// "wthor/WTH_2004.wtb", "ggf/nboard-test.ggf").
func FS() fs.FS { return files }

// ReadFile returns the content of one embedded file.
func ReadFile(name string) ([]byte, error) { return files.ReadFile(name) }

// WTHORFiles returns the names of the embedded WTHOR game files
// ("wthor/WTH_1977.wtb" ... "wthor/WTH_2015.wtb"), in order.
func WTHORFiles() []string {
	names, _ := fs.Glob(files, "wthor/*.wtb")
	return names
}
