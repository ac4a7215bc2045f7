// Analysis of a position for the GUI: the value of every legal move.

package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// AnalyzeRequest asks for the values of the moves of a position.
type AnalyzeRequest struct {
	// Board (64 squares and the side to move), Transcript (moves from
	// the start) or GGF (a game from its own start, as
	// GET /api/games/{id}/ggf writes it) gives the position: one of them.
	Board      string `json:"board,omitempty"`
	Transcript string `json:"transcript,omitempty"`
	GGF        string `json:"ggf,omitempty"`
	// Player analyses (default "engine:level=8"); e.g.
	// "mcts:time=1s" for visits and win rates.
	Player string `json:"player,omitempty"`
}

// analyzeTime is the time an analysis takes, at most: its answer comes
// then, with what its player found (see analyse).
const analyzeTime = 8 * time.Second

// analysisWait is the longest an analysis waits for a slot before it is
// answered 503: about one analysis's time.
const analysisWait = 10 * time.Second

// analyzeLevel is the engine's level of an analysis that names no player.
const analyzeLevel = 8

// analyst is the player of an analysis that names none: the engine at
// analyzeLevel, named "engine:level=8", with the catalogue's other
// defaults lowered to the server's limits (threads, table size), as
// newComputer would build that spec.
func (s *Server) analyst() (player.Player, error) {
	level, _ := engine.LevelSettings(analyzeLevel) // a level that exists
	threads := s.cfg.Limits.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	hash := 64
	if lim := s.limitsFor(analyzeTime).HashMB; lim > 0 {
		hash = min(hash, lim)
	}
	e, err := engine.New(engine.Options{Eval: engine.DefaultEvaluator(), Threads: threads, HashMB: hash})
	if err != nil {
		return nil, err
	}
	return engine.NewPlayer(e, level, "engine:level="+strconv.Itoa(analyzeLevel), 1), nil
}

func (s *Server) handleAnalyze(w http.ResponseWriter, r *http.Request) {
	var req AnalyzeRequest
	if err := decode(r, &req); err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadRequest)
		return
	}
	g, err := startOf(req.Board, req.Transcript, req.GGF, game.Standard)
	if err != nil {
		writeFailure(w, http.StatusBadRequest, err, CodeBadRequest)
		return
	}
	// The answer says which position it is for (as asked, before a
	// forced pass): a client drops the answers of positions it has left.
	asked := g.Position().String()
	if g.Over() {
		r := game.NewResult(g.Position(), game.Normal, board.NoColor)
		writeJSON(w, http.StatusOK, map[string]any{"for": asked, "over": true, "score": r.TournamentMargin()})
		return
	}
	g.PassIfForced()
	// The position of a live game between players is not analysed for
	// anyone while it goes on (see live.NoHelp).
	if s.refuseHelp(w, r, g.Position()) {
		return
	}
	// A client's player goes through the same allow-list and limits as
	// the seats': never an external program but the operator's, never
	// more memory than the limits. The server's own default is built
	// directly.
	spec := req.Player
	if spec != "" {
		if err := s.checkSpec(spec, analyzeTime); err != nil {
			writeError(w, http.StatusBadRequest, CodeBadPlayer, fmt.Sprintf("%v (see GET /api/players)", err))
			return
		}
	} else if allow := s.cfg.Limits.Allow; allow != nil && !allow("engine") {
		writeError(w, http.StatusBadRequest, CodeEngineNotOffered, "the engine is not offered here: name a player (see GET /api/players)")
		return
	}
	// A player that does not search answers at once; the others wait for
	// a slot, in their client's turn.
	if spec == "" || !s.instant(spec) {
		wait, cancel := context.WithTimeout(r.Context(), analysisWait)
		done, err := s.analyses.Acquire(wait, s.clientOf(r))
		cancel()
		if err != nil {
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusServiceUnavailable, CodeBusy, "the server is busy analysing: try again in a moment")
			return
		}
		defer done()
	}
	var p player.Player
	if spec == "" {
		if p, err = s.analyst(); err != nil {
			s.analysisFailed(w, r, err)
			return
		}
	} else {
		if p, err = s.newComputer(spec, 1, analyzeTime); err != nil {
			writeFailure(w, http.StatusBadRequest, err, CodeBadPlayer)
			return
		}
	}
	// p is closed once its Move returns (see analyse), which may be after
	// the answer: its slot is released with the answer.
	if r.URL.Query().Get("stream") == "1" {
		s.streamAnalysis(r.Context(), w, p, g, asked)
		return
	}
	reply, err := s.analyse(r.Context(), p, g, analyzeTime, nil)
	if err != nil {
		s.analysisFailed(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, analysisAnswer(g, asked, reply))
}

// analyzeGrace is how long before the limit of an analysis the player's
// context ends: a player that watches it answers with what it found in
// that time, before the limit.
const analyzeGrace = 500 * time.Millisecond

// errAnalysisCut is the error of an analysis whose player neither
// answered nor reported anything within the limit.
var errAnalysisCut = fmt.Errorf("the analysis found nothing within %v, its limit: try a player that searches less", analyzeTime)

