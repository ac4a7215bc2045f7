#!/usr/bin/env bash
# Release binaries of reversi for Linux, macOS and Windows, cross-compiled
# into dist/ with the version stamped in (reversi version prints it), and
# their SHA-256 checksums. A player without Go downloads one and runs it.
#
#   scripts/dist.sh                  # version from git describe (or "dev")
#   VERSION=v1.2.0 scripts/dist.sh   # an explicit version
#   TARGETS="linux/amd64 windows/amd64" scripts/dist.sh   # some platforms only
#
# The binaries are static (CGO_ENABLED=0: SQLite is pure Go) and built with
# -trimpath; nothing but Go is needed. The first run compiles every
# dependency for every platform and takes several minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=${TARGETS:-"linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64"}
version=${VERSION:-$(git describe --tags --always --dirty 2>/dev/null || echo dev)}
revision=$(git rev-parse HEAD 2>/dev/null || true)
when=$(git log -1 --format=%cI 2>/dev/null || true)
modified=false
if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
  modified=true
fi

pkg=github.com/reversi-engine/reversi/internal/buildinfo
ldflags="-s -w -X $pkg.Version=$version -X $pkg.Revision=$revision -X $pkg.Time=$when -X $pkg.Modified=$modified"

mkdir -p dist
for target in $targets; do
  os=${target%/*}
  arch=${target#*/}
  out="dist/reversi-$version-$os-$arch"
  [ "$os" = windows ] && out="$out.exe"
  echo "building $out"
  CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath -buildvcs=false -ldflags "$ldflags" -o "$out" ./cmd/reversi
done

(cd dist && sha256sum reversi-"$version"-* > "SHA256SUMS-$version")
echo "done: dist/ (checksums in dist/SHA256SUMS-$version)"
