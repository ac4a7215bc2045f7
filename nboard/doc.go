// Package nboard speaks the NBoard protocol, version 2: the line protocol
// between Othello GUIs and engines (NBoard, NTest, Edax).
//
// [Serve] is the engine side: it reads the GUI's commands and answers with
// reversi's engine. The GUI sends one command a line:
//
//	nboard 2                 enter the protocol (answer: set myname reversi)
//	set depth N              the midgame depth (1-60); the endgame depth follows it
//	set game <GGF>           the position: the end of this game, and its clock
//	set contempt N           the value of a draw for Black, in centi-discs (kept, not used)
//	move <sq>[/<eval>[/<time>]]   a move was played (PA for a pass), with its eval and time
//	go                       choose a move: "=== <move>/<eval>/<time>"
//	hint N                   the best N moves, as they improve: "search <pv> <eval> 0 <depth> <text>"
//	                         (in the book: "book <pv> <eval> <games> book depth <d>";
//	                         when the side to move must pass: "search PA<pv> <eval> 0 <depth>")
//	ping N                   stop thinking, then "pong N"
//	learn                    "learned"
//	analyze                  "analysis <moves made> <eval>" for each position of the game
//
// "set depth N" also says where the engine solves the endgame: exactly
// from max(N, min(N+6, 20)) empty squares, for win/loss/draw two earlier.
// A depth at least the empties of the position thus asks for its exact
// value, for "go" as for "hint" (set depth 60: solve): exact, never a
// selective search's value. Under a clock that depth is a bound, not an
// order: "go" starts a solve (exact, win/loss/draw, or selective with
// the engine's cuts a few empties earlier) only where the clock lets it
// finish, and plays the deepest midgame search it finished otherwise.
//
// "go" plays within the clock of the game that "set game" gave: its time
// control, the side's own (TB or TW) or the game's (TI), as GGS writes it,
// "main/increment/extension" ("05:00//02:00": 5 minutes, no increment),
// each part a GGF time "[[hh:]mm:]ss[.fff]" of at most a day (or empty,
// but the main time), less the times of the side's moves in the game
// (B[F5//1.5], or "move F5/0.5/1.5": a move sent by "move" keeps its
// eval and time in the game as those of "set game" do), plus an
// increment after each of them (a Fischer clock; the extension is not
// counted). A time control in another form ("1:00:00:00", "1e3") or over
// a day gets "status set game: time control TI[...]: <why>; ignored",
// and the side it times plays without a clock: the game is accepted (its
// position is right), the depth decides. A "move" whose eval or time
// cannot be read is refused as any malformed command is. The engine
// budgets its move from what is left, the moves left
// and the phase of the game (engine.Player.LimitsFor), says so ("status thinking
// (about 1.200 s, at most 3.600 s)") and answers within it, no deeper
// than the depth set; without a time control the depth alone decides. A
// game with a clock and no depth chosen ("set depth", or Options.Depth)
// is played as deep as the clock allows. Before "=== <move>/<eval>/<time>" it
// sends the "search" line of its value, so that the GUI sees how it was
// found. A "go" stopped before its first depth ended ("ping", or a clock
// too short for even that) has no value: it sends "nodestats" and
// "=== <move>" alone, the first move at hand, and no search line (its
// depth would be no depth at all); "hint" reports only depths that
// ended. [Client] tells an engine the referee's clock the same way; a
// per-move limit becomes a clock that holds the limit now and gets it back
// after each move (TI[limit/limit/], the engine's moves timed at the
// limit).
//
// With an opening book (Options.Book; reversi nboard uses the shipped one
// unless --book off), "go" and "hint" answer from the book in its
// positions, at once, with the protocol's book lines: "book <pv> <eval>
// <games> book depth <d>", the move's value in discs for the side to
// move, the games of the book's source that played it, "book" in the
// depth field (where a search writes its depth, so that the GUI shows
// the source) and the depth of the search that valued it in the book.
// "go" plays the best book move ("=== <move>/<eval>/0.000"); "hint N"
// sends the best N book moves and searches the other moves only if N
// asks for more than the book has. The book answers where the engine's
// player plays from it (engine.BookMoves): a position worth more than its
// best book move is played as out of the book (a book that "book build"
// made values each position by its own search too, book.NegamaxSearched,
// which may have found a better move than any the book holds), and so is
// every position of a game under another rule than the standard one
// (RU[no-adjacent]); "go" and "hint" search them. Without a book because the shipped one cannot be read
// (Options.BookNote), the engine says so in a status line after its
// answer to "nboard 2": a GUI shows status lines, not standard error.
//
// In a position where the side to move must pass, "go" answers "=== PA"
// and "hint N" hints the pass alone, "search PA<pv> <eval> 0 <depth>",
// its value for the side that passes (the opponent's best, negated), as
// the protocol's lines value a move for its mover.
//
// The engine also sends "status <text>" lines and "nodestats <nodes>
// <seconds>" after a search. Evaluations are in discs from the side to
// move; the depth of a search line is its plies ("12"), plies and
// confidence for a selective search ("18@95%"), "100%" for an exact
// endgame result, "100%W" for a win/loss/draw result. [FormatDepth],
// [ParseDepth], [FormatSearch], [FormatBook] and [ParseSearch] translate them to and
// from player's typed values; nothing outside this package writes or
// reads them. Unknown commands are ignored; a malformed
// or impossible one gets a status line saying why and changes nothing,
// but for "set game" (below). A line longer than [DefaultMaxLine] bytes
// (1 MiB; see [Options.MaxLine]) ends the session with an error; an
// engine used as a [Client] that writes one is stopped.
//
// A "set game" that cannot be read (a GGF that does not parse, a move in
// it that is not legal) gets "status cannot read the game: <why>; no game
// until a valid set game", and leaves the engine with no game rather than
// the one before: the GUI now shows another position, and an answer for
// the old one would be taken for an answer for it. Until a "set game" is
// accepted, "go", "hint", "analyze" and "move" get a status line alone,
// "status go: no valid game (the last set game was refused: <why>); send
// set game", and no move nor values: a status line is what every GUI
// shows its user and none takes for a move or a value (a GUI waiting for
// the move of its "go" gets none until it sends a game the engine can
// read). "set depth", "set contempt", "ping" and "learn" work as ever.
package nboard
