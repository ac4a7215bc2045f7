// Tests of the studies served by the server, against a real server on
// SQLite and (with REVERSI_TEST_POSTGRES) on PostgreSQL: created from
// nothing, a game, a position, records and exports, read by anyone,
// saved with the edit token or by the owner over the revision read,
// exported, deleted, and every refusal with its code.

package server

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/postgres"
	"github.com/reversi-engine/reversi/store/postgres/pgtest"
	"github.com/reversi-engine/reversi/store/sqlite"
	"github.com/reversi-engine/reversi/study"
)

// newStudy creates a study and returns what the server answered.
func newStudy(t *testing.T, c *accountClient, req any) StudyCreated {
	t.Helper()
	a := c.do("POST", "/api/studies", req, nil)
	a.want(t, "a study created", 201, "")
	var created StudyCreated
	if err := json.Unmarshal(a.body, &created); err != nil {
		t.Fatal(err)
	}
	return created
}

// readStudy reads a study through the API, and its tree.
func readStudy(t *testing.T, c *accountClient, id string) (StudyView, *study.Study) {
	t.Helper()
	a := c.do("GET", "/api/studies/"+id, nil, nil)
	a.want(t, "GET the study", 200, "")
	var v StudyView
	if err := json.Unmarshal(a.body, &v); err != nil {
		t.Fatal(err)
	}
	st, err := study.Parse(v.Study)
	if err != nil {
		t.Fatalf("the study served: %v", err)
	}
	return v, st
}

