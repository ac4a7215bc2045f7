// Tests of the accounts' endpoints against the real server, on SQLite
// and (with REVERSI_TEST_POSTGRES) on PostgreSQL.

package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/account"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/store/postgres"
	"github.com/reversi-engine/reversi/store/postgres/pgtest"
	"github.com/reversi-engine/reversi/store/sqlite"
)

// accountClient is a client of a test server with its own cookies.
type accountClient struct {
	ts     *testServer
	client *http.Client
}

func (ts *testServer) client() *accountClient {
	jar, err := cookiejar.New(nil)
	if err != nil {
		ts.t.Fatal(err)
	}
	return &accountClient{ts: ts, client: &http.Client{Jar: jar}}
}

// answer is a response: its status, headers and body.
type answer struct {
	status int
	header http.Header
	body   []byte
}

// error returns the answer's error body.
func (a answer) error() apiError {
	var e apiError
	json.Unmarshal(a.body, &e)
	return e
}

// do sends a request (a JSON body if body is not nil; a string as it
// is) with the given headers.
func (b *accountClient) do(method, path string, body any, header map[string]string) answer {
	b.ts.t.Helper()
	var rd io.Reader
	switch v := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(v)
	default:
		data, _ := json.Marshal(v)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, b.ts.http.URL+path, rd)
	if err != nil {
		b.ts.t.Fatal(err)
	}
	if rd != nil || method == "POST" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := b.client.Do(req)
	if err != nil {
		b.ts.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, data}
}

// session returns the session token that the client's cookies hold for
// its server, "" if none.
func (b *accountClient) session() string {
	u, _ := url.Parse(b.ts.http.URL)
	for _, c := range b.client.Jar.Cookies(u) {
		if c.Name == SessionCookie {
			return c.Value
		}
	}
	return ""
}

// withSession is the header that sends a session token as its cookie
// does.
func withSession(token string) map[string]string {
	return map[string]string{"Cookie": SessionCookie + "=" + token}
}

// want checks an answer's status and, for an error, its code.
func (a answer) want(t *testing.T, what string, status int, code Code) {
	t.Helper()
	if a.status != status {
		t.Fatalf("%s: %d %s, want %d", what, a.status, a.body, status)
	}
	if code != "" && a.error().Code != code {
		t.Fatalf("%s: code %q (%s), want %q", what, a.error().Code, a.body, code)
	}
}

func (a answer) account(t *testing.T) AccountView {
	t.Helper()
	var v AccountView
	if err := json.Unmarshal(a.body, &v); err != nil {
		t.Fatalf("%s: %v", a.body, err)
	}
	return v
}

// logBuffer is a log a test reads.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func TestAccounts(t *testing.T) {
	var logs logBuffer
	ts := newTestServer(t, "", Config{Log: slog.New(slog.NewTextHandler(&logs, nil))})
	accountScenario(t, ts, &logs)
}

func TestAccountsPostgres(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	st, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	var logs logBuffer
	ts := newTestServerOn(t, st, "", Config{Log: slog.New(slog.NewTextHandler(&logs, nil))})
	accountScenario(t, ts, &logs)
}

