// A refereed game as a terminal shows it: each event in a line, the board
// after it, what a computer player thought, and the result.

package textboard

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/opening"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
)

// WriteEvent writes what happened in a refereed game (a referee.Config's
// Observe receives the events) to w: the board at the start and after
// every move, pass and take-back; a move with its time and what the
// player thought ("black plays D3 (0.1s) [eval +1.2 discs for black,
// depth 12, ...]");
// the refusals of a computer player (a human player explains its own:
// humans says which seats are humans); the result and the game's
// transcript at the end. names are the players', by colour.
func WriteEvent(w io.Writer, ev referee.Event, names [2]string, humans [2]bool) {
	g := ev.Game
	drawBoard := func() {
		fmt.Fprintln(w)
		Render(w, g.Position(), ForGame(g, names))
	}
	switch ev.Kind {
	case referee.Started:
		drawBoard()
	case referee.Moved:
		line := fmt.Sprintf("%s plays %v (%.1fs)", names[ev.Color], ev.Move.Square, ev.Move.Time.Seconds())
		if t := ev.Thinking; t != nil {
			line += Thinking(t, ev.Color)
		}
		fmt.Fprintln(w, line)
		drawBoard()
	case referee.Passed:
		fmt.Fprintf(w, "%s has no legal move and passes\n", seatName(names, ev.Color))
		drawBoard()
	case referee.Rejected:
		if !humans[ev.Color] {
			fmt.Fprintf(w, "%s: refused: %s\n", names[ev.Color], ev.Reason)
		}
	case referee.Undone:
		fmt.Fprintf(w, "%s takes back a move\n", names[ev.Color])
		drawBoard()
	case referee.Ended:
		r := g.Result
		winner := "draw"
		if r.Winner != board.NoColor {
			winner = seatName(names, r.Winner) + " wins"
		}
		if r.Reason.ScoredByDiscs() {
			fmt.Fprintf(w, "\nResult: %s, %d-%d: tournament score %+d for black (empties to the winner), disc margin %+d; %s\n",
				winner, r.Black, r.White, r.TournamentMargin(), r.DiscMargin(), Reason(r))
		} else { // decided by a rule: the discs do not say who won
			fmt.Fprintf(w, "\nResult: %s: %s; tournament score %+d for black (all 64 to the winner); discs on the board %d-%d\n",
				winner, Reason(r), r.TournamentMargin(), r.Black, r.White)
		}
		fmt.Fprintf(w, "Game: %s\n", g.Transcript())
	}
}

// Seat names the player of colour c with its disc letter and colour:
// "roxanne (O, white)", or "white (O)" when the player is named by its
// colour (two humans at one terminal, say).
func Seat(names [2]string, c board.Color) string {
	if names[c] == c.String() {
		return fmt.Sprintf("%s (%c)", names[c], c.Letter())
	}
	return fmt.Sprintf("%s (%c, %s)", names[c], c.Letter(), c)
}

// SeatNames returns the names a terminal gives the seats of a game, by
// colour, from their players' names: "black" and "white" for two humans
// of one name (two people at one terminal, both "human"), whom their own
// names would not tell apart; else the players' names.
func SeatNames(players [2]string, humans [2]bool) [2]string {
	if humans[board.Black] && humans[board.White] && players[board.Black] == players[board.White] {
		return [2]string{board.Black.String(), board.White.String()}
	}
	return players
}

// WriteHeader writes the first line of a game on a terminal: its seats
// (Seat), rule, each seat's time a move (MoveLimits, indexed by
// board.Color) and seed, e.g. "human (X, black) vs roxanne (O, white),
// standard rules, 1m0s per move, seed 42".
func WriteHeader(w io.Writer, names [2]string, rule game.Rule, moveTimes [2]time.Duration, seed uint64) {
	fmt.Fprintf(w, "%s vs %s, %s rules, %s, seed %d\n",
		Seat(names, board.Black), Seat(names, board.White), rule, MoveLimits(moveTimes), seed)
}

// MoveLimits says the time limits of the moves of both seats (indexed
// by board.Color, negative for none): "1m0s per move" when they are the
// same, else each side's, "black: no time limit, white: 1m0s per move".
func MoveLimits(d [2]time.Duration) string {
	per := func(d time.Duration) string {
		if d < 0 {
			return "no time limit"
		}
		return d.String() + " per move"
	}
	if d[board.Black] == d[board.White] || d[board.Black] < 0 && d[board.White] < 0 {
		if d[board.Black] < 0 {
			return "no time limit per move"
		}
		return per(d[board.Black])
	}
	return "black: " + per(d[board.Black]) + ", white: " + per(d[board.White])
}

