package explorer

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/data"
	"github.com/reversi-engine/reversi/format/wthor"
)

// wthorGames returns the games of the shipped WTHOR files of the given
// years, as the index takes them.
func wthorGames(t testing.TB, from, to int) []Game {
	t.Helper()
	var games []Game
	for _, f := range data.WTHORFiles() {
		b, err := data.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		h, gs, err := wthor.ReadGames(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		if int(h.Year) < from || int(h.Year) > to {
			continue
		}
		for _, g := range gs {
			games = append(games, Game{Moves: g.Moves, Year: int(h.Year), Black: int(g.Black), White: int(g.White), BlackDiscs: int(g.BlackDiscs)})
		}
	}
	if len(games) == 0 {
		t.Fatalf("no games of %d-%d", from, to)
	}
	return games
}

// stats is what the slow reference counts of a move: keyed by the
// position it leads to (so that moves equal up to symmetry are one).
type stats struct {
	games, black, draws, white, discs, first, last int
}

// reference answers a query by replaying every game: the games that
// reach the position (the same discs up to symmetry, the same side to
// move), kept by the filter, and what each played there.
func reference(games []Game, pos board.Position, f Filter) (total int, byChild map[key]stats, list []int) {
	want, _ := canonical(pos)
	discs := 64 - pos.Board.Empties()
	byChild = map[key]stats{}
	for i := range games {
		g := &games[i]
		p := board.Start()
		ply := 0
		for 64-p.Board.Empties() < discs && ply < len(g.Moves) && p.Board.IsLegal(g.Moves[ply]) {
			p = next(p, g.Moves[ply])
			ply++
		}
		if k, _ := canonical(p); 64-p.Board.Empties() != discs || k != want || ply >= len(g.Moves) || !f.keeps(g, f.set()) {
			continue
		}
		if !p.Board.IsLegal(g.Moves[ply]) {
			continue
		}
		total++
		list = append(list, i)
		child, _ := canonical(next(p, g.Moves[ply]))
		s, seen := byChild[child]
		if !seen {
			s.first, s.last = g.Year, g.Year
		}
		s.games++
		switch {
		case 2*g.BlackDiscs > 64:
			s.black++
		case 2*g.BlackDiscs < 64:
			s.white++
		default:
			s.draws++
		}
		s.discs += g.BlackDiscs
		s.first, s.last = min(s.first, g.Year), max(s.last, g.Year)
		byChild[child] = s
	}
	slices.SortStableFunc(list, func(a, b int) int { return games[b].Year - games[a].Year })
	return total, byChild, list
}

// TestExploreMatchesReference: queries along real games (in a random
// symmetry, sometimes leaving the game by random moves, with random
// filters) answer what replaying every game finds.
func TestExploreMatchesReference(t *testing.T) {
	games := wthorGames(t, 2000, 2001)
	ix := New(games)
	if n, m := ix.Positions(); n == 0 || m == 0 {
		t.Fatalf("the index holds %d positions, %d moves", n, m)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	players := []int{games[0].Black, games[10].White, games[100].Black}
	queries := 200
	if testing.Short() {
		queries = 50
	}
	found := map[string]int{}
	startSyms := stabilizer(board.StartBoard())
	if len(startSyms) != 4 {
		t.Fatalf("the start is its own image under %v, want 4 symmetries", startSyms)
	}
	for q := range queries {
		g := games[rng.IntN(len(games))]
		// The same game in a symmetry of the start.
		sym := startSyms[rng.IntN(len(startSyms))]
		n := rng.IntN(min(len(g.Moves), 40) + 1)
		var moves []board.Square
		pos := board.Start()
		for _, m := range g.Moves[:n] {
			m = sym.ApplySquare(m)
			moves = append(moves, m)
			pos = next(pos, m)
		}
		for range rng.IntN(3) { // leave the game
			legal := pos.Board.Moves()
			if legal == 0 {
				break
			}
			var sqs []board.Square
			for sq := board.Square(0); sq < 64; sq++ {
				if legal&(1<<uint(sq)) != 0 {
					sqs = append(sqs, sq)
				}
			}
			m := sqs[rng.IntN(len(sqs))]
			moves = append(moves, m)
			pos = next(pos, m)
		}
		var f Filter
		switch q % 4 {
		case 1:
			f.From, f.To = 2001, 2001
		case 2:
			f.Players = players[:1+rng.IntN(len(players))]
		case 3:
			f.To = 2000
		}
		res, err := ix.Explore(Query{Moves: moves, Games: 5}, f)
		if err != nil {
			t.Fatalf("query %d %v: %v", q, moves, err)
		}
		total, byChild, list := reference(games, pos, f)
		if res.Position != pos {
			t.Fatalf("query %d: position %v, want %v", q, res.Position, pos)
		}
		if res.Total != total {
			t.Fatalf("query %d (%d moves, filter %+v): %d games, the reference %d", q, len(moves), f, res.Total, total)
		}
		got := map[key]stats{}
		for _, ms := range res.Moves {
			if !pos.Board.IsLegal(ms.Move) {
				t.Fatalf("query %d: move %v is not legal here", q, ms.Move)
			}
			child, _ := canonical(next(pos, ms.Move))
			if _, twice := got[child]; twice {
				t.Fatalf("query %d: two moves lead to the same position: %+v", q, res.Moves)
			}
			got[child] = stats{ms.Games, ms.BlackWins, ms.Draws, ms.WhiteWins, ms.BlackDiscs, ms.FirstYear, ms.LastYear}
			if len(ms.Players) == 0 || len(ms.Players) > 2 {
				t.Fatalf("query %d: move %v names players %v", q, ms.Move, ms.Players)
			}
		}
		if len(got) != len(byChild) {
			t.Fatalf("query %d: %d moves, the reference %d", q, len(got), len(byChild))
		}
		for k, want := range byChild {
			if got[k] != want {
				t.Fatalf("query %d: a move's games %+v, the reference %+v", q, got[k], want)
			}
		}
		if want := list[:min(len(list), 5)]; !slices.Equal(res.Games, want) {
			t.Fatalf("query %d: games %v, the reference %v", q, res.Games, want)
		}
		switch {
		case total == 0:
			found["none"]++
		case total == 1:
			found["one"]++
		default:
			found["many"]++
		}
	}
	// The queries met each case: positions no game, one game and many
	// games reached.
	for _, c := range []string{"none", "one", "many"} {
		if found[c] == 0 {
			t.Errorf("no query found %s game: %v", c, found)
		}
	}
}

// TestExploreStart: at the start the four first moves are one, and
// every game of the database plays it.
func TestExploreStart(t *testing.T) {
	games := wthorGames(t, 1990, 1990)
	ix := New(games)
	res, err := ix.Explore(Query{}, Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Moves) != 1 || res.Total != len(games) || res.Moves[0].Games != len(games) {
		t.Fatalf("at the start: %d games, moves %+v; want one move of all %d games", res.Total, res.Moves, len(games))
	}
	s := res.Moves[0]
	if s.BlackWins+s.Draws+s.WhiteWins != s.Games || s.FirstYear != 1990 || s.LastYear != 1990 {
		t.Errorf("the first move's count: %+v", s)
	}
}

// TestExploreRefusesIllegalMoves: a query that cannot be played is an
// error.
func TestExploreRefusesIllegalMoves(t *testing.T) {
	ix := New(nil)
	for _, moves := range [][]board.Square{{board.A1}, {board.SquareAt(4, 5), board.SquareAt(4, 5)}, {board.Pass}} {
		if _, err := ix.Explore(Query{Moves: moves}, Filter{}); err == nil {
			t.Errorf("moves %v: no error", moves)
		}
	}
}

func BenchmarkExploreStart(b *testing.B) {
	ix := New(wthorGames(b, 0, 3000))
	for b.Loop() {
		if _, err := ix.Explore(Query{Games: 10}, Filter{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNew(b *testing.B) {
	games := wthorGames(b, 0, 3000)
	for b.Loop() {
		New(games)
	}
}

// TestExploreStandsForTheMovePlayed: of moves that are one up to
// symmetry, the answer names the one the games played (f5 at the start:
// the database writes every game from f5), and after a line in another
// orientation (d3) the moves as that board has them.
func TestExploreStandsForTheMovePlayed(t *testing.T) {
	games := wthorGames(t, 1990, 1990)
	ix := New(games)
	res, err := ix.Explore(Query{}, Filter{})
	if err != nil || len(res.Moves) != 1 || res.Moves[0].Move.String() != "F5" {
		t.Fatalf("at the start: %+v, %v; want F5", res.Moves, err)
	}
	// After d3 (f5 in a symmetry) the database's f5 d6 is d3 c5.
	d3 := board.SquareAt(2, 3)
	res, err = ix.Explore(Query{Moves: []board.Square{d3}}, Filter{})
	if err != nil || len(res.Moves) == 0 {
		t.Fatalf("after d3: %+v, %v", res.Moves, err)
	}
	for _, m := range res.Moves {
		if !res.Position.Board.IsLegal(m.Move) {
			t.Errorf("after d3: %v is not legal", m.Move)
		}
	}
}

// BenchmarkExploreStartByPlayer: the start position for one player's
// games, which reads every game there (no tally serves a player).
func BenchmarkExploreStartByPlayer(b *testing.B) {
	games := wthorGames(b, 0, 3000)
	ix := New(games)
	f := Filter{Players: []int{games[0].Black}}
	for b.Loop() {
		if _, err := ix.Explore(Query{Games: 10}, f); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExploreStartByYears: the start position for a range of years,
// added up from its tallies.
func BenchmarkExploreStartByYears(b *testing.B) {
	ix := New(wthorGames(b, 0, 3000))
	for b.Loop() {
		if _, err := ix.Explore(Query{Games: 10}, Filter{From: 1990, To: 1999}); err != nil {
			b.Fatal(err)
		}
	}
}
