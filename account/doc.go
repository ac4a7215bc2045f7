// Package account is the rated arena's accounts (issue 34): the rules
// of names and passwords, the hashing of passwords, the secrets that
// authenticate (session tokens, bot API keys, invitation codes), the
// time-control classes of ratings and the Glicko-2 rating of a game. It
// decides and computes; package store keeps (store.Accounts).
//
// # People and bots
//
// A person has a name and a password ([NewPerson]); a bot has a name and
// an owner, a person, and plays with API keys ([NewBot], [NewAPIKey]).
// A name ([ValidateName]) has 3 to 20 characters, ASCII letters, digits,
// '-' and '_', begins with a letter, ends with a letter or digit, is not
// reserved ([Reserved]: the server's words and the built-in players'
// names), and is unique regardless of case ([NameKey], which the stores
// use too). An operator may disable an account: its sessions and keys,
// and its bots' keys, stop working.
//
// # Passwords
//
// A password ([ValidatePassword]) has at least 8 characters and at most
// 256 bytes (a bound on what a request makes the server hash), valid
// UTF-8 without control characters. It is hashed with argon2id
// (golang.org/x/crypto/argon2, RFC 9106) with [DefaultParams]: 19 MiB of
// memory, 2 passes, 1 thread, a 16-byte random salt, a 32-byte hash
// (OWASP's first recommended configuration), written as a PHC string
// ($argon2id$v=19$m=19456,t=2,p=1$salt$hash) that carries its
// parameters. [VerifyPassword] compares in constant time; [VerifyAbsent]
// spends the same time on a name without an account; [NeedsRehash] says
// when a login should store a hash with today's parameters ([Login] does
// all three). A stored hash with parameters beyond sane bounds (1 GiB,
// 64 passes) is refused rather than computed.
//
// # Secrets
//
// Session tokens (256 bits), API keys (256 bits, "rvk_" then base32)
// and invitation codes (128 bits) come from crypto/rand, are shown once,
// and are stored only as their SHA-256 ([HashToken]): being random they
// need no slow hash. An API key's first 12 characters ([VisiblePrefix],
// "rvk_" and 8 random ones) are stored in clear to name it in its
// owner's list.
//
// # Ratings
//
// Ratings are Glicko-2 (package glicko) and kept per time-control
// [Class]. [Classify] classes a clock by the time one player may spend
// on a game ([Estimate]): a game clock's time plus 30 increments (an
// Othello game has 30 moves a player), a move clock's time 30 times, the
// smaller of the two when both are set. Under 3 minutes is [Bullet],
// under 8 [Blitz], under 25 [Rapid], under a day [Classical] (the
// course's 60 s a move is 30 minutes), then [Correspondence]; a game
// without a clock is [Unlimited] and never rated.
//
// Each rated game is a rating period of its own for each player
// ([RateGame]), against the opponent's rating before the game, as lichess
// rates; a player back after whole weeks without a rated game of the
// class is first made less sure by as many idle periods
// ([Rater.Period]). A game of fewer than two moves rates nobody. A
// rating whose deviation is above 110 is provisional ([Provisional]).
// [Rater.Rate] is the store.Rater that store.Accounts.FinishRated runs
// inside the transaction that records the result: the result, both
// ratings and their history are written together, once, whichever
// server finishes the game.
//
// It imports glicko, store and golang.org/x/crypto; the server will use
// it for its accounts, logins, keys and rated games.
package account
