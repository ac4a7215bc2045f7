// The tournament subcommand: a round robin between several players, a
// crosstable and a rating list.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/player"
	"github.com/reversi-engine/reversi/player/catalog"
)

func runTournament(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "tournament", "--players P1,P2,P3... [--rounds R] [--anchor P] [--time T] [--out FILE.ggf] [--plot ratings.png]", `
Plays a round robin: every two players meet over R openings, each played
twice with the colours swapped. Prints a crosstable and a rating list:
Elo by maximum likelihood with 95% error bars, anchored on one player
(random = 0 by default when it plays). The games are saved as GGF and the
results as JSON and as a text table beside them (FILE.json, FILE.txt);
run the same command again to resume. Players are named as in 'reversi
help players'; separate them with ';' when a spec has commas in it, e.g.
--players 'engine:level=5,threads=1;random;roxanne'.`)
	var o arenaOptions
	o.register(fs)
	playerList := fs.String("players", "", "the players, separated by ',' (or ';' if their specs hold commas)")
	rounds := fs.Int("rounds", 10, "openings per pairing (each played twice)")
	anchor := fs.String("anchor", "", "player whose rating is 0 (default: random if it plays, else the mean is 0)")
	out := fs.String("out", "", "GGF file of the games (appended; resumed if it exists)")
	plot := fs.String("plot", "", "plot of the ratings with error bars (.png or .svg)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if err := o.check(fs); err != nil {
		return err
	}
	sep := ","
	if strings.Contains(*playerList, ";") {
		sep = ";"
	}
	var specs []string
	for _, s := range strings.Split(*playerList, sep) {
		if s = strings.TrimSpace(s); s != "" {
			specs = append(specs, s)
		}
	}
	if len(specs) < 2 {
		return fmt.Errorf("--players: want at least two players, e.g. --players random,greedy,roxanne")
	}
	seen := map[string]bool{}
	for _, s := range specs {
		if seen[s] {
			return fmt.Errorf("--players: %q is named twice", s)
		}
		seen[s] = true
	}
	if *rounds < 1 {
		return fmt.Errorf("--rounds %d: want at least 1", *rounds)
	}
	if *anchor == "" && seen["random"] {
		*anchor = "random"
	}
	if *anchor != "" && !seen[*anchor] {
		return fmt.Errorf("--anchor %q is not one of the players", *anchor)
	}
	if *plot != "" {
		if err := checkPlotPath(*plot); err != nil {
			return err
		}
	}
	if err := o.checkSpecs(specs); err != nil {
		return err
	}
	all, source, err := o.openings(e)
	if err != nil {
		return err
	}
	t := &arena.Tournament{
		Names:       specs,
		Openings:    arena.Choose(all, *rounds, o.seed),
		Rule:        o.rule,
		MoveTime:    o.moveTime,
		GameTime:    o.gameTime,
		Concurrency: o.concurrency,
		Seed:        o.seed,
		Shard:       o.shardIndex,
		Shards:      o.shards,
		Event:       fmt.Sprintf("reversi tournament, seed %d", o.seed),
	}
	t.New = func(which int, seat arena.Seat) (player.Player, error) {
		return catalog.New(specs[which], o.env(seat.Seed))
	}
	fmt.Fprintf(e.stdout, "round robin of %d players: %d games from %s, %s per move, %s rules, %d at a time, seed %d\n",
		len(specs), scheduledGames(t), source, o.moveTime, o.rule, o.concurrency, o.seed)
	table := arena.NewTable(specs)
	results, err := runSeries(ctx, e, t, *out, func(r arena.Result) bool {
		a, m := r.ForA()
		table.Add(r.Players[0], r.Players[1], a, m)
		return true
	}, func() string { return leaderLine(table, *anchor) })
	if results == nil && err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	ratings, rerr := table.Ratings(*anchor)
	if rerr != nil {
		return rerr
	}
	report := tournamentReport(table, ratings, *anchor, len(results))
	fmt.Fprint(e.stdout, report)
	if *out != "" {
		base := strings.TrimSuffix(*out, ".ggf")
		if werr := arena.WriteJSON(base+".json", tournamentJSON(t, table, ratings, *anchor, source, o)); werr != nil {
			return werr
		}
		if werr := os.WriteFile(base+".txt", []byte(report), 0o644); werr != nil {
			return werr
		}
		fmt.Fprintf(e.stdout, "results: %s.json, %s.txt\n", base, base)
	}
	if *plot != "" {
		names, elos, errs := make([]string, len(ratings)), make([]float64, len(ratings)), make([]float64, len(ratings))
		for i, r := range ratings {
			names[i], elos[i], errs[i] = r.Name, r.Elo, r.Error
		}
		title := "Elo ratings"
		if *anchor != "" {
			title += " (" + *anchor + " = 0)"
		}
		if perr := plotRatings(*plot, title, names, elos, errs); perr != nil {
			return perr
		}
		fmt.Fprintf(e.stdout, "plot: %s\n", *plot)
	}
	if errors.Is(err, context.Canceled) {
		fmt.Fprintln(e.stdout, "stopped before the end: run the same command again to resume (with --out)")
		return nil
	}
	return err
}

