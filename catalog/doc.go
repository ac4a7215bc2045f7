// Package catalog is the catalog of players by name: it turns a spec such
// as "roxanne" or "evaporation:endgame=16,seed=3" into a player.Player.
//
// A spec is a player's name, optionally followed by a colon and its
// options as comma-separated key=value pairs:
//
//	random
//	random:seed=7
//	evaporation:endgame=16
//	positional:table=20/-3/11/8/-7/-4/1/2/2/-3
//
// Options that are not given keep their defaults. Every player that makes
// random choices has a seed option; without it the player takes the seed
// of its seat from [Env]. An entry of the catalog may instead take the
// whole text after the first colon as one argument (its Raw field names
// it), for players configured by free text such as a command line.
//
// The catalog is a fixed table ([Entries], [Lookup], [Names]); [Help]
// describes it for the command line. [Parse] checks a spec without
// building the player; [New] builds it:
//
//	black, err := catalog.New("roxanne", catalog.Env{Seed: 1})
//	...
//	white, err := catalog.New("evaporation:endgame=16", catalog.Env{Seed: 2})
//	...
//	g, err := referee.Play(ctx, black, white, referee.Config{})
//
// Errors are [*SpecError] values that name the spec and the part of it at
// fault, and list what would have been accepted.
//
// The catalog sits on its own floor, above the players and engines it
// builds (player/course, player/minimax, player/human, engine, mcts, nboard,
// gtp) and below the front-ends that let a user name a player (the
// command, the server, the terminal UI).
package catalog
