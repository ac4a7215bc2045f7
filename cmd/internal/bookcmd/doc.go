// Package bookcmd is reversi book: the opening book built from the
// shipped games (build), extended by the moves out of it within a margin
// of the best (deviate), both resumable from a work folder and shardable
// over machines; a position's book moves (show); how long held-out games
// stay in it (coverage); the text format written and read, Edax books
// read too (export, import); and the positions of held-out games as
// openings for reversi match (openings).
//
// It parses the flags with the conventions of cmd/internal/cli, shows
// progress on the cli.Env's standard error, and leaves the work to the
// packages book (the build, the deviations, the formats, the coverage),
// train (the WTHOR games and the search that values positions) and
// textboard (a position's book moves). Its description is
// help/book.txt, embedded.
package bookcmd
