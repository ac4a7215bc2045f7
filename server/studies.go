// Studies kept by the server (package study's trees in store.Studies):
// anyone creates one (from a game of the server, a position, a record,
// or a study exported before) and gets its link, which anyone reads,
// and a secret edit token, shown once and kept as its hash like a seat's;
// a caller logged in (a person's session, a bot's key) is recorded as
// its owner, who edits it without the token. A save replaces the whole
// tree over the revision its editor read (409 if another save came
// first). A study is exported as GGF (a game a line of its tree), SGF
// and its JSON.

package server

import (
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/game"
	"github.com/reversi-engine/reversi/server/live"
	"github.com/reversi-engine/reversi/store"
	"github.com/reversi-engine/reversi/study"
)

// studyBody bounds the body of a request that carries a study (its JSON,
// or a GGF or SGF text, up to study.MaxText, and the fields around it),
// above the server's MaxBody (guard).
const studyBody = study.MaxText + 4<<10

// newStudiesPerHour is how many studies one client creates in an hour
// (a bucket that refills over the hour).
const newStudiesPerHour = 100

// largeBodies are the routes whose bodies may be larger than the
// server's MaxBody, and their bound (guard applies it).
var largeBodies = map[string]int64{
	"POST /api/studies":     studyBody,
	"PUT /api/studies/{id}": studyBody,
}

// StudyRequest creates a study. At most one of Game, GGF, SGF and Study
// gives what it starts from; Board and Transcript may go together (the
// moves played from the board); none is an empty study of the standard
// start.
type StudyRequest struct {
	// Title ("" for the one of what it is made from, if any).
	Title string `json:"title,omitempty"`
	// Game is the id of a game of the server: its start, its moves the
	// main line, its players the title.
	Game string `json:"game,omitempty"`
	// Board is the start ("<64 squares> X"), Transcript the main line
	// played from it (or from the standard start), under Rule.
	Board      string `json:"board,omitempty"`
	Transcript string `json:"transcript,omitempty"`
	Rule       string `json:"rule,omitempty"`
	// GGF is one game (its moves the main line) or several from one
	// start, each a line (what GET /api/studies/{id}/ggf writes).
	GGF string `json:"ggf,omitempty"`
	// SGF is a game tree of Othello (GM[2]), such as GET
	// /api/studies/{id}/sgf writes.
	SGF string `json:"sgf,omitempty"`
	// Study is a study's JSON (package study's; GET
	// /api/studies/{id}/json), to copy.
	Study json.RawMessage `json:"study,omitempty"`
}

// StudyCreated answers the creation of a study: its id, its link, and
// the secret edit token, shown this once.
type StudyCreated struct {
	ID       string `json:"id"`
	URL      string `json:"url"`
	Token    string `json:"token"`
	Revision int64  `json:"revision"`
	// Owner is the name of the account that owns it ("" for none).
	Owner string `json:"owner,omitempty"`
}

// StudyView is a study as GET /api/studies/{id} answers it.
type StudyView struct {
	ID       string `json:"id"`
	Revision int64  `json:"revision"`
	// Owner is the name of the account that owns it ("" for none); Yours
	// says that it is the caller's, who may save it without the token.
	Owner   string          `json:"owner,omitempty"`
	Yours   bool            `json:"yours"`
	Created time.Time       `json:"created"`
	Updated time.Time       `json:"updated"`
	Study   json.RawMessage `json:"study"`
}

// StudySave replaces a study's tree: with its edit token (or as its
// owner), over the revision read.
type StudySave struct {
	Token    string          `json:"token,omitempty"`
	Revision int64           `json:"revision"`
	Study    json.RawMessage `json:"study"`
}

// StudyItem is a study in its owner's list.
type StudyItem struct {
	ID      string    `json:"id"`
	Title   string    `json:"title"`
	URL     string    `json:"url"`
	Updated time.Time `json:"updated"`
}

func (s *Server) studyRoutes(api func(pattern, route string, h http.HandlerFunc)) {
	api("POST /api/studies", "study_create", s.handleNewStudy)
	api("GET /api/studies/{id}", "study", s.handleStudy)
	api("PUT /api/studies/{id}", "study_save", s.handleSaveStudy)
	api("DELETE /api/studies/{id}", "study_delete", s.handleDeleteStudy)
	api("GET /api/studies/{id}/ggf", "study_ggf", s.handleStudyExport)
	api("GET /api/studies/{id}/sgf", "study_sgf", s.handleStudyExport)
	api("GET /api/studies/{id}/json", "study_json", s.handleStudyExport)
	api("GET /api/account/studies", "studies_mine", s.handleMyStudies)
}

