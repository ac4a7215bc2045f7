// The usual take-back rule of a game between humans and computers.

package referee

import "github.com/reversi-engine/reversi/board"

// TakeBacks returns the Config.AllowUndo of the usual rule, by colour: a
// human (human[c]) may take back its moves when it plays a computer
// (computer[c.Other()]), never against another human or a program that
// plays for someone else, whose reply it would take back too. reversi
// play gives its games this rule; the game server decides the same, its
// built-in players being the computers.
func TakeBacks(human, computer [2]bool) [2]bool {
	var allow [2]bool
	for _, c := range []board.Color{board.Black, board.White} {
		allow[c] = human[c] && computer[c.Other()]
	}
	return allow
}
