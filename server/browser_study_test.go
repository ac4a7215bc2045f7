// Browser tests of the study page (#study=ID): created from a game's
// review, the editor and the explorer, built on the board (moves,
// variations, comments, marks, a title), saved, read again by its link,
// read only in another browser, its GGF.

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/reversi-engine/reversi/study"
)

// awaitPromise makes an evaluation wait for the promise its expression
// yields.
func awaitPromise(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }

// leaveDialogs accepts every question a page of ctx asks before it is
// left (a study's changes not saved) and counts them.
func leaveDialogs(ctx context.Context) *atomic.Int32 {
	var n atomic.Int32
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*page.EventJavascriptDialogOpening); ok && e.Type == page.DialogTypeBeforeunload {
			n.Add(1)
			go chromedp.Run(ctx, page.HandleJavaScriptDialog(true)) //nolint:errcheck // a tab closed meanwhile has no dialog left
		}
	})
	return &n
}

// studyShown returns the path of the position the study page shows, once
// drawn ("" the start; "-" nothing yet).
func studyShown(t *testing.T, ctx context.Context) string {
	t.Helper()
	var p string
	drive(t, ctx, "the position shown", chromedp.Evaluate(`document.querySelector("svg.board")?.dataset.path ?? "-"`, &p))
	return p
}

// waitStudyAt waits until the study page shows the position at path p,
// its legal moves drawn if editing.
func waitStudyAt(t *testing.T, ctx context.Context, what, p string) {
	t.Helper()
	if !untilJS(ctx, fmt.Sprintf(`document.querySelector("svg.board")?.dataset.path === %q && document.querySelector('#study-tree button[aria-current="true"]')?.dataset.path === %q`, p, p)) {
		t.Fatalf("%s: the page shows %q, want %q", what, studyShown(t, ctx), p)
	}
}

// studyID is the id of the study the page shows.
func studyID(t *testing.T, ctx context.Context) string {
	t.Helper()
	var id string
	drive(t, ctx, "the study's id", chromedp.Evaluate(`location.hash.startsWith("#study=") ? decodeURIComponent(location.hash.slice(7)) : ""`, &id))
	if id == "" {
		t.Fatal("no study shown")
	}
	return id
}

// storedStudy reads a study from the server.
func storedStudy(t *testing.T, ts *testServer, id string) (StudyView, *study.Study) {
	t.Helper()
	return readStudy(t, ts.client(), id)
}

