// Package explorer finds, for a position, the moves played from it in a
// database of games (the WTHOR tournament games for the server's opening
// explorer): how often each, how the games ended, in which years and by
// whom, optionally only the games of some years or some players.
//
// Positions are compared up to the board's eight symmetries, so that a
// game that began d3 counts with those that began f5, and moves that
// lead to the same position up to symmetry count as one (at the start,
// f5, d3, c4 and e6 are one move). The index keeps every position that
// two or more games reached (exactly, by its discs and the side to
// move); a position only one game reached is found from the moves that
// lead to it (Query.Moves), by following that game. Standard library
// only.
package explorer

import (
	"errors"
	"fmt"
	"slices"

	"github.com/reversi-engine/reversi/board"
)

// Game is a game of the database as the index needs it: its moves from
// the standard start (passes left out, as WTHOR records them), its year,
// its players (numbers of the caller's choosing, e.g. WTHOR's name
// indexes) and Black's discs at the end.
type Game struct {
	Moves        []board.Square
	Year         int
	Black, White int
	BlackDiscs   int
}

// Index is the positions of a database's games that two or more games
// reached, each with the games and the move each played there. It is
// read-only once built, and safe for concurrent use.
type Index struct {
	games []Game
	// nodes holds, for each number of discs on the board (index 0 to
	// 64), the shared positions with that many discs, sorted by key.
	nodes [65][]node
	// The postings of node n are games[pgame[n.start:n.start+n.count]]
	// with the moves pmove[...], in canonical coordinates (the node's).
	pgame []uint32
	pmove []board.Square
	// known is how many games each player played (their renown, to
	// name the best-known players of a move).
	known map[int]int
}

// node is a shared position: its canonical board and side to move, and
// where its postings are.
type node struct {
	key          key
	start, count uint32
	// tallies, for a position of heavyGames games or more, are its
	// games' counts by year and move: a query that filters by years
	// alone adds these up instead of reading every game.
	tallies []tally
}

// heavyGames is the number of games from which a position keeps tallies.
const heavyGames = 1024

// tally is what the games of one year played one move (in canonical
// coordinates, as played): how many, how they ended, Black's discs, and
// the two best-known players who played it.
type tally struct {
	year, games, blackWins, draws, whiteWins, blackDiscs int
	move                                                 board.Square
	players                                              []int
}

// key is a position in canonical form: the board of the side to move
// and its colour.
type key struct {
	p, o uint64
	turn board.Color
}

func (a key) compare(b key) int {
	switch {
	case a.p != b.p:
		return cmpU64(a.p, b.p)
	case a.o != b.o:
		return cmpU64(a.o, b.o)
	}
	return int(a.turn) - int(b.turn)
}

func cmpU64(a, b uint64) int {
	if a < b {
		return -1
	}
	return 1
}

// canonical returns the key of pos and the symmetry that maps pos onto
// it.
func canonical(pos board.Position) (key, board.Symmetry) {
	c, s := pos.Board.Canonical()
	return key{c.P, c.O, pos.Turn}, s
}

// next plays sq (legal in pos) and passes for the side to move after it
// if that side has no move and the game is not over.
func next(pos board.Position, sq board.Square) board.Position {
	pos = pos.Play(sq)
	if !pos.Board.HasMoves() && pos.Board.Pass().HasMoves() {
		pos = pos.Pass()
	}
	return pos
}

