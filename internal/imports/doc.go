// Package imports holds the test of the project's import rule: the
// engine packages (rules, formats, evaluations, searches, players, benchmarks,
// referee, arena, training, accuracy, the worker pool) use only the
// standard library and each other; third-party modules live at the edges
// (server, stores, command).
// It has no code of its own.
package imports
