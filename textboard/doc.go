// Package textboard draws a position as text for terminals: columns A-H,
// rows 1-8, X for black, O for white, . for empty, legal moves optionally
// marked, and a status line per side (Render, String). It also writes a
// refereed game as a terminal shows it: its first line (WriteHeader, with
// the seats named by SeatNames and Seat), every event with the board after
// it (WriteEvent), what the player thought (Thinking, Value, Depth,
// Variation), the opening when it changes (WriteOpening), all of them as
// an observer of the referee (Lines: reversi play's line mode), an analysis's
// table (WriteAnalysis, WriteBookAnalysis) and the result (Reason); a
// position analysed by a player, with the book's moves merged in
// (Analyze); and what an opening book holds of a position
// (WriteBookMoves).
//
// It imports board, game, player, referee, opening, book and engine (the
// book merged into an analysis), and only the standard library beside
// them; reversi play's line mode, analyze and book show write with it,
// and tui draws its board with it.
package textboard