// New indexes games. A game whose moves cannot be played from the
// standard start is indexed up to its first illegal move.
func New(games []Game) *Index {
	ix := &Index{games: games, known: map[int]int{}}
	for _, g := range games {
		ix.known[g.Black]++
		ix.known[g.White]++
	}
	// Every game advanced one move at a time: all positions with the
	// same number of discs at once (a move adds one disc, a pass none,
	// and a game never holds two positions with as many discs to move),
	// so that only one such layer is in memory.
	pos := make([]board.Position, len(games))
	ply := make([]int, len(games))
	for i := range pos {
		pos[i] = board.Start()
	}
	type entry struct {
		key  key
		game uint32
		move board.Square
	}
	var layer []entry
	for discs := 4; discs < 64; discs++ {
		layer = layer[:0]
		for i := range games {
			if 64-pos[i].Board.Empties() != discs || ply[i] >= len(games[i].Moves) {
				continue
			}
			m := games[i].Moves[ply[i]]
			if !m.OnBoard() || !pos[i].Board.IsLegal(m) {
				ply[i] = len(games[i].Moves) // an illegal move ends the game's use
				continue
			}
			k, s := canonical(pos[i])
			layer = append(layer, entry{k, uint32(i), s.ApplySquare(m)})
			pos[i] = next(pos[i], m)
			ply[i]++
		}
		// A position's games the most recent first (Explore lists the
		// first it keeps), of one year in the order given.
		slices.SortFunc(layer, func(a, b entry) int {
			if c := a.key.compare(b.key); c != 0 {
				return c
			}
			if c := games[b.game].Year - games[a.game].Year; c != 0 {
				return c
			}
			return int(a.game) - int(b.game)
		})
		for lo := 0; lo < len(layer); {
			hi := lo + 1
			for hi < len(layer) && layer[hi].key == layer[lo].key {
				hi++
			}
			if hi-lo >= 2 {
				n := node{key: layer[lo].key, start: uint32(len(ix.pgame)), count: uint32(hi - lo)}
				for _, e := range layer[lo:hi] {
					ix.pgame = append(ix.pgame, e.game)
					ix.pmove = append(ix.pmove, e.move)
				}
				if hi-lo >= heavyGames {
					n.tallies = ix.tallies(n)
				}
				ix.nodes[discs] = append(ix.nodes[discs], n)
			}
			lo = hi
		}
	}
	return ix
}

// tallies counts the games of node n by year and move.
func (ix *Index) tallies(n node) []tally {
	type yearMove struct {
		year int
		move board.Square
	}
	at := map[yearMove]int{}
	var out []tally
	for j := n.start; j < n.start+n.count; j++ {
		g := &ix.games[ix.pgame[j]]
		k := yearMove{g.Year, ix.pmove[j]}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, tally{year: g.Year, move: k.move})
		}
		t := &out[i]
		t.games++
		switch {
		case 2*g.BlackDiscs > 64:
			t.blackWins++
		case 2*g.BlackDiscs < 64:
			t.whiteWins++
		default:
			t.draws++
		}
		t.blackDiscs += g.BlackDiscs
		mover := g.Black
		if n.key.turn == board.White {
			mover = g.White
		}
		t.players = ix.better(t.players, mover)
	}
	return slices.Clip(out)
}

// Positions returns how many positions the index keeps (those that two
// or more games reached) and how many moves of games they hold.
func (ix *Index) Positions() (positions, moves int) {
	for _, ns := range ix.nodes {
		positions += len(ns)
	}
	return positions, len(ix.pgame)
}

// find returns the shared node of a canonical key, if there is one.
func (ix *Index) find(k key) (node, bool) {
	ns := ix.nodes[64-board.Board{P: k.p, O: k.o}.Empties()]
	i, ok := slices.BinarySearchFunc(ns, k, func(n node, k key) int { return n.key.compare(k) })
	if !ok {
		return node{}, false
	}
	return ns[i], true
}

// Filter keeps some of the games: those of the years From to To (0: no
// bound) in which one of Players played (none: every player).
type Filter struct {
	From, To int
	Players  []int
}

// keeps reports whether the filter keeps g; players is the set of
// f.Players (nil: every player).
func (f Filter) keeps(g *Game, players map[int]bool) bool {
	if f.From != 0 && g.Year < f.From || f.To != 0 && g.Year > f.To {
		return false
	}
	return players == nil || players[g.Black] || players[g.White]
}

// set returns the set of the filter's players, nil if it names none.
func (f Filter) set() map[int]bool {
	if len(f.Players) == 0 {
		return nil
	}
	m := make(map[int]bool, len(f.Players))
	for _, p := range f.Players {
		m[p] = true
	}
	return m
}

