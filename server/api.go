// The JSON API: routes, requests, answers and errors.

package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/clip"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
)

// quoted is the most bytes of a text quoted in a message (clip.Text).
const quoted = 100

func (s *Server) routes() {
	s.mux = http.NewServeMux()
	methods := map[string][]string{} // of each path of the API
	api := func(pattern, route string, h http.HandlerFunc) {
		s.mux.HandleFunc(pattern, s.guard(s.count(route, h)))
		method, path, _ := strings.Cut(pattern, " ")
		methods[path] = append(methods[path], method)
	}
	api("GET /api/health", "health", s.handleHealth)
	api("GET /api/games", "list", s.handleList)
	api("POST /api/games", "create", s.handleCreate)
	api("GET /api/games/{id}", "get", s.handleGet)
	api("GET /api/games/{id}/ggf", "ggf", s.handleGGF)
	api("POST /api/games/{id}/join", "join", s.handleJoin)
	api("POST /api/games/{id}/move", "move", s.handleMove)
	api("POST /api/games/{id}/resign", "resign", s.handleResign)
	api("POST /api/games/{id}/undo", "undo", s.handleUndo)
	api("POST /api/games/{id}/count", "count", s.handleCount)
	api("POST /api/games/{id}/rematch", "rematch", s.handleRematch)
	api("POST /api/games/{id}/switch", "switch", s.handleSwitch)
	api("GET /api/players", "players", s.handlePlayers)
	api("POST /api/analyze", "analyze", s.handleAnalyze)
	api("POST /api/position", "position", s.handlePosition)
	api("GET /api/wthor", "wthor", s.handleWTHOR)
	api("GET /api/explorer", "explorer", s.handleExplorer)
	s.accountRoutes(api)
	s.playerRoutes(api)
	s.tournamentRoutes(api)
	s.lobbyRoutes(api)
	s.studyRoutes(api)
	s.mux.HandleFunc("GET /api/games/{id}/ws", s.handleSocket)
	s.mux.HandleFunc("GET /api/lobby/ws", s.handleLobbySocket)
	methods["/api/lobby/ws"] = append(methods["/api/lobby/ws"], "GET")
	methods["/api/games/{id}/ws"] = append(methods["/api/games/{id}/ws"], "GET")
	// Another method on a path of the API, or a path it does not have,
	// gets its error as JSON too.
	for path, ms := range methods {
		if slices.Contains(ms, "GET") {
			ms = append(ms, "HEAD")
		}
		allow := strings.Join(ms, ", ")
		s.mux.HandleFunc(path, s.limit(s.count("method", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", allow)
			writeError(w, http.StatusMethodNotAllowed, CodeMethodNotAllowed, fmt.Sprintf("method %s: %s takes %s", clip.Text(r.Method, quoted), path, allow))
		})))
	}
	unknown := s.limit(s.count("unknown", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, CodeNoEndpoint, fmt.Sprintf("no such endpoint: %q (see docs/API.md)", clip.Text(r.URL.Path, quoted)))
	}))
	s.mux.HandleFunc("/api/", unknown)
	s.mux.HandleFunc("/api", unknown)
	metrics := promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{})
	s.mux.HandleFunc("GET /metrics", s.guard(metrics.ServeHTTP))
	if s.cfg.Classic {
		s.classicRoutes()
	}
	s.webRoutes()
}

// statusWriter records the status of an answer for the metrics.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// Unwrap returns the writer it wraps (for http.ResponseController and
// the WebSocket's hijacking).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (s *Server) count(route string, h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, status: 200}
		h(sw, r)
		s.metrics.requests.WithLabelValues(route, strconv.Itoa(sw.status)).Inc()
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// writeError answers an error with its code (codes.go) and message.
func writeError(w http.ResponseWriter, status int, code Code, msg string) {
	writeAnswer(w, status, apiError{Error: msg, Code: code})
}

// writeFailure answers err: its code if it is marked with one
// (withCode, positionError), otherwise the one given.
func writeFailure(w http.ResponseWriter, status int, err error, otherwise Code) {
	writeAnswer(w, status, answerOf(err, otherwise))
}

