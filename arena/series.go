// Recorded, resumable runs: the games of a match or tournament appended
// to a GGF file as they end, and read back to go on where a run stopped.

package arena

import (
	"context"
	"fmt"
	"sort"
	"sync"
)

// Scheduled returns the number of games of m that its shard plays.
func (m *Tournament) Scheduled() int {
	n := 0
	for i := m.Shard; i < m.Games(); i += max(m.Shards, 1) {
		n++
	}
	return n
}

// Recording says where RunRecorded keeps the games and whom it tells.
type Recording struct {
	// Out is the GGF file of the games ("": none, nothing is resumed).
	Out string
	// Count is called once for every game, resumed or new, one call at a
	// time; it returns false to stop the run.
	Count func(Result) bool
	// Resumed, if not nil, is called once before any game is played,
	// with the number of this shard's games read back from Out (0 if
	// none) and the number of other shards' games there (a file of the
	// whole run, or of a run sharded otherwise, resumed by a shard: those
	// games are kept in the file, and are neither played nor counted).
	Resumed func(games, otherShards int)
	// Played, if not nil, is called after Count for every new game, one
	// call at a time, with the number of games so far, resumed ones
	// included.
	Played func(games int)
}

// RunRecorded plays the games of m as Run does, recorded in r.Out: it
// first reads the games already there (checking with Resume that they are
// games of m) and does not play them again, then appends every new game
// to the file as it ends (see Recorder). It sets m.Skip. The results,
// resumed and new, come back sorted by index, with Run's error
// (context.Canceled after Ctrl-C); an error reading or writing the file
// returns no results.
func (m *Tournament) RunRecorded(ctx context.Context, r Recording) ([]Result, error) {
	var results []Result
	var rec *Recorder
	others := 0
	if r.Out != "" {
		done, err := ReadRecords(r.Out)
		if err != nil {
			return nil, err
		}
		for _, i := range sortedNumbers(done) {
			res, err := m.Resume(i, done[i])
			if err != nil {
				return nil, fmt.Errorf("cannot resume from %s: %v", r.Out, err)
			}
			if i%max(m.Shards, 1) != m.Shard {
				others++
				continue
			}
			results = append(results, res)
			r.Count(res)
		}
		m.Skip = func(i int) bool { _, ok := done[i]; return ok }
		if rec, err = NewRecorder(r.Out); err != nil {
			return nil, err
		}
		defer rec.Close()
	}
	if r.Resumed != nil {
		r.Resumed(len(results), others)
	}
	var mu sync.Mutex
	var recordErr error
	err := m.Run(ctx, func(res Result) bool {
		mu.Lock()
		defer mu.Unlock()
		if rec != nil {
			if err := rec.Record(res.Game); err != nil {
				recordErr = err
				return false
			}
		}
		results = append(results, res)
		goOn := r.Count(res)
		if r.Played != nil {
			r.Played(len(results))
		}
		return goOn
	})
	if recordErr != nil {
		return nil, recordErr
	}
	sort.Slice(results, func(i, j int) bool { return results[i].Index < results[j].Index })
	return results, err
}
