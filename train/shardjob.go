// Shard jobs: the resumable, sharded searches of positions that make the
// Multi-ProbCut samples and the labels, one line a position.

package train

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/internal/workers"
)

// shardJob is the share of one shard of a job over positions 0 to
// Positions-1: the positions i with i mod Shards = Shard, each searched
// into one line of File, whose first line is Header (the job's
// settings). The file is appended to line by line, so a job stopped at
// any point resumes where it was.
type shardJob struct {
	// Name prefixes the messages ("mpc", "label"); Did says what was
	// done to the file's positions in the message that refuses a file of
	// other settings ("sampled").
	Name, Did        string
	File, Header     string
	Positions, Shard int
	Shards, Threads  int
	// Parse reads a line of the file and returns its position's index.
	Parse func(line string) (int, error)
}

// resume reads the indexes the job's file holds. A file of other settings
// is refused; an empty file is removed; an incomplete last line (a job
// stopped while writing) is cut off.
func (j *shardJob) resume() (map[int]bool, error) {
	done := map[int]bool{}
	text, err := os.ReadFile(j.File)
	if errors.Is(err, os.ErrNotExist) {
		return done, nil
	}
	if err != nil {
		return nil, err
	}
	if len(text) == 0 {
		return done, os.Remove(j.File)
	}
	first, _, _ := strings.Cut(string(text), "\n")
	if first != j.Header {
		return nil, fmt.Errorf("%s: %s was %s with other settings (%q, want %q): choose another work folder or the same settings", j.Name, j.File, j.Did, first, j.Header)
	}
	complete := strings.LastIndexByte(string(text), '\n') + 1
	lines := strings.Split(string(text[:complete]), "\n")
	for n, line := range lines[1:] {
		if line == "" {
			continue
		}
		i, err := j.Parse(line)
		if err != nil {
			return nil, fmt.Errorf("%s: %s:%d: %v", j.Name, j.File, n+2, err)
		}
		done[i] = true
	}
	if complete < len(text) {
		if err := os.Truncate(j.File, int64(complete)); err != nil {
			return nil, err
		}
	}
	return done, nil
}

// plan resumes the job (resume) and returns the indexes its file holds
// and the positions of the shard it lacks; when it lacks none, logf says
// so.
func (j *shardJob) plan(logf func(format string, args ...any)) (done map[int]bool, todo []int, err error) {
	if done, err = j.resume(); err != nil {
		return nil, nil, err
	}
	for i := j.Shard; i < j.Positions; i += j.Shards {
		if !done[i] {
			todo = append(todo, i)
		}
	}
	if len(todo) == 0 {
		logf("%s: %s holds all %d positions of shard %d/%d", j.Name, j.File, len(done), j.Shard, j.Shards)
	}
	return done, todo, nil
}

// shardProgress is what a shard job reports every progressEvery and at
// its end: the lines of this run, of the run's todo list, the time since
// it began and the time it expects to take still.
type shardProgress struct {
	Count, Todo  int
	Elapsed, ETA time.Duration
}

// progressEvery is how often a shard job reports its progress.
const progressEvery = 15 * time.Second

// run searches the positions todo (written after done lines, the header
// first when there are none) on Threads goroutines, each with its own
// engine and solver of ev (one thread, 16 MB tables): search returns a
// position's line; wrote, called under the file's lock every
// progressEvery and after the last line, reports progress. A cancelled job returns an error that says how to go
// on; what it wrote stays.
func (j *shardJob) run(ctx context.Context, ev eval.Evaluator, todo []int, done int, search func(ctx context.Context, e *engine.Engine, s *endgame.Solver, i int) (string, error), wrote func(shardProgress)) error {
	f, err := os.OpenFile(j.File, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	if done == 0 {
		if _, err := fmt.Fprintln(f, j.Header); err != nil {
			return err
		}
	}
	// One engine and solver a goroutine, taken for a job and put back.
	type searchers struct {
		e *engine.Engine
		s *endgame.Solver
	}
	free := make(chan searchers, j.Threads)
	for range j.Threads {
		free <- searchers{engine.New(engine.Options{Eval: ev, Threads: 1, HashMB: 16}), endgame.New(endgame.Options{Threads: 1, HashMB: 16, Eval: ev})}
	}
	var mu sync.Mutex // the file and the progress
	count := 0
	start := time.Now()
	var lastReport time.Duration
	err = workers.Run(ctx, len(todo), j.Threads, func(ctx context.Context, k int) error {
		sr := <-free
		defer func() { free <- sr }()
		line, err := search(ctx, sr.e, sr.s, todo[k])
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		if _, err := io.WriteString(f, line); err != nil {
			return err
		}
		count++
		if el := time.Since(start); wrote != nil && (el-lastReport > progressEvery || count == len(todo)) {
			lastReport = el
			eta := time.Duration(float64(el) / float64(count) * float64(len(todo)-count))
			wrote(shardProgress{Count: count, Todo: len(todo), Elapsed: el, ETA: eta})
		}
		return nil
	})
	if err != nil && ctx.Err() == nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("%s: stopped after %d positions (run the same command to go on): %w", j.Name, count, err)
	}
	return f.Sync()
}