// leaderLine is the news line of a tournament: the leader so far.
func leaderLine(t *arena.Table, anchor string) string {
	r, err := t.Ratings(anchor)
	if err != nil || len(r) == 0 {
		return ""
	}
	return fmt.Sprintf("leader %s %+.0f", r[0].Name, r[0].Elo)
}

// tournamentReport writes the rating list and the crosstable.
func tournamentReport(t *arena.Table, ratings []arena.Rating, anchor string, games int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nRating list after %d games", games)
	if anchor != "" {
		fmt.Fprintf(&b, " (%s = 0)", anchor)
	}
	b.WriteString(":\n")
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "rank\tplayer\tElo\t95%\tgames\tscore\tmargin\t")
	for i, r := range ratings {
		fmt.Fprintf(w, "%d\t%s\t%+.0f\t±%.0f\t%d\t%.1f%%\t%+.1f\t\n", i+1, r.Name, r.Elo, r.Error, r.Score.Games(), 100*r.Score.Fraction(), r.Score.AverageMargin())
	}
	w.Flush()
	b.WriteString("\nCrosstable (row's points against column, of the games between them):\n")
	writeCrosstable(&b, t, ratings)
	return b.String()
}

// writeCrosstable writes the points of each player against each other,
// players in the order of the rating list.
func writeCrosstable(out io.Writer, t *arena.Table, ratings []arena.Rating) {
	index := map[string]int{}
	for i, n := range t.Names {
		index[n] = i
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(w, "\t")
	for k := range ratings {
		fmt.Fprintf(w, "%d\t", k+1)
	}
	fmt.Fprintln(w)
	for k, r := range ratings {
		i := index[r.Name]
		fmt.Fprintf(w, "%d %s\t", k+1, r.Name)
		for _, c := range ratings {
			j := index[c.Name]
			if i == j {
				fmt.Fprint(w, "-\t")
				continue
			}
			s := t.Scores[i][j]
			fmt.Fprintf(w, "%g/%d\t", float64(s.Wins)+0.5*float64(s.Draws), s.Games())
		}
		fmt.Fprintln(w)
	}
	w.Flush()
}

// tournamentSummary is the JSON of a tournament.
type tournamentSummary struct {
	Players    []string                        `json:"players"`
	Event      string                          `json:"event"`
	Seed       uint64                          `json:"seed"`
	Openings   string                          `json:"openings"`
	Rounds     int                             `json:"rounds"`
	Rule       string                          `json:"rule"`
	Time       string                          `json:"time_control"`
	Shard      string                          `json:"shard,omitempty"`
	Anchor     string                          `json:"anchor,omitempty"`
	Ratings    []ratingJSON                    `json:"ratings"`
	Crosstable map[string]map[string]scoreJSON `json:"crosstable"`
}

type ratingJSON struct {
	Name   string  `json:"name"`
	Elo    float64 `json:"elo"`
	Error  float64 `json:"error95"`
	Games  int     `json:"games"`
	Points float64 `json:"score_fraction"`
	Margin float64 `json:"average_margin"`
}

type scoreJSON struct {
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
}

func tournamentJSON(t *arena.Tournament, table *arena.Table, ratings []arena.Rating, anchor, source string, o arenaOptions) tournamentSummary {
	s := tournamentSummary{Players: t.Names, Event: t.Event, Seed: t.Seed, Openings: source, Rounds: len(t.Openings),
		Rule: t.Rule.String(), Time: o.moveTime.String() + "/move", Anchor: anchor, Crosstable: map[string]map[string]scoreJSON{}}
	if o.shards > 1 {
		s.Shard = o.shard
	}
	for _, r := range ratings {
		s.Ratings = append(s.Ratings, ratingJSON{Name: r.Name, Elo: r.Elo, Error: r.Error, Games: r.Score.Games(), Points: r.Score.Fraction(), Margin: r.Score.AverageMargin()})
	}
	for i, a := range table.Names {
		row := map[string]scoreJSON{}
		for j, b := range table.Names {
			if sc := table.Scores[i][j]; i != j && sc.Games() > 0 {
				row[b] = scoreJSON{Wins: sc.Wins, Draws: sc.Draws, Losses: sc.Losses}
			}
		}
		s.Crosstable[a] = row
	}
	return s
}
