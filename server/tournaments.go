// Tournaments served by the server: a person creates one (round robin or
// Swiss, its clock, rated or casual), accounts join it (a person for
// itself or for a bot it owns; the creator enters anyone), the creator
// starts it, and the server plays it: its scheduler (tournamentLoop)
// makes each round's games between the accounts (createPairing), records
// their results as they end and pairs the next round, until the end.
// The tournament's state is package tournament's, kept in the store with
// a version (store.Tournaments): every change is written over the state
// it was made from, so several servers on one database can all run the
// scheduler, and a restarted one goes on where the tournament was.
//
// A game's id is written into the tournament before the game is made,
// so that a pairing never gets two games: a crash in between leaves an
// id without a game, which the next pass makes. A game that cannot be
// made because an account is disabled (or gone) is a forfeit: its
// player loses it (both: a draw), with a margin of 0.

package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/account"
	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/clip"
	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/tournament"
)

// The caps on tournaments: a person's tournaments registering or
// running at once, and the tournaments running at once on the instance
// (Server.runningTournaments, which tests may lower; the scheduler reads
// twice as many, so that a few more started at once by several servers
// are not left out).
const (
	maxOpenTournaments    = 10
	maxRunningTournaments = 500
)

// tournamentEvery is how often the scheduler looks at the running
// tournaments (Server.tournamentEvery, which tests may shorten).
const tournamentEvery = time.Second

// TournamentRequest creates a tournament.
type TournamentRequest struct {
	Name string `json:"name"`
	// Kind is "round-robin" or "swiss".
	Kind string `json:"kind"`
	// Cycles: how many times each pair meets in a round robin (default
	// 1); Rounds: a Swiss tournament's rounds.
	Cycles int `json:"cycles,omitempty"`
	Rounds int `json:"rounds,omitempty"`
	// The clock of every game, as CreateRequest's: Time a move, or
	// GameTime and Increment.
	Time      string `json:"time,omitempty"`
	GameTime  string `json:"game_time,omitempty"`
	Increment string `json:"increment,omitempty"`
	Rated     bool   `json:"rated,omitempty"`
	// Opening: "" the standard start, "xot" or "random", as
	// CreateRequest's: drawn for each pair, whose two games of a round
	// robin of two cycles (colours swapped) share it.
	Opening string `json:"opening,omitempty"`
	// Closed: only the creator enters players.
	Closed bool `json:"closed,omitempty"`
	// Entrants are the names of accounts the creator enters at once.
	Entrants []string `json:"entrants,omitempty"`
}

// TournamentGame is a game of a tournament as the API shows it.
type TournamentGame struct {
	Round int    `json:"round"`
	Black string `json:"black"`
	White string `json:"white"`
	// Game is the server's game, once it is made (a forfeit has none).
	Game   string             `json:"game,omitempty"`
	Result *tournament.Result `json:"result,omitempty"`
}

// TournamentView is a tournament: its settings, status, players, games
// round by round, byes, standings and crosstable (rows and columns in
// the order of the standings).
type TournamentView struct {
	ID         string                `json:"id"`
	Creator    string                `json:"creator"`
	Settings   tournament.Settings   `json:"settings"`
	Class      string                `json:"class"`
	Status     string                `json:"status"`
	Round      int                   `json:"round"`
	Rounds     int                   `json:"rounds"`
	Players    []tournament.Player   `json:"players"`
	Games      []TournamentGame      `json:"games"`
	Byes       []string              `json:"byes"`
	Standings  []tournament.Standing `json:"standings"`
	Crosstable [][][]float64         `json:"crosstable"`
	Version    int64                 `json:"version"`
	Updated    time.Time             `json:"updated"`
}

// TournamentItem is a tournament in a list.
type TournamentItem struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Status  string    `json:"status"`
	Creator string    `json:"creator"`
	Updated time.Time `json:"updated"`
}

// EntrantRequest names the account that joins or leaves ("" the
// caller).
type EntrantRequest struct {
	Name string `json:"name,omitempty"`
}

