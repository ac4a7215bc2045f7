// Package sqlbase is what the SQL stores (store/sqlite, store/postgres)
// share: the schema's migrations, the queries in a common dialect, and
// the scanning of rows. It is internal: the stores' public API is the
// interfaces of package store.
//
// SQL runs the store's methods in a Dialect (placeholders, locking,
// conflicts), Migrations is the schema's history. It imports store and
// database/sql; store/sqlite and store/postgres wrap it.
package sqlbase
