// AMD timing test: 1 iteration of a global_load_dword of in[0], s_waitcnt
// lgkmcnt(0) -- which does not wait for it: GLOBAL counts in VMcnt only --
// and 5 dependent VALU instructions that do not read the load (loop.inc,
// LOAD = 3).  out[0] = 1 * 5 = 5.
// LAUNCH 64 64
// ARGN 1
// IN 1 7 0
// EXPECT 0 5
.set K, 5
.set LOAD, 3
.include "loop.inc"
