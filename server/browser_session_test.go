// Browser test of the account in the top bar (web/static/session.js):
// registering, logging out and in, a wrong password, an invitation.

package server

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/reversi-engine/reversi/account"
	"github.com/reversi-engine/reversi/store"
)

// pageSizes are the sizes the account pages are checked at: a laptop's
// and a phone's.
var pageSizes = []struct {
	name   string
	w, h   int64
	mobile bool
}{{"1366x768", 1366, 768, false}, {"390x844", 390, 844, true}}

// usePageSize makes the page's viewport one of pageSizes.
func usePageSize(t *testing.T, ctx context.Context, w, h int64, mobile bool) {
	t.Helper()
	var opts []chromedp.EmulateViewportOption
	if mobile {
		opts = append(opts, chromedp.EmulateMobile)
	}
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(w, h, opts...)); err != nil {
		t.Fatal(err)
	}
}

// drive runs chromedp actions and fails the test with what they were for.
func drive(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action) {
	t.Helper()
	if err := chromedp.Run(ctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// fillSession fills the session dialog's name and password (as typing
// would: an input event each), through the page: the dialog is new each
// time it opens, and chromedp's nodes may be of the one before.
func fillSession(t *testing.T, ctx context.Context, name, password string) {
	t.Helper()
	waitJS(t, ctx, "the dialog", `document.getElementById("session-dialog")?.open === true`)
	drive(t, ctx, "filling the dialog", chromedp.Evaluate(fmt.Sprintf(`for (const [id, v] of [["session-name", %q], ["session-password", %q]]) {
		const e = document.getElementById(id); e.value = v; e.dispatchEvent(new Event("input", {bubbles: true}));
	} true`, name, password), nil))
}

// awaitJS runs a JavaScript expression that yields a promise of a
// boolean, and answers it.
func awaitJS(t *testing.T, ctx context.Context, js string) bool {
	t.Helper()
	var ok bool
	drive(t, ctx, js, chromedp.Evaluate(js, &ok, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	return ok
}

// clickJS clicks an element of the page by its id, through the page.
func clickJS(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	drive(t, ctx, "clicking #"+id, chromedp.Evaluate(fmt.Sprintf(`document.getElementById(%q).click(); true`, id), nil))
}

// TestBrowserSession: in English and Simplified Chinese, at a laptop's
// and a phone's size, a person registers from the top bar (the name then
// links to its player page), logs out from the account's menu (Escape
// closes it), tries a wrong password (told so in the page's language,
// from the error's code), and logs in; the dialog closes with Escape,
// the focus back on its button; axe-core finds nothing at each step. On
// an invitation-only server, the dialog asks for the code when the
// server says it needs one.
func TestBrowserSession(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	axe := readAxe(t)
	ts := newTestServer(t, "", Config{})
	for _, lang := range []string{"en-US", "zh-CN"} {
		ctx := browser(t, lang, lang)
		wrong := "wrong name or password" // the server's words
		if lang == "zh-CN" {
			wrong = readTable(t, "zh-Hans.json")["error.bad_credentials"]
		}
		for i, vp := range pageSizes {
			where := lang + " " + vp.name
			var names []string // shown as they are, in every language
			check := func(step string) {
				t.Helper()
				checkPage(t, ctx, axe, lang, where+", "+step, names...)
			}
			usePageSize(t, ctx, vp.w, vp.h, vp.mobile)
			name := fmt.Sprintf("ann%d%s", i, strings.ReplaceAll(lang, "-", ""))
			names = []string{name}
			drive(t, ctx, "the start page", chromedp.Navigate(ts.http.URL+"/"), chromedp.WaitVisible("#session-register", chromedp.ByID))
			check("logged out")

			// Escape closes the dialog, the focus back on its button.
			clickJS(t, ctx, "session-open")
			waitJS(t, ctx, "the focus on the name", `document.activeElement?.id === "session-name"`)
			drive(t, ctx, "Escape", chromedp.KeyEvent(kb.Escape))
			waitJS(t, ctx, "the dialog closed, the focus back", `!document.getElementById("session-dialog") && document.activeElement?.id === "session-open"`)

			clickJS(t, ctx, "session-register")
			fillSession(t, ctx, name, "correct horse battery")
			check("the dialog to register")
			clickJS(t, ctx, "session-submit")
			waitJS(t, ctx, "the name in the top bar", fmt.Sprintf(`document.getElementById("session-name-link")?.textContent === %q && !document.getElementById("session-dialog")`, name))
			var href string
			drive(t, ctx, "the name's link", chromedp.Evaluate(`document.getElementById("session-name-link").getAttribute("href")`, &href))
			if href != "/#player="+name {
				t.Errorf("%s: the name links to %q", where, href)
			}
			// The server knows the session.
			if !awaitJS(t, ctx, fmt.Sprintf(`fetch("/api/account").then(r => r.json()).then(a => a.name === %q)`, name)) {
				t.Errorf("%s: the server does not know the session", where)
			}
			check("logged in")
			clickJS(t, ctx, "session-toggle")
			waitJS(t, ctx, "the menu", `document.getElementById("session-menu")?.hidden === false`)
			if evalInt(t, ctx, `document.getElementById("session-toggle").getAttribute("aria-expanded") === "true" && document.activeElement?.id === "session-account" ? 1 : 0`) != 1 {
				t.Errorf("%s: the open menu is not said expanded, or has not the focus", where)
			}
			check("the account's menu")
			// Escape closes the menu, the focus back on its button; it opens
			// again.
			drive(t, ctx, "Escape", chromedp.KeyEvent(kb.Escape))
			waitJS(t, ctx, "the menu closed", `document.getElementById("session-menu").hidden && document.activeElement?.id === "session-toggle" &&
				document.getElementById("session-toggle").getAttribute("aria-expanded") === "false"`)
			clickJS(t, ctx, "session-toggle")
			waitJS(t, ctx, "the menu open again", `document.getElementById("session-menu")?.hidden === false`)
			if lang == "en-US" { // the pictures of docs/screenshots, in English
				if vp.mobile {
					screenshot(t, ctx, "session-menu-phone")
				} else {
					screenshot(t, ctx, "session-menu")
				}
			}
			clickJS(t, ctx, "session-logout")
			waitJS(t, ctx, "logged out", `document.getElementById("session-open") !== null`)
			if !awaitJS(t, ctx, `fetch("/api/account").then(r => r.status === 401)`) {
				t.Errorf("%s: the session did not end", where)
			}

			clickJS(t, ctx, "session-open")
			fillSession(t, ctx, name, "not my password")
			clickJS(t, ctx, "session-submit")
			waitJS(t, ctx, "the error", `document.getElementById("session-error").textContent !== ""`)
			var said string
			drive(t, ctx, "the error", chromedp.Evaluate(`document.getElementById("session-error").textContent`, &said))
			if !strings.Contains(said, wrong) {
				t.Errorf("%s: a wrong password: the dialog says %q, not %q", where, said, wrong)
			}
			check("a wrong password")
			fillSession(t, ctx, name, "correct horse battery")
			// Enter in the password's field sends the form.
			drive(t, ctx, "log in", chromedp.Evaluate(`document.getElementById("session-password").focus(); true`, nil), chromedp.KeyEvent(kb.Enter))
			waitJS(t, ctx, "logged in again, the focus on the name", fmt.Sprintf(`document.getElementById("session-name-link")?.textContent === %q && document.activeElement?.id === "session-name-link"`, name))
			// Logged out again for the next size (the same browser).
			clickJS(t, ctx, "session-toggle")
			clickJS(t, ctx, "session-logout")
			waitJS(t, ctx, "logged out", `document.getElementById("session-open") !== null`)
		}
		drive(t, ctx, "reset", chromedp.EmulateReset())
	}

	// An invitation-only server: the code is asked for when needed.
	inv := newTestServer(t, "", Config{InviteOnly: true})
	code, hash := account.NewInvitation()
	if err := inv.st.(store.Accounts).CreateInvitation(context.Background(), &store.Invitation{Hash: hash}); err != nil {
		t.Fatal(err)
	}
	ctx := browser(t)
	drive(t, ctx, "the start page", chromedp.Navigate(inv.http.URL+"/"), chromedp.WaitVisible("#session-register", chromedp.ByID))
	clickJS(t, ctx, "session-register")
	waitJS(t, ctx, "the dialog", `document.getElementById("session-dialog")?.open === true`)
	if evalInt(t, ctx, `document.getElementById("session-invitation-row").hidden ? 1 : 0`) != 1 {
		t.Error("the invitation's field is shown before the server asks for it")
	}
	fillSession(t, ctx, "invited", "correct horse battery")
	clickJS(t, ctx, "session-submit")
	waitJS(t, ctx, "the invitation asked for", `!document.getElementById("session-invitation-row").hidden && document.activeElement?.id === "session-invitation"`)
	if vs := axeViolations(t, ctx, axe); len(vs) > 0 {
		t.Errorf("the invitation asked for: axe-core finds:\n  %s", strings.Join(vs, "\n  "))
	}
	drive(t, ctx, "the code", chromedp.Evaluate(fmt.Sprintf(`document.getElementById("session-invitation").value = %q; true`, code), nil))
	clickJS(t, ctx, "session-submit")
	waitJS(t, ctx, "registered with the invitation", `document.getElementById("session-name-link")?.textContent === "invited"`)
}
