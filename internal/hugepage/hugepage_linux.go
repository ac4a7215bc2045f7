package hugepage

import (
	"syscall"
	"unsafe"
)

// Advise asks Linux to back the memory of s with transparent huge pages
// (madvise MADV_HUGEPAGE), where the system allows them ("madvise" or
// "always" in /sys/kernel/mm/transparent_hugepage/enabled). Call it
// before the memory is first written: pages written already keep their
// size until the kernel merges them. Only the whole 2 MB pages inside s
// can be huge. It returns the error of madvise, which changes nothing
// when it fails (an old kernel, huge pages turned off).
func Advise[T any](s []T) error {
	if len(s) == 0 {
		return nil
	}
	n := uintptr(len(s)) * unsafe.Sizeof(s[0])
	start := uintptr(unsafe.Pointer(&s[0]))
	// madvise takes a range that starts on a page.
	page := uintptr(syscall.Getpagesize())
	aligned := (start + page - 1) &^ (page - 1)
	if aligned >= start+n {
		return nil
	}
	b := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(&s[0]), aligned-start)), start+n-aligned)
	return syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
