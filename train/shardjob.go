// Shard jobs: the resumable, sharded searches of positions that make the
// Multi-ProbCut samples and the labels, one line a position.

package train

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/workers"
)

// shardJob is the share of one shard of a job over positions 0 to
// Positions-1: the positions i with i mod Shards = Shard, each searched
// into one line of File, whose first line is Header (the job's
// settings). The file is appended to line by line, so a job stopped at
// any point resumes where it was. The files of the other shards in the
// same folder (those Glob matches) must have been made with the same
// settings, so that they can be used together.
type shardJob struct {
	// Name prefixes the messages ("mpc", "label"); Did says what was
	// done to the file's positions in the message that refuses a file of
	// other settings ("sampled"); What names a file of the job ("sample
	// file").
	Name, Did, What  string
	File, Header     string
	Glob             string
	Positions, Shard int
	Shards, Threads  int
	// Parse reads a line of the file and returns its position's index.
	Parse func(line string) (int, error)
}

// gamesJob is the set-up that the label and ProbCut-sample pipelines
// share: a shard job over positions of the WTHOR games (the fraction of
// them WTHORGames takes with the seed), in a work folder made if need be.
type gamesJob struct {
	shardJob
	Work     string
	Fraction float64
	Seed     uint64
	// Games, if not nil, are the games instead of the WTHOR games.
	Games []*game.Game
	Logf  func(format string, args ...any)
	// Started is called once the games are read, with the positions of
	// the shard left to search and all of them.
	Started func(todo, total int)
	// Search returns the line of position i of the games.
	Search func(ctx context.Context, e *engine.Engine, s *endgame.Solver, games []*game.Game, i int) (string, error)
	// Progress reports the run's progress: done positions were in the
	// file before it, of total.
	Progress func(p shardProgress, done, total int)
}

// run makes the work folder, plans the shard, reads the games if some of
// its positions are left to search and searches them (shardJob.run).
func (g *gamesJob) run(ctx context.Context, ev eval.Evaluator) error {
	if err := os.MkdirAll(g.Work, 0o755); err != nil {
		return err
	}
	done, todo, err := g.plan(g.Logf)
	if err != nil {
		return err
	}
	if len(todo) == 0 {
		return nil
	}
	total := len(todo) + done
	games := g.Games
	if games == nil {
		if games, err = WTHORGames(false, g.Fraction, g.Seed); err != nil {
			return err
		}
	}
	g.Started(len(todo), total)
	return g.shardJob.run(ctx, ev, todo, func(ctx context.Context, e *engine.Engine, s *endgame.Solver, i int) (string, error) {
		return g.Search(ctx, e, s, games, i)
	}, func(p shardProgress) { g.Progress(p, done, total) })
}

// readWork reads a work file line by line (a file of millions of lines
// is not held in memory): header is called with its first line, then
// line with every later one and its number (from 2), leaving out empty
// lines and repeats of the header (which an interrupted run of an earlier
// version could write). A last line without its end (a job stopped, or
// still running, while writing) is left out: readWork returns the length
// of the file up to its last complete line, and the incomplete rest
// (partial: the whole file when it holds no complete line).
func readWork(r io.Reader, header func(first string) error, line func(n int, line string) error) (complete int64, partial string, err error) {
	br := bufio.NewReaderSize(r, 1<<16)
	first := ""
	for n := 1; ; n++ {
		text, err := br.ReadString('\n')
		if err == io.EOF {
			return complete, text, nil
		}
		if err != nil {
			return complete, "", err
		}
		complete += int64(len(text))
		text = strings.TrimSuffix(text, "\n")
		switch {
		case n == 1:
			first = text
			err = header(first)
		case text != "" && text != first:
			err = line(n, text)
		}
		if err != nil {
			return complete, "", err
		}
	}
}

// headerSettings reads the settings of a work file's header: its
// key=value fields, in order; kind is the rest ("# reversi labels v1").
func headerSettings(header string) (kind string, keys []string, values map[string]string) {
	values = map[string]string{}
	var words []string
	for _, f := range strings.Fields(header) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			words = append(words, f)
			continue
		}
		if _, dup := values[k]; !dup {
			keys = append(keys, k)
		}
		values[k] = v
	}
	return strings.Join(words, " "), keys, values
}

