// The contract of store.Studies.

package storetest

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/reversi-engine/reversi/store"
)

// StudyStore is a game store that keeps studies.
type StudyStore interface {
	store.Store
	store.Studies
}

// RunStudies runs the contract tests of store.Studies on the stores that
// open returns, a fresh (empty) store for each test.
func RunStudies(t *testing.T, open func(t *testing.T) StudyStore) {
	runGroup(t, "Studies", open, []namedTest[StudyStore]{
		{"CreateUpdateDelete", testStudyCreateUpdateDelete},
		{"List", testStudyList},
		{"ConcurrentUpdates", func(t *testing.T, s StudyStore) { RaceStudyUpdates(t, s, s) }},
	})
}

// testStudyCreateUpdateDelete: a study is read back as written; an
// update over the revision read raises it and keeps the owner and the
// token's hash, one over an older revision is a conflict and changes
// nothing; an id taken or unknown is refused; a study deleted is gone.
func testStudyCreateUpdateDelete(t *testing.T, s StudyStore) {
	ctx := context.Background()
	rec := &store.StudyRecord{ID: "s1", Title: "The Tiger", Owner: "p-ada", TokenHash: "abc", Data: []byte(`{"root":{}}`)}
	if err := s.CreateStudy(ctx, rec); err != nil {
		t.Fatal(err)
	}
	if rec.Revision != 1 || rec.Created.IsZero() || !rec.Updated.Equal(rec.Created) {
		t.Fatalf("created: %+v", rec)
	}
	if err := s.CreateStudy(ctx, &store.StudyRecord{ID: "s1", Title: "again", Data: []byte(`{}`)}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("an id taken: %v", err)
	}
	got, err := s.Study(ctx, "s1")
	if err != nil || got.Title != "The Tiger" || got.Owner != "p-ada" || got.TokenHash != "abc" || string(got.Data) != `{"root":{}}` || got.Revision != 1 || !got.Created.Equal(rec.Created) {
		t.Fatalf("read back: %+v, %v", got, err)
	}
	stale := *got
	got.Title, got.Data, got.Owner, got.TokenHash = "The Rose", []byte(`{"title":"The Rose"}`), "p-bob", "def"
	if err := s.UpdateStudy(ctx, got); err != nil || got.Revision != 2 {
		t.Fatalf("update: %v, revision %d", err, got.Revision)
	}
	stale.Data = []byte(`{"title":"stale"}`)
	if err := s.UpdateStudy(ctx, &stale); !errors.Is(err, store.ErrConflict) || stale.Revision != 1 {
		t.Errorf("an update over revision 1 after revision 2: %v (revision %d)", err, stale.Revision)
	}
	again, err := s.Study(ctx, "s1")
	if err != nil || string(again.Data) != `{"title":"The Rose"}` || again.Title != "The Rose" || again.Revision != 2 || again.Owner != "p-ada" || again.TokenHash != "abc" ||
		!again.Updated.After(again.Created) && !again.Updated.Equal(again.Created) {
		t.Errorf("after the refused update: %+v, %v", again, err)
	}
	if _, err := s.Study(ctx, "nosuch"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an unknown study: %v", err)
	}
	if err := s.UpdateStudy(ctx, &store.StudyRecord{ID: "nosuch", Revision: 1, Data: []byte(`{}`)}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an update of an unknown study: %v", err)
	}
	if err := s.DeleteStudy(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Study(ctx, "s1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a study deleted: %v", err)
	}
	if err := s.DeleteStudy(ctx, "s1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a study deleted twice: %v", err)
	}
	if err := s.UpdateStudy(ctx, again); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("an update of a study deleted: %v", err)
	}
}

// testStudyList: an owner's studies, the most recently updated first, at
// most the limit, without their data; another's and those of nobody are
// not listed.
func testStudyList(t *testing.T, s StudyStore) {
	ctx := context.Background()
	for i, owner := range []string{"ada", "bob", "ada", "", "ada"} {
		if err := s.CreateStudy(ctx, &store.StudyRecord{ID: fmt.Sprintf("s%d", i), Title: fmt.Sprint("S", i), Owner: owner, Data: []byte(`{"x":1}`)}); err != nil {
			t.Fatal(err)
		}
	}
	// s0 updated last: first.
	s0, _ := s.Study(ctx, "s0")
	if err := s.UpdateStudy(ctx, s0); err != nil {
		t.Fatal(err)
	}
	ada, err := s.ListStudies(ctx, "ada", 0)
	if err != nil || len(ada) != 3 || ada[0].ID != "s0" || ada[0].Title != "S0" || ada[0].Revision != 2 || len(ada[0].Data) != 0 {
		t.Fatalf("ada's: %+v, %v", ada, err)
	}
	if ada[1].ID != "s4" && ada[1].ID != "s2" {
		t.Errorf("ada's: %+v", ada)
	}
	two, err := s.ListStudies(ctx, "ada", 2)
	if err != nil || len(two) != 2 {
		t.Fatalf("ada's, at most 2: %+v, %v", two, err)
	}
	if none, err := s.ListStudies(ctx, "cy", 0); err != nil || len(none) != 0 {
		t.Errorf("cy's: %+v, %v", none, err)
	}
	if n, err := s.CountStudies(ctx); err != nil || n != 5 {
		t.Errorf("the studies counted: %d, %v; want 5", n, err)
	}
	if err := s.DeleteStudy(ctx, "s1"); err != nil {
		t.Fatal(err)
	}
	if n, err := s.CountStudies(ctx); err != nil || n != 4 {
		t.Errorf("the studies counted after one was deleted: %d, %v; want 4", n, err)
	}
}

// RaceStudyUpdates checks that of many updates at once over the same
// revision, through the stores a and b (two processes on one database,
// or the same store twice), exactly one is written and the others are
// conflicts.
func RaceStudyUpdates(t *testing.T, a, b StudyStore) {
	t.Helper()
	ctx := context.Background()
	if err := a.CreateStudy(ctx, &store.StudyRecord{ID: "race", Title: "race", Data: []byte(`{}`)}); err != nil {
		t.Fatal(err)
	}
	raceOne(t, 8, func(i int) error {
		rec := &store.StudyRecord{ID: "race", Title: "race", Data: []byte(fmt.Sprintf(`{"by":%d}`, i)), Revision: 1}
		return []StudyStore{a, b}[i%2].UpdateStudy(ctx, rec)
	})
	for _, s := range []StudyStore{a, b} {
		if got, err := s.Study(ctx, "race"); err != nil || got.Revision != 2 {
			t.Errorf("after the race: %+v, %v", got, err)
		}
	}
}
