package pairing

import (
	"cmp"
	"fmt"
	"slices"
)

// Standing is what the Swiss pairing knows of a player before a round:
// points so far, a rating to rank equal scores, the colours played (in
// order), the opponents met and whether the player has had a bye.
type Standing struct {
	Player string
	Points float64
	Rating float64
	// Colors played, oldest first: true for Black.
	Colors    []bool
	Opponents []string
	HadBye    bool
}

// maxSteps bounds the search for a pairing without rematches; past it
// (a late round of a small tournament may have none) rematches are
// allowed, the fewest first.
const maxSteps = 200_000

// Swiss returns the next round of a Swiss tournament from the standings:
// players ranked by points, then rating, then name; each paired with a
// player of the same score where it can (the top half of a score group
// against its bottom half, as the Dutch system does), never with one met
// before unless no pairing avoids it; the bye, with an odd number, to the
// lowest-ranked player who has not had one; and never two players who
// both must have the same colour (two games more with it than with the
// other, or the other twice running) while another pairing avoids it.
// Colours: the one who must have a colour gets it, else the player who
// has had White more often gets Black, else the one whose last game was
// White, else the higher-ranked alternates from its last colour.
// It refuses fewer than two players and names empty or given twice.
func Swiss(standings []Standing) (Round, error) {
	names := make([]string, len(standings))
	for i, s := range standings {
		names[i] = s.Player
	}
	if err := checkNames(names); err != nil {
		return Round{}, err
	}
	ranked := slices.Clone(standings)
	slices.SortStableFunc(ranked, func(a, b Standing) int {
		return cmp.Or(cmp.Compare(b.Points, a.Points), cmp.Compare(b.Rating, a.Rating), cmp.Compare(a.Player, b.Player))
	})
	var round Round
	if len(ranked)%2 == 1 {
		i := len(ranked) - 1
		for i > 0 && ranked[i].HadBye {
			i--
		}
		if ranked[i].HadBye {
			i = len(ranked) - 1 // everyone has had one: the last again
		}
		round.Bye = ranked[i].Player
		ranked = slices.Delete(ranked, i, i+1)
	}
	met := make(map[[2]string]bool)
	for _, s := range ranked {
		for _, o := range s.Opponents {
			met[[2]string{s.Player, o}] = true
			met[[2]string{o, s.Player}] = true
		}
	}
	p := &pairer{ranked: ranked, met: met, used: make([]bool, len(ranked))}
	// First without rematches and without two players who both must have
	// the same colour (two Blacks ahead, or two Whites), then with such
	// colours, then with ever more rematches.
	for k, rematches := range []int{0, 0, 1, 2, len(ranked)} {
		p.steps, p.pairs, p.allowed, p.strict = 0, p.pairs[:0], rematches, k == 0
		if p.search(0) {
			break
		}
	}
	if len(p.pairs) != len(ranked)/2 {
		return Round{}, fmt.Errorf("pairing: no pairing of %d players found", len(ranked))
	}
	for _, pr := range p.pairs {
		round.Games = append(round.Games, colours(ranked[pr[0]], ranked[pr[1]]))
	}
	return round, nil
}

type pairer struct {
	ranked  []Standing
	met     map[[2]string]bool
	used    []bool
	pairs   [][2]int
	steps   int
	allowed int // rematches allowed
	rematch int // rematches in pairs
	strict  bool
}

// clash reports two players who both must have the same colour: each has
// played it two more times than the other, or both twice running.
func clash(a, b Standing) bool {
	pa, pb := must(a), must(b)
	return pa != 0 && pa == pb
}

// must returns the colour a player must have: 1 White (Black two more
// times than White, or twice running), -1 Black, 0 either.
func must(s Standing) int {
	if b := balance(s); b >= 2 {
		return 1
	} else if b <= -2 {
		return -1
	}
	if n := len(s.Colors); n >= 2 && s.Colors[n-1] == s.Colors[n-2] {
		if s.Colors[n-1] {
			return 1
		}
		return -1
	}
	return 0
}

// balance returns the games with Black less the games with White.
func balance(s Standing) int {
	n := 0
	for _, black := range s.Colors {
		if black {
			n++
		} else {
			n--
		}
	}
	return n
}

// search pairs the unpaired players from index i on, the highest-ranked
// first, trying its opponents in the Dutch order; it reports success.
func (p *pairer) search(i int) bool {
	for i < len(p.ranked) && p.used[i] {
		i++
	}
	if i == len(p.ranked) {
		return true
	}
	if p.steps++; p.steps > maxSteps {
		return false
	}
	p.used[i] = true
	for _, j := range p.candidates(i) {
		again := p.met[[2]string{p.ranked[i].Player, p.ranked[j].Player}]
		if again && p.rematch >= p.allowed || p.strict && clash(p.ranked[i], p.ranked[j]) {
			continue
		}
		p.used[j] = true
		p.pairs = append(p.pairs, [2]int{i, j})
		if again {
			p.rematch++
		}
		if p.search(i + 1) {
			return true
		}
		if again {
			p.rematch--
		}
		p.pairs = p.pairs[:len(p.pairs)-1]
		p.used[j] = false
	}
	p.used[i] = false
	return false
}

// candidates returns the unpaired players that i may meet, in the order
// of preference: its own score group first, starting from the player half
// the group below it (the Dutch system's top half against bottom half),
// then the groups below, nearest first; the groups above last.
func (p *pairer) candidates(i int) []int {
	var same, below, above []int
	pts := p.ranked[i].Points
	for j := range p.ranked {
		if p.used[j] {
			continue
		}
		switch q := p.ranked[j].Points; {
		case q == pts:
			same = append(same, j)
		case q < pts:
			below = append(below, j)
		default:
			above = append(above, j)
		}
	}
	if n := len(same); n > 1 {
		// i is the first of its group's unpaired players here; the
		// group's half below it is where the Dutch system looks first.
		start := (n + 1) / 2
		same = append(same[start-1:], same[:start-1]...)
	}
	slices.Reverse(above)
	return append(append(same, below...), above...)
}

// colours returns the game of a (ranked higher) and b with the colours
// balanced.
func colours(a, b Standing) Pairing {
	last := func(s Standing) int { // 1 Black, -1 White, 0 none
		if len(s.Colors) == 0 {
			return 0
		}
		if s.Colors[len(s.Colors)-1] {
			return 1
		}
		return -1
	}
	aBlack := true
	switch {
	case must(a) != must(b):
		aBlack = must(a) < must(b)
	case balance(a) != balance(b):
		aBlack = balance(a) < balance(b)
	case last(a) != last(b):
		aBlack = last(a) < last(b)
	case last(a) != 0:
		aBlack = last(a) < 0
	}
	if aBlack {
		return Pairing{Black: a.Player, White: b.Player}
	}
	return Pairing{Black: b.Player, White: a.Player}
}
