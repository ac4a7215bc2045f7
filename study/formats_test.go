package study

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
)

// sampleJSON is sample's JSON.
const sampleJSON = `{"format":"reversi-study","version":1,"title":"The Tiger and its neighbours","start":"---------------------------OX------XO--------------------------- X",` +
	`"root":{"comment":"The start.","children":[{"move":"F5","children":[{"move":"D6","marks":[{"square":"A1","mark":"cross"},{"square":"B2","mark":"label","label":"虎"},` +
	`{"square":"C3","mark":"circle"},{"square":"C5","mark":"triangle"},{"square":"E6","mark":"label","label":"A:]"},{"square":"H8","mark":"square"}],` +
	`"children":[{"move":"C3","comment":"The Tiger: c3.\nBlack's best is\td3 here ]\\","children":[{"move":"D3","children":[{"move":"C4"}]}]},{"move":"C5"}]},` +
	`{"move":"F6","children":[{"move":"E6","children":[{"move":"F4"}]}]},{"move":"F4"}]}]}}`

func TestJSON(t *testing.T) {
	s := sample(t)
	data, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != sampleJSON {
		t.Errorf("the JSON:\n%s\nwant\n%s", data, sampleJSON)
	}
	back, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, s) {
		t.Errorf("read back:\n%+v\nwant\n%+v", back, s)
	}
	// As a field of another value, and with its marks in any order.
	var holder struct{ Study *Study }
	mixed := strings.Replace(sampleJSON, `{"square":"A1","mark":"cross"},`, "", 1)
	mixed = strings.Replace(mixed, `{"square":"H8","mark":"square"}`, `{"square":"H8","mark":"square"},{"square":"A1","mark":"cross"}`, 1)
	if err := json.Unmarshal([]byte(`{"Study":`+mixed+`}`), &holder); err != nil || !reflect.DeepEqual(holder.Study, s) {
		t.Errorf("inside another value: %v", err)
	}
	// The least a study needs: a start, or nothing (the standard start).
	for _, text := range []string{`{}`, `{"start":"---------------------------OX------XO--------------------------- X"}`, `{"root":{}}`} {
		got, err := Parse([]byte(text))
		if err != nil || got.Start != board.Start() || got.Count() != 1 || got.Rule != game.Standard {
			t.Errorf("%s: %+v, %v", text, got, err)
		}
	}
	// Another rule and start.
	ru, err := Parse([]byte(`{"rule":"no-adjacent","start":"XO` + strings.Repeat("-", 62) + ` O","root":{"children":[{"move":"PA","children":[{"move":"C1"}]}]}}`))
	if err != nil || ru.Rule != game.NoAdjacent || ru.Start.Turn != board.White || fmt.Sprint(ru.Lines()) != "[[PA C1]]" {
		t.Fatalf("a study under no-adjacent with a pass: %+v, %v", ru, err)
	}
	if data, _ := json.Marshal(ru); !strings.Contains(string(data), `"rule":"no-adjacent"`) || !strings.Contains(string(data), `"move":"PA"`) {
		t.Errorf("no-adjacent with a pass: %s", data)
	}
	// Decode reads a stream.
	if got, err := Decode(strings.NewReader(sampleJSON)); err != nil || !reflect.DeepEqual(got, s) {
		t.Errorf("decoded: %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"not JSON", `{"title":`, "not the JSON of a study"},
		{"an unknown field", `{"titel":"x"}`, `unknown field "titel"`},
		{"two values", `{}{}`, "more than one JSON value"},
		{"null", ` null `, "null is not a study"},
		{"another format", `{"format":"pgn"}`, `format "pgn"`},
		{"a later version", `{"version":2}`, "version 2"},
		{"a bad rule", `{"rule":"anti"}`, "rule"},
		{"a bad start", `{"start":"XO"}`, "the start"},
		{"a root with a move", `{"root":{"move":"F5"}}`, "the root has a move"},
		{"a child without a move", `{"root":{"children":[{}]}}`, "at the start: child 0 has no move"},
		{"a null child", `{"root":{"children":[null]}}`, "child 0 is null"},
		{"a move that is no square", `{"root":{"children":[{"move":"Z9"}]}}`, "at the start: child 0: "},
		{"an illegal move", `{"root":{"children":[{"move":"F5","children":[{"move":"F5"}]}]}}`, "after F5, move 2 (F5): F5 is not legal here"},
		{"a mark off the board", `{"root":{"marks":[{"square":"PA","mark":"circle"}]}}`, `a mark on "PA"`},
		{"a mark of no kind", `{"root":{"marks":[{"square":"A1","mark":"star"}]}}`, `mark "star" on A1`},
		{"a title too long", `{"title":"` + strings.Repeat("t", MaxTitle+1) + `"}`, "the title is 201 bytes"},
		{"too long", `{"title":"` + strings.Repeat(" ", MaxText) + `"}`, "more than 262144"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse([]byte(tt.text))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("%+v, %v; want an error with %q", s, err, tt.want)
			}
			if _, err := Decode(strings.NewReader(tt.text)); err == nil {
				t.Fatal("Decode read it")
			}
		})
	}
	var me *MoveError
	if _, err := Parse([]byte(`{"root":{"children":[{"move":"F5","children":[{"move":"F5"}]}]}}`)); !errors.As(err, &me) || me.Ply() != 2 {
		t.Errorf("an illegal move: %v is not a *MoveError of move 2", err)
	}
}

