// The evaluators of weights files, read once for all the players made
// with the same file.

package catalog

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/reversi-engine/reversi/eval/pattern"
)

// maxCachedWeights is how many weights files' evaluators are kept: a
// match or a tournament names one or two.
const maxCachedWeights = 4

// weightsKey names one version of a weights file: its absolute path,
// size and time of change, so that a file written again is read again.
type weightsKey struct {
	path string
	size int64
	mod  time.Time
}

// weightsCache holds the evaluators of the files read last, oldest
// first.
var weightsCache struct {
	sync.Mutex
	entries []weightsEntry
}

// weightsEntry is one file's evaluator.
type weightsEntry struct {
	key weightsKey
	ev  *pattern.Evaluator
}

// readWeights returns the evaluator of the weights file path, read and
// built once for every player made with the same version of the file: a
// match makes two players a game, and each read inflated 2.5 MB and built
// the evaluator's tables again while the other games' searches were on
// their clocks. The evaluator is safe for concurrent use.
func readWeights(path string) (*pattern.Evaluator, error) {
	key, err := weightsKeyOf(path)
	if err != nil {
		return nil, err
	}
	if ev := cachedWeights(key); ev != nil {
		return ev, nil
	}
	ev, err := pattern.ReadWeightsFile(path)
	if err != nil {
		return nil, err
	}
	if after, err := weightsKeyOf(path); err != nil || after != key {
		return ev, nil // changed while it was read: not kept
	}
	weightsCache.Lock()
	defer weightsCache.Unlock()
	if kept := keptWeights(key); kept != nil {
		return kept, nil // read meanwhile by another player
	}
	weightsCache.entries = append(weightsCache.entries, weightsEntry{key, ev})
	if n := len(weightsCache.entries) - maxCachedWeights; n > 0 {
		weightsCache.entries = slices.Delete(weightsCache.entries, 0, n)
	}
	return ev, nil
}

// cachedWeights returns the kept evaluator of the file version key, nil
// if there is none.
func cachedWeights(key weightsKey) *pattern.Evaluator {
	weightsCache.Lock()
	defer weightsCache.Unlock()
	return keptWeights(key)
}

// keptWeights is cachedWeights for a caller that holds the cache's lock.
func keptWeights(key weightsKey) *pattern.Evaluator {
	for _, e := range weightsCache.entries {
		if e.key == key {
			return e.ev
		}
	}
	return nil
}

// weightsKeyOf returns the key of the file path as it is now.
func weightsKeyOf(path string) (weightsKey, error) {
	st, err := os.Stat(path)
	if err != nil {
		return weightsKey{}, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return weightsKey{}, err
	}
	return weightsKey{abs, st.Size(), st.ModTime()}, nil
}
