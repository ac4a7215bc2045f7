// Package game records an Othello game: its start position, rule variant,
// moves (with passes, times and evaluations), result and the metadata a
// game file carries. It enforces the rules, including the no-adjacent
// variant, and reads and writes move transcripts such as "f5d6c3d3c4".
//
// A Game is a value with a slice inside: use [Game.Clone] to hand a copy to
// code that must not change the original.
package game
