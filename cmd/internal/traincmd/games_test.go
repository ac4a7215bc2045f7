package traincmd

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadGames: the games of a GGF file and of a gzipped one, named by
// their base names and a digest that changes with their contents; a
// file that is not GGF, an empty one and a missing one are refused.
func TestReadGames(t *testing.T) {
	dir := t.TempDir()
	const two = "(;GM[Othello]PC[test]PB[a]PW[b]RE[?]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6];)\n" +
		"(;GM[Othello]PC[test]PB[a]PW[b]RE[?]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[D3]W[C5]B[F6];)\n"
	plain := filepath.Join(dir, "two.ggf")
	os.WriteFile(plain, []byte(two), 0o644)
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write([]byte(two))
	zw.Close()
	zipped := filepath.Join(dir, "two.ggf.gz")
	os.WriteFile(zipped, z.Bytes(), 0o644)
	games, id, err := readGames([]string{plain, zipped})
	if err != nil || len(games) != 4 || len(games[1].Moves) != 3 || !strings.HasPrefix(id, "two.ggf+two.ggf.gz/") || len(id) != len("two.ggf+two.ggf.gz/")+16 {
		t.Fatalf("%d games, id %q, %v", len(games), id, err)
	}
	os.WriteFile(plain, []byte(two+two), 0o644)
	if _, id2, err := readGames([]string{plain, zipped}); err != nil || id2 == id {
		t.Errorf("another file's contents: id %q (before %q), %v", id2, id, err)
	}
	bad := filepath.Join(dir, "bad.ggf")
	empty := filepath.Join(dir, "empty.ggf")
	os.WriteFile(bad, []byte("not a game"), 0o644)
	os.WriteFile(empty, nil, 0o644)
	notZipped := filepath.Join(dir, "plain.ggf.gz")
	os.WriteFile(notZipped, []byte(two), 0o644)
	for _, f := range []string{bad, empty, filepath.Join(dir, "missing.ggf"), notZipped} {
		if _, _, err := readGames([]string{f}); err == nil {
			t.Errorf("%s: read", filepath.Base(f))
		}
	}
}
