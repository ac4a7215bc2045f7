// Package server is reversi's game server: games between any two seats (a
// human in the browser, a built-in player, a remote bot), refereed by the
// server with the core referee, stored in a database, watched live.
//
// Each live game is a table: its referee (referee.Start) runs the game
// between the table's players in a goroutine of its own, and decides
// every end of the game, resignations out of turn included; the table
// stores and broadcasts what it decides. A built-in player is one of package catalog's; a human
// or a bot is a remote seat, whose moves arrive through the HTTP API and
// wait in the seat until the referee asks for them. Every event the
// referee reports is written to the store before it is acknowledged or
// broadcast, so a game survives a crash of the server: on start the
// server resumes every game in progress from the store.
//
// The API is JSON over HTTP with a WebSocket per game for live updates;
// see docs/API.md.
//
// The live side (the tables, their referees, seats, clocks, storage and
// watchers, the rematches and the cluster) is moving out to package
// server/live, which says the plan; meanwhile it is gathered in the
// server's hall (hall.go), apart from the HTTP and WebSocket layer.
package server
