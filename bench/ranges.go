// The ranges of levels and of FFO problems that reversi bench measures.

package bench

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/reversi-engine/reversi/engine"
)

// ParseLevels reads a level or a range of levels of the engine, "N" or
// "N-M" (1 <= N <= M <= engine.MaxLevel), and returns the first and the
// last.
func ParseLevels(text string) (lo, hi int, err error) {
	from, to, ok := strings.Cut(text, "-")
	if !ok {
		to = from
	}
	lo, err1 := strconv.Atoi(from)
	hi, err2 := strconv.Atoi(to)
	if err1 != nil || err2 != nil || lo < 1 || hi > engine.MaxLevel || lo > hi {
		return 0, 0, fmt.Errorf("want a level or a range of levels within 1-%d, e.g. 1-20", engine.MaxLevel)
	}
	return lo, hi, nil
}

// errFFORange says what ParseFFORange accepts.
var errFFORange = errors.New("want N, the first N problems of FFO #40-#59 (1 to 20), or A-B, FFO #A to #B within 40-59 (e.g. 50-59)")

// ParseFFORange reads problems of FFO #40-#59 (fforum-40-59.obf): "N",
// the first N of them (1 to 20), or "A-B", FFO #A to #B (40 <= A <= B <=
// 59). It returns the FFO numbers of the first and the last problem.
func ParseFFORange(text string) (first, last int, err error) {
	if a, b, ok := strings.Cut(text, "-"); ok {
		first, err1 := strconv.Atoi(a)
		last, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil || first < 40 || last > 59 || first > last {
			return 0, 0, errFFORange
		}
		return first, last, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 || n > 20 {
		return 0, 0, errFFORange
	}
	return 40, 39 + n, nil
}
