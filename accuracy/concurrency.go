// The solves at once that a machine's cores and memory allow, and how
// many positions a run measures.

package accuracy

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
)

// MaxThreads and MaxConcurrency bound the threads of a solve and the
// solves at once (reversi accuracy's --threads and --concurrency).
const (
	MaxThreads     = 256
	MaxConcurrency = 256
)

// TableShare: the solvers' tables of reversi accuracy take at most one
// part in TableShare of the machine's memory together.
const TableShare = 2

// SolveConcurrency checks --threads and --concurrency (0: the default)
// for solves of at most positions positions at once on a machine of
// memoryMB MB (0: unknown), and returns the number of solves at once:
// the concurrency asked, or by default the cores divided by the threads,
// lowered to what the memory holds. A concurrency whose solvers' tables
// (SolveOptions.TableMB) would take more than 1/TableShare of
// the memory is refused, but one solver at a time always runs. Its
// errors name the options as reversi accuracy's flags.
func SolveConcurrency(threads, concurrency, positions, memoryMB int) (int, error) {
	switch {
	case threads < 1 || threads > MaxThreads:
		return 0, fmt.Errorf("--threads %d: want at least 1 and at most %d", threads, MaxThreads)
	case concurrency < 0 || concurrency > MaxConcurrency:
		return 0, fmt.Errorf("--concurrency %d: want at least 1 and at most %d (or 0 for the default)", concurrency, MaxConcurrency)
	}
	most := MaxConcurrency // solves at once that the memory holds
	if memoryMB > 0 {
		most = max(1, min(most, memoryMB/TableShare/DefaultHashMB))
	}
	if concurrency == 0 {
		return min(max(1, runtime.NumCPU()/threads), most), nil
	}
	if o := (SolveOptions{Concurrency: concurrency}); min(concurrency, positions) > most {
		return 0, fmt.Errorf("--concurrency %d: %d solves at once take %d MB of tables (%d MB each), more than 1/%d of this machine's %d MB of memory: give --concurrency %d or less",
			concurrency, min(concurrency, positions), o.TableMB(positions), DefaultHashMB, TableShare, memoryMB, most)
	}
	return concurrency, nil
}

// PhysicalMemoryMB returns the machine's memory in MB, as Linux gives it
// (MemTotal in /proc/meminfo), or 0 where it cannot be read.
func PhysicalMemoryMB() int {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// MemTotal:       24684084 kB
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 && fields[0] == "MemTotal:" && fields[2] == "kB" {
			kB, err := strconv.Atoi(fields[1])
			if err != nil {
				return 0
			}
			return kB / 1024
		}
	}
	return 0
}

// PositionsUsed says how many positions are measured for each number of
// empties (counts[k] at empties[k]), and where fewer than the asked are
// there: "100 positions per number of empties", or "1919 positions per
// number of empties (all there are; 3000 asked)", or "positions: 3000 at
// 20 empties, 1926 at 24 (all there are; 3000 asked)".
func PositionsUsed(empties, counts []int, asked int) string {
	same, fewer := true, false
	for _, c := range counts {
		same = same && c == counts[0]
		fewer = fewer || c < asked
	}
	if same {
		if !fewer {
			return fmt.Sprintf("%d positions per number of empties", counts[0])
		}
		return fmt.Sprintf("%d positions per number of empties (all there are; %d asked)", counts[0], asked)
	}
	var parts []string
	for k, c := range counts {
		part := fmt.Sprintf("%d at %d", c, empties[k])
		if k == 0 {
			part += " empties"
		}
		if c < asked {
			part += " (all there are; " + strconv.Itoa(asked) + " asked)"
		}
		parts = append(parts, part)
	}
	return "positions: " + strings.Join(parts, ", ")
}
