// Package store keeps the games of the game server: the interface of a
// game store (Store), and the one of a store that several server
// processes share (Cluster and Notifier, together Shared), with an SQLite
// implementation (package store/sqlite, the default, for one process) and
// a PostgreSQL one (package store/postgres, which can be shared), held to
// the same contract (package store/storetest).
//
// Every method that changes a game commits before it returns: a move the
// server has acknowledged survives a crash of the server.
//
// Store is a game store (games, their moves and results, and the rematch
// of a finished game between two people, made once whichever process
// the second side asks through); Cluster is what several processes share
// of it (the claim of a game's refereeing, the remote seats'
// submissions), Notifier their news of every change, Shared all three;
// Game, Move, Rematch and Summary are what they keep, ErrNotFound and
// ErrConflict what they refuse with.
//
// Accounts is the rated arena's (issue 34): people and the bots they
// own, sessions, API keys and invitations (each kept as the SHA-256 of
// the secret only: the secret is shown once and never stored), ratings
// per time-control class with their history, and the link of a game to
// the accounts at its seats (GameLink). A rated game is finished by
// FinishRated alone: the result, both ratings, their history points and
// the link's mark are written in one transaction, under the lock of the
// game's row, so that of any number of attempts in any processes exactly
// one rates it and the others find the game over (ErrConflict); Finish
// refuses a rated game (ErrRated). The rating maths is the caller's (a
// Rater; package account's); the store keeps what it gives.
//
// Studies keeps the studies of the GUI (issue 33): each a document
// (package study's JSON) with a revision, written only over the revision
// its editor read, its owner's account if it has one and the hash of its
// edit token.
//
// It uses only the standard library. The server stores and reads its
// games through it; store/open opens the implementation a --db flag
// names; server/loadtest checks a store after a load test.
package store