// writeAnswer answers an error; a 503 (the server is busy, or its store
// failed) says when to try again. A 429 closes the connection after the
// answer: a client over a limit does not keep a connection for it.
func writeAnswer(w http.ResponseWriter, status int, a apiError) {
	if status == http.StatusServiceUnavailable && w.Header().Get("Retry-After") == "" {
		w.Header().Set("Retry-After", "5")
	}
	if status == http.StatusTooManyRequests {
		w.Header().Set("Connection", "close")
	}
	writeJSON(w, status, a)
}

// decode reads a JSON body into v, refusing unknown fields and trailing
// data; the error says what is wrong (CodeBadBody).
func decode(r *http.Request, v any) error { return decodeJSON(r.Body, v, false) }

// decodeJSON reads one JSON value of v's shape from body, with no
// unknown field and nothing after it; with emptyOK, an empty body leaves
// v as it is (the endpoints whose fields are all optional). Its errors
// are marked CodeBadBody.
func decodeJSON(body io.Reader, v any, emptyOK bool) error {
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		switch {
		case emptyOK && errors.Is(err, io.EOF):
			return nil
		case errors.As(err, &tooBig):
			return withCode(CodeBadBody, fmt.Errorf("the body is larger than %d bytes", tooBig.Limit))
		}
		return withCode(CodeBadBody, fmt.Errorf("the body is not the JSON expected: %v", err))
	}
	if dec.More() {
		return withCode(CodeBadBody, errors.New("the body holds more than one JSON value"))
	}
	return nil
}

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	// What failed goes to the log, not to the client (anyone may ask).
	if _, err := s.cfg.Store.List(ctx, store.ListOptions{Limit: 1}); err != nil {
		s.log.Error("health: the store does not answer", "err", err)
		writeError(w, http.StatusServiceUnavailable, CodeUnhealthy, "the database does not answer")
		return
	}
	if at, err := s.hall.StoreFailure(); err != nil {
		s.log.Error("health: the last write to the store failed", "ago", time.Since(at).Round(time.Second), "err", err)
		writeError(w, http.StatusServiceUnavailable, CodeUnhealthy, fmt.Sprintf("the store failed a write %s ago and none succeeded since (the server's log says why)",
			time.Since(at).Round(time.Second)))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": "ok", "owner": s.cfg.Owner})
}

// SeatRequest asks for one side of a new game.
type SeatRequest struct {
	// Kind: "human" (a person in a browser), "bot" (a program through
	// the API), "builtin" (one of reversi's players, Spec) or "open" (for
	// someone to join).
	Kind string `json:"kind"`
	Name string `json:"name,omitempty"`
	// Spec names a built-in player, e.g. "engine:level=5" (see GET
	// /api/players).
	Spec string `json:"spec,omitempty"`
}

// CreateRequest asks for a new game.
type CreateRequest struct {
	Black SeatRequest `json:"black"`
	White SeatRequest `json:"white"`
	// Time is the limit of a move, e.g. "60s" (default 60s; "0" for
	// none); GameTime each side's clock for the game (default none);
	// Increment what that clock gains after each of the side's moves, a
	// Fischer clock (e.g. game_time "5m" and increment "3s"; default
	// none; only with a game clock).
	Time      string `json:"time,omitempty"`
	GameTime  string `json:"game_time,omitempty"`
	Increment string `json:"increment,omitempty"`
	// Rule: "standard" (default) or "no-adjacent".
	Rule string `json:"rule,omitempty"`
	// Board is a start position (64 squares and the side to move),
	// default the standard start; Transcript moves played from it, the
	// game's first moves.
	Board      string `json:"board,omitempty"`
	Transcript string `json:"transcript,omitempty"`
	// GGF is a game in GGF (as GET /api/games/{id}/ggf writes, or from an
	// Othello server's archive): its start position and moves are the
	// start of this game, as a transcript's are.
	GGF string `json:"ggf,omitempty"`
	// Analysis creates an analysis game: the server helps both sides
	// (the book's moves in its state, analyses of its position) while it
	// goes on. Without it, a game between two remote seats (people, or a
	// person and a bot) gets no such help until it is over.
	Analysis bool `json:"analysis,omitempty"`
	// Opening starts the game after an opening the server picks at
	// random, kept as the game's first moves: "xot" (one of the XOT
	// list's balanced 8-move openings) or "random" (8 random legal
	// moves); not with Board, Transcript or GGF.
	Opening string `json:"opening,omitempty"`
}

