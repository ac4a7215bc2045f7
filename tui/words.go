// The words of the screen that come from the game rather than from the
// tables: players' specs, durations and the referee's details, said as
// the web page says them (web/static/words.js), in the UI's language.

package tui

import (
	"regexp"
	"strconv"
	"time"

	"github.com/reversi-engine/reversi/board"
)

// courseNames are the course's players, named by the tables as
// "player.<name>".
var courseNames = regexp.MustCompile(`^(random|greedy|positional|roxanne|mobility|stable|parity|evaporation|mcts|alphabeta|minimax)(:|$)`)

// engineLevel finds the level of an engine's spec ("engine:level=6,...").
var engineLevel = regexp.MustCompile(`^engine(?::level=(\d+))?(,|:|$)`)

// displayName turns a player's name into the one the screen shows: a
// built-in player's spec ("engine:level=6") as the web page names it
// ("Engine, level 6"), the human player of no name of its own ("human")
// as the web's player; any other name (a person's, an external engine's
// command) as it is.
func (t text) displayName(name string) string {
	if name == "human" {
		return t.T("name.player")
	}
	if m := engineLevel.FindStringSubmatch(name); m != nil {
		if m[1] != "" {
			return t.T("player.engineLevel", "level", m[1])
		}
		return t.T("player.engine")
	}
	if m := courseNames.FindStringSubmatch(name); m != nil {
		return t.T("player." + m[1])
	}
	return name
}

// duration writes d in seconds, or in minutes when it is a whole number
// of them ("30 s", "1 min"), as the web page writes durations.
func (t text) duration(d time.Duration) string {
	s := d.Seconds()
	if s >= 60 && d%time.Minute == 0 {
		return t.T("unit.minutes", "n", strconv.Itoa(int(d/time.Minute)))
	}
	return t.T("unit.seconds", "n", strconv.FormatFloat(s, 'f', -1, 64))
}

// The referee's details of how a game ended that the tables translate.
var (
	moveTimeDetail = regexp.MustCompile(`^no move within (\S+)$`)
	illegalDetail  = regexp.MustCompile(`^(\d+) illegal moves`)
)

// detail says why a game ended in the referee's words (game.Result's
// Detail), translated when known; an unknown one is said in English only.
func (t text) detail(d string, lang Lang) string {
	if d == "game clock exhausted" {
		return t.T("detail.clock")
	}
	if m := moveTimeDetail.FindStringSubmatch(d); m != nil {
		if limit, err := time.ParseDuration(m[1]); err == nil {
			return t.T("detail.moveTime", "limit", t.duration(limit))
		}
	}
	if m := illegalDetail.FindStringSubmatch(d); m != nil {
		return t.T("detail.illegal", "n", m[1])
	}
	if lang == English || lang == "" {
		return d
	}
	return ""
}

// seatNames returns the names of the seats as the screen shows them
// (displayName); a seat named by its colour keeps that name.
func (t text) seatNames(names [2]string) [2]string {
	for c, n := range names {
		if n != "" && n != board.Color(c).String() {
			names[c] = t.displayName(n)
		}
	}
	return names
}
