// Package server is reversi's game server: games between any two seats (a
// human in the browser, a built-in player, a remote bot), refereed by the
// server with the core referee, stored in a database, watched live.
//
// The live games are package live's: a live.Hall holds the tables of the
// process, each refereed by a goroutine of its own, with its seats (a
// built-in player of package catalog, or a remote seat for a human or a
// bot, whose moves arrive through the HTTP API), its clocks, its
// watchers and its storage (every event the referee reports is written
// to the store before it is acknowledged or broadcast, so a game
// survives a crash: on start the server resumes every game in progress
// from the store). The Server is the HTTP and WebSocket layer over its
// hall: it checks and translates requests into the hall's and the
// tables' calls, maps their refusals to statuses (refusals.go), and
// turns a table's state into views and messages (view.go, ws.go).
//
// The API is JSON over HTTP with a WebSocket per game for live updates;
// see docs/API.md.
package server
