// Package book is the opening book: what deep searches found of the
// positions that good games reach early, keyed by position up to the
// eight symmetries of the board, with the tools to build it, store it and
// play from it.
//
// A [Book] holds, for each of its positions, an [Entry]: the position's
// value for the side to move (the final disc margin expected), the depth
// of the search that found it and how many games of the source reached
// it. The book moves of a position are its legal moves that lead to a
// position of the book ([Book.Moves]), each worth the negated value of
// the position it leads to.
//
// # Formats
//
// The binary format (.bin, what is shipped and what engines read) is a
// header and the entries sorted by canonical board, read in place (a
// lookup is a binary search of the bytes; nothing is decoded until
// asked):
//
//	offset size  field
//	0      8     magic "RVBOOK\r\n"
//	8      4     version (uint32, little endian), 1
//	12     4     number of entries n (uint32)
//	16     32    SHA-256 of the n entries that follow
//	48     24*n  entries: P, O (uint64 each: the side to move's discs and
//	             the opponent's, the canonical board), value (int16,
//	             hundredths of a disc, -6400 to +6400), depth (uint8),
//	             reserved (uint8, 0), count (uint32: games, saturated)
//
// A file whose magic, version, length, order or checksum is wrong is
// refused with an error that says which ([ErrCorrupt]); nothing of it is
// used. So is a file with an entry that no book holds, even under a right
// checksum; the error names the entry (counted from 0) and its fault: a
// board that no game reaches (the empty board, a square of both sides, a
// centre square empty), a board not in canonical form, a value outside
// -6400 to +6400 hundredths (±64 discs), a reserved byte not 0.
//
// The text format (export and import) is one position a line:
//
//	# reversi opening book, text format 1
//	---------------------------OX------XO--------------------------- X +0.00 10 4096
//
// the board (64 squares from A1 to H8 and the side to move, as OBF
// writes positions), its value in discs for the side to move (a plain
// decimal number from -64 to +64: no NaN, Inf, exponent, hexadecimal or
// underscore), the depth of the search (0 to 255), the count of games
// (0 to 2^32-1), the depth and the count in plain digits (no sign);
// blank lines and lines starting with # (of any length) are ignored, as
// is a UTF-8 byte order mark at the very start of the text; a line of a
// position is 1 KiB at most. Any of the eight
// images of a position may be written; the book keeps the canonical one,
// and a position may be given once only, in one image. The boards,
// values and counts are those that the binary format holds; a text of no
// position is refused, as is a binary book given as text. Values are
// written signed to a hundredth, a value that rounds to zero as +0.00.
//
// # Building
//
// [Build] makes a book from games: every position up to a number of
// plies that at least a number of games reached gets a value from a
// search (given by the caller: this package does not search), saved line
// by line in a work folder so that an interrupted build goes on where it
// was; shards (i of n) split the positions between machines, and a build
// over a folder that holds every shard's files merges them. Values are
// then negamaxed through the tree: a position with children in the book
// is worth the best of their negated values and of its own search (which
// saw the moves that lead out of the book: NegamaxSearched), a leaf its
// own search's.
// train.BookSearch is the engine's search that values the shipped book's
// positions.
//
// [Deviate] extends a book as Edax's "deviate" does: for every position
// of the book up to a number of plies, the moves out of the book are
// searched (saved in a work folder in the same way, resumable and
// shardable), those whose value is within a margin of the position's
// best value are added as leaves, and the tree is negamaxed again. It
// goes in rounds, each extending the positions that the previous one
// added.
//
// # Files
//
// Open reads a binary book (or, given no path, the shipped one:
// Shipped), Read a book in the text format or an Edax book, told apart by
// their first bytes (an Edax book must hold the positions its header
// announces, each once up to symmetry, and the same boards and values as
// the binary format); WriteFile and Book.WriteTextFile write through a
// temporary file renamed into place. Switch is the book a command's
// on/off setting chooses (ParseMode reads the setting).
//
// It imports board and game only: it does not search, so that the engine
// (which plays from the book) may import it. The engine, catalog,
// the server and reversi book use it.
package book
