// Package web holds the browser GUI of the game server: static files
// embedded in the binary, no build step.
package web

import "embed"

// Files are the GUI's files, under static/.
//
//go:embed static
var Files embed.FS
