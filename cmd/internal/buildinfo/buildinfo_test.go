package buildinfo

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	recorded := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/reversi-engine/reversi", Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "arm64"},
			{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.time", Value: "2026-11-24T00:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	tests := []struct {
		name    string
		bi      *debug.BuildInfo
		stamped [4]string // Version, Revision, Time, Modified
		want    []string
	}{
		{"recorded by the toolchain", recorded, [4]string{},
			[]string{"reversi (devel)\n", "revision abc123 (2026-11-24T00:00:00Z), with local changes\n", "module github.com/reversi-engine/reversi\n", "go1.26.8 linux/arm64\n"}},
		{"stamped by a release build", recorded, [4]string{"v1.2.0", "def456", "2026-11-25T00:00:00Z", "false"},
			[]string{"reversi v1.2.0\n", "revision def456 (2026-11-25T00:00:00Z)\n"}},
		{"without version control", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "m", Version: "(devel)"}}, [4]string{},
			[]string{"reversi (devel)\n", "revision unknown (built without version control information)\n"}},
		{"no build information", nil, [4]string{}, []string{"reversi (unknown)\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// What the linker stamped into this test binary (-X), if anything,
			// back after the case.
			savedV, savedR, savedT, savedM := Version, Revision, Time, Modified
			defer func() { Version, Revision, Time, Modified = savedV, savedR, savedT, savedM }()
			Version, Revision, Time, Modified = tt.stamped[0], tt.stamped[1], tt.stamped[2], tt.stamped[3]
			got := read(tt.bi).String()
			if !strings.HasPrefix(got, tt.want[0]) {
				t.Errorf("first line of %q, want %q", got, tt.want[0])
			}
			for _, w := range tt.want[1:] {
				if !strings.Contains(got, w) {
					t.Errorf("%q lacks %q", got, w)
				}
			}
			if strings.Contains(got, "with local changes") && tt.stamped[3] == "false" {
				t.Errorf("%q: the stamped state replaces the recorded one", got)
			}
		})
	}
}

func ExampleInfo_String() {
	i := Info{Version: "v1.2.0", Module: "github.com/reversi-engine/reversi", Revision: "5192da1", Time: "2026-11-24T00:19:03Z",
		GoVersion: "go1.26.8", OS: "linux", Arch: "amd64"}
	fmt.Print(i)
	// Output:
	// reversi v1.2.0
	// revision 5192da1 (2026-11-24T00:19:03Z)
	// module github.com/reversi-engine/reversi
	// go1.26.8 linux/amd64
}