// accountScenario: a person registers, logs out and in, makes a bot and
// keys for it, the bot plays with a key, a key is revoked, the password
// is changed (ending the other sessions); every refusal has its status
// and code, and no password reaches an answer or the log.
func accountScenario(t *testing.T, ts *testServer, logs *logBuffer) {
	const pw, pw2 = "correct horse battery", "staple 2 the horse"
	ann := ts.client()
	ann.do("GET", "/api/account", nil, nil).want(t, "who am I, anonymous", 401, CodeNotLoggedIn)

	ann.do("POST", "/api/account/register", RegisterRequest{Name: "1ann", Password: pw}, nil).want(t, "a bad name", 400, CodeBadName)
	ann.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "short"}, nil).want(t, "a short password", 400, CodeBadPassword)
	ann.do("POST", "/api/account/register", `{"name":"ann","password":"`+pw+`","admin":true}`, nil).want(t, "an unknown field", 400, CodeBadBody)
	ann.do("POST", "/api/account/register", `{"name":"ann","password":"`+pw+`"}{}`, nil).want(t, "two values", 400, CodeBadBody)
	ann.do("POST", "/api/account/register", `{"name":"ann","password":"`+pw+`"}`, map[string]string{"Content-Type": "text/plain"}).
		want(t, "not JSON", 415, CodeBadMediaType)

	a := ann.do("POST", "/api/account/register", RegisterRequest{Name: "Ann", Password: pw}, nil)
	a.want(t, "register", 201, "")
	if v := a.account(t); v.Name != "Ann" || v.Kind != "person" || v.ID == "" {
		t.Fatalf("registered %+v", v)
	}
	if bytes.Contains(a.body, []byte(pw)) || bytes.Contains(a.body, []byte("argon2")) {
		t.Fatalf("the answer shows the password or its hash: %s", a.body)
	}
	cookie := a.header.Get("Set-Cookie")
	for _, want := range []string{SessionCookie + "=", "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=2591"} {
		if !strings.Contains(cookie, want) {
			t.Errorf("the session cookie %q lacks %q", cookie, want)
		}
	}
	if strings.Contains(cookie, "Secure") {
		t.Errorf("the session cookie of a plain-HTTP request is Secure: %q", cookie)
	}
	if v := ann.do("GET", "/api/account", nil, nil); v.status != 200 || v.account(t).Name != "Ann" {
		t.Fatalf("who am I after registering: %d %s", v.status, v.body)
	}
	ts.client().do("POST", "/api/account/register", RegisterRequest{Name: "aNN", Password: pw}, nil).want(t, "the name in another case", 409, CodeNameTaken)

	token := ann.session()
	if token == "" {
		t.Fatal("no session cookie kept")
	}
	ann.do("POST", "/api/account/logout", nil, nil).want(t, "logout", 200, "")
	ann.do("GET", "/api/account", nil, nil).want(t, "who am I after logout", 401, CodeNotLoggedIn)
	ts.client().do("GET", "/api/account", nil, withSession(token)).want(t, "the logged-out session's cookie replayed", 401, CodeNotLoggedIn)
	wrong := ann.do("POST", "/api/account/login", LoginRequest{Name: "ann", Password: pw + "!"}, nil)
	wrong.want(t, "a wrong password", 401, CodeBadCredentials)
	nobody := ann.do("POST", "/api/account/login", LoginRequest{Name: "nobody", Password: pw}, nil)
	nobody.want(t, "an unknown name", 401, CodeBadCredentials)
	if wrong.error().Error != nobody.error().Error {
		t.Errorf("a wrong password says %q, an unknown name %q: they tell which names exist", wrong.error().Error, nobody.error().Error)
	}
	ann.do("POST", "/api/account/login", LoginRequest{Name: "ann"}, nil).want(t, "no password", 400, CodeBadRequest)
	ann.do("POST", "/api/account/login", LoginRequest{Name: "ANN", Password: pw}, nil).want(t, "login", 200, "")
	ann.do("GET", "/api/account", nil, nil).want(t, "who am I after login", 200, "")

	// A bot and its keys.
	ann.do("POST", "/api/account/bots", BotRequest{Name: "-x"}, nil).want(t, "a bad bot name", 400, CodeBadName)
	ann.do("POST", "/api/account/bots", BotRequest{Name: "ann"}, nil).want(t, "a bot with the person's name", 409, CodeNameTaken)
	if v := ann.do("POST", "/api/account/bots", BotRequest{Name: "annbot"}, nil); v.status != 201 || v.account(t).Kind != "bot" {
		t.Fatalf("new bot: %d %s", v.status, v.body)
	}
	var bots struct{ Bots []AccountView }
	json.Unmarshal(ann.do("GET", "/api/account/bots", nil, nil).body, &bots)
	if len(bots.Bots) != 1 || bots.Bots[0].Name != "annbot" {
		t.Fatalf("bots: %+v", bots)
	}
	ts.client().do("GET", "/api/account/bots", nil, nil).want(t, "bots, anonymous", 401, CodeNotLoggedIn)
	ts.client().do("POST", "/api/account/bots", BotRequest{Name: "evebot"}, nil).want(t, "new bot, anonymous", 401, CodeNotLoggedIn)

	var keys [2]KeyView
	for i := range keys {
		k := ann.do("POST", "/api/account/bots/annbot/keys", nil, nil)
		k.want(t, "new key", 201, "")
		json.Unmarshal(k.body, &keys[i])
		if !account.LooksLikeAPIKey(keys[i].Key) || !strings.HasPrefix(keys[i].Key, keys[i].Prefix) {
			t.Fatalf("new key: %s", k.body)
		}
	}
	list := ann.do("GET", "/api/account/bots/annbot/keys", nil, nil)
	list.want(t, "keys", 200, "")
	if bytes.Contains(list.body, []byte(keys[0].Key)) || bytes.Contains(list.body, []byte(`"key"`)) {
		t.Fatalf("the list of keys shows a key: %s", list.body)
	}
	var listed struct{ Keys []KeyView }
	json.Unmarshal(list.body, &listed)
	if len(listed.Keys) != 2 || listed.Keys[0].Prefix != keys[0].Prefix || listed.Keys[0].Revoked != nil {
		t.Fatalf("keys: %s", list.body)
	}
	ann.do("GET", "/api/account/bots/nobot/keys", nil, nil).want(t, "keys of no bot", 404, CodeNoBot)
	ann.do("GET", "/api/account/bots/ann/keys", nil, nil).want(t, "keys of a person", 404, CodeNoBot)
	eve := ts.client()
	eve.do("POST", "/api/account/register", RegisterRequest{Name: "eve", Password: pw}, nil).want(t, "register eve", 201, "")
	eve.do("GET", "/api/account/bots/annbot/keys", nil, nil).want(t, "keys of another's bot", 404, CodeNoBot)
	eve.do("POST", "/api/account/bots/annbot/keys", nil, nil).want(t, "new key of another's bot", 404, CodeNoBot)
	eve.do("POST", "/api/account/bots/annbot/keys/"+keys[0].ID+"/revoke", nil, nil).want(t, "revoke another's key", 404, CodeNoBot)

	// The bot with its key.
	bot := ts.client()
	auth := func(key string) map[string]string { return map[string]string{"Authorization": "Bearer " + key} }
	if v := bot.do("GET", "/api/account", nil, auth(keys[0].Key)); v.status != 200 || v.account(t).Name != "annbot" {
		t.Fatalf("who am I with the key: %d %s", v.status, v.body)
	}
	bot.do("GET", "/api/account", nil, auth("rvk_nonsense")).want(t, "not a key", 401, CodeBadAPIKey)
	bot.do("GET", "/api/games", nil, auth(account.NewAPIKey().Key)).want(t, "an unknown key on the game API", 401, CodeBadAPIKey)
	bot.do("GET", "/api/games", nil, auth(keys[0].Key)).want(t, "the key on the game API", 200, "")
	bot.do("POST", "/api/account/bots", BotRequest{Name: "botbot"}, auth(keys[0].Key)).want(t, "a bot makes a bot", 403, CodePersonOnly)
	ann.do("POST", "/api/account/bots/annbot/keys/nokey/revoke", nil, nil).want(t, "revoke no key", 404, CodeNoKey)
	ann.do("POST", "/api/account/bots/annbot/keys/"+keys[0].ID+"/revoke", nil, nil).want(t, "revoke", 200, "")
	bot.do("GET", "/api/account", nil, auth(keys[0].Key)).want(t, "a revoked key", 401, CodeBadAPIKey)
	bot.do("GET", "/api/account", nil, auth(keys[1].Key)).want(t, "the other key", 200, "")
	json.Unmarshal(ann.do("GET", "/api/account/bots/annbot/keys", nil, nil).body, &listed)
	if listed.Keys[0].Revoked == nil || listed.Keys[1].Revoked != nil {
		t.Fatalf("keys after revoking the first: %+v", listed.Keys)
	}

	// A change of password ends the other sessions.
	other := ts.client()
	other.do("POST", "/api/account/login", LoginRequest{Name: "ann", Password: pw}, nil).want(t, "login elsewhere", 200, "")
	ann.do("POST", "/api/account/password", PasswordRequest{Old: pw + "x", New: pw2}, nil).want(t, "a wrong old password", 401, CodeBadCredentials)
	ann.do("POST", "/api/account/password", PasswordRequest{Old: pw, New: "short"}, nil).want(t, "a short new password", 400, CodeBadPassword)
	ts.client().do("POST", "/api/account/password", PasswordRequest{Old: pw, New: pw2}, nil).want(t, "change, anonymous", 401, CodeNotLoggedIn)
	ch := ann.do("POST", "/api/account/password", PasswordRequest{Old: pw, New: pw2}, nil)
	ch.want(t, "change of password", 200, "")
	if !strings.Contains(string(ch.body), `"sessions_ended":1`) {
		t.Errorf("change of password: %s, want one other session ended", ch.body)
	}
	other.do("GET", "/api/account", nil, nil).want(t, "the other session after the change", 401, CodeNotLoggedIn)
	ann.do("GET", "/api/account", nil, nil).want(t, "this session after the change", 200, "")
	other.do("POST", "/api/account/login", LoginRequest{Name: "ann", Password: pw}, nil).want(t, "the old password", 401, CodeBadCredentials)
	other.do("POST", "/api/account/login", LoginRequest{Name: "ann", Password: pw2}, nil).want(t, "the new password", 200, "")

	text := logs.String()
	for _, secret := range []string{pw, pw2, keys[0].Key, keys[1].Key, "argon2id"} {
		if strings.Contains(text, secret) {
			t.Errorf("the log shows %q", secret)
		}
	}
	if !strings.Contains(text, "login failed") {
		t.Errorf("the log does not show the failed logins:\n%s", text)
	}
}

