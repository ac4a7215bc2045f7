// Package arena plays matches and tournaments between players and says
// what the results mean: score, Elo difference with its 95% interval,
// likelihood of superiority, sequential tests (SPRT) and rating lists.
//
// A match plays every opening twice, colours swapped, so that neither
// player gains from the openings; games run in parallel, each is recorded
// as it ends, and an interrupted match resumes without replaying the games
// already recorded. A large match can be split into shards (game i goes to
// shard i mod n) run on different machines and merged afterwards.
//
// The package imports only the standard library.
package arena