func (s *Server) tournamentRoutes(api func(pattern, route string, h http.HandlerFunc)) {
	api("POST /api/tournaments", "tournament_create", s.handleNewTournament)
	api("GET /api/tournaments", "tournaments", s.handleTournaments)
	api("GET /api/tournaments/{id}", "tournament", s.handleTournament)
	api("GET /api/tournaments/{id}/ggf", "tournament_ggf", s.handleTournamentGGF)
	api("POST /api/tournaments/{id}/join", "tournament_join", s.handleTournamentJoin)
	api("POST /api/tournaments/{id}/leave", "tournament_leave", s.handleTournamentLeave)
	api("POST /api/tournaments/{id}/start", "tournament_start", s.handleTournamentStart)
	api("POST /api/tournaments/{id}/cancel", "tournament_cancel", s.handleTournamentCancel)
}

// tournamentsStore returns the store's tournaments, or nil if it keeps
// none (or no accounts, which tournaments are between).
func (s *Server) tournamentsStore() store.Tournaments {
	if s.accountsStore() == nil {
		return nil
	}
	t, _ := s.cfg.Store.(store.Tournaments)
	return t
}

func (s *Server) tournaments(w http.ResponseWriter) store.Tournaments {
	t := s.tournamentsStore()
	if t == nil {
		accountError(w, http.StatusNotImplemented, CodeNoAccounts, errNoAccounts.Error())
	}
	return t
}

// durationText is a clock as CreateRequest reads it ("0": none).
func durationText(d time.Duration) string {
	if d == 0 {
		return "0"
	}
	return d.String()
}

// settingsOf checks a request and returns the tournament's settings.
func settingsOf(req TournamentRequest) (tournament.Settings, error) {
	st := tournament.Settings{Name: strings.TrimSpace(req.Name), Kind: tournament.Kind(req.Kind), Cycles: req.Cycles, Rounds: req.Rounds,
		Rated: req.Rated, Opening: req.Opening, Closed: req.Closed}
	if st.Kind == tournament.RoundRobin && st.Cycles == 0 {
		st.Cycles = 1
	}
	var err error
	if req.Time != "" {
		if st.MoveTime, err = parseDuration(req.Time, minMoveTime); err != nil {
			return st, fmt.Errorf("time: %v", err)
		}
	}
	if req.GameTime != "" {
		if st.GameTime, err = parseDuration(req.GameTime, minGameTime); err != nil {
			return st, fmt.Errorf("game_time: %v", err)
		}
	}
	if req.Increment != "" {
		if st.Increment, err = parseIncrement(req.Increment); err != nil {
			return st, fmt.Errorf("increment: %v", err)
		}
	}
	switch req.Opening {
	case "", "xot", "random":
	default:
		return st, fmt.Errorf("opening: %q: want xot, random or nothing (the standard start)", clip.Text(req.Opening, quoted))
	}
	if err := st.Check(); err != nil {
		return st, errors.New(strings.TrimPrefix(err.Error(), "tournament: "))
	}
	return st, nil
}

// pairingRequest is the request of game i of tournament t: its clock and
// its first moves (the seats are createPairing's).
func pairingRequest(t *tournament.Tournament, i int) (CreateRequest, error) {
	st := t.Settings
	req := CreateRequest{Time: durationText(st.MoveTime), GameTime: durationText(st.GameTime), Increment: durationText(st.Increment)}
	var err error
	req.Transcript, err = tournamentOpening(t, i)
	return req, err
}

// tournamentOpening is the first moves of game i of tournament t under
// its openings (none: the standard start). They are drawn from a seed of
// the tournament, the game's two players and their meeting: a pair's
// meetings 2k and 2k+1, colours swapped, start alike (each side of an
// opening played by each), and every server draws the same.
func tournamentOpening(t *tournament.Tournament, i int) (string, error) {
	if t.Settings.Opening == "" {
		return "", nil
	}
	g := t.Games[i]
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%d", t.ID, min(g.Black, g.White), max(g.Black, g.White), t.Meeting(i)/2)
	seed := h.Sum64()
	switch t.Settings.Opening {
	case "xot":
		all, err := xotOpenings()
		if err != nil {
			return "", err
		}
		return all[seed%uint64(len(all))].Moves, nil
	case "random":
		o := arena.RandomOpenings(1, randomPlies, game.Standard, seed)
		if len(o) == 0 {
			return "", errors.New("no random opening found")
		}
		return o[0].Moves, nil
	}
	return "", fmt.Errorf("opening %q: want xot, random or nothing", t.Settings.Opening)
}

