// Package playcmd is reversi play: a game in the terminal between people
// and computer players of any kind, or many games between computers.
//
// One game is played full-screen when standard input and output are a
// terminal (package tui), line by line otherwise or with --plain
// (textboard.Lines, the observer of the referee's events); either way
// the referee runs it, with the clocks and the rule of the flags. Many
// games (--games N) are arena.Games, run on all cores and added up in a
// tally. The players are built by name by catalog. Its description is
// help/play.txt, embedded.
package playcmd
