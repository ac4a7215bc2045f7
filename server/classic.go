// The course match server's endpoints (opt-in): numbered sessions that
// student bots reach with plain GET requests. As in the original they are
// unauthenticated: anyone may move for either colour of a session.

package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
)

// classicSession is a numbered session: a server game with two bot
// seats, which the endpoints play with the server's authority (the seats'
// token hashes, from the stored game). Its game's id names the session
// (sessionPrefix), so that a session outlives the process: after a
// restart, or on another server of the same database, it is found again
// among the live games.
type classicSession struct {
	id string
}

type classicSessions struct {
	mu   sync.Mutex
	byID map[string]*classicSession
}

// sessionPrefix begins the id of the game of session name: "course7-"
// and random hex digits for session 7.
func sessionPrefix(name string) string { return "course" + name + "-" }

func (s *Server) classicRoutes() {
	cs := &classicSessions{byID: map[string]*classicSession{}}
	h := func(pattern string, f func(w http.ResponseWriter, r *http.Request, cs *classicSessions)) {
		s.mux.HandleFunc(pattern, s.guard(s.count("classic", func(w http.ResponseWriter, r *http.Request) { f(w, r, cs) })))
	}
	h("GET /classic/{session}/join", s.classicJoin)
	h("GET /classic/{session}/turn", s.classicTurn)
	h("GET /classic/{session}/board", s.classicBoard)
	h("GET /classic/{session}/move", s.classicMove)
	h("GET /classic/{session}/last", s.classicLast)
}

func text(w http.ResponseWriter, status int, format string, args ...any) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	fmt.Fprintf(w, format+"\n", args...)
}

// classicError answers an error of the course's endpoints as text with
// status; a failure of the server's own (its store's: live.ErrStoreFailed,
// live.ErrStoreUnreadable) is answered 503 with a generic text, its error
// logged (see Server.unavailable).
func (s *Server) classicError(w http.ResponseWriter, r *http.Request, status int, err error) {
	if status == http.StatusServiceUnavailable || errors.Is(err, live.ErrStoreFailed) || errors.Is(err, live.ErrStoreUnreadable) {
		s.log.Error("request failed", "route", routeOf(r), "client", s.addressOf(r), "err", err)
		w.Header().Set("Retry-After", "5")
		text(w, http.StatusServiceUnavailable, "error: %v", publicFailure(err))
		return
	}
	text(w, status, "error: %v", err)
}

// session returns the session of the request: known to this process, or
// found among the live games of the store (a session made before a
// restart, or by another server), or, when create is set, a new one
// (created then says so).
func (cs *classicSessions) session(s *Server, r *http.Request, create bool) (sess *classicSession, created bool, err error) {
	name := r.PathValue("session")
	if _, err := strconv.ParseUint(name, 10, 32); err != nil {
		return nil, false, fmt.Errorf("session %q: want a number", name)
	}
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if sess := cs.byID[name]; sess != nil {
		return sess, false, nil
	}
	games, err := s.cfg.Store.List(r.Context(), store.ListOptions{Live: true, Limit: 100000})
	if err != nil {
		return nil, false, fmt.Errorf("%w: %w", live.ErrStoreUnreadable, err)
	}
	for _, g := range games {
		if strings.HasPrefix(g.ID, sessionPrefix(name)) {
			sess := &classicSession{id: g.ID}
			cs.byID[name] = sess
			return sess, false, nil
		}
	}
	if !create {
		return nil, false, fmt.Errorf("no session %s: join it first", name)
	}
	rec, _, err := s.newGame(CreateRequest{Black: SeatRequest{Kind: "bot", Name: "B"}, White: SeatRequest{Kind: "bot", Name: "W"}})
	if err != nil {
		return nil, false, err
	}
	rec.ID = sessionPrefix(name) + rec.ID
	rec.Seats[1] = store.Seat{Kind: store.Open} // W joins second
	client := s.clientOf(r)
	done, err := s.hall.Admit(client) // the caps on live games hold here too
	if err != nil {
		return nil, false, err
	}
	defer done()
	if err := s.hall.Create(r.Context(), rec, client); err != nil {
		if !errors.Is(err, live.ErrStoreFailed) {
			err = fmt.Errorf("%w: %w", live.ErrStoreUnreadable, err) // opening the table read the store
		}
		return nil, false, err
	}
	sess = &classicSession{id: rec.ID}
	cs.byID[name] = sess
	return sess, true, nil
}

