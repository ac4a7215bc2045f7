// The work folder of Build and Deviate: searches saved a line each as
// they are found, read back to resume and to merge shards.

package book

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/reversi-engine/reversi/board"
	"github.com/reversi-engine/reversi/internal/clip"
)

// work is a work folder: each shard i of n appends the values it finds
// to <prefix>-<i>-of-<n>.txt, a file opened by header (the settings the
// values were found with), one position a line ("<board> <value>
// <depth>", as the text format without its count).
type work struct {
	dir, prefix, header string
}

// read returns the values of every file of the folder, by canonical
// board. A file made with another header is refused; a last line cut
// short (a run killed while it wrote) is ignored.
func (w work) read() (map[board.Board]Entry, error) {
	names, err := filepath.Glob(filepath.Join(w.dir, w.prefix+"-*-of-*.txt"))
	if err != nil {
		return nil, err
	}
	values := map[board.Board]Entry{}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if i := bytes.LastIndexByte(data, '\n'); i+1 < len(data) {
			data = data[:i+1] // a line cut short
		}
		br := bufio.NewReader(bytes.NewReader(data))
		var buf []byte
		for n := 1; ; n++ {
			var long bool
			buf, long, err = readLine(br, buf)
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, fmt.Errorf("%s, line %d: %v", name, n, err)
			}
			line := string(buf)
			switch {
			case n == 1 && (long || line != w.header):
				return nil, fmt.Errorf("%s was made with other settings (%q; this run's are %q): use another work folder", name, line, w.header)
			case n == 1:
				continue
			case long:
				return nil, fmt.Errorf("%s, line %d: too long (more than %d bytes; a position takes about 70): %q", name, n, maxLine, clip.Text(line, quoted))
			}
			pos, e, err := parseLine(line, false)
			if err != nil {
				return nil, fmt.Errorf("%s, line %d: %v", name, n, err)
			}
			c, _ := pos.Canonical()
			values[c] = e.normal()
		}
	}
	return values, nil
}

// open opens shard's file to append to it, writing its header if it is
// new, and cutting off a last line cut short.
func (w work) open(shard, shards int) (*os.File, error) {
	name := filepath.Join(w.dir, fmt.Sprintf("%s-%d-of-%d.txt", w.prefix, shard, shards))
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	data, err := io.ReadAll(f)
	if err == nil {
		keep := int64(bytes.LastIndexByte(data, '\n') + 1)
		if keep == 0 {
			_, err = f.WriteAt([]byte(w.header+"\n"), 0)
			keep = int64(len(w.header) + 1)
		}
		if err == nil {
			err = f.Truncate(keep)
		}
		if err == nil {
			_, err = f.Seek(keep, io.SeekStart)
		}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// searchFunc values a position (side to move first): its value for the
// side to move in discs and the depth of the search.
type searchFunc = func(ctx context.Context, pos board.Board) (value float64, depth int, err error)

// search values the positions of mine (canonical boards, this shard's)
// that values lacks, in their order: each is appended to the shard's
// file and synced as it is found, and put in values. progress, if not
// nil, is called after each search with the number of mine valued and
// their total (once at the start if there is nothing to search). It
// returns how many positions it searched; an error of the search or of
// the file stops it, what was saved staying.
func (w work) search(ctx context.Context, shard, shards int, mine []board.Board, values map[board.Board]Entry, search searchFunc, progress func(done, total int)) (int, error) {
	done := 0
	for _, k := range mine {
		if _, ok := values[k]; ok {
			done++
		}
	}
	if done == len(mine) {
		if progress != nil {
			progress(done, len(mine))
		}
		return 0, nil
	}
	f, err := w.open(shard, shards)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	searched := 0
	for _, k := range mine {
		if _, ok := values[k]; ok {
			continue
		}
		if err := ctx.Err(); err != nil {
			return searched, err
		}
		v, d, err := search(ctx, k)
		if err != nil {
			return searched, fmt.Errorf("search of %s: %w", positionText(k), err)
		}
		e := Entry{Value: v, Depth: d}.normal()
		if _, err := fmt.Fprintf(f, "%s %s %d\n", positionText(k), valueText(e.Value), e.Depth); err != nil {
			return searched, err
		}
		if err := f.Sync(); err != nil {
			return searched, err
		}
		values[k] = e
		done++
		searched++
		if progress != nil {
			progress(done, len(mine))
		}
	}
	return searched, f.Close()
}

// share returns the keys whose index is shard modulo shards.
func share(keys []board.Board, shard, shards int) []board.Board {
	var mine []board.Board
	for i, k := range keys {
		if i%shards == shard {
			mine = append(mine, k)
		}
	}
	return mine
}
