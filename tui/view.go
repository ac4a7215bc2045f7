// The screen: the board with the cursor, the legal moves and the last
// move, the move list under it; beside it the players' discs and clocks,
// what the computer thinks and the hints, as many as the height allows;
// the message and the keys. All of it fits 80x24.

package tui

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/opening"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/textboard"
)

// The smallest screen the UI draws on (the board and the status).
const (
	minWidth  = 28
	minHeight = 14
)

// The styles of the screen.
var (
	boardStyle  = lipgloss.NewStyle().Background(lipgloss.Color("#2E7D32"))
	blackStyle  = boardStyle.Foreground(lipgloss.Color("#000000"))
	whiteStyle  = boardStyle.Foreground(lipgloss.Color("#FFFFFF"))
	legalStyle  = boardStyle.Foreground(lipgloss.Color("#C5E1A5"))
	cursorStyle = boardStyle.Foreground(lipgloss.Color("#FFEB3B")).Bold(true)
	lastStyle   = lipgloss.NewStyle().Background(lipgloss.Color("#9E9D24"))
	titleStyle  = lipgloss.NewStyle().Bold(true)
	dimStyle    = lipgloss.NewStyle().Faint(true)
	alertStyle  = lipgloss.NewStyle().Foreground(lipgloss.Color("#FF7043")).Bold(true)
	resultStyle = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#FFD54F"))
)

// The glyphs of the board.
const (
	blackDisc = "●"
	whiteDisc = "○"
	legalMark = "·"
)

// View draws the screen in the alternate screen buffer, which is left
// as it was found when the program ends.
func (m *model) View() tea.View {
	v := tea.NewView(m.render())
	if m.shown != nil {
		m.shown()
	}
	v.AltScreen = true
	v.WindowTitle = m.tx.T("app.name")
	return v
}

// The layout: the board on the left, boardWidth cells wide, with the move
// list under it; the panel on its right when at least minPanel cells are
// left for it, else under the board.
const (
	boardWidth = 2 + 8*3
	boardRows  = 9
	gap        = 2
	minPanel   = 30
)

// render returns the screen as text with styles. Every part has its
// place within the terminal's size: the header and the keys at the top
// and the bottom, the board, the status and the values of the moves
// (best first) always, the rest as room allows (see fitPanel).
func (m *model) render() string {
	if m.width < minWidth || m.height < minHeight {
		return lipgloss.NewStyle().Width(max(m.width, 1)).Render(m.tx.T("tui.tooSmall",
			"w", strconv.Itoa(m.width), "h", strconv.Itoa(m.height),
			"minW", strconv.Itoa(minWidth), "minH", strconv.Itoa(minHeight)))
	}
	header := pack(m.header(), " · ", m.width)
	var bottom, help []string
	if m.message != "" {
		bottom = append(bottom, wrap(alertStyle.Render(m.message), m.width)...)
	}
	switch {
	case m.over:
		bottom = append(bottom, titleStyle.Render(m.tx.T("tui.quit")))
	case m.typed != "":
		bottom = append(bottom, m.tx.T("tui.typed", "typed", m.typed))
	case m.picked:
		bottom = append(bottom, m.tx.T("tui.picked", "square", m.cursor.String()))
	}
	if !m.over {
		help = pack(strings.Split(m.tx.T("tui.help"), " · "), " · ", m.width)
		for i, l := range help {
			help[i] = dimStyle.Render(l)
		}
	}
	// On a small terminal the board goes first: the header in one line,
	// then no keys.
	if len(header)+boardRows+len(bottom)+len(help) > m.height {
		header = []string{ansi.Truncate(strings.Join(header, " · "), m.width, "…")}
	}
	if len(header)+boardRows+len(bottom)+len(help) > m.height {
		help = nil
	}
	bottom = append(bottom, help...)
	rows := m.height - len(header) - len(bottom) // for the board, the panel and the moves
	var top []string
	if panelWidth := m.width - boardWidth - gap; panelWidth >= minPanel {
		left := strings.Split(m.board(), "\n")
		if moves := m.moveList(boardWidth, rows-boardRows-1); len(moves) > 0 {
			left = append(append(left, ""), moves...)
		}
		right := fitPanel(m.panel(panelWidth), rows)
		for i := range max(len(left), len(right)) {
			l, r := "", ""
			if i < len(left) {
				l = left[i]
			}
			if i < len(right) {
				r = right[i]
			}
			top = append(top, padRight(l, boardWidth)+strings.Repeat(" ", gap)+r)
		}
	} else {
		top = strings.Split(m.board(), "\n")
		top = append(top, fitPanel(m.panel(m.width), rows-boardRows)...)
		top = append(top, m.moveList(m.width, rows-len(top))...)
	}
	screen := append(append(header, top...), bottom...)
	if len(screen) > m.height {
		screen = screen[:m.height]
	}
	for i, l := range screen {
		if lipgloss.Width(l) > m.width {
			screen[i] = ansi.Truncate(l, m.width, "")
		}
	}
	return strings.Join(screen, "\n")
}

