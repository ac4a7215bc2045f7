// The help texts of the subcommands, one text file each under help/.

package main

import (
	"embed"
	"strings"
)

//go:embed help/*.txt
var helpFiles embed.FS

// help returns the description of a subcommand from help/NAME.txt, a
// space of the name a hyphen ("train refit": help/train-refit.txt), with
// the pairs of vars (a placeholder such as "{held-out-year}", its value)
// replaced.
func help(name string, vars ...string) string {
	text, err := helpFiles.ReadFile("help/" + strings.ReplaceAll(name, " ", "-") + ".txt")
	if err != nil {
		panic("no help text for " + name + ": " + err.Error()) // every one is embedded: TestHelpTexts
	}
	return strings.NewReplacer(vars...).Replace(string(text))
}
