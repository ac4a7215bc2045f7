// Many games at once between scripted bots on a running server, and the
// report of what they measured.

package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"github.com/reversi-engine/reversi/server"
)

// Config says what to play.
type Config struct {
	// URL is the server's base address, e.g. http://127.0.0.1:8080.
	URL string
	// Games is the number of games played at once.
	Games int
	// Seed makes the bots' moves reproducible.
	Seed uint64
	// Think is the bots' mean thinking time before each move (each waits
	// between half of it and one and a half times it), so that the load
	// is that of bots that think; 0 submits at once, which measures the
	// server's throughput rather than its latency. Thinking is not
	// counted in the latency.
	Think time.Duration
	// Ramp spreads the games' starts over this long (game i starts at
	// i*Ramp/Games), as games on a real server do not all start in the
	// same second; 0 starts them together.
	Ramp time.Duration
	// Spectators is the number of clients that watch each game on a
	// WebSocket of their own, as people watching it in the GUI; the
	// time from a move's submission to their receiving it is measured
	// apart from the players'.
	Spectators int
	// Progress, if set, is called about once a second with the moves
	// acknowledged so far.
	Progress func(moves int64, elapsed time.Duration)
}

// Report is what a load test measured.
type Report struct {
	Games, Finished int
	Think, Ramp     time.Duration
	// Spectators is the number of watchers a game; Watched is how many
	// of them saw their game finish; WatchMoves how many moves they saw
	// arrive (and measured), all of them together.
	Spectators, Watched, WatchMoves int
	// Moves is the number of moves the server acknowledged; Stored the
	// number of (non-pass) moves in the finished games' records.
	Moves, Stored int
	Elapsed       time.Duration
	// Latency percentiles from a move's submission to the opponent's
	// WebSocket receiving the state with it.
	P50, P90, P99, Max time.Duration
	// The same from a move's submission to a spectator's WebSocket
	// receiving the state with it (zero without spectators).
	WatchP50, WatchP90, WatchP99, WatchMax time.Duration
	// Problems lists what went wrong (empty: nothing).
	Problems []string
}

// String is the report in a few lines.
func (r *Report) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d games at once (started over %v, bots thinking %v a move on average): %d finished, %d moves acknowledged, %d stored, in %.1fs (%.0f moves/s)\n",
		r.Games, r.Ramp, r.Think, r.Finished, r.Moves, r.Stored, r.Elapsed.Seconds(), float64(r.Moves)/r.Elapsed.Seconds())
	fmt.Fprintf(&b, "submission to broadcast: p50 %v, p90 %v, p99 %v, max %v\n", round(r.P50), round(r.P90), round(r.P99), round(r.Max))
	if r.Spectators > 0 {
		fmt.Fprintf(&b, "%d spectators a game (%d sockets), %d saw their game finish, %d moves seen arriving; submission to a spectator: p50 %v, p90 %v, p99 %v, max %v\n",
			r.Spectators, r.Spectators*r.Games, r.Watched, r.WatchMoves, round(r.WatchP50), round(r.WatchP90), round(r.WatchP99), round(r.WatchMax))
	}
	if len(r.Problems) == 0 {
		b.WriteString("no move lost or duplicated\n")
	}
	for _, p := range r.Problems {
		fmt.Fprintf(&b, "PROBLEM: %s\n", p)
	}
	return b.String()
}

func round(d time.Duration) time.Duration { return d.Round(10 * time.Microsecond) }

// quiet is how long a bot waits for news of its game before it reports
// the game stuck (a move's clock is 60 s by default).
const quiet = 90 * time.Second

// client is the HTTP client of every bot.
var client = &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 2000}}