// pack writes parts joined by sep in lines of at most width cells,
// breaking between parts, and a part longer than a line within it.
func pack(parts []string, sep string, width int) []string {
	var out []string
	line := ""
	for _, p := range parts {
		switch {
		case line == "":
			line = p
		case lipgloss.Width(line)+lipgloss.Width(sep)+lipgloss.Width(p) <= width:
			line += sep + p
		default:
			out = append(out, wrap(line, width)...)
			line = p
		}
	}
	return append(out, wrap(line, width)...)
}

// wrap breaks s into lines of at most width cells, between words where it
// can (Chinese anywhere).
func wrap(s string, width int) []string {
	return strings.Split(ansi.Wrap(s, width, ""), "\n")
}

// header says who plays whom, under which rule and clock, in parts
// that the screen's width breaks between.
func (m *model) header() []string {
	return []string{titleStyle.Render(m.tx.T("app.name")), m.tx.T("tui.players", "black", m.seat(board.Black), "white", m.seat(board.White)),
		m.tx.T("tui.rule." + m.g.Rule.String()), m.limits()}
}

// limits says the time limits of the moves: one for both seats, or each
// side's.
func (m *model) limits() string {
	limit := func(d time.Duration) string {
		if d <= 0 {
			return m.tx.T("tui.noLimit")
		}
		return m.tx.T("tui.perMove", "n", m.tx.duration(d))
	}
	b, w := m.cfg.MoveTimes[board.Black], m.cfg.MoveTimes[board.White]
	if b == w || b <= 0 && w <= 0 {
		return limit(b)
	}
	return m.tx.T("tui.limits", "black", limit(b), "white", limit(w))
}

// seat names the player of c with its side: "roxanne (white)".
func (m *model) seat(c board.Color) string {
	name := m.cfg.Names[c]
	if name == "" || name == c.String() {
		return m.side(c)
	}
	return m.tx.T("tui.seat", "name", name, "side", m.side(c))
}

// board draws the board: columns A-H, rows 1-8, each square three cells
// wide: the disc or the legal move's mark between the cursor's brackets.
func (m *model) board() string {
	pos := m.g.Position()
	legal := uint64(0)
	if !m.g.Finished() && !m.over {
		legal = m.g.Legal()
	}
	last := m.g.LastMove()
	showCursor := !m.over && (m.cfg.Humans[board.Black] || m.cfg.Humans[board.White])
	var b strings.Builder
	b.WriteString("  ")
	for col := 0; col < 8; col++ {
		fmt.Fprintf(&b, " %c ", 'A'+col)
	}
	for row := 0; row < 8; row++ {
		fmt.Fprintf(&b, "\n%d ", row+1)
		for col := 0; col < 8; col++ {
			sq := board.SquareAt(row, col)
			glyph, style := " ", boardStyle
			switch pos.At(sq) {
			case board.Black:
				glyph, style = blackDisc, blackStyle
			case board.White:
				glyph, style = whiteDisc, whiteStyle
			default:
				if legal&sq.Bit() != 0 {
					glyph, style = legalMark, legalStyle
				}
			}
			edge := boardStyle
			if sq == last {
				style = style.Background(lastStyle.GetBackground())
				edge = edge.Background(lastStyle.GetBackground())
			}
			left, right := " ", " "
			if showCursor && sq == m.cursor {
				left, right = "[", "]"
				edge = cursorStyle.Background(edge.GetBackground())
			}
			b.WriteString(edge.Render(left) + style.Render(glyph) + edge.Render(right))
		}
	}
	return b.String()
}

