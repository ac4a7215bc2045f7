#!/usr/bin/env bash
# Release binaries of reversi for Linux, macOS and Windows, cross-compiled
# into dist/VERSION/ with the version stamped in (reversi version prints
# it), named reversi-VERSION-OS-ARCH, with their SHA-256 checksums in
# SHA256SUMS (check with: sha256sum -c SHA256SUMS). A player without Go
# downloads one and runs it.
#
#   git tag v1.2.0 && scripts/dist.sh   # the version is the tag
#   VERSION=v1.2.0 scripts/dist.sh      # an explicit version
#   TARGETS="linux/amd64 windows/amd64" scripts/dist.sh   # some platforms only
#   DIST=/tmp/out scripts/dist.sh       # another folder than dist/
#
# Without VERSION the version is git describe --tags (v1.2.0, or
# v1.2.0-3-gabc1234 three commits after it, -dirty with uncommitted
# changes); with no tag at all it is dev-COMMIT, and the script says that
# this is no release. The binaries are static (CGO_ENABLED=0: SQLite is
# pure Go) and built with -trimpath; nothing but Go is needed. The first
# run compiles every dependency for every platform and takes several
# minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=${TARGETS:-"linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64"}
version=${VERSION:-}
if [ -z "$version" ]; then
  if ! version=$(git describe --tags --dirty 2>/dev/null); then
    version="dev-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
    echo "no tag: building $version, which is no release (tag one, git tag v1.0.0, or set VERSION)" >&2
  fi
fi
case $version in
  */* | *' '* | '') echo "version '$version': want a name without slashes or spaces, e.g. v1.2.0" >&2; exit 2 ;;
esac
revision=$(git rev-parse HEAD 2>/dev/null || true)
when=$(git log -1 --format=%cI 2>/dev/null || true)
modified=false
if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
  modified=true
fi

pkg=github.com/reversi-engine/reversi/cmd/internal/buildinfo
ldflags="-s -w -X $pkg.Version=$version -X $pkg.Revision=$revision -X $pkg.Time=$when -X $pkg.Modified=$modified"

out=${DIST:-dist}/$version
mkdir -p "$out"
names=()
for target in $targets; do
  os=${target%/*}
  arch=${target#*/}
  name="reversi-$version-$os-$arch"
  [ "$os" = windows ] && name="$name.exe"
  echo "building $out/$name"
  CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath -buildvcs=false -ldflags "$ldflags" -o "$out/$name" ./cmd/reversi
  names+=("$name")
done

sum() { if command -v sha256sum >/dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi; }
(cd "$out" && sum "${names[@]}" > SHA256SUMS)
echo "done: $out (checksums in $out/SHA256SUMS)"