// Run plays cfg.Games games at once and reports; an error means the test
// could not run (the server is unreachable, a game could not be made).
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if cfg.Games <= 0 {
		return nil, fmt.Errorf("loadtest: %d games", cfg.Games)
	}
	if cfg.Spectators < 0 {
		return nil, fmt.Errorf("loadtest: %d spectators a game", cfg.Spectators)
	}
	base := strings.TrimSuffix(cfg.URL, "/")
	games := make([]*match, cfg.Games)
	for i := range games {
		var resp server.CreateResponse
		req := server.CreateRequest{Black: server.SeatRequest{Kind: "bot", Name: fmt.Sprintf("load-%d-b", i)},
			White: server.SeatRequest{Kind: "bot", Name: fmt.Sprintf("load-%d-w", i)}}
		if err := call(ctx, "POST", base+"/api/games", req, &resp); err != nil {
			return nil, fmt.Errorf("loadtest: creating game %d: %w", i, err)
		}
		games[i] = &match{id: resp.ID, tokens: [2]string{resp.Tokens["black"], resp.Tokens["white"]}, sent: map[int]time.Time{}, submitted: map[int]time.Time{}, acked: map[int]string{}}
	}
	var acked atomic.Int64
	start := time.Now()
	stop := make(chan struct{})
	if cfg.Progress != nil {
		go func() {
			tick := time.NewTicker(time.Second)
			defer tick.Stop()
			for {
				select {
				case <-tick.C:
					cfg.Progress(acked.Load(), time.Since(start))
				case <-stop:
					return
				}
			}
		}()
	}
	var wg sync.WaitGroup
	var watched atomic.Int64
	errs := make(chan error, (2+cfg.Spectators)*len(games))
	for i, m := range games {
		at := time.Duration(int64(cfg.Ramp) * int64(i) / int64(len(games)))
		for k := range cfg.Spectators {
			wg.Add(1)
			go func() {
				defer wg.Done()
				select {
				case <-time.After(at):
				case <-ctx.Done():
					return
				}
				if err := m.watch(ctx, base); err != nil {
					errs <- fmt.Errorf("game %s, spectator %d: %w", m.id, k, err)
					return
				}
				watched.Add(1)
			}()
		}
		for c := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(cfg.Seed, uint64(2*i+c)))
				select {
				case <-time.After(at):
				case <-ctx.Done():
					return
				}
				if err := m.bot(ctx, base, c, rng, cfg.Think, &acked); err != nil {
					errs <- fmt.Errorf("game %s, %s: %w", m.id, [2]string{"black", "white"}[c], err)
				}
			}()
		}
	}
	wg.Wait()
	close(stop)
	close(errs)
	rep := &Report{Games: len(games), Think: cfg.Think, Ramp: cfg.Ramp, Elapsed: time.Since(start), Moves: int(acked.Load()),
		Spectators: cfg.Spectators, Watched: int(watched.Load())}
	for err := range errs {
		rep.Problems = append(rep.Problems, err.Error())
	}
	var lat, watchLat []time.Duration
	for _, m := range games {
		lat = append(lat, m.latencies...)
		watchLat = append(watchLat, m.watchLatencies...)
		rep.WatchMoves += len(m.watchLatencies)
		var v server.GameView
		if err := call(ctx, "GET", base+"/api/games/"+m.id, nil, &v); err != nil {
			rep.Problems = append(rep.Problems, fmt.Sprintf("game %s: %v", m.id, err))
			continue
		}
		if v.Status == "finished" {
			rep.Finished++
		} else {
			rep.Problems = append(rep.Problems, fmt.Sprintf("game %s: %s, not finished", m.id, v.Status))
		}
		stored := 0
		for ply, mv := range v.Moves {
			if mv.Square == "PA" {
				continue
			}
			stored++
			if m.acked[ply] != mv.Square {
				rep.Problems = append(rep.Problems, fmt.Sprintf("game %s: move %d is %s, acknowledged %q", m.id, ply, mv.Square, m.acked[ply]))
			}
		}
		rep.Stored += stored
		if stored != len(m.acked) {
			rep.Problems = append(rep.Problems, fmt.Sprintf("game %s: %d moves stored, %d acknowledged", m.id, stored, len(m.acked)))
		}
	}
	rep.P50, rep.P90, rep.P99, rep.Max = percentiles(lat)
	rep.WatchP50, rep.WatchP90, rep.WatchP99, rep.WatchMax = percentiles(watchLat)
	return rep, nil
}

// percentiles returns the 50th, 90th and 99th percentiles and the
// maximum of lat (sorting it), or zeros for none.
func percentiles(lat []time.Duration) (p50, p90, p99, maximum time.Duration) {
	if len(lat) == 0 {
		return 0, 0, 0, 0
	}
	slices.Sort(lat)
	at := func(q float64) time.Duration { return lat[min(len(lat)-1, int(q*float64(len(lat))))] }
	return at(0.5), at(0.9), at(0.99), lat[len(lat)-1]
}