// classOf is the rating class of a tournament's games.
func classOf(st tournament.Settings) string {
	return string(account.Classify(st.MoveTime, st.GameTime, st.Increment))
}

// entrant returns the tournament player of an account: its rating in the
// tournament's class when it has one.
func (s *Server) entrant(ctx context.Context, a *store.Account, class string) (tournament.Player, error) {
	p := tournament.Player{ID: a.ID, Name: a.Name}
	ratings, err := s.accountsStore().Ratings(ctx, a.ID)
	if err != nil {
		return p, err
	}
	for _, r := range ratings {
		if r.Class == class {
			p.Rating = r.Rating
		}
	}
	return p, nil
}

func (s *Server) handleNewTournament(w http.ResponseWriter, r *http.Request) {
	tournaments := s.tournaments(w)
	if tournaments == nil {
		return
	}
	accounts, c := s.personAccounts(w, r)
	if c == nil {
		return
	}
	var req TournamentRequest
	if !readBody(w, r, &req) {
		return
	}
	st, err := settingsOf(req)
	if err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadTournament)
		return
	}
	open := 0
	for _, status := range []tournament.Status{tournament.Registering, tournament.Running} {
		list, err := tournaments.ListTournaments(r.Context(), store.TournamentFilter{Status: string(status), Creator: c.Account.ID, Limit: maxOpenTournaments})
		if err != nil {
			s.accountsFailed(w, r, err)
			return
		}
		open += len(list)
	}
	if open >= maxOpenTournaments {
		writeError(w, http.StatusConflict, CodeTooManyTournaments, fmt.Sprintf("you have %d tournaments registering or running, the most at once: cancel one or wait for one to end", open))
		return
	}
	if len(req.Entrants) > tournament.MaxPlayers {
		writeError(w, http.StatusBadRequest, CodeBadTournament, fmt.Sprintf("entrants: at most %d", tournament.MaxPlayers))
		return
	}
	t, err := tournament.New(live.NewID(8), st)
	if err != nil {
		writeError(w, http.StatusBadRequest, CodeBadTournament, err.Error())
		return
	}
	ctx := r.Context()
	for _, name := range req.Entrants {
		a, err := accounts.AccountByName(ctx, name)
		if errors.Is(err, store.ErrNoAccount) {
			writeError(w, http.StatusNotFound, CodeNoSuchAccount, fmt.Sprintf("entrants: no account named %q", clip.Text(name, quoted)))
			return
		}
		if err != nil {
			s.accountsFailed(w, r, err)
			return
		}
		p, err := s.entrant(ctx, a, classOf(st))
		if err != nil {
			s.accountsFailed(w, r, err)
			return
		}
		if err := t.Join(p); err != nil {
			writeError(w, http.StatusBadRequest, CodeBadTournament, "entrants: "+strings.TrimPrefix(err.Error(), "tournament: "))
			return
		}
	}
	data, _ := json.Marshal(t)
	rec := &store.TournamentRecord{ID: t.ID, Name: st.Name, Status: string(t.Status), Creator: c.Account.ID, Players: playerIDs(t), Data: data}
	if err := tournaments.CreateTournament(ctx, rec); err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	s.log.Info("tournament created", "tournament", t.ID, "creator", c.Account.Name, "kind", st.Kind)
	writeJSON(w, http.StatusCreated, map[string]string{"id": t.ID, "url": "/#tournament=" + t.ID})
}

// playerIDs are the accounts entered in t.
func playerIDs(t *tournament.Tournament) []string {
	ids := make([]string, 0, len(t.Players))
	for _, p := range t.Players {
		ids = append(ids, p.ID)
	}
	return ids
}

// tournamentPage is the most tournaments a page of the list holds.
const tournamentPage = 100

