package imports

import (
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/reversi-engine/reversi"

// engine lists the packages that must build from the standard library
// alone (and each other): README's layout table says so.
var engine = []string{
	"board", "game", "perft", "format/obf", "format/ggf", "format/wthor", "eval", "eval/pattern",
	"player/minimax", "endgame", "endgame/problems", "engine", "mcts", "train", "player", "player/course", "player/human",
	"catalog", "referee", "arena", "nboard", "gtp", "internal/lines", "internal/childproc", "internal/mpc", "internal/clip", "internal/memclear", "internal/cpufeature", "internal/hugepage", "textboard", "data", "data/xot", "data/fforum", "internal/workers", "accuracy", "bench", "opening", "book", "glicko", "pairing", "study",
}

// TestEngineImportsOnlyTheStandardLibrary lists every dependency, direct
// or not, of the engine packages and fails on any outside the standard
// library and this module.
func TestEngineImportsOnlyTheStandardLibrary(t *testing.T) {
	args := []string{"list", "-deps", "-json=ImportPath,Standard,Module"}
	for _, p := range engine {
		args = append(args, module+"/"+p)
	}
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	seen := 0
	for {
		var p struct {
			ImportPath string
			Standard   bool
			Module     *struct{ Path string }
		}
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		seen++
		if p.Standard || (p.Module != nil && p.Module.Path == module) {
			continue
		}
		t.Errorf("an engine package depends on %s (not the standard library)", p.ImportPath)
	}
	if seen < len(engine) {
		t.Fatalf("go list listed %d packages for %d engine packages", seen, len(engine))
	}
}

// TestRuleCanFail: the check sees a third-party module where there is one
// (the server's WebSocket library).
func TestRuleCanFail(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", module+"/server").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	if !strings.Contains(string(out), "github.com/coder/websocket") {
		t.Fatalf("the server's dependencies do not show its WebSocket library:\n%s", out)
	}
}
