// The store interfaces and the records they keep.

package store

import (
	"context"
	"errors"
	"time"
)

// Errors of every implementation.
var (
	// ErrNotFound: no game has that id.
	ErrNotFound = errors.New("store: no such game")
	// ErrConflict: the game is not in the state the change expects (the
	// move number is taken, the seat is taken, the game is over).
	ErrConflict = errors.New("store: the game changed meanwhile")
)

// SeatKind says who sits at a seat.
type SeatKind string

// The kinds of seats.
const (
	// Open: nobody yet; anyone may take it.
	Open SeatKind = "open"
	// Human: a person in a browser.
	Human SeatKind = "human"
	// Bot: a program playing through the API.
	Bot SeatKind = "bot"
	// Builtin: one of reversi's players, run by the server (Spec).
	Builtin SeatKind = "builtin"
)

// Seat is one side of a game.
type Seat struct {
	Kind SeatKind
	Name string
	// Spec is the player spec of a built-in player.
	Spec string
	// TokenHash is the SHA-256 (hex) of the seat's secret token; empty
	// for an open or built-in seat.
	TokenHash string
}

// Move is a move of a game (passes included).
type Move struct {
	// Ply is the move's number, from 0.
	Ply int
	// Color is 0 for Black, 1 for White.
	Color int
	// Square is "A1".."H8", or "PA" for a pass.
	Square string
	// Elapsed is the time the player took.
	Elapsed time.Duration
	// Eval is the player's evaluation, if HasEval.
	Eval    float64
	HasEval bool
	// Thinking is what the player reported (JSON), if anything.
	Thinking string
	// At is when the move was accepted.
	At time.Time
}

// Result is how a game ended.
type Result struct {
	// Reason: "normal end", "resignation", "timeout", "illegal moves",
	// "forfeit", "stopped and counted", "abandoned" (game.Reason's
	// String).
	Reason string
	// Winner: "black", "white" or "none" (a draw).
	Winner string
	// By: the colour the reason applies to ("black", "white", "none").
	By string
	// Black and White are the final disc counts.
	Black, White int
	Detail       string
}

// Game is a stored game.
type Game struct {
	ID string
	// Revision counts the changes of the game (creation, seats, moves,
	// undos, result): the same number in every process that reads it.
	Revision int64
	Created  time.Time
	Updated  time.Time
	// Rule is the rule variant ("standard", "no-adjacent").
	Rule string
	// Start is the start position, 64 squares and the side to move.
	Start string
	// MoveTime and GameTime are the clocks (0: none).
	MoveTime, GameTime time.Duration
	// Increment is added to a player's game clock after each of its
	// moves (a Fischer clock, e.g. GameTime 5m and Increment 3s); 0:
	// none. Games stored before it existed have none.
	Increment time.Duration
	// Seats are Black's and White's.
	Seats [2]Seat
	// Moves are the moves so far, in order.
	Moves []Move
	// Result is nil while the game goes on.
	Result *Result
	// Rematch is where the rematch of a finished game stands (see
	// Store.Rematch); zero if nobody asked.
	Rematch Rematch
	// Switches are the numbers of moves played when its seats were
	// swapped (SwapSeats), in order: each move was made by the seat that
	// holds the other colour now once for each switch after it (the
	// moves from Switches[i] on were made after switch i). An undo to
	// before a switch brings it back to the move undone to (see
	// SwitchesUpTo). Games stored before they were kept have none.
	Switches []int
	// Analysis marks a game created as an analysis game: the server helps
	// both sides (its book, its analyses of the position) while it goes
	// on, which it does not in other games between two remote seats.
	// Games stored before it existed are not.
	Analysis bool
	// OpeningMoves is how many of the game's first moves were given when
	// it was made (a transcript, a GGF game's moves, an opening the server
	// drew): its start, which a rematch plays again. Games stored before
	// it was kept have 0.
	OpeningMoves int
	// Link, in a game given to Store.Create, ties it to accounts in the
	// same transaction (a store that implements Accounts; the accounts
	// must exist, a rated link needs two and a class, as LinkGame
	// wants): a game made for two accounts is never stored without
	// them, whatever crashes. Reading a game leaves it nil: its link is
	// Accounts.GameLink's.
	Link *GameLink
}