// handleTournaments lists tournaments, the most recently changed first:
// of a status, created or entered by a named account (player=NAME) or
// by the caller and its bots (mine=1), a page at a time (limit, and
// after: the "next" of the page before).
func (s *Server) handleTournaments(w http.ResponseWriter, r *http.Request) {
	tournaments := s.tournaments(w)
	if tournaments == nil {
		return
	}
	q := r.URL.Query()
	f := store.TournamentFilter{Status: q.Get("status"), Limit: tournamentPage}
	switch tournament.Status(f.Status) {
	case "", tournament.Registering, tournament.Running, tournament.Finished, tournament.Cancelled:
	default:
		writeError(w, http.StatusBadRequest, CodeBadRequest, "status: want registering, running, finished or cancelled")
		return
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > tournamentPage {
			writeError(w, http.StatusBadRequest, CodeBadRequest, fmt.Sprintf("limit: want a number from 1 to %d", tournamentPage))
			return
		}
		f.Limit = n
	}
	if v := q.Get("after"); v != "" {
		micros, id, ok := strings.Cut(v, ".")
		n, err := strconv.ParseInt(micros, 10, 64)
		if !ok || err != nil || id == "" || len(v) > 80 {
			writeError(w, http.StatusBadRequest, CodeBadRequest, "after: want the next of the page before")
			return
		}
		f.AfterUpdated, f.AfterID = time.UnixMicro(n), id
	}
	ctx := r.Context()
	if name := q.Get("player"); name != "" {
		a, err := s.accountsStore().AccountByName(ctx, name)
		if errors.Is(err, store.ErrNoAccount) {
			writeError(w, http.StatusNotFound, CodeNoSuchAccount, fmt.Sprintf("player: no account named %q", clip.Text(name, quoted)))
			return
		}
		if err != nil {
			s.accountsFailed(w, r, err)
			return
		}
		f.Involving = append(f.Involving, a.ID)
	}
	switch q.Get("mine") {
	case "", "0":
	case "1":
		c := s.loggedIn(w, r)
		if c == nil {
			return
		}
		mine := []string{c.Account.ID}
		if c.Account.Kind == store.Person {
			bots, err := s.accountsStore().Bots(ctx, c.Account.ID)
			if err != nil {
				s.accountsFailed(w, r, err)
				return
			}
			for _, b := range bots {
				mine = append(mine, b.ID)
			}
		}
		if len(f.Involving) > 0 { // player=NAME and mine=1: that player's, if it is the caller or one of its bots
			if !slices.Contains(mine, f.Involving[0]) {
				mine = nil
			} else {
				mine = f.Involving
			}
		}
		if mine == nil {
			writeJSON(w, http.StatusOK, map[string]any{"tournaments": []TournamentItem{}})
			return
		}
		f.Involving = mine
	default:
		writeError(w, http.StatusBadRequest, CodeBadRequest, "mine: want 1 or nothing")
		return
	}
	list, err := tournaments.ListTournaments(ctx, f)
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	out := []TournamentItem{}
	for _, t := range list {
		out = append(out, TournamentItem{ID: t.ID, Name: t.Name, Status: t.Status, Creator: s.accountName(ctx, t.Creator), Updated: t.Updated})
	}
	answer := map[string]any{"tournaments": out}
	if len(list) == f.Limit {
		last := list[len(list)-1]
		answer["next"] = fmt.Sprintf("%d.%s", last.Updated.UnixMicro(), last.ID)
	}
	writeJSON(w, http.StatusOK, answer)
}

// accountName is the name of an account by id ("" if it cannot be read).
func (s *Server) accountName(ctx context.Context, id string) string {
	a, err := s.accountsStore().Account(ctx, id)
	if err != nil {
		return ""
	}
	return a.Name
}

// loadTournament reads a tournament of the store.
func loadTournament(ctx context.Context, ts store.Tournaments, id string) (*store.TournamentRecord, *tournament.Tournament, error) {
	rec, err := ts.Tournament(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	t := &tournament.Tournament{}
	if err := json.Unmarshal(rec.Data, t); err != nil {
		return nil, nil, fmt.Errorf("tournament %s: its stored state: %w", id, err)
	}
	return rec, t, nil
}

// requestedTournament reads the request's tournament, or answers 404 (or
// 501, 503) and nil.
func (s *Server) requestedTournament(w http.ResponseWriter, r *http.Request) (store.Tournaments, *store.TournamentRecord, *tournament.Tournament) {
	ts := s.tournaments(w)
	if ts == nil {
		return nil, nil, nil
	}
	id := r.PathValue("id")
	if len(id) > 64 {
		writeError(w, http.StatusNotFound, CodeNoTournament, "no such tournament")
		return nil, nil, nil
	}
	rec, t, err := loadTournament(r.Context(), ts, id)
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, CodeNoTournament, "no such tournament")
		return nil, nil, nil
	}
	if err != nil {
		s.accountsFailed(w, r, err)
		return nil, nil, nil
	}
	return ts, rec, t
}

