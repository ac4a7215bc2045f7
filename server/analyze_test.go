package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/catalog"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// TestAnalyze: the server's default analysis (the engine, built
// directly), a client's player within the limits, and the refusals of the
// allow-list and the catalogue.
func TestAnalyze(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	type answer struct {
		Turn     string        `json:"turn"`
		Best     string        `json:"best"`
		Thinking *ThinkingView `json:"thinking"`
	}
	for _, spec := range []string{"", "mcts:iterations=500,threads=1"} {
		var a answer
		if code := ts.call("POST", "/api/analyze", AnalyzeRequest{Transcript: "f5d6c3", Player: spec}, &a); code != 200 {
			t.Fatalf("player %q: status %d", spec, code)
		}
		// White's four legal moves after f5 d6 c3, each with a value.
		if a.Turn != "white" || a.Thinking == nil || len(a.Thinking.Moves) != 4 || a.Thinking.Moves[0].Eval == nil {
			t.Fatalf("player %q: %+v", spec, a)
		}
		if a.Best != a.Thinking.Moves[0].Move && spec == "" {
			t.Errorf("best %s, first of the moves %s", a.Best, a.Thinking.Moves[0].Move)
		}
	}
	// A position given as a GGF game from a board of its own (a game
	// started from a board, as the GUI's whole-game analysis sends its
	// positions): white to move after f5 d6 c3 from the standard start.
	var a answer
	ggf := "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6]B[c3];)"
	if code := ts.call("POST", "/api/analyze", AnalyzeRequest{GGF: ggf}, &a); code != 200 || a.Turn != "white" || a.Thinking == nil || len(a.Thinking.Moves) != 4 {
		t.Errorf("a GGF game: status %d, %+v", code, a)
	}
	if code := ts.call("POST", "/api/analyze", AnalyzeRequest{GGF: ggf, Transcript: "f5"}, nil); code != 400 {
		t.Errorf("a GGF game and a transcript: status %d, want 400", code)
	}
	for _, spec := range []string{"human", "nboard:/bin/sh", "engine:hash=1000000", "nobody"} {
		if code := ts.call("POST", "/api/analyze", AnalyzeRequest{Transcript: "f5d6c3", Player: spec}, nil); code != 400 {
			t.Errorf("player %q: status %d, want 400", spec, code)
		}
	}
	// An operator who does not offer the engine has no default analysis.
	only := newTestServer(t, "", Config{Limits: catalog.Limits{Allow: func(name string) bool { return name == "mcts" }}})
	if code := only.call("POST", "/api/analyze", AnalyzeRequest{Transcript: "f5d6c3"}, nil); code != 400 {
		t.Errorf("default analysis without the engine: status %d, want 400", code)
	}
	if code := only.call("POST", "/api/analyze", AnalyzeRequest{Transcript: "f5d6c3", Player: "mcts:iterations=200,threads=1"}, nil); code != 200 {
		t.Errorf("mcts where only mcts is offered: status %d", code)
	}
}

// streamLine is a line of a streamed analysis.
type streamLine struct {
	For      string        `json:"for"`
	Done     bool          `json:"done"`
	Best     string        `json:"best"`
	Error    string        `json:"error"`
	Thinking *ThinkingView `json:"thinking"`
}

// askStreamed asks ts for a streamed analysis of req: its lines.
func askStreamed(t *testing.T, ts *testServer, req AnalyzeRequest) []streamLine {
	t.Helper()
	body, _ := json.Marshal(req)
	resp, err := ts.http.Client().Post(ts.http.URL+"/api/analyze?stream=1", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/x-ndjson" {
		t.Fatalf("status %d, %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	var lines []streamLine
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		var l streamLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("a line that is not JSON: %q", sc.Text())
		}
		lines = append(lines, l)
	}
	if len(lines) < 3 {
		t.Fatalf("%d lines: want reports before the answer", len(lines))
	}
	for i, l := range lines[:len(lines)-1] {
		if l.Done || l.Thinking == nil || l.For != lines[0].For {
			t.Fatalf("report %d: %+v", i, l)
		}
	}
	end := lines[len(lines)-1]
	if !end.Done || end.Best == "" || end.Thinking == nil || len(end.Thinking.Moves) != 4 {
		t.Fatalf("the answer: %+v", end)
	}
	return lines
}

