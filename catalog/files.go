// The weights and selective-search files an engine player may name, read
// under the same rules by the catalog's specs and the engine commands'
// flags.

package catalog

import (
	"fmt"

	"github.com/reversi-engine/reversi/engine"
	"github.com/reversi-engine/reversi/eval"
)

// OptionStyle writes an option and its value as its user gives them, so
// that an error names them so: SpecStyle for a player's spec
// ("eval=course"), FlagStyle for a command line ("--eval course").
type OptionStyle func(option, value string) string

// SpecStyle writes an option of a player's spec: "prob=100".
func SpecStyle(option, value string) string { return option + "=" + value }

// FlagStyle writes a command-line flag: "--prob 100".
func FlagStyle(option, value string) string { return "--" + option + " " + value }

// FileError is the error of the file an option (weights or probcut)
// names, or of the option itself.
type FileError struct {
	Option string // "weights" or "probcut"
	Err    error
}

func (e *FileError) Error() string { return e.Option + ": " + e.Err.Error() }
func (e *FileError) Unwrap() error { return e.Err }

// EngineFiles reads the weights file that replaces the evaluation's
// trained weights and the selective search's parameters file, either
// path "" for none, and returns the evaluator to search with (ev, or the
// pattern evaluation of the weights) and the parameters (nil: the
// shipped ones, if they fit the evaluator). The rules: weights only with
// the pattern evaluation; weights without parameters fitted for them only
// for a full-width search (prob 100), since the engine would otherwise
// search them full width without a word; parameters fitted for other
// weights never. Errors are *FileError, their other options written in
// style.
func EngineFiles(weights, probcut string, ev eval.Evaluator, prob int, style OptionStyle) (eval.Evaluator, *engine.ProbCut, error) {
	if weights != "" {
		if ev.Name() != "pattern" {
			return nil, nil, &FileError{"weights", fmt.Errorf("pattern weights with %s: give %s",
				style("eval", ev.Name()), style("eval", "pattern"))}
		}
		pe, err := readWeights(weights)
		if err != nil {
			return nil, nil, &FileError{"weights", err}
		}
		ev = pe
		if probcut == "" && prob != 100 {
			return nil, nil, &FileError{"weights", fmt.Errorf("no selective search's parameters for these weights: give %s (reversi train mpc --weights %s), or %s for a full-width search",
				style("probcut", "FILE"), weights, style("prob", "100"))}
		}
	}
	if probcut == "" {
		return ev, nil, nil
	}
	pc, err := engine.ReadProbCutFile(probcut)
	if err != nil {
		return nil, nil, &FileError{"probcut", err}
	}
	if err := pc.Matches(ev); err != nil {
		return nil, nil, &FileError{"probcut", fmt.Errorf("%s: %w", probcut, err)}
	}
	return ev, pc, nil
}