// section is a part of the panel: its lines, and whether it may go when
// the panel is taller than the screen (fitPanel).
type section struct {
	lines []string
	// drop orders the sections that may go, the highest first; 0: it
	// stays.
	drop int
	// more, if not nil, lets the section lose its last lines instead
	// (keeping at least keep of them), with a line saying how many.
	more func(n int) string
	keep int
}

// The order in which the panel's parts go on a small screen.
const (
	stays = iota
	dropThought
	dropLastMove
	dropOpening
	dropLine
	dropBlank
)

// fitPanel returns the lines of the sections in at most rows lines: the
// sections that may go go, highest drop first (the last of equals), and
// then the values of the moves are cut (the best kept) with a count of
// the rest.
func fitPanel(sections []section, rows int) []string {
	total := 0
	for _, s := range sections {
		total += len(s.lines)
	}
	for total > rows {
		at := -1
		for i, s := range sections {
			if s.drop > 0 && (at < 0 || s.drop >= sections[at].drop) {
				at = i
			}
		}
		if at < 0 {
			break
		}
		total -= len(sections[at].lines)
		sections = append(sections[:at:at], sections[at+1:]...)
	}
	var out []string
	for _, s := range sections {
		if s.more != nil && total > rows && len(s.lines) > s.keep {
			keep := max(len(s.lines)-(total-rows)-1, s.keep)
			left := len(s.lines) - keep
			total -= left - 1
			s.lines = append(s.lines[:keep:keep], dimStyle.Render(s.more(left)))
		}
		out = append(out, s.lines...)
	}
	if len(out) > rows {
		out = out[:max(rows, 0)]
	}
	return out
}

// panel is the column beside the board, width cells wide: the players,
// the state of the game, what the computer thinks, the hints; in
// sections, for fitPanel.
func (m *model) panel(width int) []section {
	pos := m.g.Position()
	var out []section
	add := func(drop int, lines ...string) {
		var wrapped []string
		for _, l := range lines {
			wrapped = append(wrapped, wrap(l, width)...)
		}
		out = append(out, section{lines: wrapped, drop: drop})
	}
	blank := func() { add(dropBlank, "") }
	nameWidth := 0
	for _, c := range []board.Color{board.Black, board.White} {
		nameWidth = max(nameWidth, lipgloss.Width(m.seat(c)))
	}
	toMove := pos.Turn
	running := !m.over && !m.g.Finished()
	var seats []string
	for _, c := range []board.Color{board.Black, board.White} {
		glyph := blackDisc
		if c == board.White {
			glyph = whiteDisc
		}
		n := pos.Count(c)
		discs := m.tx.T("tui.discs", "n", fmt.Sprintf("%2d", n))
		if n == 1 { // as wide as the plural, for the column after it
			discs = padRight(m.tx.T("tui.disc", "n", " 1"), lipgloss.Width(m.tx.T("tui.discs", "n", "00")))
		}
		used := m.used[c]
		if running && c == toMove {
			used += m.now().Sub(m.since)
		}
		name := m.seat(c)
		line := fmt.Sprintf("%s %s%s  %s  %s", glyph, name, strings.Repeat(" ", max(nameWidth-lipgloss.Width(name), 0)),
			discs, m.tx.T("tui.total", "clock", clock(used)))
		if running && c == toMove {
			mark := m.tx.T("tui.toMove") // "◀ to move", or its arrow alone where the words do not fit
			if lipgloss.Width(line)+2+lipgloss.Width(mark) > width {
				mark, _, _ = strings.Cut(mark, " ")
			}
			line = titleStyle.Render(line) + "  " + mark
		}
		seats = append(seats, ansi.Truncate(line, width, "…"))
	}
	out = append(out, section{lines: seats})
	if n := len(m.g.Moves); n > 0 && m.g.Moves[n-1].Square.OnBoard() {
		last := m.g.Moves[n-1] // marked on the board by its colour, named here
		add(dropLastMove, dimStyle.Render(m.tx.T("tui.lastMove", "move", last.Square.String(), "side", m.side(last.Color))))
	}
	if o := m.opening(); o != "" {
		add(dropOpening, dimStyle.Render(o))
	}
	blank()
	switch {
	case m.over || m.g.Finished():
		add(stays, m.result()...)
	case m.turn != nil:
		s := m.tx.T("tui.yourMove", "name", m.cfg.Names[toMove], "side", m.side(toMove))
		if m.cfg.Names[toMove] == "" || m.cfg.Names[toMove] == toMove.String() {
			s = m.tx.T("tui.sideMove", "side", m.tx.T("color."+toMove.String())) // two humans, named by their sides
		}
		status := []string{titleStyle.Render(s)}
		if left := m.turn.req.TimeLeft; left > 0 {
			rest := left - m.now().Sub(m.since)
			left := m.tx.T("tui.left", "n", strconv.Itoa(int(math.Max(0, rest.Seconds()))))
			if rest < 10*time.Second {
				left = alertStyle.Render(left) // move now, or lose on time
			}
			status = append(status, left)
		}
		add(stays, status...)
	default:
		add(stays, m.tx.T("tui.thinking", "name", m.cfg.Names[toMove], "side", m.side(toMove)))
		if m.live != nil {
			m.addThinking(add, m.live, toMove, m.now().Sub(m.since), pos.Board.Empties())
		}
	}
	if !m.over && m.live == nil {
		// What the computer thought of its last move.
		if c := pos.Turn.Other(); !m.cfg.Humans[c] && m.last[c] != nil && m.g.LastMove().OnBoard() {
			blank()
			add(dropThought, m.tx.T("tui.last", "name", m.cfg.Names[c], "move", m.g.LastMove().String()))
			m.addThinking(add, m.last[c], c, 0, pos.Board.Empties()+1) // before the move
		}
	}
	if m.hintRunning {
		blank()
		add(stays, m.tx.T("analysis.running"))
	}
	if m.hints != nil && m.hintsPly == m.g.Ply() && !m.over {
		blank()
		hints := m.hintLines(m.hints, toMove, pos.Board.Empties())
		lines := wrap(hints[0], width)
		for _, l := range hints[1:] {
			lines = append(lines, ansi.Truncate(l, width, "…"))
		}
		out = append(out, section{lines: lines, keep: len(lines) - len(hints) + 1 + min(3, len(hints)-1),
			more: func(n int) string { return m.tx.T("tui.moreHints", "n", strconv.Itoa(n)) }})
	}
	return out
}