// TestAnalyzeStream: an analysis asked with ?stream=1 reports what the
// player has found as it thinks, one JSON object a line, then the
// answer, marked done; a bad player is refused as in a plain analysis.
//
// The engine reports each depth it completes, whatever the time it
// takes: with every report streamed (Server.streamEvery 0), its depths
// come one by one, deeper each time. Monte Carlo reports every 200 ms of
// its think: given 4 s, it reports many times (its visits growing) even
// on a machine that gives it a small share of a core.
func TestAnalyzeStream(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	ts.srv.streamEvery = 0 // before any analysis
	// The server's default analysis: the engine, to depth 8.
	lines := askStreamed(t, ts, AnalyzeRequest{Transcript: "f5d6c3"})
	for i, l := range lines[:len(lines)-1] {
		if len(l.Thinking.PV) == 0 || i > 0 && l.Thinking.Depth <= lines[i-1].Thinking.Depth {
			t.Errorf("the engine's report %d: depth %d, line %v (the one before at depth %d)", i, l.Thinking.Depth, l.Thinking.PV, lines[max(i-1, 0)].Thinking.Depth)
		}
	}

	lines = askStreamed(t, ts, AnalyzeRequest{Transcript: "f5d6c3", Player: "mcts:time=4s,threads=1"})
	visits := func(l streamLine) (n uint64) {
		for _, m := range l.Thinking.Moves {
			n += m.Visits
		}
		return n
	}
	for i := 1; i < len(lines); i++ {
		if visits(lines[i]) < visits(lines[i-1]) {
			t.Errorf("the visits went down: %d then %d (line %d)", visits(lines[i-1]), visits(lines[i]), i)
		}
	}
	if visits(lines[0]) == 0 {
		t.Errorf("Monte Carlo's first report has no visits: %+v", lines[0].Thinking)
	}
	if code := ts.call("POST", "/api/analyze?stream=1", AnalyzeRequest{Transcript: "f5", Player: "nobody"}, nil); code != 400 {
		t.Errorf("a bad player, streamed: %d, want 400", code)
	}
}

// deafPlayer does not watch its context: it reports once, then answers
// only when the test releases it; closed says when it was closed.
type deafPlayer struct {
	release, closed chan struct{}
}

func (p *deafPlayer) Name() string { return "deaf" }

func (p *deafPlayer) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	if req.Progress != nil {
		req.Progress(player.Thinking{Source: player.Source{Kind: player.Midgame, Depth: 3}, PV: []board.Square{board.MustParseSquare("d6")}})
	}
	<-p.release
	return player.Reply{Move: board.MustParseSquare("f6")}, nil
}

func (p *deafPlayer) Close() error { close(p.closed); return nil }

// TestAnalyseCutAtLimit: a player that does not watch its context is cut
// off at the analysis's limit: the answer is its last report, marked
// stopped (or errAnalysisCut if it reported nothing), and the player is
// closed only once its Move returns, after the answer. Before, the
// analysis waited for the player, however long it took.
func TestAnalyseCutAtLimit(t *testing.T) {
	ts := newTestServer(t, "", Config{})
	g := game.New(board.Start(), game.Standard)
	g.PlayTranscript("f5")
	for _, reports := range []bool{true, false} {
		p := &deafPlayer{release: make(chan struct{}), closed: make(chan struct{})}
		var pl player.Player = p
		if !reports {
			pl = silent{p}
		}
		reply, err := ts.srv.analyse(context.Background(), pl, g, 300*time.Millisecond, nil)
		if reports {
			if err != nil || reply.Move != board.MustParseSquare("d6") || reply.Thinking == nil || !reply.Thinking.Stopped {
				t.Errorf("a deaf player that reported d6: %v %+v, want d6 from its report, stopped", err, reply)
			}
		} else if !errors.Is(err, errAnalysisCut) {
			t.Errorf("a deaf player that reported nothing: %v %+v, want errAnalysisCut", err, reply)
		}
		select {
		case <-p.closed:
			t.Fatalf("the player was closed while its Move ran")
		default:
		}
		close(p.release)
		<-p.closed // closed once its Move returned (or the test times out)
	}
	resp, err := http.Get(ts.http.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	text, _ := io.ReadAll(resp.Body)
	if !regexp.MustCompile(`(?m)^reversi_analyses_cut_total 2$`).Match(text) {
		t.Errorf("the metrics do not count 2 analyses cut:\n%s", text)
	}
}

// silent is a deafPlayer whose reports are not passed on.
type silent struct{ *deafPlayer }

func (s silent) Move(ctx context.Context, req player.Request) (player.Reply, error) {
	req.Progress = nil
	return s.deafPlayer.Move(ctx, req)
}
