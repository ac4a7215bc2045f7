// Package accuracy measures how far an evaluation, or a search, is from
// the exact scores of real positions: positions of held-out games with a
// given number of empty squares, solved exactly (or scored by the WTHOR
// database's own exact scores), then the mean absolute error and the root
// mean square error in discs.
//
// Solving takes long far from the end, so every solve can be kept in a
// SolvedFile (one OBF line a position, appended and synced as solves
// end) and read back by the next run: a measurement stopped by Ctrl-C or
// a crash goes on where it was.
//
//	items := accuracy.Choose(rng, games, theoretical, 20, 100)
//	todo, _ := solved.Fill(items) // the positions solved before are read back
//	err := accuracy.Solve(ctx, items, todo, accuracy.SolveOptions{Threads: 1, Concurrency: 2, Keep: solved})
//	m, err := accuracy.Measure(ctx, items, ev, accuracy.SearchOptions{}) // m.MAE, m.RMSE, m.Mean: Values against Scores
//	m, err = accuracy.Measure(ctx, items, ev, accuracy.SearchOptions{Depth: 8, Threads: 2}) // the engine's search
//
// What reversi accuracy is given and prints is read and written here too:
// the numbers of empties (ParseEmpties), the evaluations by name and the
// weights files (Evaluations, WeightsFiles), the table of measurements
// (Header, Measurement.Row).
//
// It imports board, game, format/obf (the solved file), eval, eval/pattern
// (weights files), engine (the evaluations by name, the searches and their
// values in discs),
// endgame (the exact solves), train (the held-out games and their exact
// scores) and internal/workers, and only the standard library beside
// them; reversi accuracy runs it.
package accuracy
