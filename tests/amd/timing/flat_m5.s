// AMD timing test: 5 iterations of a flat_load_dword of in[0] = 7, s_waitcnt
// lgkmcnt(0) (a FLAT load counts in LGKMcnt as well as VMcnt: seed 002,
// the Vega ISA guide's FLAT chapter) and 4 dependent VALU instructions
// (loop.inc, LOAD = 2).  out[0] = 5 * (7 + 4) = 55.
// LAUNCH 64 64
// ARGN 5
// IN 1 7 0
// EXPECT 0 55
.set K, 4
.set LOAD, 2
.include "loop.inc"
