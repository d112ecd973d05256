// AMD gfx1100 timing test (cu4_m5, n = 5): four wave32 waves of one
// work-group in CU mode (one CU), each iteration 16 independent VALU
// instructions and s_barrier (barrier4.inc; derivation in ../README.md
// "RDNA3" (WGP mode)).
// EXPECT 0 5
// EXPECT 1 10
// LAUNCH 128 128
// ARGN 5
.set WGP, 0
.include "barrier4.inc"
