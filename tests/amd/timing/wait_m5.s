// AMD timing test: 5 iterations of a load of in[0] = 7, s_waitcnt
// vmcnt(0) and 4 dependent VALU instructions (loop.inc).
// out[0] = 5 * (7 + 4) = 55.
// LAUNCH 64 64
// ARGN 5
// IN 1 7 0
// EXPECT 0 55
.set K, 4
.set LOAD, 1
.include "loop.inc"
