// Tests: every error answer carries a code (codes.go), docs/API.md lists
// them all with their statuses, and the web page translates each.

package server

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// askCode sends a request with the given headers (a JSON body if body is
// not "") and returns the status and the error answer.
func (ts *testServer) askCode(method, path, body string, header map[string]string) (int, apiError) {
	ts.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, ts.http.URL+path, rd)
	if err != nil {
		ts.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var e apiError
	if resp.StatusCode >= 400 {
		if err := json.Unmarshal(data, &e); err != nil {
			ts.t.Errorf("%s %s: %d, not a JSON error: %q", method, path, resp.StatusCode, data)
		}
	}
	return resp.StatusCode, e
}

// TestErrorCodes: each kind of refusal, asked of the real server,
// answers its status and its code (and, for a record's move, which
// move); the code is one of Codes, with the status Codes gives it.
func TestErrorCodes(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}})
	black, white := g.Tokens["black"], g.Tokens["white"]
	over := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}})
	if code, _ := ts.askCode("POST", "/api/games/"+over.ID+"/resign", `{"token":"`+over.Tokens["white"]+`"}`, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	ts.waitTurn(over.ID, "nobody")
	invited := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "open"}})
	// A game between two people, under way.
	people := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "open"}, Time: "30s", GameTime: "5m"})
	if code, e := ts.askCode("POST", "/api/games/"+people.ID+"/join", `{"kind":"human","name":"bob","invite":"`+people.Invite+`"}`, nil); code != 200 {
		t.Fatalf("join: %d %+v", code, e)
	}
	create := func(fields string) string {
		return `{"black":{"kind":"bot"},"white":{"kind":"bot"}` + fields + `}`
	}
	move := func(token, sq string) string { return `{"token":"` + token + `","move":"` + sq + `"}` }
	cases := []struct {
		name, method, path, body string
		header                   map[string]string
		status                   int
		code                     Code
		move                     int
		moveText                 string
	}{
		{"unknown endpoint", "GET", "/api/nothing", "", nil, 404, CodeNoEndpoint, 0, ""},
		{"method", "DELETE", "/api/games", "", nil, 405, CodeMethodNotAllowed, 0, ""},
		{"form body", "POST", "/api/games", "", map[string]string{"Content-Type": "text/plain"}, 415, CodeBadMediaType, 0, ""},
		{"not JSON", "POST", "/api/games", "{", nil, 400, CodeBadBody, 0, ""},
		{"unknown field", "POST", "/api/games", create(`,"nonsense":1`), nil, 400, CodeBadBody, 0, ""},
		{"two values", "POST", "/api/games/" + g.ID + "/move", `{} {}`, nil, 400, CodeBadBody, 0, ""},
		{"bad clock", "POST", "/api/games", create(`,"time":"forever"`), nil, 400, CodeBadRequest, 0, ""},
		{"bad rule", "POST", "/api/games", create(`,"rule":"chess"`), nil, 400, CodeBadRule, 0, ""},
		{"bad player", "POST", "/api/games", `{"black":{"kind":"builtin","spec":"nosuch"},"white":{"kind":"bot"}}`, nil, 400, CodeBadPlayer, 0, ""},
		{"bad kind", "POST", "/api/games", `{"black":{"kind":"alien"},"white":{"kind":"bot"}}`, nil, 400, CodeBadPlayer, 0, ""},
		{"bad board", "POST", "/api/games", create(`,"board":"XO X"`), nil, 400, CodeBadBoard, 0, ""},
		{"two starts", "POST", "/api/games", create(`,"transcript":"f5","ggf":"(;GM[Othello]B[F5];)"`), nil, 400, CodeBadPosition, 0, ""},
		{"transcript move", "POST", "/api/games", create(`,"transcript":"f5d6c3f5"`), nil, 400, CodeBadTranscriptMove, 4, "f5"},
		{"transcript text", "POST", "/api/position", `{"transcript":"f5 zz"}`, nil, 400, CodeBadTranscriptMove, 2, "zz"},
		{"GGF unreadable", "POST", "/api/games", create(`,"ggf":"(;GM[Othello]BO[8 garbage]B[F5];)"`), nil, 400, CodeBadGGF, 0, ""},
		{"GGF move unreadable", "POST", "/api/position", `{"ggf":"(;GM[Othello]B[F5]W[c9];)"}`, nil, 400, CodeBadGGFMove, 2, "c9"},
		{"GGF move illegal", "POST", "/api/position", `{"ggf":"(;GM[Othello]B[F5]W[A1];)"}`, nil, 400, CodeBadGGFMove, 2, "A1"},
		{"no position", "POST", "/api/position", `{}`, nil, 400, CodeBadPosition, 0, ""},
		{"position rule", "POST", "/api/position", `{"transcript":"f5","rule":"chess"}`, nil, 400, CodeBadRule, 0, ""},
		{"analysis player", "POST", "/api/analyze", `{"player":"nosuch"}`, nil, 400, CodeBadPlayer, 0, ""},
		{"no game", "GET", "/api/games/nosuchgame", "", nil, 404, CodeNoGame, 0, ""},
		{"no game to move in", "POST", "/api/games/nosuchgame/move", move(black, "d3"), nil, 404, CodeNoGame, 0, ""},
		{"bad token", "POST", "/api/games/" + g.ID + "/move", move("nonsense", "d3"), nil, 403, CodeBadToken, 0, ""},
		{"no token", "POST", "/api/games/" + g.ID + "/move", `{"move":"d3"}`, nil, 400, CodeBadRequest, 0, ""},
		{"not a square", "POST", "/api/games/" + g.ID + "/move", move(black, "z9"), nil, 400, CodeBadSquare, 0, ""},
		{"not your turn", "POST", "/api/games/" + g.ID + "/move", move(white, "d3"), nil, 409, CodeNotYourTurn, 0, ""},
		{"illegal", "POST", "/api/games/" + g.ID + "/move", move(black, "e3"), nil, 422, CodeIllegalMove, 0, ""},
		{"over", "POST", "/api/games/" + over.ID + "/move", move(over.Tokens["black"], "d3"), nil, 409, CodeGameOver, 0, ""},
		{"rematch of bots", "POST", "/api/games/" + over.ID + "/rematch", `{"token":"` + over.Tokens["black"] + `"}`, nil, 409, CodeNoRematch, 0, ""},
		{"rematch too soon", "POST", "/api/games/" + people.ID + "/rematch", `{"token":"` + people.Tokens["black"] + `"}`, nil, 409, CodeNotOver, 0, ""},
		{"undo between bots", "POST", "/api/games/" + g.ID + "/undo", `{"token":"` + black + `"}`, nil, 422, CodeRefused, 0, ""},
		{"switch", "POST", "/api/games/" + g.ID + "/switch", `{"token":"` + black + `"}`, nil, 409, CodeCannotSwitch, 0, ""},
		{"no open seat", "POST", "/api/games/" + g.ID + "/join", `{"kind":"bot"}`, nil, 409, CodeNoOpenSeat, 0, ""},
		{"bad invitation", "POST", "/api/games/" + invited.ID + "/join", `{"kind":"bot","invite":"nonsense"}`, nil, 403, CodeBadInvite, 0, ""},
		{"join with a bad name", "POST", "/api/games/" + invited.ID + "/join", `{"kind":"bot","name":"` + strings.Repeat("x", 200) + `","invite":"` + invited.Invite + `"}`, nil, 400, CodeBadPlayer, 0, ""},
		{"join as what", "POST", "/api/games/" + invited.ID + "/join", `{"kind":"alien"}`, nil, 400, CodeBadRequest, 0, ""},
		{"list status", "GET", "/api/games?status=maybe", "", nil, 400, CodeBadRequest, 0, ""},
		{"wthor short", "GET", "/api/wthor?player=x", "", nil, 400, CodeWTHORShort, 0, ""},
		{"wthor long", "GET", "/api/wthor?player=" + strings.Repeat("x", 200), "", nil, 400, CodeWTHORLong, 0, ""},
		{"wthor year", "GET", "/api/wthor?year=last", "", nil, 400, CodeWTHORYear, 0, ""},
		{"wthor empty", "GET", "/api/wthor", "", nil, 400, CodeWTHOREmpty, 0, ""},
		{"cross-site", "POST", "/api/games", create(""), map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}, 403, CodeCrossOrigin, 0, ""},
		{"other host", "GET", "/api/games", "", map[string]string{"Host": "evil.example"}, 421, CodeWrongHost, 0, ""},
	}
	statusOf := map[Code]int{}
	for _, c := range Codes {
		statusOf[c.Code] = c.Status
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, e := ts.askCode(c.method, c.path, c.body, c.header)
			if status != c.status || e.Code != c.code || e.Error == "" || e.Move != c.move || e.MoveText != c.moveText {
				t.Errorf("%d %+v, want %d, code %q, move %d %q", status, e, c.status, c.code, c.move, c.moveText)
			}
			if want, ok := statusOf[e.Code]; !ok || want != status {
				t.Errorf("code %q with %d: Codes has it with %d (listed %v)", e.Code, status, want, ok)
			}
		})
	}
	// The refusals changed nothing.
	if v := ts.state(g.ID); len(v.Moves) != 0 || v.Turn != "black" {
		t.Errorf("the refusals changed the game: %+v", v.Moves)
	}
}

