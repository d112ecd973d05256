// AMD timing test: 1 iterations of a load of in[0] = 7, s_waitcnt
// vmcnt(0) and 4 dependent VALU instructions (loop.inc).
// out[0] = 1 * (7 + 4) = 11.
// LAUNCH 64 64
// ARGN 1
// IN 1 7 0
// EXPECT 0 11
.set K, 4
.set LOAD, 1
.include "loop.inc"