// CreateResponse answers a new game: its id, and the secret token of
// each seat the creator holds (human or bot seats).
type CreateResponse struct {
	ID     string            `json:"id"`
	Tokens map[string]string `json:"tokens"`
	URL    string            `json:"url"`
	// Invite is the secret that takes the open seat (POST .../join with
	// "invite"), for a game with one; the invitation link (URL with
	// "#invite=..."), to send to the friend, carries it.
	Invite string `json:"invite,omitempty"`
	// InviteURL is the invitation link of a game with an open seat.
	InviteURL string `json:"invite_url,omitempty"`
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	var req CreateRequest
	if err := decode(r, &req); err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadRequest)
		return
	}
	acct, ok := s.seatAccount(w, r)
	if !ok {
		return
	}
	rec, tokens, err := s.newGame(req)
	if err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadRequest)
		return
	}
	seat := creatorSeat(rec, acct)
	client := s.clientOf(r)
	done, err := s.hall.Admit(client)
	if err != nil {
		s.metrics.refused.WithLabelValues("games").Inc()
		s.log.Warn("game refused", "client", client, "err", err)
		s.refuse(w, r, err, http.StatusTooManyRequests, CodeClientCap)
		return
	}
	defer done()
	if err := s.hall.Create(r.Context(), rec, client); err != nil {
		s.unavailable(w, r, err)
		return
	}
	s.linkSeat(r.Context(), rec.ID, seat, acct)
	s.log.Info("game created", "game", rec.ID, "black", rec.Seats[0].Kind, "white", rec.Seats[1].Kind, "client", client)
	resp := CreateResponse{ID: rec.ID, Tokens: tokens, URL: "/game/" + rec.ID}
	if inv := tokens["invite"]; inv != "" {
		delete(tokens, "invite")
		resp.Invite, resp.InviteURL = inv, "/game/"+rec.ID+"#invite="+inv
	}
	writeJSON(w, http.StatusCreated, resp)
}

