// Package arena plays matches and tournaments between players and says
// what the results mean: score, Elo difference with its 95% interval,
// likelihood of superiority, sequential tests (SPRT), rating lists and
// crosstables.
//
// A match plays every opening twice, colours swapped, so that neither
// player gains from the openings (the XOT openings are built in, see XOT);
// games run in parallel (Tournament.Run). Tournament.RunRecorded records
// each game as it ends and resumes an interrupted run without replaying
// the games already recorded. A large run can be split into shards (game
// i goes to shard i mod n) run on different machines and put together
// afterwards (Merge). Table.Report writes the rating list and the
// crosstable; Summary and TournamentSummary are the JSON summaries.
//
// The package imports only the standard library.
package arena
