// The studies, as the store keeps them: each a document (package study's
// JSON) with a revision, so that an edit is written only over the
// revision it was made from.

package store

import (
	"context"
	"time"
)

// StudyRecord is a stored study: its id, its title (kept apart to list
// studies without reading them), the account that owns it ("" for none),
// the hash of its secret edit token, its tree (Data: package study's
// JSON, which the store does not read), and its revision, which every
// update raises by one.
type StudyRecord struct {
	ID        string
	Title     string
	Owner     string // an account's id, or ""
	TokenHash string // the SHA-256 (hex) of the edit token
	Data      []byte
	Revision  int64
	Created   time.Time
	Updated   time.Time
}

// Studies keeps the studies. Implementations are safe for concurrent
// use, also by several processes on one database.
type Studies interface {
	// CreateStudy stores a new study at revision 1 (Revision, Created and
	// Updated are set); ErrConflict if its id is taken.
	CreateStudy(ctx context.Context, s *StudyRecord) error
	// Study returns a study by id; ErrNotFound if none.
	Study(ctx context.Context, id string) (*StudyRecord, error)
	// UpdateStudy writes s's title and data if the stored revision is
	// still s.Revision, and then raises both by one (Updated set);
	// ErrConflict if another update came first, ErrNotFound if there is
	// no such study. The owner and the token's hash do not change.
	UpdateStudy(ctx context.Context, s *StudyRecord) error
	// DeleteStudy deletes a study; ErrNotFound if there is none.
	DeleteStudy(ctx context.Context, id string) error
	// ListStudies returns the studies an account owns, the most recently
	// updated first, at most limit (0: 100), without their data.
	ListStudies(ctx context.Context, owner string, limit int) ([]StudyRecord, error)
	// CountStudies returns how many studies are stored.
	CountStudies(ctx context.Context) (int, error)
}
