// The evaluations the engine can use, by name.

package engine

import (
	"fmt"
	"strings"

	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// EvaluatorNames lists the names EvaluatorByName accepts, the default
// first; "classic", the old name of "course", is accepted but not listed.
func EvaluatorNames() []string { return []string{"pattern", "course", "discs"} }

// EvaluatorByName returns the evaluation of that name: "pattern" (the
// trained pattern evaluation with the weights shipped in the binary),
// "course" (the course heuristic; "classic", its old name, is accepted
// too) or "discs" (the disc count).
func EvaluatorByName(name string) (eval.Evaluator, error) {
	switch name {
	case "pattern":
		return pattern.Default()
	case "course", "classic":
		return eval.Course{}, nil
	case "discs":
		return eval.Discs{}, nil
	}
	return nil, fmt.Errorf("unknown evaluation %q: want one of %s", name, strings.Join(EvaluatorNames(), ", "))
}

// DefaultEvaluator returns the engine's default evaluation: the trained
// pattern evaluation, or the course heuristic if the shipped weights
// cannot be read (a binary built with a damaged weights file; the tests
// of package pattern rule it out). It falls back without a word: a
// command that uses it tells its user with DefaultEvaluatorNote.
func DefaultEvaluator() eval.Evaluator {
	ev, _ := DefaultEvaluatorNote()
	return ev
}

// DefaultEvaluatorNote returns DefaultEvaluator's evaluation and, when it
// is not the trained one, a note that says why and what is used instead,
// for a command to tell its user once (on standard error, as book.Switch's
// note of a shipped book that cannot be read):
//
//	no trained evaluation: <reason>; using the course heuristic (points, not discs)
//
// The note is empty when the evaluation is the trained one.
func DefaultEvaluatorNote() (eval.Evaluator, string) {
	return fallbackNote(pattern.Default)
}

// fallbackNote is DefaultEvaluatorNote with the trained evaluation read
// by load.
func fallbackNote(load func() (*pattern.Evaluator, error)) (eval.Evaluator, string) {
	ev, err := load()
	if err != nil {
		return eval.Course{}, "no trained evaluation: " + err.Error() + "; using the course heuristic (points, not discs)"
	}
	return ev, ""
}
