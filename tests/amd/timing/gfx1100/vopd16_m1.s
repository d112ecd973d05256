// AMD gfx1100 timing test (vopd16_m1, n = 1): derivation in ../README.md "RDNA3".
// 16 independent VOPD pairs: out[0] = n = 1
// EXPECT 0 1
// LAUNCH 32 32
// ARGN 1
.set WS, 32
.macro BODY
  v_add_nc_u32 v1, 1, v1
  .irp r, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32
  v_dual_mov_b32 v\r, 1 :: v_dual_mov_b32 v[\r+1], 2   // dual issue: one cycle
  .endr
.endm
.include "loop.inc"