// newGame checks a request and makes the stored game and the tokens.
func (s *Server) newGame(req CreateRequest) (*store.Game, map[string]string, error) {
	rec := &store.Game{ID: live.NewID(8), Rule: "standard", MoveTime: 60 * time.Second, Analysis: req.Analysis}
	if req.Rule != "" {
		rule, err := game.ParseRule(req.Rule)
		if err != nil {
			return nil, nil, withCode(CodeBadRule, fmt.Errorf("rule: %v", err))
		}
		rec.Rule = rule.String()
	}
	rule, _ := game.ParseRule(rec.Rule)
	var err error
	if req.Time != "" {
		if rec.MoveTime, err = parseDuration(req.Time, minMoveTime); err != nil {
			return nil, nil, fmt.Errorf("time: %v", err)
		}
	}
	if req.GameTime != "" {
		if rec.GameTime, err = parseDuration(req.GameTime, minGameTime); err != nil {
			return nil, nil, fmt.Errorf("game_time: %v", err)
		}
	}
	if req.Increment != "" {
		if rec.Increment, err = parseIncrement(req.Increment); err != nil {
			return nil, nil, fmt.Errorf("increment: %v", err)
		}
		if rec.Increment > 0 && rec.GameTime == 0 {
			return nil, nil, errors.New("increment: it adds to a game clock: give game_time too")
		}
	}
	transcript := req.Transcript
	if req.Opening != "" {
		if req.Board != "" || req.Transcript != "" || req.GGF != "" {
			return nil, nil, errors.New("opening: give it alone, not with board, transcript or ggf")
		}
		if transcript, err = randomOpening(req.Opening, rule); err != nil {
			return nil, nil, fmt.Errorf("opening: %v", err)
		}
	}
	g, err := startOf(req.Board, transcript, req.GGF, rule)
	if err != nil {
		return nil, nil, err
	}
	if (g.Ply() > 0 || board.Start() != g.Position()) && g.Over() {
		return nil, nil, withCode(CodeBadPosition, errors.New("the start position is a finished game"))
	}
	rec.Start = g.PositionAt(0).String()
	for i, m := range g.Moves {
		rec.Moves = append(rec.Moves, store.Move{Ply: i, Color: int(m.Color), Square: m.Square.String(), At: time.Now()})
	}
	rec.OpeningMoves = len(rec.Moves)
	tokens := map[string]string{}
	open := 0
	for c, sr := range []SeatRequest{req.Black, req.White} {
		seat, token, err := s.seatOf(sr, rec.MoveTime)
		if err != nil {
			return nil, nil, withCode(CodeBadPlayer, fmt.Errorf("%s: %v", board.Color(c), err))
		}
		rec.Seats[c] = seat
		if seat.Kind == store.Open {
			open++
			tokens["invite"] = token
		} else if token != "" {
			tokens[board.Color(c).String()] = token
		}
	}
	if open == 2 {
		return nil, nil, errors.New("both seats are open: take one (human or bot) and invite the other")
	}
	return rec, tokens, nil
}

// startOf reads the start of a game: a board, or the moves of a transcript
// or of a GGF game (from the standard start, or the GGF's), under rule;
// at most one of them (none: the standard start).
func startOf(boardText, transcript, ggfText string, rule game.Rule) (*game.Game, error) {
	var err error
	start := board.Start()
	if boardText != "" {
		if start, err = board.ParsePosition(boardText); err != nil {
			return nil, withCode(CodeBadBoard, fmt.Errorf("board: %v", err))
		}
	}
	if ggfText != "" && (boardText != "" || transcript != "") {
		return nil, withCode(CodeBadPosition, errors.New("give a ggf game alone, without board or transcript"))
	}
	// A transcript's or a GGF game's moves are the first moves of this
	// game, kept as its history (they cannot be taken back).
	g := game.New(start, rule)
	if ggfText != "" {
		loaded, err := ggf.ParseGame(ggfText)
		if err != nil {
			// The parser's errors say "ggf:" themselves, and which move
			// ("move 14 W[c9]: ..."), which the page translates.
			return nil, positionError(CodeBadGGF, fmt.Errorf("ggf: %w", unprefixed{err, "ggf: "}))
		}
		g = game.New(loaded.PositionAt(0), rule)
		for i, m := range loaded.Moves {
			if err := g.Play(game.Move{Square: m.Square}); err != nil {
				return nil, &codedError{code: CodeBadGGFMove, move: i + 1, moveText: m.Square.String(),
					err: fmt.Errorf("ggf: move %d (%s) under the %s rule: %v", i+1, m.Square, rule, err)}
			}
		}
	}
	if transcript != "" {
		if err := g.PlayTranscript(transcript); err != nil {
			return nil, positionError(CodeBadTranscript, fmt.Errorf("transcript: %w", err))
		}
	}
	return g, nil
}

// The shortest clocks a game may have: a move's, and a game's.
const (
	minMoveTime = 100 * time.Millisecond
	minGameTime = time.Second
)

// parseDuration reads "60s", "1m30s", or "0" (none); a duration under
// least (but 0) or over a day is refused.
func parseDuration(text string, least time.Duration) (time.Duration, error) {
	if text == "0" {
		return 0, nil
	}
	d, err := time.ParseDuration(text)
	if err != nil || d < 0 || d > 24*time.Hour {
		return 0, fmt.Errorf("%q is not a duration such as 60s or 5m (at most 24h)", text)
	}
	if d < least {
		return 0, fmt.Errorf("%q is shorter than %v, the least accepted (\"0\" for no limit)", text, least)
	}
	return d, nil
}

