// Browser test of a game page through an outage of its server: what the
// page said of it goes once the server is back (issue 33, defect 4).

package server

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserServerBack: a player's move sent while the server is down
// gets "the server does not answer"; once the server answers again (the
// page's connection is back), the page no longer says so. In English and
// in Chinese.
func TestBrowserServerBack(t *testing.T) {
	if testing.Short() {
		t.Skip("a browser test: it runs without -short")
	}
	t.Parallel() // beside another browser test: see browser
	ts := newTestServer(t, "", Config{})
	// The page talks to the server through a front that can be down: it
	// then drops every connection, as a stopped server would.
	// Its WebSockets, taken over from the HTTP server, are closed by hand.
	var down atomic.Bool
	var mu sync.Mutex
	var sockets []net.Conn
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			if c, _, err := http.NewResponseController(w).Hijack(); err == nil {
				c.Close()
			}
			return
		}
		ts.http.Config.Handler.ServeHTTP(hijackKept{w, func(c net.Conn) { mu.Lock(); sockets = append(sockets, c); mu.Unlock() }}, r)
	}))
	t.Cleanup(front.Close)
	stop := func() {
		down.Store(true)
		front.CloseClientConnections()
		mu.Lock()
		for _, c := range sockets {
			c.Close()
		}
		sockets = nil
		mu.Unlock()
	}
	for _, c := range []struct {
		lang    []string
		noReply string
	}{
		{[]string{"en-US", "en-US,en"}, "The server does not answer"},
		{[]string{"zh-CN", "zh-CN,zh"}, "服务器没有响应"},
	} {
		t.Run(c.lang[0], func(t *testing.T) {
			g := ts.create(CreateRequest{Black: SeatRequest{Kind: "human", Name: "ann"}, White: SeatRequest{Kind: "builtin", Spec: "random"}, Time: "0"})
			ctx := browser(t, c.lang...)
			seat := fmt.Sprintf(`localStorage.setItem("reversi-seat-%s", JSON.stringify({color: "black", token: %q})); true`, g.ID, g.Tokens["black"])
			if err := chromedp.Run(ctx, chromedp.Navigate(front.URL+"/"), chromedp.Evaluate(seat, nil),
				chromedp.Navigate(front.URL+"/game/"+g.ID), chromedp.WaitVisible("rect.sq.target", chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			stop()
			if err := chromedp.Run(ctx, chromedp.Click("rect.sq.target", chromedp.ByQuery)); err != nil {
				t.Fatal(err)
			}
			waitJS(t, ctx, "the page saying the server does not answer", `document.getElementById("error").textContent.includes(`+jsString(c.noReply)+`)`)
			down.Store(false)
			waitJS(t, ctx, "the page no longer saying so once the server is back", `document.getElementById("error").textContent === ""`)
		})
	}
}

// hijackKept is a response whose connection, once taken over (a
// WebSocket), is given to kept.
type hijackKept struct {
	http.ResponseWriter
	kept func(net.Conn)
}

func (h hijackKept) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, rw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err == nil {
		h.kept(c)
	}
	return c, rw, err
}

func (h hijackKept) Flush() { http.NewResponseController(h.ResponseWriter).Flush() }
