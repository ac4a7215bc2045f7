package loadtest

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/store/sqlite"
)

// TestSmallLoad plays a few games at once on a real server (Local:
// SQLite, a real listener): every game finishes, with every acknowledged
// move stored once, and the latencies are measured; once stopped, the
// server is gone.
func TestSmallLoad(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "load.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	url, stop, err := Local(st, 8)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	rep, err := Run(ctx, Config{URL: url, Games: 8, Seed: 3, Think: 2 * time.Millisecond, Ramp: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Finished != 8 || len(rep.Problems) > 0 || rep.Moves < 8*20 || rep.Moves != rep.Stored {
		t.Fatalf("report:\n%s", rep)
	}
	if rep.P50 <= 0 || rep.P99 < rep.P50 || rep.Max < rep.P99 {
		t.Errorf("latencies p50 %v p99 %v max %v", rep.P50, rep.P99, rep.Max)
	}
	if !strings.Contains(rep.String(), "no move lost or duplicated") {
		t.Errorf("report:\n%s", rep)
	}
	// A server that is not there: an error, not a report.
	if _, err := Run(ctx, Config{URL: "http://127.0.0.1:1", Games: 1}); err == nil {
		t.Errorf("no error without a server")
	}
	if _, err := Run(ctx, Config{URL: url}); err == nil {
		t.Errorf("no error for 0 games")
	}
	stop()
	if resp, err := http.Get(url + "/api/games"); err == nil {
		resp.Body.Close()
		t.Errorf("the server answers after stop: %s", resp.Status)
	}
}

// TestSpectators watches every game with spectators of their own
// WebSockets besides the players: every spectator sees its game finish,
// the moves they see arrive are measured apart from the players', and a
// negative number of spectators is refused.
func TestSpectators(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "load.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	url, stop, err := Local(st, 5) // 4 games, then 1
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	// 4 games, 2 players and 10 spectators each: 48 sockets of one client.
	rep, err := Run(ctx, Config{URL: url, Games: 4, Seed: 5, Think: 2 * time.Millisecond, Spectators: 10})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Finished != 4 || len(rep.Problems) > 0 || rep.Moves != rep.Stored {
		t.Fatalf("report:\n%s", rep)
	}
	if rep.Spectators != 10 || rep.Watched != 40 {
		t.Errorf("%d spectators a game, %d saw their game finish; want 10 and 40:\n%s", rep.Spectators, rep.Watched, rep)
	}
	// Each spectator sees at least its game's last move arrive, at most
	// every move of it.
	if rep.WatchMoves < rep.Watched || rep.WatchMoves > 10*rep.Moves {
		t.Errorf("spectators saw %d moves arrive, of %d moves:\n%s", rep.WatchMoves, rep.Moves, rep)
	}
	if rep.WatchP50 <= 0 || rep.WatchP99 < rep.WatchP50 || rep.WatchMax < rep.WatchP99 {
		t.Errorf("spectators' latencies p50 %v p99 %v max %v", rep.WatchP50, rep.WatchP99, rep.WatchMax)
	}
	if !strings.Contains(rep.String(), "10 spectators a game (40 sockets), 40 saw their game finish") {
		t.Errorf("report:\n%s", rep)
	}
	if _, err := Run(ctx, Config{URL: url, Games: 1, Spectators: -1}); err == nil || !strings.Contains(err.Error(), "-1 spectators") {
		t.Errorf("-1 spectators: %v", err)
	}
	// Without spectators the report says nothing of them.
	rep, err = Run(ctx, Config{URL: url, Games: 1, Seed: 6})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Watched != 0 || rep.WatchMoves != 0 || rep.WatchP99 != 0 || strings.Contains(rep.String(), "spectator") {
		t.Errorf("without spectators:\n%s", rep)
	}
}

// TestLocalOn starts a server on a temporary database and on a named
// one: each answers, and stop removes the temporary folder (a named file
// stays); a database that cannot be opened is an error that leaves
// nothing behind.
func TestLocalOn(t *testing.T) {
	ctx := context.Background()
	named := filepath.Join(t.TempDir(), "named.db")
	for _, tt := range []struct {
		db        string
		temporary bool
	}{{"", true}, {named, false}} {
		url, used, stop, err := LocalOn(ctx, tt.db, 2)
		if err != nil {
			t.Fatalf("LocalOn(%q): %v", tt.db, err)
		}
		if tt.temporary != (used != named) || !strings.HasSuffix(used, ".db") {
			t.Errorf("LocalOn(%q) uses %q", tt.db, used)
		}
		resp, err := http.Get(url + "/api/games")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("LocalOn(%q): GET /api/games: %s", tt.db, resp.Status)
		}
		stop()
		if _, err := os.Stat(filepath.Dir(used)); tt.temporary != os.IsNotExist(err) {
			t.Errorf("LocalOn(%q): after stop, its folder %s: %v", tt.db, filepath.Dir(used), err)
		}
	}
	bad := filepath.Join(t.TempDir(), "missing", "x.db")
	if _, _, _, err := LocalOn(ctx, bad, 2); err == nil {
		t.Errorf("LocalOn(%q): no error", bad)
	}
	if _, err := os.Stat(filepath.Dir(bad)); !os.IsNotExist(err) {
		t.Errorf("LocalOn(%q) made its folder: %v", bad, err)
	}
}
