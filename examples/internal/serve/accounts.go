package serve

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"testing"
	"time"
)

// Person is a person registered on a server of Start, its session in
// its client's cookies.
type Person struct {
	t      *testing.T
	url    string
	client *http.Client
}

// Register registers a person named name on the server at url.
func Register(t *testing.T, url, name string) *Person {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	p := &Person{t: t, url: url, client: &http.Client{Jar: jar, Timeout: time.Minute}}
	p.Do("POST", "/api/account/register", map[string]string{"name": name, "password": "long enough"}, nil)
	return p
}

// Do sends a request of the person's (a JSON body) and decodes its JSON
// answer into out (if not nil); an answer other than 2xx fails the test.
// Told to slow down (the person and the bots share an address, and its
// rate limit), it waits and tries again.
func (p *Person) Do(method, path string, body, out any) {
	p.t.Helper()
	data, _ := json.Marshal(body)
	req, _ := http.NewRequest(method, p.url+path, bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		time.Sleep(time.Second)
		p.Do(method, path, body, out)
		return
	}
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode/100 != 2 {
		p.t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, b)
	}
	if out != nil {
		json.Unmarshal(b, out)
	}
}

// Bot makes a bot of the person's named name and returns an API key of
// it.
func (p *Person) Bot(name string) string {
	p.t.Helper()
	p.Do("POST", "/api/account/bots", map[string]string{"name": name}, nil)
	var key struct{ Key string }
	p.Do("POST", "/api/account/bots/"+name+"/keys", map[string]string{}, &key)
	return key.Key
}

// LobbyGame has the person seek a casual blitz game as Black and wait
// until a bot (the one the test runs) accepts it, then play the game to
// its end by her session (the first legal move each turn); it returns
// the game's id. It fails the test after deadline, with what out says
// (the bot's output).
func (p *Person) LobbyGame(deadline time.Time, out func() string) string {
	p.t.Helper()
	var seek struct{ ID string }
	p.Do("POST", "/api/lobby/seeks", map[string]any{"game_time": "5m", "color": "black"}, &seek)
	var game string
	for game == "" {
		var o struct{ Game string }
		p.Do("GET", "/api/lobby/offers/"+seek.ID, nil, &o)
		game = o.Game
		p.wait(deadline, "the bot never took the seek", out)
	}
	for {
		var g struct {
			Status string
			Turn   string
			Legal  []string
		}
		p.Do("GET", "/api/games/"+game, nil, &g)
		if g.Status == "finished" {
			return game
		}
		if g.Turn == "black" && len(g.Legal) > 0 {
			p.Do("POST", "/api/games/"+game+"/move", map[string]string{"move": g.Legal[0]}, nil)
		}
		p.wait(deadline, "the game did not end", out)
	}
}

// wait pauses a moment, failing the test if deadline has passed.
func (p *Person) wait(deadline time.Time, what string, out func() string) {
	p.t.Helper()
	if time.Now().After(deadline) {
		p.t.Fatalf("%s; the bot's output:\n%s", what, out())
	}
	time.Sleep(20 * time.Millisecond)
}
