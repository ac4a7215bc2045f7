// Package arenacmd is reversi's commands of the arena: match (two
// players over many games: score, Elo with its interval, SPRT, time
// odds), tournament (a round robin: crosstable and rating list) and
// merge (the records of the shards or runs of either, put together).
//
// Match and tournament share their flags (the openings, the clocks, the
// players' settings, the shard) and their run: arena.Tournament's
// recorded run, resumed from its --out file, with progress and news of
// the score as it goes. The work, the statistics and the reports are
// package arena's, the players catalog's, the plots cmd/internal/plot's.
// Their descriptions are help/match.txt, tournament.txt and merge.txt,
// embedded.
package arenacmd
