// Small text helpers.

package arena

import "strings"

// splitNonEmpty splits s at sep and drops empty (or blank) parts.
func splitNonEmpty(s string, sep byte) []string {
	var out []string
	for _, p := range strings.Split(s, string(sep)) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// cut splits s at the first sep, trimming both sides.
func cut(s string, sep byte) (string, string, bool) {
	a, b, ok := strings.Cut(s, string(sep))
	return strings.TrimSpace(a), strings.TrimSpace(b), ok
}

// plural returns "s" unless n is 1: "1 game", "2 games".
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
