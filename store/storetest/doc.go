// Package storetest is the contract every store keeps: one test suite
// for every store.Store (Run) and one for every store that also
// implements store.Cluster (RunCluster) or store.Accounts (RunAccounts),
// each run against every implementation; RaceFinishRated races two
// stores on one database to rate the same game.
//
// It imports store and testing; the tests of store/sqlite and
// store/postgres run it.
package storetest
