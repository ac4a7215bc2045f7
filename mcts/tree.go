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
type tree struct {
	nodes []node
	max   int
}

func newTree(b board.Board, max int) *tree {
	t := &tree{nodes: make([]node, 0, min(max, 1<<16)), max: max}
	t.nodes = append(t.nodes, node{b: b, parent: -1, first: -1, move: board.NoSquare})
	t.settle(0)
	return t
}

// settle marks a node whose game is over as solved.
func (t *tree) settle(i int32) {
	nd := &t.nodes[i]
	if nd.b.GameOver() {
		nd.solved, nd.margin = true, int8(nd.b.FinalScore())
	}
}

// expand gives node i its children, in a random order; false if the
// pool is full (the node stays a leaf).
func (t *tree) expand(i int32, rng *rand.Rand) bool {
	b := t.nodes[i].b
	moves := b.Moves()
	n := bits.OnesCount64(moves)
	if n == 0 {
		n = 1 // a pass (the game is not over, or the node would be solved)
	}
	if len(t.nodes)+n > t.max {
		return false
	}
	first := int32(len(t.nodes))
	if moves == 0 {
		t.nodes = append(t.nodes, node{b: b.Pass(), parent: i, first: -1, move: board.Pass})
	}
	for m := moves; m != 0; m &= m - 1 {
		sq := board.Square(bits.TrailingZeros64(m))
		t.nodes = append(t.nodes, node{b: b.Play(sq), parent: i, first: -1, move: sq})
	}
	children := t.nodes[first:]
	rng.Shuffle(len(children), func(a, c int) { children[a], children[c] = children[c], children[a] })
	for c := first; c < int32(len(t.nodes)); c++ {
		t.settle(c)
	}
	nd := &t.nodes[i]
	nd.first, nd.n = first, uint8(n)
	return true
}

// selectChild returns the child of node i to visit: a child that wins
// outright, else an unvisited child, else the best by UCB1 among those
// not proven lost.
func (t *tree) selectChild(i int32, c float64) int32 {
	nd := &t.nodes[i]
	lnN := math.Log(float64(nd.visits) + float64(nd.vloss) + 1)
	best, bestScore := nd.first, math.Inf(-1)
	for k := nd.first; k < nd.first+int32(nd.n); k++ {
		ch := &t.nodes[k]
		if ch.solved {
			if ch.margin < 0 {
				return k // the opponent loses there
			}
			if ch.margin > 0 {
				if bestScore == math.Inf(-1) {
					best = k // only if every child is lost
				}
				continue
			}
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
	return best
}

// backup adds the reward of a playout that ended with margin (for the
// side to move at the leaf) to the leaf and its ancestors, each from the
// view of the player who moved into it; vloss virtual losses are taken
// back on the way.
func (t *tree) backup(leaf int32, margin float64, estimated bool, r Reward, vloss int32) {
	m := margin
	for i := leaf; i >= 0; i = t.nodes[i].parent {
		nd := &t.nodes[i]
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
	for i := t.nodes[leaf].parent; i >= 0; i = t.nodes[i].parent {
		nd := &t.nodes[i]
		if nd.solved || nd.first < 0 {
			return
		}
		all, best := true, -65
		for k := nd.first; k < nd.first+int32(nd.n); k++ {
			ch := &t.nodes[k]
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

// child returns the child of the root to play: a proven win (the
// largest), else the most visited (or the best mean reward) among the
// children not proven lost.
func (t *tree) bestRootChild(byValue bool) int32 {
	root := &t.nodes[0]
	best, bestKey := int32(-1), math.Inf(-1)
	for k := root.first; k < root.first+int32(root.n); k++ {
		ch := &t.nodes[k]
		var key float64
		switch {
		case ch.solved && ch.margin < 0:
			key = 1e12 - float64(ch.margin)
		case ch.solved && ch.margin > 0:
			key = -1e12 - float64(ch.margin)
		case byValue && ch.visits > 0:
			key = ch.sum / float64(ch.visits)
		default:
			key = float64(ch.visits)
		}
		if key > bestKey {
			best, bestKey = k, key
		}
	}
	return best
}

// pv returns the most visited line from node i.
func (t *tree) pv(i int32, limit int) []board.Square {
	var out []board.Square
	for len(out) < limit {
		nd := &t.nodes[i]
		if nd.first < 0 || nd.n == 0 {
			break
		}
		best, most := int32(-1), uint32(0)
		for k := nd.first; k < nd.first+int32(nd.n); k++ {
			if v := t.nodes[k].visits; v > most || best < 0 {
				best, most = k, v
			}
		}
		if most == 0 {
			break
		}
		out = append(out, t.nodes[best].move)
		i = best
	}
	return out
}

// reroot returns a tree made of the subtree of the node, within two plies
// of the root, whose position is b; nil if there is none.
func (t *tree) reroot(b board.Board) *tree {
	target := int32(-1)
	if t.nodes[0].b == b {
		target = 0
	}
	for k := t.nodes[0].first; target < 0 && k >= 0 && k < t.nodes[0].first+int32(t.nodes[0].n); k++ {
		ch := &t.nodes[k]
		if ch.b == b {
			target = k
			break
		}
		for g := ch.first; g >= 0 && g < ch.first+int32(ch.n); g++ {
			if t.nodes[g].b == b {
				target = g
				break
			}
		}
	}
	if target < 0 {
		return nil
	}
	out := &tree{nodes: make([]node, 0, min(t.max, max(len(t.nodes), 1<<16))), max: t.max}
	root := t.nodes[target]
	root.parent = -1
	out.nodes = append(out.nodes, root)
	// Copy breadth first, each node's children as one block.
	from := []int32{target}
	for k := 0; k < len(out.nodes); k++ {
		old := t.nodes[from[k]]
		if old.first < 0 {
			continue
		}
		first := int32(len(out.nodes))
		for c := old.first; c < old.first+int32(old.n); c++ {
			ch := t.nodes[c]
			ch.parent = int32(k)
			out.nodes = append(out.nodes, ch)
			from = append(from, c)
		}
		out.nodes[k].first = first
	}
	for k := range out.nodes {
		out.nodes[k].vloss = 0
	}
	return out
}
