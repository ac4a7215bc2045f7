// Examples: reading the embedded database and writing name tables.

package wthor_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data"
	"github.com/reversi-engine/reversi/format/wthor"
)

// readNames reads an embedded name table.
func readNames(name string, size int) []string {
	raw, err := data.ReadFile(name)
	if err != nil {
		log.Fatal(err)
	}
	_, names, err := wthor.ReadNames(bytes.NewReader(raw), size)
	if err != nil {
		log.Fatal(err)
	}
	return names
}

func ExampleReadGames() {
	raw, err := data.ReadFile("wthor/WTH_1977.wtb")
	if err != nil {
		log.Fatal(err)
	}
	h, games, err := wthor.ReadGames(bytes.NewReader(raw))
	if err != nil {
		log.Fatal(err)
	}
	names := wthor.Names{
		Players:     readNames("wthor/WTHOR.JOU", wthor.PlayerNameSize),
		Tournaments: readNames("wthor/WTHOR.TRN", wthor.TournamentNameSize),
	}
	fmt.Printf("%d games of %d\n", len(games), h.Year)

	g, err := games[0].ToGame(int(h.Year), names)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %s vs %s, %s\n", g.Info.Event, g.Info.Black, g.Info.White, g.Info.Date)
	fmt.Println(g.Transcript()[:20], "...")
	fmt.Println(g.Result)
	fmt.Println("recorded:", games[0].BlackDiscs, "replayed:", wthor.FinalBlackDiscs(g.Position()))
	// Output:
	// 12 games of 1977
	// World Championship: Inoue Hiroshi vs Heiberg Thomas, 1977
	// f5d6c3f3f4d3c4g6f6e6 ...
	// black wins 34-30 (+4, normal end)
	// recorded: 34 replayed: 34
}

func ExampleWriteGames() {
	f5, d6 := board.MustParseSquare("F5"), board.MustParseSquare("D6")
	games := []wthor.Game{{Tournament: 1, Black: 2, White: 3, BlackDiscs: 33, Moves: []board.Square{f5, d6}}}
	var buf bytes.Buffer
	if err := wthor.WriteGames(&buf, wthor.Header{Year: 2024}, games); err != nil {
		log.Fatal(err)
	}
	raw := buf.Bytes()
	fmt.Println(len(raw), "bytes")
	fmt.Println("record:", raw[wthor.HeaderSize:wthor.HeaderSize+12])
	// Output:
	// 84 bytes
	// record: [1 0 2 0 3 0 33 0 56 64 0 0]
}

func ExampleWriteNames() {
	var buf bytes.Buffer
	err := wthor.WriteNames(&buf, wthor.Header{}, []string{"Tastet Marc", "Ωmega"}, wthor.PlayerNameSize)
	fmt.Println(err)
	// Output:
	// wthor: name 1: name "Ωmega": 'Ω' is not in ISO-8859-1
}
