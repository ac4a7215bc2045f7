// Package eval scores positions for the search: an [Evaluator] tells how
// good a board is for the player to move, without searching.
//
// Two evaluators live here: [Discs], the disc count the course's simplest
// alpha-beta used, and [Course], the course's six-feature heuristic
// (named "course" on the command line, in specs and in player names;
// "classic", its old name, is still accepted). A trained pattern
// evaluation fits the same interface; it keeps indexes
// along the search path, which the [Tracker] interface is for: the search
// tells the tracker every move it makes and takes back, and asks it for
// the value of the current board.
//
// Scores are ints, larger is better for the player to move. Each
// evaluator has a scale: [Evaluator.DiscUnit] units make one disc of final
// margin (100 for evaluators that estimate the final margin in
// centi-discs), or 0 for heuristics whose values are not discs. Finished
// games are scored by [Evaluator.Final], so that a search compares them
// with its estimates on one scale.
package eval
