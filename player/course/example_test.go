package course_test

import (
	"context"
	"fmt"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/player/course"
	"github.com/reversi-engine/reversi/referee"
)

// A refereed game between two classic players; the seeds make it
// reproducible.
func Example() {
	black := course.NewRoxanne(1)
	white := course.NewEvaporation(2, 16)
	g, err := referee.Play(context.Background(), black, white, referee.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	again, _ := referee.Play(context.Background(), course.NewRoxanne(1), course.NewEvaporation(2, 16), referee.Config{})
	fmt.Println(black.Name(), "vs", white.Name())
	fmt.Println("same game again:", g.Transcript() == again.Transcript())
	// Output:
	// roxanne vs evaporation:endgame=16
	// same game again: true
}

// Choose picks a move from a bare board, without a referee: after 1. f5,
// roxanne answers F6, its only legal move in the second tier.
func ExamplePlayer_Choose() {
	b := board.StartBoard().Play(board.MustParseSquare("F5"))
	fmt.Println(course.NewRoxanne(7).Choose(b, b.Moves()))
	// Output: F6
}

func ExampleParseTable() {
	t, err := course.ParseTable("20/-3/11/8/-7/-4/1/2/2/-3")
	fmt.Println(t == course.CourseTable(), err)
	// Output: true <nil>
}
