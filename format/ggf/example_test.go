// Examples: reading the GGF sample games and writing a game.

package ggf_test

import (
	"bytes"
	"fmt"
	"log"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
)

func ExampleParse() {
	raw, err := data.ReadFile("ggf/ntest-TestGames.ggf")
	if err != nil {
		log.Fatal(err)
	}
	games, err := ggf.Parse(bytes.NewReader(raw))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(games), "games")
	g := games[6]
	fmt.Printf("%s vs %s, %s\n", g.Info.Black, g.Info.White, g.Info.Date)
	fmt.Println(g.Transcript()[:20], "...")
	fmt.Println(g.Result)
	// Output:
	// 12 games
	// Saio3000 vs Saio1200, 2003.12.15_15:42:49.MST
	// d3c5e6d2c3e3f3f5f6c2 ...
	// black wins 33-31 (+2, normal end)
}

func ExampleParseGame() {
	_, err := ggf.ParseGame("(;GM[Othello]TY[10];)")
	fmt.Println(err)
	_, err = ggf.ParseGame("(;GM[Othello]B[f5]W[d6]W[c3];)")
	fmt.Println(err)
	// Output:
	// ggf: game 1: TY[10]: board size 10: only 8x8 Othello is supported
	// ggf: game 1: move 3 W[c3]: it is black's turn, and black has legal moves (C3 C4 C5 C6 C7)
}

func ExampleFormat() {
	g := game.NewStandard()
	g.Info = game.Info{Black: "ann", White: "bob", TimeControl: "05:00//02:00"}
	g.Play(game.Move{Square: board.MustParseSquare("F5"), Time: 1500 * time.Millisecond})
	g.Play(game.Move{Square: board.MustParseSquare("D6"), Eval: -1.5, HasEval: true})
	g.Result = game.Result{Reason: game.Resignation, Winner: board.Black, By: board.White, Black: 3, White: 3}
	fmt.Println(ggf.Format(g))
	// Output:
	// (;GM[Othello]PB[ann]PW[bob]RE[+64.000:r]TI[05:00//02:00]TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5//1.50]W[D6/-1.5];)
}
