// Package perft counts the leaves of the game tree to a fixed depth, the
// standard check that move generation is correct (and fast).
//
// Counting rule: a pass counts as one ply, and a game that ends before the
// depth counts as one leaf at every depth after its end. From the start
// position the counts are 4, 12, 56, 244, 1396, ...; Published returns
// the published counts to depth 16, embedded from perft-start.txt beside
// the code (so that only a program that checks them links them).
//
// Count counts on one goroutine, CountParallel and CountContext on
// several (the latter stops when its context ends); Table counts every
// depth in turn, timed, and checks each against the published count from
// the start (reversi perft prints its rows).
//
// The package imports only board and the standard library; bench and the
// command use it, and its tests check the fast count against a slow,
// plain one.
package perft
