// The searches that value the positions of the opening book.

package train

import (
	"context"
	"fmt"
	"slices"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/engine"
)

// BookSearch returns the search that values the positions of an opening
// book (book.BuildOptions.Search): the engine with the trained evaluation
// at the given depth, its selective cuts at prob percent (100: full
// width; 0: engine.DefaultProbability), on threads, and the name of that search
// (book.BuildOptions.Params: the depth, the evaluation with its weights'
// checksum, and the probability). Its table is small and cleared before each
// search, so that a position's value does not depend on the positions
// searched before it: resumed and sharded builds make the same book as one
// run. The search is not safe for concurrent use.
func BookSearch(depth, prob, threads int) (search func(context.Context, board.Board) (float64, int, error), params string, err error) {
	if prob == 0 {
		prob = engine.DefaultProbability
	}
	if prob != 100 && !slices.Contains(engine.Probabilities(), prob) {
		return nil, "", fmt.Errorf("probability %d%%: want one of %v", prob, engine.Probabilities())
	}
	ev, err := engine.EvaluatorByName("pattern")
	if err != nil {
		return nil, "", err
	}
	eng, err := engine.New(engine.Options{Eval: ev, Threads: threads, HashMB: 16})
	if err != nil {
		return nil, "", err
	}
	search = func(ctx context.Context, b board.Board) (float64, int, error) {
		eng.Clear()
		r, err := eng.Search(ctx, b, engine.Limits{Depth: depth, Probability: prob}, nil)
		if err != nil {
			return 0, 0, err
		}
		if r.Stopped {
			return 0, 0, ctx.Err()
		}
		return engine.Discs(ev, r.Kind, r.Value), r.Depth, nil
	}
	return search, fmt.Sprintf("engine depth=%d eval=%s prob=%d", depth, evalID(ev), prob), nil
}