// maxIncrement is the largest increment a game clock may have.
const maxIncrement = 10 * time.Minute

// parseIncrement reads an increment: "3s", "500ms", or "0" (none), at
// most maxIncrement.
func parseIncrement(text string) (time.Duration, error) {
	if text == "0" {
		return 0, nil
	}
	d, err := time.ParseDuration(text)
	if err != nil || d < 0 || d > maxIncrement {
		return 0, fmt.Errorf("%q is not an increment such as 3s or 500ms (at most %v; \"0\" for none)", text, maxIncrement)
	}
	return d, nil
}

// maxName bounds the names of seats, in characters.
const maxName = 40

// checkName returns a seat's name without surrounding spaces, or why it
// is refused: too long, not UTF-8, or holding control characters.
func checkName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case !utf8.ValidString(name):
		return "", errors.New("the name is not valid UTF-8")
	case utf8.RuneCountInString(name) > maxName:
		return "", fmt.Errorf("the name is longer than %d characters", maxName)
	case strings.IndexFunc(name, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }) >= 0:
		return "", errors.New("the name holds control or formatting characters")
	}
	return name, nil
}

// seatOf checks a seat request and returns the seat and its token: the
// seat's for a human or a bot, the invitation's for an open seat.
// moveTime is the game's time a move (0: none).
func (s *Server) seatOf(sr SeatRequest, moveTime time.Duration) (store.Seat, string, error) {
	name, err := checkName(sr.Name)
	if err != nil {
		return store.Seat{}, "", err
	}
	switch store.SeatKind(sr.Kind) {
	case store.Human, store.Bot:
		// A person or bot without a name is stored without one (the
		// game's JSON names it by its kind, and says it is unnamed, for
		// a client to name it in its reader's language).
		token := live.NewID(16)
		return store.Seat{Kind: store.SeatKind(sr.Kind), Name: name, TokenHash: live.HashToken(token)}, token, nil
	case store.Open:
		invite := live.NewID(16)
		return store.Seat{Kind: store.Open, TokenHash: live.HashToken(invite)}, invite, nil
	case store.Builtin:
		if strings.TrimSpace(sr.Spec) == "" {
			return store.Seat{}, "", errors.New("a built-in seat needs a spec, e.g. engine:level=5")
		}
		if err := s.checkSpec(sr.Spec, moveTime); err != nil {
			return store.Seat{}, "", fmt.Errorf("%w (see GET /api/players)", err)
		}
		if name == "" {
			name = s.computerName(sr.Spec)
		}
		return store.Seat{Kind: store.Builtin, Name: name, Spec: sr.Spec}, "", nil
	}
	return store.Seat{}, "", fmt.Errorf("seat kind %q: want human, bot, builtin or open", sr.Kind)
}

// listOptions reads a list of games' status and limit (at most 500,
// default 50), with their first moves; false (the error answered) if
// they are wrong.
func listOptions(w http.ResponseWriter, r *http.Request) (store.ListOptions, bool) {
	opts := store.ListOptions{Limit: 50, FirstMoves: true}
	switch r.URL.Query().Get("status") {
	case "live":
		opts.Live = true
	case "finished":
		opts.Finished = true
	case "", "all":
	default:
		writeError(w, http.StatusBadRequest, CodeBadRequest, "status: want live, finished or all")
		return opts, false
	}
	if l := r.URL.Query().Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 500 {
			writeError(w, http.StatusBadRequest, CodeBadRequest, "limit: want 1 to 500")
			return opts, false
		}
		opts.Limit = n
	}
	return opts, true
}

// GameItem is a game in a list: its players, moves, status, result and
// opening.
type GameItem struct {
	ID      string      `json:"id"`
	Black   string      `json:"black"`
	White   string      `json:"white"`
	Moves   int         `json:"moves"`
	Status  string      `json:"status"`
	Updated time.Time   `json:"updated"`
	Result  *ResultView `json:"result,omitempty"`
	// The game's opening, as in GameView.
	Opening     string `json:"opening,omitempty"`
	OpeningName string `json:"opening_name,omitempty"`
}

