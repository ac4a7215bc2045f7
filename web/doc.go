// Package web holds the browser GUI of the game server: static files
// (HTML, CSS, JavaScript modules and the i18n string tables) under
// static/, embedded in the binary as [Files], with no build step.
//
// It exports Files alone and imports only embed. The server serves the
// files (server's web.go); tui reads the shared string tables, and the
// server's tests check them.
//
// The unit tests of the pure modules are in jstest/, outside the
// embedded files; go test runs them with node's built-in test runner
// (js_test.go).
package web
