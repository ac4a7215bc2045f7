// Tests: the web GUI's string tables (web/static/i18n/*.json) against the
// English one and against the keys the page's modules use.

package server

import (
	"encoding/json"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/opening"
	"github.com/reversi-engine/reversi/web"
)

// readTable reads a language's string table from the embedded files.
func readTable(t *testing.T, name string) map[string]string {
	t.Helper()
	data, err := fs.ReadFile(web.Files, "static/i18n/"+name)
	if err != nil {
		t.Fatal(err)
	}
	var table map[string]string
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return table
}

// sameInEveryLanguage are the keys of texts with English words that are
// the same in every language: names of programs (a player, and the
// openings named after one).
var sameInEveryLanguage = []string{"player.roxanne", "opening.IAGO", "opening.COMP'OTH"}

var latinWord = regexp.MustCompile(`[A-Za-z]{2,}`)

var placeholder = regexp.MustCompile(`\{(\w+)\}`)

// placeholders returns the sorted names of a text's {name} placeholders.
func placeholders(s string) []string {
	var names []string
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		names = append(names, m[1])
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// TestLanguageTables: every language's table has exactly the keys of the
// English one, no text is empty or left in English (but names), and a
// translation uses only the placeholders its English text has (it may
// leave one out, as Chinese leaves out the referee's English detail).
func TestLanguageTables(t *testing.T) {
	en := readTable(t, "en.json")
	files, err := fs.Glob(web.Files, "static/i18n/*.json")
	if err != nil {
		t.Fatal(err)
	}
	var langs []string
	for _, f := range files {
		langs = append(langs, path.Base(f))
	}
	for _, want := range []string{"en.json", "zh-Hans.json", "zh-Hant.json"} {
		if !slices.Contains(langs, want) {
			t.Errorf("no table %s (tables: %v)", want, langs)
		}
	}
	for _, name := range langs {
		t.Run(name, func(t *testing.T) {
			table := readTable(t, name)
			for k := range en {
				if _, ok := table[k]; !ok {
					t.Errorf("missing key %q", k)
				}
			}
			for k, v := range table {
				enText, ok := en[k]
				if !ok {
					t.Errorf("extra key %q (not in en.json)", k)
					continue
				}
				if strings.TrimSpace(v) == "" {
					t.Errorf("%q is empty", k)
				}
				if name != "en.json" && v == enText && latinWord.MatchString(placeholder.ReplaceAllString(v, "")) && !slices.Contains(sameInEveryLanguage, k) {
					t.Errorf("%q is not translated: %q", k, v)
				}
				for _, p := range placeholders(v) {
					if !slices.Contains(placeholders(enText), p) {
						t.Errorf("%q: {%s} is not a placeholder of the English %q", k, p, enText)
					}
				}
			}
		})
	}
}

// TestLanguageKeysUsed: every key the page's modules ask for (t("...")
// and index.html's data-i18n attributes) is in the English table, and
// every key of the table is used (directly, or under a prefix the page
// completes, as t("player." + name)).
func TestLanguageKeysUsed(t *testing.T) {
	en := readTable(t, "en.json")
	used := map[string]bool{}
	var prefixes []string
	direct := regexp.MustCompile(`\bt\("([A-Za-z0-9_.]+)"`)
	prefixed := regexp.MustCompile(`\bt\("([A-Za-z0-9_.]+\.)"\s*\+`)
	quoted := regexp.MustCompile(`"([a-z]+\.[A-Za-z0-9]+)"`) // keys in a map of keys
	attr := regexp.MustCompile(`data-i18n(?:-label)?="([^"]+)"`)
	err := fs.WalkDir(web.Files, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".js") || strings.HasSuffix(p, ".html")) {
			return err
		}
		data, err := fs.ReadFile(web.Files, p)
		if err != nil {
			return err
		}
		src := string(data)
		for _, m := range direct.FindAllStringSubmatch(src, -1) {
			if strings.HasSuffix(m[1], ".") {
				continue // a prefix the page completes
			}
			if _, ok := en[m[1]]; !ok {
				t.Errorf("%s asks for %q, which en.json does not have", p, m[1])
			}
			used[m[1]] = true
		}
		for _, m := range attr.FindAllStringSubmatch(src, -1) {
			if _, ok := en[m[1]]; !ok {
				t.Errorf("%s asks for %q, which en.json does not have", p, m[1])
			}
			used[m[1]] = true
		}
		for _, m := range quoted.FindAllStringSubmatch(src, -1) {
			used[m[1]] = true
		}
		for _, m := range prefixed.FindAllStringSubmatch(src, -1) {
			prefixes = append(prefixes, m[1])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The page asks for an error's text by its code (TestCodesTranslated).
	for _, c := range Codes {
		used["error."+string(c.Code)] = true
	}
	for k := range en {
		if !used[k] && !slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(k, p) }) {
			t.Errorf("en.json has %q, which no module uses", k)
		}
	}
}

// TestOpeningNamesTranslated: every table names every opening of package
// opening under "opening." and its English name (the GUI shows the
// translation with the English after it), the English table by that
// name, the others by a translation (but programs' names); and names no
// opening that package opening does not have. An opening added there
// fails here until each table names it.
func TestOpeningNamesTranslated(t *testing.T) {
	en := readTable(t, "en.json")
	want := map[string]string{}
	for _, o := range opening.All() {
		want["opening."+o.Name] = o.Name
	}
	for _, lang := range []string{"en.json", "zh-Hans.json", "zh-Hant.json"} {
		t.Run(lang, func(t *testing.T) {
			table := readTable(t, lang)
			for key, name := range want {
				text, ok := table[key]
				switch {
				case !ok:
					t.Errorf("the opening %q has no %q", name, key)
				case lang == "en.json" && text != name:
					t.Errorf("%q is %q, want the opening's name %q", key, text, name)
				case lang != "en.json" && text == en[key] && !slices.Contains(sameInEveryLanguage, key):
					t.Errorf("%q is not translated: %q", key, text)
				}
			}
			for key := range table {
				if _, ok := want[key]; strings.HasPrefix(key, "opening.") && !ok {
					t.Errorf("%q names no opening of package opening", key)
				}
			}
		})
	}
}

// TestHeadlineClaims: the start page's headline says what the program is
// and does, in every language, and claims no strength that no recorded
// match shows (docs/STRENGTH.md: even with NTest at a 15 s clock, behind
// it at equal depth): no superlative.
func TestHeadlineClaims(t *testing.T) {
	superlative := regexp.MustCompile(`(?i)strong|strongest|best|as .* as it gets|棋力|最强|最強|全开|全開`)
	for _, name := range []string{"en.json", "zh-Hans.json", "zh-Hant.json"} {
		title := readTable(t, name)["start.title"]
		if superlative.MatchString(title) {
			t.Errorf("%s: the headline %q claims a strength", name, title)
		}
		if !strings.Contains(title, map[string]string{"en.json": "endgame", "zh-Hans.json": "终局", "zh-Hant.json": "終局"}[name]) {
			t.Errorf("%s: the headline %q does not say what the engine does (its exact endgame)", name, title)
		}
	}
}
