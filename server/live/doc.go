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
// StoredResult, ResultOf, HashToken, SeatOf, SeatName). The rest of the
// live side moves here from package server in green steps, behaviour
// unchanged, along the plan below.
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
//     open seat (Join: server's hall.takeSeat), switching sides (Switch, from
//     switch.go's switchSides) and watchers (Watch, Dropped).
//   - The registry (server.go, admission.go, cluster.go): type Hall, the
//     tables of one process, with its own Config (store, log, owner,
//     lease, idle timeout, the caps on games, the search slots, the
//     players' limits and the operator's engines) and hooks for the
//     server's metrics; New, Close, Resume, Open (tableFor: a table,
//     from the store if needed), Create (hall.storeNew), Admit (the caps on
//     live games), the idle sweeps (abandonWaiting, forgetFinished), the
//     store's health (stored, StoreFailure), and the cluster: claims,
//     announcements, mirrors, forwarded submissions and their verdicts,
//     take-overs (cluster.go entirely).
//   - rematch.go: Hall.Rematch (server's hall.rematch: the offers and the new game in the
//     store, and the reload of the finished table); the HTTP handler and
//     RematchView stay in server.
//   - The refusals, as exported errors that server maps to statuses and
//     to the API's error codes: ErrBadToken, ErrNotYourTurn, ErrGameOver,
//     ErrNotRemote, ErrCannotSwitch, ErrBadInvite, ErrStoreFailed, and
//     the caps' refusals (with when to retry).
//
// What a table shows is a State, a snapshot taken under its lock (the
// stored game, the game, the version and the revision, the clocks used
// and since when the side to move's runs or that it waits for its
// player, the thinking shown): server's view.go builds its GameView from
// it. The table memoises an encoding of its state per change
// (Table.Encoded, given the encoder), so that ws.go encodes the state
// message once for all of a game's sockets.
//
// What stays in server: Config (which it translates into this package's
// Config), the routes and handlers, decoding requests and checking them
// (newGame, startOf, seat requests), views and messages (view.go,
// ws.go), the course's endpoints (classic.go), analyses (analyze.go),
// the limits in front (limits.go, conns.go, clients.go, headers.go) and
// the metrics.
//
// # The steps
//
// Each step green, behaviour unchanged. Done:
//
//  1. The leaves: Slots, the stored form of a live game.
//  2. Inside package server, the live side gathered in one type, the
//     hall (hall.go), embedded in Server while it moves: the tables, the
//     cluster, the store's health, the caps, the pool and the search
//     slots, and every method of the live side is the hall's; a table
//     and a computer seat know the hall, not the Server.
//  3. The HTTP side reads a table only through a snapshot
//     (table.state: a tableState, which view.go turns into a GameView),
//     the sockets' message through the table's memo (table.encoded),
//     and changes it only through the hall (hall.takeSeat for a join).
//  4. The hall reports to the metrics through hooks (hallHooks), has
//     its own configuration (hallConfig, the prototype of this package's
//     Config), refuses by the caps with errors that carry no HTTP status
//     (capError), and stores new games and rematches (hall.storeNew,
//     hall.rematch) and switches sides, the store saying where the
//     token sits after (hall.switchFor).
//
// Next:
//
//  5. The refusals of the live side, gathered in server's refusals.go
//     (errBadToken, errNotYourTurn, errGameOver, errNotRemote,
//     errCannotSwitch, errBadInvite, errStoreFailed, capError; the
//     seat-taking ones are still errors.New in hall.takeSeat), exported
//     here with the move and given the API's error codes (issue 32, item
//     2).
//  6. The move: hall (as Hall), table (as Table, with State), remote,
//     computer and pool, cluster.go, the hall's parts of admission.go,
//     rematch.go and switch.go, noHelp and withoutHelp, here; Server
//     holds a *live.Hall instead of embedding the hall; the new-games
//     limiter becomes a hook or the package's own; the tests of the live
//     side (tables, cluster, rematch, idle sweeps, thinking shown) move
//     with it, and server's tests reach the hall only through its
//     exported surface.
package live