// MoveLimit says the time limit of a move: the duration, or "no time
// limit" for a negative one (referee.NoLimit).
func MoveLimit(d time.Duration) string {
	if d < 0 {
		return "no time limit"
	}
	return d.String()
}

// seatName names the player of colour c with its colour: "roxanne
// (white)", or "white" when the player is named by its colour.
func seatName(names [2]string, c board.Color) string {
	if names[c] == c.String() {
		return names[c]
	}
	return fmt.Sprintf("%s (%s)", names[c], c)
}

// Reason says why a game ended, e.g. "black resigned", "white stopped
// and counted" or "black forfeited (input closed)": game.Result.Why with
// the detail in parentheses.
func Reason(r game.Result) string {
	s := game.Result{Reason: r.Reason, By: r.By}.Why()
	if r.Detail != "" {
		s += " (" + r.Detail + ")"
	}
	return s
}

// Thinking writes what the player of colour side thought in brackets
// after a space, e.g. " [eval +1.2 discs for black, depth 12, 900 nodes,
// pv D3 C4]", or "" if it said nothing: the value with its unit and the
// side it is for (always the player that reported it: see Value),
// "book" for a value from an opening book, the depth as Depth writes it
// ("(stopped)" if the search was), the nodes and the principal variation.
func Thinking(t *player.Thinking, side board.Color) string {
	var parts []string
	if t.HasEval {
		v := Value(t.Eval, t.Unit, t.Kind) + " for " + side.String()
		if t.Unit != player.UnitRate {
			v = "eval " + v
		}
		parts = append(parts, v)
	}
	if t.Kind == player.Book {
		parts = append(parts, "book") // a value from the opening book, of a search of the depth that follows
	}
	if d := Depth(t.Source); d != "" {
		if t.Stopped {
			d += " (stopped)"
		}
		parts = append(parts, "depth "+d)
	}
	if t.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", t.Nodes))
	}
	if len(t.PV) > 0 {
		parts = append(parts, "pv "+Variation(t.PV))
	}
	if len(parts) == 0 {
		return ""
	}
	return " [" + strings.Join(parts, ", ") + "]"
}

// Value writes a value a player reported with its unit, as the terminal
// shows it: the final disc margin ("+1.2 discs", an estimate; "+6 discs",
// "-1 disc" when solved exactly), the outcome of a win/loss/draw solve
// ("win", "loss" or "draw"), the points of a heuristic evaluation ("+40.0
// points", not discs) or a Monte Carlo mean reward as a percentage ("win
// rate 62.3%": the share of the playouts won, draws counted half, under
// the usual win/loss reward). A value is always for the player that
// reported it, the side to move when it chose; the caller says which.
func Value(v float64, u player.Unit, k player.Kind) string {
	switch u {
	case player.UnitPoints:
		return Signed(v, 1) + " points"
	case player.UnitRate:
		return fmt.Sprintf("win rate %.1f%%", 100*v)
	}
	switch {
	case k == player.WLD && v > 0:
		return "win"
	case k == player.WLD && v < 0:
		return "loss"
	case k == player.WLD:
		return "draw"
	case k == player.Exact && math.Abs(v) == 1:
		return Signed(v, 0) + " disc"
	case k == player.Exact:
		return Signed(v, 0) + " discs"
	}
	return Signed(v, 1) + " discs"
}

// Signed writes v with its sign and prec decimals ("+1.25", "-3.0"); a
// value that rounds to zero is written "+0.00", never "-0.00" (a zero
// negated for the other side, or a tiny loss).
func Signed(v float64, prec int) string {
	s := strconv.FormatFloat(v, 'f', prec, 64)
	if !strings.HasPrefix(s, "-") {
		return "+" + s
	}
	if strings.Trim(s, "-0.") == "" {
		return "+" + s[1:]
	}
	return s
}

