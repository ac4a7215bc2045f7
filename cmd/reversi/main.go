// The command table, the dispatch and the help.

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/cmd/internal/accountcmd"
	"github.com/reversi-engine/reversi/cmd/internal/arenacmd"
	"github.com/reversi-engine/reversi/cmd/internal/bookcmd"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/cmd/internal/enginecmd"
	"github.com/reversi-engine/reversi/cmd/internal/measurecmd"
	"github.com/reversi-engine/reversi/cmd/internal/playcmd"
	"github.com/reversi-engine/reversi/cmd/internal/traincmd"
)

// command is one subcommand.
type command struct {
	name    string
	summary string // one line for "reversi help"
	run     func(ctx context.Context, e *cli.Env, args []string) error
}

// commands is the table of subcommands, in the order "reversi help" lists
// them.
var commands = []command{
	{"serve", "start the game server and its web GUI (games stored in a database)", withEnv(runServe)},
	{"account", "the operator's work on a server's accounts: invitations, disable and enable an account", accountcmd.Account},
	{"loadtest", "play many games at once between scripted bots on a server: latency, lost moves", withEnv(runLoadtest)},
	{"play", "play a game in the terminal, or many games between computer players", playcmd.Play},
	{"perft", "count the leaves of the game tree to a depth (checks and times move generation)", measurecmd.Perft},
	{"solve", "solve the endgame positions of an OBF file exactly and check the scores", measurecmd.Solve},
	{"analyze", "the value of every legal move of a position, with depth and principal variation", enginecmd.Analyze},
	{"nboard", "be an engine for NBoard and other GUIs (NBoard protocol 2 on stdin/stdout)", enginecmd.NBoard},
	{"gtp", "be an engine for GTP front-ends such as Quarry (Go Text Protocol on stdin/stdout)", enginecmd.GTP},
	{"match", "play two players against each other over many games: score, Elo, SPRT", arenacmd.Match},
	{"tournament", "a round robin between several players: crosstable and Elo rating list", arenacmd.Tournament},
	{"merge", "put together the records of the shards of a match or tournament", arenacmd.Merge},
	{"records", "a match's figures from its record: score, time and values by phase, the difference with another match on the same openings", arenacmd.Records},
	{"train", "train the weights of the pattern evaluation from the shipped games (resumable)", traincmd.Train},
	{"book", "the opening book: build it from the shipped games, extend it by deviations (resumable, shardable), show, export, import", bookcmd.Book},
	{"accuracy", "measure evaluations against exact scores of held-out real positions", measurecmd.Accuracy},
	{"bench", "measure the speed of the rules engine and print the figures", measurecmd.Bench},
	{"version", "the version of reversi and how it was built", runVersion},
	{"help", "list the subcommands, or explain one: reversi help <command>|players|levels", nil}, // see run
}

// env is what a command may use of the outside world, as run takes it
// (from main, or from a test) and serve and loadtest, the subcommands of
// this package, take it; the table's subcommands take it as a cli.Env
// (cliEnv, withEnv).
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	stderrIsTTY    bool
}

// cliEnv returns e as the subcommands take it, with newsEvery as its News.
func (e *env) cliEnv() *cli.Env {
	return &cli.Env{Stdin: e.stdin, Stdout: e.stdout, Stderr: e.stderr, StderrIsTTY: e.stderrIsTTY, News: newsEvery}
}

// withEnv returns a subcommand of the table that runs run, which takes
// the env of this package (serve, loadtest).
func withEnv(run func(context.Context, *env, []string) error) func(context.Context, *cli.Env, []string) error {
	return func(ctx context.Context, e *cli.Env, args []string) error {
		return run(ctx, &env{stdin: e.Stdin, stdout: e.Stdout, stderr: e.Stderr, stderrIsTTY: e.StderrIsTTY}, args)
	}
}

// newsEvery is how often long work that has nothing else to report says
// that it is still going (a long solve; a run of games or solves whose
// progress line has not changed): the News of the subcommands' cli.Env.
var newsEvery = 30 * time.Second

func main() {
	// SIGTERM (kill, systemd, docker, Kubernetes) stops a command as
	// Ctrl-C does: the server shuts down gracefully, a match keeps what
	// it played.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, stderrIsTTY: cli.IsTerminal(os.Stderr)}
	os.Exit(run(ctx, e, os.Args[1:]))
}

// run executes the command line args and returns the exit code.
func run(ctx context.Context, pe *env, args []string) int {
	e := pe.cliEnv()
	if len(args) == 0 {
		fmt.Fprint(e.Stderr, overview())
		return 2
	}
	name := args[0]
	if name == "-h" || name == "--help" || name == "-help" {
		fmt.Fprint(e.Stdout, overview())
		return 0
	}
	if name == "--version" || name == "-version" {
		name, args = "version", append([]string{"version"}, args[1:]...)
	}
	for _, c := range commands {
		if c.name != name {
			continue
		}
		run := c.run
		if name == "help" {
			run = runHelp // not in the table: it reads the table
		}
		err := run(ctx, e, args[1:])
		switch {
		case err == nil, errors.Is(err, flag.ErrHelp):
			return 0
		case errors.Is(err, cli.ErrUsage):
			return 2
		}
		fmt.Fprintf(e.Stderr, "reversi %s: %v\n", name, err)
		return 1
	}
	fmt.Fprintf(e.Stderr, "reversi: unknown command %q\n\n%s", name, overview())
	return 2
}

func overview() string {
	var b strings.Builder
	b.WriteString("reversi: an Othello engine and game platform\n\nUsage: reversi <command> [flags]\n\nCommands:\n")
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-*s  %s\n", width, c.name, c.summary)
	}
	b.WriteString("\nRun 'reversi <command> -h' for the flags of a command, 'reversi help players' for the players.\n")
	return b.String()
}

func runHelp(ctx context.Context, e *cli.Env, args []string) error {
	if len(args) == 0 {
		fmt.Fprint(e.Stdout, overview())
		return nil
	}
	switch args[0] {
	case "players":
		fmt.Fprint(e.Stdout, catalog.Help())
		return nil
	case "levels":
		fmt.Fprint(e.Stdout, catalog.LevelsHelp())
		return nil
	case "help":
		fmt.Fprint(e.Stdout, overview())
		return nil
	}
	for _, c := range commands {
		if c.name == args[0] && c.run != nil {
			e2 := *e
			e2.Stderr = e.Stdout // the usage of an asked-for command goes to stdout
			c.run(ctx, &e2, []string{"-h"})
			return nil
		}
	}
	fmt.Fprintf(e.Stderr, "no help for %q\n\n%s", args[0], overview())
	return cli.ErrUsage
}

// counted writes n and a noun, plural unless n is 1 (cli.Counted).
var counted = cli.Counted
