package live

import (
	"context"
	"sync"
	"testing"
	"time"
)

// fairProbe drives a Slots from a test: requests wait in goroutines,
// and the order in which they are granted is recorded.
type fairProbe struct {
	t       *testing.T
	f       *Slots
	mu      sync.Mutex
	waiting int
	changed chan struct{} // a token when waiting changes
	granted chan string   // the names of the requests granted, in order
	frees   map[string]func()
}

func newFairProbe(t *testing.T, n, perClient int) *fairProbe {
	p := &fairProbe{t: t, f: NewSlots(n, perClient), changed: make(chan struct{}, 1000), granted: make(chan string, 100), frees: map[string]func(){}}
	p.f.Waiting = func(d int) {
		p.mu.Lock()
		p.waiting += d
		p.mu.Unlock()
		p.changed <- struct{}{}
	}
	return p
}

// ask makes the request name of client, and waits until it holds a slot
// or waits for one.
func (p *fairProbe) ask(client, name string) {
	p.t.Helper()
	p.mu.Lock()
	before := p.waiting
	p.mu.Unlock()
	got := make(chan struct{})
	go func() {
		free, err := p.f.Acquire(context.Background(), client)
		if err != nil {
			p.t.Error(err)
			return
		}
		p.mu.Lock()
		p.frees[name] = free
		p.mu.Unlock()
		close(got)
		p.granted <- name
	}()
	for {
		select {
		case <-got:
			<-p.granted
			return
		case <-p.changed:
			p.mu.Lock()
			queued := p.waiting > before
			p.mu.Unlock()
			if queued {
				return
			}
		case <-time.After(time.Minute):
			p.t.Fatalf("%s neither granted nor waiting", name)
		}
	}
}

// free frees the slot of the request name and returns the request
// granted next (the next that the freed slot went to).
func (p *fairProbe) free(name string) string {
	p.t.Helper()
	p.mu.Lock()
	free := p.frees[name]
	p.mu.Unlock()
	free()
	select {
	case next := <-p.granted:
		return next
	case <-time.After(time.Minute):
		p.t.Fatalf("nothing granted after %s", name)
		return ""
	}
}

// TestSlotsTakeTurns: one slot, a client with three games' moves
// waiting and another with one: the other's goes next, then the first
// client's in their order.
func TestSlotsTakeTurns(t *testing.T) {
	p := newFairProbe(t, 1, 1)
	p.ask("hog", "h1") // holds the slot
	p.ask("hog", "h2")
	p.ask("hog", "h3")
	p.ask("other", "o1")
	if next := p.free("h1"); next != "o1" {
		t.Fatalf("after the hog's move, %s: want the other client's", next)
	}
	if next := p.free("o1"); next != "h2" {
		t.Fatalf("then %s, want h2", next)
	}
	if next := p.free("h2"); next != "h3" {
		t.Fatalf("then %s, want h3", next)
	}
}

// TestSlotsTime: a client whose work took long waits behind one whose
// work was short, whatever the order they asked in.
func TestSlotsTime(t *testing.T) {
	p := newFairProbe(t, 1, 1)
	var mu sync.Mutex
	clock := time.Unix(0, 0)
	p.f.now = func() time.Time { mu.Lock(); defer mu.Unlock(); return clock }
	advance := func(d time.Duration) { mu.Lock(); clock = clock.Add(d); mu.Unlock() }
	p.ask("slow", "s1")
	p.ask("quick", "q1")
	p.ask("slow", "s2")
	advance(10 * time.Second) // s1 thinks for 10 s
	if next := p.free("s1"); next != "q1" {
		t.Fatalf("after s1, %s: want q1", next)
	}
	p.ask("quick", "q2") // asked after s2, served before: quick used 1 s, slow 10
	advance(time.Second)
	if next := p.free("q1"); next != "q2" {
		t.Fatalf("after q1, %s: want q2 (quick used less)", next)
	}
	if next := p.free("q2"); next != "s2" {
		t.Fatalf("after q2, %s: want s2", next)
	}
}

// TestSlotsCapPerClient: with two slots and a cap of one a client,
// a client's second request waits while a slot is free, and another
// client takes that slot at once.
func TestSlotsCapPerClient(t *testing.T) {
	p := newFairProbe(t, 2, 1)
	p.ask("hog", "h1")
	p.ask("hog", "h2") // waits: the hog holds its share
	p.ask("other", "o1")
	if _, ok := p.frees["o1"]; !ok {
		t.Fatal("the other client waits while a slot is free")
	}
	if _, ok := p.frees["h2"]; ok {
		t.Fatal("the hog holds both slots")
	}
	if next := p.free("h1"); next != "h2" {
		t.Fatalf("after h1, %s: want h2", next)
	}
}

// TestSlotsGiveUp: a request whose context ends leaves the queue;
// the slot goes to the next.
func TestSlotsGiveUp(t *testing.T) {
	f := NewSlots(1, 1)
	free, err := f.Acquire(context.Background(), "a")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := f.Acquire(ctx, "b"); err != context.Canceled {
		t.Fatalf("Acquire with an ended context: %v", err)
	}
	free()
	free() // once only
	free2, err := f.Acquire(context.Background(), "c")
	if err != nil {
		t.Fatal(err)
	}
	free2()
	if f.free != 1 || len(f.clients) != 0 {
		t.Fatalf("%d slots free, %d clients remembered; want 1 and none", f.free, len(f.clients))
	}
}
