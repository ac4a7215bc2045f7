// Package cli holds what every subcommand of cmd/reversi shares: the
// outside world it is handed, and the conventions of the command line,
// so that every subcommand follows them the same way.
//
// The outside world is an Env: standard input and outputs, whether
// standard error is a terminal, and how often long work says it is still
// going; its progress of long work (Env.Progress, Env.LazyProgress, from
// cmd/internal/progress) and where its own lines go when a file it
// writes is standard output (Env.Notes, Notes). A subcommand is a
// function of a context, an Env and its arguments returning an error:
// ErrUsage for the user's command line (exit code 2), flag.ErrHelp for
// -h, ErrInterrupted when Ctrl-C stopped it with nothing more to say.
//
// The conventions: a flag set whose -h prints the usage line, the
// description and the flags (NewFlags, Parse), the description a text
// file embedded by the subcommand's package (Help); arguments that are
// not flags taken from anywhere among the flags (Positional, FileArg); a
// position given as a board or a transcript (Board, Position); a file
// named on the command line that may be standard input or a data set
// shipped with reversi (Open); flags that collect lists and engines'
// command lines (List, Engines); a seed drawn at random unless given
// (DefaultSeed, Given); an increment that needs a game clock
// (CheckIncrement); a CPU profile of the run (StartCPUProfile); whether
// a standard input or output is a terminal (IsTerminal); and "2 games"
// (Counted).
//
// It is an edge package: cmd/reversi and its subcommands' packages use
// it, the engine packages do not. It imports board and game (for
// positions), data/fforum (the shipped OBF files) and
// cmd/internal/progress.
package cli
