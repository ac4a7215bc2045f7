// The catalog: every player that can be named, with its options and its
// constructor. Add a player by adding an entry here.

package catalog

import (
	"errors"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/reversi-engine/reversi/book"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/gtp"
	"github.com/reversi-engine/reversi/mcts"
	"github.com/reversi-engine/reversi/nboard"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/player/course"
	"github.com/reversi-engine/reversi/player/human"
	"github.com/reversi-engine/reversi/player/minimax"
)

// catalog is the table of players, in the order of the help. It is fixed
// when the program is built and never written to: callers get copies
// (Entries, Lookup).
var catalog = [...]Entry{
	{
		Name:        "human",
		Description: "a person who types moves on the terminal (d3, undo, moves, help, resign, Q to stop and count the discs)",
		Options: []Option{
			{Name: "name", Kind: Text, Default: "human", Help: "the name shown in displays and records"},
		},
		New: newHuman,
	},
	{
		Name:        "random",
		Description: "a legal move chosen uniformly at random",
		Options:     []Option{seedOption},
		New:         func(a Args) (player.Player, error) { return course.NewRandom(a.Env.Seed), nil },
		Confined:    true,
		Instant:     true,
	},
	{
		Name:        "greedy",
		Description: "the move that flips the most discs",
		Options:     []Option{seedOption},
		New:         func(a Args) (player.Player, error) { return course.NewGreedy(a.Env.Seed), nil },
		Confined:    true,
		Instant:     true,
	},
	{
		Name:        "positional",
		Description: "the move that maximises the square weights of its discs minus the opponent's",
		Options: []Option{
			{Name: "table", Kind: Text, Default: "course",
				Help: "course, or weights joined by '/': 10 for A1/B1/C1/D1/B2/C2/D2/C3/D3/D4 (symmetric) or 64 for A1..H8"},
			seedOption,
		},
		New:      newPositional,
		Confined: true,
		Instant:  true,
	},
	{
		Name:        "roxanne",
		Description: "a move from the best tier of squares: corners, then C3-type, centre edges, ... X-squares last",
		Options:     []Option{seedOption},
		New:         func(a Args) (player.Player, error) { return course.NewRoxanne(a.Env.Seed), nil },
		Confined:    true,
		Instant:     true,
	},
	{
		Name:        "mobility",
		Description: "the move that leaves the opponent the fewest legal replies",
		Options:     []Option{seedOption},
		New:         func(a Args) (player.Player, error) { return course.NewMobility(a.Env.Seed), nil },
		Confined:    true,
		Instant:     true,
	},
	{
		Name:        "stable",
		Description: "the move that leaves it the most stable discs",
		Options:     []Option{seedOption},
		New:         func(a Args) (player.Player, error) { return course.NewStable(a.Env.Seed), nil },
		Confined:    true,
		Instant:     true,
	},
	{
		Name:        "parity",
		Description: "a move into an odd-sized region of empty squares (8-connected) if there is one",
		Options:     []Option{seedOption},
		New:         func(a Args) (player.Player, error) { return course.NewParity(a.Env.Seed), nil },
		Confined:    true,
		Instant:     true,
	},
	{
		Name:        "evaporation",
		Description: "the move that leaves it the fewest discs, then the most in the endgame",
		Options: []Option{
			{Name: "endgame", Kind: Int, Default: strconv.Itoa(course.DefaultEndgame),
				Help: "number of empty squares (0 to 60) from which it plays greedily"},
			seedOption,
		},
		New:      newEvaporation,
		Confined: true,
		Instant:  true,
	},
	{
		Name:        "minimax",
		Description: "plain minimax to a fixed depth (every node visited: keep the depth small)",
		Options:     []Option{depthOption(4), evalOption},
		New:         newSearchPlayer(minimax.MinimaxSearch),
		Confined:    true,
	},
	{
		Name:        "alphabeta",
		Description: "the course's alpha-beta: a fixed depth, moves in board order, no table",
		Options:     []Option{depthOption(7), evalOption},
		New:         newSearchPlayer(minimax.AlphaBetaSearch),
		Confined:    true,
	},
	{
		Name: "engine",
		Description: "our engine: NegaScout with a table, ordering, iterative deepening, the clock, " +
			"all cores, selective search and an exact endgame solver; levels 1 (one ply deep) to " + strconv.Itoa(engine.MaxLevel) + " (perfect play); with no level, depth or time, as deep as " + engine.DefaultLevelTime.String() + " a move allows",
		Options: []Option{
			{Name: "level", Kind: Int, Default: strconv.Itoa(engine.MaxLevel), Help: "1 to " + strconv.Itoa(engine.MaxLevel) + " (see 'reversi help levels'; " + strconv.Itoa(engine.MaxLevel) + ": perfect play); --level sets it for every engine seat; an engine given no level, depth or time searches as deep as " + engine.DefaultLevelTime.String() + " a move allows"},
			{Name: "time", Kind: Duration, Help: "budget of a move, e.g. 1s, searched as deep as it allows (default: the level's depth; " + engine.DefaultLevelTime.String() + " with no level or depth)", Resource: MoveTime},
			{Name: "depth", Kind: Int, Help: "midgame depth (default: the level's)", Resource: Depth},
			{Name: "exact", Kind: Int, Help: "solve exactly from this many empty squares (default: the level's)"},
			{Name: "wld", Kind: Int, Help: "solve win/loss/draw from this many empty squares (default: the level's)"},
			{Name: "threads", Kind: Int, Help: "search threads (default: all the cores)", Resource: Threads},
			{Name: "hash", Kind: Int, Default: "64", Help: "transposition table size in MB", Resource: HashMB},
			{Name: "prob", Kind: Int, Default: strconv.Itoa(engine.DefaultProbability), Help: "confidence of the selective search's cuts in percent: " + probList() + " (100: full width); given, it replaces the level's own steps of its selective endgame"},
			engineEvalOption,
			{Name: "weights", Kind: Text, Help: "a pattern weights file of 'reversi train refit' evaluated instead of the shipped weights (a file of this machine: never offered to a server's clients); the selective search needs probcut=FILE fitted for them, or prob=100", Resource: LocalFile},
			{Name: "probcut", Kind: Text, Help: "a Multi-ProbCut parameters file of 'reversi train mpc' for the evaluation (with weights=FILE: 'reversi train mpc --weights FILE'; a file of this machine: never offered to a server's clients)", Resource: LocalFile},
			{Name: "book", Kind: Text, Default: "auto", Help: "auto|on|off: play from the shipped opening book while it has moves for the position, in games under the standard rule only (its values are the standard game's); auto: when the engine searches to a fixed depth no deeper than the book's searches (levels 1-16), not when its own searches go deeper (timed levels, deeper depths)"},
			{Name: "book-file", Kind: Text, Help: "a book file of 'reversi book build', 'deviate' or 'import' played instead of the shipped book (a file of this machine: never offered to a server's clients)", Resource: LocalFile},
			{Name: "noise", Kind: Float, Default: "0", Help: "random mistakes: up to this many discs added at random to the value of each move (e.g. 20 for a beginner's opponent)"},
			{Name: "noise-moves", Kind: Int, Default: "0", Help: "the noise only in the first N moves of the game (0: every move): varied openings, then play in earnest"},
			{Name: "book-random", Kind: Float, Default: "0", Help: "variety of the book moves, in discs: a uniform choice among those within this many discs of the best"},
			seedOption,
		},
		New:      newEngine,
		Confined: true,
	},
	{
		Name: "nboard",
		Description: "an external engine that speaks NBoard protocol 2 (Edax, NTest, reversi nboard...), " +
			"started for each game; it loses a game if it hangs, crashes or keeps playing illegal moves",
		Raw: "command line",
		New: newNBoard,
	},
	{
		Name: "gtp",
		Description: "an external engine that speaks the Go Text Protocol for Othello (GRhino's gtp-rhino, reversi gtp...), " +
			"started for each game; it loses a game if it hangs, crashes, refuses the game or keeps playing illegal moves",
		Raw: "command line",
		New: newGTP,
	},
	{
		Name: "mcts",
		Description: "Monte Carlo tree search (UCT) with a choice of rollout policy, reward, exploration, " +
			"budget and parallelism; proven wins and losses are backed up",
		Options: []Option{
			{Name: "time", Kind: Duration, Default: "1s", Help: "time a move (within the clock)", Resource: MoveTime},
			{Name: "iterations", Kind: Uint, Help: "iterations a move instead of (or as well as) a time; with it, time=0 for no time limit"},
			{Name: "c", Kind: Float, Help: "exploration constant of UCB1 (default: 0.7 for winloss, 0.5 for margin, 0.8 for bonus)"},
			{Name: "rollout", Kind: Text, Default: "random", Help: "rollout policy: random, roxanne, epsilon, softmax, alphabeta"},
			{Name: "reward", Kind: Text, Default: "winloss", Help: "reward: winloss (1/0.5/0), margin (scaled disc margin), bonus (100 + margin for a win)"},
			{Name: "epsilon", Kind: Float, Default: "0.1", Help: "random share of the epsilon rollouts"},
			{Name: "temperature", Kind: Float, Default: "500", Help: "temperature of the softmax rollouts, in classic points"},
			{Name: "abdepth", Kind: Int, Default: "2", Help: "depth of the alphabeta rollouts"},
			{Name: "truncate", Kind: Int, Default: "0", Help: "stop rollouts after this many plies and use the pattern evaluation (0: play to the end)"},
			{Name: "final", Kind: Text, Default: "visits", Help: "the move played: visits (most visited) or value (best mean reward)"},
			{Name: "threads", Kind: Int, Help: "search threads (default: all the cores)", Resource: Threads},
			{Name: "parallel", Kind: Text, Default: "root", Help: "root (a tree per thread, merged) or tree (one shared tree, virtual loss)"},
			{Name: "reuse", Kind: Bool, Default: "true", Help: "keep the subtree of the position reached from one move to the next"},
			{Name: "memory", Kind: Int, Default: "96", Help: "MB of nodes per tree, at most", Resource: MemoryMB},
			seedOption,
		},
		New:      newMCTS,
		Confined: true,
	},
}

