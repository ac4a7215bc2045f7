// AVX2 flips: the runs of opponent discs from the move square in the eight
// directions, four directions to a 256-bit register (hot path; see
// playGeneric for the portable version and flips for the rules).

#include "textflag.h"

// func playAVX2(P, O uint64, sq Square) Board
TEXT ·playAVX2(SB), NOSPLIT, $0-40
	MOVQ P+0(FP), AX
	MOVQ O+8(FP), BX
	MOVBQZX sq+16(FP), CX
	MOVQ $1, DX
	SHLQ CX, DX                  // X = 1 << sq
	VMOVQ AX, X0
	VPBROADCASTQ X0, Y0          // P
	VMOVQ DX, X1
	VPBROADCASTQ X1, Y1          // X
	VMOVQ BX, X10
	VPBROADCASTQ X10, Y10        // O
	VMOVDQU ·laneShifts(SB), Y2  // d
	VPADDQ Y2, Y2, Y9            // 2d
	VPAND ·laneMasks(SB), Y10, Y3 // run mask
	VPXOR Y11, Y11, Y11          // zero

	VPSLLVQ Y2, Y1, Y4
	VPAND Y3, Y4, Y4             // fwd = run & X<<d
	VPSRLVQ Y2, Y1, Y5
	VPAND Y3, Y5, Y5             // bwd = run & X>>d
	VPSLLVQ Y2, Y4, Y6
	VPAND Y3, Y6, Y6
	VPOR Y6, Y4, Y4
	VPSRLVQ Y2, Y5, Y6
	VPAND Y3, Y6, Y6
	VPOR Y6, Y5, Y5
	VPSLLVQ Y2, Y3, Y7
	VPAND Y3, Y7, Y7             // pairFwd
	VPSRLVQ Y2, Y7, Y8           // pairBwd
	VPSLLVQ Y9, Y4, Y6
	VPAND Y7, Y6, Y6
	VPOR Y6, Y4, Y4
	VPSRLVQ Y9, Y5, Y6
	VPAND Y8, Y6, Y6
	VPOR Y6, Y5, Y5
	VPSLLVQ Y9, Y4, Y6
	VPAND Y7, Y6, Y6
	VPOR Y6, Y4, Y4
	VPSRLVQ Y9, Y5, Y6
	VPAND Y8, Y6, Y6
	VPOR Y6, Y5, Y5
	// keep a run only if the square past it holds a P disc
	VPSLLVQ Y2, Y4, Y6
	VPAND Y0, Y6, Y6
	VPCMPEQQ Y11, Y6, Y6
	VPANDN Y4, Y6, Y4
	VPSRLVQ Y2, Y5, Y7
	VPAND Y0, Y7, Y7
	VPCMPEQQ Y11, Y7, Y7
	VPANDN Y5, Y7, Y5
	VPOR Y5, Y4, Y4

	VEXTRACTI128 $1, Y4, X5
	VPOR X5, X4, X4
	VPSHUFD $0x4E, X4, X5
	VPOR X5, X4, X4
	VMOVQ X4, CX                 // flipped
	VZEROUPPER
	ORQ CX, AX
	ORQ DX, AX                   // new O = P | f | X
	XORQ CX, BX                  // new P = O ^ f
	MOVQ BX, ret_P+24(FP)
	MOVQ AX, ret_O+32(FP)
	RET