// settingFlag writes a setting of a header as the command line's flags
// that choose it ("--depth 4"), or in words for those without one.
func settingFlag(key, value string) string {
	switch key {
	case "empties":
		if lo, hi, ok := strings.Cut(value, "-"); ok {
			return fmt.Sprintf("--min-empties %s --max-empties %s", lo, hi)
		}
	case "positions", "seed", "depth", "prob", "exact", "random":
		return "--" + key + " " + value
	case "fraction":
		if value == "1" {
			return "all the games"
		}
		return "a fraction " + value + " of the games"
	case "eval":
		return "the evaluation " + value
	}
	return key + "=" + value
}

// settingsDiff returns the settings in which the headers a and b differ,
// written as flags ("--depth 4", "--depth 5"); ok is false when they name
// the same settings or are not headers of the same kind.
func settingsDiff(a, b string) (inA, inB string, ok bool) {
	kindA, keysA, va := headerSettings(a)
	kindB, keysB, vb := headerSettings(b)
	if kindA != kindB {
		return "", "", false
	}
	// A sample file's header names a fraction only when it is not 1.
	for _, v := range []map[string]string{va, vb} {
		if _, ok := v["fraction"]; !ok {
			v["fraction"] = "1"
		}
	}
	var da, db []string
	seen := map[string]bool{}
	for _, k := range append(keysB, keysA...) {
		if seen[k] {
			continue
		}
		seen[k] = true
		x, okA := va[k]
		y, okB := vb[k]
		if okA && okB && x == y {
			continue
		}
		if okA {
			da = append(da, settingFlag(k, x))
		} else {
			da = append(da, "no "+k)
		}
		if okB {
			db = append(db, settingFlag(k, y))
		} else {
			db = append(db, "no "+k)
		}
	}
	if len(da) == 0 {
		return "", "", false
	}
	return strings.Join(da, " "), strings.Join(db, " "), true
}

// checkHeader refuses a file of the job's folder whose first line (whole
// if complete; what there is of it if not) is not the job's Header. A
// first line still being written, or cut off, that begins the header is
// accepted.
func (j *shardJob) checkHeader(file, first string, complete bool) error {
	if complete && first == j.Header || !complete && strings.HasPrefix(j.Header, first) {
		return nil
	}
	kind, _, _ := headerSettings(j.Header)
	if !strings.HasPrefix(first, kind+" ") {
		return fmt.Errorf("%s: %s is not a %s of this version (its first line is %q): choose another work folder", j.Name, file, j.What, first)
	}
	if theirs, ours, ok := settingsDiff(first, j.Header); ok && complete {
		return fmt.Errorf("%s: the work folder holds %ss of other settings: %s was %s with %s, this run asks %s: choose another work folder or the same settings",
			j.Name, j.What, file, j.Did, theirs, ours)
	}
	return fmt.Errorf("%s: the work folder holds %ss of other settings: %s was %s with %q, this run asks %q: choose another work folder or the same settings",
		j.Name, j.What, file, j.Did, first, j.Header)
}

// checkFolder checks the first line of every file of the job's folder
// (the files of every shard) against the job's Header.
func (j *shardJob) checkFolder() error {
	files, err := filepath.Glob(filepath.Join(filepath.Dir(j.File), j.Glob))
	if err != nil {
		return err
	}
	sort.Strings(files)
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			return err
		}
		// A header is a line of some 200 bytes.
		first, err := bufio.NewReader(io.LimitReader(f, 4096)).ReadString('\n')
		f.Close()
		if err != nil && err != io.EOF {
			return fmt.Errorf("%s: reading %s: %w", j.Name, file, err)
		}
		if err := j.checkHeader(file, strings.TrimSuffix(first, "\n"), strings.HasSuffix(first, "\n")); err != nil {
			return err
		}
	}
	return nil
}

// doneSet is the positions of a shard that its file holds, a bit each
// (position i of the shard is bit i/Shards): 12.5 MB for the largest set.
type doneSet struct {
	bits []uint64
	n    int
}

func newDoneSet(size int) doneSet { return doneSet{bits: make([]uint64, (size+63)/64)} }

// add marks k, once.
func (d *doneSet) add(k int) {
	if w, b := k/64, uint64(1)<<(k%64); d.bits[w]&b == 0 {
		d.bits[w] |= b
		d.n++
	}
}

func (d *doneSet) has(k int) bool { return d.bits[k/64]&(1<<(k%64)) != 0 }

// Len is the number of positions marked.
func (d *doneSet) Len() int { return d.n }

// shardSize is the number of positions of the job's shard.
func (j *shardJob) shardSize() int { return max(0, (j.Positions-j.Shard+j.Shards-1)/j.Shards) }