func (s *Server) handleList(w http.ResponseWriter, r *http.Request) {
	opts, ok := listOptions(w, r)
	if !ok {
		return
	}
	list, err := s.cfg.Store.List(r.Context(), opts)
	if err != nil {
		s.unavailable(w, r, err)
		return
	}
	out := []GameItem{}
	for _, g := range list {
		if g.Open && !g.Finished {
			continue // waiting for an invited player: private
		}
		out = append(out, gameItem(g))
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out})
}

// gameItem is a game's summary as a list shows it.
func gameItem(g store.Summary) GameItem {
	it := GameItem{ID: g.ID, Black: g.Black, White: g.White, Moves: g.Plies, Status: "live", Updated: g.Updated}
	it.Opening, it.OpeningName = summaryOpening(g)
	if g.Finished && g.Result != nil {
		it.Status = "finished"
		it.Result = &ResultView{Winner: g.Result.Winner, Reason: g.Result.Reason, By: g.Result.By, Black: g.Result.Black, White: g.Result.White, Detail: g.Result.Detail}
		if r, err := live.ResultOf(g.Result); err == nil {
			it.Result = resultView(r) // as the game's view gives it
		}
	}
	return it
}

// lookup returns the table of the request's game, writing the error if
// there is none.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) *live.Table {
	return s.lookupID(w, r, r.PathValue("id"))
}

// lookupID is lookup of the game id.
func (s *Server) lookupID(w http.ResponseWriter, r *http.Request, id string) *live.Table {
	if len(id) > 64 {
		writeError(w, http.StatusNotFound, CodeNoGame, "no such game")
		return nil
	}
	t, err := s.hall.Open(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, CodeNoGame, "no such game")
		return nil
	}
	if err != nil {
		s.unavailable(w, r, err)
		return nil
	}
	return t
}

func (s *Server) handleGet(w http.ResponseWriter, r *http.Request) {
	t := s.lookup(w, r)
	if t == nil {
		return
	}
	v := viewOf(t.State())
	if r.URL.Query().Get("accounts") == "1" {
		if v.Accounts = s.seatAccounts(w, r, t.ID()); v.Accounts == nil {
			return
		}
	}
	writeJSON(w, http.StatusOK, v)
}

// seatAccounts names the accounts at a game's seats (none without a store
// of accounts); nil, answered, if the store fails.
func (s *Server) seatAccounts(w http.ResponseWriter, r *http.Request, game string) *SeatAccounts {
	out := &SeatAccounts{}
	accounts := s.accountsStore()
	if accounts == nil {
		return out
	}
	link, err := accounts.GameLink(r.Context(), game)
	if err != nil {
		s.accountsFailed(w, r, err)
		return nil
	}
	for c, id := range link.Accounts {
		if id == "" {
			continue
		}
		a, err := accounts.Account(r.Context(), id)
		if err != nil {
			s.accountsFailed(w, r, err)
			return nil
		}
		if c == 0 {
			out.Black = a.Name
		} else {
			out.White = a.Name
		}
	}
	return out
}

// handleGGF answers the game as GGF text.
func (s *Server) handleGGF(w http.ResponseWriter, r *http.Request) {
	t := s.lookup(w, r)
	if t == nil {
		return
	}
	st := t.State()
	g := st.Game.Clone()
	g.Info.Black, g.Info.White = live.SeatName(st.Record.Seats[0]), live.SeatName(st.Record.Seats[1])
	g.Info.Event = "reversi server"
	g.Info.Date = st.Record.Created.Format("2006.01.02_15:04:05")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintln(w, ggf.Format(g))
}

// JoinRequest takes an open seat.
type JoinRequest struct {
	// Color: "black", "white", or "" for any open seat.
	Color string `json:"color,omitempty"`
	// Kind: "human" or "bot".
	Kind string `json:"kind"`
	Name string `json:"name,omitempty"`
	// Invite is the invitation's secret (CreateResponse.Invite, in the
	// invitation link): without it the open seat cannot be taken.
	Invite string `json:"invite,omitempty"`
}

