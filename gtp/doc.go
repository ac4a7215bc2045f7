// Package gtp speaks the Go Text Protocol (GTP, version 2) as Othello
// programs use it: Quarry drives its engines with it, and GRhino's
// gtp-rhino is one.
//
// A controller sends one command a line, "[id] name [arguments]"; the
// engine answers each in turn with "=[id] text" on success or "?[id]
// message" on failure, followed by a blank line. Squares ("vertices")
// are a column A-H and a row 1-8, row 1 at the top, as reversi and GRhino
// write them ("D3"); "pass" passes. The commands:
//
//	protocol_version, name, version   who the engine is ("2", "reversi", ...)
//	list_commands, known_command X     what it understands
//	boardsize 8, clear_board           a new game from the standard start
//	komi N                             accepted and ignored (Othello has none)
//	play <b|w> <vertex|pass>           a move was made
//	genmove <b|w>                      make a move and say it: a vertex, "pass" or "resign"
//	undo                               take the last move back
//	showboard, final_score             the board; the score of a finished game ("B+12")
//	time_settings M B S, time_left C T S   the clock: main time M, byo-yomi B for S moves; what is left
//	quit                               end the session
//
// [Serve] is the engine side (reversi gtp): it answers those commands
// with any player.Player, plus reversi-setup_board <64 squares> [X|O]
// (GRhino's grhino-setup_board under reversi's name) for a game from
// another position. A forced pass may be played ("play w pass") or left
// out, as GRhino leaves it out; undo takes back the last move that is
// not a pass, with the passes around it. An unknown command, a wrong
// argument or an illegal move gets a "?" answer that says why and
// changes nothing.
//
// [Client] is the controller side, a player.Player for refereed games
// that runs an engine as a child process (the catalog's
// "gtp:<command line>"). It asks the engine for its name, version and
// commands and for an 8x8 board, then before each genmove tells it the
// moves it has not seen (clear_board and the whole game again when the
// game is not the one it knows: after an undo, a refused move or a new
// game), and the clock if the game has one and the engine lists
// time_left: a game clock as main time, a per-move limit as a byo-yomi
// period of one move. A game from another start position is set up with
// one of [SetupCommands] if the engine lists it, and refused otherwise;
// a game under the no-adjacent rule is refused (GTP cannot say it). The
// engine's answers go to the referee as what they are: a square (legal or
// not), a pass, something that is not a move (board.NoSquare), a
// resignation; an engine that exits, answers genmove with "?" or writes
// a line that is not an answer loses the game by forfeit, and one that
// does not answer in time is killed.
package gtp
