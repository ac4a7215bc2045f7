// Package shipped is what the commands of reversi take from the data
// shipped in the binary, the opening book and the trained evaluation's
// weights, and what they say of them: the book of a --book on|off flag
// (Book), a note on standard error, once, when the book or the weights
// cannot be read and a command goes on without them (Book, NoteBook,
// NoteEval), and the lines of reversi version that identify them
// (WriteData).
//
// It is an edge package: the command and its subcommands' packages use
// it. It imports book, eval/pattern, engine (the default evaluation) and
// catalog (which players use the shipped book).
package shipped