// depthOption is the depth option of a fixed-depth search player.
func depthOption(def int) Option {
	return Option{Name: "depth", Kind: Int, Default: strconv.Itoa(def), Help: "plies searched (1 to 20)", Resource: Depth}
}

// evalOption is the eval option of the course's search players, whose
// evaluation is the course heuristic unless told otherwise.
var evalOption = Option{Name: "eval", Kind: Text, Default: "course",
	Help: "evaluation: " + strings.Join(engine.EvaluatorNames(), ", ") + " (pattern: trained; course: the course heuristic; discs: the disc count)"}

// engineEvalOption is the eval option of the engine: the trained
// evaluation by default.
var engineEvalOption = Option{Name: "eval", Kind: Text, Default: "pattern", Help: evalOption.Help}

// evaluator returns the evaluator named by the eval option.
func evaluator(a Args) (eval.Evaluator, error) {
	ev, err := engine.EvaluatorByName(strings.ToLower(a.Text("eval")))
	if err != nil {
		return nil, a.Errorf("eval", "%v", err)
	}
	return ev, nil
}

func newSearchPlayer(algorithm minimax.Algorithm) func(a Args) (player.Player, error) {
	return func(a Args) (player.Player, error) {
		depth := a.Int("depth")
		if !a.Given("depth") && a.Env.Depth > 0 {
			depth = a.Env.Depth
		}
		if depth < 1 || depth > 20 {
			return nil, a.Errorf("depth", "%d is out of range: want 1 to 20", depth)
		}
		ev, err := evaluator(a)
		if err != nil {
			return nil, err
		}
		return minimax.NewPlayer(algorithm, depth, ev), nil
	}
}

