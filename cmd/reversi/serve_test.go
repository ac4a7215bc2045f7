package main

import (
	"strings"
	"testing"
)

// TestServeClassicIsDeprecated: --classic, the old name of
// --course-endpoints, still parses and says in one line that it is
// deprecated; --course-endpoints says nothing. (--rate 0 stops both
// before a server or a database is opened.)
func TestServeClassicIsDeprecated(t *testing.T) {
	const warning = "reversi serve: --classic is deprecated: use --course-endpoints\n"
	for _, tc := range []struct {
		flag string
		warn bool
	}{{"--classic", true}, {"--course-endpoints", false}, {"--classic=false", false}} {
		code, _, stderr := runCommand(t, "", "serve", tc.flag, "--rate", "0")
		if code != 1 || !strings.Contains(stderr, "--rate 0") {
			t.Errorf("%s --rate 0: exit %d, stderr %q; want 1 and the --rate error", tc.flag, code, stderr)
		}
		if got := strings.Count(stderr, warning); got != map[bool]int{true: 1}[tc.warn] {
			t.Errorf("%s: the warning %d times, want it %v:\n%s", tc.flag, got, tc.warn, stderr)
		}
	}
	code, stdout, _ := runCommand(t, "", "help", "serve")
	if code != 0 || !strings.Contains(stdout, "-course-endpoints") || !strings.Contains(stdout, "deprecated: the old name of --course-endpoints") {
		t.Errorf("help serve (exit %d) lacks --course-endpoints or --classic's deprecation:\n%s", code, stdout)
	}
}
