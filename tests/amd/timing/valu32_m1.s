// AMD timing test: 1 iterations of 32 dependent VALU instructions
// (loop.inc).  out[0] = 1 * 32 = 32.
// LAUNCH 64 64
// ARGN 1
// EXPECT 0 32
.set K, 32
.set LOAD, 0
.include "loop.inc"
