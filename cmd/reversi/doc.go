// Command reversi is the Othello engine and game platform: play in the
// terminal, serve the web GUI, match and rate players, solve, analyse,
// train, build the opening book, and measure. Run "reversi help" for the
// list of subcommands and "reversi <command> -h" for the flags of one.
//
// The command is flags, wiring and printing: one file a subcommand
// (serve.go, play.go, match.go, ...), each parsing its flags with the
// conventions of cmd/internal/cli, its description embedded from a text
// file of help/ (help.go), and calling the packages that do the work:
// server and store/open (serve), server/loadtest (loadtest), referee, tui,
// textboard and arena (play), arena (match, tournament, merge), endgame
// and endgame/problems (solve), engine and textboard (analyze, book
// show), nboard, gtp, perft, bench, train, book and accuracy (their
// subcommands); catalog builds the players by name. What a subcommand
// computes, reads or writes beyond its flags lives in those packages (the
// reports and tables too: arena's MatchCount.Report and Tally.Report,
// accuracy's rows, textboard's analysis and book moves). Long work shows
// its progress through cmd/internal/progress, plots are drawn by
// cmd/internal/plot, the shipped book and weights are taken and noted
// through cmd/internal/shipped, and reversi version reads
// cmd/internal/buildinfo.
package main
