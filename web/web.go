// The GUI's files, embedded.

package web

import "embed"

// Files are the GUI's files, under static/.
//
//go:embed static
var Files embed.FS
