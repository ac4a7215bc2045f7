// The published leaf counts from the start position, read from the data
// package.

package perft

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/reversi-engine/reversi/data"
)

// Published returns the published leaf counts from the standard start
// position, by depth, as recorded in the data package's perft-start.txt
// (depths 1 to 16). It fails only if that embedded file is malformed.
func Published() (map[int]uint64, error) {
	text, err := data.ReadFile("perft-start.txt")
	if err != nil {
		return nil, err
	}
	counts := map[int]uint64{}
	sc := bufio.NewScanner(bytes.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		fields := strings.Fields(s)
		if len(fields) != 2 {
			return nil, fmt.Errorf("perft-start.txt:%d: want \"depth leaves\", got %q", line, s)
		}
		d, err1 := strconv.Atoi(fields[0])
		n, err2 := strconv.ParseUint(fields[1], 10, 64)
		if err1 != nil || err2 != nil || d < 1 {
			return nil, fmt.Errorf("perft-start.txt:%d: bad numbers in %q", line, s)
		}
		counts[d] = n
	}
	return counts, sc.Err()
}