// sampleGGF is sample's GGF: a game a line.
var sampleGGF = strings.Join([]string{
	"(;GM[Othello]PC[The Tiger and its neighbours]PB[]PW[]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5]W[D6]B[C3]W[D3]B[C4];)",
	"(;GM[Othello]PC[The Tiger and its neighbours]PB[]PW[]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5]W[D6]B[C5];)",
	"(;GM[Othello]PC[The Tiger and its neighbours]PB[]PW[]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5]W[F6]B[E6]W[F4];)",
	"(;GM[Othello]PC[The Tiger and its neighbours]PB[]PW[]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5]W[F4];)",
}, "\n") + "\n"

// bare returns a copy of s without its comments and marks (what GGF
// keeps).
func bare(s *Study) *Study {
	c := s.Clone()
	var strip func(n *Node)
	strip = func(n *Node) {
		n.Comment, n.Marks = "", nil
		for _, ch := range n.Children {
			strip(ch)
		}
	}
	strip(c.Root)
	return c
}

func TestGGF(t *testing.T) {
	s := sample(t)
	var b bytes.Buffer
	if err := s.WriteGGF(&b); err != nil {
		t.Fatal(err)
	}
	if b.String() != sampleGGF {
		t.Errorf("the GGF:\n%s\nwant\n%s", b.String(), sampleGGF)
	}
	// Package ggf reads each line as a game.
	games, err := ggf.Parse(strings.NewReader(b.String()))
	if err != nil || len(games) != 4 || games[2].Transcript() != "f5f6e6f4" {
		t.Fatalf("package ggf reads %d games, %v", len(games), err)
	}
	back, err := ReadGGF(&b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, bare(s)) {
		t.Errorf("read back:\n%v\nwant\n%v", back.Lines(), s.Lines())
	}
	// A whole game gets its result; a pass is written; another rule too.
	full := "d3c5e6e3d6c3d2c1b6e7f5c6f6d7c4b4c7b5f8c8a5a4a3b3f2a6a7f3f4e8d8g8b7g4f7g3d1c2e2g5g6f1a2e1b2a1h5h4b1h6h7h8g7a8b8PAh2h3g2h1g1"
	g, err := game.ParseTranscript(full)
	if err != nil {
		t.Fatal(err)
	}
	whole, _ := FromGame(g)
	b.Reset()
	whole.WriteGGF(&b)
	if !strings.Contains(b.String(), "RE[") {
		t.Errorf("a whole game's line has no result: %s", b.String())
	}
	pass, _ := Parse([]byte(`{"rule":"no-adjacent","start":"XO` + strings.Repeat("-", 62) + ` O","root":{"children":[{"move":"PA","children":[{"move":"C1"}]}]}}`))
	b.Reset()
	pass.WriteGGF(&b)
	if !strings.Contains(b.String(), "W[PA]B[C1]") || !strings.Contains(b.String(), "RU[no-adjacent]") {
		t.Errorf("a pass under no-adjacent: %s", b.String())
	}
	if back, err := ReadGGF(&b); err != nil || !reflect.DeepEqual(back, pass) {
		t.Errorf("read back: %v", err)
	}
	for _, tt := range []struct{ name, text, want string }{
		{"no game", "", "no game"},
		{"not GGF", "(;GM[Chess];)", "study: ggf"},
		{"two starts", sampleGGF + "(;GM[Othello]BO[8 " + strings.Repeat("-", 27) + "O*------*O" + strings.Repeat("-", 27) + " O];)\n", "game 5 starts from another position"},
	} {
		if _, err := ReadGGF(strings.NewReader(tt.text)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want an error with %q", tt.name, err, tt.want)
		}
	}
}

// sampleSGF is sample's SGF.
const sampleSGF = "(;FF[4]GM[2]SZ[8]CA[UTF-8]AP[reversi]GN[The Tiger and its neighbours]AB[ed][de]AW[dd][ee]PL[B]C[The start.]" +
	";B[fe](;W[df]CR[cc]MA[aa]TR[ce]SQ[hh]LB[bb:虎][ef:A\\:\\]](;B[cc]C[The Tiger: c3.\nBlack's best is\td3 here \\]\\\\];W[dc];B[cd])(;B[ce]))" +
	"(;W[ff];B[ef];W[fd])(;W[fd]))\n"

