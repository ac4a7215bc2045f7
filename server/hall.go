// The hall: the live side of a Server (its tables and what they need:
// the store, the cluster, the search slots and the pool of computer
// players), kept apart from the HTTP layer on its way to package live
// (see live's doc for the plan).

package server

import (
	"context"
	"log/slog"
	"sync"

	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
)

// hall holds the live tables of a Server and what they need; a table
// reaches the rest of the server only through it.
type hall struct {
	cfg Config
	log *slog.Logger

	ctx    context.Context // the server's life: cancelled at shutdown
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu     sync.Mutex
	tables map[string]*table
	// cluster is the store as shared by several processes, nil if it
	// is not (it does not announce changes): games are claimed, and
	// mirrored where claimed elsewhere.
	cluster store.Shared

	// newGames counts the games each client creates (NewGamesPerClient in
	// NewGamesPeriod).
	newGames *limiter
	metrics  *metrics
	// searches are the slots of the computer moves thought at once,
	// shared between clients.
	searches *live.Slots
	// pool keeps the players of computer seats between their moves.
	pool *pool
	// created counts the creations under way by client (see admit).
	created map[string]int
	// health is what the last write to the store found.
	health storeHealth

	// liveShown, a test's seam set before the server is used, if not
	// nil, is called with the game's id each time the thinking of a
	// built-in player is shown (see table.progress), from the player's
	// goroutine and outside the table's lock: a test holds the player
	// there until it has seen the report.
	liveShown func(game string)
}
