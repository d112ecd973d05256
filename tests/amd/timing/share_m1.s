// AMD timing test: two work-groups of one wave (on CUs 0 and 1 of one
// group sharing the scalar cache and the I-cache), each one iteration of
// a scalar load of in[0] = 7, s_waitcnt lgkmcnt(0) and 4 dependent VALU
// instructions (loop.inc, SLOAD = 1).  Both store out[0] = 7 + 4 = 11.
// run_timing.sh runs it with dispatch.wg_interval = 3000 (the second
// work-group starts after the first ended) and compares the scalar and
// instruction caches shared (the configuration) and not shared (sms = 1):
// README.md "Caches shared by a group of CUs".
// LAUNCH 128 64
// ARGN 1
// IN 1 7 0
// EXPECT 0 11
.set K, 4
.set LOAD, 0
.set SLOAD, 1
.include "loop.inc"
