// The description of reversi account, embedded from help/.

package accountcmd

import (
	"embed"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
)

//go:embed help/*.txt
var helpFiles embed.FS

// help returns the description of a subcommand from help/ (cli.Help).
func help(name string, vars ...string) string { return cli.Help(helpFiles, name, vars...) }
