//go:build !amd64

package cpufeature

// AVX2 is false: there is no AVX2 on this architecture.
const AVX2 = false

// FastGather is false: there are no AVX2 gathers on this architecture.
const FastGather = false