// TestAccountCrossSite: a change asked by a page of another site, with
// the person's cookie, is refused and changes nothing; so is one sent as
// a form.
func TestAccountCrossSite(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	ann := ts.client()
	ann.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil).want(t, "register", 201, "")
	cross := map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}
	ann.do("POST", "/api/account/bots", BotRequest{Name: "evilbot"}, cross).want(t, "a cross-site new bot", 403, CodeCrossOrigin)
	ann.do("POST", "/api/account/password", PasswordRequest{Old: "long enough", New: "evil's password"}, cross).want(t, "a cross-site change of password", 403, CodeCrossOrigin)
	ann.do("POST", "/api/account/logout", nil, map[string]string{"Origin": "https://evil.example"}).want(t, "a cross-origin logout", 403, CodeCrossOrigin)
	ann.do("POST", "/api/account/bots", `name=evilbot`, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}).
		want(t, "a form", 415, CodeBadMediaType)
	var bots struct{ Bots []AccountView }
	json.Unmarshal(ann.do("GET", "/api/account/bots", nil, nil).body, &bots)
	if len(bots.Bots) != 0 {
		t.Fatalf("a cross-site request made %+v", bots.Bots)
	}
	ann.do("GET", "/api/account", nil, nil).want(t, "still logged in", 200, "")
	// The same requests from the same origin pass.
	same := map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": ts.http.URL}
	ann.do("POST", "/api/account/bots", BotRequest{Name: "annbot"}, same).want(t, "a same-origin new bot", 201, "")
}

