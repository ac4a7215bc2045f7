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
