// Package pgtest gives tests a database of their own on the PostgreSQL
// server named by REVERSI_TEST_POSTGRES (the URL of a role that may
// create databases; .ci/run starts such a server).
//
// FreshDSN returns the URL of a new, empty database, dropped when the test
// ends (the test is skipped when EnvDSN is not set). It imports pgx; the
// tests of store/postgres, the server and the command use it.
package pgtest