func (s *Server) handleTournament(w http.ResponseWriter, r *http.Request) {
	_, rec, t := s.requestedTournament(w, r)
	if t == nil {
		return
	}
	names := map[string]string{}
	for _, p := range t.Players {
		names[p.ID] = p.Name
	}
	v := TournamentView{ID: t.ID, Creator: s.accountName(r.Context(), rec.Creator), Settings: t.Settings, Class: classOf(t.Settings),
		Status: string(t.Status), Round: t.Round, Rounds: t.Rounds(), Players: t.Players, Games: []TournamentGame{}, Byes: []string{},
		Standings: t.Standings(), Crosstable: t.Crosstable(), Version: rec.Version, Updated: rec.Updated}
	if v.Players == nil {
		v.Players = []tournament.Player{}
	}
	for _, row := range v.Crosstable {
		for j := range row {
			if row[j] == nil {
				row[j] = []float64{} // [] in JSON, not null: no game yet
			}
		}
	}
	for _, g := range t.Games {
		tg := TournamentGame{Round: g.Round, Black: names[g.Black], White: names[g.White], Result: g.Result}
		if g.Made || g.Result != nil && !g.Result.Forfeit {
			tg.Game = g.GameID // named once it is there to watch
		}
		v.Games = append(v.Games, tg)
	}
	for _, b := range t.Byes {
		v.Byes = append(v.Byes, names[b])
	}
	writeJSON(w, http.StatusOK, v)
}

// changeTournament applies change to the request's tournament and writes
// it over the version it read, again from a fresh read if another change
// came first; change answers a refusal itself and returns false. It
// answers the tournament's view when written.
func (s *Server) changeTournament(w http.ResponseWriter, r *http.Request, change func(rec *store.TournamentRecord, t *tournament.Tournament) bool) {
	for range 10 {
		ts, rec, t := s.requestedTournament(w, r)
		if t == nil {
			return
		}
		if !change(rec, t) {
			return
		}
		data, _ := json.Marshal(t)
		rec.Data, rec.Status, rec.Players = data, string(t.Status), playerIDs(t)
		err := ts.UpdateTournament(r.Context(), rec)
		if errors.Is(err, store.ErrConflict) {
			continue
		}
		if err != nil {
			s.accountsFailed(w, r, err)
			return
		}
		s.kickTournaments()
		s.handleTournament(w, r)
		return
	}
	writeError(w, http.StatusServiceUnavailable, CodeBusy, "the tournament changes too often: try again")
}

// tournamentRefused answers a refusal of package tournament.
func tournamentRefused(w http.ResponseWriter, err error) {
	writeError(w, http.StatusConflict, CodeTournamentState, strings.TrimPrefix(err.Error(), "tournament: "))
}

// entrantOf returns the account a join or leave is for: the caller, its
// own bot by name, or (for the tournament's creator) any account; it
// answers the refusal and returns nil otherwise.
func (s *Server) entrantOf(w http.ResponseWriter, r *http.Request, rec *store.TournamentRecord, name string) (*store.Account, bool) {
	c, ok := s.seatAccount(w, r)
	if !ok {
		return nil, false
	}
	if c == nil {
		accountError(w, http.StatusUnauthorized, CodeNotLoggedIn, "not logged in (or the session ended): log in, or send the bot's API key")
		return nil, false
	}
	if name == "" || strings.EqualFold(name, c.Name) {
		return c, rec.Creator == c.ID
	}
	a, err := s.accountsStore().AccountByName(r.Context(), name)
	if errors.Is(err, store.ErrNoAccount) {
		accountError(w, http.StatusNotFound, CodeNoSuchAccount, "no account of that name")
		return nil, false
	}
	if err != nil {
		s.accountsFailed(w, r, err)
		return nil, false
	}
	if a.Owner != c.ID && rec.Creator != c.ID {
		writeError(w, http.StatusForbidden, CodeNotYours, fmt.Sprintf("%s is not yours to enter: a person enters itself and its bots (the tournament's creator, anyone)", a.Name))
		return nil, false
	}
	return a, rec.Creator == c.ID
}

