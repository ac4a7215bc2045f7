// Package train fits the weights of the pattern evaluation (package
// eval/pattern) to positions whose value is known, as Buro did for
// Logistello:
//
//  1. Positions: every position of the WTHOR games shipped with reversi
//     (except the held-out year) and of self-play games from random
//     openings, each kept once up to symmetry.
//  2. Labels, phase by phase from the end of the game back to the start:
//     the exact score from the endgame solver where few squares are
//     empty, and earlier the value of a search whose leaves are evaluated
//     with the weights already fitted for the later phases
//     (bootstrapping).
//  3. Fitting: least squares by preconditioned gradient descent with L2
//     regularisation, which keeps rarely seen configurations near zero;
//     a tenth of each phase's positions is held out to measure the error
//     and stop when it no longer falls.
//
// Every step writes its result to a work folder (through a temporary
// file renamed into place), so an interrupted run resumes where it
// stopped; the same seed gives the same weights.
//
// Beside the weights (Run), it samples and fits the parameters of the
// engine's selective search (SampleProbCut, FitProbCut; ProbCutRun is
// reversi train mpc), labels positions with deeper searches and fits the
// second generation's weights to them (Label; RefitRun is reversi train
// refit), gives the WTHOR games and their exact scores to the opening book
// and the accuracy measurement (WTHORGames, TheoreticalPositions, the
// held-out year HeldOutYear), and the search that values the opening
// book's positions (BookSearch).
//
// It imports board, game, data and format/wthor (the games), eval,
// eval/pattern, engine and endgame (the labels and searches) and
// internal/workers, and only the standard library beside them; accuracy,
// cmd/internal/plot (the fitting's error) and the command
// (cmd/internal/traincmd: train; cmd/internal/bookcmd: book build) use it.
package train
