// The embedded FForum problems.

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
