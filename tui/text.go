// The languages of the terminal UI and its string tables: the web GUI's
// (web/static/i18n), shared where the words are the same, and the TUI's
// own (text/*.json).

package tui

import (
	"embed"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/reversi-engine/reversi/web"
)

// Lang is a language of the UI, named as the web GUI names its tables.
type Lang string

// The languages.
const (
	English            Lang = "en"
	SimplifiedChinese  Lang = "zh-Hans"
	TraditionalChinese Lang = "zh-Hant"
)

// Langs are the languages the UI speaks.
var Langs = []Lang{English, SimplifiedChinese, TraditionalChinese}

// ParseLang reads a language name: en, zh-Hans or zh-Hant, in any case.
func ParseLang(s string) (Lang, error) {
	for _, l := range Langs {
		if strings.EqualFold(s, string(l)) {
			return l, nil
		}
	}
	return "", fmt.Errorf("unknown language %q: want en, zh-Hans or zh-Hant", s)
}

// LangFromEnv chooses the language from the locale as POSIX programs do:
// the first of LC_ALL, LC_MESSAGES and LANG that is set, through getenv
// (os.Getenv, usually). Chinese of mainland China and Singapore (zh_CN,
// zh_SG, and a bare zh) is Simplified, of Taiwan, Hong Kong and Macau
// (zh_TW, zh_HK, zh_MO) Traditional; any other locale is English.
func LangFromEnv(getenv func(string) string) Lang {
	var locale string
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if locale = getenv(name); locale != "" {
			break
		}
	}
	locale, _, _ = strings.Cut(locale, ".") // zh_CN.UTF-8
	locale, _, _ = strings.Cut(locale, "@")
	locale = strings.ToLower(strings.ReplaceAll(locale, "-", "_"))
	lang, region, _ := strings.Cut(locale, "_")
	if lang != "zh" {
		return English
	}
	switch region {
	case "tw", "hk", "mo", "hant":
		return TraditionalChinese
	}
	return SimplifiedChinese
}

//go:embed text/*.json
var ownTables embed.FS

// text is the string table of one language: the TUI's own strings
// ("tui.*") and the web GUI's.
type text map[string]string

// loadText returns the table of l. Both tables are embedded and checked
// by the tests, so an error here is a broken build.
func loadText(l Lang) text {
	t := text{}
	for _, src := range []struct {
		fs   interface{ ReadFile(string) ([]byte, error) }
		path string
	}{
		{web.Files, "static/i18n/" + string(l) + ".json"},
		{ownTables, "text/" + string(l) + ".json"},
	} {
		data, err := src.fs.ReadFile(src.path)
		if err != nil {
			panic(fmt.Sprintf("tui: the string table %s: %v", src.path, err))
		}
		if err := json.Unmarshal(data, &t); err != nil {
			panic(fmt.Sprintf("tui: the string table %s: %v", src.path, err))
		}
	}
	return t
}

// T returns the string of key with its {placeholders} replaced: args are
// pairs of a placeholder's name and its value. A missing key returns the
// key itself, which the tests catch.
func (t text) T(key string, args ...string) string {
	s, ok := t[key]
	if !ok {
		s = key
	}
	for i := 0; i+1 < len(args); i += 2 {
		s = strings.ReplaceAll(s, "{"+args[i]+"}", args[i+1])
	}
	return s
}
