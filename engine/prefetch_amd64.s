// A hint to the processor to bring a table bucket into its caches.

#include "textflag.h"

// func prefetch(p *ttBucket)
TEXT ·prefetch(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), AX
	PREFETCHT0 (AX)
	RET
