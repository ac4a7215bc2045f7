// The shipped WTHOR database of tournament games, searched by player,
// tournament and year for the GUI's import: paged and bounded.

package server

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/reversi-engine/reversi/data"
	"github.com/reversi-engine/reversi/format/wthor"
)

// WTHORGameView is a game of the WTHOR database: where and when it was
// played, by whom, Black's discs at the end (the empty squares counted
// for the winner), and its moves as a transcript and as a GGF game with
// the names, which the GUI imports as anything pasted.
type WTHORGameView struct {
	ID         int    `json:"id"`
	Year       int    `json:"year"`
	Tournament string `json:"tournament"`
	Black      string `json:"black"`
	White      string `json:"white"`
	BlackDiscs int    `json:"black_discs"`
	Transcript string `json:"transcript"`
	GGF        string `json:"ggf"`
	// The game's opening, as in GameView.
	Opening     string `json:"opening,omitempty"`
	OpeningName string `json:"opening_name,omitempty"`
}

// wthorGame is a game of the database with the year of its file.
type wthorGame struct {
	wthor.Game
	year int
}

// wthorDB is the database, read once: its games, most recent first, and
// the names of players and tournaments (and in lower case, to search).
type wthorDB struct {
	games                []wthorGame
	names                wthor.Names
	players, tournaments []string // lower case
}

var wthorData = sync.OnceValues(func() (*wthorDB, error) {
	db := &wthorDB{}
	for i, f := range []struct {
		name string
		size int
		to   *[]string
	}{{"wthor/WTHOR.JOU", wthor.PlayerNameSize, &db.names.Players}, {"wthor/WTHOR.TRN", wthor.TournamentNameSize, &db.names.Tournaments}} {
		b, err := data.ReadFile(f.name)
		if err != nil {
			return nil, err
		}
		if _, *f.to, err = wthor.ReadNames(bytes.NewReader(b), f.size); err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		lower := make([]string, len(*f.to))
		for k, n := range *f.to {
			lower[k] = strings.ToLower(n)
		}
		if i == 0 {
			db.players = lower
		} else {
			db.tournaments = lower
		}
	}
	files := data.WTHORFiles()
	for k := len(files) - 1; k >= 0; k-- { // the most recent first
		b, err := data.ReadFile(files[k])
		if err != nil {
			return nil, err
		}
		h, games, err := wthor.ReadGames(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", files[k], err)
		}
		for _, g := range games {
			db.games = append(db.games, wthorGame{g, int(h.Year)})
		}
	}
	return db, nil
})

// WTHOR search bounds: the games a page, the length of a name asked.
const (
	wthorPage    = 20
	wthorMaxText = 40
)

// wthorQuery is a search of the database, checked.
type wthorQuery struct {
	player, tournament string // lower case, "" for any
	year, page         int    // 0 for any year; pages from 1
}

// parseWTHORQuery reads ?player=&tournament=&year=&page=; the error says
// what is wrong (and its code).
func parseWTHORQuery(q url.Values) (wthorQuery, error) {
	var w wthorQuery
	var err error
	if w.player, err = nameParam(q, "player"); err != nil {
		return w, err
	}
	if w.tournament, err = nameParam(q, "tournament"); err != nil {
		return w, err
	}
	if w.year, err = yearParam(q, "year"); err != nil {
		return w, err
	}
	if w.player == "" && w.tournament == "" && w.year == 0 {
		return w, withCode(CodeWTHOREmpty, errors.New("give a player, a tournament or a year (e.g. ?player=tamenori)"))
	}
	w.page = 1
	if p := q.Get("page"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 100000 {
			return w, fmt.Errorf("page: %q is not a page number (1, 2, ...)", p)
		}
		w.page = n
	}
	return w, nil
}

// nameParam reads a name searched for, in part (key's parameter of q): in
// lower case, "" if not given; the error says what is wrong (and its
// code).
func nameParam(q url.Values, key string) (string, error) {
	v := strings.TrimSpace(q.Get(key))
	switch n := utf8.RuneCountInString(v); {
	case !utf8.ValidString(v):
		return "", withCode(CodeBadRequest, fmt.Errorf("%s: not valid UTF-8", key))
	case n == 1:
		return "", withCode(CodeWTHORShort, fmt.Errorf("%s: give at least 2 characters", key))
	case n > wthorMaxText:
		return "", withCode(CodeWTHORLong, fmt.Errorf("%s: at most %d characters", key, wthorMaxText))
	}
	return strings.ToLower(v), nil
}

// yearParam reads a year (key's parameter of q), 0 if not given.
func yearParam(q url.Values, key string) (int, error) {
	y := q.Get(key)
	if y == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(y)
	if err != nil || n < 1900 || n > 2100 {
		return 0, withCode(CodeWTHORYear, fmt.Errorf("%s: %q is not a year such as 2004", key, y))
	}
	return n, nil
}

// wthor returns the database, or answers 503 (the failure logged) and
// nil.
func (s *Server) wthor(w http.ResponseWriter) *wthorDB {
	db, err := wthorData()
	if err != nil {
		s.wthorFailed(w, err)
		return nil
	}
	return db
}

// wthorFailed answers 503 to a request the database (or what is made of
// it) failed, and logs why.
func (s *Server) wthorFailed(w http.ResponseWriter, err error) {
	s.log.Error("the WTHOR database", "err", err)
	writeError(w, http.StatusServiceUnavailable, CodeWTHORMissing, "the WTHOR database is not available here")
}

// handleWTHOR answers the games of the shipped WTHOR database that match
// a player (either colour), a tournament and a year, most recent first, a
// page at a time.
func (s *Server) handleWTHOR(w http.ResponseWriter, r *http.Request) {
	q, err := parseWTHORQuery(r.URL.Query())
	if err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadRequest)
		return
	}
	db := s.wthor(w)
	if db == nil {
		return
	}
	has := func(names []string, i uint16, part string) bool {
		return int(i) < len(names) && strings.Contains(names[i], part)
	}
	total, from := 0, (q.page-1)*wthorPage
	out := []WTHORGameView{}
	for id, g := range db.games {
		if q.year != 0 && g.year != q.year ||
			q.tournament != "" && !has(db.tournaments, g.Tournament, q.tournament) ||
			q.player != "" && !has(db.players, g.Black, q.player) && !has(db.players, g.White, q.player) {
			continue
		}
		total++
		if total <= from || len(out) == wthorPage {
			continue
		}
		out = append(out, db.view(id))
	}
	writeJSON(w, http.StatusOK, map[string]any{"total": total, "page": q.page, "per_page": wthorPage, "games": out})
}
