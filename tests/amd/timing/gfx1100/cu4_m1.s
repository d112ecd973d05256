// AMD gfx1100 timing test (cu4_m1, n = 1): four wave32 waves of one
// work-group in CU mode (one CU), each iteration 16 independent VALU
// instructions and s_barrier (barrier4.inc; derivation in ../README.md
// "RDNA3" (WGP mode)).
// EXPECT 0 1
// EXPECT 1 10
// LAUNCH 128 128
// ARGN 1
.set WGP, 0
.include "barrier4.inc"
