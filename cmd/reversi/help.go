// The help texts of the subcommands of this package (serve, loadtest,
// version), one text file each under help/; the other subcommands' lie
// beside them, in their packages.

package main

import (
	"embed"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
)

//go:embed help/*.txt
var helpFiles embed.FS

// help returns the description of a subcommand from help/NAME.txt, with
// the pairs of vars (a placeholder, its value) replaced (cli.Help).
func help(name string, vars ...string) string { return cli.Help(helpFiles, name, vars...) }