func TestSGF(t *testing.T) {
	s := sample(t)
	var b bytes.Buffer
	if err := s.WriteSGF(&b); err != nil {
		t.Fatal(err)
	}
	if b.String() != sampleSGF {
		t.Errorf("the SGF:\n%s\nwant\n%s", b.String(), sampleSGF)
	}
	back, err := ReadSGF(&b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, s) {
		got, _ := back.Marshal()
		t.Errorf("read back:\n%s\nwant\n%s", got, sampleJSON)
	}
	pass, _ := Parse([]byte(`{"rule":"no-adjacent","start":"XO` + strings.Repeat("-", 62) + ` O","root":{"children":[{"move":"PA","children":[{"move":"C1"}]}]}}`))
	b.Reset()
	pass.WriteSGF(&b)
	if want := "(;FF[4]GM[2]SZ[8]CA[UTF-8]AP[reversi]RU[no-adjacent]AB[aa]AW[ba]PL[W];W[];B[ca])\n"; b.String() != want {
		t.Errorf("a pass under no-adjacent: %s, want %s", b.String(), want)
	}
	if back, err := ReadSGF(&b); err != nil || !reflect.DeepEqual(back, pass) {
		t.Errorf("read back: %v", err)
	}
}

// TestReadSGF: what other programs write: squares as "f5", a pass left
// out (inserted) or written "tt", a comment in a node without a move, a
// move in the first node, marks on a rectangle, soft line breaks, other
// properties; and what is refused.
func TestReadSGF(t *testing.T) {
	mustPass := "AB[aa]AW[ba]PL[W]"
	tests := []struct {
		name, text string
		json       string // the study read, as JSON; "" for an error
		err        string
	}{
		{"squares, a comment node, a rectangle", "(;GM[2]FF[4]PB[ann]PW[bob]\n ; B[f5] C[soft\\\nbreak\r\nnext] ;C[more]MA[dc:ed] ;W[d6])",
			`{"format":"reversi-study","version":1,"start":"---------------------------OX------XO--------------------------- X","root":{"children":[{"move":"F5","comment":"softbreak\nnext\nmore",` +
				`"marks":[{"square":"D3","mark":"cross"},{"square":"E3","mark":"cross"},{"square":"D4","mark":"cross"},{"square":"E4","mark":"cross"}],"children":[{"move":"D6"}]}]}}`, ""},
		{"a move in the first node", "(;B[fe]C[first])",
			`{"format":"reversi-study","version":1,"start":"---------------------------OX------XO--------------------------- X","root":{"children":[{"move":"F5","comment":"first"}]}}`, ""},
		{"a pass inserted", "(;" + mustPass + ";B[ca])",
			`{"format":"reversi-study","version":1,"start":"XO--------------------------------------------------------------` + ` O","root":{"children":[{"move":"PA","children":[{"move":"C1"}]}]}}`, ""},
		{"a pass written tt", "(;" + mustPass + ";W[tt];B[c1])",
			`{"format":"reversi-study","version":1,"start":"XO--------------------------------------------------------------` + ` O","root":{"children":[{"move":"PA","children":[{"move":"C1"}]}]}}`, ""},
		{"variations merged", "(;(;B[fe];W[df])(;B[fe];W[ff]))",
			`{"format":"reversi-study","version":1,"start":"---------------------------OX------XO--------------------------- X","root":{"children":[{"move":"F5","children":[{"move":"D6"},{"move":"F6"}]}]}}`, ""},
		{"white to move at the start", "(;PL[W];W[fd])",
			`{"format":"reversi-study","version":1,"start":"---------------------------OX------XO--------------------------- O","root":{"children":[{"move":"F4"}]}}`, ""},
		{"empty", "", "", "no game tree"},
		{"not closed", "(;B[fe]", "", "not closed"},
		{"a value not closed", "(;C[abc", "", "without its closing"},
		{"two trees", "(;B[fe])(;B[fe])", "", "more than one game tree"},
		{"go", "(;GM[1];B[aa])", "", "GM[1] is not Othello"},
		{"a big board", "(;SZ[19])", "", "SZ[19]"},
		{"an illegal move", "(;B[aa])", "", "at the start, move 1 (A1): A1 is not legal here"},
		{"the wrong colour", "(;W[fe])", "", "a move of white where black is to move"},
		{"a point off the board", "(;B[zz])", "", `"zz" is not a point`},
		{"set-up later", "(;B[fe];AB[aa])", "", "set-up (AB) after the first node"},
		{"a node after a variation", "(;(;B[fe]);W[df])", "", "a node after a variation"},
		{"a bad rule", "(;RU[Japanese])", "", "RU[Japanese]"},
		{"a long label", "(;LB[aa:abcd])", "", "4 characters"},
		{"a label without text", "(;LB[aa])", "", "want a point, ':' and a text"},
		{"a property without value", "(;C)", "", "has no value"},
		{"junk", "(;B[fe]!)", "", `"!)"`},
		{"too long", "(;C[" + strings.Repeat("x", MaxText) + "])", "", "longer than 262144"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ReadSGF(strings.NewReader(tt.text))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("%v, want an error with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := s.Marshal(); string(got) != tt.json {
				t.Errorf("read\n%s\nwant\n%s", got, tt.json)
			}
		})
	}
}
