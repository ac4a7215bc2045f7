// Labels of the second-generation evaluation: positions of the training
// games valued by deep selective searches of the current engine, or
// solved exactly near the end (resumable, sharded, merged by reading
// every shard's file).

package train

import (
	"cmp"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/endgame"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/mpc"
)

// LabelConfig configures 'reversi train label'.
type LabelConfig struct {
	// Work is the folder of the label files (one a shard).
	Work string
	// Positions is the number of positions of the whole set (all shards),
	// Seed chooses them.
	Positions int
	Seed      uint64
	// Fraction is the share of the WTHOR games the positions come from
	// (1: all of the training years; less for tests).
	Fraction float64
	// Games, if not nil, are the games the positions come from instead
	// of the WTHOR games (the engine's own games from XOT starts, say);
	// GamesID names them in the first line of the label files (a digest
	// of their file), so that labels of other games are not mixed in.
	Games   []*game.Game
	GamesID string
	// Depth and Probability set the search that labels a position with
	// more than ExactEmpties empty squares (Probability 100: full width).
	Depth, Probability int
	// ExactEmpties: positions with this many empty squares or fewer are
	// solved exactly.
	ExactEmpties int
	// MinEmpties and MaxEmpties bound the empty squares of the positions.
	MinEmpties, MaxEmpties int
	// Random is the share of positions, in percent, followed by one or
	// two random moves (positions a search meets, not only good ones).
	Random int
	// Every labels each position of the games once instead of drawing
	// Positions of them: every distinct position (up to symmetry) with
	// MinEmpties to MaxEmpties empty squares and a move to make, in the
	// order the games reach them (EveryPosition). Label sets Positions
	// to their number; Random must be 0 and Seed only chooses the WTHOR
	// games of a Fraction.
	Every bool
	// every holds the positions of Every, found by Label.
	every []board.Board
	// Shard and Shards: this run labels the positions whose number is
	// Shard modulo Shards.
	Shard, Shards int
	// Threads labelling at once, each with its own engine and solver.
	Threads int
	// Log receives the progress (nil: none).
	Log io.Writer
}

// DefaultLabelConfig returns the settings of the candidate's labels
// (docs/TRAINING.md).
func DefaultLabelConfig() LabelConfig {
	return LabelConfig{Positions: 1_000_000, Seed: 1, Fraction: 1, Depth: 8, Probability: 87, ExactEmpties: 18,
		MinEmpties: 6, MaxEmpties: 54, Random: 25, Shards: 1, Threads: 1}
}

func (c *LabelConfig) check() error {
	switch {
	case c.Work == "":
		return errors.New("label: no work folder")
	case !c.Every && (c.Positions < 1 || c.Positions > 100_000_000):
		return fmt.Errorf("label: %d positions: want 1 to 100000000", c.Positions)
	case !(c.Fraction > 0 && c.Fraction <= 1):
		return fmt.Errorf("label: a fraction %v of the games: want more than 0, at most 1", c.Fraction)
	case c.Games != nil && len(c.Games) == 0:
		return errors.New("label: no games to take positions from")
	case c.Games != nil && (c.GamesID == "" || strings.ContainsAny(c.GamesID, " \n")):
		return fmt.Errorf("label: the games need a name without spaces (not %q)", c.GamesID)
	case c.Depth < 1 || c.Depth > 30:
		return fmt.Errorf("label: depth %d: want 1 to 30", c.Depth)
	case c.ExactEmpties < 0 || c.ExactEmpties > 30:
		return fmt.Errorf("label: exact from %d empties: want 0 to 30", c.ExactEmpties)
	case c.MinEmpties < 1 || c.MaxEmpties > 59 || c.MinEmpties > c.MaxEmpties:
		return fmt.Errorf("label: empties %d to %d: want a range within 1 to 59", c.MinEmpties, c.MaxEmpties)
	case c.Random < 0 || c.Random > 100:
		return fmt.Errorf("label: %d%% of positions with random moves: want 0 to 100", c.Random)
	case c.Every && c.Random != 0:
		return fmt.Errorf("label: every position of the games, and %d%% of them after random moves: give one or the other", c.Random)
	case c.Shards < 1 || c.Shard < 0 || c.Shard >= c.Shards:
		return fmt.Errorf("label: shard %d/%d does not exist", c.Shard, c.Shards)
	case !c.Every && c.Shard >= c.Positions:
		return c.noPositions()
	case c.Threads < 1 || c.Threads > 256:
		return fmt.Errorf("label: %d threads: want 1 to 256", c.Threads)
	}
	if p := c.Probability; p != 100 && !slices.Contains(engine.Probabilities(), p) {
		return fmt.Errorf("label: probability %d%%: want 100 or one of %v", p, engine.Probabilities())
	}
	return nil
}

