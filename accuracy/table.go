// What reversi accuracy is given and prints: the numbers of empties, the
// evaluations by name or weights file, and the table of measurements.

package accuracy

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
	"github.com/reversi-engine/reversi/eval/pattern"
)

// ParseEmpties reads a list of numbers of empty squares separated by
// commas, each from 1 to 36, e.g. "20,24".
func ParseEmpties(list string) ([]int, error) {
	var empties []int
	for _, s := range strings.Split(list, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || v < 1 || v > 36 {
			return nil, fmt.Errorf("%q is not a number of empty squares from 1 to 36", s)
		}
		empties = append(empties, v)
	}
	return empties, nil
}

// Named is an evaluation to measure, and the name of its rows in the
// table.
type Named struct {
	Name string
	Eval eval.Evaluator
}

// Evaluations returns the evaluations of a list of names separated by
// commas (engine.EvaluatorByName: pattern, course, discs), each named as
// given without spaces around it.
func Evaluations(list string) ([]Named, error) {
	var out []Named
	for _, name := range strings.Split(list, ",") {
		ev, err := engine.EvaluatorByName(strings.TrimSpace(name))
		if err != nil {
			return nil, err
		}
		out = append(out, Named{strings.TrimSpace(name), ev})
	}
	return out, nil
}

// WeightsFiles returns the pattern evaluations of a list of weights files
// separated by commas (empty items skipped), each named by its file's
// base name.
func WeightsFiles(list string) ([]Named, error) {
	var out []Named
	for _, file := range strings.Split(list, ",") {
		if file == "" {
			continue
		}
		ev, err := pattern.ReadWeightsFile(file)
		if err != nil {
			return nil, err
		}
		out = append(out, Named{filepath.Base(file), ev})
	}
	return out, nil
}

// Header is the header of the table of measurements whose rows Row
// writes.
func Header() string {
	return fmt.Sprintf("%-8s %-10s %8s %8s %8s %10s", "empties", "eval", "MAE", "RMSE", "mean", "solve s")
}

// Row is the line of the table of m, the measurement of the evaluation
// name at empties, whose positions took solve to solve.
func (m Measurement) Row(empties int, name string, solve time.Duration) string {
	return fmt.Sprintf("%-8d %-10s %8.2f %8.2f %+8.2f %10.1f", empties, name, m.MAE, m.RMSE, m.Mean, solve.Seconds())
}
