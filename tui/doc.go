// Package tui is the full-screen terminal front-end of a refereed game:
// the board redrawn in place with colour, a cursor moved by the arrow
// keys or hjkl or to a square typed as d3, and Enter (or space) to play
// it; the legal moves and the last move marked; both sides' discs and
// clocks; what the computer thinks while it thinks (depth, value with its
// unit and the side it is for, principal variation, nodes per second);
// the move list;
// undo, hints (the value of every move, from an analysis), resign, and
// stop and count (the course's Q) as keys of their own; in English,
// Simplified or Traditional Chinese.
//
// The UI plays no game logic: the referee (package referee) runs the game.
// A human seat is a [player.Player] (UI.Seat) whose moves come from the
// keys; the referee's events (UI.Observe) and the thinking of the
// computer (UI.Progress) go to the screen, and a human's clock waits for
// the screen (UI.Ready):
//
//	ui := tui.New(tui.Config{Names: names, Humans: humans})
//	cfg := referee.Config{Observe: ui.Observe, Progress: ui.Progress, Ready: ui.Ready}
//	g, err := ui.Run(ctx, os.Stdin, os.Stdout, func(ctx context.Context) (*game.Game, error) {
//		return referee.Play(ctx, ui.Seat(board.Black), computer, cfg)
//	})
//
// The screen is drawn in the terminal's alternate screen, which is left as
// it was found, by bubbletea and lipgloss.
//
// It is an edge package: beside bubbletea and lipgloss it imports board,
// game, player, referee, textboard and web (its strings in three
// languages, shared with the web GUI's tables). reversi play uses it when
// standard input and output are a terminal.
package tui