func newEngine(a Args) (player.Player, error) {
	n := a.Int("level")
	if !a.Given("level") && a.Env.Level != 0 {
		n = a.Env.Level
	}
	level, err := engine.LevelSettings(n)
	if err != nil {
		return nil, a.Errorf("level", "%v", err)
	}
	name := "engine:level=" + strconv.Itoa(n)
	if a.Given("time") {
		t := a.Duration("time")
		if t <= 0 {
			return nil, a.Errorf("time", "%v: want a positive duration, e.g. 1s", t)
		}
		level.Time, level.Depth = t, 0
		name += ",time=" + t.String()
	}
	for _, o := range []struct {
		key string
		to  *int
		min int
	}{{"depth", &level.Depth, 1}, {"exact", &level.ExactEmpties, 0}, {"wld", &level.WLDEmpties, 0}} {
		if !a.Given(o.key) {
			continue
		}
		v := a.Int(o.key)
		if v < o.min || v > 60 {
			return nil, a.Errorf(o.key, "%d is out of range: want %d to 60", v, o.min)
		}
		*o.to = v
		name += "," + o.key + "=" + strconv.Itoa(v)
	}
	if !a.Given("depth") && !a.Given("time") && a.Env.Depth > 0 {
		level.Depth, level.Time = a.Env.Depth, 0
		name += ",depth=" + strconv.Itoa(a.Env.Depth)
	}
	if !a.Given("level") && a.Env.Level == 0 && !a.Given("time") && !a.Given("depth") && a.Env.Depth == 0 {
		// The plain engine: as deep and as exact as DefaultLevelTime a
		// move allows, not level 60's perfect play, whose solve of the
		// whole game would never end without a clock.
		level.Depth, level.Time = 0, engine.DefaultLevelTime
		name += ",time=" + engine.DefaultLevelTime.String()
	}
	threads := runtime.NumCPU()
	if a.Env.Threads > 0 {
		threads = a.Env.Threads
	}
	if a.Given("threads") {
		if threads = a.Int("threads"); threads < 1 || threads > 256 {
			return nil, a.Errorf("threads", "%d is out of range: want 1 to 256", threads)
		}
	}
	hash := a.Int("hash")
	if hash < 1 || hash > 1<<16 {
		return nil, a.Errorf("hash", "%d MB is out of range: want 1 to 65536", hash)
	}
	ev, err := evaluator(a)
	if err != nil {
		return nil, err
	}
	if ev.Name() != "pattern" {
		name += ",eval=" + ev.Name()
	}
	prob := a.Int("prob")
	if !slices.Contains(engine.Probabilities(), prob) {
		return nil, a.Errorf("prob", "%d%% is not a level: want one of %s", prob, probList())
	}
	ev, pc, files, err := engineFiles(a, ev, prob)
	if err != nil {
		return nil, err
	}
	name += files
	if a.Given("prob") {
		// The probability asked for, everywhere: no level's own steps.
		level.Probability, level.Selective = prob, nil
		name += ",prob=" + strconv.Itoa(prob)
	}
	if a.Given("noise") {
		noise := a.Float("noise")
		if !(noise >= 0 && noise <= 128) {
			return nil, a.Errorf("noise", "%g discs is out of range: want 0 to 128", noise)
		}
		level.Noise = noise
		name += ",noise=" + strconv.FormatFloat(noise, 'g', -1, 64)
	}
	if a.Given("noise-moves") {
		n := a.Int("noise-moves")
		if n < 0 || n > 60 {
			return nil, a.Errorf("noise-moves", "%d moves is out of range: want 0 to 60", n)
		}
		if !a.Given("noise") {
			return nil, a.Errorf("noise-moves", "limits the noise, and no noise is given")
		}
		level.NoiseMoves = n
		name += ",noise-moves=" + strconv.Itoa(n)
	}
	bookOpts, bookName, err := engineBook(a, level)
	if err != nil {
		return nil, err
	}
	name += bookName
	e, err := engine.New(engine.Options{Eval: ev, Threads: threads, HashMB: hash, Probability: prob, ProbCut: pc})
	if err != nil {
		return nil, err
	}
	p := engine.NewPlayer(e, level, name, a.Env.Seed)
	p.SetBook(bookOpts)
	return p, nil
}