func (c *LabelConfig) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format+"\n", args...)
	}
}

// labelHeaderPrefix starts the first line of every label file.
const labelHeaderPrefix = "# reversi labels v1 "

// header is the first line of a label file: the settings that decide
// its positions and labels, which a resumed run and every shard must
// share.
func (c *LabelConfig) header(ev eval.Evaluator) string {
	h := fmt.Sprintf("%spositions=%d seed=%d fraction=%g depth=%d prob=%d exact=%d empties=%d-%d random=%d eval=%s",
		labelHeaderPrefix, c.Positions, c.Seed, c.Fraction, c.Depth, c.Probability, c.ExactEmpties, c.MinEmpties, c.MaxEmpties, c.Random, evalID(ev))
	if c.Every {
		h += " every=1"
	}
	if c.Games != nil {
		h += " games=" + c.GamesID
	}
	return h
}

// evalID names an evaluation in the first line of a work file: its name
// and, for one with data (mpc.Checksummer), the first 16 hex digits of
// its checksum, so that work searched with other weights is refused
// instead of mixed in ("pattern/3f6dee286bbc1794", "course/").
func evalID(ev eval.Evaluator) string {
	sum := ""
	if cs, ok := ev.(mpc.Checksummer); ok {
		sum = cs.Checksum()
	}
	return fmt.Sprintf("%s/%.16s", ev.Name(), sum)
}

// LabelSource says where a label comes from.
type LabelSource byte

// The sources of labels.
const (
	LabelNone   LabelSource = '-' // the index gave no position
	LabelExact  LabelSource = 'e' // the endgame solver
	LabelSearch LabelSource = 's' // the engine's search
	LabelResult LabelSource = 'r' // the game's result (ResultLabels), not in label files
)

// LabelledPosition is one line of a label file: position Index of the
// set, and its value in discs for the player to move.
type LabelledPosition struct {
	Index  int
	Board  board.Board
	Value  float64
	Source LabelSource
}

// labelPosition returns position i of the set: a position of a training
// game with a chosen number of empty squares, Random percent of the
// time followed by one or two random moves; false if the game gives
// none (it ends earlier, or the player to move must pass there).
func (c *LabelConfig) labelPosition(games []*game.Game, i int) (board.Board, bool) {
	if c.Every {
		return c.every[i], true
	}
	rng := rand.New(rand.NewPCG(c.Seed, uint64(i)^0x1abe1))
	b, ok := pickPosition(rng, games, c.MinEmpties, c.MaxEmpties, func() int {
		if rng.IntN(100) < c.Random {
			return 1 + rng.IntN(2)
		}
		return 0
	})
	if !ok || b.Empties() < c.MinEmpties {
		return board.Board{}, false
	}
	return b, true
}

// noPositions is the error of a shard without positions.
func (c *LabelConfig) noPositions() error {
	return fmt.Errorf("label: shard %d/%d has no positions (the set has %d): nothing to label", c.Shard, c.Shards, c.Positions)
}

// findEvery finds the positions of Every (of the games, or of the
// WTHOR games of the Fraction; the settings checked) and sets Positions
// to their number.
func (c *LabelConfig) findEvery() error {
	games := c.Games
	if games == nil {
		var err error
		if games, err = WTHORGames(false, c.Fraction, c.Seed); err != nil {
			return err
		}
	}
	c.every = EveryPosition(games, c.MinEmpties, c.MaxEmpties)
	if len(c.every) == 0 {
		return fmt.Errorf("label: the games reach no position with %d to %d empty squares and a move to make", c.MinEmpties, c.MaxEmpties)
	}
	c.Positions = len(c.every)
	return nil
}

// EveryPosition returns every position the games reach with minEmpties
// to maxEmpties empty squares and a move to make, each once up to
// symmetry (the first the games reach, as it is there), in the order of
// the games and of their moves.
func EveryPosition(games []*game.Game, minEmpties, maxEmpties int) []board.Board {
	seen := map[board.Board]struct{}{}
	var out []board.Board
	for _, g := range games {
		for ply := 0; ply <= len(g.Moves); ply++ {
			b := g.PositionAt(ply).Board
			if e := b.Empties(); e < minEmpties || e > maxEmpties || !b.HasMoves() {
				continue
			}
			c, _ := b.Canonical()
			if _, ok := seen[c]; ok {
				continue
			}
			seen[c] = struct{}{}
			out = append(out, b)
		}
	}
	return out
}

