// Analysis of a position for the GUI: the value of every legal move.

package server

import (
	"context"
	"net/http"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/players"
)

// AnalyzeRequest asks for the values of the moves of a position.
type AnalyzeRequest struct {
	// Board (64 squares and the side to move) or Transcript (moves from
	// the start) gives the position.
	Board      string `json:"board,omitempty"`
	Transcript string `json:"transcript,omitempty"`
	// Player analyses (default "engine:level=6"); e.g.
	// "mcts:time=1s" for visits and win rates.
	Player string `json:"player,omitempty"`
}

// maxAnalyses bounds the analyses running at once: each takes a core.
const maxAnalyses = 2

func (s *Server) handleAnalyze(w http.ResponseWriter, r *http.Request) {
	var req AnalyzeRequest
	if err := decode(r, &req); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	g := game.New(board.Start(), game.Standard)
	switch {
	case req.Board != "" && req.Transcript != "":
		writeError(w, http.StatusBadRequest, "give board or transcript, not both")
		return
	case req.Board != "":
		pos, err := board.ParsePosition(req.Board)
		if err != nil {
			writeError(w, http.StatusBadRequest, "board: "+err.Error())
			return
		}
		g = game.New(pos, game.Standard)
	case req.Transcript != "":
		if err := g.PlayTranscript(req.Transcript); err != nil {
			writeError(w, http.StatusBadRequest, "transcript: "+err.Error())
			return
		}
	}
	if g.Over() {
		r := game.NewResult(g.Position(), game.Normal, board.NoColor)
		writeJSON(w, http.StatusOK, map[string]any{"over": true, "score": r.TournamentMargin()})
		return
	}
	g.PassIfForced()
	spec := req.Player
	if spec == "" {
		spec = "engine:level=6"
	}
	p, err := players.New(spec, players.Env{Threads: 1, Seed: 1})
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if c, ok := p.(interface{ Close() error }); ok {
		defer c.Close()
	}
	select {
	case s.analyses <- struct{}{}:
		defer func() { <-s.analyses }()
	default:
		writeError(w, http.StatusServiceUnavailable, "the server is busy analysing: try again in a moment")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
	defer cancel()
	reply, err := p.Move(ctx, player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal(), TimeLeft: 8 * time.Second, Analyze: true})
	if err != nil {
		writeError(w, http.StatusServiceUnavailable, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"turn": g.Turn().String(), "best": reply.Move.String(), "thinking": thinkingJSON(reply.Thinking)})
}
