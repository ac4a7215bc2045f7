package tui

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// placeholders returns the {names} of s, sorted.
func placeholders(s string) []string {
	p := regexp.MustCompile(`\{[a-zA-Z]+\}`).FindAllString(s, -1)
	slices.Sort(p)
	return p
}

// TestOwnTablesComplete checks that every language has exactly the keys
// of the English table of the TUI, with the same placeholders.
func TestOwnTablesComplete(t *testing.T) {
	read := func(l Lang) map[string]string {
		data, err := ownTables.ReadFile("text/" + string(l) + ".json")
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		return m
	}
	en := read(English)
	for _, l := range Langs {
		t.Run(string(l), func(t *testing.T) {
			tab := read(l)
			for k, v := range en {
				got, ok := tab[k]
				if !ok {
					t.Errorf("%s lacks %q", l, k)
					continue
				}
				if !slices.Equal(placeholders(got), placeholders(v)) {
					t.Errorf("%s %q has placeholders %v, English %v", l, k, placeholders(got), placeholders(v))
				}
			}
			for k := range tab {
				if _, ok := en[k]; !ok {
					t.Errorf("%s has %q, which English has not", l, k)
				}
				if !strings.HasPrefix(k, "tui.") {
					t.Errorf("%s: %q: the TUI's own keys start with tui., apart from the web GUI's", l, k)
				}
			}
		})
	}
}

// TestKeysUsedExist checks that every key the code names is in the
// table of every language, the web GUI's keys included.
func TestKeysUsedExist(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	used := map[string]bool{
		// Keys made at run time.
		"tui.rule.standard": true, "tui.rule.no-adjacent": true,
		"color.black": true, "color.white": true,
	}
	key := regexp.MustCompile(`T\("([a-zA-Z]+\.[a-zA-Z.-]+)"`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range key.FindAllStringSubmatch(string(src), -1) {
			if strings.HasSuffix(m[1], ".") {
				continue // a prefix, completed at run time (see above)
			}
			used[m[1]] = true
		}
	}
	if len(used) < 40 {
		t.Fatalf("found only %d keys in the code: is the pattern still right?", len(used))
	}
	for _, l := range Langs {
		tab := loadText(l)
		for k := range used {
			if _, ok := tab[k]; !ok {
				t.Errorf("%s: no string for %q", l, k)
			}
		}
	}
}

func TestParseLang(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Lang
		ok   bool
	}{
		{"en", English, true},
		{"zh-Hans", SimplifiedChinese, true},
		{"zh-hant", TraditionalChinese, true},
		{"ZH-HANS", SimplifiedChinese, true},
		{"fr", "", false},
		{"", "", false},
	} {
		got, err := ParseLang(tc.in)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("ParseLang(%q) = %q, %v; want %q, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestLangFromEnv(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want Lang
	}{
		{map[string]string{}, English},
		{map[string]string{"LANG": "C"}, English},
		{map[string]string{"LANG": "en_US.UTF-8"}, English},
		{map[string]string{"LANG": "zh_CN.UTF-8"}, SimplifiedChinese},
		{map[string]string{"LANG": "zh_SG"}, SimplifiedChinese},
		{map[string]string{"LANG": "zh"}, SimplifiedChinese},
		{map[string]string{"LANG": "zh_TW.UTF-8"}, TraditionalChinese},
		{map[string]string{"LANG": "zh_HK.Big5"}, TraditionalChinese},
		{map[string]string{"LANG": "zh_TW", "LC_MESSAGES": "en_GB"}, English},
		{map[string]string{"LANG": "en_US", "LC_MESSAGES": "zh_CN"}, SimplifiedChinese},
		{map[string]string{"LC_ALL": "zh_TW.UTF-8", "LC_MESSAGES": "zh_CN", "LANG": "en"}, TraditionalChinese},
		{map[string]string{"LC_ALL": "fr_FR@euro"}, English},
	} {
		got := LangFromEnv(func(k string) string { return tc.env[k] })
		if got != tc.want {
			t.Errorf("LangFromEnv(%v) = %q, want %q", tc.env, got, tc.want)
		}
	}
}