func (s *Server) handleTournamentJoin(w http.ResponseWriter, r *http.Request) {
	var req EntrantRequest
	if !readBody(w, r, &req) {
		return
	}
	s.changeTournament(w, r, func(rec *store.TournamentRecord, t *tournament.Tournament) bool {
		a, creator := s.entrantOf(w, r, rec, req.Name)
		if a == nil {
			return false
		}
		if a.Disabled {
			accountError(w, http.StatusForbidden, CodeAccountDisabled, a.Name+" is disabled")
			return false
		}
		if t.Settings.Closed && !creator {
			writeError(w, http.StatusForbidden, CodeNotYours, "only the tournament's creator enters players in this one")
			return false
		}
		p, err := s.entrant(r.Context(), a, classOf(t.Settings))
		if err != nil {
			s.accountsFailed(w, r, err)
			return false
		}
		if err := t.Join(p); err != nil {
			tournamentRefused(w, err)
			return false
		}
		return true
	})
}

func (s *Server) handleTournamentLeave(w http.ResponseWriter, r *http.Request) {
	var req EntrantRequest
	if !readBody(w, r, &req) {
		return
	}
	s.changeTournament(w, r, func(rec *store.TournamentRecord, t *tournament.Tournament) bool {
		a, _ := s.entrantOf(w, r, rec, req.Name)
		if a == nil {
			return false
		}
		if err := t.Leave(a.ID); err != nil {
			tournamentRefused(w, err)
			return false
		}
		return true
	})
}

// byCreator answers 403 unless the caller is the tournament's creator.
func (s *Server) byCreator(w http.ResponseWriter, r *http.Request, rec *store.TournamentRecord) bool {
	c := s.person(w, r)
	if c == nil {
		return false
	}
	if c.Account.ID != rec.Creator {
		writeError(w, http.StatusForbidden, CodeNotYours, "only the tournament's creator may do this")
		return false
	}
	return true
}

func (s *Server) handleTournamentStart(w http.ResponseWriter, r *http.Request) {
	s.changeTournament(w, r, func(rec *store.TournamentRecord, t *tournament.Tournament) bool {
		if !s.byCreator(w, r, rec) {
			return false
		}
		if t.Status == tournament.Registering {
			running, err := s.tournamentsStore().ListTournaments(r.Context(), store.TournamentFilter{Status: string(tournament.Running), Limit: s.runningCap()})
			if err != nil {
				s.accountsFailed(w, r, err)
				return false
			}
			if len(running) >= s.runningCap() {
				writeError(w, http.StatusConflict, CodeTooManyTournaments, fmt.Sprintf("%d tournaments are running on this server, the most at once: try again when one has ended", len(running)))
				return false
			}
		}
		if err := t.Start(); err != nil {
			tournamentRefused(w, err)
			return false
		}
		s.log.Info("tournament started", "tournament", t.ID, "players", len(t.Players))
		return true
	})
}

func (s *Server) handleTournamentCancel(w http.ResponseWriter, r *http.Request) {
	s.changeTournament(w, r, func(rec *store.TournamentRecord, t *tournament.Tournament) bool {
		if !s.byCreator(w, r, rec) {
			return false
		}
		if err := t.Cancel(); err != nil {
			tournamentRefused(w, err)
			return false
		}
		return true
	})
}

// runningCap is the most tournaments running at once.
func (s *Server) runningCap() int {
	if n := s.runningTournaments.Load(); n > 0 {
		return int(n)
	}
	return maxRunningTournaments
}

