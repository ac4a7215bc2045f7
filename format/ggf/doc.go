// Package ggf reads and writes Othello games in the Generic Game Format (GGF).
//
// GGF is the game record format of the Generic Game Server (GGS), also
// used by the NBoard protocol.
//
// A game is a list of tags between "(;" and ";)":
//
//	(;GM[Othello]PC[GGS/os]DT[2003.12.15_12:33:18.MST]PB[Saio1200]PW[Saio3000]
//	RE[+0.000]TI[05:00//02:00]TY[8]BO[8 -------- -------- -------- ---O*---
//	---*O--- -------- -------- -------- *]B[d3//0.01]W[c5/2.39/0.01]...;)
//
// # Tags read
//
//   - GM: the game; it must be Othello (case ignored) when present.
//   - PB, PW, PC, DT, TI: the players, the place, the date and the time
//     control, copied as written into [game.Info] (Black, White, Event,
//     Date, TimeControl).
//   - TY: the game type: an optional 's' (synchro), the board size, then
//     letters: 'k' (komi), 'r' with an optional number (random start), 'b'
//     or 'w' (colour preference). The size must be 8. Anti games ('a') are
//     refused: their winner is the side with fewer discs, which
//     [game.Result] cannot express.
//   - BO: the board size (8), the 64 squares row by row ('-' empty, '*'
//     black, 'O' white; spaces between rows allowed) and the side to move
//     ('*' or 'O'). Without BO the game starts from the standard position.
//   - B, W: the moves, each "square/eval/time" with the evaluation (in
//     discs, from the mover's side) and the time (seconds, or m:ss or
//     h:mm:ss, with an optional fraction) optional; a pass is "PA" or
//     "pass". A move tagged with the colour that is not to move is accepted
//     only when the side to move must pass: the pass is inserted.
//   - RE: Black's result, e.g. "+2.000", with an optional flag ":r"
//     (resignation), ":t" (timeout) or ":s" (scored: a game stopped and
//     counted, or a score agreed by the players); "?" means unknown. See
//     [Parse] for how it becomes a [game.Result].
//   - RU: a private tag of this package, not part of GGF: the rule variant
//     as [game.ParseRule] reads it, e.g. RU[no-adjacent]. It is written
//     only for a non-standard rule; without it the rules are standard.
//
// Every other tag (RB and RW ratings, TB and TW time controls, KB, KW and
// KM komi, comments...) is read and ignored: komi does not change the
// result, which is counted from the discs. Values may escape ']' and '\'
// with a backslash; [Format] does so.
//
// A text may hold several games, each optionally preceded by a number (as
// GGS writes "1 (;GM[Othello]...;)"), read into game.Info.Round.
// [Parse] reads a stream game by game, each up to [MaxGame] bytes, so that
// a file of many games needs the memory of one game at a time for its
// text.
//
// The package imports only the standard library and the board and game
// packages.
package ggf
