package nboard

import (
	"context"
	"reflect"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/player"
)

// TestDepthRoundTrip: every source writes the protocol's depth and reads
// back as itself (a solve's depth, which the protocol does not carry,
// reads back as 0).
func TestDepthRoundTrip(t *testing.T) {
	tests := []struct {
		src  player.Source
		text string
		back player.Source // if not src
	}{
		{src: player.Source{Kind: player.Midgame, Depth: 12}, text: "12"},
		{src: player.Source{Kind: player.Midgame, Depth: 1}, text: "1"},
		{src: player.Source{Kind: player.Selective, Depth: 18, Probability: 95}, text: "18@95%"},
		{src: player.Source{Kind: player.Selective, Probability: 73}, text: "73%"},
		{src: player.Source{Kind: player.Exact, Depth: 20}, text: "100%", back: player.Source{Kind: player.Exact}},
		{src: player.Source{Kind: player.Exact}, text: "100%"},
		{src: player.Source{Kind: player.WLD, Depth: 22}, text: "100%W", back: player.Source{Kind: player.WLD}},
		{src: player.Source{Kind: player.Playouts, Depth: 7}, text: "7", back: player.Source{Kind: player.Midgame, Depth: 7}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got := FormatDepth(tt.src); got != tt.text {
				t.Errorf("FormatDepth(%+v) = %q, want %q", tt.src, got, tt.text)
			}
			want := tt.back
			if want == (player.Source{}) {
				want = tt.src
			}
			got, err := ParseDepth(tt.text)
			if err != nil || got != want {
				t.Errorf("ParseDepth(%q) = %+v, %v; want %+v", tt.text, got, err, want)
			}
		})
	}
}

// TestParseDepth: what other engines write, and what is not a depth.
func TestParseDepth(t *testing.T) {
	for text, want := range map[string]player.Source{
		"100%w":   {Kind: player.WLD},
		"book":    {Kind: player.Book},
		"21@100%": {Kind: player.Midgame, Depth: 21},
		" 8 ":     {Kind: player.Midgame, Depth: 8},
		"0":       {Kind: player.Midgame},
	} {
		if got, err := ParseDepth(text); err != nil || got != want {
			t.Errorf("ParseDepth(%q) = %+v, %v; want %+v", text, got, err, want)
		}
	}
	for _, bad := range []string{"", "deep", "-1", "61", "12@", "12@95", "@95%", "0%", "101%", "12@x%", "100%X", "1e3"} {
		if got, err := ParseDepth(bad); err == nil {
			t.Errorf("ParseDepth(%q) = %+v, want an error", bad, got)
		}
	}
}

// TestSearchLineRoundTrip: what reversi's engine writes of a move in a
// hint reads back as the same move, value, source and line.
func TestSearchLineRoundTrip(t *testing.T) {
	sq := board.MustParseSquare
	tests := []struct {
		stat player.MoveStat
		line string
	}{
		{player.MoveStat{Move: sq("F5"), Eval: 1.5, Source: player.Source{Kind: player.Midgame, Depth: 12}, PV: []board.Square{sq("F5"), sq("D6"), sq("C3")}},
			"search F5D6C3 1.50 0 12"},
		{player.MoveStat{Move: sq("A1"), Eval: -4, Source: player.Source{Kind: player.Exact}, PV: []board.Square{sq("A1"), board.Pass, sq("B1")}},
			"search A1PAB1 -4.00 0 100%"},
		{player.MoveStat{Move: sq("H8"), Eval: 1, Source: player.Source{Kind: player.WLD}, PV: []board.Square{sq("H8")}},
			"search H8 1.00 0 100%W"},
		{player.MoveStat{Move: sq("C4"), Eval: 0.25, Source: player.Source{Kind: player.Selective, Depth: 24, Probability: 95}, PV: []board.Square{sq("C4")}},
			"search C4 0.25 0 24@95%"},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			if got := FormatSearch(tt.stat); got != tt.line {
				t.Errorf("FormatSearch = %q, want %q", got, tt.line)
			}
			got, err := ParseSearch(tt.line)
			if err != nil {
				t.Fatal(err)
			}
			want := tt.stat
			want.HasEval = true
			if !reflect.DeepEqual(got, want) {
				t.Errorf("ParseSearch(%q) = %+v, want %+v", tt.line, got, want)
			}
		})
	}
}

// TestParseSearch: other engines' lines (book lines, lower case, dashes,
// value pairs, free text) and lines that are not search lines.
func TestParseSearch(t *testing.T) {
	sq := board.MustParseSquare
	for line, want := range map[string]player.MoveStat{
		"search f5-d6 2 0 18@95% probcut": {Move: sq("F5"), Eval: 2, HasEval: true, Source: player.Source{Kind: player.Selective, Depth: 18, Probability: 95}, PV: []board.Square{sq("F5"), sq("D6")}},
		"book F5d6 0.00,-2.00 1200 24":    {Move: sq("F5"), HasEval: true, Source: player.Source{Kind: player.Book, Depth: 24}, PV: []board.Square{sq("F5"), sq("D6")}},
		"search pa -64 0 100%":            {Move: board.Pass, Eval: -64, HasEval: true, Source: player.Source{Kind: player.Exact}, PV: []board.Square{board.Pass}},
	} {
		got, err := ParseSearch(line)
		if err != nil {
			t.Errorf("%q: %v", line, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("ParseSearch(%q) = %+v, want %+v", line, got, want)
		}
	}
	for _, bad := range []string{"", "search", "search F5 1.0 0", "status search F5 1 0 4", "search Z9 1 0 4", "search F5D 1 0 4", "search F5 x 0 4", "search F5 1 0 deep", "=== F5"} {
		if got, err := ParseSearch(bad); err == nil {
			t.Errorf("ParseSearch(%q) = %+v, want an error", bad, got)
		}
	}
}

// TestClientReadsSearchLines: the client's reply says how the engine found
// the move it played, from the engine's last search line of that move.
func TestClientReadsSearchLines(t *testing.T) {
	c, err := Start(command("thinks"), ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	g := game.NewStandard()
	reply, err := c.Move(context.Background(), player.Request{Game: g.Clone(), Position: g.Position(), Legal: g.Legal()})
	if err != nil {
		t.Fatal(err)
	}
	sq := board.MustParseSquare
	want := &player.Thinking{Eval: 1.25, HasEval: true, Source: player.Source{Kind: player.Selective, Depth: 18, Probability: 95},
		PV: []board.Square{sq("F5"), sq("D6"), sq("C3")}}
	if reply.Move != sq("F5") || !reflect.DeepEqual(reply.Thinking, want) {
		t.Errorf("played %v with %+v, want F5 with %+v", reply.Move, reply.Thinking, want)
	}
}

// FuzzParseSearch: any line is read or refused, never a panic, and a line
// read writes a line that reads the same.
func FuzzParseSearch(f *testing.F) {
	for _, s := range []string{"search F5D6 1.50 0 12", "book F5 0,1 3 book", "search PA -2 0 18@95% x", "search A1 1 0 100%W"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		m, err := ParseSearch(line)
		if err != nil {
			return
		}
		if m.Kind == player.Book {
			return // written as a search line, it is no longer from the book
		}
		back, err := ParseSearch(FormatSearch(m))
		if err != nil || back.Move != m.Move || back.Source != m.Source || len(back.PV) != len(m.PV) {
			t.Errorf("%q read %+v, written %q, read back %+v, %v", line, m, FormatSearch(m), back, err)
		}
	})
}