// handleTournamentGGF answers every finished game of a tournament as
// GGF, a line each, in the order played.
func (s *Server) handleTournamentGGF(w http.ResponseWriter, r *http.Request) {
	_, _, t := s.requestedTournament(w, r)
	if t == nil {
		return
	}
	var out strings.Builder
	for _, g := range t.Games {
		if g.GameID == "" || g.Result == nil {
			continue
		}
		rec, err := s.cfg.Store.Get(r.Context(), g.GameID)
		if errors.Is(err, store.ErrNotFound) {
			continue // a forfeit: no game was played
		}
		if err != nil {
			s.unavailable(w, r, err)
			return
		}
		gm, err := live.Replay(rec)
		if err != nil {
			s.unavailable(w, r, err)
			return
		}
		gm.Info.Black, gm.Info.White = live.SeatName(rec.Seats[0]), live.SeatName(rec.Seats[1])
		gm.Info.Event = fmt.Sprintf("%s, round %d", t.Settings.Name, g.Round)
		gm.Info.Date = rec.Created.Format("2006.01.02_15:04:05")
		out.WriteString(ggf.Format(gm))
		out.WriteString("\n")
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", "tournament-"+t.ID+".ggf"))
	fmt.Fprint(w, out.String())
}

// kickTournaments wakes the scheduler (a tournament changed here).
func (s *Server) kickTournaments() {
	select {
	case s.tournamentKick <- struct{}{}:
	default:
	}
}

// tournamentLoop is the arena's scheduler: every tournamentEvery, and
// when a tournament or the lobby changes here, it advances every running
// tournament and accepts the lobby's offers that online bots take
// (autoAccept), until the server closes (Close waits for it to stop).
func (s *Server) tournamentLoop() {
	defer close(s.tournamentDone)
	every := s.tournamentEvery
	if every <= 0 {
		every = tournamentEvery
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		case <-s.tournamentKick:
		}
		s.advanceTournaments(s.ctx)
		s.autoAccept(s.ctx)
	}
}

// advanceTournaments advances every running tournament once.
func (s *Server) advanceTournaments(ctx context.Context) {
	ts := s.tournamentsStore()
	if ts == nil {
		return
	}
	list, err := ts.ListTournaments(ctx, store.TournamentFilter{Status: string(tournament.Running), Limit: 2 * s.runningCap()})
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("the tournaments could not be read", "err", err)
		}
		return
	}
	for _, rec := range list {
		err := s.advanceTournament(ctx, ts, rec.ID)
		var capped *live.CapError
		switch {
		case err == nil || ctx.Err() != nil:
		case errors.As(err, &capped):
			// More games than the caps on live games allow: the rest
			// are made on a later pass, as games end.
			s.log.Debug("a tournament waits for games to end", "tournament", rec.ID, "cap", capped.Reason)
		default:
			s.log.Error("a tournament could not go on", "tournament", rec.ID, "err", err)
		}
	}
}

// advanceTournament records the results of a tournament's games that
// ended, gives an id to each game its round asks for (the next round's,
// once a round is over), writes that over the version it read, and then
// makes the games of the ids that have none (those it just gave, and any
// a crash left without one). A forfeit is recorded as a result.
func (s *Server) advanceTournament(ctx context.Context, ts store.Tournaments, id string) error {
	for range 10 {
		rec, t, err := loadTournament(ctx, ts, id)
		if err != nil {
			return err
		}
		if t.Status != tournament.Running {
			return nil
		}
		changed := false
		var toMake []int // games of t.Games to make
		for i := 0; i < len(t.Games); i++ {
			g := t.Games[i]
			if g.GameID == "" || g.Result != nil {
				continue
			}
			res, exists, err := s.gameResult(ctx, g.GameID)
			if err != nil {
				return err
			}
			if exists && !g.Made {
				t.Games[i].Made = true // seen: the view may name it
				changed = true
			}
			switch {
			case !exists:
				toMake = append(toMake, i)
			case res != nil:
				ch, err := t.Record(g.GameID, *res)
				if err != nil {
					return err
				}
				changed = changed || ch
			}
		}
		for _, i := range t.Pending() {
			if err := t.Started(i, live.NewID(8)); err != nil {
				return err
			}
			toMake = append(toMake, i)
			changed = true
		}
		if changed {
			data, _ := json.Marshal(t)
			rec.Data, rec.Status = data, string(t.Status)
			if err := ts.UpdateTournament(ctx, rec); errors.Is(err, store.ErrConflict) {
				continue // another server advanced it: read it again
			} else if err != nil {
				return err
			}
		}
		forfeits := false
		for _, i := range toMake {
			g := t.Games[i]
			if g.Result != nil || g.Round != t.Round {
				continue
			}
			forfeit, err := s.makeTournamentGame(ctx, t, i)
			if err != nil {
				return err
			}
			forfeits = forfeits || forfeit != nil
			if forfeit != nil {
				if err := s.recordForfeit(ctx, ts, id, g.GameID, *forfeit); err != nil {
					return err
				}
			}
		}
		if forfeits {
			continue // the forfeits may end the round
		}
		if len(toMake) > 0 {
			s.kickTournaments() // a pass soon says the games made are there
		}
		return nil
	}
	return errors.New("the tournament changed too often to advance")
}

