// The tree: a pool of nodes, selection by UCB1, expansion, backing up,
// the solver, and keeping a subtree between moves.

package mcts

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/reversi-engine/reversi/board"
)

// node is a position of the tree.
type node struct {
	b      board.Board
	parent int32
	first  int32 // the first child (children are contiguous), -1 until expanded
	visits uint32
	vloss  int32   // virtual losses of threads on their way through (tree parallelism)
	sum    float64 // sum of rewards, for the player who moved into the node
	move   board.Square
	n      uint8 // number of children
	solved bool  // the exact result is known:
	margin int8  // the final margin for the side to move, when solved
}

// tree is a search tree in a pool of bounded size. Node 0 is the root.
//
// The pool is a list of chunks of chunkSize nodes, allocated as the tree
// grows and never moved: growing a tree of millions of nodes by copying
// would stall the search (and the garbage collector) for a long time. A
// node's children are contiguous, inside one chunk.
type tree struct {
	chunks [][]node
	next   int32 // the index the next node gets
	used   int   // nodes in the tree
	max    int
	// spare holds the chunks of the tree this one was rerooted from, for
	// the next reroot: two pools serve a whole game.
	spare [][]node
}

// chunkSize is the number of nodes of a chunk (768 KB).
const (
	chunkBits = 14
	chunkSize = 1 << chunkBits
)

func newTree(b board.Board, max int) *tree {
	t := &tree{max: max}
	i, _ := t.alloc(1)
	*t.at(i) = node{b: b, parent: -1, first: -1, move: board.NoSquare}
	t.settle(0)
	return t
}

// at returns node i.
func (t *tree) at(i int32) *node { return &t.chunks[i>>chunkBits][i&(chunkSize-1)] }

// alloc reserves k contiguous nodes (k <= 64) and returns the first; false
// if the pool is full. The caller sets every field of each.
func (t *tree) alloc(k int) (int32, bool) {
	if t.used+k > t.max {
		return -1, false
	}
	if int(t.next&(chunkSize-1))+k > chunkSize {
		t.next = (t.next | (chunkSize - 1)) + 1 // on to the next chunk
	}
	for int(t.next>>chunkBits) >= len(t.chunks) {
		if n := len(t.spare); n > 0 {
			t.chunks, t.spare = append(t.chunks, t.spare[n-1]), t.spare[:n-1]
		} else {
			t.chunks = append(t.chunks, make([]node, chunkSize))
		}
	}
	first := t.next
	t.next += int32(k)
	t.used += k
	return first, true
}

// settle marks a node whose game is over as solved.
func (t *tree) settle(i int32) {
	nd := t.at(i)
	if nd.b.GameOver() {
		nd.solved, nd.margin = true, int8(nd.b.FinalScore())
	}
}

// expand gives node i its children, in a random order; false if the
// pool is full (the node stays a leaf).
func (t *tree) expand(i int32, rng *rand.Rand) bool {
	b := t.at(i).b
	moves := b.Moves()
	n := bits.OnesCount64(moves)
	if n == 0 {
		n = 1 // a pass (the game is not over, or the node would be solved)
	}
	first, ok := t.alloc(n)
	if !ok {
		return false
	}
	children := t.chunks[first>>chunkBits][first&(chunkSize-1):][:n]
	if moves == 0 {
		children[0] = node{b: b.Pass(), parent: i, first: -1, move: board.Pass}
	}
	k := 0
	for m := moves; m != 0; m &= m - 1 {
		sq := board.Square(bits.TrailingZeros64(m))
		children[k] = node{b: b.Play(sq), parent: i, first: -1, move: sq}
		k++
	}
	rng.Shuffle(len(children), func(a, c int) { children[a], children[c] = children[c], children[a] })
	for c := first; c < first+int32(n); c++ {
		t.settle(c)
	}
	nd := t.at(i)
	nd.first, nd.n = first, uint8(n)
	return true
}

