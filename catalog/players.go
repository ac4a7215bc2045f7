// The catalog's types, the lookup of entries and the building of players.

package catalog

import (
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/reversi-engine/reversi/player"
)

// Env is what the caller provides to the players it builds, one Env per
// seat.
type Env struct {
	// Seed is the default seed of the player's random choices; a seed=N
	// option in the spec replaces it. Give each seat its own seed (for
	// example the game number times two, plus the colour), so that two
	// copies of a player do not make the same choices, and the same seeds
	// replay the same games.
	Seed uint64
	// In is where an interactive player (the human player) reads its
	// moves, typically os.Stdin. Nil if the seat has no input; a player
	// that needs one fails to build without it.
	In io.Reader
	// Out is where an interactive player writes its prompts and boards,
	// typically os.Stdout. Nil if the seat has no output.
	Out io.Writer
	// Level is the level of the engine players whose spec names none
	// (the --level of the command line); 0 for their default.
	Level int
	// Threads is the number of search threads of players whose spec
	// names none; 0 for all the cores.
	Threads int
	// Depth is the search depth of the players that take one (minimax,
	// alphabeta, engine) and whose spec names none; 0 for their default.
	Depth int
}

// Entry is a player of the catalog.
type Entry struct {
	// Name is what a spec starts with, in lower case, e.g. "roxanne".
	Name string
	// Description says in one line how the player chooses its moves.
	Description string
	// Options are the key=value options the player takes, in the order
	// the help lists them.
	Options []Option
	// Raw, if not empty, means that the player takes the whole text after
	// the first ':' of its spec as one argument instead of options, and
	// names that argument in the help, e.g. "command line" for
	// "nboard:<command line>". The argument is required.
	Raw string
	// New builds the player from its parsed options (or raw argument).
	New func(a Args) (player.Player, error)
	// Confined players only compute: they start no program, read no
	// terminal, and every resource they take is named by an option with
	// a Resource, so that [Limits] bound it. Only they are built for
	// others ([NewLimited]).
	Confined bool
	// Instant players choose by looking one move ahead, as the course's
	// table players do: a move costs microseconds whatever the position
	// and the clock, so a server answers them without waiting for a
	// search slot ([IsInstant]).
	Instant bool
}

// syntax returns how a spec of the entry is written, e.g.
// "evaporation[:endgame=N,seed=N]" or "nboard:<command line>".
func (e *Entry) syntax() string {
	if e.Raw != "" {
		return e.Name + ":<" + e.Raw + ">"
	}
	if len(e.Options) == 0 {
		return e.Name
	}
	keys := make([]string, len(e.Options))
	for i, o := range e.Options {
		keys[i] = o.Name + "=" + o.Kind.placeholder()
	}
	return e.Name + "[:" + strings.Join(keys, ",") + "]"
}

// option returns the entry's option named key, or nil.
func (e *Entry) option(key string) *Option {
	for i := range e.Options {
		if e.Options[i].Name == key {
			return &e.Options[i]
		}
	}
	return nil
}

// optionNames lists the names of the entry's options.
func (e *Entry) optionNames() string {
	names := make([]string, len(e.Options))
	for i, o := range e.Options {
		names[i] = o.Name
	}
	return strings.Join(names, ", ")
}

// Option is a key=value option of a catalog entry.
type Option struct {
	// Name is the key, in lower case, e.g. "endgame".
	Name string
	// Kind is the type of the value.
	Kind Kind
	// Default is the value used when the option is not given, written as
	// in a spec. An empty Default means the option has no value unless
	// given (see [Args.Given]); its Help says what happens then.
	Default string
	// Help says in a few words what the option does.
	Help string
	// Resource is what the option's value costs, for [Limits].
	Resource Resource
}

// seedOption is the option of every entry that makes random choices; when
// given, it replaces Env.Seed (see newArgs).
var seedOption = Option{
	Name: "seed",
	Kind: Uint,
	Help: "seed of the random choices, ties included; without it, the seat's seed",
}

// Entries returns a copy of the catalog, in the order of the help.
func Entries() []Entry {
	out := make([]Entry, len(catalog))
	for i, e := range catalog {
		e.Options = slices.Clone(e.Options)
		out[i] = e
	}
	return out
}

// Lookup returns the catalog entry named name (in any case).
func Lookup(name string) (Entry, bool) {
	e := lookup(strings.ToLower(strings.TrimSpace(name)))
	if e == nil {
		return Entry{}, false
	}
	c := *e
	c.Options = slices.Clone(c.Options)
	return c, true
}

// table is a list of entries: the catalog, or another in tests.
type table []Entry

// lookup returns the entry named name (in lower case), or nil.
func (t table) lookup(name string) *Entry {
	for i := range t {
		if t[i].Name == name {
			return &t[i]
		}
	}
	return nil
}

// names lists the names of the entries, separated by commas.
func (t table) names() string {
	names := make([]string, len(t))
	for i, e := range t {
		names[i] = e.Name
	}
	return strings.Join(names, ", ")
}

func lookup(name string) *Entry { return table(catalog[:]).lookup(name) }

// Names returns the names of the catalog's players, in the order of the
// help.
func Names() []string {
	out := make([]string, len(catalog))
	for i, e := range catalog {
		out[i] = e.Name
	}
	return out
}

// New builds the player of a spec (see the package documentation for the
// syntax). A seed=N option replaces env.Seed; the rest of env is passed
// to the player as it is. The error, a [*SpecError], names the spec and
// what is wrong with it.
func New(spec string, env Env) (player.Player, error) {
	return table(catalog[:]).build(spec, env)
}

// Check builds the player of every spec once (closing those that hold
// something, such as an external engine) and returns the first error of
// New: to refuse a bad spec before any game starts.
func Check(specs []string, env Env) error {
	for _, spec := range specs {
		p, err := New(spec, env)
		if err != nil {
			return err
		}
		player.Close(p)
	}
	return nil
}

// SplitSpecs splits a list of specs at ',', or at ';' when the list
// holds one (for specs with options, which hold commas:
// "engine:level=5,threads=1;random"), trimming blanks and dropping empty
// specs.
func SplitSpecs(list string) []string {
	sep := ","
	if strings.Contains(list, ";") {
		sep = ";"
	}
	var specs []string
	for _, s := range strings.Split(list, sep) {
		if s = strings.TrimSpace(s); s != "" {
			specs = append(specs, s)
		}
	}
	return specs
}

// build is New for the entries of t.
func (t table) build(spec string, env Env) (player.Player, error) {
	s, e, err := t.parse(spec)
	if err != nil {
		return nil, err
	}
	a, err := newArgs(e, s, env)
	if err != nil {
		return nil, specError(spec, e.Name, err)
	}
	return t.construct(spec, e, a)
}

// construct calls the constructor of entry e with a.
func (t table) construct(spec string, e *Entry, a Args) (player.Player, error) {
	p, err := e.New(a)
	if err != nil {
		return nil, specError(spec, e.Name, err)
	}
	if p == nil {
		return nil, &SpecError{Spec: spec, Player: e.Name, Err: errors.New("the constructor returned no player")}
	}
	return p, nil
}

// specError wraps err, from the building of a player, in a SpecError that
// names the spec, unless it is one already.
func specError(spec, name string, err error) error {
	var se *SpecError
	if errors.As(err, &se) {
		c := *se
		c.Spec, c.Player = spec, name
		return &c
	}
	return &SpecError{Spec: spec, Player: name, Err: err}
}
