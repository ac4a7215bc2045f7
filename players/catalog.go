// The catalog: every player that can be named, with its options and its
// constructor. Add a player by adding an entry here.

package players

import (
	"errors"
	"strconv"

	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/player/classic"
	"github.com/reversi-engine/reversi/player/human"
)

// catalog is the table of players, in the order of the help. It is fixed
// when the program is built and never written to: callers get copies
// (Entries, Lookup).
var catalog = [...]Entry{
	{
		Name:        "human",
		Description: "a person who types moves on the terminal (d3, undo, moves, help, Q to resign)",
		Options: []Option{
			{Name: "name", Kind: Text, Default: "human", Help: "the name shown in displays and records"},
		},
		New: newHuman,
	},
	{
		Name:        "random",
		Description: "a legal move chosen uniformly at random",
		Options:     []Option{seedOption},
		New:         func(a Args) (player.Player, error) { return classic.NewRandom(a.Env.Seed), nil },
	},
	{
		Name:        "greedy",
		Description: "the move that flips the most discs",
		Options:     []Option{seedOption},
		New:         func(a Args) (player.Player, error) { return classic.NewGreedy(a.Env.Seed), nil },
	},
	{
		Name:        "positional",
		Description: "the move that maximises the square weights of its discs minus the opponent's",
		Options: []Option{
			{Name: "table", Kind: Text, Default: "course",
				Help: "course, or weights joined by '/': 10 for A1/B1/C1/D1/B2/C2/D2/C3/D3/D4 (symmetric) or 64 for A1..H8"},
			seedOption,
		},
		New: newPositional,
	},
	{
		Name:        "roxanne",
		Description: "a move from the best tier of squares: corners, then C3-type, centre edges, ... X-squares last",
		Options:     []Option{seedOption},
		New:         func(a Args) (player.Player, error) { return classic.NewRoxanne(a.Env.Seed), nil },
	},
	{
		Name:        "mobility",
		Description: "the move that leaves the opponent the fewest legal replies",
		Options:     []Option{seedOption},
		New:         func(a Args) (player.Player, error) { return classic.NewMobility(a.Env.Seed), nil },
	},
	{
		Name:        "stable",
		Description: "the move that leaves it the most stable discs",
		Options:     []Option{seedOption},
		New:         func(a Args) (player.Player, error) { return classic.NewStable(a.Env.Seed), nil },
	},
	{
		Name:        "parity",
		Description: "a move into an odd-sized region of empty squares (8-connected) if there is one",
		Options:     []Option{seedOption},
		New:         func(a Args) (player.Player, error) { return classic.NewParity(a.Env.Seed), nil },
	},
	{
		Name:        "evaporation",
		Description: "the move that leaves it the fewest discs, then the most in the endgame",
		Options: []Option{
			{Name: "endgame", Kind: Int, Default: strconv.Itoa(classic.DefaultEndgame),
				Help: "number of empty squares (0 to 60) from which it plays greedily"},
			seedOption,
		},
		New: newEvaporation,
	},
}

func newHuman(a Args) (player.Player, error) {
	if a.Env.In == nil || a.Env.Out == nil {
		return nil, errors.New("a human needs a terminal: this seat has no input or output")
	}
	return human.New(a.Text("name"), a.Env.In, a.Env.Out), nil
}

func newPositional(a Args) (player.Player, error) {
	t, err := classic.ParseTable(a.Text("table"))
	if err != nil {
		return nil, a.Errorf("table", "%v", err)
	}
	return classic.NewPositional(a.Env.Seed, t), nil
}

func newEvaporation(a Args) (player.Player, error) {
	n := a.Int("endgame")
	if n < 0 || n > 60 {
		return nil, a.Errorf("endgame", "%d is out of range: want 0 to 60 empty squares", n)
	}
	return classic.NewEvaporation(a.Env.Seed, n), nil
}
