// Package workers runs numbered jobs on a fixed number of goroutines: the
// one worker pool of the project. Run calls a job for every number, Map
// collects the jobs' results in order; the first error, or the end of the
// context, stops them.
//
// It uses only the standard library, so that the engine packages may use
// it: arena (matches and many-games runs), accuracy (the exact solves) and
// train (the selective search's sampling).
package workers
