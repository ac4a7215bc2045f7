// From game records to GGF text: Format and Write.

package ggf

import (
	"fmt"
	"io"
	"strings"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
)

// Format writes a game as one GGF game that Parse reads back as the same
// record: GM, PC, DT, PB, PW, RE, TI, TY, RU, BO and the moves, passes
// included, each with its evaluation and time when it has them. A Round
// that is a number is written before the game, as GGS numbers games
// ("17 (;GM[Othello]...;)").
//
// PC, DT and TI are left out when empty, RE while the game is in
// progress, RU under the standard rules. RE is Black's
// game.Result.TournamentMargin: the disc margin with the empty squares
// counted for the winner ("+2.000"). A resignation or a timeout is written
// "+64.000:r" or "-64.000:t" (the loser resigned or ran out of time and
// gets nothing, as on GGS, whatever the discs). A game stopped and counted
// (game.Counted) gets its disc result with the flag s (scored: "+24.000:s"),
// and so does a normal result on a board where the game could go on. GGF
// cannot say everything a Result can: the Detail and who stopped to count
// are dropped, a forfeit or a loss by illegal moves is written as a
// resignation, and a resignation with no winner as a plain score.
func Format(g *game.Game) string {
	var b strings.Builder
	if isNumber(g.Info.Round) {
		b.WriteString(g.Info.Round + " ")
	}
	b.WriteString("(;GM[Othello]")
	put := func(name, value string) {
		b.WriteString(name)
		b.WriteByte('[')
		b.WriteString(escape(value))
		b.WriteByte(']')
	}
	putIf := func(name, value string) {
		if value != "" {
			put(name, value)
		}
	}
	putIf("PC", g.Info.Event)
	putIf("DT", g.Info.Date)
	put("PB", g.Info.Black)
	put("PW", g.Info.White)
	if g.Result.Reason != game.InProgress {
		put("RE", formatResult(g))
	}
	putIf("TI", g.Info.TimeControl)
	put("TY", "8")
	if g.Rule != game.Standard {
		put("RU", g.Rule.String())
	}
	put("BO", formatBoard(g.Start))
	for _, m := range g.Moves {
		name := "B"
		if m.Color == board.White {
			name = "W"
		}
		put(name, formatMove(m.Square, m.Eval, m.HasEval, m.Time))
	}
	b.WriteString(";)")
	return b.String()
}

// formatResult writes the RE value of a finished game.
func formatResult(g *game.Game) string {
	r := g.Result
	flag := ""
	switch r.Reason {
	case game.Timeout, game.Resignation, game.IllegalMoves, game.Forfeit:
		flag = ":r"
		if r.Reason == game.Timeout {
			flag = ":t"
		}
		winner := r.Winner
		if winner == board.NoColor {
			winner = r.By.Other()
		}
		switch winner {
		case board.Black:
			return "+64.000" + flag
		case board.White:
			return "-64.000" + flag
		}
		flag = ""
	case game.Counted:
		flag = ":s"
	case game.Normal:
		if !g.Over() {
			flag = ":s"
		}
	}
	return fmt.Sprintf("%+.3f%s", float64(r.TournamentMargin()), flag)
}

// isNumber reports whether s is a non-empty string of digits.
func isNumber(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// Write writes each game with Format, one a line.
func Write(w io.Writer, games []*game.Game) error {
	for _, g := range games {
		if _, err := io.WriteString(w, Format(g)+"\n"); err != nil {
			return fmt.Errorf("ggf: %w", err)
		}
	}
	return nil
}