// pickPosition returns a position of one of games, both chosen by rng:
// the game, a number of empty squares from minEmpties to maxEmpties, and
// then random() random moves (called once, after the others), played from
// the game's position with as many more empties; false if the game does
// not get there, or the position reached has no move.
func pickPosition(rng *rand.Rand, games []*game.Game, minEmpties, maxEmpties int, random func() int) (board.Board, bool) {
	g := games[rng.IntN(len(games))]
	want := minEmpties + rng.IntN(maxEmpties-minEmpties+1)
	moves := random()
	for ply := 0; ply <= len(g.Moves); ply++ {
		b := g.PositionAt(ply).Board
		if b.Empties() > want+moves {
			continue
		}
		for range moves {
			m := b.Moves()
			if m == 0 {
				break
			}
			k := rng.IntN(bits.OnesCount64(m))
			for range k {
				m &= m - 1
			}
			b = b.Play(board.Square(bits.TrailingZeros64(m)))
		}
		if !b.HasMoves() {
			return board.Board{}, false
		}
		return b, true
	}
	return board.Board{}, false
}

// labelFile returns the name of shard's file in the work folder.
func labelFile(work string, shard, shards int) string {
	return filepath.Join(work, fmt.Sprintf("labels-%d-of-%d.txt", shard, shards))
}

// Label labels the positions of this shard that its file does not hold
// yet and appends them to it, line by line, so that an interrupted run
// resumes where it stopped. ev is the evaluation of the labelling
// searches (with its Multi-ProbCut parameters). A work folder holding
// label files (of any shard) made with other settings is refused, as is
// a shard without positions. It returns the file's name.
func Label(ctx context.Context, cfg LabelConfig, ev eval.Evaluator) (string, error) {
	if err := cfg.check(); err != nil {
		return "", err
	}
	if cfg.Every {
		if err := cfg.findEvery(); err != nil {
			return "", err
		}
		if cfg.Shard >= cfg.Positions {
			return "", cfg.noPositions()
		}
	}
	file := labelFile(cfg.Work, cfg.Shard, cfg.Shards)
	var searched, solved atomic.Int64 // counted by the searching goroutines
	job := gamesJob{
		shardJob: shardJob{Name: "label", Did: "labelled", What: "label file", File: file, Header: cfg.header(ev), Glob: "labels-*-of-*.txt", Positions: cfg.Positions,
			Shard: cfg.Shard, Shards: cfg.Shards, Threads: cfg.Threads,
			Parse: func(line string) (int, error) { lp, err := parseLabel(line); return lp.Index, err }},
		Work: cfg.Work, Fraction: cfg.Fraction, Seed: cfg.Seed, Games: cfg.Games, Logf: cfg.logf,
		Started: func(todo, total int) {
			cfg.logf("label: %d of %d positions of shard %d/%d to label (depth %d at %d%%, exact from %d empties) into %s",
				todo, total, cfg.Shard, cfg.Shards, cfg.Depth, cfg.Probability, cfg.ExactEmpties, file)
		},
		Search: func(ctx context.Context, e *engine.Engine, s *endgame.Solver, games []*game.Game, i int) (string, error) {
			lp, err := cfg.label(ctx, e, s, games, i)
			if err != nil {
				return "", err
			}
			switch lp.Source {
			case LabelSearch:
				searched.Add(1)
			case LabelExact:
				solved.Add(1)
			}
			return lp.line(), nil
		},
		Progress: func(p shardProgress, done, total int) {
			cfg.logf("label: %d/%d positions (%d searched, %d solved this run), %.1f positions/s, %v left",
				p.Count+done, total, searched.Load(), solved.Load(), float64(p.Count)/p.Elapsed.Seconds(), p.ETA.Round(time.Second))
		},
	}
	if err := job.run(ctx, ev); err != nil {
		return "", err
	}
	return file, nil
}

// label finds position i and its label.
func (cfg *LabelConfig) label(ctx context.Context, e *engine.Engine, s *endgame.Solver, games []*game.Game, i int) (LabelledPosition, error) {
	lp := LabelledPosition{Index: i, Source: LabelNone}
	b, ok := cfg.labelPosition(games, i)
	if !ok {
		return lp, nil
	}
	lp.Board = b
	if b.Empties() <= cfg.ExactEmpties {
		r, err := s.Search(ctx, b, endgame.Limits{Mode: endgame.Exact}, nil)
		if err != nil {
			return lp, err
		}
		if r.Stopped {
			return lp, ctx.Err()
		}
		lp.Value, lp.Source = float64(r.Score), LabelExact
		return lp, nil
	}
	e.Clear()
	r, err := e.Search(ctx, b, engine.Limits{Depth: cfg.Depth, Probability: cfg.Probability}, nil)
	if err != nil {
		return lp, err
	}
	if r.Stopped || ctx.Err() != nil {
		return lp, cmp.Or(ctx.Err(), errors.New("label: search stopped"))
	}
	lp.Value, lp.Source = engine.Discs(e.Eval(), r.Kind, r.Value), LabelSearch
	return lp, nil
}

