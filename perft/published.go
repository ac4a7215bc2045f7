// The published leaf counts from the start position, embedded from
// perft-start.txt beside this file.

package perft

import (
	"bufio"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

//go:embed perft-start.txt
var published string

// Published returns the published leaf counts from the standard start
// position, by depth, as recorded in perft-start.txt beside this file
// (depths 1 to 16). It fails only if that embedded file is malformed.
func Published() (map[int]uint64, error) {
	counts := map[int]uint64{}
	sc := bufio.NewScanner(strings.NewReader(published))
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