// addThinking adds what a player thought (thinking) as two sections: its
// figures, which go with the rest of its thought, and its line, which
// goes sooner. empties are the empty squares of the position it thought
// about.
func (m *model) addThinking(add func(int, ...string), t *player.Thinking, c board.Color, elapsed time.Duration, empties int) {
	lines := m.thinking(t, c, elapsed, empties)
	if len(t.PV) > 0 {
		pv := lines[len(lines)-1]
		add(dropThought, lines[:len(lines)-1]...)
		add(dropLine, pv)
		return
	}
	add(dropThought, lines...)
}

// opening names the opening the game has reached, as the web GUI does:
// in the UI's language with the English name after it; "" if none.
func (m *model) opening() string {
	o, ok := opening.Of(m.g)
	if !ok {
		return ""
	}
	label := m.tx.T("game.opening")
	if !strings.HasSuffix(label, "：") { // a full-width colon has its space
		label += " "
	}
	full, key := o.String(), "opening."+o.Name
	if here := m.tx.T(key); here != key && here != o.Name {
		return label + here + " (" + full + ")"
	}
	return label + full
}

// thinking writes what a player of colour c reported: its value with
// unit and side, how it was found (depth), nodes per second, and
// principal variation. elapsed is the time it has thought, if the report
// does not say; empties are the empty squares of the position.
func (m *model) thinking(t *player.Thinking, c board.Color, elapsed time.Duration, empties int) []string {
	var parts []string
	if t.HasEval {
		parts = append(parts, m.tx.T("tui.valueFor", "value", m.value(t.Eval, t.Unit, t.Kind), "side", m.side(c)))
	}
	if d := m.source(t.Source, empties); d != "" {
		if t.Stopped {
			d = m.tx.T("depth.stopped", "depth", d)
		}
		parts = append(parts, d)
	}
	if t.Elapsed > 0 {
		elapsed = t.Elapsed
	}
	if t.Nodes > 0 {
		if elapsed > 0 {
			parts = append(parts, m.tx.T("tui.nps", "n", strconv.FormatFloat(float64(t.Nodes)/elapsed.Seconds(), 'f', 0, 64)))
		} else {
			parts = append(parts, m.tx.T("tui.nodes", "n", strconv.FormatUint(t.Nodes, 10)))
		}
	}
	out := []string{}
	if len(parts) > 0 {
		out = append(out, strings.Join(parts, " · "))
	}
	if len(t.PV) > 0 {
		out = append(out, m.tx.T("tui.line", "pv", textboard.Variation(t.PV)))
	}
	return out
}

