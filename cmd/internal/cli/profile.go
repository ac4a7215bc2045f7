// CPU profiles of a command's run, for pprof and for profile-guided
// optimization (go build -pgo).

package cli

import (
	"os"
	"runtime/pprof"
)

// StartCPUProfile starts a CPU profile written to path (a --cpuprofile
// flag) and returns the function that stops it and closes the file. An
// empty path profiles nothing.
func StartCPUProfile(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