// line writes the labelled position as a line of its file: the index,
// then (if there is a position) the source, the player's and the
// opponent's discs in hex, and the value in discs.
func (lp LabelledPosition) line() string {
	if lp.Source == LabelNone {
		return fmt.Sprintf("%d -\n", lp.Index)
	}
	return fmt.Sprintf("%d %c %016x %016x %s\n", lp.Index, lp.Source, lp.Board.P, lp.Board.O, strconv.FormatFloat(lp.Value, 'f', 2, 64))
}

// parseLabel reads a line of a label file.
func parseLabel(line string) (LabelledPosition, error) {
	f := strings.Fields(line)
	var lp LabelledPosition
	if len(f) != 2 && len(f) != 5 {
		return lp, fmt.Errorf("%d fields, want 2 or 5", len(f))
	}
	var err error
	if lp.Index, err = strconv.Atoi(f[0]); err != nil || lp.Index < 0 {
		return lp, fmt.Errorf("bad index %q", f[0])
	}
	if len(f[1]) != 1 {
		return lp, fmt.Errorf("bad source %q", f[1])
	}
	lp.Source = LabelSource(f[1][0])
	switch {
	case lp.Source == LabelNone && len(f) == 2:
		return lp, nil
	case (lp.Source == LabelExact || lp.Source == LabelSearch) && len(f) == 5:
	default:
		return lp, fmt.Errorf("bad source %q with %d fields", f[1], len(f))
	}
	if lp.Board.P, err = strconv.ParseUint(f[2], 16, 64); err != nil {
		return lp, fmt.Errorf("bad discs %q", f[2])
	}
	if lp.Board.O, err = strconv.ParseUint(f[3], 16, 64); err != nil {
		return lp, fmt.Errorf("bad discs %q", f[3])
	}
	if !lp.Board.Valid() || !lp.Board.HasMoves() {
		return lp, fmt.Errorf("not a position with a move: %s %s", f[2], f[3])
	}
	// A search's value may pass 64 discs (an evaluation is not bounded):
	// it is kept as found, and read as at most 64.
	if lp.Value, err = strconv.ParseFloat(f[4], 64); err != nil || math.IsNaN(lp.Value) || math.Abs(lp.Value) > 1000 ||
		(lp.Source == LabelExact && (lp.Value != math.Trunc(lp.Value) || math.Abs(lp.Value) > 64)) {
		return lp, fmt.Errorf("bad value %q", f[4])
	}
	lp.Value = max(-64, min(64, lp.Value))
	return lp, nil
}

// labelFiles returns the label files of a folder in order: those a
// labelling run writes (labels-I-of-N.txt) and the same compressed for
// keeping (labels-I-of-N.txt.gz, read as they are); a shard in both forms
// is refused, as its labels would be read twice.
func labelFiles(dir string) ([]string, error) {
	plain, err := filepath.Glob(filepath.Join(dir, "labels-*-of-*.txt"))
	if err != nil {
		return nil, err
	}
	zipped, err := filepath.Glob(filepath.Join(dir, "labels-*-of-*.txt.gz"))
	if err != nil {
		return nil, err
	}
	for _, z := range zipped {
		if slices.Contains(plain, strings.TrimSuffix(z, ".gz")) {
			return nil, fmt.Errorf("label: %s and %s: the same shard twice; keep one", strings.TrimSuffix(z, ".gz"), z)
		}
	}
	files := append(plain, zipped...)
	if len(files) == 0 {
		return nil, fmt.Errorf("label: no label files (labels-*-of-*.txt or .txt.gz) in %s", dir)
	}
	sort.Strings(files)
	return files, nil
}

// ReadLabels reads every label file of the folders (the shards of one
// set, gathered by copying them into one folder, or several sets in
// several folders); the files of one folder must share their settings
// but the shard. It returns the labelled positions (those of files of a
// later folder replacing none: a position seen twice keeps its first
// label) and the headers of the folders.
func ReadLabels(dirs ...string) ([]LabelledPosition, []string, error) {
	var out []LabelledPosition
	var headers []string
	seen := map[board.Board]bool{}
	for _, dir := range dirs {
		files, err := labelFiles(dir)
		if err != nil {
			return nil, nil, err
		}
		header := ""
		for _, file := range files {
			if err := readLabelFile(file, &header, func(lp LabelledPosition) {
				c, _ := lp.Board.Canonical()
				if lp.Source != LabelNone && !seen[c] {
					seen[c] = true
					out = append(out, lp)
				}
			}); err != nil {
				return nil, nil, err
			}
		}
		headers = append(headers, header)
	}
	return out, headers, nil
}

