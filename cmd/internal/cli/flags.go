// Flag sets, their usage and the arguments between the flags.

package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"
)

// ErrUsage marks errors that are the user's command line: the usage was
// already printed, and the command exits with code 2.
var ErrUsage = errors.New("usage")

// NewFlags returns a flag set for the command "reversi name", writing to
// out, whose -h prints the usage line, the description and the flags.
func NewFlags(out io.Writer, name, usage, description string) *flag.FlagSet {
	fs := flag.NewFlagSet("reversi "+name, flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: reversi %s %s\n\n%s\n", name, usage, strings.TrimSpace(description))
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprintf(fs.Output(), "\nFlags:\n")
			fs.PrintDefaults()
		}
	}
	return fs
}

// Parse parses args and turns a parse failure, or an argument left over,
// into ErrUsage (the error and the usage are printed on fs's output).
// -h returns flag.ErrHelp.
func Parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return ErrUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(fs.Output(), "unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return ErrUsage
	}
	return nil
}

// Positional takes up to n arguments that are neither flags nor flag
// values from args, in order, and returns them and the rest, so that
// "match A B --games 2" and "match --games 2 A B" mean the same.
func Positional(fs *flag.FlagSet, args []string, n int) (pos, rest []string) {
	for i, a := range args {
		if len(pos) < n && a != "" && a[0] != '-' && (i == 0 || !needsValue(fs, args[i-1])) {
			pos = append(pos, a)
			continue
		}
		rest = append(rest, a)
	}
	return pos, rest
}

// FileArg takes the first argument that is not a flag nor a flag's value
// ("-" counts: standard input) as a file name, so that flags may come
// before or after it, and returns it ("" if none) and the other
// arguments.
func FileArg(fs *flag.FlagSet, args []string) (string, []string) {
	for i, a := range args {
		if a == "-" || (a != "" && a[0] != '-') {
			// A non-flag argument that follows a flag needing a value is that value.
			if i > 0 && needsValue(fs, args[i-1]) {
				continue
			}
			return a, append(append([]string{}, args[:i]...), args[i+1:]...)
		}
	}
	return "", args
}

// needsValue reports whether a flag argument of fs is written without
// its value ("--threads" followed by "2", not "--threads=2", nor a
// boolean flag such as "--wld").
func needsValue(fs *flag.FlagSet, a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	name := strings.TrimLeft(a, "-")
	if strings.Contains(name, "=") {
		return false
	}
	f := fs.Lookup(name)
	if f == nil {
		return false // -h, --help or an unknown flag: the parser says so
	}
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return !ok || !b.IsBoolFlag()
}

// DefaultSeed sets *seed to a random number below a million (short
// enough to read and type again) unless the command line gave the flag
// "seed" of fs. Call it after parsing.
func DefaultSeed(fs *flag.FlagSet, seed *uint64) {
	if !Given(fs, "seed") {
		*seed = rand.Uint64() % 1_000_000
	}
}

// Given reports whether the command line gave the flag name of fs. Call
// it after parsing.
func Given(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// List is a flag that collects repeated or comma-separated values.
type List []string

// String returns the values separated by commas.
func (l *List) String() string { return strings.Join(*l, ",") }

// Set adds the comma-separated values of v, each trimmed, the empty ones
// dropped.
func (l *List) Set(v string) error {
	for part := range strings.SplitSeq(v, ",") {
		if part = strings.TrimSpace(part); part != "" {
			*l = append(*l, part)
		}
	}
	return nil
}

// Engines is the repeatable flag NAME=COMMAND of the external engines a
// server offers (--engine edax="edax -q"): the command lines by their
// lower-cased names. A name given twice is an error.
type Engines map[string]string

// String returns the pairs as fmt prints a map.
func (p *Engines) String() string {
	if p == nil || len(*p) == 0 {
		return ""
	}
	return fmt.Sprint(*p)
}

// Set adds one NAME=COMMAND.
func (p *Engines) Set(v string) error {
	name, value, ok := strings.Cut(v, "=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" || value == "" {
		return fmt.Errorf("%q: want NAME=COMMAND LINE, e.g. edax=\"edax -q\"", v)
	}
	if *p == nil {
		*p = Engines{}
	}
	if _, dup := (*p)[strings.ToLower(name)]; dup {
		return fmt.Errorf("engine %q given twice", name)
	}
	(*p)[strings.ToLower(name)] = value
	return nil
}

// Counted writes n and a noun, plural unless n is 1: "1 thread", "2 threads".
func Counted(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// CheckIncrement checks the --increment of a command line: it adds to a
// game clock (--game-time), and is not negative.
func CheckIncrement(inc, gameTime time.Duration) error {
	switch {
	case inc < 0:
		return fmt.Errorf("--increment %v: want a positive duration, or 0 for none", inc)
	case inc > 0 && gameTime == 0:
		return fmt.Errorf("--increment %v: it adds to a game clock after each move; give --game-time too (e.g. --game-time 5m --increment %v)", inc, inc)
	}
	return nil
}
