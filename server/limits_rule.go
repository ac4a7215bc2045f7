// The soft memory limit a server process runs under: the operator's, or
// the one that suits its Config.

package server

import "fmt"

// MaxMemoryLimitMB is the largest soft memory limit, in MB, that
// SoftMemoryLimit takes from an operator.
const MaxMemoryLimitMB = 1 << 24

// SoftMemoryLimit returns the soft memory limit (bytes) to set
// (debug.SetMemoryLimit) for the server of c: mb megabytes when the
// operator gives them (above 0); otherwise [Config.MemoryLimit], unless
// the environment sets a limit already (envSet: GOMEMLIMIT), when it
// returns 0: leave the runtime's limit as it is. An mb out of 0 to
// MaxMemoryLimitMB is a *SettingError of the field "MemoryLimitMB".
func (c Config) SoftMemoryLimit(mb int, envSet bool) (int64, error) {
	if mb < 0 || mb > MaxMemoryLimitMB {
		return 0, &SettingError{"MemoryLimitMB", mb, fmt.Sprintf("0 (computed) to %d MB", MaxMemoryLimitMB)}
	}
	if mb > 0 {
		return int64(mb) << 20, nil
	}
	if envSet {
		return 0, nil
	}
	return c.MemoryLimit(), nil
}