func (s *Server) handleJoin(w http.ResponseWriter, r *http.Request) {
	var req JoinRequest
	if err := decode(r, &req); err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadRequest)
		return
	}
	if req.Kind != "human" && req.Kind != "bot" {
		writeError(w, http.StatusBadRequest, CodeBadRequest, "kind: want human or bot")
		return
	}
	acct, ok := s.seatAccount(w, r)
	if !ok {
		return
	}
	if acct != nil && string(seatKindOf(acct)) == req.Kind {
		req.Name = acct.Name
	} else {
		acct = nil
	}
	t := s.lookup(w, r)
	if t == nil {
		return
	}
	color, token, err := s.join(r.Context(), t, req)
	var bad *codedError
	if errors.As(err, &bad) && bad.code == CodeBadPlayer {
		// A seat the server does not take (its name) is the request's
		// fault: 400, as at a game's creation.
		writeFailure(w, http.StatusBadRequest, err, CodeBadPlayer)
		return
	}
	if err != nil {
		if errors.Is(err, live.ErrBadInvite) {
			s.metrics.refused.WithLabelValues("token").Inc()
			s.log.Warn("invitation refused", "game", t.ID(), "client", s.addressOf(r))
		}
		s.refuse(w, r, err, http.StatusConflict, CodeSeatTaken)
		return
	}
	if acct != nil {
		seat := 0
		if color == "white" {
			seat = 1
		}
		s.linkSeat(r.Context(), t.ID(), seat, acct)
	}
	writeJSON(w, http.StatusOK, map[string]string{"color": color, "token": token})
}

// join gives an open seat of t to the request, and starts the game when
// no seat is open any more. A seat the server does not take is an error
// marked CodeBadPlayer.
func (s *Server) join(ctx context.Context, t *live.Table, req JoinRequest) (string, string, error) {
	seat, token, err := s.seatOf(SeatRequest{Kind: req.Kind, Name: req.Name}, 0)
	if err != nil {
		return "", "", withCode(CodeBadPlayer, err)
	}
	color, err := s.hall.Join(ctx, t, req.Color, seat, req.Invite)
	if err != nil {
		return "", "", err
	}
	return color.String(), token, nil
}

// MoveRequest plays a move: the seat's token and the square ("d3",
// "D3"; "pa" to pass is refused: passes are automatic). Without a
// token, the move is the caller's account's, at the seat linked to it.
type MoveRequest struct {
	Token string `json:"token"`
	Move  string `json:"move"`
}

func (s *Server) handleMove(w http.ResponseWriter, r *http.Request) {
	var req MoveRequest
	if err := decode(r, &req); err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadRequest)
		return
	}
	sq, err := board.ParseSquare(req.Move)
	if err != nil {
		writeError(w, http.StatusBadRequest, CodeBadSquare, err.Error())
		return
	}
	s.submit(w, r, req.Token, player.Reply{Move: sq})
}

// TokenRequest carries a seat's token (none: the caller's account's
// seat, see MoveRequest).
type TokenRequest struct {
	Token string `json:"token"`
}

func (s *Server) handleResign(w http.ResponseWriter, r *http.Request) {
	var req TokenRequest
	if err := decode(r, &req); err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadRequest)
		return
	}
	s.submit(w, r, req.Token, player.Reply{Resign: true})
}

// handleCount stops the game and counts the discs (the course
// framework's Q): the side with more discs wins, whoever asked. Only the
// side to move may ask.
func (s *Server) handleCount(w http.ResponseWriter, r *http.Request) {
	var req TokenRequest
	if err := decode(r, &req); err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadRequest)
		return
	}
	s.submit(w, r, req.Token, player.Reply{Count: true})
}

func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	var req TokenRequest
	if err := decode(r, &req); err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadRequest)
		return
	}
	s.submit(w, r, req.Token, player.Reply{Undo: true})
}

