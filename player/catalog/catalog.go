// Package catalog is the old place of package [catalog], the catalog of
// players by name, which now sits on its own floor above the engines
// (github.com/reversi-engine/reversi/catalog): the player folder holds the
// bottom-floor interface and the players it builds on, and the catalog
// imports engine, mcts, nboard and gtp.
//
// It forwards the names the server still uses, until the server imports
// the catalog from its new place, and then goes; nothing else should
// import it. (It is not marked deprecated, so that the checks of the
// server's code stay quiet meanwhile.)
package catalog

import (
	players "github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/player"
)

// Limits is [players.Limits].
type Limits = players.Limits

// Env is [players.Env].
type Env = players.Env

// Entry is [players.Entry].
type Entry = players.Entry

// Spec is [players.Spec].
type Spec = players.Spec

// Entries is [players.Entries].
func Entries() []Entry { return players.Entries() }

// Lookup is [players.Lookup].
func Lookup(name string) (Entry, bool) { return players.Lookup(name) }

// Help is [players.Help].
func Help() string { return players.Help() }

// Parse is [players.Parse].
func Parse(text string) (Spec, error) { return players.Parse(text) }

// New is [players.New].
func New(spec string, env Env) (player.Player, error) { return players.New(spec, env) }

// NewLimited is [players.NewLimited].
func NewLimited(spec string, env Env, lim Limits) (player.Player, error) {
	return players.NewLimited(spec, env, lim)
}

// CheckLimited is [players.CheckLimited].
func CheckLimited(spec string, lim Limits) (Spec, error) { return players.CheckLimited(spec, lim) }

// IsInstant is [players.IsInstant].
func IsInstant(spec string) bool { return players.IsInstant(spec) }