// treeJSON is a study's JSON for a request.
func treeJSON(t *testing.T, st *study.Study) json.RawMessage {
	t.Helper()
	data, err := st.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestStudies(t *testing.T) {
	studies(t, newTestServer(t, "", Config{}))
}

func TestStudiesPostgres(t *testing.T) {
	st, err := postgres.Open(context.Background(), pgtest.FreshDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	studies(t, newTestServerOn(t, st, "", Config{}))
}

// studies: a study is created empty, its link read by anyone; its
// author saves a variation, a comment and marks with the edit token over
// the revision read, which a second save over the same revision is
// refused (409); without the token, or with another, a save is refused
// (403), and so is a tree with an illegal move (400, naming it); it is
// exported as GGF, SGF and JSON, each of which makes a study again, and
// deleted with its token.
func studies(t *testing.T, ts *testServer) {
	anon := ts.client()
	created := newStudy(t, anon, StudyRequest{Title: "Openings"})
	if created.ID == "" || created.URL != "/#study="+created.ID || len(created.Token) != 32 || created.Revision != 1 || created.Owner != "" {
		t.Fatalf("created: %+v", created)
	}
	v, st := readStudy(t, ts.client(), created.ID)
	if v.Revision != 1 || v.Yours || v.Owner != "" || st.Title != "Openings" || st.Count() != 1 || st.Start.String() != "---------------------------OX------XO--------------------------- X" {
		t.Fatalf("read: %+v, %+v", v, st)
	}
	// The author adds a main line, a variation, a comment and marks.
	tiger, err := st.AddLine(study.Path{}, moves(t, "f5 d6 c3"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.AddLine(study.Path{0}, moves(t, "f6 e6")); err != nil {
		t.Fatal(err)
	}
	st.SetComment(tiger, "The Tiger. 虎。")
	st.SetMarks(tiger, []study.Mark{{Square: moves(t, "d3")[0], Kind: study.MarkCircle}, {Square: moves(t, "e3")[0], Kind: study.MarkLabel, Label: "A"}})
	save := func(c *accountClient, token string, revision int64, tree json.RawMessage) answer {
		return c.do("PUT", "/api/studies/"+created.ID, StudySave{Token: token, Revision: revision, Study: tree}, nil)
	}
	a := save(anon, created.Token, 1, treeJSON(t, st))
	a.want(t, "the save", 200, "")
	var saved struct{ Revision int64 }
	json.Unmarshal(a.body, &saved)
	if saved.Revision != 2 {
		t.Errorf("saved at revision %d, want 2", saved.Revision)
	}
	v, got := readStudy(t, ts.client(), created.ID)
	if v.Revision != 2 || fmt.Sprint(got.Lines()) != "[[F5 D6 C3] [F5 F6 E6]]" || got.Root.Children[0].Children[0].Children[0].Comment != "The Tiger. 虎。" ||
		len(got.Root.Children[0].Children[0].Children[0].Marks) != 2 {
		t.Fatalf("read after the save: %+v, lines %v", v, got.Lines())
	}
	// Refusals, each changing nothing.
	illegal := strings.Replace(string(treeJSON(t, st)), `"move":"E6"`, `"move":"A1"`, 1)
	for _, c := range []struct {
		name     string
		token    string
		revision int64
		tree     json.RawMessage
		status   int
		code     Code
		move     int
		moveText string
	}{
		{"a stale revision", created.Token, 1, treeJSON(t, st), 409, CodeStudyChanged, 0, ""},
		{"no token", "", 2, treeJSON(t, st), 403, CodeNotYourStudy, 0, ""},
		{"another token", strings.Repeat("0", 32), 2, treeJSON(t, st), 403, CodeNotYourStudy, 0, ""},
		{"no revision", created.Token, 0, treeJSON(t, st), 400, CodeBadRequest, 0, ""},
		{"no tree", created.Token, 2, nil, 400, CodeBadStudy, 0, ""},
		{"an illegal move", created.Token, 2, json.RawMessage(illegal), 400, CodeBadStudyMove, 3, "A1"},
		{"a field unknown", created.Token, 2, json.RawMessage(`{"root":{"move":null,"arrows":[]}}`), 400, CodeBadStudy, 0, ""},
		{"a comment too long", created.Token, 2, json.RawMessage(`{"root":{"comment":"` + strings.Repeat("x", study.MaxComment+1) + `"}}`), 400, CodeBadStudy, 0, ""},
	} {
		a := save(anon, c.token, c.revision, c.tree)
		a.want(t, c.name, c.status, c.code)
		if e := a.error(); e.Move != c.move || e.MoveText != c.moveText || e.Error == "" {
			t.Errorf("%s: %+v, want move %d %q", c.name, e, c.move, c.moveText)
		}
	}
	if v, _ := readStudy(t, ts.client(), created.ID); v.Revision != 2 {
		t.Errorf("the refusals changed the study: revision %d", v.Revision)
	}
	anon.do("GET", "/api/studies/nosuch", nil, nil).want(t, "no such study", 404, CodeNoStudy)
	anon.do("PUT", "/api/studies/nosuch", StudySave{Token: created.Token, Revision: 1, Study: treeJSON(t, st)}, nil).want(t, "saving no such study", 404, CodeNoStudy)
	anon.do("PUT", "/api/studies/"+created.ID, "{", nil).want(t, "not JSON", 400, CodeBadBody)
	anon.do("PUT", "/api/studies/"+created.ID, `{}`, map[string]string{"Content-Type": "text/plain"}).want(t, "not sent as JSON", 415, CodeBadMediaType)
	anon.do("PUT", "/api/studies/"+created.ID, `{}`, map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}).want(t, "cross-site", 403, CodeCrossOrigin)

	// The exports, each read back into a study.
	a = anon.do("GET", "/api/studies/"+created.ID+"/ggf", nil, nil)
	a.want(t, "the GGF", 200, "")
	ggfText := string(a.body)
	if lines := strings.Split(strings.TrimSpace(ggfText), "\n"); len(lines) != 2 || !strings.Contains(lines[0], "B[F5]W[D6]B[C3];)") || !strings.Contains(lines[1], "B[F5]W[F6]B[E6];)") ||
		!strings.Contains(lines[0], "PC[Openings]") || a.header.Get("Content-Type") != "text/plain; charset=utf-8" ||
		a.header.Get("Content-Disposition") != `attachment; filename="study-`+created.ID+`.ggf"` {
		t.Errorf("the GGF (%s, %s):\n%s", a.header.Get("Content-Type"), a.header.Get("Content-Disposition"), ggfText)
	}
	a = anon.do("GET", "/api/studies/"+created.ID+"/sgf", nil, nil)
	a.want(t, "the SGF", 200, "")
	sgfText := string(a.body)
	if !strings.HasPrefix(sgfText, "(;FF[4]GM[2]SZ[8]") || !strings.Contains(sgfText, "C[The Tiger. 虎。]CR[dc]LB[ec:A]") {
		t.Errorf("the SGF:\n%s", sgfText)
	}
	a = anon.do("GET", "/api/studies/"+created.ID+"/json", nil, nil)
	a.want(t, "the JSON", 200, "")
	jsonText := a.body
	if j, err := study.Parse([]byte(strings.TrimSpace(string(jsonText)))); err != nil || j.Count() != got.Count() {
		t.Errorf("the JSON: %v\n%s", err, jsonText)
	}
	for _, req := range []StudyRequest{{GGF: ggfText}, {SGF: sgfText}, {Study: json.RawMessage(jsonText)}} {
		c := newStudy(t, anon, req)
		_, back := readStudy(t, anon, c.ID)
		if fmt.Sprint(back.Lines()) != fmt.Sprint(got.Lines()) || back.Title != "Openings" {
			t.Errorf("a study of %.40q...: lines %v, title %q", ggfText+sgfText, back.Lines(), back.Title)
		}
		if req.GGF == "" && back.Root.Children[0].Children[0].Children[0].Comment != "The Tiger. 虎。" {
			t.Errorf("the comment is lost in %+v", req)
		}
	}
	// Deleted with its token; not without.
	anon.do("DELETE", "/api/studies/"+created.ID, nil, nil).want(t, "a delete without the token", 403, CodeNotYourStudy)
	anon.do("DELETE", "/api/studies/"+created.ID, map[string]string{"token": created.Token}, nil).want(t, "the delete", 200, "")
	anon.do("GET", "/api/studies/"+created.ID, nil, nil).want(t, "a study deleted", 404, CodeNoStudy)
	anon.do("GET", "/api/studies/"+created.ID+"/ggf", nil, nil).want(t, "the GGF of a study deleted", 404, CodeNoStudy)
}

// TestStudyStarts: a study is made from a game of the server (its moves
// the main line, its players the title), a board and the moves played
// from it, a transcript under the no-adjacent rule, a GGF game, an SGF
// tree; what cannot be read is refused with its code.
func TestStudyStarts(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	c := ts.client()
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot", Name: "ann"}, White: SeatRequest{Kind: "bot", Name: "bob"}, Transcript: "f5d6c3"})
	board := "---------------------------OX------XO--------------------------- X"
	for _, tt := range []struct {
		name  string
		req   StudyRequest
		lines string
		title string
	}{
		{"a game", StudyRequest{Game: g.ID}, "[[F5 D6 C3]]", "ann – bob"},
		{"a game, titled", StudyRequest{Game: g.ID, Title: "Mine"}, "[[F5 D6 C3]]", "Mine"},
		{"a board and moves", StudyRequest{Board: board, Transcript: "f5f6"}, "[[F5 F6]]", ""},
		{"a board", StudyRequest{Board: strings.Replace(board, " X", " O", 1)}, "[[]]", ""},
		{"no-adjacent", StudyRequest{Transcript: "f5d6", Rule: "no-adjacent"}, "[[F5 D6]]", ""},
		{"a GGF game", StudyRequest{GGF: "(;GM[Othello]PC[Here]B[F5]W[D6];)"}, "[[F5 D6]]", "Here"},
		{"an SGF tree", StudyRequest{SGF: "(;GN[Two](;B[fe])(;B[dc]))"}, "[[F5] [D3]]", "Two"},
	} {
		created := newStudy(t, c, tt.req)
		_, st := readStudy(t, c, created.ID)
		if fmt.Sprint(st.Lines()) != tt.lines || st.Title != tt.title {
			t.Errorf("%s: lines %v, title %q; want %s, %q", tt.name, st.Lines(), st.Title, tt.lines, tt.title)
		}
	}
	for _, tt := range []struct {
		name     string
		body     string
		status   int
		code     Code
		move     int
		moveText string
	}{
		{"two starts", `{"game":"` + g.ID + `","ggf":"(;GM[Othello];)"}`, 400, CodeBadPosition, 0, ""},
		{"no such game", `{"game":"0123456789abcdef"}`, 404, CodeNoGame, 0, ""},
		{"a rule with a game", `{"game":"` + g.ID + `","rule":"no-adjacent"}`, 400, CodeBadRequest, 0, ""},
		{"a bad rule", `{"rule":"chess"}`, 400, CodeBadRule, 0, ""},
		{"a bad board", `{"board":"XO X"}`, 400, CodeBadBoard, 0, ""},
		{"a transcript's move", `{"transcript":"f5f5"}`, 400, CodeBadTranscriptMove, 2, "f5"},
		{"a GGF unreadable", `{"ggf":"(;GM[Othello]BO[8 garbage];)"}`, 400, CodeBadGGF, 0, ""},
		{"a GGF move", `{"ggf":"(;GM[Othello]B[F5]W[A1];)"}`, 400, CodeBadGGFMove, 2, "A1"},
		{"an SGF unreadable", `{"sgf":"(;GM[1])"}`, 400, CodeBadStudy, 0, ""},
		{"an SGF move", `{"sgf":"(;B[fe];W[fe])"}`, 400, CodeBadStudyMove, 2, "F5"},
		{"a study's move", `{"study":{"root":{"children":[{"move":"A1"}]}}}`, 400, CodeBadStudyMove, 1, "A1"},
		{"a study unreadable", `{"study":{"root":[]}}`, 400, CodeBadStudy, 0, ""},
		{"a title too long", `{"title":"` + strings.Repeat("t", study.MaxTitle+1) + `"}`, 400, CodeBadStudy, 0, ""},
		{"a field unknown", `{"titel":"x"}`, 400, CodeBadBody, 0, ""},
	} {
		status, e := ts.askCode("POST", "/api/studies", tt.body, nil)
		if status != tt.status || e.Code != tt.code || e.Move != tt.move || e.MoveText != tt.moveText || e.Error == "" {
			t.Errorf("%s: %d %+v, want %d %s, move %d %q", tt.name, status, e, tt.status, tt.code, tt.move, tt.moveText)
		}
	}
}

// TestStudyOwner: a study created by a person logged in is hers: the
// server says so to her alone, she saves and deletes it without the
// token, another person cannot; her list of studies has it; a bot's
// key owns the studies it creates as well.
func TestStudyOwner(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	ann, bots := arenaBots(t, ts, "ann", 1)
	bob := register(t, ts, "bob")
	created := newStudy(t, ann, StudyRequest{Title: "Ann's", Transcript: "f5d6"})
	if created.Owner != "ann" || created.Token == "" {
		t.Fatalf("created: %+v", created)
	}
	v, st := readStudy(t, ann, created.ID)
	if !v.Yours || v.Owner != "ann" {
		t.Errorf("to ann: %+v", v)
	}
	if v, _ := readStudy(t, bob, created.ID); v.Yours || v.Owner != "ann" {
		t.Errorf("to bob: %+v", v)
	}
	if v, _ := readStudy(t, ts.client(), created.ID); v.Yours || v.Owner != "ann" {
		t.Errorf("to someone: %+v", v)
	}
	st.SetComment(study.Path{0}, "mine")
	ann.do("PUT", "/api/studies/"+created.ID, StudySave{Revision: 1, Study: treeJSON(t, st)}, nil).want(t, "ann saves without the token", 200, "")
	bob.do("PUT", "/api/studies/"+created.ID, StudySave{Revision: 2, Study: treeJSON(t, st)}, nil).want(t, "bob saves", 403, CodeNotYourStudy)
	bob.do("DELETE", "/api/studies/"+created.ID, nil, nil).want(t, "bob deletes", 403, CodeNotYourStudy)
	// The token works for anyone who has it.
	bob.do("PUT", "/api/studies/"+created.ID, StudySave{Token: created.Token, Revision: 2, Study: treeJSON(t, st)}, nil).want(t, "bob saves with the token", 200, "")
	var mine struct{ Studies []StudyItem }
	a := ann.do("GET", "/api/account/studies", nil, nil)
	a.want(t, "ann's studies", 200, "")
	json.Unmarshal(a.body, &mine)
	if len(mine.Studies) != 1 || mine.Studies[0].ID != created.ID || mine.Studies[0].Title != "Ann's" || mine.Studies[0].URL != created.URL {
		t.Errorf("ann's studies: %+v", mine)
	}
	ts.client().do("GET", "/api/account/studies", nil, nil).want(t, "someone's studies", 401, CodeNotLoggedIn)
	var key map[string]string
	for _, k := range bots {
		key = k
	}
	a = ann.do("POST", "/api/studies", StudyRequest{}, key)
	a.want(t, "a bot's study", 201, "")
	var byBot StudyCreated
	json.Unmarshal(a.body, &byBot)
	if byBot.Owner != "annbot1" {
		t.Errorf("the bot's study: %+v", byBot)
	}
	ann.do("DELETE", "/api/studies/"+created.ID, nil, nil).want(t, "ann deletes without the token", 200, "")
	// A disabled account makes no study, and lists none.
	accounts := ts.st.(store.Accounts)
	bobAcct, _ := accounts.AccountByName(context.Background(), "bob")
	if err := accounts.SetDisabled(context.Background(), bobAcct.ID, true); err != nil {
		t.Fatal(err)
	}
	bob.do("POST", "/api/studies", StudyRequest{}, nil).want(t, "a disabled account's study", 403, CodeAccountDisabled)
	bob.do("GET", "/api/account/studies", nil, nil).want(t, "a disabled account's studies", 403, CodeAccountDisabled)
}

// TestStudyLimits: a study larger than a request's usual bound (64 KB)
// is taken up to its own; a larger body is refused, and the other
// endpoints keep their bound; a client that creates too many studies is
// told to wait; a store that keeps no studies answers 501.
func TestStudyLimits(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	c := ts.client()
	g, err := game.ParseTranscript(fullGame)
	if err != nil {
		t.Fatal(err)
	}
	big, err := study.FromGame(g)
	if err != nil {
		t.Fatal(err)
	}
	p := study.Path{}
	for range 60 {
		p = append(p, 0)
		if err := big.SetComment(p, strings.Repeat("é", 800)); err != nil {
			t.Fatal(err)
		}
	}
	tree := treeJSON(t, big)
	if len(tree) < 90<<10 {
		t.Fatalf("the study is %d bytes", len(tree))
	}
	created := newStudy(t, c, StudyRequest{Study: tree})
	c.do("PUT", "/api/studies/"+created.ID, StudySave{Token: created.Token, Revision: 1, Study: tree}, nil).want(t, "a large study saved", 200, "")
	c.do("POST", "/api/studies", `{"title":"`+strings.Repeat(" ", studyBody)+`"}`, nil).want(t, "a body too large", 400, CodeBadBody)
	c.do("POST", "/api/games", `{"black":{"kind":"bot"},"white":{"kind":"bot"},"transcript":"`+strings.Repeat(" ", 70<<10)+`"}`, nil).want(t, "a game's body over 64 KB", 400, CodeBadBody)
	ts.srv.newStudies = newLimiter(1.0/3600, 2)
	newStudy(t, c, StudyRequest{})
	newStudy(t, c, StudyRequest{})
	a := c.do("POST", "/api/studies", StudyRequest{}, nil)
	a.want(t, "a study too many", 429, CodeClientCap)
	if a.header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}

	// The instance's cap: 3 studies kept (made above), a fourth refused
	// until one is deleted.
	capped := newTestServer(t, "", Config{MaxStudies: 3})
	var made []StudyCreated
	for range 3 {
		made = append(made, newStudy(t, capped.client(), StudyRequest{}))
	}
	capped.client().do("POST", "/api/studies", StudyRequest{}, nil).want(t, "a study over the instance's cap", 503, CodeStudiesFull)
	capped.client().do("DELETE", "/api/studies/"+made[0].ID, map[string]string{"token": made[0].Token}, nil).want(t, "a study deleted", 200, "")
	newStudy(t, capped.client(), StudyRequest{})

	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	plain := newTestServerOn(t, plainStore{st}, "", Config{})
	plain.client().do("POST", "/api/studies", StudyRequest{}, nil).want(t, "a study on a store without", 501, CodeNoStudies)
	plain.client().do("GET", "/api/studies/x", nil, nil).want(t, "a study on a store without", 501, CodeNoStudies)
}

// moves reads squares written "f5 d6 c3".
func moves(t *testing.T, text string) []board.Square {
	t.Helper()
	var out []board.Square
	for _, f := range strings.Fields(text) {
		out = append(out, board.MustParseSquare(f))
	}
	return out
}