// TestLoginRateLimit: attempts on one name are limited, whoever makes
// them, and so are those of one client, the addresses of one IPv6 /64
// counting as one.
func TestLoginRateLimit(t *testing.T) {
	proxy, _ := ParseTrustedProxies([]string{"127.0.0.1", "::1"})
	ts := newTestServer(t, "", Config{LoginsPerName: 3, LoginsPerClient: 5, TrustedProxies: proxy})
	b := ts.client()
	from := func(addr string) map[string]string { return map[string]string{"X-Forwarded-For": addr} }
	b.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, from("192.0.2.1")).want(t, "register", 201, "")
	for i := range 3 {
		b.do("POST", "/api/account/login", LoginRequest{Name: "ann", Password: "wrong guess"}, from("2001:db8:"+string(rune('1'+i))+"::1")).
			want(t, "a wrong password", 401, CodeBadCredentials)
	}
	a := b.do("POST", "/api/account/login", LoginRequest{Name: "ANN", Password: "long enough"}, from("192.0.2.9"))
	a.want(t, "a fourth attempt on the name", 429, CodeLoginRateLimited)
	if a.header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	b.do("POST", "/api/account/login", LoginRequest{Name: "bob", Password: "wrong guess"}, from("192.0.2.9")).want(t, "another name", 401, CodeBadCredentials)
	// 2001:db8:5::/64 makes five attempts from five addresses; the
	// sixth is refused, also on a name of its own; the next /64 is
	// another client.
	for i := range 5 {
		b.do("POST", "/api/account/login", LoginRequest{Name: "u" + string(rune('a'+i)), Password: "wrong guess"}, from("2001:db8:5::"+string(rune('1'+i)))).
			want(t, "an attempt of the /64", 401, CodeBadCredentials)
	}
	b.do("POST", "/api/account/login", LoginRequest{Name: "zed", Password: "wrong guess"}, from("2001:db8:5::ffff")).want(t, "the /64's sixth", 429, CodeLoginRateLimited)
	b.do("POST", "/api/account/register", RegisterRequest{Name: "zed", Password: "long enough"}, from("2001:db8:5::ffff")).want(t, "the /64 registers", 429, CodeLoginRateLimited)
	b.do("POST", "/api/account/login", LoginRequest{Name: "zed", Password: "wrong guess"}, from("2001:db8:6::1")).want(t, "the next /64", 401, CodeBadCredentials)
}