// analyse runs p on g's position (g's side to move has a legal move) as
// an analysis of at most limit, and closes p once its Move returns.
// p's context ends analyzeGrace before the limit (or with ctx); if p has
// not answered at the limit (a player that does not watch its context),
// analyse answers without it: with p's last report, marked stopped, its
// principal variation's first move as the best, or errAnalysisCut if p
// reported nothing. Then p goes on alone until its Move returns, holding
// no slot (the caller releases it with the answer), and is closed then.
// progress, if not nil, gets p's reports until analyse returns (one may
// still be under way as it returns).
func (s *Server) analyse(ctx context.Context, p player.Player, g *game.Game, limit time.Duration, progress func(player.Thinking)) (player.Reply, error) {
	limitCtx, cancelLimit := context.WithTimeout(ctx, limit)
	defer cancelLimit()
	think := max(limit-analyzeGrace, limit/2)
	pctx, cancel := context.WithTimeout(limitCtx, think)
	var mu sync.Mutex
	var last *player.Thinking
	over := false
	report := func(th player.Thinking) {
		th.PV, th.Moves = slices.Clone(th.PV), slices.Clone(th.Moves)
		mu.Lock()
		ended := over
		if !ended {
			last = &th
		}
		mu.Unlock()
		if progress != nil && !ended { // outside mu: progress may write to a slow client
			progress(th)
		}
	}
	type answer struct {
		reply player.Reply
		err   error
	}
	answered := make(chan answer, 1)
	go func() {
		defer player.Close(p)
		defer cancel()
		reply, err := p.Move(pctx, player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal(), TimeLeft: think,
			Analyze: true, Progress: report})
		answered <- answer{reply, err}
	}()
	select {
	case a := <-answered:
		mu.Lock()
		over = true
		mu.Unlock()
		return a.reply, a.err
	case <-limitCtx.Done():
	}
	mu.Lock()
	defer mu.Unlock()
	over = true
	if ctx.Err() != nil {
		return player.Reply{}, ctx.Err() // the client left
	}
	s.metrics.analysesCut.Inc()
	s.log.Warn("analysis cut at its limit: the player did not answer", "player", p.Name(), "limit", limit)
	if last == nil || len(last.PV) == 0 || g.Legal()&last.PV[0].Bit() == 0 {
		return player.Reply{}, errAnalysisCut
	}
	th := *last
	th.Stopped = true
	return player.Reply{Move: th.PV[0], Thinking: &th}, nil
}

// analysisFailed answers an analysis that failed: 503 with
// Retry-After, saying that it found nothing in its time or, for
// another error of its player (logged), that it failed.
func (s *Server) analysisFailed(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, errAnalysisCut) {
		writeError(w, http.StatusServiceUnavailable, CodeAnalysisCut, err.Error())
		return
	}
	s.log.Error("analysis failed", "client", s.addressOf(r), "err", err)
	writeError(w, http.StatusServiceUnavailable, CodeAnalysisFailed, "the analysis failed (try again later)")
}

// analysisAnswer is the answer of an analysis of g (asked: the position
// as asked): the position it is for, the side to move, the best move,
// what the player found, and the book's moves beside it.
func analysisAnswer(g *game.Game, asked string, reply player.Reply) map[string]any {
	out := map[string]any{"for": asked, "turn": g.Turn().String(), "best": reply.Move.String(), "thinking": thinkingJSON(reply.Thinking, g.Turn())}
	if b := bookMoves(g); b != nil {
		out["book"] = b // the book's values beside the search's
	}
	return out
}

// streamInterval is the least time between two reports of a streamed
// analysis (Server.streamEvery, which tests set to 0).
const streamInterval = 150 * time.Millisecond

// streamAnalysis answers an analysis as it goes (?stream=1): one JSON
// object a line (application/x-ndjson), what the player has found so far
// ({"for", "turn", "thinking"}) at most every streamInterval, then the
// answer of a plain analysis with "done": true, or {"error": ...,
// "code": ...} (CodeAnalysisCut or CodeAnalysisFailed).
func (s *Server) streamAnalysis(ctx context.Context, w http.ResponseWriter, p player.Player, g *game.Game, asked string) {
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	rc.Flush() // the answer has begun: the analysis has its slot
	enc := json.NewEncoder(w)
	var mu sync.Mutex
	var last time.Time
	over := false
	send := func(v map[string]any) {
		enc.Encode(v)
		rc.Flush()
	}
	turn := g.Turn()
	progress := func(th player.Thinking) {
		mu.Lock()
		defer mu.Unlock()
		if over || time.Since(last) < s.streamEvery {
			return
		}
		last = time.Now()
		send(map[string]any{"for": asked, "turn": turn.String(), "thinking": thinkingJSON(&th, turn)})
	}
	reply, err := s.analyse(ctx, p, g, analyzeTime, progress)
	mu.Lock()
	defer mu.Unlock()
	over = true // no report after the answer
	if err != nil {
		code := CodeAnalysisCut
		if !errors.Is(err, errAnalysisCut) {
			s.log.Error("analysis failed", "err", err)
			err, code = errors.New("the analysis failed (try again later)"), CodeAnalysisFailed
		}
		send(map[string]any{"for": asked, "error": err.Error(), "code": code})
		return
	}
	out := analysisAnswer(g, asked, reply)
	out["done"] = true
	send(out)
}
