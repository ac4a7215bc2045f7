// Package traincmd is reversi train: the pattern evaluation's weights
// trained from the shipped games (train, resumable from its work
// folder), the positions of the training games labelled by deep searches
// and exact solves (train label, shardable), the second generation's
// weights fitted to those labels (train refit), and the parameters of
// the engine's selective search sampled and fitted (train mpc).
//
// Every option is checked before work that takes hours starts; the work
// is package train's, the plot of the fitting error cmd/internal/plot's.
// The descriptions are help/train.txt, train-label.txt, train-mpc.txt and
// train-refit.txt, embedded.
package traincmd