// codeConstant matches a code's declaration in codes.go.
var codeConstant = regexp.MustCompile(`(?m)^\s+Code\w+\s+Code = "([a-z_]+)"`)

// TestCodesListed: Codes lists every code declared, once each, and
// docs/API.md's table lists exactly them, each with its status.
func TestCodesListed(t *testing.T) {
	src, err := os.ReadFile("codes.go")
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	for _, m := range codeConstant.FindAllStringSubmatch(string(src), -1) {
		declared = append(declared, m[1])
	}
	var listed []string
	for _, c := range Codes {
		listed = append(listed, string(c.Code))
	}
	if len(declared) < 40 {
		t.Fatalf("found %d codes declared in codes.go: the pattern no longer reads it", len(declared))
	}
	slices.Sort(declared)
	sorted := slices.Clone(listed)
	slices.Sort(sorted)
	if !slices.Equal(declared, sorted) {
		t.Errorf("Codes lists %v, codes.go declares %v", sorted, declared)
	}
	if c := slices.Compact(slices.Clone(sorted)); len(c) != len(sorted) {
		t.Errorf("a code is listed twice: %v", sorted)
	}
	doc, err := os.ReadFile("../docs/API.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\| (\\d+|—) \\|")
	documented := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(string(doc), -1) {
		documented[m[1]] = m[2]
	}
	for _, c := range Codes {
		want := strconv.Itoa(c.Status)
		if c.Status == 0 {
			want = "—"
		}
		if got, ok := documented[string(c.Code)]; !ok || got != want {
			t.Errorf("docs/API.md lists %q with status %q (listed: %v), want %s", c.Code, got, ok, want)
		}
		delete(documented, string(c.Code))
	}
	for code := range documented {
		t.Errorf("docs/API.md lists %q, which the server does not answer", code)
	}
}

