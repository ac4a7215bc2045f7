package hugepage

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// TestAdviseMarksTheMapping: after Advise, Linux lists the memory of the
// slice in a mapping marked for huge pages ("hg" among its VmFlags in
// /proc/self/smaps), and the slice's contents are unchanged.
func TestAdviseMarksTheMapping(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skipf("this kernel has no transparent huge pages: %v", err)
	}
	s := make([]uint64, 8<<20/8)
	for i := range s {
		s[i] = uint64(i)
	}
	if err := Advise(s); err != nil {
		t.Fatal(err)
	}
	for i := range s {
		if s[i] != uint64(i) {
			t.Fatalf("s[%d] = %d after Advise", i, s[i])
		}
	}
	addr := uintptr(unsafe.Pointer(&s[len(s)/2]))
	flags, err := vmFlags(addr)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(" "+flags+" ", " hg ") {
		t.Errorf("the mapping of %#x has the flags %q, without hg", addr, flags)
	}
}

// TestAdviseSmallAndEmpty: slices with no whole page, or nothing, are
// left alone without an error.
func TestAdviseSmallAndEmpty(t *testing.T) {
	if err := Advise([]byte{}); err != nil {
		t.Error(err)
	}
	small := make([]byte, 100)
	if err := Advise(small[1:50]); err != nil {
		t.Error(err)
	}
}

// vmFlags returns the VmFlags line of the mapping of /proc/self/smaps
// that holds addr.
func vmFlags(addr uintptr) (string, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	in := false
	for sc.Scan() {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x ", &lo, &hi); n == 2 {
			in = lo <= addr && addr < hi
			continue
		}
		if in {
			if v, ok := strings.CutPrefix(line, "VmFlags:"); ok {
				return strings.TrimSpace(v), nil
			}
		}
	}
	if err := sc.Err(); err != nil {
		return "", err
	}
	return "", fmt.Errorf("no mapping of /proc/self/smaps holds %#x", addr)
}
