// Package cli holds the conventions of the reversi command line, so that
// every subcommand of cmd/reversi follows them the same way: a flag set
// whose -h prints the usage line, the description and the flags
// (NewFlags, Parse, ErrUsage); arguments that are not flags taken from
// anywhere among the flags (Positional, FileArg); a position given as a
// board or a transcript (Board, Position); a file named on the command line that
// may be standard input or a data set shipped with reversi (Open); flags
// that collect lists and engines' command lines (List, Engines); a seed
// drawn at random unless given (DefaultSeed); whether a standard input or
// output is a terminal (IsTerminal); where a command's own lines go when
// a file it writes is standard output (Notes); and "2 games" (Counted).
//
// It is an edge package: cmd/reversi uses it, the engine packages do not.
// It imports board and game (for positions) and data/fforum (the shipped
// OBF files).
package cli
