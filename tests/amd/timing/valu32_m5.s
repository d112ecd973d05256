// AMD timing test: 5 iterations of 32 dependent VALU instructions
// (loop.inc).  out[0] = 5 * 32 = 160.
// LAUNCH 64 64
// ARGN 5
// EXPECT 0 160
.set K, 32
.set LOAD, 0
.include "loop.inc"
