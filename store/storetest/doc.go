// Package storetest is the contract every store keeps: one test suite
// for every store.Store (Run) and one for every store that also
// implements store.Cluster (RunCluster), each run against every
// implementation.
//
// It imports store and testing; the tests of store/sqlite and
// store/postgres run it.
package storetest