// submit hands a decision to the game's referee and answers with its
// verdict, once stored.
func (s *Server) submit(w http.ResponseWriter, r *http.Request, token string, reply player.Reply) {
	t := s.lookup(w, r)
	if t == nil {
		return
	}
	hash, ok := s.seatHash(w, r, t, token)
	if !ok {
		return
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(r.Context(), 30*time.Second)
	defer cancel()
	if err := t.SubmitHash(ctx, hash, reply); err != nil {
		if errors.Is(err, live.ErrBadToken) {
			s.metrics.refused.WithLabelValues("token").Inc()
			s.log.Warn("token refused", "game", t.ID(), "client", s.addressOf(r), "route", routeOf(r))
		}
		s.refuse(w, r, err, http.StatusUnprocessableEntity, CodeRefused) // else refused by the referee
		return
	}
	s.metrics.moves.Inc()
	s.metrics.latency.Observe(time.Since(start).Seconds())
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "version": t.State().Revision})
}

// PositionRequest names a position in any of the formats a game can start
// from: a board, a transcript, or a GGF game (see CreateRequest).
type PositionRequest struct {
	Board      string `json:"board,omitempty"`
	Transcript string `json:"transcript,omitempty"`
	GGF        string `json:"ggf,omitempty"`
	Rule       string `json:"rule,omitempty"`
}

// handlePosition reads a position given in any format and answers it as
// the GUI draws it: the board, the side to move, the legal moves (with
// the squares each flips), the stable discs, the moves that led there. The page keeps no rules of its own.
func (s *Server) handlePosition(w http.ResponseWriter, r *http.Request) {
	var req PositionRequest
	if err := decode(r, &req); err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadRequest)
		return
	}
	if req.Board == "" && req.Transcript == "" && req.GGF == "" {
		writeError(w, http.StatusBadRequest, CodeBadPosition, "give board, transcript or ggf")
		return
	}
	rule := game.Standard
	if req.Rule != "" {
		var err error
		if rule, err = game.ParseRule(req.Rule); err != nil {
			writeError(w, http.StatusBadRequest, CodeBadRule, "rule: "+err.Error())
			return
		}
	}
	g, err := startOf(req.Board, req.Transcript, req.GGF, rule)
	if err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadRequest)
		return
	}
	g.Finish()
	pos := g.Position()
	out := map[string]any{"board": pos.String()[:64], "turn": pos.Turn.String(),
		"legal": squares(board.Squares(g.Legal())), "transcript": g.TranscriptWithPasses(), "start": g.PositionAt(0).String(), "over": g.Over(),
		"stable": stableSquares(pos), "flips": flipsOf(pos)}
	// The opening the moves reached, and the book moves of the position.
	if full, name := openingNames(g); name != "" {
		out["opening"], out["opening_name"] = full, name
	}
	if b := bookMoves(g); b != nil && !s.hall.WithoutHelp(pos) { // not the book of a live game between players
		out["book"] = b
	}
	if s.hall.WithoutHelp(pos) {
		out["stable"] = []string{} // nor its stable discs
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handlePlayers(w http.ResponseWriter, r *http.Request) {
	type entry struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	}
	var out []entry
	for _, e := range catalog.Entries() {
		if !e.Confined {
			continue // never run for a client
		}
		out = append(out, entry{e.Name, e.Description})
	}
	names := make([]string, 0, len(s.cfg.Engines))
	for name := range s.cfg.Engines {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		out = append(out, entry{name, "an external engine offered by this server's operator (no options)"})
	}
	lim := s.cfg.Limits
	writeJSON(w, http.StatusOK, map[string]any{"players": out, "help": catalog.Help(), "limits": map[string]any{
		"hash_mb": lim.HashMB, "memory_mb": lim.MemoryMB, "threads": lim.Threads, "depth": lim.Depth,
		"move_time_ms": lim.MoveTime.Milliseconds(), "think_ms": s.cfg.MaxThink.Milliseconds(),
	}})
}
