// What the binary says of its build.

package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// Set at link time with -ldflags -X (see the package comment); empty in a
// plain go build or go install, which then rely on debug.ReadBuildInfo.
var (
	// Version is the release version, e.g. "v1.2.0".
	Version string
	// Revision is the version control revision the build is from.
	Revision string
	// Time is when that revision was committed (RFC 3339).
	Time string
	// Modified is "true" if the working tree had local changes.
	Modified string
)

// Info describes a build.
type Info struct {
	// Version is the stamped version, else the module's version as the Go
	// toolchain recorded it ("v1.2.0" for go install ...@v1.2.0, a
	// pseudo-version, or "(devel)" for a build in a checkout), else
	// "(unknown)".
	Version string
	// Module is the main module's path.
	Module string
	// Revision, Time and Modified describe the version control state of
	// the build: stamped, else recorded by the toolchain (absent with
	// -buildvcs=false); Revision is "" if unknown.
	Revision, Time string
	Modified       bool
	// GoVersion is the Go toolchain's version; OS and Arch the platform.
	GoVersion, OS, Arch string
}

// Read returns the information of the running binary.
func Read() Info {
	bi, _ := debug.ReadBuildInfo()
	return read(bi)
}

// read builds the Info of bi (nil: no build information) with the
// stamped variables taking precedence.
func read(bi *debug.BuildInfo) Info {
	i := Info{Version: "(unknown)", GoVersion: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	if bi != nil {
		i.Module, i.GoVersion = bi.Main.Path, bi.GoVersion
		if bi.Main.Version != "" {
			i.Version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				i.Revision = s.Value
			case "vcs.time":
				i.Time = s.Value
			case "vcs.modified":
				i.Modified = s.Value == "true"
			case "GOOS":
				i.OS = s.Value
			case "GOARCH":
				i.Arch = s.Value
			}
		}
	}
	if Version != "" {
		i.Version = Version
	}
	if Revision != "" {
		i.Revision, i.Time, i.Modified = Revision, Time, Modified == "true"
	}
	return i
}

// String writes the information on a few lines, the first "reversi
// VERSION", e.g.
//
//	reversi v1.2.0
//	revision 5192da1c0ffee... (2026-11-24T00:19:03Z)
//	module github.com/reversi-engine/reversi
//	go1.26.8 linux/amd64
func (i Info) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "reversi %s\n", i.Version)
	switch {
	case i.Revision == "":
		b.WriteString("revision unknown (built without version control information)\n")
	default:
		fmt.Fprintf(&b, "revision %s", i.Revision)
		if i.Time != "" {
			fmt.Fprintf(&b, " (%s)", i.Time)
		}
		if i.Modified {
			b.WriteString(", with local changes")
		}
		b.WriteByte('\n')
	}
	if i.Module != "" {
		fmt.Fprintf(&b, "module %s\n", i.Module)
	}
	fmt.Fprintf(&b, "%s %s/%s\n", i.GoVersion, i.OS, i.Arch)
	return b.String()
}
