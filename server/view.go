// The JSON views of games that the API and the WebSocket send.

package server

import (
	"encoding/json"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
)

// SeatView is one side of a game.
type SeatView struct {
	Kind  string `json:"kind"`
	Name  string `json:"name"`
	Discs int    `json:"discs"`
	// ClockUsedMS is the game clock this side has used, less the
	// increments its moves earned (negative if they earned more);
	// ClockLeftMS what is left of it (absent without a game clock).
	ClockUsedMS int64 `json:"clock_used_ms"`
	// Unnamed says that the seat's person or bot gave no name: Name is
	// then its kind ("human", "bot"), and a client names it in its own
	// words, in its reader's language (as the web page does).
	Unnamed     bool   `json:"unnamed,omitempty"`
	ClockLeftMS *int64 `json:"clock_left_ms,omitempty"`
}

// SeatAccounts are the names of the accounts at Black's and White's
// seats ("" for a seat no account plays: anonymous, built-in, open).
type SeatAccounts struct {
	Black string `json:"black,omitempty"`
	White string `json:"white,omitempty"`
}

// MoveView is a move of the record.
type MoveView struct {
	Ply    int      `json:"ply"`
	Color  string   `json:"color"`
	Square string   `json:"square"`
	TimeMS int64    `json:"time_ms"`
	Eval   *float64 `json:"eval,omitempty"`
	// Unit is the unit of eval, "discs" (the final margin for the side
	// that moved), when there is one.
	Unit     string        `json:"unit,omitempty"`
	Thinking *ThinkingView `json:"thinking,omitempty"`
}

// ThinkingView is what a player reported of a move.
type ThinkingView struct {
	Eval *float64 `json:"eval,omitempty"`
	// Unit is the unit of eval: "discs" (the final margin), "points" (a
	// heuristic's, not discs) or "rate" (a Monte Carlo win rate in
	// [0, 1], draws counting half).
	Unit string `json:"unit,omitempty"`
	// For is the side every value here is for, "black" or "white": the
	// player that reported them, to move when it chose (absent without a
	// value).
	For string `json:"for,omitempty"`
	// Kind says how eval was found: "midgame", "selective", "exact",
	// "wld", "book" or "playouts" (absent if the player did not say).
	Kind string `json:"kind,omitempty"`
	// Depth is how far: plies (midgame, selective), empty squares
	// (exact, wld), the length of the line (playouts); absent if 0.
	Depth int `json:"depth,omitempty"`
	// Probability is the confidence of a selective search in percent.
	Probability int `json:"probability,omitempty"`
	// Stopped: the search at depth did not finish (the clock).
	Stopped bool           `json:"stopped,omitempty"`
	Nodes   uint64         `json:"nodes,omitempty"`
	TimeMS  int64          `json:"time_ms,omitempty"`
	PV      []string       `json:"pv,omitempty"`
	Moves   []MoveStatView `json:"moves,omitempty"`
	Note    string         `json:"note,omitempty"`
	Unknown bool           `json:"-"`
}

// MoveStatView is a player's finding on one candidate move, with its
// value's unit and source as in ThinkingView.
type MoveStatView struct {
	Move        string   `json:"move"`
	Eval        *float64 `json:"eval,omitempty"`
	Unit        string   `json:"unit,omitempty"`
	Kind        string   `json:"kind,omitempty"`
	Depth       int      `json:"depth,omitempty"`
	Probability int      `json:"probability,omitempty"`
	Visits      uint64   `json:"visits,omitempty"`
	PV          []string `json:"pv,omitempty"`
	// Upper says that eval is an upper bound, not the move's value: the
	// engine's report while it thinks of a move it found worse than the
	// best without valuing it exactly.
	Upper bool `json:"upper,omitempty"`
}

// ResultView is how a game ended.
type ResultView struct {
	Winner string `json:"winner"` // "black", "white" or "none"
	Reason string `json:"reason"`
	By     string `json:"by,omitempty"`
	Black  int    `json:"black"`
	White  int    `json:"white"`
	// Score is Black's margin, empty squares to the winner.
	Score  int    `json:"score"`
	Detail string `json:"detail,omitempty"`
}

// resultView is the JSON of a game's result.
func resultView(r game.Result) *ResultView {
	v := &ResultView{Winner: r.Winner.String(), Reason: r.Reason.String(), Black: r.Black, White: r.White, Score: r.TournamentMargin(), Detail: r.Detail}
	if r.By != board.NoColor {
		v.By = r.By.String()
	}
	return v
}

