// Merging: the records of the shards of a match or tournament (or of
// separate runs) put together, every game once.

package arena

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
)

// Merged is the games of several record files put together.
type Merged struct {
	// Games are the games in the order of their numbers.
	Games []*game.Game
	// Numbers are the games' indexes (from 0), in the same order.
	Numbers []int
	// Table holds the scores of the games, its players in the order they
	// first appear (Black of the first game first: player A of a match).
	Table *Table
	// Empty lists the files that hold no game (a shard of a short run,
	// say), in the order given.
	Empty []string
}

// ErrNothingToMerge is the error of Merge when no file holds a game.
var ErrNothingToMerge = errors.New("nothing to merge")

// Merge reads the GGF records of files (written by a Recorder, e.g. the
// shards of one run: game i of a run is in the file of shard i mod n) and
// puts them together: every game once, by its number. A missing file is
// an error, and so is a game number found in two files with different
// games. With runs, the files are separate runs instead (e.g. the same
// players with other seeds): every game of every file counts, numbered
// one file after the other. A file without games is listed in Empty; if
// no file holds one, the error is ErrNothingToMerge.
func Merge(files []string, runs bool) (*Merged, error) {
	games := map[int]*game.Game{}
	m := &Merged{}
	offset := 0 // with runs, the number of the file's first game
	for _, f := range files {
		if _, err := os.Stat(f); err != nil {
			return nil, err
		}
		recs, err := ReadRecords(f)
		if err != nil {
			return nil, err
		}
		if len(recs) == 0 {
			m.Empty = append(m.Empty, f)
		}
		if runs {
			last := -1
			for i, g := range recs {
				games[offset+i] = g
				last = max(last, i)
			}
			offset += last + 1
			continue
		}
		for i, g := range recs {
			if old, dup := games[i]; dup {
				if old.Transcript() != g.Transcript() || old.Info.Black != g.Info.Black || old.Info.White != g.Info.White {
					return nil, fmt.Errorf("%s: game number %d differs from the game of that number in another file", f, i+1)
				}
				continue
			}
			games[i] = g
		}
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("no game in %s: %w", strings.Join(files, ", "), ErrNothingToMerge)
	}
	for i := range games {
		m.Numbers = append(m.Numbers, i)
	}
	sort.Ints(m.Numbers)
	var names []string
	index := map[string]int{}
	add := func(n string) {
		if _, ok := index[n]; !ok {
			index[n] = len(names)
			names = append(names, n)
		}
	}
	for _, i := range m.Numbers {
		g := games[i]
		m.Games = append(m.Games, g)
		if i%2 == 0 {
			add(g.Info.Black)
			add(g.Info.White)
		} else {
			add(g.Info.White)
			add(g.Info.Black)
		}
	}
	m.Table = NewTable(names)
	for _, g := range m.Games {
		s, margin := ResultFor(g.Result, board.Black)
		m.Table.Add(index[g.Info.Black], index[g.Info.White], s, margin)
	}
	return m, nil
}

// WriteGGF writes the games to the GGF file at path, one a line, each
// numbered (its Round) by its index in the merged run.
func (m *Merged) WriteGGF(path string) error {
	var b strings.Builder
	for k, g := range m.Games {
		g.Info.Round = strconv.Itoa(m.Numbers[k] + 1)
		b.WriteString(ggf.Format(g) + "\n")
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

// Report returns the result of the merged games as text: for two players,
// "A vs B: " and A's score (Score.String; A played Black in the first
// game); for more, the rating list and the crosstable (Table.Report), the
// player anchor rated 0 (by default random if it plays, see Anchor); an
// anchor that is not a player is an error.
func (m *Merged) Report(anchor string) (string, error) {
	names := m.Table.Names
	switch {
	case len(names) == 2:
		return fmt.Sprintf("%s vs %s: %s\n", names[0], names[1], m.Table.Scores[0][1]) +
			RepeatNote(DistinctGames(m.Games), len(m.Games)), nil
	case len(names) < 2:
		return "", nil
	}
	if anchor == "" {
		anchor, _ = Anchor(names, "") // random if it plays
	}
	ratings, err := m.Table.Ratings(anchor)
	if err != nil {
		return "", err
	}
	return m.Table.Report(ratings, anchor, len(m.Games)) + RepeatNote(DistinctGames(m.Games), len(m.Games)), nil
}