// studies returns the store's studies, or answers 501 and nil.
func (s *Server) studies(w http.ResponseWriter) store.Studies {
	st, _ := s.cfg.Store.(store.Studies)
	if st == nil {
		writeError(w, http.StatusNotImplemented, CodeNoStudies, "this server's store keeps no studies")
	}
	return st
}

// studyError marks an error of a study read with its code:
// bad_study_move for a move that cannot be played (its number in its
// line and the move), else bad_study.
func studyError(err error) error {
	var me *study.MoveError
	if errors.As(err, &me) {
		return &codedError{code: CodeBadStudyMove, move: me.Ply(), moveText: me.Move.String(), err: err}
	}
	return withCode(CodeBadStudy, err)
}

// studyOf makes the study a creation asks for.
func (s *Server) studyOf(w http.ResponseWriter, r *http.Request, req StudyRequest) (*study.Study, bool) {
	given := 0
	hasStudy := len(req.Study) > 0 && string(req.Study) != "null"
	for _, f := range []bool{req.Game != "", req.Board != "" || req.Transcript != "", req.GGF != "", req.SGF != "", hasStudy} {
		if f {
			given++
		}
	}
	if given > 1 {
		writeError(w, http.StatusBadRequest, CodeBadPosition, "give one of game, board (and transcript), ggf, sgf and study")
		return nil, false
	}
	if req.Rule != "" && (req.Game != "" || req.GGF != "" || req.SGF != "" || hasStudy) {
		writeError(w, http.StatusBadRequest, CodeBadRequest, "rule: give it with a board, a transcript or nothing (the others say theirs)")
		return nil, false
	}
	var st *study.Study
	var err error
	switch {
	case req.Game != "":
		t := s.lookupID(w, r, req.Game)
		if t == nil {
			return nil, false
		}
		state := t.State()
		if st, err = study.FromGame(state.Game); err != nil {
			writeFailure(w, http.StatusBadRequest, studyError(err), CodeBadStudy)
			return nil, false
		}
		st.Title = live.SeatName(state.Record.Seats[0]) + " – " + live.SeatName(state.Record.Seats[1])
	case req.GGF != "":
		if st, err = study.ReadGGF(strings.NewReader(req.GGF)); err != nil {
			writeFailure(w, http.StatusBadRequest, positionError(CodeBadGGF, err), CodeBadGGF)
			return nil, false
		}
	case req.SGF != "":
		if st, err = study.ReadSGF(strings.NewReader(req.SGF)); err != nil {
			writeFailure(w, http.StatusBadRequest, studyError(err), CodeBadStudy)
			return nil, false
		}
	case hasStudy:
		if st, err = study.Parse(req.Study); err != nil {
			writeFailure(w, http.StatusBadRequest, studyError(err), CodeBadStudy)
			return nil, false
		}
	default:
		rule := game.Standard
		if req.Rule != "" {
			if rule, err = game.ParseRule(req.Rule); err != nil {
				writeError(w, http.StatusBadRequest, CodeBadRule, "rule: "+err.Error())
				return nil, false
			}
		}
		start := board.Start()
		if req.Board != "" {
			if start, err = board.ParsePosition(req.Board); err != nil {
				writeError(w, http.StatusBadRequest, CodeBadBoard, "board: "+err.Error())
				return nil, false
			}
		}
		g := game.New(start, rule)
		if req.Transcript != "" {
			if err := g.PlayTranscript(req.Transcript); err != nil {
				writeFailure(w, http.StatusBadRequest, positionError(CodeBadTranscript, fmt.Errorf("transcript: %w", err)), CodeBadTranscript)
				return nil, false
			}
		}
		if st, err = study.FromGame(g); err != nil {
			writeFailure(w, http.StatusBadRequest, studyError(err), CodeBadStudy)
			return nil, false
		}
	}
	if req.Title != "" {
		if err := st.SetTitle(req.Title); err != nil {
			writeError(w, http.StatusBadRequest, CodeBadStudy, "title: "+strings.TrimPrefix(err.Error(), "study: "))
			return nil, false
		}
	}
	return st, true
}

