package gtp_test

import (
	"context"
	"os"
	"strings"

	"github.com/reversi-engine/reversi/gtp"
	"github.com/reversi-engine/reversi/player/course"
)

// Serve answers a front-end's commands with a player: here the course's
// greedy player (the move that flips the most discs).
func ExampleServe() {
	commands := "name\nplay b d3\n2 genmove w\nplay b e3\nfly\n"
	gtp.Serve(context.Background(), strings.NewReader(commands), os.Stdout, course.NewGreedy(1), gtp.Options{})
	// Output:
	// = reversi
	//
	// =
	//
	// =2 C3
	//
	// ? illegal move: E3 is not legal here; legal moves: B3 C4 F5 E6
	//
	// ? unknown command "fly" (list_commands lists them)
}
