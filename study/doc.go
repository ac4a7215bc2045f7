// Package study keeps a study: a tree of variations from a position,
// with a comment and marks on squares at every node, as a player builds
// one to analyse a game or an opening.
//
// A Study has a title, a rule and a start (any position: the standard
// start, a board set up, or a game's first position), and a root node
// for that start. Each node below it is a move (or a pass) of the side to
// move in its parent's position; a node's children are the moves tried
// there, in order: the first child is the main line, the others its
// variations. Every node may carry a comment and marks on squares
// (circle, cross, triangle, square, or a label of up to three
// characters).
//
// Every study this package makes or reads holds only legal moves (under
// its rule; a pass only where the side to move has no move and the game
// goes on) and stays within the limits (MaxNodes nodes, MaxDepth moves a
// line, MaxComment bytes a comment, MaxTitle bytes of title, one mark a
// square), so that a study sent by a client cannot ask for more memory
// than those allow. Its errors name the node ("after F5 D6") and the
// move; a move that cannot be played is a *MoveError.
//
// The operations (AddMove, Delete, Promote, SetComment, SetMarks) change
// a study in place at a node named by its Path, the indexes of the
// children from the root.
//
// # Formats
//
// GGF, the format of NBoard and GGS, has no syntax for variations. A
// study is written (WriteGGF) as a GGF text of one game a line for each
// line of its tree, from the start to each leaf, main line first (the
// title as each game's place, PC), which every GGF reader reads as so
// many games; ReadGGF merges such games,
// which must share their start, back into a tree, the first game's moves
// its main line. Comments and marks have no place in GGF and are left
// out.
//
// Two forms keep everything:
//
//   - JSON (Marshal, Parse, Decode; Study implements json.Marshaler and
//     json.Unmarshaler): {"format": "reversi-study", "version": 1,
//     "title", "rule" (absent for the standard rule), "start" (a board
//     text: 64 squares and the side to move), "root": a node}, each node
//     {"move" (absent at the root; "F5", or "PA" for a pass), "comment",
//     "marks": [{"square", "mark": circle|cross|triangle|square|label,
//     "label"}], "children": [nodes]}. This is what the game server
//     stores and serves.
//   - SGF (WriteSGF, ReadSGF), FF[4] with GM[2] (Othello): the start set
//     up with AB, AW and PL in the root node, moves B[] and W[] at SGF's
//     points (column then row, "a" to "h": F5 is "fe"; an empty value is
//     a pass), variations as nested game trees (the first the main line),
//     comments as C, marks as CR, MA, TR, SQ and LB, the title as GN, a
//     rule other than the standard one as RU. ReadSGF reads one game
//     tree, its points also written as squares ("f5"), and inserts the
//     pass of a side that has no move when the other colour moves.
//
// The package imports only the standard library and the board, game and
// format/ggf packages.
package study