// TestBrowserStudy: in English and Simplified Chinese, at a laptop's and
// a phone's size: a study is started from a game's review (its moves the
// main line); on the board a variation is played, the keys go back, on
// and between the variations, a comment and marks (a circle, a label)
// are put on a position and a title given; Save stores it all (the
// server's study has it); a reload of its link shows it all again;
// another browser reads it without the editing tools, its board taking
// no move, and makes a copy of its own, which it may change; the GGF
// link answers a game a line of the tree; the editor and the explorer
// start studies of their positions; axe-core finds nothing at each step.
func TestBrowserStudy(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	axe := readAxe(t)
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot", Name: "ann"}, White: SeatRequest{Kind: "bot", Name: "bob"}, Transcript: "f5d6c3d3c4"})
	for _, lang := range []string{"en-US", "zh-CN"} {
		ctx := browser(t, lang, lang)
		leaving := leaveDialogs(ctx)
		reader := browser(t, lang, lang) // another browser: no token
		for i, vp := range pageSizes {
			where := lang + " " + vp.name
			title := fmt.Sprintf("Tiger notes %d", i)
			comment := "Better than C3? 虎"
			names := []string{title, comment, "ann – bob", "ann", "bob"}
			check := func(ctx context.Context, step string) {
				t.Helper()
				checkPage(t, ctx, axe, lang, where+", "+step, names...)
			}
			usePageSize(t, ctx, vp.w, vp.h, vp.mobile)
			usePageSize(t, reader, vp.w, vp.h, vp.mobile)

			// From the game's review: the study of its moves.
			drive(t, ctx, "the game", chromedp.Navigate(ts.http.URL+"/game/"+g.ID), chromedp.WaitVisible(`#moves .mv[data-ply="3"]`, chromedp.ByQuery))
			clickJS(t, ctx, "review-first")
			waitJS(t, ctx, "the review", `document.getElementById("review").dataset.at === "0"`)
			clickJS(t, ctx, "to-study")
			waitJS(t, ctx, "the study", `location.hash.startsWith("#study=") && document.querySelectorAll("#study-tree button.node").length === 6`)
			waitStudyAt(t, ctx, "the study's start", "")
			id := studyID(t, ctx)
			if v, st := storedStudy(t, ts, id); v.Revision != 1 || fmt.Sprint(st.Lines()) != "[[F5 D6 C3 D3 C4]]" || st.Title != "ann – bob" {
				t.Fatalf("%s: the study made: %+v, lines %v, title %q", where, v, st.Lines(), st.Title)
			}
			check(ctx, "a study started")

			// After f5 d6, another move than c3: a variation, and one more
			// move along it.
			clickJS(t, ctx, "study-tool-move")
			drive(t, ctx, "to d6", chromedp.Click(`#study-tree button[data-path="0.0"]`, chromedp.ByQuery))
			waitStudyAt(t, ctx, "after d6", "0.0")
			waitJS(t, ctx, "the legal moves", `document.querySelectorAll("rect.sq.target").length > 1`)
			var sq string
			drive(t, ctx, "a move other than c3", chromedp.Evaluate(`[...document.querySelectorAll("rect.sq.target")].map(r => r.dataset.square).find(s => s !== "C3")`, &sq))
			drive(t, ctx, "the variation's move", chromedp.Click(fmt.Sprintf(`rect.sq[data-square=%q]`, sq), chromedp.ByQuery))
			waitStudyAt(t, ctx, "the variation", "0.0.1")
			waitJS(t, ctx, "the legal moves after it", `document.querySelectorAll("rect.sq.target").length > 0`)
			var sq2 string
			drive(t, ctx, "a move along it", chromedp.Evaluate(`document.querySelector("rect.sq.target").dataset.square`, &sq2))
			drive(t, ctx, "the move along it", chromedp.Click(fmt.Sprintf(`rect.sq[data-square=%q]`, sq2), chromedp.ByQuery))
			waitStudyAt(t, ctx, "along the variation", "0.0.1.0")
			if n := evalInt(t, ctx, `document.querySelectorAll("#study-tree .variation button.node").length`); n != 2 {
				t.Errorf("%s: the variation lists %d moves, want 2", where, n)
			}
			// The keys: back, up to the main line, down again.
			press(t, ctx, kb.ArrowLeft)
			waitStudyAt(t, ctx, "back", "0.0.1")
			press(t, ctx, kb.ArrowUp)
			waitStudyAt(t, ctx, "up to the main line", "0.0.0")
			press(t, ctx, kb.ArrowDown)
			waitStudyAt(t, ctx, "down to the variation", "0.0.1")

			// A comment, a circle and a label, the title.
			drive(t, ctx, "the comment", chromedp.Evaluate(fmt.Sprintf(`(e => { e.value = %q; e.dispatchEvent(new Event("input", {bubbles: true})); e.dispatchEvent(new Event("change", {bubbles: true})); return true; })(document.getElementById("study-comment"))`, comment), nil))
			clickJS(t, ctx, "study-tool-circle")
			drive(t, ctx, "a circle on A1", chromedp.Click(`rect.sq[data-square="A1"]`, chromedp.ByQuery))
			clickJS(t, ctx, "study-tool-label")
			drive(t, ctx, "the label's text", chromedp.Evaluate(`(e => { e.value = "Z"; e.dispatchEvent(new Event("input", {bubbles: true})); return true; })(document.getElementById("study-label-text"))`, nil))
			drive(t, ctx, "a label on H8", chromedp.Click(`rect.sq[data-square="H8"]`, chromedp.ByQuery))
			waitJS(t, ctx, "the marks drawn", `!!document.querySelector('[data-mark="A1"][data-kind="circle"]') && document.querySelector('[data-mark="H8"][data-kind="label"]')?.textContent === "Z"`)
			clickJS(t, ctx, "study-tool-move")
			drive(t, ctx, "the title", chromedp.Evaluate(fmt.Sprintf(`(e => { e.value = %q; e.dispatchEvent(new Event("input", {bubbles: true})); return true; })(document.getElementById("study-title"))`, title), nil))
			waitJS(t, ctx, "the heading", fmt.Sprintf(`document.getElementById("study-heading").textContent === %q && !document.getElementById("study-save").disabled`, title))
			check(ctx, "a variation, a comment and marks, not saved")
			if lang == "en-US" {
				screenshot(t, ctx, map[bool]string{false: "study", true: "study-phone"}[vp.mobile])
			}

			// Left before it is saved: the browser asks first, and the
			// page opened again brings the changes back.
			asked := leaving.Load()
			drive(t, ctx, "a reload before saving", chromedp.Reload())
			waitStudyAt(t, ctx, "the start after leaving", "")
			if leaving.Load() == asked {
				t.Errorf("%s: the page was left with changes not saved and did not ask first", where)
			}
			waitJS(t, ctx, "the changes brought back", fmt.Sprintf(`!document.getElementById("study-draft").hidden && document.getElementById("study-heading").textContent === %q &&
				!document.getElementById("study-save").disabled && document.querySelectorAll("#study-tree .variation button.node").length === 2`, title))
			check(ctx, "changes not saved brought back")

			// Save: the server has it all.
			clickJS(t, ctx, "study-save")
			waitJS(t, ctx, "saved", `document.getElementById("study-saved").dataset.revision === "2" && document.getElementById("study-save").disabled &&
				document.getElementById("study-draft").hidden && localStorage.getItem("reversi-study-draft-" + decodeURIComponent(location.hash.slice(7))) === null`)
			v, st := storedStudy(t, ts, id)
			line := fmt.Sprintf("[F5 D6 %s %s]", sq, sq2)
			if v.Revision != 2 || st.Title != title || fmt.Sprint(st.Lines()) != "[[F5 D6 C3 D3 C4] "+line+"]" {
				t.Fatalf("%s: the study saved: revision %d, title %q, lines %v", where, v.Revision, st.Title, st.Lines())
			}
			n, _ := st.At(study.Path{0, 0, 1})
			if n.Comment != comment || fmt.Sprint(n.Marks) != "[{A1 circle } {H8 label Z}]" {
				t.Errorf("%s: the variation's node saved: %q, %v", where, n.Comment, n.Marks)
			}
			check(ctx, "saved")

			// The link again: all of it shown.
			drive(t, ctx, "a reload", chromedp.Reload())
			waitStudyAt(t, ctx, "the start after the reload", "")
			drive(t, ctx, "to the variation", chromedp.Click(`#study-tree button[data-path="0.0.1"]`, chromedp.ByQuery))
			waitStudyAt(t, ctx, "the variation after the reload", "0.0.1")
			waitJS(t, ctx, "the comment and marks after the reload", fmt.Sprintf(`document.getElementById("study-comment").value === %q && !!document.querySelector('[data-mark="A1"][data-kind="circle"]') &&
				document.getElementById("study-heading").textContent === %q`, comment, title))

			// The GGF: a game a line, the main line first.
			var ggfText string
			drive(t, ctx, "the GGF", chromedp.Evaluate(`fetch(document.getElementById("study-ggf").href).then(r => r.text())`, &ggfText, awaitPromise))
			lines := strings.Split(strings.TrimSpace(ggfText), "\n")
			if len(lines) != 2 || !strings.Contains(lines[0], "B[F5]W[D6]B[C3]W[D3]B[C4];)") || !strings.Contains(lines[1], fmt.Sprintf("B[F5]W[D6]B[%s]W[%s];)", sq, sq2)) {
				t.Errorf("%s: the GGF:\n%s", where, ggfText)
			}
			if !untilJS(ctx, `document.getElementById("study-ggf").getAttribute("download")?.endsWith(".ggf") && document.getElementById("study-sgf").getAttribute("href")?.endsWith("/sgf")`) {
				t.Errorf("%s: the download links", where)
			}

			// Another browser reads it: no tools, no moves taken, a copy.
			drive(t, reader, "the reader", chromedp.Navigate(ts.http.URL+"/#study="+id))
			waitStudyAt(t, reader, "the reader's start", "")
			drive(t, reader, "the reader to the variation", chromedp.Click(`#study-tree button[data-path="0.0.1"]`, chromedp.ByQuery))
			waitStudyAt(t, reader, "the reader at the variation", "0.0.1")
			waitJS(t, reader, "read only", fmt.Sprintf(`document.getElementById("study-save").closest("[hidden]") !== null && document.getElementById("study-tools-panel").hidden &&
				document.getElementById("study-comment-text").textContent === %q && !document.getElementById("study-make-copy").hidden &&
				document.querySelectorAll("rect.sq.target").length === 0 && !!document.querySelector('[data-mark="H8"][data-kind="label"]')`, comment))
			check(reader, "read only")
			if lang == "zh-CN" {
				screenshot(t, reader, map[bool]string{false: "zh-study", true: "zh-study-phone"}[vp.mobile])
			}
			drive(t, reader, "a click on the board", chromedp.Click(fmt.Sprintf(`rect.sq[data-square=%q]`, sq2), chromedp.ByQuery))
			if p := studyShown(t, reader); p != "0.0.1" {
				t.Errorf("%s: a reader's click moved to %q", where, p)
			}
			clickJS(t, reader, "study-make-copy")
			waitJS(t, reader, "the copy", fmt.Sprintf(`location.hash.startsWith("#study=") && location.hash !== "#study=%s" && document.getElementById("study-save").closest("[hidden]") === null &&
				document.querySelectorAll("#study-tree button.node").length === 8`, id))
			copyID := studyID(t, reader)
			if _, st := storedStudy(t, ts, copyID); fmt.Sprint(st.Lines()) != "[[F5 D6 C3 D3 C4] "+line+"]" {
				t.Errorf("%s: the copy: %v", where, st.Lines())
			}
			check(reader, "its own copy")

			// The editor's position and the explorer's.
			drive(t, ctx, "the editor", chromedp.Navigate(ts.http.URL+"/#edit=f5d6c3"), chromedp.WaitVisible("#editor-study", chromedp.ByID))
			waitJS(t, ctx, "the editor's position", `[...document.querySelectorAll("circle.disc")].filter(c => c.getAttribute("data-c")).length === 7`)
			clickJS(t, ctx, "editor-study")
			waitJS(t, ctx, "the editor's study", `location.hash.startsWith("#study=") && document.querySelectorAll("#study-tree button.node").length === 1 &&
				document.querySelector("svg.board")?.dataset.path === "" && [...document.querySelectorAll("circle.disc")].filter(c => c.getAttribute("data-c")).length === 7`)
			check(ctx, "a study of the editor's position")
			drive(t, ctx, "the explorer", chromedp.Navigate(ts.http.URL+"/#explore=f5d6"), chromedp.WaitVisible("#explorer-study", chromedp.ByID))
			waitJS(t, ctx, "the explorer's position", `document.querySelectorAll("#explorer-moves tr").length > 0`)
			clickJS(t, ctx, "explorer-study")
			waitJS(t, ctx, "the explorer's study", `location.hash.startsWith("#study=") && document.querySelectorAll("#study-tree button.node").length === 3`)
			if _, st := storedStudy(t, ts, studyID(t, ctx)); fmt.Sprint(st.Lines()) != "[[F5 D6]]" {
				t.Errorf("%s: the explorer's study: %v", where, st.Lines())
			}
		}
	}
}