// Query is a position: the standard start and Moves played from it
// (passes implied, as in a transcript), or, when Start is set, that
// position (a position only one game reached is found only by its
// moves from the standard start).
type Query struct {
	Start *board.Position
	Moves []board.Square
	// Games is how many of the position's games to list (the most
	// recent first); 0 lists none.
	Games int
}

// MoveStats is a move played from the position: in how many of the
// games (kept by the filter), how they ended, Black's discs at the end
// in all of them together, the first and last year it was played, and
// the best-known players (who played the most games of the database)
// who played it, at most two.
type MoveStats struct {
	Move                        board.Square
	Games                       int
	BlackWins, Draws, WhiteWins int
	BlackDiscs                  int
	FirstYear, LastYear         int
	Players                     []int
}

// Result is what the database holds of a position: the position, the
// moves played from it (most played first), how many games played a
// move from it (of those the filter keeps; a game that ended there is
// not counted) and the most recent of them (indexes into the games
// given to New).
type Result struct {
	Position board.Position
	Total    int
	Moves    []MoveStats
	Games    []int
}

// ErrIllegal is the error of a query whose moves cannot be played.
var ErrIllegal = errors.New("explorer: a move of the query is not legal")

// Explore answers a query.
func (ix *Index) Explore(q Query, f Filter) (Result, error) {
	pos := board.Start()
	if q.Start != nil {
		pos = *q.Start
	}
	// The path: the position after each move.
	path := []board.Position{pos}
	for i, m := range q.Moves {
		if !m.OnBoard() || !pos.Board.IsLegal(m) {
			return Result{}, fmt.Errorf("%w: move %d (%v)", ErrIllegal, i+1, m)
		}
		pos = next(pos, m)
		path = append(path, pos)
	}
	res := Result{Position: pos}
	k, s := canonical(pos)
	var games []uint32
	var moves []board.Square // canonical
	var tallies []tally
	if n, ok := ix.find(k); ok {
		games = ix.pgame[n.start : n.start+n.count]
		moves = ix.pmove[n.start : n.start+n.count]
		tallies = n.tallies
	} else if q.Start == nil {
		// Only one game (or none) reached it: the one that left the
		// last shared position of the path by its move.
		if g, move, ok := ix.follow(path, q.Moves); ok && move != board.NoSquare {
			games, moves = []uint32{uint32(g)}, []board.Square{move}
		}
	}
	back := s.Inverse()
	stab := stabilizer(board.Board{P: k.p, O: k.o})
	byMove := map[board.Square]*MoveStats{}
	var played [64]int // the games' moves as the query sees the board
	// add counts a tally of the games of a move, or one game and its
	// mover (-1 for a tally).
	add := func(t tally, mover int) {
		m := smallest(t.move, stab)
		ms := byMove[m]
		if ms == nil {
			ms = &MoveStats{FirstYear: t.year, LastYear: t.year}
			byMove[m] = ms
		}
		// Of the moves that are one up to symmetry, the one the games
		// played most stands for them (f5 at the start, as the
		// database writes every game).
		played[back.ApplySquare(t.move)] += t.games
		res.Total += t.games
		ms.Games += t.games
		ms.BlackWins += t.blackWins
		ms.Draws += t.draws
		ms.WhiteWins += t.whiteWins
		ms.BlackDiscs += t.blackDiscs
		ms.FirstYear, ms.LastYear = min(ms.FirstYear, t.year), max(ms.LastYear, t.year)
		for _, p := range t.players {
			ms.Players = ix.better(ms.Players, p)
		}
		if mover >= 0 {
			ms.Players = ix.better(ms.Players, mover)
		}
	}
	players := f.set()
	if tallies != nil && players == nil {
		// A position of many games, filtered by years at most: their
		// tallies, and the most recent games (they come first).
		for _, t := range tallies {
			if f.keeps(&Game{Year: t.year}, nil) {
				add(t, -1)
			}
		}
		for _, gi := range games {
			if len(res.Games) == q.Games {
				break
			}
			if f.keeps(&ix.games[gi], nil) {
				res.Games = append(res.Games, int(gi))
			}
		}
	} else {
		for i, gi := range games {
			g := &ix.games[gi]
			if !f.keeps(g, players) {
				continue
			}
			if len(res.Games) < q.Games {
				res.Games = append(res.Games, int(gi)) // the most recent come first
			}
			mover := g.Black
			if pos.Turn == board.White {
				mover = g.White
			}
			add(tally{year: g.Year, games: 1, blackWins: b2i(2*g.BlackDiscs > 64), draws: b2i(2*g.BlackDiscs == 64),
				whiteWins: b2i(2*g.BlackDiscs < 64), blackDiscs: g.BlackDiscs, move: moves[i]}, mover)
		}
	}
	for m, ms := range byMove {
		best := -1
		for _, sym := range stab {
			sq := back.ApplySquare(sym.ApplySquare(m))
			if n := played[sq]; n > best || n == best && sq < ms.Move {
				best, ms.Move = n, sq
			}
		}
		res.Moves = append(res.Moves, *ms)
	}
	slices.SortFunc(res.Moves, func(a, b MoveStats) int {
		if a.Games != b.Games {
			return b.Games - a.Games
		}
		return int(a.Move) - int(b.Move)
	})
	return res, nil
}