// gameResult reads a tournament game of the store: whether it exists, and
// its result for the tournament once over (nil while it goes on).
func (s *Server) gameResult(ctx context.Context, id string) (*tournament.Result, bool, error) {
	g, err := s.cfg.Store.Get(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, false, nil
	}
	if err != nil || g.Result == nil {
		return nil, err == nil, err
	}
	r := tournamentResult(g.Result)
	return &r, true, nil
}

// tournamentResult is a game's result as a tournament counts it: the
// winner's point, and the disc margin if it agrees with the winner (a
// game won by resignation or on time with fewer discs: 0).
func tournamentResult(r *store.Result) tournament.Result {
	margin := max(-64, min(64, r.Black-r.White))
	switch r.Winner {
	case "black":
		return tournament.Result{Black: 1, Margin: max(margin, 0)}
	case "white":
		return tournament.Result{Black: 0, Margin: min(margin, 0)}
	}
	return tournament.Result{Black: 0.5, Margin: margin}
}

// makeTournamentGame makes a tournament's game under the id the
// tournament gave it. It returns the forfeit's result instead when an
// account cannot play (disabled or gone).
func (s *Server) makeTournamentGame(ctx context.Context, t *tournament.Tournament, i int) (*tournament.Result, error) {
	g := t.Games[i]
	accounts := s.accountsStore()
	var players [2]*store.Account
	out := [2]bool{}
	for c, id := range []string{g.Black, g.White} {
		a, err := accounts.Account(ctx, id)
		switch {
		case errors.Is(err, store.ErrNoAccount):
			out[c] = true
		case err != nil:
			return nil, err
		case a.Disabled:
			out[c] = true
		}
		players[c] = a
	}
	switch {
	case out[0] && out[1]:
		return &tournament.Result{Black: 0.5, Forfeit: true}, nil
	case out[0]:
		return &tournament.Result{Black: 0, Forfeit: true}, nil
	case out[1]:
		return &tournament.Result{Black: 1, Forfeit: true}, nil
	}
	req, err := pairingRequest(t, i)
	if err != nil {
		return nil, err
	}
	_, err = s.createPairing(ctx, Pairing{ID: g.GameID, Accounts: players, Game: req, Rated: t.Settings.Rated, Client: "tournament:" + t.ID})
	if _, exists, gerr := s.gameResult(ctx, g.GameID); err != nil && gerr == nil && exists {
		return nil, nil // another server made it first
	}
	return nil, err
}

// recordForfeit records a forfeit's result over the tournament's latest
// version.
func (s *Server) recordForfeit(ctx context.Context, ts store.Tournaments, id, game string, r tournament.Result) error {
	for range 10 {
		rec, t, err := loadTournament(ctx, ts, id)
		if err != nil {
			return err
		}
		changed, err := t.Record(game, r)
		if err != nil || !changed {
			return err
		}
		data, _ := json.Marshal(t)
		rec.Data, rec.Status = data, string(t.Status)
		if err := ts.UpdateTournament(ctx, rec); !errors.Is(err, store.ErrConflict) {
			if err == nil {
				s.log.Info("tournament game forfeited", "tournament", id, "game", game)
			}
			return err
		}
	}
	return errors.New("the tournament changed too often to record a forfeit")
}
