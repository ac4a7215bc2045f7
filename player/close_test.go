package player_test

import (
	"errors"
	"testing"

	"github.com/reversi-engine/reversi/player"
)

type closer struct {
	player.Func
	closed *bool
}

func (c closer) Close() error { *c.closed = true; return errors.New("closed") }

func TestClose(t *testing.T) {
	var closed bool
	if err := player.Close(closer{closed: &closed}); !closed || err == nil || err.Error() != "closed" {
		t.Fatalf("a player with Close: closed %v, error %v", closed, err)
	}
	if err := player.Close(player.Func{}); err != nil {
		t.Fatalf("a player without Close: %v", err)
	}
}
