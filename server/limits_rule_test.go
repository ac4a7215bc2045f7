package server

import (
	"errors"
	"testing"

	"github.com/reversi-engine/reversi/catalog"
)

func TestSoftMemoryLimit(t *testing.T) {
	c := Config{MaxSearches: 2, Limits: catalog.Limits{HashMB: 64, MemoryMB: 64, Threads: 2}}
	const computed = (256 + 3*2*128) << 20 // the largest computer: 64 MB a thread, 2 threads
	tests := []struct {
		mb     int
		envSet bool
		want   int64
		bad    bool
	}{
		{0, false, computed, false},
		{0, true, 0, false}, // GOMEMLIMIT's
		{100, false, 100 << 20, false},
		{100, true, 100 << 20, false}, // the operator's over GOMEMLIMIT's
		{MaxMemoryLimitMB, false, MaxMemoryLimitMB << 20, false},
		{-1, false, 0, true},
		{MaxMemoryLimitMB + 1, true, 0, true},
	}
	for _, tt := range tests {
		got, err := c.SoftMemoryLimit(tt.mb, tt.envSet)
		var se *SettingError
		switch {
		case tt.bad && (!errors.As(err, &se) || se.Field != "MemoryLimitMB" || se.Value != tt.mb || se.Want != "0 (computed) to 16777216 MB"):
			t.Errorf("SoftMemoryLimit(%d, %v): error %v, want a SettingError of MemoryLimitMB", tt.mb, tt.envSet, err)
		case !tt.bad && (err != nil || got != tt.want):
			t.Errorf("SoftMemoryLimit(%d, %v) = %d, %v, want %d", tt.mb, tt.envSet, got, err, tt.want)
		}
	}
}