// pageOwnErrors are the page's own error texts, not the server's codes.
var pageOwnErrors = []string{"network", "page", "request"}

// TestCodesTranslated: the web page has a text for every code under
// "error.<code>" (TestLanguageTables then holds every language to it),
// and no "error." text that is neither a code nor the page's own.
func TestCodesTranslated(t *testing.T) {
	en := readTable(t, "en.json")
	codes := map[string]bool{}
	for _, c := range Codes {
		codes[string(c.Code)] = true
		if en["error."+string(c.Code)] == "" {
			t.Errorf("en.json has no text for %q (key error.%s)", c.Code, c.Code)
		}
	}
	for k := range en {
		name, ok := strings.CutPrefix(k, "error.")
		if ok && !codes[name] && !slices.Contains(pageOwnErrors, name) {
			t.Errorf("en.json has %q, which is neither a code nor the page's own", k)
		}
	}
	// The page asks for the texts by code, and by nothing of the
	// server's English.
	api, err := os.ReadFile("../web/static/api.js")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(api, []byte(`"error." + e.code`)) {
		t.Error(`api.js does not translate by code ("error." + e.code)`)
	}
	if regexp.MustCompile(`\.exec\(e\.message\)|\.test\(e\.message\)`).Match(api) {
		t.Error("api.js still reads the server's English message")
	}
}