// better returns the best-known two of players and p (no repeats).
func (ix *Index) better(players []int, p int) []int {
	if slices.Contains(players, p) {
		return players
	}
	players = append(players, p)
	slices.SortStableFunc(players, func(a, b int) int { return ix.known[b] - ix.known[a] })
	return players[:min(len(players), 2)]
}

// stabilizer returns the symmetries that map b onto itself.
func stabilizer(b board.Board) []board.Symmetry {
	var out []board.Symmetry
	for s := board.Symmetry(0); s < board.Symmetries; s++ {
		if s.Apply(b) == b {
			out = append(out, s)
		}
	}
	return out
}

// smallest returns the smallest image of sq under the symmetries, the one
// square that stands for the moves that lead to the same position.
func smallest(sq board.Square, syms []board.Symmetry) board.Square {
	best := sq
	for _, s := range syms {
		best = min(best, s.ApplySquare(sq))
	}
	return best
}

// follow finds the game that reached the end of path when no other game
// did: it left the path's last shared position by the path's next move,
// and its positions are the path's from there to the end (up to
// symmetry; the order of its moves may differ). It returns the game and
// the move it played at the path's end, in canonical coordinates
// (board.NoSquare if it ended there).
func (ix *Index) follow(path []board.Position, moves []board.Square) (game int, move board.Square, ok bool) {
	last := -1 // the last shared position of the path
	var at node
	for i := len(path) - 2; i >= 0; i-- {
		k, _ := canonical(path[i])
		if n, found := ix.find(k); found {
			last, at = i, n
			break
		}
	}
	if last < 0 {
		return 0, 0, false
	}
	k, s := canonical(path[last])
	stab := stabilizer(board.Board{P: k.p, O: k.o})
	want := smallest(s.ApplySquare(moves[last]), stab)
	for j := at.start; j < at.start+at.count; j++ {
		if smallest(ix.pmove[j], stab) != want {
			continue
		}
		g := int(ix.pgame[j])
		if move, ok := ix.reaches(g, path[len(path)-1]); ok {
			return g, move, true
		}
	}
	return 0, 0, false
}

// reaches replays game g and reports whether it reaches pos (up to
// symmetry), and the move it played there in canonical coordinates
// (board.NoSquare if it ended there).
func (ix *Index) reaches(g int, pos board.Position) (board.Square, bool) {
	want, _ := canonical(pos)
	discs := 64 - pos.Board.Empties()
	p := board.Start()
	for _, m := range ix.games[g].Moves {
		if 64-p.Board.Empties() == discs {
			k, s := canonical(p)
			return s.ApplySquare(m), k == want
		}
		if !m.OnBoard() || !p.Board.IsLegal(m) {
			return 0, false
		}
		p = next(p, m)
	}
	k, _ := canonical(p)
	return board.NoSquare, 64-p.Board.Empties() == discs && k == want
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