// readLabelFile reads one label file, checking its header against
// *header (or setting it, if empty). A last line without its end (a
// shard still running, or stopped) is left out.
func readLabelFile(file string, header *string, add func(LabelledPosition)) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(file, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return fmt.Errorf("label: %s: %w", file, err)
		}
		defer zr.Close()
		r = zr
	}
	headed := false
	_, _, err = readWork(r, func(first string) error {
		headed = true
		if !strings.HasPrefix(first, labelHeaderPrefix) {
			return fmt.Errorf("label: %s is not a label file", file)
		}
		if *header == "" {
			*header = first
		} else if first != *header {
			if theirs, ours, ok := settingsDiff(first, *header); ok {
				return fmt.Errorf("label: %s was labelled with other settings than the other files of its folder: with %s, not %s", file, theirs, ours)
			}
			return fmt.Errorf("label: %s was labelled with other settings than the other files of its folder", file)
		}
		return nil
	}, func(n int, line string) error {
		lp, err := parseLabel(line)
		if err != nil {
			return fmt.Errorf("label: %s:%d: %v", file, n, err)
		}
		add(lp)
		return nil
	})
	if err == nil && !headed {
		return fmt.Errorf("label: %s is not a label file", file)
	}
	return err
}

// Sample returns the labelled positions whose board falls in the given
// fraction of all boards (0 < fraction <= 1), chosen by the top bits of
// the board's hash: the same positions on every run, and the sample of a
// smaller fraction inside that of a larger one, so that fits of growing
// samples measure how the error falls with more data (a learning curve).
// The choice is independent of the tenth that Refit holds out (which
// takes the hash modulo 10).
func Sample(labels []LabelledPosition, fraction float64) []LabelledPosition {
	if fraction >= 1 {
		return labels
	}
	var out []LabelledPosition
	for _, l := range labels {
		if float64(l.Board.Hash()>>11)/(1<<53) < fraction {
			out = append(out, l)
		}
	}
	return out
}

// GamePositions returns the labelled positions that some game reaches
// (in any symmetry): those that no random move led to. Label draws a
// quarter of its positions after one or two random moves, where the
// side to move is better off than in real play in ways the patterns do
// not all see; fitted with them, the evaluation overrates the side to
// move of real games (docs/TRAINING.md).
func GamePositions(labels []LabelledPosition, games []*game.Game) []LabelledPosition {
	reached := map[board.Board]struct{}{}
	for _, g := range games {
		b := g.PositionAt(0).Board
		c, _ := b.Canonical()
		reached[c] = struct{}{}
		for _, m := range g.Moves {
			if m.Square == board.Pass {
				b = b.Pass()
			} else {
				b = b.Play(m.Square)
			}
			c, _ := b.Canonical()
			reached[c] = struct{}{}
		}
	}
	var out []LabelledPosition
	for _, l := range labels {
		c, _ := l.Board.Canonical()
		if _, ok := reached[c]; ok {
			out = append(out, l)
		}
	}
	return out
}

// ResultLabels returns the positions of the training years' games before
// their theoretical scores, with at most maxEmpties empty squares,
// labelled with the scores (ResultPositions), numbered from first.
func ResultLabels(first, maxEmpties int) ([]LabelledPosition, error) {
	res, err := ResultPositions(false, maxEmpties)
	if err != nil {
		return nil, err
	}
	return asLabels(res, first, LabelResult), nil
}

// TheoreticalLabels returns the positions of the database's exact scores
// of the training years (TheoreticalPositions: 24 empty squares) as
// exactly labelled positions, their indexes counting from first.
func TheoreticalLabels(first int) ([]LabelledPosition, error) {
	theo, err := TheoreticalPositions(false)
	if err != nil {
		return nil, err
	}
	return asLabels(theo, first, LabelExact), nil
}

// asLabels returns scored positions as labelled positions of a source,
// numbered from first.
func asLabels(ls []Labelled, first int, source LabelSource) []LabelledPosition {
	out := make([]LabelledPosition, len(ls))
	for i, l := range ls {
		out[i] = LabelledPosition{Index: first + i, Board: l.Board, Value: float64(l.Score), Source: source}
	}
	return out
}