// TestPasswordHashCap: while every slot for a password hash is taken, a
// login waits, then is answered 503 with Retry-After; once a slot is
// free, it passes.
func TestPasswordHashCap(t *testing.T) {
	ts := newTestServer(t, "", Config{MaxPasswordHashes: 1})
	b := ts.client()
	b.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil).want(t, "register", 201, "")
	ts.srv.hashWait = 50 * time.Millisecond
	ts.srv.logins.hashes <- struct{}{} // a hash under way
	a := b.do("POST", "/api/account/login", LoginRequest{Name: "ann", Password: "long enough"}, nil)
	a.want(t, "login with every slot taken", 503, CodeLoginBusy)
	if a.header.Get("Retry-After") == "" {
		t.Error("no Retry-After")
	}
	b.do("POST", "/api/account/register", RegisterRequest{Name: "bob", Password: "long enough"}, nil).want(t, "register with every slot taken", 503, CodeLoginBusy)
	<-ts.srv.logins.hashes
	b.do("POST", "/api/account/login", LoginRequest{Name: "ann", Password: "long enough"}, nil).want(t, "login with a free slot", 200, "")
}

// TestInviteOnly: on an invitation-only server a person registers only
// with an unused invitation, one person an invitation.
func TestInviteOnly(t *testing.T) {
	ts := newTestServer(t, "", Config{InviteOnly: true})
	accounts := ts.st.(store.Accounts)
	code, hash := account.NewInvitation()
	if err := accounts.CreateInvitation(context.Background(), &store.Invitation{Hash: hash}); err != nil {
		t.Fatal(err)
	}
	b := ts.client()
	b.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil).want(t, "no invitation", 403, CodeInvitationRequired)
	b.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough", Invitation: "nonsense"}, nil).want(t, "a wrong invitation", 403, CodeBadInvitation)
	b.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough", Invitation: " " + strings.ToUpper(code) + " "}, nil).want(t, "the invitation", 201, "")
	ts.client().do("POST", "/api/account/register", RegisterRequest{Name: "bob", Password: "long enough", Invitation: code}, nil).want(t, "the invitation again", 403, CodeBadInvitation)
	ts.client().do("POST", "/api/account/login", LoginRequest{Name: "bob", Password: "long enough"}, nil).want(t, "bob was not made", 401, CodeBadCredentials)
}

