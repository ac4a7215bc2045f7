// Package imports holds the tests of the project's import rules. The
// floors (layers_test.go): every package of the module sits on a floor of
// one table, from the helpers and the rules at the bottom through the
// engines, the players built on them, the catalog of players by name, to
// the front-ends and the command at the top, and imports only packages of
// the floors below its own, never sideways or upward. The modules: the
// engine packages (rules, formats, evaluations, searches, players,
// benchmarks, referee, arena, training, accuracy, the worker pool) use
// only the standard library and each other; third-party modules live at
// the edges (server, stores, terminal UI, command).
// It has no code of its own.
package imports
