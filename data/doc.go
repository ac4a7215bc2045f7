// Package data ships the WTHOR database of real tournament games and GGF
// sample games, embedded in the binary so that training, the accuracy
// measurement and the tests work on a fresh clone. The other data sets are
// embedded where they are used, so that a program links only what it
// needs: the XOT openings in data/xot, the FForum endgame problems in
// data/fforum, the perft counts in package perft. Where each comes from is
// in README.md beside this file.
//
// ReadFile and FS give the files; WTHORFiles names the WTHOR years.
//
// It imports nothing of reversi. Package train reads the WTHOR games
// (training, the opening book, the accuracy measurement's held-out year),
// internal/testpos takes its fixed positions from them, and bench NTest's
// speed-test games (ggf/ntest-TestGames.ggf).
package data