// TestDisabledAccount: a disabled person cannot log in, the sessions
// ended by the operator stay ended, and the keys of its bots stop
// working; enabled again, the keys work.
func TestDisabledAccount(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	accounts := ts.st.(store.Accounts)
	ann := ts.client()
	v := ann.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil)
	v.want(t, "register", 201, "")
	id := v.account(t).ID
	ann.do("POST", "/api/account/bots", BotRequest{Name: "annbot"}, nil).want(t, "new bot", 201, "")
	var key KeyView
	json.Unmarshal(ann.do("POST", "/api/account/bots/annbot/keys", nil, nil).body, &key)
	auth := map[string]string{"Authorization": "Bearer " + key.Key}
	ctx := context.Background()
	if err := accounts.SetDisabled(ctx, id, true); err != nil {
		t.Fatal(err)
	}
	ann.do("GET", "/api/account", nil, nil).want(t, "a disabled person's session", 403, CodeAccountDisabled)
	ann.do("POST", "/api/account/bots", BotRequest{Name: "annbot2"}, nil).want(t, "a disabled person's new bot", 403, CodeAccountDisabled)
	ts.client().do("GET", "/api/games", nil, auth).want(t, "a disabled person's bot", 403, CodeAccountDisabled)
	ts.client().do("POST", "/api/account/login", LoginRequest{Name: "ann", Password: "long enough"}, nil).want(t, "a disabled person's login", 403, CodeAccountDisabled)
	ts.client().do("POST", "/api/account/login", LoginRequest{Name: "ann", Password: "wrong guess"}, nil).want(t, "a disabled person's wrong password", 401, CodeBadCredentials)
	if err := accounts.SetDisabled(ctx, id, false); err != nil {
		t.Fatal(err)
	}
	ts.client().do("GET", "/api/games", nil, auth).want(t, "the bot enabled again", 200, "")
}

// TestSecureCookie: the session cookie is Secure when the operator says
// so, and when a trusted proxy says the request came over HTTPS.
func TestSecureCookie(t *testing.T) {
	ts := newTestServer(t, "", Config{SecureCookies: true})
	a := ts.client().do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil)
	a.want(t, "register", 201, "")
	if c := a.header.Get("Set-Cookie"); !strings.Contains(c, "; Secure") {
		t.Errorf("with SecureCookies, the cookie is %q", c)
	}
	proxy, _ := ParseTrustedProxies([]string{"127.0.0.1", "::1"})
	ts = newTestServer(t, "", Config{TrustedProxies: proxy})
	a = ts.client().do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, map[string]string{"X-Forwarded-Proto": "https"})
	a.want(t, "register through the proxy", 201, "")
	if c := a.header.Get("Set-Cookie"); !strings.Contains(c, "; Secure") {
		t.Errorf("through a proxy over HTTPS, the cookie is %q", c)
	}
	a = ts.client().do("POST", "/api/account/login", LoginRequest{Name: "ann", Password: "long enough"}, map[string]string{"X-Forwarded-Proto": "http"})
	a.want(t, "login through the proxy over HTTP", 200, "")
	if c := a.header.Get("Set-Cookie"); strings.Contains(c, "Secure") {
		t.Errorf("through a proxy over HTTP, the cookie is %q", c)
	}
}

// FuzzDecodeBody: the accounts' reader of a body never panics, and what
// it accepts is one JSON object of the request's shape, which reads back
// the same.
func FuzzDecodeBody(f *testing.F) {
	for _, s := range []string{"", "{}", `{"name":"ann","password":"long enough"}`, `{"name":"ann"} x`, `{"invitation":1}`, "null", `{"name":"\u0000"}`, " {} \n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var req RegisterRequest
		if err := decodeBody(bytes.NewReader(data), &req); err != nil {
			return
		}
		out, err := json.Marshal(req)
		if err != nil {
			t.Fatal(err)
		}
		var again RegisterRequest
		if err := decodeBody(bytes.NewReader(out), &again); err != nil || again != req {
			t.Fatalf("%q read as %+v, which reads back as %+v (%v)", data, req, again, err)
		}
	})
}

