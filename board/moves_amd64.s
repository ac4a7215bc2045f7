// AVX2 move generation: the four line directions of moves() in the four
// 64-bit lanes of a YMM register (hot path; see movesGeneric for the logic).

#include "textflag.h"

// Per-lane shifts and opponent masks for the four line directions:
// horizontal (1), vertical (8), anti-diagonal (7), diagonal (9).
DATA ·laneShifts+0(SB)/8, $1
DATA ·laneShifts+8(SB)/8, $8
DATA ·laneShifts+16(SB)/8, $7
DATA ·laneShifts+24(SB)/8, $9
GLOBL ·laneShifts(SB), RODATA|NOPTR, $32

DATA ·laneMasks+0(SB)/8, $0x7E7E7E7E7E7E7E7E
DATA ·laneMasks+8(SB)/8, $0xFFFFFFFFFFFFFFFF
DATA ·laneMasks+16(SB)/8, $0x7E7E7E7E7E7E7E7E
DATA ·laneMasks+24(SB)/8, $0x7E7E7E7E7E7E7E7E
GLOBL ·laneMasks(SB), RODATA|NOPTR, $32

// func movesAVX2(P, O uint64) uint64
TEXT ·movesAVX2(SB), NOSPLIT, $0-24
	MOVQ P+0(FP), AX
	MOVQ O+8(FP), BX
	VMOVQ AX, X0
	VPBROADCASTQ X0, Y0          // P in every lane
	VMOVQ BX, X1
	VPBROADCASTQ X1, Y1          // O in every lane
	VMOVDQU ·laneShifts(SB), Y2  // d
	VPADDQ Y2, Y2, Y9            // 2d
	VPAND ·laneMasks(SB), Y1, Y3 // run: the O discs that may be in a run

	VPSLLVQ Y2, Y0, Y4
	VPAND Y3, Y4, Y4             // fwd = run & P<<d
	VPSRLVQ Y2, Y0, Y5
	VPAND Y3, Y5, Y5             // bwd = run & P>>d
	VPSLLVQ Y2, Y4, Y6
	VPAND Y3, Y6, Y6
	VPOR Y6, Y4, Y4              // fwd |= run & fwd<<d
	VPSRLVQ Y2, Y5, Y6
	VPAND Y3, Y6, Y6
	VPOR Y6, Y5, Y5              // bwd |= run & bwd>>d
	VPSLLVQ Y2, Y3, Y7
	VPAND Y3, Y7, Y7             // pairFwd = run & run<<d
	VPSRLVQ Y2, Y7, Y8           // pairBwd = pairFwd>>d
	VPSLLVQ Y9, Y4, Y6
	VPAND Y7, Y6, Y6
	VPOR Y6, Y4, Y4              // fwd |= pairFwd & fwd<<2d
	VPSRLVQ Y9, Y5, Y6
	VPAND Y8, Y6, Y6
	VPOR Y6, Y5, Y5              // bwd |= pairBwd & bwd>>2d
	VPSLLVQ Y9, Y4, Y6
	VPAND Y7, Y6, Y6
	VPOR Y6, Y4, Y4
	VPSRLVQ Y9, Y5, Y6
	VPAND Y8, Y6, Y6
	VPOR Y6, Y5, Y5
	VPSLLVQ Y2, Y4, Y4
	VPSRLVQ Y2, Y5, Y5
	VPOR Y5, Y4, Y4              // squares past a run, per direction

	VEXTRACTI128 $1, Y4, X5
	VPOR X5, X4, X4
	VPSHUFD $0x4E, X4, X5
	VPOR X5, X4, X4
	VMOVQ X4, CX
	VZEROUPPER
	ORQ BX, AX
	NOTQ AX
	ANDQ AX, CX                  // moves &^ (P|O)
	MOVQ CX, ret+16(FP)
	RET
