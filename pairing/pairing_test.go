package pairing

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("p%02d", i+1)
	}
	return out
}

// TestRoundRobin: every pair meets once a cycle, with the colours swapped
// in the next; each player plays at most once a round; with an odd
// number each has one bye a cycle; nobody has the same colour three
// rounds running within a cycle.
func TestRoundRobin(t *testing.T) {
	for n := 2; n <= 11; n++ {
		for _, cycles := range []int{1, 2} {
			t.Run(fmt.Sprintf("%d players, %d cycles", n, cycles), func(t *testing.T) {
				players := names(n)
				rounds, err := RoundRobin(players, cycles)
				if err != nil {
					t.Fatal(err)
				}
				perCycle := n - 1 + n%2
				if len(rounds) != perCycle*cycles {
					t.Fatalf("%d rounds, want %d", len(rounds), perCycle*cycles)
				}
				asBlack := map[[2]string]int{}
				byes := map[string]int{}
				colours := map[string][]bool{}
				for r, round := range rounds {
					seen := map[string]bool{}
					for _, g := range round.Games {
						for _, p := range []string{g.Black, g.White} {
							if seen[p] {
								t.Fatalf("round %d: %s plays twice", r, p)
							}
							seen[p] = true
						}
						asBlack[[2]string{g.Black, g.White}]++
						colours[g.Black] = append(colours[g.Black], true)
						colours[g.White] = append(colours[g.White], false)
					}
					if round.Bye != "" {
						byes[round.Bye]++
						seen[round.Bye] = true
					}
					if len(seen) != n {
						t.Fatalf("round %d: %d players seated of %d", r, len(seen), n)
					}
				}
				for i, a := range players {
					for _, b := range players[i+1:] {
						ab, ba := asBlack[[2]string{a, b}], asBlack[[2]string{b, a}]
						if ab+ba != cycles || (cycles == 2 && (ab != 1 || ba != 1)) {
							t.Errorf("%s-%s: %d games with Black for %s, %d for %s", a, b, ab, a, ba, b)
						}
					}
					if want := cycles * (n % 2); byes[a] != want {
						t.Errorf("%s: %d byes, want %d", a, byes[a], want)
					}
					c := colours[a]
					for k := 2; k < len(c) && k < n-1; k++ {
						if c[k] == c[k-1] && c[k-1] == c[k-2] {
							t.Errorf("%s: the same colour three times running: %v", a, c)
							break
						}
					}
				}
			})
		}
	}
}

// TestSwiss plays Swiss tournaments with random results: nobody is paired
// twice in a round or meets an opponent again (in as many rounds as a
// Swiss tournament has); byes go to players who had none, the lowest
// ranked; colours stay within two of even; the first round pairs the top
// half of the ranking against the bottom half.
func TestSwiss(t *testing.T) {
	for _, n := range []int{2, 3, 9, 10, 16, 33, 64} {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(n), 1))
			st := make([]Standing, n)
			for i, p := range names(n) {
				st[i] = Standing{Player: p, Rating: float64(2000 - 10*i)}
			}
			// As many rounds as a Swiss tournament has (a few more than
			// log2 of the players), at most half the players.
			rounds := max(1, min(n/2, bits.Len(uint(n))+2))
			for r := range rounds {
				round, err := Swiss(st)
				if err != nil {
					t.Fatal(err)
				}
				if r == 0 && n >= 4 {
					// Top half against bottom half, by rating.
					if g := round.Games[0]; !(g.Black == "p01" && g.White == names(n)[n/2]) && !(g.White == "p01" && g.Black == names(n)[n/2]) {
						t.Errorf("round 1: p01 meets %+v, want %s", g, names(n)[n/2])
					}
				}
				byName := map[string]*Standing{}
				for i := range st {
					byName[st[i].Player] = &st[i]
				}
				seated := map[string]bool{}
				if round.Bye != "" {
					b := byName[round.Bye]
					if b.HadBye {
						t.Fatalf("round %d: a second bye to %s", r, round.Bye)
					}
					for _, s := range st {
						if !s.HadBye && s.Player != b.Player && (s.Points < b.Points) {
							t.Errorf("round %d: the bye to %s (%.1f) before %s (%.1f)", r, b.Player, b.Points, s.Player, s.Points)
						}
					}
					b.HadBye, b.Points = true, b.Points+1
					seated[round.Bye] = true
				}
				for _, g := range round.Games {
					bl, wh := byName[g.Black], byName[g.White]
					if seated[g.Black] || seated[g.White] {
						t.Fatalf("round %d: %v pairs a player twice", r, g)
					}
					seated[g.Black], seated[g.White] = true, true
					if slices.Contains(bl.Opponents, wh.Player) {
						t.Errorf("round %d: %s and %s meet again", r, g.Black, g.White)
					}
					bl.Opponents, wh.Opponents = append(bl.Opponents, wh.Player), append(wh.Opponents, bl.Player)
					bl.Colors, wh.Colors = append(bl.Colors, true), append(wh.Colors, false)
					switch rng.IntN(3) {
					case 0:
						bl.Points++
					case 1:
						wh.Points++
					default:
						bl.Points += 0.5
						wh.Points += 0.5
					}
				}
				if len(seated) != n {
					t.Fatalf("round %d: %d players seated of %d", r, len(seated), n)
				}
			}
			for _, s := range st {
				b := 0
				for _, c := range s.Colors {
					if c {
						b++
					} else {
						b--
					}
				}
				if b > 2 || b < -2 {
					t.Errorf("%s: colours %v", s.Player, s.Colors)
				}
			}
		})
	}
}

// TestSwissRematchesWhenNoOtherWay: four players in a fourth round have
// met everyone; a round is still made.
func TestSwissRematchesWhenNoOtherWay(t *testing.T) {
	st := []Standing{
		{Player: "a", Opponents: []string{"b", "c", "d"}},
		{Player: "b", Opponents: []string{"a", "c", "d"}},
		{Player: "c", Opponents: []string{"a", "b", "d"}},
		{Player: "d", Opponents: []string{"a", "b", "c"}},
	}
	round, err := Swiss(st)
	if err != nil || len(round.Games) != 2 {
		t.Fatalf("%+v, %v", round, err)
	}
}

// TestBadInput: clear errors.
func TestBadInput(t *testing.T) {
	if _, err := RoundRobin([]string{"a"}, 1); err == nil {
		t.Error("one player: no error")
	}
	if _, err := RoundRobin([]string{"a", "a"}, 1); err == nil {
		t.Error("a name twice: no error")
	}
	if _, err := RoundRobin([]string{"a", "b"}, 0); err == nil {
		t.Error("0 cycles: no error")
	}
	if _, err := Swiss([]Standing{{Player: "a"}, {Player: ""}}); err == nil {
		t.Error("an empty name: no error")
	}
}