// selectChild returns the child of node i to visit: a child that wins
// outright, else an unvisited child, else the best by UCB1 among those
// not yet proven. Proven children are left alone (MCTS-Solver): their
// value is known, and visiting them again would prove nothing, so the
// search goes on with their unproven siblings; when all are proven, the
// best of them for the side to move.
func (t *tree) selectChild(i int32, c float64) int32 {
	nd := t.at(i)
	lnN := math.Log(float64(nd.visits) + float64(nd.vloss) + 1)
	best, bestScore := int32(-1), math.Inf(-1)
	proven, provenMargin := nd.first, int8(127)
	for k := nd.first; k < nd.first+int32(nd.n); k++ {
		ch := t.at(k)
		if ch.solved {
			if ch.margin < 0 {
				return k // the opponent loses there
			}
			if ch.margin < provenMargin {
				proven, provenMargin = k, ch.margin
			}
			continue
		}
		n := float64(ch.visits) + float64(ch.vloss)
		if n == 0 {
			return k
		}
		score := ch.sum/n + c*math.Sqrt(lnN/n)
		if score > bestScore {
			best, bestScore = k, score
		}
	}
	if best < 0 {
		return proven
	}
	return best
}

// backup adds the reward of a playout that ended with margin (for the
// side to move at the leaf) to the leaf and its ancestors, each from the
// view of the player who moved into it; vloss virtual losses are taken
// back on the way.
func (t *tree) backup(leaf int32, margin float64, estimated bool, r Reward, vloss int32) {
	m := margin
	for i := leaf; i >= 0; i = t.at(i).parent {
		nd := t.at(i)
		nd.visits++
		nd.vloss -= vloss
		nd.sum += r.of(-m, estimated)
		m = -m
	}
}

// prove propagates proven results from the parent of leaf up: a node is
// won if a move leads to a lost position for the opponent, and settled
// if all its moves are.
func (t *tree) prove(leaf int32) {
	for i := t.at(leaf).parent; i >= 0; i = t.at(i).parent {
		nd := t.at(i)
		if nd.solved || nd.first < 0 {
			return
		}
		all, best := true, -65
		for k := nd.first; k < nd.first+int32(nd.n); k++ {
			ch := t.at(k)
			if !ch.solved {
				all = false
				continue
			}
			best = max(best, -int(ch.margin))
		}
		if best > 0 || all {
			nd.solved, nd.margin = true, int8(best)
			continue
		}
		return
	}
}

// pv returns the most visited line from node i.
func (t *tree) pv(i int32, limit int) []board.Square {
	var out []board.Square
	for len(out) < limit {
		nd := t.at(i)
		if nd.first < 0 || nd.n == 0 {
			break
		}
		best, most := int32(-1), uint32(0)
		for k := nd.first; k < nd.first+int32(nd.n); k++ {
			if v := t.at(k).visits; v > most || best < 0 {
				best, most = k, v
			}
		}
		if most == 0 {
			break
		}
		out = append(out, t.at(best).move)
		i = best
	}
	return out
}

// reroot returns a tree made of the subtree of the node, within two plies
// of the root, whose position is b; nil if there is none.
func (t *tree) reroot(b board.Board) *tree {
	target := int32(-1)
	if t.at(0).b == b {
		target = 0
	}
	for k := t.at(0).first; target < 0 && k >= 0 && k < t.at(0).first+int32(t.at(0).n); k++ {
		ch := t.at(k)
		if ch.b == b {
			target = k
			break
		}
		for g := ch.first; g >= 0 && g < ch.first+int32(ch.n); g++ {
			if t.at(g).b == b {
				target = g
				break
			}
		}
	}
	if target < 0 {
		return nil
	}
	// The new tree takes the spare chunks; this one's become its spare
	// (this tree is not used again).
	out := &tree{max: t.max, chunks: make([][]node, 0, len(t.chunks)), spare: t.spare}
	t.spare = nil
	root := *t.at(target)
	root.parent, root.vloss = -1, 0
	r, _ := out.alloc(1)
	*out.at(r) = root
	// Copy breadth first, each node's children as one block.
	queue, from := []int32{r}, []int32{target}
	for q := 0; q < len(queue); q++ {
		old := *t.at(from[q])
		if old.first < 0 {
			continue
		}
		first, _ := out.alloc(int(old.n)) // the subtree fits: it is smaller than this tree
		for j := int32(0); j < int32(old.n); j++ {
			ch := *t.at(old.first + j)
			ch.parent, ch.vloss = queue[q], 0
			*out.at(first + j) = ch
			queue, from = append(queue, first+j), append(from, old.first+j)
		}
		out.at(queue[q]).first = first
	}
	out.spare = append(out.spare, t.chunks...)
	return out
}
