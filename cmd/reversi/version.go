// The version subcommand: which build of reversi this is.

package main

import (
	"context"
	"fmt"

	"github.com/reversi-engine/reversi/internal/buildinfo"
	"github.com/reversi-engine/reversi/internal/cli"
)

func runVersion(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "version", "", `
Prints the version of reversi (stamped by a release build, scripts/dist.sh,
or the module version the Go toolchain recorded, "(devel)" for a build in
a checkout), the version control revision it was built from, with its
time and whether the tree had local changes, the module, the Go version
and the platform.`)
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	fmt.Fprint(e.stdout, buildinfo.Read())
	return nil
}