// WriteAnalysis writes the values of the moves of t (a player's analysis
// of a position where side is to move) to w as a table, best first as
// the player gave them: move, value, Monte Carlo visits if there are
// any, depth and principal variation. A line before the table says what
// the values are and for whom: discs for the side to move (a final
// margin, estimated or exact), a heuristic's points, or a Monte Carlo win
// rate; a value in another unit than the table's (a move that Monte
// Carlo solved exactly, say) carries its own.
func WriteAnalysis(w io.Writer, side board.Color, t *player.Thinking) {
	unit, about := "discs", "discs, the final margin (estimated, or exact at depth 100%)"
	switch t.Unit {
	case player.UnitPoints:
		unit, about = "points", "points of the heuristic evaluation (not discs)"
	case player.UnitRate:
		unit, about = "win rate", "win rate of the playouts (draws count half)"
	}
	withVisits := false
	for _, m := range t.Moves {
		withVisits = withVisits || m.Visits > 0
		if m.HasEval && m.Unit != t.Unit {
			about += "; a value in another unit says which (" + Value(m.Eval, m.Unit, m.Kind) + ", say)"
			break
		}
	}
	fmt.Fprintf(w, "values for %s (%c), the side to move: %s\n", side, side.Letter(), about)
	if withVisits {
		fmt.Fprintf(w, "%-5s %10s %9s %7s  %s\n", "move", unit, "visits", "depth", "principal variation")
	} else {
		fmt.Fprintf(w, "%-5s %10s %7s  %s\n", "move", unit, "depth", "principal variation")
	}
	for _, m := range t.Moves {
		v := ""
		switch {
		case !m.HasEval:
			v = "?"
		case m.Unit != t.Unit:
			v = Value(m.Eval, m.Unit, m.Kind)
		case m.Unit == player.UnitRate:
			v = fmt.Sprintf("%.1f%%", 100*m.Eval)
		default:
			v = Signed(m.Eval, 2)
		}
		if withVisits {
			fmt.Fprintf(w, "%-5v %10s %9d %7s  %s\n", m.Move, v, m.Visits, Depth(m.Source), Variation(m.PV))
			continue
		}
		fmt.Fprintf(w, "%-5v %10s %7s  %s\n", m.Move, v, Depth(m.Source), Variation(m.PV))
	}
}

// Depth is how far a search looked, as NBoard and Edax show it: "12"
// (plies), "100%" (an exact solve), "100%W" (a win/loss/draw solve); ""
// if the player did not say.
func Depth(s player.Source) string {
	if s.Kind == player.KindUnknown {
		return ""
	}
	return s.DepthText()
}

// Variation writes a line of moves as squares separated by spaces.
func Variation(pv []board.Square) string {
	parts := make([]string, len(pv))
	for i, sq := range pv {
		parts[i] = sq.String()
	}
	return strings.Join(parts, " ")
}

// Lines returns the observer (referee.Config.Observe) of a refereed game
// that writes it to w line by line, as reversi play's line mode does:
// every event (WriteEvent, with names and humans) and the opening's name
// when it changes (WriteOpening); quiet, the end of the game alone. It
// remembers the opening shown: make one for each game.
func Lines(w io.Writer, names [2]string, humans [2]bool, quiet bool) func(referee.Event) {
	shown := "" // the opening's name shown last
	return func(ev referee.Event) {
		if quiet && ev.Kind != referee.Ended {
			return
		}
		WriteEvent(w, ev, names, humans)
		if !quiet {
			shown = WriteOpening(w, ev, shown)
		}
	}
}

// WriteOpening writes a line naming the game's opening ("opening:
// Tiger") when a start, move or take-back changes it (one of the named
// openings of package opening, in any symmetry), and returns the name
// now shown; shown is the name shown before ("" for none).
func WriteOpening(w io.Writer, ev referee.Event, shown string) string {
	if ev.Kind != referee.Moved && ev.Kind != referee.Undone && ev.Kind != referee.Started {
		return shown
	}
	o, ok := opening.Of(ev.Game)
	if !ok || o.String() == shown {
		return shown
	}
	fmt.Fprintf(w, "opening: %s\n", o)
	return o.String()
}

// WriteBookAnalysis writes an analysis in discs with book moves merged in
// (engine.WithBook) as WriteAnalysis writes one, with a column that says
// where each value comes from: "book", or the kind of search. bookName
// names the book in the table's header, e.g. "the shipped opening book".
func WriteBookAnalysis(w io.Writer, side board.Color, t *player.Thinking, bookName string) {
	fmt.Fprintf(w, "values for %s (%c), the side to move: discs, the final margin (estimated, or exact at depth 100%%); "+
		"source book: the value in %s, of a search of that depth negamaxed through the book\n", side, side.Letter(), bookName)
	fmt.Fprintf(w, "%-5s %10s %7s  %-9s  %s\n", "move", "discs", "depth", "source", "principal variation")
	for _, m := range t.Moves {
		v := "?"
		if m.HasEval {
			v = Signed(m.Eval, 2)
		}
		fmt.Fprintf(w, "%-5v %10s %7s  %-9s  %s\n", m.Move, v, Depth(m.Source), m.Kind, Variation(m.PV))
	}
}
