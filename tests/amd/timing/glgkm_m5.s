// AMD timing test: 5 iterations of a global_load_dword of in[0], s_waitcnt
// lgkmcnt(0) -- which does not wait for it: GLOBAL counts in VMcnt only --
// and 5 dependent VALU instructions that do not read the load (loop.inc,
// LOAD = 3).  out[0] = 5 * 5 = 25.
// LAUNCH 64 64
// ARGN 5
// IN 1 7 0
// EXPECT 0 25
.set K, 5
.set LOAD, 3
.include "loop.inc"
