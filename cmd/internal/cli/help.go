// The descriptions of the subcommands, as text files embedded by the
// packages that run them.

package cli

import (
	"io/fs"
	"strings"
)

// Help returns the description of the subcommand name from the file
// help/NAME.txt of files (a package's embedded help/ folder), a space of
// the name a hyphen ("train refit": help/train-refit.txt), with the pairs
// of vars (a placeholder such as "{held-out-year}", its value) replaced.
// A missing text is a bug of the command, caught by its tests: Help
// panics.
func Help(files fs.FS, name string, vars ...string) string {
	text, err := fs.ReadFile(files, "help/"+strings.ReplaceAll(name, " ", "-")+".txt")
	if err != nil {
		panic("no help text for " + name + ": " + err.Error())
	}
	return strings.NewReplacer(vars...).Replace(string(text))
}
