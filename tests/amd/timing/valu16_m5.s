// AMD timing test: 5 iterations of 16 dependent VALU instructions
// (loop.inc).  out[0] = 5 * 16 = 80.
// LAUNCH 64 64
// ARGN 5
// EXPECT 0 80
.set K, 16
.set LOAD, 0
.include "loop.inc"
