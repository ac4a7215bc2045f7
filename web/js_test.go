// The JavaScript unit tests (jstest/*.test.js), run by node's built-in
// test runner.

package web

import (
	"os"
	"os/exec"
	"testing"
)

// TestJavaScript runs node --test over jstest/. Without node it skips,
// unless CI is set: there it fails.
func TestJavaScript(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("node is not installed and CI is set: the JavaScript tests cannot run: %v", err)
		}
		t.Skipf("node is not installed: the JavaScript tests (web/jstest) did not run: %v", err)
	}
	cmd := exec.Command(node, "--test", "jstest/")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test jstest/: %v\n%s", err, out)
	}
}
