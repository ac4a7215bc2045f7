// Fair shares of the slots of costly work (the computer moves thought at
// once, the analyses) between clients.

package live

import (
	"context"
	"sync"
	"time"
)

// Slots shares a few slots between clients. A client's requests wait
// in its own queue, in order (its games queue behind each other); a slot
// that frees goes to the first request of the waiting client that has
// held slots for the least time, so that clients take turns and one whose
// work takes long gets no more of the time than one whose work is quick;
// and a client holds at most perClient slots at once, so that the others
// find one free or soon free. A client with nothing waiting or running
// is forgotten: when it comes back it starts level with the client
// served last, neither owed time for its absence nor charged for its
// past.
type Slots struct {
	// Running and Waiting follow the numbers of requests holding a slot
	// and waiting for one (for metrics): set them, if at all, before the
	// slots are used. NewSlots sets them to functions that do nothing.
	Running, Waiting func(delta int)

	perClient int
	// now is the clock of the time held: time.Now, or a test's (set
	// before the slots are used).
	now func() time.Time

	mu      sync.Mutex
	free    int
	clients map[string]*slotClient
	// level is the time used by the client served last, where a client
	// that comes back starts.
	level time.Duration
	// arrivals numbers the requests that wait, in order.
	arrivals uint64
}

// slotClient is a client of a Slots with work running or waiting.
type slotClient struct {
	used  time.Duration // time it has held slots, from its start level
	held  int
	queue []*slotWaiter // in order of arrival
}

// slotWaiter is a request waiting for a slot; ready is closed when the
// slot is granted.
type slotWaiter struct {
	ready   chan struct{}
	granted bool
	arrival uint64 // of Slots.arrivals
}

// NewSlots returns n slots shared between clients, perClient at most
// each (both at least 1).
func NewSlots(n, perClient int) *Slots {
	return &Slots{free: max(n, 1), perClient: max(perClient, 1), clients: map[string]*slotClient{},
		Running: func(int) {}, Waiting: func(int) {}, now: time.Now}
}

// Acquire waits for a slot for client, in its turn, until ctx ends; it
// returns the function that frees the slot, or ctx's error.
func (f *Slots) Acquire(ctx context.Context, client string) (func(), error) {
	f.mu.Lock()
	c := f.clients[client]
	if c == nil {
		c = &slotClient{used: f.level}
		f.clients[client] = c
	}
	if f.free > 0 && c.held < f.perClient && len(c.queue) == 0 {
		f.grantLocked(c)
		f.mu.Unlock()
		return f.releaser(client), nil
	}
	f.arrivals++
	w := &slotWaiter{ready: make(chan struct{}), arrival: f.arrivals}
	c.queue = append(c.queue, w)
	f.Waiting(1)
	f.mu.Unlock()
	select {
	case <-w.ready:
		return f.releaser(client), nil
	case <-ctx.Done():
	}
	f.mu.Lock()
	if w.granted { // granted as ctx ended: given back
		f.mu.Unlock()
		f.releaser(client)()
		return nil, ctx.Err()
	}
	for i, q := range c.queue {
		if q == w {
			c.queue = append(c.queue[:i], c.queue[i+1:]...)
			break
		}
	}
	f.Waiting(-1)
	f.forgetLocked(client, c)
	f.mu.Unlock()
	return nil, ctx.Err()
}

// grantLocked gives a slot to c (f.mu held).
func (f *Slots) grantLocked(c *slotClient) {
	f.free--
	c.held++
	f.level = c.used
	f.Running(1)
}

// releaser returns the function that frees client's slot, once, charging
// the client the time it held it.
func (f *Slots) releaser(client string) func() {
	start := f.now()
	var once sync.Once
	return func() {
		once.Do(func() {
			f.mu.Lock()
			defer f.mu.Unlock()
			c := f.clients[client]
			c.held--
			c.used += f.now().Sub(start)
			f.free++
			f.Running(-1)
			f.dispatchLocked()
			f.forgetLocked(client, c)
		})
	}
}

// dispatchLocked gives the free slots to the first requests of the
// waiting clients under their cap that have used the least time, the
// one waiting longer first between equals (f.mu held).
func (f *Slots) dispatchLocked() {
	for f.free > 0 {
		var next *slotClient
		for _, c := range f.clients {
			if len(c.queue) == 0 || c.held >= f.perClient {
				continue
			}
			if next == nil || c.used < next.used || c.used == next.used && c.queue[0].arrival < next.queue[0].arrival {
				next = c
			}
		}
		if next == nil {
			return
		}
		w := next.queue[0]
		next.queue = next.queue[1:]
		w.granted = true
		f.Waiting(-1)
		f.grantLocked(next)
		close(w.ready)
	}
}

// forgetLocked drops a client with nothing running or waiting (f.mu
// held).
func (f *Slots) forgetLocked(client string, c *slotClient) {
	if c.held == 0 && len(c.queue) == 0 {
		delete(f.clients, client)
	}
}
