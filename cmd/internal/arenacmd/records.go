// The records subcommand: the figures of a match's records for one of its
// players (arena.Stats), and the difference game by game with another
// match on the same openings (arena.Pair).

package arenacmd

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/game"
)

// Records runs reversi records with args: a match's GGF record and the
// flags.
func Records(ctx context.Context, e *cli.Env, args []string) error {
	fs := cli.NewFlags(e.Stderr, "records", "MATCH.ggf [--player NAME] [--against OTHER.ggf] [--marks 44,36,30,24,20,14]", help("records"))
	player := fs.String("player", "", "the player the figures are of: a part of its name that the other's lacks (default: Black of the first game)")
	against := fs.String("against", "", "another match's record on the same openings (its seed and settings): the difference game by game")
	marks := fs.String("marks", joinInts(arena.DefaultMarks), "counts of empty squares to read the players' values at, separated by commas")
	files, rest := cli.Positional(fs, args, 1)
	if err := cli.Parse(fs, rest); err != nil {
		return err
	}
	if len(files) != 1 {
		fmt.Fprintln(e.Stderr, "reversi records: give one match's record")
		fs.Usage()
		return cli.ErrUsage
	}
	at, err := parseMarks(*marks)
	if err != nil {
		return fmt.Errorf("--marks %s: %w", *marks, err)
	}
	games, a, b, err := readMatch(files[0], *player)
	if err != nil {
		return err
	}
	var other map[int]*game.Game
	var aThere string
	if *against != "" {
		if other, aThere, _, err = readMatch(*against, *player); err != nil {
			return fmt.Errorf("--against: %w", err)
		}
	}
	s := arena.Stats(games, a, b, arena.DefaultTimeBands, at)
	fmt.Fprintf(e.Stdout, "%s: %s\n", files[0], cli.Counted(len(games), "game"))
	writeStats(e.Stdout, s)
	if other != nil {
		p := arena.Pair(games, a, other, aThere, at)
		fmt.Fprintf(e.Stdout, "\nagainst %s (A: %s): %s of the same number, opening and colours", *against, aThere, cli.Counted(p.Games, "game"))
		if p.Unpaired > 0 {
			fmt.Fprintf(e.Stdout, "; %d of the same number with another opening or colours, left out", p.Unpaired)
		}
		fmt.Fprintln(e.Stdout)
		if p.Games > 0 {
			fmt.Fprintf(e.Stdout, "A scored %.1f%% here, %.1f%% there: %+.1f ± %.1f points (95%%)\n", 100*p.Here, 100*p.There, p.Diff, p.Half)
			writePairedMarks(e.Stdout, p.Marks)
		}
	}
	return ctx.Err()
}

// readMatch reads a match's record and finds its players.
func readMatch(file, player string) (games map[int]*game.Game, a, b string, err error) {
	games, err = arena.ReadRecords(file)
	if err != nil {
		return nil, "", "", err
	}
	if len(games) == 0 {
		return nil, "", "", fmt.Errorf("%s: no games (no such file, or it holds none)", file)
	}
	a, b, err = arena.RecordPlayers(games, player)
	if err != nil {
		return nil, "", "", fmt.Errorf("%s: %w", file, err)
	}
	return games, a, b, nil
}

// writeStats writes the figures: the score, the time a game, the time a
// move by empties, the values by mark.
func writeStats(w io.Writer, s arena.RecordStats) {
	fmt.Fprintf(w, "A: %s\nB: %s\n", s.A, s.B)
	fmt.Fprintf(w, "A: %s\n", s.Score)
	if s.TimedGames == 0 {
		fmt.Fprintln(w, "no move records a time")
	} else {
		fmt.Fprintf(w, "time a game (%s with times): A %s, B %s\n", cli.Counted(s.TimedGames, "game"), seconds(s.GameTime[0]), seconds(s.GameTime[1]))
		fmt.Fprintf(w, "\n%-22s", "empties")
		for _, b := range s.Bands {
			fmt.Fprintf(w, "%8s", fmt.Sprintf("%d-%d", b.Min, b.Max))
		}
		for side, name := range []string{"A", "B"} {
			fmt.Fprintf(w, "\n%-22s", name+": s a move")
			for _, b := range s.Bands {
				if b.Moves[side] == 0 {
					fmt.Fprintf(w, "%8s", "-")
				} else {
					fmt.Fprintf(w, "%8.3f", b.MoveTime[side].Seconds())
				}
			}
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\nvalues from A's side at each side's first move at or below\n%-22s", "empties")
	for _, m := range s.Marks {
		fmt.Fprintf(w, "%8d", m.Empties)
	}
	for side, name := range []string{"A's", "B's"} {
		fmt.Fprintf(w, "\n%-22s", name+" values")
		for _, m := range s.Marks {
			if m.Games[side] == 0 {
				fmt.Fprintf(w, "%8s", "-")
			} else {
				fmt.Fprintf(w, "%+8.2f", m.Value[side])
			}
		}
		fmt.Fprintf(w, "\n%-22s", "  games")
		for _, m := range s.Marks {
			fmt.Fprintf(w, "%8d", m.Games[side])
		}
	}
	fmt.Fprintln(w)
}

// writePairedMarks writes the difference of B's values, here less there,
// at each mark.
func writePairedMarks(w io.Writer, marks []arena.PairedMark) {
	fmt.Fprintf(w, "B's values, here less there (discs, A's side)\n%-22s", "empties")
	for _, m := range marks {
		fmt.Fprintf(w, "%8d", m.Empties)
	}
	fmt.Fprintf(w, "\n%-22s", "difference")
	for _, m := range marks {
		if m.Games == 0 {
			fmt.Fprintf(w, "%8s", "-")
		} else {
			fmt.Fprintf(w, "%+8.2f", m.Diff)
		}
	}
	fmt.Fprintf(w, "\n%-22s", "  ± (95%)")
	for _, m := range marks {
		fmt.Fprintf(w, "%8.2f", m.Half)
	}
	fmt.Fprintf(w, "\n%-22s", "  games")
	for _, m := range marks {
		fmt.Fprintf(w, "%8d", m.Games)
	}
	fmt.Fprintln(w)
}

// seconds writes a duration in seconds, "12.0 s".
func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s" }

// parseMarks reads counts of empty squares separated by commas.
func parseMarks(text string) ([]int, error) {
	var out []int
	for f := range strings.SplitSeq(text, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 || n > 60 {
			return nil, fmt.Errorf("%q is not a count of empty squares (0 to 60)", f)
		}
		out = append(out, n)
	}
	return out, nil
}

// joinInts writes numbers separated by commas.
func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}
