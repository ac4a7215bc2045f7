// The train label subcommand: positions of the training games labelled
// by deep selective searches and exact solves, for the second-generation
// evaluation.

package traincmd

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/reversi-engine/reversi/arena"
	"github.com/reversi-engine/reversi/cmd/internal/cli"
	"github.com/reversi-engine/reversi/eval/pattern"
	"github.com/reversi-engine/reversi/format/ggf"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/train"
)

// readGames reads the games of GGF files (the records of 'reversi match
// --out', say; gzipped if their names end in .gz) and names them: the files' base names and the first 16
// hex digits of the SHA-256 of their contents.
func readGames(files []string) ([]*game.Game, string, error) {
	var games []*game.Game
	sum := sha256.New()
	var names []string
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, "", fmt.Errorf("--games: %w", err)
		}
		var text io.Reader = bytes.NewReader(data)
		if strings.HasSuffix(file, ".gz") { // as committed: gzip
			zr, err := gzip.NewReader(text)
			if err != nil {
				return nil, "", fmt.Errorf("--games %s: %w", file, err)
			}
			text = zr
		}
		gs, err := ggf.Parse(text)
		if err != nil {
			return nil, "", fmt.Errorf("--games %s: %w", file, err)
		}
		if len(gs) == 0 {
			return nil, "", fmt.Errorf("--games %s: no game in it", file)
		}
		games = append(games, gs...)
		sum.Write(data)
		names = append(names, strings.ReplaceAll(filepath.Base(file), " ", "_"))
	}
	return games, strings.Join(names, "+") + "/" + hex.EncodeToString(sum.Sum(nil))[:16], nil
}

func runLabel(ctx context.Context, e *cli.Env, args []string) error {
	def := train.DefaultLabelConfig()
	fs := cli.NewFlags(e.Stderr, "train label", "[--work DIR] [--positions N] [--depth D] [--prob P] [--exact E] [--shard i/n]", help("train label"))
	cfg := def
	fs.StringVar(&cfg.Work, "work", "label-work", "folder of the label files (resumable)")
	fs.IntVar(&cfg.Positions, "positions", def.Positions, "positions of the whole set (all shards)")
	fs.Uint64Var(&cfg.Seed, "seed", def.Seed, "seed of the choice of positions")
	fs.IntVar(&cfg.Depth, "depth", def.Depth, "depth of the labelling searches")
	fs.IntVar(&cfg.Probability, "prob", def.Probability, "confidence of the searches' selective cuts, in percent (100: full width)")
	fs.IntVar(&cfg.ExactEmpties, "exact", def.ExactEmpties, "solve positions with this many empty squares or fewer")
	fs.IntVar(&cfg.MinEmpties, "min-empties", def.MinEmpties, "fewest empty squares of a position")
	fs.IntVar(&cfg.MaxEmpties, "max-empties", def.MaxEmpties, "most empty squares of a position")
	fs.IntVar(&cfg.Random, "random", def.Random, "percent of positions followed by one or two random moves")
	fs.IntVar(&cfg.Threads, "threads", runtime.NumCPU(), "positions labelled at once")
	shard := fs.String("shard", "0/1", "label only the positions i modulo n (i/n)")
	gamesFiles := fs.String("games", "", "GGF files of games (separated by commas) to take the positions from, instead of the WTHOR games")
	fs.BoolVar(&cfg.Every, "every", false, "label every position of the games once (up to symmetry, within the empties), none after random moves, instead of --positions drawn")
	if err := cli.Parse(fs, args); err != nil {
		return err
	}
	if cfg.Every {
		for _, name := range []string{"positions", "random"} {
			if cli.Given(fs, name) {
				return fmt.Errorf("--every labels every position of the games, none after random moves: give no --%s", name)
			}
		}
		cfg.Random = 0
	}
	if *gamesFiles != "" {
		var err error
		if cfg.Games, cfg.GamesID, err = readGames(strings.Split(*gamesFiles, ",")); err != nil {
			return err
		}
	}
	var err error
	if cfg.Shard, cfg.Shards, err = arena.ParseShard(*shard); err != nil {
		return fmt.Errorf("--shard %w", err)
	}
	cfg.Log = e.Stderr
	ev, err := pattern.Default()
	if err != nil {
		return fmt.Errorf("no trained evaluation: %w: labels need the trained evaluation", err)
	}
	file, err := train.Label(ctx, cfg, ev)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "labels: %s\n", file)
	return nil
}
