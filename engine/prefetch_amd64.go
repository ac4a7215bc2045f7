package engine

// prefetch asks the processor to bring the bucket at p into its caches
// (PREFETCHT0) and returns at once: a later probe of it then finds it
// there, or nearer.
//
//go:noescape
func prefetch(p *ttBucket)
