package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/player"
)

// testTable holds entries of the kinds the catalog will grow: a raw
// argument (like "nboard:<command line>") and options of every kind.
var testTable = table{
	{
		Name:        "echo",
		Description: "a player configured by a command line",
		Raw:         "command line",
		New: func(a Args) (player.Player, error) {
			return named("echo " + a.Raw), nil
		},
	},
	{
		Name:        "knobs",
		Description: "a player with options of every kind",
		Options: []Option{
			{Name: "depth", Kind: Int, Default: "6", Help: "an int"},
			{Name: "time", Kind: Duration, Default: "1s", Help: "a duration"},
			{Name: "c", Kind: Float, Default: "1.4", Help: "a number"},
			{Name: "fast", Kind: Bool, Default: "false", Help: "a bool"},
			{Name: "rollout", Kind: Text, Default: "random", Help: "a text"},
			{Name: "label", Kind: Text, Help: "a text without default"},
			seedOption,
		},
		New: func(a Args) (player.Player, error) {
			if a.Duration("time") <= 0 {
				return nil, a.Errorf("time", "want a positive duration")
			}
			if a.Text("rollout") == "fail" {
				return nil, errors.New("cannot start")
			}
			if a.Text("rollout") == "nil" {
				return nil, nil
			}
			return named(fmt.Sprintf("depth=%d time=%v c=%v fast=%v rollout=%s label=%q given=%v seed=%d",
				a.Int("depth"), a.Duration("time"), a.Float("c"), a.Bool("fast"), a.Text("rollout"),
				a.Text("label"), a.Given("label"), a.Env.Seed)), nil
		},
	},
}

// named is a player that only has a name, to show what it was built with.
type named string

func (n named) Name() string { return string(n) }
func (n named) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	sq, _ := board.NextSquare(req.Legal)
	return player.Reply{Move: sq}, nil
}

func TestRawAndKinds(t *testing.T) {
	tests := []struct{ spec, want string }{
		{"echo:edax -n 2 -l 10", "echo edax -n 2 -l 10"},
		{"echo: ./engine --opt a=b,c=d:e ", "echo ./engine --opt a=b,c=d:e"},
		{"knobs", `depth=6 time=1s c=1.4 fast=false rollout=random label="" given=false seed=9`},
		{"knobs:time=250ms,c=0.5,fast=true,rollout=roxanne,label=x=y:z,depth=-2,seed=3",
			`depth=-2 time=250ms c=0.5 fast=true rollout=roxanne label="x=y:z" given=true seed=3`},
	}
	for _, tt := range tests {
		p, err := testTable.build(tt.spec, Env{Seed: 9})
		if err != nil {
			t.Errorf("%q: %v", tt.spec, err)
			continue
		}
		if p.Name() != tt.want {
			t.Errorf("%q built %q, want %q", tt.spec, p.Name(), tt.want)
		}
	}
}

func TestRawAndKindErrors(t *testing.T) {
	tests := []struct{ spec, option, want string }{
		{"echo", "", "echo needs a command line: write echo:<command line>"},
		{"echo:   ", "", "echo needs a command line"},
		{"knobs:time=soon", "time", `"soon" is not a duration, e.g. 500ms or 2s`},
		{"knobs:time=-1s", "time", "want a positive duration"},
		{"knobs:c=NaN", "c", `"NaN" is not a number`},
		{"knobs:c=1e999", "c", "is not a number"},
		{"knobs:fast=yes", "fast", `"yes" is not true or false`},
		{"knobs:depth=1.5", "depth", "is not an integer"},
		{"knobs:rollout=fail", "", "cannot start"},
		{"knobs:rollout=nil", "", "no player"},
		{"knobs:colour=red", "colour", "its options: depth, time, c, fast, rollout, label, seed"},
		{"nboard:edax", "", "unknown player \"nboard\"; players: echo, knobs"},
	}
	for _, tt := range tests {
		_, err := testTable.build(tt.spec, Env{})
		var se *SpecError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.want) || se.Option != tt.option ||
			se.Spec != tt.spec || !strings.HasPrefix(err.Error(), fmt.Sprintf("player spec %q: ", tt.spec)) {
			t.Errorf("%q: error %v (option %q), want one about option %q saying %q", tt.spec, err, optionOf(se), tt.option, tt.want)
		}
	}
}

func optionOf(se *SpecError) string {
	if se == nil {
		return ""
	}
	return se.Option
}

func TestHelpOfKinds(t *testing.T) {
	h := testTable.help()
	for _, want := range []string{
		"echo:<command line>",
		"knobs[:depth=N,time=D,c=X,fast=true|false,rollout=TEXT,label=TEXT,seed=N]",
		"time     duration  default 1s",
		"label    text      optional",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("help does not show %q:\n%s", want, h)
		}
	}
}