// classicJoin answers B to the first bot that joins a session (which
// makes it), W to the second, and refuses a third.
func (s *Server) classicJoin(w http.ResponseWriter, r *http.Request, cs *classicSessions) {
	sess, created, err := cs.session(s, r, true)
	if err != nil {
		s.classicError(w, r, http.StatusBadRequest, err)
		return
	}
	if created {
		text(w, http.StatusOK, "B")
		return
	}
	cs.mu.Lock()
	defer cs.mu.Unlock()
	t, err := s.hall.Open(r.Context(), sess.id)
	if err != nil {
		s.classicError(w, r, http.StatusServiceUnavailable, err)
		return
	}
	open := t.State().Record.Seats[1].Kind == store.Open
	if !open {
		text(w, http.StatusConflict, "error: the session is full")
		return
	}
	if _, _, err := s.join(r.Context(), t, JoinRequest{Kind: "bot", Name: "W", Color: "white"}); err != nil {
		s.classicError(w, r, http.StatusConflict, err)
		return
	}
	text(w, http.StatusOK, "W")
}

// classicView returns the state of a session's game.
func (s *Server) classicView(r *http.Request, cs *classicSessions) (GameView, *classicSession, error) {
	sess, _, err := cs.session(s, r, false)
	if err != nil {
		return GameView{}, nil, err
	}
	t, err := s.hall.Open(r.Context(), sess.id)
	if err != nil {
		return GameView{}, nil, fmt.Errorf("%w: %w", live.ErrStoreUnreadable, err)
	}
	return viewOf(t.State()), sess, nil
}

// classicTurn answers B or W (whose turn it is), or 0 when the game is
// over (or not started).
func (s *Server) classicTurn(w http.ResponseWriter, r *http.Request, cs *classicSessions) {
	v, _, err := s.classicView(r, cs)
	switch {
	case err != nil:
		s.classicError(w, r, http.StatusNotFound, err)
	case v.Status != "playing":
		text(w, http.StatusOK, "0")
	default:
		text(w, http.StatusOK, strings.ToUpper(v.Turn[:1]))
	}
}

// classicBoard answers the board: rows 0..7 separated by ';', the cells
// of a row by '.', 0 empty, B black, W white.
func (s *Server) classicBoard(w http.ResponseWriter, r *http.Request, cs *classicSessions) {
	v, _, err := s.classicView(r, cs)
	if err != nil {
		s.classicError(w, r, http.StatusNotFound, err)
		return
	}
	text(w, http.StatusOK, "%s", ClassicBoard(v.Board))
}

// ClassicBoard writes a 64-square board (X, O, -) in the course server's
// form.
func ClassicBoard(squares string) string {
	rows := make([]string, 8)
	for row := range 8 {
		cells := make([]string, 8)
		for col := range 8 {
			switch squares[row*8+col] {
			case 'X':
				cells[col] = "B"
			case 'O':
				cells[col] = "W"
			default:
				cells[col] = "0"
			}
		}
		rows[row] = strings.Join(cells, ".")
	}
	return strings.Join(rows, ";")
}

// classicMove plays a move: ?row=R&col=C (0..7) and color=B|W.
func (s *Server) classicMove(w http.ResponseWriter, r *http.Request, cs *classicSessions) {
	_, sess, err := s.classicView(r, cs)
	if err != nil {
		s.classicError(w, r, http.StatusNotFound, err)
		return
	}
	q := r.URL.Query()
	row, err1 := strconv.Atoi(q.Get("row"))
	col, err2 := strconv.Atoi(q.Get("col"))
	if err1 != nil || err2 != nil || row < 0 || row > 7 || col < 0 || col > 7 {
		text(w, http.StatusBadRequest, "error: want row and col from 0 to 7")
		return
	}
	c := -1
	switch strings.ToUpper(q.Get("color")) {
	case "B":
		c = 0
	case "W":
		c = 1
	default:
		text(w, http.StatusBadRequest, "error: want color=B or color=W")
		return
	}
	t, err := s.hall.Open(r.Context(), sess.id)
	if err != nil {
		s.classicError(w, r, http.StatusServiceUnavailable, err)
		return
	}
	seat := t.State().Record.Seats[c]
	if seat.Kind == store.Open {
		text(w, http.StatusConflict, "error: nobody has joined as %s", q.Get("color"))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 30e9)
	defer cancel()
	if err := t.SubmitHash(ctx, seat.TokenHash, player.Reply{Move: board.SquareAt(row, col)}); err != nil {
		s.classicError(w, r, classicStatus(err), err)
		return
	}
	text(w, http.StatusOK, "OK")
}

// classicLast answers the last move as "row,col", or "none".
func (s *Server) classicLast(w http.ResponseWriter, r *http.Request, cs *classicSessions) {
	v, _, err := s.classicView(r, cs)
	if err != nil {
		s.classicError(w, r, http.StatusNotFound, err)
		return
	}
	sq, err := board.ParseSquare(v.LastMove)
	if v.LastMove == "" || err != nil || !sq.OnBoard() {
		text(w, http.StatusOK, "none")
		return
	}
	text(w, http.StatusOK, "%d,%d", sq.Row(), sq.Col())
}
