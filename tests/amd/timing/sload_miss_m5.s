// AMD timing test: 5 iterations of a scalar load of in[16 i] = 16 i (a
// new line each iteration: scalar-cache and L2 miss), s_waitcnt
// lgkmcnt(0) and 4 dependent VALU instructions (loop.inc, SLOAD = 2).
// out[0] = sum over i < 5 of (16 i + 4) = 180.
// LAUNCH 64 64
// ARGN 5
// IN 80 0 1
// EXPECT 0 180
.set K, 4
.set LOAD, 0
.set SLOAD, 2
.include "loop.inc"
