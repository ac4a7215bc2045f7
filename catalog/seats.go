// What a spec says about its seat without building the player: a human
// at the keyboard, an engine that takes its level from the caller, a
// player that does not search.

package catalog

import "strings"

// IsHuman says whether spec names the human player ("human", in any
// case, with or without options): a seat played at the keyboard, which
// a caller cannot run without display. It reads only the name, so that a
// human spec with bad options is still a human's.
func IsHuman(spec string) bool {
	name, _, _ := strings.Cut(spec, ":")
	return strings.EqualFold(strings.TrimSpace(name), "human")
}

// TakesLevel says whether spec is a valid spec of the engine that names
// no level of its own ("engine", "engine:threads=1"), so that the level
// of [Env] sets it; false for any other player, an engine with a level
// option, or a spec that does not parse.
func TakesLevel(spec string) bool {
	s, err := Parse(spec)
	if err != nil || s.Name != "engine" {
		return false
	}
	for _, o := range s.Options {
		if o.Key == "level" {
			return false
		}
	}
	return true
}

// IsInstant says whether spec is a valid spec of an [Entry.Instant]
// player (random, the course's table players): one that does not search;
// false for any other player or a spec that does not parse.
func IsInstant(spec string) bool {
	s, err := Parse(spec)
	if err != nil {
		return false
	}
	e := lookup(s.Name)
	return e != nil && e.Instant
}

// UsesShippedBook reports whether spec is a valid spec of the engine that
// plays from the shipped book when it can be read: its book option on or
// auto (the default), and no book file of its own.
func UsesShippedBook(spec string) bool {
	isEngine, off, file := EngineBook(spec)
	return isEngine && !off && file == ""
}

// EngineBook reads the book options of spec: whether it is a valid spec
// of the engine, and if so whether its book is off (book=off, in any
// case) and the book file it names (book-file, "" for none).
func EngineBook(spec string) (isEngine, off bool, file string) {
	s, err := Parse(spec)
	if err != nil || s.Name != "engine" {
		return false, false, ""
	}
	for _, o := range s.Options {
		switch o.Key {
		case "book-file":
			file = o.Value
		case "book":
			off = strings.EqualFold(o.Value, "off")
		}
	}
	return true, off, file
}
