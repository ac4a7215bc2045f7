// Package testpos gives fixed positions from real games for benchmarks and
// tests: the same positions on every machine and in every version, so
// that figures can be compared.
//
// Midgame returns positions of the middle of real games, Endgame positions
// with a given number of empty squares. It takes them from the WTHOR games
// of package data (read with format/wthor, played with board); bench and
// the tests of the searches, the evaluation, training and accuracy use
// them.
package testpos
