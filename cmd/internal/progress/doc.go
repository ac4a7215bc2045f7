// Package progress shows the progress of long work: a bar on a terminal
// (github.com/schollz/progressbar), a line now and then elsewhere (logs,
// pipes, CI), and a heartbeat for work that has nothing else to report.
//
//	p := progress.New(progress.Config{Out: os.Stderr, Total: 100, Label: "games", Unit: "games", News: 30 * time.Second})
//	defer p.Finish()
//	for range 100 {
//		play()
//		p.Add(1)
//	}
//
// Work that knows its total only when it first reports, and reports the
// units done so far (book.Build, bench.LevelTimes), takes a Lazy:
//
//	l := progress.NewLazy(progress.Config{Out: os.Stderr, Label: "book positions", Unit: "positions"})
//	defer l.Finish()
//	opts.Progress = l.Report // func(done, total int)
//
// It is an edge package: the engine packages do not import it.
package progress