// engineFiles reads the files that the weights and probcut options name
// (EngineFiles) and returns what they add to the player's name.
func engineFiles(a Args, ev eval.Evaluator, prob int) (eval.Evaluator, *engine.ProbCut, string, error) {
	weights, probcut := a.Text("weights"), a.Text("probcut")
	ev, pc, err := EngineFiles(weights, probcut, ev, prob, SpecStyle)
	if fe, ok := err.(*FileError); ok {
		return nil, nil, "", a.Errorf(fe.Option, "%w", fe.Err)
	}
	name := ""
	if weights != "" {
		name += ",weights=" + weights
	}
	if probcut != "" {
		name += ",probcut=" + probcut
	}
	return ev, pc, name, err
}

// engineBook returns the opening book of the engine's book options for
// a player at level, and what they add to its name. A shipped book that
// cannot be read is no book, and the player says so with its first move.
//
// By default (auto) the book is used only by a player that searches to a
// fixed depth no deeper than the book's own searches: a book's values are
// no better than a search as deep as the player's own. (docs/TRAINING.md
// has the measurements, and which of them rest on a few games repeated:
// from 171 real openings of 6 moves the book is worth nothing measurable
// at levels 8 and 12, nor does it cost anything.)
func engineBook(a Args, level engine.Level) (engine.BookOptions, string, error) {
	var o engine.BookOptions
	name := ""
	o.Random = a.Float("book-random")
	if o.Random < 0 || o.Random > 64 {
		return o, "", a.Errorf("book-random", "%g discs is out of range: want 0 to 64", o.Random)
	}
	if a.Given("book-random") {
		name += ",book-random=" + strconv.FormatFloat(o.Random, 'g', -1, 64)
	}
	path := a.Text("book-file")
	switch mode := strings.ToLower(a.Text("book")); mode {
	case "on", "auto":
		var b *book.Book
		var err error
		if path != "" {
			// A book the user named must be there: an error, not a note.
			if b, err = book.ReadFile(path); err != nil {
				return o, "", a.Errorf("book-file", "%v", err)
			}
			name += ",book-file=" + path
		} else {
			b, err = book.Shipped()
		}
		switch {
		case errors.Is(err, book.ErrNoBook):
		case err != nil:
			o.Note = "no opening book: " + err.Error()
		case mode == "on" || level.Depth > 0 && level.Depth <= b.Depth():
			o.Book = b
		}
		if mode == "on" && a.Given("book") {
			name += ",book=on"
		}
	case "off":
		if path != "" {
			return o, "", a.Errorf("book-file", "a book file with book=off: give one or the other")
		}
		name += ",book=off"
	default:
		return o, "", a.Errorf("book", "%q: want auto, on or off", a.Text("book"))
	}
	return o, name, nil
}