// hintLines writes the values of every move of an analysis for side, the
// side to move, best first, with how each was found in a few words
// (hintSource); empties are the empty squares of the position.
func (m *model) hintLines(t *player.Thinking, side board.Color, empties int) []string {
	unit := m.tx.T("tui.unit.discs")
	switch t.Unit {
	case player.UnitPoints:
		unit = m.tx.T("tui.unit.points")
	case player.UnitRate:
		unit = m.tx.T("tui.unit.rate")
	}
	out := []string{m.tx.T("tui.hints", "side", m.side(side), "unit", unit)}
	for _, mv := range t.Moves {
		v := "?"
		if mv.HasEval {
			v = m.value(mv.Eval, mv.Unit, mv.Kind)
		}
		line := fmt.Sprintf("%-3v ", mv.Move) + padRight(v, 12)
		if d := m.hintSource(mv.Source, empties); d != "" {
			line += " " + padLeft(d, 5)
		}
		if len(mv.PV) > 0 {
			line += "  " + textboard.Variation(mv.PV[:min(len(mv.PV), 6)])
		}
		out = append(out, line)
	}
	return out
}

// source says in words how a value was found, in a position with empties
// empty squares: "depth 12", "depth 18 at 95%" (a selective midgame
// search), "26 empties at 87%" (a search to the end with selective cuts),
// "exact, 20 empties", "win/loss/draw, 20 empties", "opening book, depth
// 16"; "" when unknown. NBoard's and Edax's "26@87%" and "100%" are for
// engines, not for people.
func (m *model) source(s player.Source, empties int) string {
	depth := strconv.Itoa(s.Depth)
	switch s.Kind {
	case player.KindUnknown:
		return ""
	case player.Exact:
		return m.tx.T("tui.source.exact", "n", depth)
	case player.WLD:
		return m.tx.T("tui.source.wld", "n", depth)
	case player.Book:
		return m.tx.T("tui.bookDepth", "depth", depth) // the depth of the search that valued the book
	case player.Selective:
		p := strconv.Itoa(s.Probability)
		if s.Depth == 0 || s.Depth >= empties {
			return m.tx.T("tui.source.toEnd", "n", strconv.Itoa(empties), "p", p)
		}
		return m.tx.T("tui.depth", "depth", m.tx.T("depth.probability", "depth", depth, "p", p))
	}
	return m.tx.T("tui.depth", "depth", depth)
}

// hintSource says as source does, in a few characters for the column of
// the hints: "10", "18 at 95%", "end 87%", "exact", "W/L/D", "book".
func (m *model) hintSource(s player.Source, empties int) string {
	switch s.Kind {
	case player.KindUnknown:
		return ""
	case player.Exact:
		return m.tx.T("value.exact")
	case player.WLD:
		return m.tx.T("value.wld")
	case player.Book:
		return m.tx.T("value.book")
	case player.Selective:
		p := strconv.Itoa(s.Probability)
		if s.Depth == 0 || s.Depth >= empties {
			return m.tx.T("tui.hint.toEnd", "p", p)
		}
		return m.tx.T("tui.hint.selective", "depth", strconv.Itoa(s.Depth), "p", p)
	}
	return strconv.Itoa(s.Depth)
}

