package loadtest

import (
	"context"
	"net/http"
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