// resume reads the indexes the job's file holds, line by line (a file of
// millions of lines is not held in memory). A file of other settings is
// refused, as is one holding a position of another shard; a file with no
// complete line is removed; an incomplete last line (a job stopped while
// writing) is cut off.
func (j *shardJob) resume() (doneSet, error) {
	done := newDoneSet(j.shardSize())
	f, err := os.Open(j.File)
	if errors.Is(err, os.ErrNotExist) {
		return done, nil
	}
	if err != nil {
		return done, err
	}
	defer f.Close()
	headed := false
	complete, partial, err := readWork(f, func(first string) error {
		headed = true
		return j.checkHeader(j.File, first, true)
	}, func(n int, line string) error {
		i, err := j.Parse(line)
		if err != nil {
			return fmt.Errorf("%s: %s:%d: %v", j.Name, j.File, n, err)
		}
		if i < 0 || i >= j.Positions || i%j.Shards != j.Shard {
			return fmt.Errorf("%s: %s:%d: position %d is not one of shard %d/%d of %d positions", j.Name, j.File, n, i, j.Shard, j.Shards, j.Positions)
		}
		done.add(i / j.Shards)
		return nil
	})
	if err != nil {
		return done, err
	}
	if !headed {
		// No complete line: a header cut short, or nothing.
		if err := j.checkHeader(j.File, partial, false); err != nil {
			return done, err
		}
		f.Close()
		return done, os.Remove(j.File)
	}
	if partial != "" {
		if err := os.Truncate(j.File, complete); err != nil {
			return done, err
		}
	}
	return done, nil
}

// plan checks the folder (checkFolder), resumes the job (resume) and
// returns how many positions of the shard its file holds and those it
// lacks; when it lacks none, logf says so.
func (j *shardJob) plan(logf func(format string, args ...any)) (done int, todo []int32, err error) {
	if err := j.checkFolder(); err != nil {
		return 0, nil, err
	}
	have, err := j.resume()
	if err != nil {
		return 0, nil, err
	}
	// Allocated once, 4 bytes a position: 400 MB for the largest set.
	todo = make([]int32, 0, j.shardSize()-have.Len())
	for k := range j.shardSize() {
		if !have.has(k) {
			todo = append(todo, int32(j.Shard+k*j.Shards))
		}
	}
	if len(todo) == 0 {
		logf("%s: %s holds all %d positions of shard %d/%d", j.Name, j.File, have.Len(), j.Shard, j.Shards)
	}
	return have.Len(), todo, nil
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

// run searches the positions todo (appended to the file, after the
// header when the file is new or empty) on Threads goroutines, each with
// its own engine and solver of ev (one thread, 16 MB tables): search
// returns a position's line; wrote, called under the file's lock every
// progressEvery and after the last line, reports progress. A cancelled
// job returns an error that says how to go on; what it wrote stays.
func (j *shardJob) run(ctx context.Context, ev eval.Evaluator, todo []int32, search func(ctx context.Context, e *engine.Engine, s *endgame.Solver, i int) (string, error), wrote func(shardProgress)) error {
	f, err := os.OpenFile(j.File, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("%s: %w", j.Name, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if fi.Size() == 0 {
		if _, err := fmt.Fprintln(f, j.Header); err != nil {
			return fmt.Errorf("%s: writing %s: %w", j.Name, j.File, err)
		}
	}
	// One engine and solver a goroutine, taken for a job and put back.
	type searchers struct {
		e *engine.Engine
		s *endgame.Solver
	}
	free := make(chan searchers, j.Threads)
	for range j.Threads {
		e, err := engine.New(engine.Options{Eval: ev, Threads: 1, HashMB: 16})
		if err != nil {
			return err
		}
		s, err := endgame.New(endgame.Options{Threads: 1, HashMB: 16, Eval: ev})
		if err != nil {
			return err
		}
		free <- searchers{e, s}
	}
	var mu sync.Mutex // the file and the progress
	count := 0
	start := time.Now()
	var lastReport time.Duration
	err = workers.Run(ctx, len(todo), j.Threads, func(ctx context.Context, k int) error {
		sr := <-free
		defer func() { free <- sr }()
		line, err := search(ctx, sr.e, sr.s, int(todo[k]))
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		if _, err := io.WriteString(f, line); err != nil {
			return fmt.Errorf("%s: writing %s: %w", j.Name, j.File, err)
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
	if err := f.Sync(); err != nil {
		return fmt.Errorf("%s: writing %s: %w", j.Name, j.File, err)
	}
	return nil
}
