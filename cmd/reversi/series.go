// What match and tournament share: resuming from the records, recording
// every game, progress, and the games of a shard.

package main

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/arena"
)

// scheduledGames returns the number of games of t that its shard plays.
func scheduledGames(t *arena.Tournament) int {
	n := 0
	for i := t.Shard; i < t.Games(); i += max(t.Shards, 1) {
		n++
	}
	return n
}

// runSeries plays the games of t. With out set, it first reads the games
// already recorded there (checking that they are games of t) and does
// not play them again, then appends every new game to out as it ends.
// count is called once for every game, resumed or new, one call at a
// time; it returns false to stop. status returns a line of news printed
// now and then. The results come back sorted by index, with Run's error
// (context.Canceled after Ctrl-C).
func runSeries(ctx context.Context, e *env, t *arena.Tournament, out string, count func(arena.Result) bool, status func() string) ([]arena.Result, error) {
	var results []arena.Result
	var rec *arena.Recorder
	if out != "" {
		done, err := arena.ReadRecords(out)
		if err != nil {
			return nil, err
		}
		for i, g := range done {
			r, err := t.Resume(i, g)
			if err != nil {
				return nil, fmt.Errorf("cannot resume from %s: %v", out, err)
			}
			results = append(results, r)
			count(r)
		}
		t.Skip = func(i int) bool { _, ok := done[i]; return ok }
		if rec, err = arena.NewRecorder(out); err != nil {
			return nil, err
		}
		defer rec.Close()
		if len(results) > 0 {
			fmt.Fprintf(e.stdout, "resuming: %d games already in %s: %s\n", len(results), out, status())
		}
	}
	scheduled := scheduledGames(t)
	prog := newProgress(e, scheduled, "games", "games")
	prog.add(len(results))
	var mu sync.Mutex
	var recordErr error
	lastLine := time.Now()
	err := t.Run(ctx, func(r arena.Result) bool {
		mu.Lock()
		defer mu.Unlock()
		if rec != nil {
			if err := rec.Record(r.Game); err != nil {
				recordErr = err
				return false
			}
		}
		results = append(results, r)
		prog.add(1)
		goOn := count(r)
		if time.Since(lastLine) > 10*time.Second || !e.stderrIsTTY && len(results)%max(scheduled/10, 1) == 0 {
			lastLine = time.Now()
			prog.line(fmt.Sprintf("%d/%d: %s", len(results), scheduled, status()))
		}
		return goOn
	})
	prog.finish()
	if recordErr != nil {
		return nil, recordErr
	}
	sort.Slice(results, func(i, j int) bool { return results[i].Index < results[j].Index })
	return results, err
}
