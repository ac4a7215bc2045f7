//go:build !amd64

package engine

// prefetch does nothing on this architecture.
func prefetch(p *ttBucket) {}