// match is one game of the load test.
type match struct {
	id     string
	tokens [2]string

	mu             sync.Mutex
	sent           map[int]time.Time // by ply: when the move was submitted, until the opponent saw it
	submitted      map[int]time.Time // the same, kept for the spectators
	acked          map[int]string    // the moves acknowledged, by ply
	latencies      []time.Duration
	watchLatencies []time.Duration
}

// watch follows the game as a spectator until it ends: the latency of
// every move it sees arrive (not those of the state it finds when it
// connects).
func (m *match) watch(ctx context.Context, base string) error {
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/games/"+m.id+"/ws", &websocket.DialOptions{HTTPClient: client})
	if err != nil {
		return fmt.Errorf("WebSocket: %w", err)
	}
	defer ws.CloseNow()
	ws.SetReadLimit(1 << 20)
	seen := -1 // the moves of the last state received; -1 before the first
	for {
		var e server.Envelope
		rctx, cancel := context.WithTimeout(ctx, quiet)
		err := wsjson.Read(rctx, ws, &e)
		cancel()
		if err != nil {
			return fmt.Errorf("WebSocket, after %d moves: %w", max(seen, 0), err)
		}
		if e.Type != "state" || e.Game == nil {
			continue
		}
		v := e.Game
		now := time.Now()
		if seen >= 0 {
			m.mu.Lock()
			for ply := seen; ply < len(v.Moves); ply++ {
				if at, ok := m.submitted[ply]; ok { // not a pass
					m.watchLatencies = append(m.watchLatencies, now.Sub(at))
				}
			}
			m.mu.Unlock()
		}
		seen = len(v.Moves)
		if v.Status == "finished" {
			ws.Close(websocket.StatusNormalClosure, "")
			return nil
		}
	}
}

// bot plays colour c of the game until it ends.
func (m *match) bot(ctx context.Context, base string, c int, rng *rand.Rand, think time.Duration, acked *atomic.Int64) error {
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/games/"+m.id+"/ws", &websocket.DialOptions{HTTPClient: client})
	if err != nil {
		return fmt.Errorf("WebSocket: %w", err)
	}
	defer ws.CloseNow()
	ws.SetReadLimit(1 << 20)
	me := [2]string{"black", "white"}[c]
	played := -1 // the ply of the last move this bot submitted
	last := "nothing"
	for {
		var e server.Envelope
		rctx, cancel := context.WithTimeout(ctx, quiet)
		err := wsjson.Read(rctx, ws, &e)
		cancel()
		if err != nil {
			return fmt.Errorf("WebSocket, after %s: %w", last, err)
		}
		if e.Game != nil {
			last = fmt.Sprintf("state v%d (%s, %s to move, %d moves)", e.Version, e.Game.Status, e.Game.Turn, len(e.Game.Moves))
		}
		if e.Type != "state" || e.Game == nil {
			continue
		}
		v := e.Game
		now := time.Now()
		m.mu.Lock()
		for ply, at := range m.sent {
			// The opponent's moves reach this socket: their latency.
			if ply < len(v.Moves) && v.Moves[ply].Color != me {
				m.latencies = append(m.latencies, now.Sub(at))
				delete(m.sent, ply)
			}
		}
		m.mu.Unlock()
		if v.Status == "finished" {
			ws.Close(websocket.StatusNormalClosure, "")
			return nil
		}
		if v.Status != "playing" || v.Turn != me || len(v.Moves) <= played || len(v.Legal) == 0 {
			continue
		}
		sq := v.Legal[rng.IntN(len(v.Legal))]
		played = len(v.Moves)
		if think > 0 {
			select {
			case <-time.After(think/2 + time.Duration(rng.Int64N(int64(think)))):
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		m.mu.Lock()
		m.sent[played] = time.Now()
		m.submitted[played] = m.sent[played]
		m.mu.Unlock()
		if err := call(ctx, "POST", base+"/api/games/"+m.id+"/move", server.MoveRequest{Token: m.tokens[c], Move: sq}, nil); err != nil {
			return fmt.Errorf("move %s at ply %d: %w", sq, played, err)
		}
		m.mu.Lock()
		m.acked[played] = sq
		m.mu.Unlock()
		acked.Add(1)
	}
}

// call sends a JSON request and decodes the answer; a status other than
// 2xx is an error with the server's message.
func call(ctx context.Context, method, url string, body, out any) error {
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, url, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		var e struct{ Error string }
		json.Unmarshal(data, &e)
		return errors.New(resp.Status + ": " + e.Error)
	}
	if out != nil {
		return json.Unmarshal(data, out)
	}
	return nil
}
