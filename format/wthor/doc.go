// Package wthor reads and writes the WTHOR database of tournament games.
//
// WTHOR is the database of the French Othello Federation: game files
// (.wtb) and name tables (.jou for players, .trn for tournaments).
//
// Every file starts with a 16-byte [Header]. A game file then holds
// fixed-size records of 68 bytes, one per [Game]: the indices of the
// tournament and of both players in the name tables, Black's final disc
// count, Black's theoretical score and up to 60 moves, one byte each
// (10*row + column, 1-based: A1 = 11, H8 = 88; 0 ends the game). Passes are
// not recorded: [Game.Replay] inserts them where the side to move has no
// legal move. A name table holds NUL-terminated ISO-8859-1 names in fields
// of [PlayerNameSize] or [TournamentNameSize] bytes; this package converts
// them to and from UTF-8.
//
// Reading a year of games and turning each into a [game.Game]:
//
//	_, players, err := wthor.ReadNames(jou, wthor.PlayerNameSize)
//	...
//	_, events, err := wthor.ReadNames(trn, wthor.TournamentNameSize)
//	...
//	h, games, err := wthor.ReadGames(wtb)
//	...
//	names := wthor.Names{Players: players, Tournaments: events}
//	for _, g := range games {
//		rec, err := g.ToGame(int(h.Year), names)
//		...
//	}
//
// A record may stop before the end of the game (the embedded database has
// 413 such records out of 117,435): the game is then left in progress and
// its recorded score cannot be checked against the board.
//
// All integers are little-endian. Errors are [*Error] values that name the
// record (game or name index) and, for a move, its number.
//
// The package imports only the standard library and the board and game
// packages.
package wthor