func (s *Server) handleNewStudy(w http.ResponseWriter, r *http.Request) {
	studies := s.studies(w)
	if studies == nil {
		return
	}
	var req StudyRequest
	if !readBody(w, r, &req) {
		return
	}
	c, ok := s.callerOrNone(w, r)
	if !ok {
		return
	}
	st, ok := s.studyOf(w, r, req)
	if !ok {
		return
	}
	if ok, wait := s.newStudies.take(s.clientOf(r)); !ok {
		w.Header().Set("Retry-After", fmt.Sprint(int(wait.Seconds())+1))
		writeError(w, http.StatusTooManyRequests, CodeClientCap, fmt.Sprintf("this client has created %d studies in the last hour, the most: try again later", newStudiesPerHour))
		return
	}
	data, err := st.Marshal()
	if err != nil {
		writeFailure(w, http.StatusBadRequest, studyError(err), CodeBadStudy)
		return
	}
	// The instance's cap (counted before, so that two at once may pass
	// it by one: a bound on the store, not an exact count).
	if n, err := studies.CountStudies(r.Context()); err != nil {
		s.unavailable(w, r, err)
		return
	} else if n >= s.cfg.MaxStudies {
		writeError(w, http.StatusServiceUnavailable, CodeStudiesFull, fmt.Sprintf("the server keeps %d studies, the most it may: no new study until some are deleted", s.cfg.MaxStudies))
		return
	}
	token := live.NewID(16)
	rec := &store.StudyRecord{ID: live.NewID(8), Title: st.Title, TokenHash: live.HashToken(token), Data: data}
	created := StudyCreated{Token: token}
	if c != nil {
		rec.Owner, created.Owner = c.Account.ID, c.Account.Name
	}
	if err := studies.CreateStudy(r.Context(), rec); err != nil {
		s.unavailable(w, r, fmt.Errorf("%w: %v", live.ErrStoreFailed, err))
		return
	}
	s.log.Info("study created", "study", rec.ID, "nodes", st.Count(), "owner", created.Owner, "client", s.clientOf(r))
	created.ID, created.URL, created.Revision = rec.ID, "/#study="+rec.ID, rec.Revision
	writeJSON(w, http.StatusCreated, created)
}

// loadStudy reads the study of the request's path, or answers 404 (or
// 503) and nil.
func (s *Server) loadStudy(w http.ResponseWriter, r *http.Request, studies store.Studies) *store.StudyRecord {
	id := r.PathValue("id")
	if len(id) > 64 {
		writeError(w, http.StatusNotFound, CodeNoStudy, "no such study")
		return nil
	}
	rec, err := studies.Study(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, CodeNoStudy, "no such study")
		return nil
	}
	if err != nil {
		s.unavailable(w, r, err)
		return nil
	}
	return rec
}

// ownsStudy reports whether the caller of r owns rec (false for a study
// without an owner, and for an anonymous caller).
func (s *Server) ownsStudy(r *http.Request, rec *store.StudyRecord) (bool, error) {
	if rec.Owner == "" {
		return false, nil
	}
	c, err := s.callerOf(r)
	if err != nil || c == nil {
		return false, err
	}
	return c.Account.ID == rec.Owner, nil
}

// mayEdit reports whether r may change rec: with its edit token, or as
// its owner; otherwise it answers 403 and false.
func (s *Server) mayEdit(w http.ResponseWriter, r *http.Request, rec *store.StudyRecord, token string) bool {
	if token != "" && subtle.ConstantTimeCompare([]byte(live.HashToken(token)), []byte(rec.TokenHash)) == 1 {
		return true
	}
	yours, err := s.ownsStudy(r, rec)
	switch {
	case errors.Is(err, store.ErrDisabled):
		writeError(w, http.StatusForbidden, CodeAccountDisabled, "this account is disabled")
		return false
	case err != nil:
		s.accountsFailed(w, r, err)
		return false
	case yours:
		return true
	}
	if token != "" {
		s.log.Warn("a study's edit token refused", "study", rec.ID, "client", s.addressOf(r))
	}
	writeError(w, http.StatusForbidden, CodeNotYourStudy, "neither this study's edit token nor its owner logged in: only they change it (make a copy of your own)")
	return false
}