func newNBoard(a Args) (player.Player, error) {
	return nboard.Start(a.Raw, nboard.ClientOptions{Depth: a.Env.Depth})
}

func newGTP(a Args) (player.Player, error) {
	return gtp.Start(a.Raw, gtp.ClientOptions{})
}

func newMCTS(a Args) (player.Player, error) {
	var o mcts.Options
	var err error
	if o.Policy, err = mcts.ParsePolicy(a.Text("rollout")); err != nil {
		return nil, a.Errorf("rollout", "%v", err)
	}
	if o.Reward, err = mcts.ParseReward(a.Text("reward")); err != nil {
		return nil, a.Errorf("reward", "%v", err)
	}
	if o.Parallel, err = mcts.ParseParallelism(a.Text("parallel")); err != nil {
		return nil, a.Errorf("parallel", "%v", err)
	}
	switch strings.ToLower(a.Text("final")) {
	case "visits":
	case "value":
		o.FinalByValue = true
	default:
		return nil, a.Errorf("final", "%q: want visits or value", a.Text("final"))
	}
	if a.Given("c") {
		if o.C = a.Float("c"); o.C <= 0 {
			return nil, a.Errorf("c", "%g: want a number above 0", o.C)
		}
	}
	o.Epsilon, o.Temperature, o.ABDepth, o.Truncate = a.Float("epsilon"), a.Float("temperature"), a.Int("abdepth"), a.Int("truncate")
	if o.Temperature <= 0 {
		return nil, a.Errorf("temperature", "%g: want a number above 0", o.Temperature)
	}
	o.Threads = runtime.NumCPU()
	if a.Env.Threads > 0 {
		o.Threads = a.Env.Threads
	}
	if a.Given("threads") {
		o.Threads = a.Int("threads")
	}
	mb := a.Int("memory")
	if mb < 1 || mb > 1<<16 {
		return nil, a.Errorf("memory", "%d MB: want 1 to 65536", mb)
	}
	o.MaxNodes = mb << 20 / 48
	o.Reuse, o.Seed = a.Bool("reuse"), a.Env.Seed
	budget := mcts.Limits{Time: a.Duration("time"), Iterations: a.Uint("iterations")}
	if budget.Time < 0 {
		return nil, a.Errorf("time", "%v: want a positive duration", budget.Time)
	}
	if a.Given("iterations") && !a.Given("time") {
		budget.Time = 0
	}
	if budget.Time == 0 && budget.Iterations == 0 {
		return nil, a.Errorf("time", "no budget: give time=1s or iterations=N")
	}
	var truncEval eval.Evaluator
	if o.Truncate > 0 {
		if truncEval, err = engine.EvaluatorByName("pattern"); err != nil {
			return nil, err
		}
	}
	s, err := mcts.New(o, truncEval)
	if err != nil {
		return nil, err
	}
	return mcts.NewPlayer(mctsName(a), s, budget), nil
}

