// AMD timing test: 1 iterations of 16 dependent VALU instructions
// (loop.inc).  out[0] = 1 * 16 = 16.
// LAUNCH 64 64
// ARGN 1
// EXPECT 0 16
.set K, 16
.set LOAD, 0
.include "loop.inc"