func (s *Server) handleStudy(w http.ResponseWriter, r *http.Request) {
	studies := s.studies(w)
	if studies == nil {
		return
	}
	rec := s.loadStudy(w, r, studies)
	if rec == nil {
		return
	}
	v := StudyView{ID: rec.ID, Revision: rec.Revision, Created: rec.Created, Updated: rec.Updated, Study: rec.Data}
	if rec.Owner != "" && s.accountsStore() != nil {
		v.Owner = s.accountName(r.Context(), rec.Owner)
		v.Yours, _ = s.ownsStudy(r, rec) // anyone reads: a caller that cannot be told is not the owner
	}
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) handleSaveStudy(w http.ResponseWriter, r *http.Request) {
	studies := s.studies(w)
	if studies == nil {
		return
	}
	var req StudySave
	if !readBody(w, r, &req) {
		return
	}
	rec := s.loadStudy(w, r, studies)
	if rec == nil || !s.mayEdit(w, r, rec, req.Token) {
		return
	}
	if req.Revision <= 0 {
		writeError(w, http.StatusBadRequest, CodeBadRequest, "revision: give the revision of the study read (GET /api/studies/{id})")
		return
	}
	if len(req.Study) == 0 || string(req.Study) == "null" {
		writeError(w, http.StatusBadRequest, CodeBadStudy, "study: give the study's tree")
		return
	}
	st, err := study.Parse(req.Study)
	if err != nil {
		writeFailure(w, http.StatusBadRequest, studyError(err), CodeBadStudy)
		return
	}
	changed := func() {
		writeError(w, http.StatusConflict, CodeStudyChanged, fmt.Sprintf("the study was saved meanwhile (revision %d, not %d): read it again and redo the change", rec.Revision, req.Revision))
	}
	if req.Revision != rec.Revision {
		changed()
		return
	}
	data, _ := st.Marshal() // valid: Parse checked it
	rec.Title, rec.Data = st.Title, data
	switch err := studies.UpdateStudy(r.Context(), rec); {
	case errors.Is(err, store.ErrConflict):
		if now, err := studies.Study(r.Context(), rec.ID); err == nil {
			rec.Revision = now.Revision
		}
		changed()
		return
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, CodeNoStudy, "no such study (deleted meanwhile)")
		return
	case err != nil:
		s.unavailable(w, r, fmt.Errorf("%w: %v", live.ErrStoreFailed, err))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": rec.ID, "revision": rec.Revision, "updated": rec.Updated})
}

func (s *Server) handleDeleteStudy(w http.ResponseWriter, r *http.Request) {
	studies := s.studies(w)
	if studies == nil {
		return
	}
	var req struct {
		Token string `json:"token,omitempty"`
	}
	if !readBody(w, r, &req) {
		return
	}
	rec := s.loadStudy(w, r, studies)
	if rec == nil || !s.mayEdit(w, r, rec, req.Token) {
		return
	}
	switch err := studies.DeleteStudy(r.Context(), rec.ID); {
	case errors.Is(err, store.ErrNotFound):
		writeError(w, http.StatusNotFound, CodeNoStudy, "no such study (deleted meanwhile)")
		return
	case err != nil:
		s.unavailable(w, r, fmt.Errorf("%w: %v", live.ErrStoreFailed, err))
		return
	}
	s.log.Info("study deleted", "study", rec.ID, "client", s.clientOf(r))
	writeJSON(w, http.StatusOK, map[string]any{"id": rec.ID, "deleted": true})
}

// handleStudyExport answers a study as GGF, SGF or its JSON (the last
// part of the path), as a file to save.
func (s *Server) handleStudyExport(w http.ResponseWriter, r *http.Request) {
	studies := s.studies(w)
	if studies == nil {
		return
	}
	rec := s.loadStudy(w, r, studies)
	if rec == nil {
		return
	}
	st, err := study.Parse(rec.Data)
	if err != nil {
		s.log.Error("a stored study cannot be read", "study", rec.ID, "err", err)
		writeError(w, http.StatusInternalServerError, CodeInternal, "internal error")
		return
	}
	var b strings.Builder
	kind := r.URL.Path[strings.LastIndexByte(r.URL.Path, '/')+1:]
	switch kind {
	case "ggf":
		err = st.WriteGGF(&b)
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	case "sgf":
		err = st.WriteSGF(&b)
		w.Header().Set("Content-Type", "application/x-go-sgf; charset=utf-8")
	default:
		var data []byte
		data, err = st.Marshal()
		b.Write(data)
		b.WriteByte('\n')
		w.Header().Set("Content-Type", "application/json")
	}
	if err != nil {
		s.log.Error("a study could not be written", "study", rec.ID, "format", kind, "err", err)
		writeError(w, http.StatusInternalServerError, CodeInternal, "internal error")
		return
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=\"study-%s.%s\"", rec.ID, kind))
	w.Header().Set("Cache-Control", "no-store")
	fmt.Fprint(w, b.String())
}

func (s *Server) handleMyStudies(w http.ResponseWriter, r *http.Request) {
	studies := s.studies(w)
	if studies == nil {
		return
	}
	c := s.loggedIn(w, r)
	if c == nil {
		return
	}
	list, err := studies.ListStudies(r.Context(), c.Account.ID, 100)
	if err != nil {
		s.unavailable(w, r, err)
		return
	}
	out := []StudyItem{}
	for _, rec := range list {
		out = append(out, StudyItem{ID: rec.ID, Title: rec.Title, URL: "/#study=" + rec.ID, Updated: rec.Updated})
	}
	writeJSON(w, http.StatusOK, map[string]any{"studies": out})
}
