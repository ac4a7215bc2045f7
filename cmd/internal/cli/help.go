// The descriptions of the subcommands, as text files embedded by the
// packages that run them.

package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"regexp"
	"strings"
)

// Help returns the description of the subcommand name from the file
// help/NAME.txt of files (a package's embedded help/ folder), a space of
// the name a hyphen ("train refit": help/train-refit.txt), with the pairs
// of vars (a placeholder such as "{held-out-year}", its value) replaced.
// A missing text is a bug of the command, caught by its tests: Help
// panics.
func Help(files fs.FS, name string, vars ...string) string {
	text, err := fs.ReadFile(files, "help/"+strings.ReplaceAll(name, " ", "-")+".txt")
	if err != nil {
		panic("no help text for " + name + ": " + err.Error())
	}
	return strings.NewReplacer(vars...).Replace(string(text))
}

// placeholder matches a placeholder of a help text, such as
// "{held-out-year}".
var placeholder = regexp.MustCompile(`\{[a-z]+(-[a-z]+)*\}`)

// HelpProblem runs a subcommand with args (ending in -h) and says what is
// wrong with what it printed, or "" when it is right: -h must end the run
// with flag.ErrHelp and print the usage of name ("Usage: reversi NAME ")
// and the first line of its description raw (the text of its help file,
// its placeholders not filled in), that line up to its first placeholder,
// and no placeholder left. For the tests of the subcommands' packages.
func HelpProblem(ctx context.Context, run func(context.Context, *Env, []string) error, name, raw string, args ...string) string {
	var stderr bytes.Buffer
	err := run(ctx, &Env{Stdin: strings.NewReader(""), Stdout: &bytes.Buffer{}, Stderr: &stderr}, args)
	first, _, _ := strings.Cut(raw, "\n")
	first, _, _ = strings.Cut(first, "{") // a placeholder's value is the command's
	out := stderr.String()
	if !errors.Is(err, flag.ErrHelp) || !strings.HasPrefix(out, "Usage: reversi "+name+" ") || !strings.Contains(out, first) || placeholder.MatchString(out) {
		return fmt.Sprintf("%s -h: %v, printed\n%s\nwant the usage and %q, the placeholders filled in", name, err, out, first)
	}
	return ""
}
