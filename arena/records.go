// Records: every finished game appended to a GGF file at once, read back
// to resume an interrupted match, and a JSON summary for scripts.

package arena

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"

	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/internal/atomicfile"
)

// Recorder appends games to a GGF file, one a line, each written and
// synced to the disk before Record returns: a crash loses no finished
// game.
type Recorder struct {
	f *os.File
}

// NewRecorder opens (or creates) the GGF file at path for appending.
func NewRecorder(path string) (*Recorder, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	return &Recorder{f: f}, nil
}

// Record appends g.
func (r *Recorder) Record(g *game.Game) error {
	if _, err := io.WriteString(r.f, ggf.Format(g)+"\n"); err != nil {
		return fmt.Errorf("recording game %s: %w", g.Info.Round, err)
	}
	return r.f.Sync()
}

// Close closes the file.
func (r *Recorder) Close() error { return r.f.Close() }

// ReadRecords reads the games of a GGF file written by a Recorder, by
// game index (Round - 1). A missing file holds no game. A file that
// cannot be read, or a game without a round number, or a number twice,
// is an error that names the file: resuming from it could replay or lose
// games. The file is read game by game (see ggf.Parse): a file that is not
// GGF is refused without being read whole.
func ReadRecords(path string) (map[int]*game.Game, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return map[int]*game.Game{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	games, err := ggf.Parse(f)
	if err != nil {
		return nil, fmt.Errorf("cannot use the records in %s: %w", path, err)
	}
	out := make(map[int]*game.Game, len(games))
	for i, g := range games {
		n, err := strconv.Atoi(g.Info.Round)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("cannot use the records in %s: game %d has no game number (not written by reversi match?)", path, i+1)
		}
		if _, dup := out[n-1]; dup {
			return nil, fmt.Errorf("cannot use the records in %s: game number %d appears twice", path, n)
		}
		if g.Result.Reason == game.InProgress {
			return nil, fmt.Errorf("cannot use the records in %s: game number %d has no result", path, n)
		}
		out[n-1] = g
	}
	return out, nil
}

// Summary is the JSON summary of a match.
type Summary struct {
	Players  [2]string `json:"players"`
	Event    string    `json:"event,omitempty"`
	Seed     uint64    `json:"seed"`
	Openings string    `json:"openings"`
	Rule     string    `json:"rule"`
	Time     string    `json:"time_control,omitempty"`
	Shard    string    `json:"shard,omitempty"`
	Games    int       `json:"games_scheduled"`
	// Score is player A's.
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
	Played int `json:"played"`
	// Distinct is how many of the games played differ from each other
	// (DistinctGames): less than Played when games repeat.
	Distinct int     `json:"distinct_games"`
	Points   float64 `json:"score_fraction"`
	Margin   float64 `json:"average_margin"`
	// Elo is the difference and its 95% interval (Score.Elo); null where
	// the results leave it unbounded: elo and elo_high after every game
	// won, elo_low then being the one-sided bound (the mirror after every
	// game lost). EloText says it as the terminal does.
	Elo     *float64 `json:"elo"`
	EloLow  *float64 `json:"elo_low"`
	EloHigh *float64 `json:"elo_high"`
	EloText string   `json:"elo_text"`
	LOS     float64  `json:"los"`
	// LostOnTime and LostByIllegal are the games that A and B (in this
	// order) lost on time and by illegal moves.
	LostOnTime    [2]int  `json:"lost_on_time"`
	LostByIllegal [2]int  `json:"lost_by_illegal_moves"`
	SPRT          string  `json:"sprt,omitempty"`
	LLR           float64 `json:"llr,omitempty"`
	Decision      string  `json:"sprt_decision,omitempty"`
	// Results lists every game played, in the order of their index.
	Results []GameSummary `json:"results"`
}

// GameSummary is one game of a Summary.
type GameSummary struct {
	Index   int     `json:"index"`
	Opening string  `json:"opening"`
	Black   string  `json:"black"`
	White   string  `json:"white"`
	ScoreA  float64 `json:"score_a"`
	MarginA int     `json:"margin_a"`
	Reason  string  `json:"reason"`
	Moves   string  `json:"moves"`
}

// finite returns &v, or nil for an infinite v (JSON has no infinities).
func finite(v float64) *float64 {
	if math.IsInf(v, 0) {
		return nil
	}
	return &v
}

// Summarize fills the score fields of s from score (player A's) and sets
// the results.
func (s *Summary) Summarize(score Score, results []Result) {
	s.Wins, s.Draws, s.Losses, s.Played = score.Wins, score.Draws, score.Losses, score.Games()
	s.Points, s.Margin = score.Fraction(), score.AverageMargin()
	elo, low, high := score.Elo()
	s.Elo, s.EloLow, s.EloHigh, s.EloText = finite(elo), finite(low), finite(high), score.EloText()
	s.LOS = score.LOS()
	s.Results = s.Results[:0]
	s.Distinct = DistinctGames(ResultGames(results))
	s.LostOnTime, s.LostByIllegal = [2]int{}, [2]int{}
	for _, r := range results {
		if who, ok := r.lostBy(game.Timeout); ok {
			s.LostOnTime[who]++
		}
		if who, ok := r.lostBy(game.IllegalMoves); ok {
			s.LostByIllegal[who]++
		}
		a, m := r.ForA()
		s.Results = append(s.Results, GameSummary{
			Index: r.Index, Opening: r.Opening.Moves, Black: r.Game.Info.Black, White: r.Game.Info.White,
			ScoreA: a, MarginA: m, Reason: r.Game.Result.Reason.String(), Moves: r.Game.Transcript(),
		})
	}
}

// WriteJSON writes v as indented JSON to path, through a temporary file
// renamed into place, so that a reader never sees half a file.
func WriteJSON(path string, v any) error {
	text, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(path, append(text, '\n'))
}

// DistinctGames returns how many of games differ from each other: in their
// players, their colours or their moves. Players that choose their moves
// alike (fixed-depth engines without randomness, a book played without
// it) play the same game again from the same opening, and a match that
// counts each repeat as a game of its own is surer of its score than its
// few games allow: its interval is too narrow. DistinctGames says how
// many games a score really rests on.
func DistinctGames(games []*game.Game) int {
	seen := make(map[[3]string]struct{}, len(games))
	for _, g := range games {
		seen[[3]string{g.Info.Black, g.Info.White, g.TranscriptWithPasses()}] = struct{}{}
	}
	return len(seen)
}

// ResultGames returns the records of results, in their order.
func ResultGames(results []Result) []*game.Game {
	games := make([]*game.Game, len(results))
	for i, r := range results {
		games[i] = r.Game
	}
	return games
}

// RepeatNote returns a line that says how many of played games are
// distinct when some repeat (DistinctGames), or "" when none does.
func RepeatNote(distinct, played int) string {
	if distinct >= played {
		return ""
	}
	return fmt.Sprintf("distinct games: %d of %d; the others repeat one of them, and the Elo interval counts every repeat as a game of its own, so it is too narrow: give the players randomness or more openings\n", distinct, played)
}
