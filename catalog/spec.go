// Specs: parsing "name:key=value,..." against the catalog, option values
// by kind, the arguments handed to constructors and the errors.

package catalog

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Kind is the type of an option's value.
type Kind uint8

const (
	// Int is a decimal integer, e.g. 16 or -3.
	Int Kind = iota + 1
	// Uint is a non-negative decimal integer, e.g. a seed.
	Uint
	// Float is a finite decimal number, e.g. 1.4.
	Float
	// Duration is a time.ParseDuration text, e.g. 500ms or 1.5s.
	Duration
	// Bool is true or false (or 1, 0, t, f as strconv.ParseBool reads).
	Bool
	// Text is any non-empty text without a comma.
	Text
)

// String returns the name of the kind as the help shows it: "int",
// "uint", "number", "duration", "bool" or "text".
func (k Kind) String() string {
	switch k {
	case Int:
		return "int"
	case Uint:
		return "uint"
	case Float:
		return "number"
	case Duration:
		return "duration"
	case Bool:
		return "bool"
	case Text:
		return "text"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// placeholder stands for a value of the kind in a syntax line.
func (k Kind) placeholder() string {
	switch k {
	case Int, Uint:
		return "N"
	case Float:
		return "X"
	case Duration:
		return "D"
	case Bool:
		return "true|false"
	}
	return "TEXT"
}

// want says what a value of the kind looks like, for error messages.
func (k Kind) want() string {
	switch k {
	case Int:
		return "an integer, e.g. 16"
	case Uint:
		return "a non-negative integer, e.g. 7"
	case Float:
		return "a number, e.g. 1.4"
	case Duration:
		return "a duration, e.g. 500ms or 2s"
	case Bool:
		return "true or false"
	}
	return "some text"
}

// parse reads a value of the kind. The error says what was expected.
func (k Kind) parse(text string) (any, error) {
	var v any
	var err error
	switch k {
	case Int:
		v, err = strconv.Atoi(text)
	case Uint:
		v, err = strconv.ParseUint(text, 10, 64)
	case Float:
		var f float64
		f, err = strconv.ParseFloat(text, 64)
		if err == nil && (math.IsNaN(f) || math.IsInf(f, 0)) {
			err = errors.New("not finite")
		}
		v = f
	case Duration:
		v, err = time.ParseDuration(text)
	case Bool:
		v, err = strconv.ParseBool(text)
	case Text:
		v = text
	default:
		return nil, fmt.Errorf("option of unknown kind %v", k)
	}
	if err != nil {
		return nil, fmt.Errorf("%q is not %s", text, k.want())
	}
	return v, nil
}

// Spec is a parsed player spec.
type Spec struct {
	// Name is the player's name, in lower case.
	Name string
	// Options are the options given, in the order given, keys in lower
	// case and values with surrounding spaces removed.
	Options []Setting
	// Raw is the argument of an entry that takes the text after the ':'
	// as a whole (see [Entry].Raw), with surrounding spaces removed.
	Raw string
}

// Setting is one key=value option of a spec.
type Setting struct {
	Key, Value string
}

// String returns the spec in its canonical form, which Parse reads back
// to the same Spec: "name", "name:key=value,key=value" or "name:raw".
func (s Spec) String() string {
	if s.Raw != "" {
		return s.Name + ":" + s.Raw
	}
	if len(s.Options) == 0 {
		return s.Name
	}
	var b strings.Builder
	b.WriteString(s.Name)
	for i, o := range s.Options {
		if i == 0 {
			b.WriteByte(':')
		} else {
			b.WriteByte(',')
		}
		b.WriteString(o.Key + "=" + o.Value)
	}
	return b.String()
}

// Parse reads a spec and checks it against the catalog: the player
// exists, each option is one of its options, given once, with a value of
// the option's kind. It builds nothing. Names and keys are read in any
// case; spaces around the name, keys and values are ignored. The error is
// a [*SpecError].
func Parse(text string) (Spec, error) {
	s, _, err := table(catalog[:]).parse(text)
	return s, err
}

// parse is Parse for the entries of t; it also returns the spec's entry.
func (t table) parse(text string) (Spec, *Entry, error) {
	fail := func(name, option, format string, args ...any) (Spec, *Entry, error) {
		return Spec{}, nil, &SpecError{Spec: text, Player: name, Option: option, Err: fmt.Errorf(format, args...)}
	}
	head, rest, hasRest := strings.Cut(text, ":")
	name := strings.ToLower(strings.TrimSpace(head))
	if name == "" {
		if strings.TrimSpace(text) == "" {
			return fail("", "", "empty player spec: want a player, e.g. %q or %q; players: %s",
				"random", "evaporation:endgame=16", t.names())
		}
		return fail("", "", "no player name before ':'; players: %s", t.names())
	}
	e := t.lookup(name)
	if e == nil {
		return fail("", "", "unknown player %q; players: %s", name, t.names())
	}
	s := Spec{Name: name}
	if e.Raw != "" {
		s.Raw = strings.TrimSpace(rest)
		if s.Raw == "" {
			return fail(name, "", "%s needs a %s: write %s", name, e.Raw, e.syntax())
		}
		return s, e, nil
	}
	if !hasRest {
		return s, e, nil
	}
	if strings.TrimSpace(rest) == "" {
		return fail(name, "", "no options after ':'; write %s, or %s", name, e.syntax())
	}
	if len(e.Options) == 0 {
		return fail(name, "", "%s takes no options", name)
	}
	for part := range strings.SplitSeq(rest, ",") {
		k, v, hasValue := strings.Cut(part, "=")
		k, v = strings.ToLower(strings.TrimSpace(k)), strings.TrimSpace(v)
		switch {
		case k == "" && !hasValue && v == "":
			return fail(name, "", "empty option (a stray comma?)")
		case k == "":
			return fail(name, "", "option %q has no name: write key=value", strings.TrimSpace(part))
		}
		o := e.option(k)
		switch {
		case o == nil:
			return fail(name, k, "%s has no such option; its options: %s", name, e.optionNames())
		case !hasValue || v == "":
			return fail(name, k, "no value: write %s=%s", k, o.Kind.placeholder())
		}
		for _, prev := range s.Options {
			if prev.Key == k {
				return fail(name, k, "given twice (%s=%s and %s=%s)", k, prev.Value, k, v)
			}
		}
		if _, err := o.Kind.parse(v); err != nil {
			return fail(name, k, "%v", err)
		}
		s.Options = append(s.Options, Setting{Key: k, Value: v})
	}
	return s, e, nil
}

// Args are what a catalog entry's constructor receives: the caller's
// environment and the values of its options, defaults filled in.
type Args struct {
	// Env is the caller's Env, with Seed replaced by the seed option if
	// the spec gives one.
	Env Env
	// Raw is the argument of an entry that takes the text after the ':'
	// as a whole; empty for the others.
	Raw string

	entry  *Entry
	values map[string]any
	given  map[string]bool
}

// newArgs gathers the options of spec s for entry e: the given values,
// else the defaults.
func newArgs(e *Entry, s Spec, env Env) (Args, error) {
	a := Args{Env: env, Raw: s.Raw, entry: e, values: map[string]any{}, given: map[string]bool{}}
	for _, o := range e.Options {
		if o.Default == "" {
			continue
		}
		v, err := o.Kind.parse(o.Default)
		if err != nil { // a bug in the catalog, caught by its tests
			return Args{}, &SpecError{Option: o.Name, Err: fmt.Errorf("bad default: %v", err)}
		}
		a.values[o.Name] = v
	}
	for _, set := range s.Options {
		v, err := e.option(set.Key).Kind.parse(set.Value)
		if err != nil {
			return Args{}, &SpecError{Option: set.Key, Err: err}
		}
		a.values[set.Key] = v
		a.given[set.Key] = true
	}
	if seed, ok := a.values["seed"].(uint64); ok && a.given["seed"] {
		a.Env.Seed = seed
	}
	return a, nil
}

// Written returns the value of an option as a spec would write it, e.g.
// "1s" or "1.4" (empty for an option with no value).
func (a Args) Written(option string) string {
	v, ok := a.values[option]
	if !ok {
		return ""
	}
	return fmt.Sprint(v)
}

// Given reports whether the spec gives the option.
func (a Args) Given(option string) bool { return a.given[option] }

// value returns the value of an option of the entry, checking its kind.
// It panics if the entry has no such option: a bug in the catalog.
func (a Args) value(option string, k Kind) any {
	o := a.entry.option(option)
	if o == nil || o.Kind != k {
		panic(fmt.Sprintf("players: entry %q has no %v option %q", a.entry.Name, k, option))
	}
	return a.values[option]
}

// Int returns the value of an Int option, 0 if it has no default and is
// not given. It panics if the entry has no Int option of that name.
func (a Args) Int(option string) int {
	v, _ := a.value(option, Int).(int)
	return v
}

// Uint returns the value of a Uint option, 0 if it has no default and is
// not given. It panics if the entry has no Uint option of that name.
func (a Args) Uint(option string) uint64 {
	v, _ := a.value(option, Uint).(uint64)
	return v
}

// Float returns the value of a Float option, 0 if it has no default and
// is not given. It panics if the entry has no Float option of that name.
func (a Args) Float(option string) float64 {
	v, _ := a.value(option, Float).(float64)
	return v
}

// Duration returns the value of a Duration option, 0 if it has no default
// and is not given. It panics if the entry has no Duration option of that
// name.
func (a Args) Duration(option string) time.Duration {
	v, _ := a.value(option, Duration).(time.Duration)
	return v
}

// Bool returns the value of a Bool option, false if it has no default and
// is not given. It panics if the entry has no Bool option of that name.
func (a Args) Bool(option string) bool {
	v, _ := a.value(option, Bool).(bool)
	return v
}

// Text returns the value of a Text option, "" if it has no default and is
// not given. It panics if the entry has no Text option of that name.
func (a Args) Text(option string) string {
	v, _ := a.value(option, Text).(string)
	return v
}

// Errorf returns the error of a constructor that rejects the value of an
// option, e.g. a.Errorf("endgame", "want 0 to 60"). [New] adds the spec
// and the player's name to it.
func (a Args) Errorf(option, format string, args ...any) error {
	return &SpecError{Option: option, Err: fmt.Errorf(format, args...)}
}

// SpecError is the error of a spec that cannot be parsed or built.
type SpecError struct {
	// Spec is the spec as given.
	Spec string
	// Player is the name of the player, "" if the spec names none of the
	// catalog.
	Player string
	// Option is the key of the option at fault, "" if the fault is
	// elsewhere.
	Option string
	// Err says what is wrong.
	Err error
}

// Error returns, for example, `player spec "random:seed=x": option seed:
// "x" is not a non-negative integer, e.g. 7`.
func (e *SpecError) Error() string {
	var b strings.Builder
	if strings.TrimSpace(e.Spec) != "" {
		fmt.Fprintf(&b, "player spec %q: ", e.Spec)
	}
	if e.Option != "" {
		fmt.Fprintf(&b, "option %s: ", e.Option)
	}
	if e.Err != nil {
		b.WriteString(e.Err.Error())
	} else {
		b.WriteString("invalid")
	}
	return b.String()
}

// Unwrap returns e.Err.
func (e *SpecError) Unwrap() error { return e.Err }
