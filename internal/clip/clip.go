// Package clip shortens a text quoted in a message (an error, a status
// line) to a bound, cut at a character so that what is shown stays valid
// UTF-8, and marked as cut.
package clip

import "unicode/utf8"

// Text returns s whole if it has at most max bytes, else its first max
// bytes or fewer, cut at the start of a character, followed by "...".
func Text(s string, max int) string {
	if len(s) <= max {
		return s
	}
	n := max
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "..."
}
