package tui_test

import (
	"fmt"

	"github.com/reversi-engine/reversi/tui"
)

// The language of the UI comes from the locale when --lang does not say.
func ExampleLangFromEnv() {
	for _, locale := range []string{"zh_CN.UTF-8", "zh_HK.UTF-8", "de_DE.UTF-8"} {
		env := map[string]string{"LANG": locale}
		fmt.Println(locale, tui.LangFromEnv(func(k string) string { return env[k] }))
	}
	// Output:
	// zh_CN.UTF-8 zh-Hans
	// zh_HK.UTF-8 zh-Hant
	// de_DE.UTF-8 en
}