// mctsName names an mcts player by the options given, e.g.
// "mcts:time=1s,rollout=roxanne".
func mctsName(a Args) string {
	name := "mcts"
	var parts []string
	for _, key := range []string{"time", "iterations", "c", "rollout", "reward", "epsilon", "temperature", "abdepth", "truncate", "final", "parallel", "reuse"} {
		if a.Given(key) {
			parts = append(parts, key+"="+a.Written(key))
		}
	}
	if len(parts) > 0 {
		name += ":" + strings.Join(parts, ",")
	}
	return name
}

func newHuman(a Args) (player.Player, error) {
	if a.Env.In == nil || a.Env.Out == nil {
		return nil, errors.New("a human needs a terminal: this seat has no input or output")
	}
	return human.New(a.Text("name"), a.Env.In, a.Env.Out), nil
}

func newPositional(a Args) (player.Player, error) {
	t, err := course.ParseTable(a.Text("table"))
	if err != nil {
		return nil, a.Errorf("table", "%v", err)
	}
	return course.NewPositional(a.Env.Seed, t), nil
}

func newEvaporation(a Args) (player.Player, error) {
	n := a.Int("endgame")
	if n < 0 || n > 60 {
		return nil, a.Errorf("endgame", "%d is out of range: want 0 to 60 empty squares", n)
	}
	return course.NewEvaporation(a.Env.Seed, n), nil
}

// probList lists the probability levels of the engine's cuts.
func probList() string {
	var s []string
	for _, p := range engine.Probabilities() {
		s = append(s, strconv.Itoa(p))
	}
	return strings.Join(s, ", ")
}
