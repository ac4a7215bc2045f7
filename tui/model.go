// The state of the screen and what each key and each report of the game
// does to it (bubbletea's model; View draws it, in view.go).

package tui

import (
	"context"
	"errors"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/referee"
)

// turn is a human seat's request for a move, waiting for the keys.
type turn struct {
	color board.Color
	req   player.Request
	reply chan player.Reply // buffered: the model never waits on it
}

// The messages from the game to the model.
type (
	// eventMsg is an event of the referee.
	eventMsg struct {
		ev referee.Event
		at time.Time
	}
	// progressMsg is what the player to move reports while it thinks.
	progressMsg struct {
		color    board.Color
		thinking player.Thinking
		at       time.Time
		seq      uint64 // the report's number: a later report has a larger one
	}
	// turnMsg asks the human of t.color for a move.
	turnMsg struct {
		t  *turn
		at time.Time
	}
	// turnOverMsg says that the request of t has ended without a reply
	// from the keys (its time ran out, the game was stopped).
	turnOverMsg struct{ t *turn }
	// hintMsg is the analysis asked for with the hint key, for the
	// position after ply moves.
	hintMsg struct {
		ply      int
		thinking *player.Thinking
		err      error
	}
	// gameOverMsg says that the referee has returned.
	gameOverMsg struct {
		g   *game.Game
		err error
	}
	// tickMsg redraws the clocks.
	tickMsg time.Time
)

// confirmation is an action that waits for the key y.
type confirmation uint8

const (
	noConfirm confirmation = iota
	confirmResign
	confirmCount
)

// model is the UI's state. Its methods run on bubbletea's goroutine only.
type model struct {
	cfg   Config
	tx    text
	now   func() time.Time
	stop  func() // stops the game (Ctrl-C)
	shown func() // called when the screen is drawn
	// hint runs the analysis of g's position for the hint key; nil if
	// there are no hints.
	hint func(ctx context.Context, g *game.Game) (*player.Thinking, error)

	width, height int

	g       *game.Game          // the game as the last event left it
	used    [2]time.Duration    // the clocks at the last event
	since   time.Time           // when the side to move started thinking
	turn    *turn               // the request of the human to move, if any
	cursor  board.Square        // the square of the cursor
	typed   string              // a column letter typed, waiting for its row
	picked  bool                // the cursor is on a square typed (d3), which Enter plays
	confirm confirmation        // an action waiting for y
	message string              // the last explanation or refusal
	live    *player.Thinking    // what the computer to move reported last
	liveSeq uint64              // the number of that report
	last    [2]*player.Thinking // what each side reported with its last move

	hints       *player.Thinking // the values of the moves, for hintsPly
	hintsPly    int
	hintRunning bool
	hintCancel  context.CancelFunc

	over    bool  // the referee has returned
	stopped bool  // the game was stopped before its end
	err     error // the referee's error, if any
	quit    bool
}

// newModel returns the model of a game as cfg describes it, at its start.
func newModel(cfg Config, now func() time.Time) *model {
	g := cfg.Game
	if g == nil {
		g = game.New(board.Start(), game.Standard)
	}
	m := &model{cfg: cfg, tx: loadText(cfg.Lang), now: now, g: g.Clone(), since: now(), width: 80, height: 24}
	m.cfg.Names = m.tx.seatNames(cfg.Names)
	m.cursor = firstLegal(m.g.Legal())
	if m.cursor == board.NoSquare {
		m.cursor = board.SquareAt(3, 3)
	}
	return m
}

// firstLegal returns the first square of legal, NoSquare if it is empty.
func firstLegal(legal uint64) board.Square {
	for sq := board.Square(0); sq < 64; sq++ {
		if legal&sq.Bit() != 0 {
			return sq
		}
	}
	return board.NoSquare
}

// Init starts the clock's ticks.
func (m *model) Init() tea.Cmd { return tick() }

