// Package fforum ships the FForum endgame problems, embedded: #1-#19
// (fforum-1-19.obf, 14 to 16 empties) and #40-#59 (fforum-40-59.obf, the
// classic FFO benchmark, 20 to 34 empties), OBF files with exact scores.
// Where they come from is in data/README.md.
//
// ReadFile and FS give the files by name. It imports nothing of reversi;
// the solver's tests, bench (reversi bench) and cmd/internal/cli (reversi
// solve names them without a path) use them.
package fforum
