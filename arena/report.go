// Reports of a tournament: the rating list, the crosstable, the news line,
// the JSON summary, and the files they are written to.

package arena

import (
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"text/tabwriter"
	"unicode/utf8"
)

// Leader is the news line of a tournament: the leader so far and its
// rating ("" before there is one).
func (t *Table) Leader(anchor string) string {
	r, err := t.Ratings(anchor)
	if err != nil || len(r) == 0 {
		return ""
	}
	return fmt.Sprintf("leader %s %+.0f", r[0].Name, noNegativeZero(r[0].Elo))
}

// Report returns the rating list (ratings, from t.Ratings(anchor)) after
// games games and the crosstable, as text tables.
func (t *Table) Report(ratings []Rating, anchor string, games int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\nRating list after %d game%s", games, plural(games))
	if anchor != "" {
		fmt.Fprintf(&b, " (%s = 0)", anchor)
	}
	b.WriteString(":\n")
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	width := len("player")
	for _, r := range ratings {
		width = max(width, utf8.RuneCountInString(r.Name))
	}
	// Numbers are aligned right, names left (padded to the longest).
	fmt.Fprintf(w, "rank\t%-*s\tElo\t95%%\tgames\tscore\tmargin (discs)\t\n", width, "player")
	for i, r := range ratings {
		fmt.Fprintf(w, "%d\t%-*s\t%+.0f\t±%.0f\t%d\t%.1f%%\t%+.1f\t\n", i+1, width, r.Name, noNegativeZero(r.Elo), r.Error, r.Score.Games(), 100*r.Score.Fraction(), r.Score.AverageMargin())
	}
	w.Flush()
	b.WriteString("\nCrosstable (row's points against column, of the games between them):\n")
	t.WriteCrosstable(&b, ratings)
	return b.String()
}

// WriteCrosstable writes the points of each player against each other,
// players in the order of the rating list.
func (t *Table) WriteCrosstable(out io.Writer, ratings []Rating) {
	index := map[string]int{}
	for i, n := range t.Names {
		index[n] = i
	}
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	width := 0 // of the row labels, "1 name", aligned left
	for k, r := range ratings {
		width = max(width, utf8.RuneCountInString(fmt.Sprintf("%d %s", k+1, r.Name)))
	}
	fmt.Fprint(w, "\t")
	for k := range ratings {
		fmt.Fprintf(w, "%d\t", k+1)
	}
	fmt.Fprintln(w)
	for k, r := range ratings {
		i := index[r.Name]
		fmt.Fprintf(w, "%-*s\t", width, fmt.Sprintf("%d %s", k+1, r.Name))
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

// noNegativeZero returns v, or 0 if v rounds to 0, so that "%+.0f" writes
// "+0" and not "-0".
func noNegativeZero(v float64) float64 {
	if math.Round(v) == 0 {
		return 0
	}
	return v
}

// TournamentSummary is the JSON summary of a tournament.
type TournamentSummary struct {
	Players  []string        `json:"players"`
	Event    string          `json:"event"`
	Seed     uint64          `json:"seed"`
	Openings string          `json:"openings"`
	Rounds   int             `json:"rounds"`
	Rule     string          `json:"rule"`
	Time     string          `json:"time_control"`
	Shard    string          `json:"shard,omitempty"`
	Anchor   string          `json:"anchor,omitempty"`
	Ratings  []RatingSummary `json:"ratings"`
	// Crosstable holds the score of each player (row) against each
	// other it met (column).
	Crosstable map[string]map[string]ScoreSummary `json:"crosstable"`
}

// RatingSummary is one line of a TournamentSummary's rating list.
type RatingSummary struct {
	Name   string  `json:"name"`
	Elo    float64 `json:"elo"`
	Error  float64 `json:"error95"`
	Games  int     `json:"games"`
	Points float64 `json:"score_fraction"`
	Margin float64 `json:"average_margin"`
}

// ScoreSummary is the score of one player against another.
type ScoreSummary struct {
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
}

// Summarize returns the JSON summary of tournament m with its table and
// ratings: the openings named source, the rating list anchored on anchor,
// the time control (m.clocks), the shard if m plays one.
func (m *Tournament) Summarize(table *Table, ratings []Rating, anchor, source string) TournamentSummary {
	s := TournamentSummary{Players: m.Names, Event: m.Event, Seed: m.Seed, Openings: source, Rounds: len(m.Openings),
		Rule: m.Rule.String(), Time: m.clocks(), Shard: m.shardText(), Anchor: anchor, Crosstable: map[string]map[string]ScoreSummary{}}
	for _, r := range ratings {
		s.Ratings = append(s.Ratings, RatingSummary{Name: r.Name, Elo: r.Elo, Error: r.Error, Games: r.Score.Games(), Points: r.Score.Fraction(), Margin: r.Score.AverageMargin()})
	}
	for i, a := range table.Names {
		row := map[string]ScoreSummary{}
		for j, b := range table.Names {
			if sc := table.Scores[i][j]; i != j && sc.Games() > 0 {
				row[b] = ScoreSummary{Wins: sc.Wins, Draws: sc.Draws, Losses: sc.Losses}
			}
		}
		s.Crosstable[a] = row
	}
	return s
}

// MatchSummary returns the JSON summary of m, a match (a Tournament of
// two players, A first), before its games are counted: the players, the
// event, the seed, the openings named source, the rule, the time control
// (m.clocks), the games m's shard plays, the shard if m plays one, and
// sprt, the sequential test as the command line gave it ("" for none).
// MatchCount.Summarize (or Summary.Summarize) adds the score and the
// games.
func (m *Tournament) MatchSummary(source, sprt string) *Summary {
	return &Summary{Players: [2]string{m.Names[0], m.Names[1]}, Event: m.Event, Seed: m.Seed, Openings: source,
		Rule: m.Rule.String(), Time: m.clocks(), Shard: m.shardText(), Games: m.Scheduled(), SPRT: sprt}
}

// shardText is the shard of m as ParseShard reads it ("i/n"), or "" when
// m plays every game.
func (m *Tournament) shardText() string {
	if m.Shards <= 1 {
		return ""
	}
	return fmt.Sprintf("%d/%d", m.Shard, m.Shards)
}

// SummaryFile returns the name of the JSON summary kept beside the GGF
// record out: FILE.json for FILE.ggf (or for FILE).
func SummaryFile(out string) string { return strings.TrimSuffix(out, ".ggf") + ".json" }

// WriteResults writes the results of a tournament beside its GGF record
// out (FILE.ggf, or any name): the JSON summary s as FILE.json (WriteJSON)
// and the text report (Table.Report) as FILE.txt. It returns FILE.
func WriteResults(out string, s TournamentSummary, report string) (string, error) {
	base := strings.TrimSuffix(out, ".ggf")
	if err := WriteJSON(base+".json", s); err != nil {
		return "", err
	}
	return base, os.WriteFile(base+".txt", []byte(report), 0o644)
}
