package pairing

import "fmt"

// Pairing is one game of a round: Black moves first.
type Pairing struct {
	Black, White string
}

// Round is the games of one round and the player who sits it out (the
// bye, "" if none).
type Round struct {
	Games []Pairing
	Bye   string
}

// RoundRobin returns the rounds of a round robin among players by the
// circle method: len(players)-1 rounds (as many as players if their number
// is odd, each with one bye), everyone meeting everyone once, each
// player's colours alternating as far as the method allows (no one has
// the same colour three times running). With cycles = 2 the second cycle
// repeats the first with the colours swapped (the course's "every bot
// plays every other twice"). It refuses fewer than two players, a name
// given twice or empty, and cycles below 1.
func RoundRobin(players []string, cycles int) ([]Round, error) {
	if err := checkNames(players); err != nil {
		return nil, err
	}
	if cycles < 1 {
		return nil, fmt.Errorf("pairing: %d cycles: a round robin has at least one", cycles)
	}
	seats := append([]string(nil), players...)
	if len(seats)%2 == 1 {
		// The bye takes the fixed seat: whoever meets it sits out, and
		// the others' colours alternate as with an even number.
		seats = append([]string{""}, seats...)
	}
	n := len(seats)
	var first []Round
	for r := range n - 1 {
		var round Round
		for i := range n / 2 {
			a, b := seats[i], seats[n-1-i]
			// The fixed seat (0) alternates by round; the others by
			// table and round, so that colours alternate.
			if (i == 0 && r%2 == 1) || (i > 0 && i%2 == 1) {
				a, b = b, a
			}
			switch {
			case a == "":
				round.Bye = b
			case b == "":
				round.Bye = a
			default:
				round.Games = append(round.Games, Pairing{Black: a, White: b})
			}
		}
		first = append(first, round)
		// Rotate every seat but the first.
		last := seats[n-1]
		copy(seats[2:], seats[1:n-1])
		seats[1] = last
	}
	rounds := first
	for c := 1; c < cycles; c++ {
		for _, r := range first {
			swapped := Round{Bye: r.Bye}
			for _, g := range r.Games {
				if c%2 == 1 {
					g.Black, g.White = g.White, g.Black
				}
				swapped.Games = append(swapped.Games, g)
			}
			rounds = append(rounds, swapped)
		}
	}
	return rounds, nil
}

func checkNames(players []string) error {
	if len(players) < 2 {
		return fmt.Errorf("pairing: %d players: a tournament needs at least two", len(players))
	}
	seen := make(map[string]bool, len(players))
	for _, p := range players {
		if p == "" {
			return fmt.Errorf("pairing: a player has no name")
		}
		if seen[p] {
			return fmt.Errorf("pairing: player %q is given twice", p)
		}
		seen[p] = true
	}
	return nil
}
