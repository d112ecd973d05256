// AMD timing test: 1 iterations of a scalar load of in[0] = 7,
// s_waitcnt lgkmcnt(0) and 4 dependent VALU instructions (loop.inc,
// SLOAD = 1: the scalar cache).  out[0] = 1 * (7 + 4) = 11.
// LAUNCH 64 64
// ARGN 1
// IN 1 7 0
// EXPECT 0 11
.set K, 4
.set LOAD, 0
.set SLOAD, 1
.include "loop.inc"
