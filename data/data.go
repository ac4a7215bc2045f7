// The embedded files: the WTHOR database and the GGF samples.

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
