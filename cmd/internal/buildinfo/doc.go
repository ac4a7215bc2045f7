// Package buildinfo says which build of reversi is running: the version
// stamped at link time by a release build (scripts/dist.sh), or else what
// the Go toolchain recorded in the binary (module version, version
// control revision, time and local changes), and the Go version and
// platform.
//
// A release build stamps the variables of this package:
//
//	go build -ldflags "-X github.com/reversi-engine/reversi/cmd/internal/buildinfo.Version=v1.2.0 \
//	  -X github.com/reversi-engine/reversi/cmd/internal/buildinfo.Revision=$(git rev-parse HEAD)" ./cmd/reversi
//
// Read returns the Info that reversi version prints. It uses only the
// standard library; cmd/reversi uses it.
package buildinfo