// GameView is the state of a game, as GET /api/games/{id} and the
// WebSocket send it.
type GameView struct {
	ID      string `json:"id"`
	Version int64  `json:"version"`
	Rule    string `json:"rule"`
	// Status: "waiting" (a seat is open), "playing" or "finished".
	Status string `json:"status"`
	// Board is 64 squares from A1 to H8 (X black, O white, - empty).
	Board string   `json:"board"`
	Start string   `json:"start"`
	Turn  string   `json:"turn,omitempty"`
	Legal []string `json:"legal"`
	// Stable is the squares of the discs no later move can turn over
	// (either colour), for the board's overlay; none while a game without
	// help (NoHelp) goes on.
	Stable []string `json:"stable"`
	// Flips is, for each legal move, the squares it would turn over.
	Flips      map[string][]string `json:"flips,omitempty"`
	LastMove   string              `json:"last_move,omitempty"`
	Black      SeatView            `json:"black"`
	White      SeatView            `json:"white"`
	Moves      []MoveView          `json:"moves"`
	Transcript string              `json:"transcript"`
	// OpeningMoves is how many of Moves were given when the game was
	// made (a transcript, a GGF game's moves, an XOT or random opening):
	// its start, which a rematch plays again. Absent if none.
	OpeningMoves int   `json:"opening_moves,omitempty"`
	MoveTimeMS   int64 `json:"move_time_ms"`
	GameTimeMS   int64 `json:"game_time_ms"`
	// IncrementMS is what a side's game clock gains after each of its
	// moves (a Fischer clock), 0 if none.
	IncrementMS int64      `json:"increment_ms"`
	TurnSince   *time.Time `json:"turn_since,omitempty"`
	// ClockWaits says that the side to move is a person whose clock has
	// not started: its player has not seen the board yet (its page has
	// not subscribed with the seat's token); TurnSince is absent then.
	ClockWaits bool          `json:"clock_waits,omitempty"`
	Result     *ResultView   `json:"result,omitempty"`
	Thinking   *ThinkingView `json:"thinking,omitempty"` // of the last computer move
	// Live is what the computer to move has found so far (its best line
	// at the depth reached), while it thinks.
	Live *ThinkingView `json:"live,omitempty"`
	// Accounts names the accounts that play the seats, asked for by GET
	// /api/games/{id}?accounts=1 only (the WebSocket's states leave it
	// out): a page links their names to their players' pages.
	Accounts *SeatAccounts `json:"accounts,omitempty"`
	// Opening is the name of the game's opening (the longest named line
	// it has reached, in any symmetry, e.g. "Tiger" or "Aubrey
	// (Tanaka)"); absent when it has reached none.
	Opening string `json:"opening,omitempty"`
	// OpeningName is the opening's name alone, without its other names
	// (e.g. "Aubrey"): the key a client translates the name by.
	OpeningName string `json:"opening_name,omitempty"`
	// Book is the book moves of the position, best first (see
	// BookMoveView), while the game goes on; absent out of the book, and
	// in a game without help (NoHelp).
	Book []BookMoveView `json:"book,omitempty"`
	// NoHelp says that the server helps neither side of this game while it
	// goes on (no book moves, no analysis of its position): a game between
	// two remote seats not created as an analysis game.
	NoHelp bool `json:"no_help,omitempty"`
	// Analysis says that the game was created as an analysis game.
	Analysis bool `json:"analysis,omitempty"`
	// Rematch is the rematch asked for, of a finished game between two
	// people (POST /api/games/{id}/rematch).
	Rematch *RematchView `json:"rematch,omitempty"`
	// Switches are the numbers of moves made when the players switched
	// sides (POST /api/games/{id}/switch), in order: a move was made by
	// the player who now holds the other colour if an odd number of
	// switches is after it (greater than its ply), else by the one who
	// holds its colour. Absent if they never switched.
	Switches []int `json:"switches,omitempty"`
}

// thinkingJSON converts the report of the player of colour side for
// storage and display.
func thinkingJSON(t *player.Thinking, side board.Color) *ThinkingView {
	if t == nil {
		return nil
	}
	v := &ThinkingView{Kind: t.Kind.String(), Depth: t.Depth, Probability: t.Probability, Stopped: t.Stopped,
		Nodes: t.Nodes, TimeMS: t.Elapsed.Milliseconds(), Note: t.Note, PV: squares(t.PV)}
	if t.HasEval {
		e := t.Eval
		v.Eval = &e
		v.Unit = t.Unit.String()
	}
	for _, m := range t.Moves {
		mv := MoveStatView{Move: m.Move.String(), Kind: m.Kind.String(), Depth: m.Depth, Probability: m.Probability, Visits: m.Visits, PV: squares(m.PV), Upper: m.Upper}
		if m.HasEval {
			e := m.Eval
			mv.Eval = &e
			mv.Unit = m.Unit.String()
		}
		v.Moves = append(v.Moves, mv)
	}
	if v.Eval != nil || len(v.Moves) > 0 {
		v.For = side.String()
	}
	return v
}

// encodeThinking is the stored form of what the player of colour side
// reported of its move: its ThinkingView in JSON ("" if it does not
// encode).
func encodeThinking(th *player.Thinking, side board.Color) string {
	text, err := json.Marshal(thinkingJSON(th, side))
	if err != nil {
		return ""
	}
	return string(text)
}