// SwitchesUpTo are switches (Game.Switches) once the moves from ply on
// are taken back: a switch after ply is at ply, since the moves made
// from there on are the seats' as they are now.
func SwitchesUpTo(switches []int, ply int) []int {
	out := make([]int, 0, len(switches))
	for _, n := range switches {
		out = append(out, min(n, ply))
	}
	return out
}

// Rematch is where the rematch of a finished game between two people
// stands: who asked for one, and the new game once both did.
type Rematch struct {
	// Offered says which sides asked, by colour (0 Black, 1 White).
	Offered [2]bool
	// Game is the id of the new game, "" until both sides asked and it
	// was made.
	Game string
}

// Summary is a game in a list.
type Summary struct {
	ID       string
	Created  time.Time
	Updated  time.Time
	Black    string
	White    string
	Plies    int
	Finished bool
	Result   *Result
	// Open: a seat is open (the game waits for a player to join).
	Open bool
	// Rule and Start are the game's rule variant and start position, as
	// in Game.
	Rule, Start string
	// FirstMoves are the squares of the game's first moves (as
	// Move.Square), at most SummaryMoves of them: enough to name its
	// opening. Only with ListOptions.FirstMoves; they stop at a gap in the
	// stored moves.
	FirstMoves []string
}

// SummaryMoves is how many of a game's first moves a Summary holds: more
// than the longest named opening (package opening).
const SummaryMoves = 40

// ListOptions filter a list of games.
type ListOptions struct {
	// Live lists only games in progress; Finished only finished ones;
	// neither: all.
	Live, Finished bool
	// Unclaimed lists only games whose claim (see Cluster.Claim) has
	// expired or was never made.
	Unclaimed bool
	// Limit bounds the list (0: 100); the most recently updated first.
	Limit int
	// FirstMoves fills each Summary's FirstMoves (a second query); without
	// it they are nil.
	FirstMoves bool
}

// Store keeps games. Implementations are safe for concurrent use.
type Store interface {
	// Create stores a new game with its first moves, if it has any (its
	// Result empty), at once: nobody reads it without them. Its ID must
	// be new.
	Create(ctx context.Context, g *Game) error
	// Get returns a game with its moves; ErrNotFound if there is none.
	Get(ctx context.Context, id string) (*Game, error)
	// List returns summaries of games, the most recently updated first.
	List(ctx context.Context, opts ListOptions) ([]Summary, error)
	// TakeSeat fills an open seat (color 0 or 1); ErrConflict if it is
	// not open or the game is over.
	TakeSeat(ctx context.Context, id string, color int, seat Seat) error
	// SwapSeats exchanges the two seats of a game in play (each keeps
	// its kind, name, spec and token, in the other colour): a player
	// against the computer switching sides, noted in Game.Switches;
	// ErrConflict if the game is over. Truncate brings the switches
	// after the moves it takes back to its ply (SwitchesUpTo).
	SwapSeats(ctx context.Context, id string) error
	// AppendMove adds a move; ErrConflict unless m.Ply is the number of
	// moves so far and the game is not over. It returns once committed.
	AppendMove(ctx context.Context, id string, m Move) error
	// Truncate takes back the moves from number ply on (an undo);
	// ErrConflict if the game is over or has no move ply.
	Truncate(ctx context.Context, id string, ply int) error
	// Finish records the result; ErrConflict if the game is over,
	// ErrRated if it is rated (see Accounts.FinishRated).
	Finish(ctx context.Context, id string, r Result) error
	// Rematch records that the side of colour color (0 or 1) asks for a
	// rematch of the finished game id, and returns where its rematch
	// stands. Once both sides have asked, a call with next makes next
	// the rematch: it creates it as Create does (Moves and Result
	// empty; its ID must be new) and records its id, in the same
	// transaction, unless a rematch was made already (then next is not
	// stored): of calls at the same moment, in any processes, exactly
	// one makes the game. A call without next never creates one. An
	// offer or a rematch recorded counts in the game's revision; asking
	// again changes nothing. ErrNotFound if there is no such game,
	// ErrConflict if it is not over.
	Rematch(ctx context.Context, id string, color int, next *Game) (Rematch, error)
	// Close releases the store's resources.
	Close() error
}