// TestBrowserStudyOwner: a person logged in who starts a study edits it
// by her account, without the token (gone from this browser); she
// deletes a variation and promotes another, and saves; a stale save (the
// study saved meanwhile elsewhere) is refused and says so, in English
// and Chinese, at both sizes.
func TestBrowserStudyOwner(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	axe := readAxe(t)
	ts := newTestServer(t, "", Config{})
	for _, lang := range []string{"en-US", "zh-CN"} {
		ctx := browser(t, lang, lang)
		leaveDialogs(ctx) // the stale save's changes are left unsaved
		for i, vp := range pageSizes {
			where := lang + " " + vp.name
			person := fmt.Sprintf("stu%d%s", i, strings.ReplaceAll(lang, "-", ""))
			usePageSize(t, ctx, vp.w, vp.h, vp.mobile)
			drive(t, ctx, "the start page", chromedp.Navigate(ts.http.URL+"/"))
			if !awaitJS(t, ctx, fmt.Sprintf(`fetch("/api/account/register", {method: "POST", headers: {"Content-Type": "application/json"},
				body: JSON.stringify({name: %q, password: "correct horse battery"})}).then(r => r.status === 201)`, person)) {
				t.Fatalf("%s: registering", where)
			}
			// A study with a main line and two variations after f5.
			tree := `{"root":{"children":[{"move":"F5","children":[{"move":"D6"},{"move":"F6"},{"move":"F4"}]}]}}`
			var id string
			drive(t, ctx, "a study", chromedp.Evaluate(fmt.Sprintf(`fetch("/api/studies", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({study: %s})})
				.then(r => r.json()).then(s => s.id)`, tree), &id, awaitPromise))
			if id == "" {
				t.Fatalf("%s: no study made", where)
			}
			drive(t, ctx, "the study", chromedp.Navigate(ts.http.URL+"/#study="+id), chromedp.Reload())
			waitStudyAt(t, ctx, "the start", "")
			waitJS(t, ctx, "hers to edit, without a token", fmt.Sprintf(`document.getElementById("study-save").closest("[hidden]") === null && document.getElementById("study-owner").textContent.includes(%q) && localStorage.getItem("reversi-study-%s") === null`, person, id))
			check := func(step string) { t.Helper(); checkPage(t, ctx, axe, lang, where+", "+step, person) }
			check("her study")
			// Promote f4, delete f6, save.
			drive(t, ctx, "to f4", chromedp.Click(`#study-tree button[data-path="0.2"]`, chromedp.ByQuery))
			waitStudyAt(t, ctx, "at f4", "0.2")
			clickJS(t, ctx, "study-promote")
			waitStudyAt(t, ctx, "f4 promoted", "0.0")
			drive(t, ctx, "to f6", chromedp.Click(`#study-tree button[data-path="0.2"]`, chromedp.ByQuery))
			waitStudyAt(t, ctx, "at f6", "0.2")
			clickJS(t, ctx, "study-delete")
			waitStudyAt(t, ctx, "f6 deleted", "0")
			clickJS(t, ctx, "study-save")
			waitJS(t, ctx, "saved", `document.getElementById("study-saved").dataset.revision === "2"`)
			if _, st := storedStudy(t, ts, id); fmt.Sprint(st.Lines()) != "[[F5 F4] [F5 D6]]" {
				t.Errorf("%s: saved %v, want f4 the main line and f6 gone", where, st.Lines())
			}
			// Saved meanwhile elsewhere: this page's save is refused.
			v, st := storedStudy(t, ts, id)
			st.SetComment(study.Path{}, "elsewhere")
			data, _ := json.Marshal(StudySave{Revision: v.Revision, Study: treeJSON(t, st)})
			if !awaitJS(t, ctx, fmt.Sprintf(`fetch("/api/studies/%s", {method: "PUT", headers: {"Content-Type": "application/json"}, body: %q}).then(r => r.ok)`, id, data)) {
				t.Fatalf("%s: the save elsewhere", where)
			}
			drive(t, ctx, "a comment", chromedp.Evaluate(`(e => { e.value = "mine"; e.dispatchEvent(new Event("input", {bubbles: true})); return true; })(document.getElementById("study-comment"))`, nil))
			clickJS(t, ctx, "study-save")
			want := "the study was saved meanwhile"
			if lang == "zh-CN" {
				want = readTable(t, "zh-Hans.json")["error.study_changed"]
			}
			waitJS(t, ctx, "the refusal", fmt.Sprintf(`document.getElementById("study-error").textContent.includes(%q) && !document.getElementById("study-save").disabled`, want))
			check("a stale save refused")
			// Opened again, the changes refused are offered as a copy of her own.
			drive(t, ctx, "a reload", chromedp.Reload())
			waitStudyAt(t, ctx, "the start after the reload", "")
			waitJS(t, ctx, "the changes offered", `!document.getElementById("study-draft").hidden && !!document.getElementById("study-draft-copy") && document.getElementById("study-save").disabled`)
			check("changes not saved offered as a copy")
			clickJS(t, ctx, "study-draft-copy")
			waitJS(t, ctx, "the copy", fmt.Sprintf(`location.hash.startsWith("#study=") && location.hash !== "#study=%s" && document.querySelector("svg.board")?.dataset.path === ""`, id))
			copyID := studyID(t, ctx)
			if _, st := storedStudy(t, ts, copyID); fmt.Sprint(st.Lines()) != "[[F5 F4] [F5 D6]]" {
				t.Errorf("%s: the copy of the changes: %v", where, st.Lines())
			} else if n, _ := st.At(study.Path{0}); n.Comment != "mine" {
				t.Errorf("%s: the copy's comment after f5: %q, want %q", where, n.Comment, "mine")
			}
			if !untilJS(ctx, fmt.Sprintf(`localStorage.getItem("reversi-study-draft-%s") === null`, id)) {
				t.Errorf("%s: the draft copied is still kept", where)
			}
			// Her account's page lists both, each a link to it.
			drive(t, ctx, "her account", chromedp.Navigate(ts.http.URL+"/#account"))
			waitJS(t, ctx, "her studies", fmt.Sprintf(`[...document.querySelectorAll("#my-studies li")].map(li => li.dataset.study).sort().join() === %q &&
				document.querySelector('#my-studies li[data-study=%q] a')?.getAttribute("href") === "/#study=%s"`, strings.Join(sortedPair(id, copyID), ","), id, id))
			check("her studies listed")
			if !awaitJS(t, ctx, `fetch("/api/account/logout", {method: "POST", headers: {"Content-Type": "application/json"}, body: "{}"}).then(r => r.ok)`) {
				t.Fatalf("%s: logging out", where)
			}
		}
	}
}

