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
// cannot be read (which the tests of package pattern rule out).
func DefaultEvaluator() eval.Evaluator {
	if ev, err := pattern.Default(); err == nil {
		return ev
	}
	return eval.Course{}
}
