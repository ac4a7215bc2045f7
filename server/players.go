// The pages of the rated arena's players, as the API gives them: an
// account's profile and ratings, its games, the openings it played, its
// rating history in a class (the graph's points), and a class's
// leaderboard. Anyone may read them; nothing private (no key, no
// password, no session) is in them.

package server

import (
	"errors"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/account"
	"github.com/reversi-engine/reversi/store"
)

// RatingView is an account's rating in a class: its value, its
// deviation (the rating is within about twice it), the rated games
// counted, and whether it is provisional (too few games to be sure).
type RatingView struct {
	Class       string    `json:"class"`
	Rating      float64   `json:"rating"`
	Deviation   float64   `json:"deviation"`
	Games       int       `json:"games"`
	Provisional bool      `json:"provisional"`
	Updated     time.Time `json:"updated"`
}

func viewRating(r store.Rating) RatingView {
	return RatingView{Class: r.Class, Rating: round1(r.Rating), Deviation: round1(r.Deviation), Games: r.Games,
		Provisional: account.Provisional(r), Updated: r.Updated.UTC()}
}

// round1 rounds to a tenth.
func round1(x float64) float64 { return math.Round(x*10) / 10 }

// ProfileView is GET /api/accounts/{name}: the account (a bot with its
// owner's name, a person with its bots' names), whether it is disabled,
// and its ratings, a class each.
type ProfileView struct {
	Account   AccountView  `json:"account"`
	OwnerName string       `json:"owner_name,omitempty"`
	Bots      []string     `json:"bots,omitempty"`
	Disabled  bool         `json:"disabled,omitempty"`
	Ratings   []RatingView `json:"ratings"`
}

// AccountGameItem is a game of an account's list: the game, the colour
// the account played, and whether it was rated; in a player's list
// (GET /api/accounts/{name}/games), the name of the account it played,
// if an account played the other seat.
type AccountGameItem struct {
	GameItem
	Color    string `json:"color"`
	Rated    bool   `json:"rated,omitempty"`
	Opponent string `json:"opponent,omitempty"`
}

// playerRoutes adds the players' pages through api (see routes).
func (s *Server) playerRoutes(api func(pattern, route string, h http.HandlerFunc)) {
	api("GET /api/accounts/{name}", "profile", s.handleProfile)
	api("GET /api/accounts/{name}/games", "account_games", s.handleAccountGames)
	api("GET /api/accounts/{name}/history", "rating_history", s.handleRatingHistory)
	api("GET /api/accounts/{name}/openings", "account_openings", s.handleAccountOpenings)
	api("GET /api/leaderboard", "leaderboard", s.handleLeaderboard)
	api("GET /api/account/games", "my_games", s.handleMyGames)
}

// namedAccount returns the account of the request's {name}, or answers
// 404 (or 501, 503) and nil.
func (s *Server) namedAccount(w http.ResponseWriter, r *http.Request) (store.Accounts, *store.Account) {
	accounts := s.accounts(w)
	if accounts == nil {
		return nil, nil
	}
	name := r.PathValue("name")
	if len(name) > 64 {
		accountError(w, http.StatusNotFound, CodeNoSuchAccount, "no account of that name")
		return nil, nil
	}
	a, err := accounts.AccountByName(r.Context(), name)
	if errors.Is(err, store.ErrNoAccount) {
		accountError(w, http.StatusNotFound, CodeNoSuchAccount, "no account of that name")
		return nil, nil
	}
	if err != nil {
		s.accountsFailed(w, r, err)
		return nil, nil
	}
	return accounts, a
}