func tick() tea.Cmd {
	return tea.Tick(500*time.Millisecond, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// Update applies a message to the model.
func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tickMsg:
		if m.over {
			return m, nil
		}
		return m, tick()
	case eventMsg:
		m.event(msg.ev, msg.at)
	case progressMsg:
		if !m.g.Finished() && msg.color == m.g.Position().Turn && m.turn == nil && (m.live == nil || msg.seq > m.liveSeq) {
			t := msg.thinking
			m.live, m.liveSeq = &t, msg.seq
		}
	case turnMsg:
		m.turn = msg.t
		m.since = msg.at
		m.typed, m.picked, m.confirm = "", false, noConfirm
		if n := len(msg.t.req.Rejected); n > 0 {
			m.message = msg.t.req.Rejected[n-1].Reason
		}
		if msg.t.req.Legal&m.cursor.Bit() == 0 {
			m.cursor = firstLegal(msg.t.req.Legal)
		}
	case turnOverMsg:
		if m.turn == msg.t {
			m.turn = nil
			m.cancelHint()
		}
	case hintMsg:
		m.hintRunning = false
		if msg.ply != m.g.Ply() {
			break
		}
		if msg.err != nil {
			if !errors.Is(msg.err, context.Canceled) {
				m.message = m.tx.T("tui.hintError", "err", msg.err.Error())
			}
			break
		}
		m.hints, m.hintsPly = msg.thinking, msg.ply
	case gameOverMsg:
		m.over, m.turn = true, nil
		m.cancelHint()
		m.err = msg.err
		if msg.g != nil {
			m.g = msg.g
		}
		if msg.err != nil {
			m.stopped = true
			return m, tea.Quit // the command says why, on the terminal
		}
	case tea.KeyPressMsg:
		return m, m.key(msg)
	}
	return m, nil
}

// event applies a referee's event.
func (m *model) event(ev referee.Event, at time.Time) {
	m.g, m.used = ev.Game, ev.Used
	switch ev.Kind {
	case referee.Moved:
		m.last[ev.Color] = ev.Thinking
		m.message = ""
	case referee.Passed:
		m.message = m.tx.T("status.passed", "side", m.side(ev.Color))
	case referee.Undone:
		m.message = m.tx.T("tui.undone", "name", m.cfg.Names[ev.Color])
		m.last = [2]*player.Thinking{}
	case referee.Rejected:
		if !m.cfg.Humans[ev.Color] {
			m.message = ev.Reason
		}
		return // the same player is asked again, its clock running
	}
	if ev.Kind != referee.Started || m.since.IsZero() {
		m.since = at
	}
	m.live = nil
	m.cancelHint()
	if m.hintsPly != m.g.Ply() {
		m.hints = nil
	}
}

// cancelHint stops an analysis running for the hint key.
func (m *model) cancelHint() {
	if m.hintCancel != nil {
		m.hintCancel()
		m.hintCancel = nil
	}
	m.hintRunning = false
}

