// The loadtest subcommand: many games at once between scripted bots.

package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/server/loadtest"
)

func runLoadtest(ctx context.Context, e *env, args []string) error {
	fs := cli.NewFlags(e.stderr, "loadtest", "[--games 500] [--spectators 0] [--url http://host:port | --db FILE|postgres://...] [--think 1s] [--ramp 10s] [--seed S]", help("loadtest"))
	games := fs.Int("games", 500, "games played at once")
	spectators := fs.Int("spectators", 0, "clients watching each game on a WebSocket of their own, besides its two players")
	url := fs.String("url", "", "the base URL of a running server (default: start one)")
	db := fs.String("db", "", "the database of the server started here (default: a temporary SQLite file)")
	seed := fs.Uint64("seed", 1, "seed of the bots' moves")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the whole test (server and bots) to this file")
	ramp := fs.Duration("ramp", 10*time.Second, "spread the games' starts over this long (0: all at once)")
	think := fs.Duration("think", time.Second, "the bots' mean thinking time a move (0: at once, to measure throughput)")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if *games <= 0 {
		return fmt.Errorf("loadtest: --games %d: want at least 1", *games)
	}
	if *spectators < 0 {
		return fmt.Errorf("loadtest: --spectators %d: want 0 or more", *spectators)
	}
	if *url != "" && *db != "" {
		return errors.New("loadtest: --url and --db: the server of --url has its own database")
	}
	stop, err := cli.StartCPUProfile(*cpuProfile)
	if err != nil {
		return err
	}
	defer stop()
	where := *url
	if where == "" {
		base, used, stop, err := loadtest.LocalOn(ctx, *db, *games)
		if err != nil {
			return err
		}
		defer stop()
		where = base
		fmt.Fprintf(e.stdout, "server on %s, database %s\n", where, used)
	}
	rep, err := loadtest.Run(ctx, loadtest.Config{URL: where, Games: *games, Seed: *seed, Think: *think, Ramp: *ramp, Spectators: *spectators, Progress: func(moves int64, took time.Duration) {
		fmt.Fprintf(e.stderr, "%.0fs: %d moves\n", took.Seconds(), moves)
	}})
	if err != nil {
		return err
	}
	fmt.Fprint(e.stdout, rep)
	if len(rep.Problems) > 0 {
		return fmt.Errorf("loadtest: %d problems", len(rep.Problems))
	}
	return nil
}