func (s *Server) handleProfile(w http.ResponseWriter, r *http.Request) {
	accounts, a := s.namedAccount(w, r)
	if a == nil {
		return
	}
	ctx := r.Context()
	out := ProfileView{Account: viewAccount(a), Disabled: a.Disabled, Ratings: []RatingView{}}
	ratings, err := accounts.Ratings(ctx, a.ID)
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	for _, rt := range ratings {
		out.Ratings = append(out.Ratings, viewRating(rt))
	}
	switch a.Kind {
	case store.BotAccount:
		owner, err := accounts.Account(ctx, a.Owner)
		if err != nil {
			s.accountsFailed(w, r, err)
			return
		}
		out.OwnerName = owner.Name
	case store.Person:
		bots, err := accounts.Bots(ctx, a.ID)
		if err != nil {
			s.accountsFailed(w, r, err)
			return
		}
		for _, b := range bots {
			out.Bots = append(out.Bots, b.Name)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleAccountGames(w http.ResponseWriter, r *http.Request) {
	opts, ok := listOptions(w, r)
	if !ok {
		return
	}
	accounts, a := s.namedAccount(w, r)
	if a == nil {
		return
	}
	games, err := accounts.AccountGames(r.Context(), a.ID, opts)
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	out := []AccountGameItem{}
	names := map[string]string{} // the opponents' names by id, each read once
	for _, g := range games {
		if g.Open && !g.Finished {
			continue // waiting for an invited player: private
		}
		item := AccountGameItem{GameItem: gameItem(g.Summary), Color: []string{"black", "white"}[g.Color&1], Rated: g.Link.Rated}
		if id := g.Link.Accounts[1-g.Color&1]; id != "" && id != a.ID {
			name, ok := names[id]
			if !ok {
				o, err := accounts.Account(r.Context(), id)
				if err != nil {
					s.accountsFailed(w, r, err)
					return
				}
				name, names[id] = o.Name, o.Name
			}
			item.Opponent = name
		}
		out = append(out, item)
	}
	writeJSON(w, http.StatusOK, map[string]any{"games": out})
}

// classParam reads a rating class (key's parameter); false (answered) if
// it is none of account.Classes.
func classParam(w http.ResponseWriter, r *http.Request) (string, bool) {
	c := r.URL.Query().Get("class")
	for _, k := range account.Classes {
		if string(k) == c {
			return c, true
		}
	}
	names := make([]string, len(account.Classes))
	for i, k := range account.Classes {
		names[i] = string(k)
	}
	writeError(w, http.StatusBadRequest, CodeBadRequest, "class: want one of "+strings.Join(names, ", "))
	return "", false
}

// ColorScore is how an account did with one colour in some games: the
// games, its wins, draws and losses, and its score (a win 1, a draw
// half; 0 without games).
type ColorScore struct {
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Score  float64 `json:"score"`
}

// add counts a game's result for the account: winner is the result's
// ("black", "white", "none"), color the account's.
func (c *ColorScore) add(winner, color string) {
	c.Games++
	switch winner {
	case color:
		c.Wins++
	case "none":
		c.Draws++
	default:
		c.Losses++
	}
	c.Score = math.Round((float64(c.Wins)+float64(c.Draws)/2)/float64(c.Games)*1000) / 1000
}

// OpeningPlayed is an opening of an account's finished games: its name
// (Opening with its other names, OpeningName alone, as GameItem gives
// them), the games and how the account scored with each colour.
type OpeningPlayed struct {
	Opening     string     `json:"opening"`
	OpeningName string     `json:"opening_name"`
	Games       int        `json:"games"`
	Black       ColorScore `json:"black"`
	White       ColorScore `json:"white"`
}

// OpeningsView is GET /api/accounts/{name}/openings: the openings of the
// account's most recent finished games (at most limit), the most played
// first, and how many of those games have no named opening (another
// start, or first moves no opening names).
type OpeningsView struct {
	Account  string          `json:"account"`
	Games    int             `json:"games"`
	Unnamed  int             `json:"unnamed"`
	Openings []OpeningPlayed `json:"openings"`
}

// maxOpeningGames is the most games GET .../openings reads.
const maxOpeningGames = 1000

func (s *Server) handleAccountOpenings(w http.ResponseWriter, r *http.Request) {
	limit := 500
	if l := r.URL.Query().Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > maxOpeningGames {
			writeError(w, http.StatusBadRequest, CodeBadRequest, "limit: want 1 to "+strconv.Itoa(maxOpeningGames))
			return
		}
		limit = n
	}
	accounts, a := s.namedAccount(w, r)
	if a == nil {
		return
	}
	games, err := accounts.AccountGames(r.Context(), a.ID, store.ListOptions{Finished: true, Limit: limit, FirstMoves: true})
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	out := OpeningsView{Account: a.Name, Openings: []OpeningPlayed{}}
	index := map[string]int{} // an opening's place in out.Openings
	for _, g := range games {
		if !g.Finished || g.Result == nil {
			continue
		}
		out.Games++
		full, name := summaryOpening(g.Summary)
		if full == "" {
			out.Unnamed++
			continue
		}
		i, ok := index[full]
		if !ok {
			i = len(out.Openings)
			index[full] = i
			out.Openings = append(out.Openings, OpeningPlayed{Opening: full, OpeningName: name})
		}
		o := &out.Openings[i]
		o.Games++
		if color := []string{"black", "white"}[g.Color&1]; color == "black" {
			o.Black.add(g.Result.Winner, color)
		} else {
			o.White.add(g.Result.Winner, color)
		}
	}
	slices.SortStableFunc(out.Openings, func(x, y OpeningPlayed) int {
		if x.Games != y.Games {
			return y.Games - x.Games
		}
		return strings.Compare(x.Opening, y.Opening)
	})
	writeJSON(w, http.StatusOK, out)
}

// HistoryPoint is an account's rating after a rated game.
type HistoryPoint struct {
	Game      string    `json:"game"`
	Rating    float64   `json:"rating"`
	Deviation float64   `json:"deviation"`
	At        time.Time `json:"at"`
}

func (s *Server) handleRatingHistory(w http.ResponseWriter, r *http.Request) {
	class, ok := classParam(w, r)
	if !ok {
		return
	}
	accounts, a := s.namedAccount(w, r)
	if a == nil {
		return
	}
	points, err := accounts.RatingHistory(r.Context(), a.ID, class)
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	out := []HistoryPoint{}
	for _, p := range points {
		out = append(out, HistoryPoint{Game: p.Game, Rating: round1(p.Rating), Deviation: round1(p.Deviation), At: p.At.UTC()})
	}
	writeJSON(w, http.StatusOK, map[string]any{"account": a.Name, "class": class, "points": out})
}

// LeaderboardEntry is a place of a class's leaderboard.
type LeaderboardEntry struct {
	Rank int    `json:"rank"`
	Name string `json:"name"`
	Kind string `json:"kind"`
	RatingView
}

func (s *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) {
	class, ok := classParam(w, r)
	if !ok {
		return
	}
	limit := 50
	if l := r.URL.Query().Get("limit"); l != "" {
		n, err := strconv.Atoi(l)
		if err != nil || n < 1 || n > 100 {
			writeError(w, http.StatusBadRequest, CodeBadRequest, "limit: want 1 to 100")
			return
		}
		limit = n
	}
	accounts := s.accounts(w)
	if accounts == nil {
		return
	}
	ratings, err := accounts.Leaderboard(r.Context(), class, limit)
	if err != nil {
		s.accountsFailed(w, r, err)
		return
	}
	out := []LeaderboardEntry{}
	for i, rt := range ratings {
		a, err := accounts.Account(r.Context(), rt.Account)
		if err != nil {
			s.accountsFailed(w, r, err)
			return
		}
		out = append(out, LeaderboardEntry{Rank: i + 1, Name: a.Name, Kind: string(a.Kind), RatingView: viewRating(rt)})
	}
	writeJSON(w, http.StatusOK, map[string]any{"class": class, "ratings": out})
}