// key applies a key press.
func (m *model) key(k tea.KeyPressMsg) tea.Cmd {
	s := k.String()
	if s == "ctrl+c" {
		if !m.over {
			m.message = m.tx.T("tui.stopping")
			if m.stop != nil {
				m.stop()
			}
			return nil
		}
		m.quit = true
		return tea.Quit
	}
	if m.over {
		switch s {
		case "q", "Q", "esc", "enter":
			m.quit = true
			return tea.Quit
		}
		return nil
	}
	if m.confirm != noConfirm {
		c := m.confirm
		m.confirm, m.message = noConfirm, ""
		if s != "y" && s != "Y" || m.turn == nil {
			return nil
		}
		if c == confirmResign {
			m.reply(player.Reply{Resign: true})
		} else {
			m.reply(player.Reply{Count: true})
		}
		return nil
	}
	typed := m.typed
	m.typed, m.picked = "", false
	if typed != "" && len(s) == 1 && s[0] >= '1' && s[0] <= '8' {
		// A typed square only moves the cursor: Enter or space plays
		// it, as Enter ends a move in the line mode. Played at once, the
		// Enter typed after it would play the cursor's square of the
		// next turn as well.
		m.cursor = board.SquareAt(int(s[0]-'1'), int(typed[0]-'a'))
		m.picked = true
		if m.turn != nil && m.turn.req.Legal&m.cursor.Bit() == 0 {
			m.message = m.notLegal(m.cursor)
			m.picked = false
		}
		return nil
	}
	switch s {
	case "up", "k":
		m.move(-1, 0)
	case "down", "j":
		m.move(1, 0)
	case "left", "h":
		m.move(0, -1)
	case "right", "l":
		m.move(0, 1)
	case "enter", "space":
		return m.play(m.cursor)
	case "u", "U":
		if m.turn == nil {
			m.message = m.tx.T("tui.notYourTurn")
		} else if !m.turn.req.CanUndo {
			m.message = m.tx.T("tui.noUndo")
		} else {
			m.reply(player.Reply{Undo: true})
		}
	case "v", "V":
		return m.startHint()
	case "r", "R":
		m.ask(confirmResign, "game.resignConfirm")
	case "Q":
		m.ask(confirmCount, "tui.confirmCount")
	case "esc":
		m.message = ""
	}
	if len(s) == 1 && s[0] >= 'a' && s[0] <= 'h' {
		m.typed = s // h moves the cursor too: h3 is typed as well
	}
	return nil
}

// move moves the cursor, staying on the board.
func (m *model) move(drow, dcol int) {
	row, col := m.cursor.Row()+drow, m.cursor.Col()+dcol
	if row >= 0 && row < 8 && col >= 0 && col < 8 {
		m.cursor = board.SquareAt(row, col)
	}
}

// play sends sq as the human's move if it is legal, and explains why not
// otherwise: a key never costs an illegal move.
func (m *model) play(sq board.Square) tea.Cmd {
	switch {
	case m.turn == nil:
		m.message = m.tx.T("tui.notYourTurn")
	case m.turn.req.Legal&sq.Bit() == 0:
		m.message = m.notLegal(sq)
	default:
		m.reply(player.Reply{Move: sq})
	}
	return nil
}

// notLegal says that sq is not a legal move of the human to move.
func (m *model) notLegal(sq board.Square) string {
	return m.tx.T("game.notLegal", "square", sq.String(), "legal", board.FormatSquares(m.turn.req.Legal))
}

// ask asks to confirm an action of the human to move with y.
func (m *model) ask(c confirmation, key string) {
	if m.turn == nil {
		m.message = m.tx.T("tui.notYourTurn")
		return
	}
	m.confirm = c
	m.message = m.tx.T(key) + " " + m.tx.T("tui.confirmYes")
}

// reply answers the human's request.
func (m *model) reply(r player.Reply) {
	m.turn.reply <- r
	m.turn = nil
	m.message = ""
	m.cancelHint()
}

// startHint starts the analysis of the position for the human to move.
func (m *model) startHint() tea.Cmd {
	switch {
	case m.turn == nil:
		m.message = m.tx.T("tui.notYourTurn")
		return nil
	case m.hint == nil:
		m.message = m.tx.T("tui.hintsOff")
		return nil
	case m.hintRunning || m.hints != nil && m.hintsPly == m.g.Ply():
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.hintCancel, m.hintRunning = cancel, true
	g, ply, hint := m.g.Clone(), m.g.Ply(), m.hint
	return func() tea.Msg {
		t, err := hint(ctx, g)
		return hintMsg{ply: ply, thinking: t, err: err}
	}
}

// side names a colour ("black", "黑方").
func (m *model) side(c board.Color) string {
	if c == board.White {
		return m.tx.T("side.white")
	}
	return m.tx.T("side.black")
}
