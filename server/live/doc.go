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
// # The hall and its tables
//
// A Hall (hall.go) holds the tables of one process: New starts it on a
// store with its Config (the caps on games, the players' limits and the
// operator's engines, the search slots, the idle timeout, the claims'
// lease) and its Hooks (what it reports to the server's metrics, and
// the rate of new games a client may create, which the server counts);
// Resume continues the games in progress after a restart, Close stops
// every referee (the games stay in the store).
//
//   - Admit reserves a new game within the caps on live games (a
//     *CapError refuses it, saying when to retry), Create stores it and
//     opens its table, Open returns the table of any game (from the store
//     if needed), Join takes an open seat, Rematch records a rematch offer
//     and makes the new game once both sides asked (rematch.go), and
//     Switch gives a person's colour to the computer it plays
//     (switch.go).
//   - A Table (table.go) is a live game. Its State is a snapshot taken
//     under its lock (the stored game, the game, the version and the
//     revision, the clocks used and since when the side to move's runs
//     or that it waits for its player, the thinking shown); Encoded
//     memoises an encoding of it per change, for all of a game's
//     watchers. Submit (or SubmitHash) hands a remote seat's decision to
//     the referee and waits for the verdict, Seen records that a seat's
//     player sees the board (a person's clock starts then), Watch wakes a
//     watcher at every change, and Dropped says when the table is given
//     up.
//   - Remote seats (remote.go) wait for the submissions of a person or a
//     bot; computer seats (computers.go) build their player when asked
//     for a move, within the limits, take a search slot (Slots, shared
//     fairly between clients) and return to a pool between moves.
//     CheckSpec, NewComputer, ComputerName, LimitsFor and Instant are
//     the same allow-list and limits for the server's analyses.
//   - The caps and the idle sweeps (admission.go): open seats nobody took
//     within the idle timeout are abandoned, finished tables nobody
//     watches are let go of; StoreFailure is the store's health as the
//     writes found it.
//   - Several processes on one store (cluster.go): each game is claimed
//     by the process that referees it; the others mirror it, reloaded at
//     each announcement of the store, and forward their submissions to
//     the referee's process through the store; Sweep renews the claims
//     and takes over the games whose process died.
//   - Fair play (fairplay.go): NoHelp says that a game gets no engine
//     help while it goes on, WithoutHelp that a position is one of them.
//
// The refusals (refusals.go) are errors the server maps to HTTP statuses
// and to the API's error codes: ErrBadToken, ErrNotYourTurn, ErrGameOver,
// ErrNotRemote, ErrNoRematch, ErrCannotSwitch, ErrBadInvite,
// ErrNoOpenSeat, ErrSeatTaken, ErrStoreFailed, ErrStoreUnreadable and
// *CapError. The
// stored form of a live game (record.go) is Replay, ResultOf,
// HashToken, SeatOf and SeatName.
package live