// TestPruneSessions: the server deletes the sessions that ended (logged
// out, or expired) and keeps the live one.
func TestPruneSessions(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	a, b := ts.client(), ts.client()
	a.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil).want(t, "register", 201, "")
	b.do("POST", "/api/account/login", LoginRequest{Name: "ann", Password: "long enough"}, nil).want(t, "login", 200, "")
	b.do("POST", "/api/account/logout", nil, nil).want(t, "logout", 200, "")
	if n := ts.srv.pruneOnce(time.Now()); n != 1 {
		t.Fatalf("pruned %d sessions now, want the one logged out", n)
	}
	a.do("GET", "/api/account", nil, nil).want(t, "the live session after pruning", 200, "")
	if n := ts.srv.pruneOnce(time.Now().Add(account.SessionLifetime + time.Hour)); n != 1 {
		t.Fatalf("pruned %d sessions after their lifetime, want the other", n)
	}
	a.do("GET", "/api/account", nil, nil).want(t, "the pruned session", 401, CodeNotLoggedIn)
}

// TestAccountsTwoServers: on one PostgreSQL database, a session made by
// one server and a key made through it work on the other, and a key
// revoked through the other stops working on both.
func TestAccountsTwoServers(t *testing.T) {
	dsn := pgtest.FreshDSN(t)
	a := newPostgresServer(t, dsn, "server-a")
	b := newPostgresServer(t, dsn, "server-b")
	ann := a.client()
	ann.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil).want(t, "register on a", 201, "")
	ann.do("POST", "/api/account/bots", BotRequest{Name: "annbot"}, nil).want(t, "new bot on a", 201, "")
	var key KeyView
	json.Unmarshal(ann.do("POST", "/api/account/bots/annbot/keys", nil, nil).body, &key)
	onB := &accountClient{ts: b, client: ann.client} // the same cookies (a cookie is the host's, whatever the port)
	if v := onB.do("GET", "/api/account", nil, nil); v.status != 200 || v.account(t).Name != "ann" {
		t.Fatalf("a's session on b: %d %s", v.status, v.body)
	}
	auth := map[string]string{"Authorization": "Bearer " + key.Key}
	b.client().do("GET", "/api/account", nil, auth).want(t, "a's key on b", 200, "")
	onB.do("POST", "/api/account/bots/annbot/keys/"+key.ID+"/revoke", nil, nil).want(t, "revoke on b", 200, "")
	a.client().do("GET", "/api/account", nil, auth).want(t, "the revoked key on a", 401, CodeBadAPIKey)
	token := ann.session()
	a.client().do("GET", "/api/account", nil, withSession(token)).want(t, "the session on a", 200, "")
	onB.do("POST", "/api/account/logout", nil, nil).want(t, "logout on b", 200, "")
	a.client().do("GET", "/api/account", nil, withSession(token)).want(t, "the session on a after logout on b", 401, CodeNotLoggedIn)
}

// plainStore is a store that keeps no accounts: the Store of a store
// that does, alone.
type plainStore struct{ store.Store }

// TestNoAccounts: on a store that keeps no accounts, the accounts'
// endpoints and an API key answer 501, and games are played and
// finished as before.
func TestNoAccounts(t *testing.T) {
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServerOn(t, plainStore{st}, "", Config{})
	b := ts.client()
	b.do("POST", "/api/account/register", RegisterRequest{Name: "ann", Password: "long enough"}, nil).want(t, "register", 501, CodeNoAccounts)
	b.do("GET", "/api/account", nil, nil).want(t, "who am I", 501, CodeNoAccounts)
	b.do("GET", "/api/games", nil, map[string]string{"Authorization": "Bearer " + account.NewAPIKey().Key}).want(t, "a key", 501, CodeNoAccounts)
	g := ts.create(CreateRequest{Black: SeatRequest{Kind: "bot"}, White: SeatRequest{Kind: "bot"}})
	if code := ts.call("POST", "/api/games/"+g.ID+"/resign", map[string]string{"token": g.Tokens["black"]}, nil); code != 200 {
		t.Fatalf("resign: %d", code)
	}
	if v := ts.waitFor(g.ID, "over", func(v GameView) bool { return v.Status == "finished" }); v.Result == nil {
		t.Fatalf("the game ended without a result: %+v", v)
	}
}