// Cluster is what several server processes on one database need of the
// store besides the games: claims, so that each game is refereed by one
// process at a time, and submissions, the decisions of remote seats that
// a process hands to the game's referee in another. A store that
// implements Store, Cluster and Notifier can be shared by several
// processes (see Shared).
type Cluster interface {
	// Claim gives the game's refereeing to owner until the given time,
	// if nobody else holds an unexpired claim (several servers on one
	// database referee each game once); it reports whether owner holds
	// it now. ErrNotFound if there is no such game.
	Claim(ctx context.Context, id, owner string, until time.Time) (bool, error)
	// Renew extends until the given time the claims that owner holds on
	// the games of ids, in one go, and returns the games whose claim owner
	// still held, with their revisions.
	Renew(ctx context.Context, owner string, ids []string, until time.Time) (map[string]int64, error)
	// Submit stores a decision of a remote seat for the process that
	// referees the game (see Submission); its ID must be new.
	Submit(ctx context.Context, sub Submission) error
	// Pending returns the undecided submissions of a game, oldest first.
	Pending(ctx context.Context, game string) ([]Submission, error)
	// Decide records the verdict of a submission ("" for accepted);
	// ErrConflict if it was decided already, ErrNotFound if there is
	// none.
	Decide(ctx context.Context, id, verdict string) error
	// Submission returns a submission by its id.
	Submission(ctx context.Context, id string) (*Submission, error)
	// SwapSeatsFor swaps the seats as SwapSeats does and accepts the
	// "switch" submission of that id, in one transaction: a switch is
	// made once however many times its submission is read as pending.
	// ErrConflict if the game is over or the submission decided already,
	// and nothing changes; ErrNotFound if either does not exist.
	SwapSeatsFor(ctx context.Context, game, submission string) error
}

// Shared is a store several server processes use at once: the games,
// the claims and submissions between the processes, and the
// announcements of every change (PostgreSQL's store/postgres).
type Shared interface {
	Store
	Cluster
	Notifier
}

// Submission is a move, resignation, undo or switch of sides sent to a
// server process that does not referee the game: it waits in the store until the
// referee's process decides it.
type Submission struct {
	ID   string
	Game string
	// TokenHash is the hash of the token that sent it.
	TokenHash string
	// Action is "move", "resign", "count" (stop and count the discs),
	// "undo" or "switch" (the seats swapped: see SwapSeats); Square the
	// move's square.
	Action, Square string
	Created        time.Time
	// Decided is set with the Verdict: "" accepted, else the refusal.
	Decided bool
	Verdict string
}

// Notifier is a store that tells other processes on the same database
// of changes to games (PostgreSQL's LISTEN/NOTIFY): several server
// processes can share it.
type Notifier interface {
	// Listen calls f with a note of every change of a game, submission
	// and verdict, made by any process (this one included), until ctx
	// ends. It first calls f with an empty Note once it listens: changes
	// made before may have been missed.
	Listen(ctx context.Context, f func(Note)) error
}

// Note is an announcement of news of a game.
type Note struct {
	Game string
	// Submission: a submission was made or decided (see Cluster.Submit);
	// otherwise the game itself changed.
	Submission bool
}