// TestBrowserStudyTraditional: in Traditional Chinese, at both sizes, a
// study with variations, comments and every kind of mark, as its editor
// sees it (every tool chosen in turn), as a reader sees it, and a save
// refused because another came first: no English left, the refusal in
// the page's language, and axe-core finds nothing.
func TestBrowserStudyTraditional(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	axe := readAxe(t)
	ts := newTestServer(t, "", Config{})
	const lang = "zh-Hant"
	tree := `{"title":"虎的研究","root":{"comment":"開局。","children":[{"move":"F5","children":[{"move":"D6","comment":"主線。",` +
		`"marks":[{"square":"A1","mark":"circle"},{"square":"B2","mark":"cross"},{"square":"C3","mark":"triangle"},{"square":"D3","mark":"square"},{"square":"E3","mark":"label","label":"甲"}],` +
		`"children":[{"move":"C3"},{"move":"C5","comment":"變化。"}]},{"move":"F6"}]}]}}`
	editor := browser(t, "zh-TW", "zh-TW,zh")
	leaveDialogs(editor) // the refused save's changes are left unsaved
	reader := browser(t, "zh-TW", "zh-TW,zh")
	check := func(ctx context.Context, where string) {
		t.Helper()
		if vs := axeViolations(t, ctx, axe); len(vs) > 0 {
			t.Errorf("%s: axe-core finds:\n  %s", where, strings.Join(vs, "\n  "))
		}
		checkTranslated(t, ctx, lang, where, "虎的研究")
	}
	for _, vp := range pageSizes {
		c := newStudy(t, ts.client(), StudyRequest{Study: json.RawMessage(tree)})
		usePageSize(t, editor, vp.w, vp.h, vp.mobile)
		usePageSize(t, reader, vp.w, vp.h, vp.mobile)
		drive(t, editor, "the editor's token", chromedp.Navigate(ts.http.URL+"/"), chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem("reversi-study-%s", %q), true`, c.ID, c.Token), nil),
			chromedp.Navigate(ts.http.URL+"/#study="+c.ID))
		waitStudyAt(t, editor, "the start", "")
		drive(t, editor, "to d6", chromedp.Click(`#study-tree button[data-path="0.0"]`, chromedp.ByQuery))
		waitStudyAt(t, editor, "at d6", "0.0")
		waitJS(t, editor, "the marks", `document.querySelectorAll("[data-mark]").length === 5`)
		for _, tool := range []string{"circle", "cross", "triangle", "square", "label", "move"} {
			clickJS(t, editor, "study-tool-"+tool)
			check(editor, vp.name+", the editor, the tool "+tool)
		}
		drive(t, reader, "the reader", chromedp.Navigate(ts.http.URL+"/#study="+c.ID))
		waitStudyAt(t, reader, "the reader's start", "")
		drive(t, reader, "to c5", chromedp.Click(`#study-tree button[data-path="0.0.1"]`, chromedp.ByQuery))
		waitStudyAt(t, reader, "at c5", "0.0.1")
		check(reader, vp.name+", a reader")
		// Saved elsewhere first: the editor's save is refused, in words.
		_, st := storedStudy(t, ts, c.ID)
		ts.client().do("PUT", "/api/studies/"+c.ID, StudySave{Token: c.Token, Revision: 1, Study: treeJSON(t, st)}, nil).want(t, "a save elsewhere", 200, "")
		drive(t, editor, "a comment", chromedp.Evaluate(`(e => { e.value = "我的"; e.dispatchEvent(new Event("input", {bubbles: true})); return true; })(document.getElementById("study-comment"))`, nil))
		clickJS(t, editor, "study-save")
		waitJS(t, editor, "the refusal", fmt.Sprintf(`document.getElementById("study-error").textContent === %q`, readTable(t, lang+".json")["error.study_changed"]))
		check(editor, vp.name+", a save refused")
	}
}

// sortedPair is a and b in order.
func sortedPair(a, b string) []string {
	if b < a {
		return []string{b, a}
	}
	return []string{a, b}
}

// TestBrowserStudies: the studies page (#studies, in the menu) lists, in
// English and Simplified Chinese at both sizes, the studies this browser
// keeps the tokens of and those of the account logged in, each a link;
// one the server no longer has is left out and its token forgotten.
func TestBrowserStudies(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	axe := readAxe(t)
	ts := newTestServer(t, "", Config{})
	for _, lang := range []string{"en-US", "zh-CN"} {
		ctx := browser(t, lang, lang)
		for i, vp := range pageSizes {
			where := lang + " " + vp.name
			usePageSize(t, ctx, vp.w, vp.h, vp.mobile)
			drive(t, ctx, "the start page", chromedp.Navigate(ts.http.URL+"/"))
			// Three studies of this browser (their tokens kept as the page
			// keeps them), one of them deleted since; one of an account.
			var here []StudyCreated
			for k := range 3 {
				c := newStudy(t, ts.client(), StudyRequest{Study: json.RawMessage(fmt.Sprintf(`{"title":"Browser %d %d","root":{}}`, i, k))})
				here = append(here, c)
				drive(t, ctx, "a token kept", chromedp.Evaluate(fmt.Sprintf(`localStorage.setItem("reversi-study-%s", %q), true`, c.ID, c.Token), nil))
			}
			ts.client().do("DELETE", "/api/studies/"+here[2].ID, map[string]string{"token": here[2].Token}, nil).want(t, "a study deleted", 200, "")
			person := fmt.Sprintf("ste%d%s", i, strings.ReplaceAll(lang, "-", ""))
			owned := fmt.Sprintf("Owned %d", i)
			var id string
			drive(t, ctx, "her study", chromedp.Evaluate(fmt.Sprintf(`fetch("/api/account/register", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({name: %q, password: "correct horse battery"})})
				.then(() => fetch("/api/studies", {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({study: {title: %q, root: {}}})}))
				.then(r => r.json()).then(s => s.id)`, person, owned), &id, awaitPromise))
			if id == "" {
				t.Fatalf("%s: no study of hers", where)
			}
			drive(t, ctx, "the studies", chromedp.Click(`nav a[href="/#studies"]`, chromedp.ByQuery))
			if !untilJS(ctx, fmt.Sprintf(`(() => { const rows = new Set([...document.querySelectorAll("#studies tr[data-study]")].map((r) => r.dataset.study));
				return rows.has(%q) && rows.has(%q) && rows.has(%q) && !rows.has(%q); })()`, here[0].ID, here[1].ID, id, here[2].ID)) {
				var page string
				chromedp.Run(ctx, chromedp.Evaluate(`location.href + " " + document.getElementById("app").innerText.slice(0, 800)`, &page))
				t.Fatalf("%s: the studies listed: %s", where, page)
			}
			waitJS(t, ctx, "the deleted one's token forgotten", fmt.Sprintf(`localStorage.getItem("reversi-study-%s") === null && localStorage.getItem("reversi-study-%s") !== null`, here[2].ID, here[0].ID))
			yours := "your account"
			if lang == "zh-CN" {
				yours = readTable(t, "zh-Hans.json")["studies.yours"]
			}
			waitJS(t, ctx, "hers says so", fmt.Sprintf(`document.querySelector('#studies tr[data-study=%q]').textContent.includes(%q) &&
				document.querySelector('#studies tr[data-study=%q] a').getAttribute("href") === "/#study=%s"`, id, yours, id, id))
			checkPage(t, ctx, axe, lang, where+", the studies", owned, fmt.Sprintf("Browser %d 0", i), fmt.Sprintf("Browser %d 1", i), "Browser 0 0", "Browser 0 1", "Owned 0")
			if !awaitJS(t, ctx, `fetch("/api/account/logout", {method: "POST", headers: {"Content-Type": "application/json"}, body: "{}"}).then(r => r.ok)`) {
				t.Fatalf("%s: logging out", where)
			}
		}
	}
}
