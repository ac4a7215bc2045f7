// The opening explorer: the moves played from a position in the shipped
// WTHOR games (package explorer's index, built once at the first
// request), filtered by years and players, beside the book's values.

package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/explorer"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
)

// explorerIndex is the index of the WTHOR games, in the database's order
// (an index is a WTHORGameView's ID), built at the first request (a few
// seconds; 26 MB kept).
var explorerIndex = sync.OnceValues(func() (*explorer.Index, error) {
	db, err := wthorData()
	if err != nil {
		return nil, err
	}
	games := make([]explorer.Game, len(db.games))
	for i, g := range db.games {
		games[i] = explorer.Game{Moves: g.Moves, Year: g.year, Black: int(g.Black), White: int(g.White), BlackDiscs: int(g.BlackDiscs)}
	}
	return explorer.New(games), nil
})

// ExplorerMoveView is a move played from the explorer's position: in how
// many games, how they ended, Black's share of the points and average
// discs, the years it was played and its best-known players.
type ExplorerMoveView struct {
	Move       string   `json:"move"`
	Games      int      `json:"games"`
	BlackWins  int      `json:"black_wins"`
	Draws      int      `json:"draws"`
	WhiteWins  int      `json:"white_wins"`
	BlackScore float64  `json:"black_score"`
	BlackDiscs float64  `json:"black_discs"`
	FirstYear  int      `json:"first_year"`
	LastYear   int      `json:"last_year"`
	Players    []string `json:"players"`
}

// Bounds of the explorer's query.
const (
	explorerMaxGames   = 50  // games listed
	explorerMaxPlayers = 200 // players a name matches
)

// explorerQuery is a parsed GET /api/explorer.
type explorerQuery struct {
	g        *game.Game
	from, to int
	player   string // lower case
	games    int
}

// parseExplorerQuery reads the position (board or transcript, as POST
// /api/position takes them, or a board and the moves of a transcript
// played from it), the years, the player and how many games
// to list; an error says what is wrong (and its code).
func parseExplorerQuery(v url.Values) (explorerQuery, error) {
	q := explorerQuery{games: 10}
	// A board and a transcript: the moves played from the board (the
	// explorer's page goes on from a position so).
	g, err := startOf(v.Get("board"), v.Get("transcript"), "", game.Standard)
	if err != nil {
		return q, err
	}
	q.g = g
	if q.from, err = yearParam(v, "from"); err != nil {
		return q, err
	}
	if q.to, err = yearParam(v, "to"); err != nil {
		return q, err
	}
	if q.from != 0 && q.to != 0 && q.from > q.to {
		return q, withCode(CodeBadRequest, fmt.Errorf("from: %d is after to (%d)", q.from, q.to))
	}
	if q.player, err = nameParam(v, "player"); err != nil {
		return q, err
	}
	if s := v.Get("games"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 || n > explorerMaxGames {
			return q, withCode(CodeBadRequest, fmt.Errorf("games: want 0 to %d", explorerMaxGames))
		}
		q.games = n
	}
	return q, nil
}

// handleExplorer answers the moves played from a position in the WTHOR
// games, with the book's moves of the position and the most recent of
// its games.
func (s *Server) handleExplorer(w http.ResponseWriter, r *http.Request) {
	q, err := parseExplorerQuery(r.URL.Query())
	if err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadRequest)
		return
	}
	pos := q.g.Position()
	if s.refuseHelp(w, r, pos) {
		return
	}
	db := s.wthor(w)
	if db == nil {
		return
	}
	ix, err := explorerIndex()
	if err != nil {
		s.wthorFailed(w, err)
		return
	}
	f := explorer.Filter{From: q.from, To: q.to}
	var matched []string
	if q.player != "" {
		for id, name := range db.players {
			if strings.Contains(name, q.player) {
				f.Players = append(f.Players, id)
				matched = append(matched, db.names.Players[id])
			}
		}
		if len(f.Players) > explorerMaxPlayers {
			writeError(w, http.StatusBadRequest, CodeBadRequest, fmt.Sprintf("player: %q names %d players, more than %d: give more of the name", q.player, len(f.Players), explorerMaxPlayers))
			return
		}
		if len(f.Players) == 0 {
			f.Players = []int{-1} // nobody: no game
		}
	}
	eq := explorer.Query{Games: q.games}
	if start := q.g.PositionAt(0); start == board.Start() {
		for _, m := range q.g.Moves {
			if m.Square.OnBoard() {
				eq.Moves = append(eq.Moves, m.Square)
			}
		}
	} else {
		eq.Start = &pos
	}
	res, err := ix.Explore(eq, f)
	if err != nil {
		// The game's moves were played already: they are legal.
		s.unavailable(w, r, err)
		return
	}
	moves := make([]ExplorerMoveView, 0, len(res.Moves))
	for _, m := range res.Moves {
		v := ExplorerMoveView{Move: m.Move.String(), Games: m.Games, BlackWins: m.BlackWins, Draws: m.Draws, WhiteWins: m.WhiteWins,
			BlackScore: (float64(m.BlackWins) + float64(m.Draws)/2) / float64(m.Games), BlackDiscs: float64(m.BlackDiscs) / float64(m.Games),
			FirstYear: m.FirstYear, LastYear: m.LastYear}
		for _, p := range m.Players {
			v.Players = append(v.Players, db.names.Player(uint16(p)))
		}
		moves = append(moves, v)
	}
	games := make([]WTHORGameView, 0, len(res.Games))
	for _, id := range res.Games {
		games = append(games, db.view(id))
	}
	out := map[string]any{"board": pos.String()[:64], "turn": pos.Turn.String(), "transcript": q.g.TranscriptWithPasses(),
		"legal": squares(board.Squares(q.g.Legal())), "over": q.g.Over(),
		"total": res.Total, "moves": moves, "games": games, "book": bookMoves(q.g)}
	if q.player != "" {
		out["players"] = matched
	}
	writeJSON(w, http.StatusOK, out)
}

// view is the WTHORGameView of game id of the database.
func (db *wthorDB) view(id int) WTHORGameView {
	g := db.games[id]
	v := WTHORGameView{ID: id, Year: g.year, Tournament: db.names.Tournament(g.Tournament),
		Black: db.names.Player(g.Black), White: db.names.Player(g.White), BlackDiscs: int(g.BlackDiscs)}
	if rec, err := g.ToGame(g.year, db.names); err == nil {
		v.Transcript, v.GGF = rec.TranscriptWithPasses(), ggf.Format(rec)
		v.Opening, v.OpeningName = openingNames(rec)
	}
	return v
}
