// Analysis of a position for the GUI: the value of every legal move.

package server

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"strconv"
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
	// Player analyses (default "engine:level=6"); e.g.
	// "mcts:time=1s" for visits and win rates.
	Player string `json:"player,omitempty"`
}

// analyzeTime is the time an analysis thinks, at most.
const analyzeTime = 8 * time.Second

// analyzeLevel is the engine's level of an analysis that names no player.
const analyzeLevel = 6

// analyst is the player of an analysis that names none: the engine at
// analyzeLevel, named "engine:level=6", with the catalogue's other
// defaults lowered to the server's limits (threads, table size), as
// newComputer would build that spec.
func (s *Server) analyst() player.Player {
	level, _ := engine.LevelSettings(analyzeLevel) // a level that exists
	threads := s.cfg.Limits.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	hash := 64
	if lim := s.limitsFor(analyzeTime).HashMB; lim > 0 {
		hash = min(hash, lim)
	}
	e := engine.New(engine.Options{Eval: engine.DefaultEvaluator(), Threads: threads, HashMB: hash})
	return engine.NewPlayer(e, level, "engine:level="+strconv.Itoa(analyzeLevel), 1)
}

func (s *Server) handleAnalyze(w http.ResponseWriter, r *http.Request) {
	var req AnalyzeRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	g, err := startOf(req.Board, req.Transcript, req.GGF, game.Standard)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
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
	// A client's player goes through the same allow-list and limits as
	// the seats': never an external program but the operator's, never
	// more memory than the limits. The server's own default is built
	// directly.
	spec := req.Player
	if spec != "" {
		if err := s.checkSpec(spec, analyzeTime); err != nil {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("%v (see GET /api/players)", err))
			return
		}
	} else if allow := s.cfg.Limits.Allow; allow != nil && !allow("engine") {
		writeError(w, http.StatusBadRequest, "the engine is not offered here: name a player (see GET /api/players)")
		return
	}
	select {
	case s.analyses <- struct{}{}:
		defer func() { <-s.analyses }()
	default:
		w.Header().Set("Retry-After", "1")
		writeError(w, http.StatusServiceUnavailable, "the server is busy analysing: try again in a moment")
		return
	}
	var p player.Player
	if spec == "" {
		p = s.analyst()
	} else {
		if p, err = s.newComputer(spec, 1, analyzeTime); err != nil {
			writeError(w, http.StatusBadRequest, err.Error())
			return
		}
	}
	defer player.Close(p)
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	reply, _, err := player.Analyze(ctx, p, g, analyzeTime)
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	out := map[string]any{"for": asked, "turn": g.Turn().String(), "best": reply.Move.String(), "thinking": thinkingJSON(reply.Thinking, g.Turn())}
	if b := bookMoves(g); b != nil {
		out["book"] = b // the book's values beside the search's
	}
	writeJSON(w, http.StatusOK, out)
}
