// Package arena plays matches and tournaments between players and says
// what the results mean: score, Elo difference with its 95% interval,
// likelihood of superiority, sequential tests (SPRT), rating lists and
// crosstables.
//
// A match plays every opening twice, colours swapped, so that neither
// player gains from the openings (the XOT openings are built in, see XOT;
// OpeningSource takes them, random ones or a file by the names a command
// line gives); games run in parallel (Tournament.Run), a player with time
// odds on a clock of its own (Tournament.Odds, OddsClock).
// Tournament.RunRecorded records
// each game as it ends and resumes an interrupted run without replaying
// the games already recorded. A large run can be split into shards (game
// i goes to shard i mod n) run on different machines and put together
// afterwards (Merge). Table.Report writes the rating list and the
// crosstable; Summary and TournamentSummary are the JSON summaries
// (Tournament.MatchSummary, Tournament.Summarize), kept beside the record
// (SummaryFile, WriteResults).
// MatchCount is a match's running score, with the games lost on time and
// by illegal moves, and its sequential test, with the line its progress
// shows and the report at its end (MatchCount.Status, MatchCount.Report);
// CheckNames and Anchor check a tournament's players and choose the
// player rated 0. Games is a run of many games from one position, each
// player keeping its colour, Games.Tally adds them up and Tally.Report
// reports them (reversi play --games).
//
// It imports board, game, player, referee (every game is refereed),
// format/ggf (the records), data/xot (the XOT openings) and
// internal/workers (the games in parallel), and only the standard library
// beside them. The command runs it (cmd/internal/arenacmd: match,
// tournament, merge; cmd/internal/playcmd: play --games),
// cmd/internal/plot draws its results, and the server takes its openings
// and its Elo scale.
package arena
