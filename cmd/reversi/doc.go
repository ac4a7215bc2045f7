// Command reversi is the Othello engine and game platform: play in the
// terminal, serve the web GUI, match and rate players, solve, analyse,
// train, build the opening book, and measure. Run "reversi help" for the
// list of subcommands and "reversi <command> -h" for the flags of one.
//
// The command only wires, as cmd/go does: main.go holds the table of
// subcommands, the dispatch, the overview and the help command, and
// hands each subcommand its command line and the outside world (a
// cli.Env: standard input and outputs, whether standard error is a
// terminal). The subcommands live in packages of cmd/internal, one a
// concern, each owning its flag sets, its checks and its help texts
// (embedded from its help/ folder): playcmd (play), arenacmd (match,
// tournament, merge), bookcmd (book), traincmd (train and its
// subcommands), measurecmd (perft, solve, bench, accuracy) and enginecmd
// (analyze, nboard, gtp). They follow the conventions of
// cmd/internal/cli and call the packages that do the work; what a
// subcommand computes, reads or writes beyond its flags lives there.
// The game server's subcommands, serve (server, store/open) and loadtest
// (server/loadtest), are still files of this package, with their help
// texts under help/, as is version (cmd/internal/buildinfo,
// cmd/internal/shipped).
//
// Exit codes: 0 for success and for -h, 2 for a usage error
// (cli.ErrUsage), 1 for any other error, printed as "reversi NAME:
// error".
package main
