// Package live owns the live games of the game server, as lila's round
// module owns a game in play apart from its HTTP API: the tables, each
// refereed by a goroutine (package referee), with their seats (built-in
// players, and remote seats whose decisions arrive through the API),
// their clocks, their storage (every event the referee reports is
// stored before it is acknowledged or shown), their watchers, the
// rematches of games between two people, and, where several processes
// share one database, the ownership of each game (one process referees
// it, the others mirror it). Package server is the HTTP and WebSocket
// layer on top: it translates requests into calls of this package and
// its tables' changes into messages, and knows nothing of referees,
// claims or store writes.
//
// So far the package holds the fair shares of costly work between
// clients (Slots) and the stored form of a live game (Replay,
// StoredResult, ResultOf, HashToken, SeatOf, SeatName). The rest of the live side moves here from package
// server in green steps, behaviour unchanged, along the plan below.
//
// # The plan of the cut
//
// What moves here (server's file, then its place here):
//
//   - fair.go: Slots, the fair shares of the search and analysis slots
//     (done).
//   - The stored form of a live game (table.go, server.go): replaying a
//     stored game, results to and from the store, the hash of a seat's
//     token and the seat it holds, the name a seat shows (done:
//     record.go).
//   - The table (table.go, remote.go, computers.go): type Table, a live
//     game, with its remote seats (remote, submission), its computer
//     seats and their pool, the observation of the referee's events
//     (observe, progress), submissions and verdicts (Submit, the
//     resignation out of turn, the end without referee), the first look
//     of a seat's player that starts a person's clock (Seen), joining an
//     open seat (Join, from api.go's join), switching sides (Switch, from
//     switch.go's switchSides) and watchers (Watch, Dropped).
//   - The registry (server.go, admission.go, cluster.go): type Hall, the
//     tables of one process, with its own Config (store, log, owner,
//     lease, idle timeout, the caps on games, the search slots, the
//     players' limits and the operator's engines) and hooks for the
//     server's metrics; New, Close, Resume, Open (tableFor: a table,
//     from the store if needed), Create (storeNew), Admit (the caps on
//     live games), the idle sweeps (abandonWaiting, forgetFinished), the
//     store's health (stored, StoreFailure), and the cluster: claims,
//     announcements, mirrors, forwarded submissions and their verdicts,
//     take-overs (cluster.go entirely).
//   - rematch.go: Hall.Rematch (the offers and the new game in the
//     store, and the reload of the finished table); the HTTP handler and
//     RematchView stay in server.
//   - The refusals, as exported errors that server maps to statuses and
//     to the API's error codes: ErrBadToken, ErrNotYourTurn, ErrGameOver,
//     ErrNotRemote, ErrCannotSwitch, ErrBadInvite, ErrStoreFailed, and
//     the caps' refusals (with when to retry).
//
// What a table shows is a State (a snapshot, taken under its lock: the
// stored game, the game, the version and the revision, the clocks used
// and since when the side to move's runs or that it waits for its
// player, the thinking shown): server's view.go builds its GameView from
// it, and the encoded state message that ws.go shares between a game's
// sockets is memoised by server, by table and version.
//
// What stays in server: Config (which it translates into this package's
// Config), the routes and handlers, decoding requests and checking them
// (newGame, startOf, seat requests), views and messages (view.go,
// ws.go), the course's endpoints (classic.go), analyses (analyze.go),
// the limits in front (limits.go, conns.go, clients.go, headers.go) and
// the metrics.
//
// The order of the steps, each green: first the leaves (Slots, the
// stored form: done); then, inside package server, the table's
// dependence on *Server narrowed to a registry type of its own (done:
// server's hall, embedded in Server, holds the tables, the cluster, the
// store's health, the caps, the pool and the search slots, and every
// method of the live side is the hall's; a table and a computer seat
// know the hall, not the Server), and the HTTP side reading a table
// only through a snapshot of it (done: table.state, a tableState that
// view.go turns into a GameView; table.encoded, the memo of the
// sockets' state message; hall.takeSeat, a join's change of the table),
// the hall reporting to the server's metrics through hooks (done:
// hallHooks), the hall's own configuration (done: hallConfig, the
// prototype of this package's Config), the caps' refusals as errors
// without HTTP statuses (done: capError) and the storing of a new game
// (done: hall.storeNew) and of a rematch (done: hall.rematch), so that
// the next step is a move; then that registry with the table, its seats
// and the cluster moved here, their unit tests with them; then rematch
// and the switch of sides; last, package server's tests that only test
// the live side move here.
package live