func squares(sqs []board.Square) []string {
	out := make([]string, len(sqs))
	for i, s := range sqs {
		out[i] = s.String()
	}
	return out
}

// viewOf is the view of a table's state.
func viewOf(st live.State) GameView {
	g, rec := st.Game, &st.Record
	pos := g.Position()
	v := GameView{
		ID: st.ID, Version: st.Revision, Rule: rec.Rule, Start: rec.Start, Analysis: rec.Analysis, OpeningMoves: min(rec.OpeningMoves, len(g.Moves)),
		Board:       pos.String()[:64],
		Legal:       []string{},
		Stable:      stableSquares(pos),
		Moves:       []MoveView{},
		Transcript:  g.TranscriptWithPasses(),
		MoveTimeMS:  rec.MoveTime.Milliseconds(),
		GameTimeMS:  rec.GameTime.Milliseconds(),
		IncrementMS: rec.Increment.Milliseconds(),
	}
	v.Opening, v.OpeningName = openingNames(g)
	if len(rec.Switches) > 0 {
		v.Switches = store.SwitchesUpTo(rec.Switches, len(g.Moves)) // as the store has them after an undo
	}
	for c, sv := range []*SeatView{&v.Black, &v.White} {
		seat := rec.Seats[c]
		*sv = SeatView{Kind: string(seat.Kind), Name: live.SeatName(seat), Discs: pos.Count(board.Color(c)), ClockUsedMS: st.Used[c].Milliseconds(),
			Unnamed: seat.Name == "" && (seat.Kind == store.Human || seat.Kind == store.Bot)}
		if rec.GameTime > 0 {
			left := max(rec.GameTime-st.Used[c], 0).Milliseconds()
			sv.ClockLeftMS = &left
		}
	}
	switch {
	case g.Finished():
		v.Status = "finished"
		r := g.Result
		if r.Reason == game.InProgress {
			// Over on the board, between the last move's event and the
			// referee's end of the game: the result is the discs'.
			r = game.NewResult(pos, game.Normal, board.NoColor)
		}
		v.Result = resultView(r)
		v.Rematch = rematchView(rec.Rematch)
	case rec.Seats[0].Kind == store.Open || rec.Seats[1].Kind == store.Open:
		v.Status = "waiting"
		v.Turn = pos.Turn.String()
		v.Legal = squares(board.Squares(g.Legal()))
		v.Flips = flipsOf(pos)
		v.NoHelp = live.NoHelp(rec)
		if !v.NoHelp {
			v.Book = bookMoves(g)
		} else {
			v.Stable = []string{} // an aid, as the book is: after the game
		}
	default:
		v.Status = "playing"
		v.Turn = pos.Turn.String()
		v.Legal = squares(board.Squares(g.Legal()))
		v.Flips = flipsOf(pos)
		v.NoHelp = live.NoHelp(rec)
		if !v.NoHelp {
			v.Book = bookMoves(g)
		} else {
			v.Stable = []string{} // an aid, as the book is: after the game
		}
		// A person's clock starts when its player first sees the board:
		// until then it waits, and the state says so.
		if st.ClockWaits {
			v.ClockWaits = true
		} else {
			at := st.TurnSince
			v.TurnSince = &at
		}
	}
	if lm := g.LastMove(); lm != board.NoSquare {
		v.LastMove = lm.String()
	}
	for i, m := range g.Moves {
		mv := MoveView{Ply: i, Color: m.Color.String(), Square: m.Square.String(), TimeMS: m.Time.Milliseconds()}
		if m.HasEval {
			e := m.Eval
			mv.Eval, mv.Unit = &e, player.UnitDiscs.String() // game.Move.Eval is in discs
		}
		v.Moves = append(v.Moves, mv)
	}
	if st.Live != nil && st.LiveOf == g.Ply() && v.Status == "playing" {
		v.Live = thinkingJSON(st.Live, g.Turn())
	}
	for c := range 2 {
		if th := st.Thinking[c]; th != nil && len(g.Moves) > 0 && int(g.Moves[len(g.Moves)-1].Color) == c {
			v.Thinking = thinkingJSON(th, board.Color(c))
		}
	}
	return v
}

// stableSquares is the squares of a position's stable discs, of both
// colours (discs no later move can turn over: board.Board.StableDiscs).
func stableSquares(pos board.Position) []string {
	return squares(board.Squares(pos.Board.StableDiscs() | pos.Board.Pass().StableDiscs()))
}

// flipsOf is, for each legal move of a position, the squares it turns
// over: what the board shows on a legal square under the pointer.
func flipsOf(pos board.Position) map[string][]string {
	out := map[string][]string{}
	for _, sq := range board.Squares(pos.Board.Moves()) {
		out[sq.String()] = squares(board.Squares(pos.Board.Flips(sq)))
	}
	return out
}
