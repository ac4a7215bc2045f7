// The version subcommand: which build of reversi this is.

package main

import (
	"context"
	"fmt"

	"github.com/reversi-engine/reversi/cmd/internal/buildinfo"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/shipped"
)

func runVersion(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "version", "", help("version"))
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	fmt.Fprint(e.Stdout, buildinfo.Read())
	shipped.WriteData(e.Stdout)
	return nil
}
