// Package open opens the game store that a database name designates: a
// postgres:// (or postgresql://) URL opens PostgreSQL (package
// store/postgres), anything else is an SQLite file (package
// store/sqlite). It is the one place that chooses between the two, for
// the commands that take a --db flag.
package open
