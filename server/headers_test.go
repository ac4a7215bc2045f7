package server

import (
	"io/fs"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/web"
)

// TestSecurityHeaders: every answer (the GUI, a file, the API, an error,
// a refused host) carries the security headers.
func TestSecurityHeaders(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	host := strings.TrimPrefix(ts.http.URL, "http://")
	for _, tc := range []struct {
		path, host string
		status     int
	}{
		{"/", "", 200}, {"/game/abc", "", 200}, {"/static/app.js", "", 200}, {"/api/health", "", 200},
		{"/api/nothing", "", 404}, {"/", "evil.example", 421},
	} {
		req, _ := http.NewRequest("GET", ts.http.URL+tc.path, nil)
		if tc.host != "" {
			req.Host = tc.host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("GET %s (host %q): %s, want %d", tc.path, tc.host, resp.Status, tc.status)
		}
		csp := resp.Header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("GET %s: CSP %q lacks %q", tc.path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe") || strings.Contains(csp, "script-src") || strings.Contains(csp, "style-src") {
			t.Errorf("GET %s: CSP %q is not strict (scripts and styles from 'self' only)", tc.path, csp)
		}
		if tc.host == "" && !strings.Contains(csp, "connect-src 'self' ws://"+host+" wss://"+host) {
			t.Errorf("GET %s: CSP %q does not name the WebSocket's host %s", tc.path, csp, host)
		}
		for name, want := range map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY"} {
			if got := resp.Header.Get(name); got != want {
				t.Errorf("GET %s: %s %q, want %q", tc.path, name, got, want)
			}
		}
	}
}

// TestSocketHost: a Host header as a CSP host source, or none.
func TestSocketHost(t *testing.T) {
	for in, want := range map[string]string{
		"127.0.0.1:8080": "127.0.0.1:8080", "localhost": "localhost", "Othello.example.org:443": "Othello.example.org:443",
		"[::1]:8080": "", "evil:80; script-src *": "", "a b": "", "": "", "host:port": "",
	} {
		if got := socketHost(in); got != want {
			t.Errorf("socketHost(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestGUIHasNoInlineCode: the GUI's files hold nothing that the strict
// Content-Security-Policy refuses: no inline script or style, no event
// handler attributes, no style attributes set from a script, no eval.
func TestGUIHasNoInlineCode(t *testing.T) {
	refused := map[string][]*regexp.Regexp{
		".html": {
			regexp.MustCompile(`<style\b`), regexp.MustCompile(`\sstyle\s*=`), regexp.MustCompile(`\son[a-z]+\s*=`), regexp.MustCompile(`javascript:`),
		},
		".js": {
			regexp.MustCompile(`\b(?:el|svg)\("[a-z]+",\s*\{[^}]*\bstyle:`), regexp.MustCompile(`setAttribute\(\s*["'](?:style|on[a-z]+)["']`),
			regexp.MustCompile(`\.cssText\b`), regexp.MustCompile(`\b(?:innerHTML|outerHTML|insertAdjacentHTML)\b`),
			regexp.MustCompile(`\beval\(`), regexp.MustCompile(`\bnew Function\(`), regexp.MustCompile(`\bset(?:Timeout|Interval)\(\s*["'\x60]`),
		},
	}
	scripts := regexp.MustCompile(`(?s)<script\b([^>]*)>(.*?)</script>`)
	seen := 0
	err := fs.WalkDir(web.Files, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ext := path[strings.LastIndex(path, ".")+1:]
		if ext != "html" && ext != "js" {
			return nil
		}
		seen++
		data, err := fs.ReadFile(web.Files, path)
		if err != nil {
			return err
		}
		text := string(data)
		if ext == "html" {
			for _, m := range scripts.FindAllStringSubmatch(text, -1) {
				if !strings.Contains(m[1], "src=") || strings.TrimSpace(m[2]) != "" {
					t.Errorf("%s: an inline script %.80q", path, m[0])
				}
			}
		}
		for _, re := range refused["."+ext] {
			for _, m := range re.FindAllString(text, -1) {
				t.Errorf("%s: %q, which the Content-Security-Policy refuses", path, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 10 {
		t.Fatalf("only %d files of the GUI checked", seen)
	}
}
