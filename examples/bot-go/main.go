// The bot: create a game, play its moves, until the end.

package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"time"
)

func main() {
	server := flag.String("server", "http://127.0.0.1:8080", "the server's address")
	opponent := flag.String("opponent", "random", "the built-in player to face")
	flag.Parse()
	if err := play(*server, *opponent); err != nil {
		fmt.Fprintln(os.Stderr, "bot:", err)
		os.Exit(1)
	}
}

// call sends a JSON request and decodes the answer. Told to slow down
// (429: the server's rate limit), it waits as asked and tries again.
func call(method, url string, body, out any) error {
	var data []byte
	if body != nil {
		data, _ = json.Marshal(body)
	}
	var resp *http.Response
	for {
		req, err := http.NewRequest(method, url, bytes.NewReader(data))
		if err != nil {
			return err
		}
		if body != nil {
			req.Header.Set("Content-Type", "application/json") // the server takes only JSON
		}
		if resp, err = http.DefaultClient.Do(req); err != nil {
			return err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			break
		}
		resp.Body.Close()
		wait, err := strconv.Atoi(resp.Header.Get("Retry-After"))
		if err != nil || wait < 1 {
			wait = 1
		}
		time.Sleep(time.Duration(wait) * time.Second)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		var e struct{ Error string }
		json.NewDecoder(resp.Body).Decode(&e)
		return fmt.Errorf("%s %s: %s: %s", method, url, resp.Status, e.Error)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

type state struct {
	Status string
	Turn   string
	Legal  []string
	Result *struct {
		Winner       string
		Black, White int
	}
}

func play(server, opponent string) error {
	var created struct {
		ID     string
		Tokens map[string]string
	}
	err := call("POST", server+"/api/games", map[string]any{
		"black": map[string]string{"kind": "bot", "name": "bot-go"},
		"white": map[string]string{"kind": "builtin", "spec": opponent},
	}, &created)
	if err != nil {
		return err
	}
	fmt.Printf("game %s: %s/game/%s\n", created.ID, server, created.ID)
	token := created.Tokens["black"]
	for {
		var s state
		if err := call("GET", server+"/api/games/"+created.ID, nil, &s); err != nil {
			return err
		}
		switch {
		case s.Status == "finished":
			fmt.Printf("game over: %s wins, %d-%d\n", s.Result.Winner, s.Result.Black, s.Result.White)
			return nil
		case s.Turn != "black" || len(s.Legal) == 0:
			// The opponent thinks, or the server is about to pass for us.
			time.Sleep(50 * time.Millisecond)
			continue
		}
		var ok map[string]any
		if err := call("POST", server+"/api/games/"+created.ID+"/move", map[string]string{"token": token, "move": s.Legal[0]}, &ok); err != nil {
			return err
		}
		fmt.Println("played", s.Legal[0])
	}
}