// value writes a value with its unit as textboard.Value does, in the
// UI's language.
func (m *model) value(v float64, u player.Unit, k player.Kind) string {
	switch u {
	case player.UnitPoints:
		return m.tx.T("tui.value.points", "v", textboard.Signed(v, 1))
	case player.UnitRate:
		return m.tx.T("tui.value.rate", "v", fmt.Sprintf("%.1f", 100*v))
	}
	switch {
	case k == player.WLD && v > 0:
		return m.tx.T("tui.value.win")
	case k == player.WLD && v < 0:
		return m.tx.T("tui.value.loss")
	case k == player.WLD:
		return m.tx.T("tui.value.draw")
	case k == player.Exact && math.Abs(v) == 1:
		return m.tx.T("tui.value.disc", "v", textboard.Signed(v, 0))
	case k == player.Exact:
		return m.tx.T("tui.value.discs", "v", textboard.Signed(v, 0))
	}
	return m.tx.T("tui.value.discs", "v", textboard.Signed(v, 1))
}

// result writes the end of the game: who won and how, the final discs.
func (m *model) result() []string {
	r := m.g.Result
	if m.stopped || r.Reason == game.InProgress {
		return []string{resultStyle.Render(m.tx.T("tui.stopped"))}
	}
	who := m.tx.T("result.draw")
	if c := r.Winner; c != board.NoColor {
		if n := m.cfg.Names[c]; n == "" || n == c.String() {
			who = m.tx.T("tui.sideWins", "side", m.tx.T("color."+c.String())) // named by the side
		} else {
			who = m.tx.T("result.wins", "name", n, "side", m.side(c))
		}
	}
	black, white := strconv.Itoa(r.Black), strconv.Itoa(r.White)
	var s string
	switch r.Reason {
	case game.Normal:
		s = m.tx.T("result.scored", "who", who, "black", black, "white", white)
	case game.Counted:
		s = m.tx.T("result.scoredBy", "who", who, "black", black, "white", white, "by", m.side(r.By), "why", m.tx.T("why.counted"))
	default:
		detail := ""
		if d := m.tx.detail(r.Detail, m.cfg.Lang); d != "" {
			detail = m.tx.T("result.detail", "detail", d)
		}
		s = m.tx.T("result.rule", "who", who, "by", m.side(r.By), "why", m.why(r.Reason), "detail", detail, "black", black, "white", white)
	}
	return []string{resultStyle.Render(m.tx.T("tui.over")), resultStyle.Render(s)}
}

// why says how a game ended by a rule, as the web GUI says it.
func (m *model) why(r game.Reason) string {
	switch r {
	case game.Resignation:
		return m.tx.T("why.resignation")
	case game.Timeout:
		return m.tx.T("why.timeout")
	case game.IllegalMoves:
		return m.tx.T("why.illegal")
	case game.Forfeit:
		return m.tx.T("why.forfeit")
	case game.Counted:
		return m.tx.T("why.counted")
	}
	return r.String()
}

// moveList writes the moves, numbered, wrapped to width, in at most rows
// lines (the newest kept); none if there is no room.
func (m *model) moveList(width, rows int) []string {
	if rows < 2 {
		return nil
	}
	title := titleStyle.Render(m.tx.T("game.moves"))
	var items []string
	n := 0
	for i, mv := range m.g.Moves {
		text := mv.Square.String()
		if mv.Square == board.Pass {
			text = m.tx.T("game.pass")
		}
		if i == 0 || mv.Color == board.Black {
			n++
			prefix := strconv.Itoa(n) + "."
			if mv.Color == board.White {
				prefix += ".."
			}
			text = prefix + text
		}
		items = append(items, text)
	}
	if len(items) == 0 {
		return []string{title, dimStyle.Render(m.tx.T("tui.noMoves"))}
	}
	var out []string
	line := ""
	for _, it := range items {
		if line != "" && lipgloss.Width(line)+1+lipgloss.Width(it) > width {
			out = append(out, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += it
	}
	out = append(out, line)
	if len(out) > rows-1 {
		out = out[len(out)-(rows-1):]
	}
	return append([]string{title}, out...)
}

// clock writes a duration as minutes and seconds, "1:05".
func clock(d time.Duration) string {
	s := int(d.Seconds())
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

func padLeft(s string, n int) string {
	if w := lipgloss.Width(s); w < n {
		return strings.Repeat(" ", n-w) + s
	}
	return s
}

func padRight(s string, n int) string {
	if w := lipgloss.Width(s); w < n {
		return s + strings.Repeat(" ", n-w)
	}
	return s
}
