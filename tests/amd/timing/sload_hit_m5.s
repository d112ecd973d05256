// AMD timing test: 5 iterations of a scalar load of in[0] = 7,
// s_waitcnt lgkmcnt(0) and 4 dependent VALU instructions (loop.inc,
// SLOAD = 1: the scalar cache).  out[0] = 5 * (7 + 4) = 55.
// LAUNCH 64 64
// ARGN 5
// IN 1 7 0
// EXPECT 0 55
.set K, 4
.set LOAD, 0
.set SLOAD, 1
.include "loop.inc"
