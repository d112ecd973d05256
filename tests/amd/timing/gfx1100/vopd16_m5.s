// AMD gfx1100 timing test (vopd16_m5, n = 5): derivation in ../README.md "RDNA3".
// 16 independent VOPD pairs: out[0] = n = 5
// EXPECT 0 5
// LAUNCH 32 32
// ARGN 5
.set WS, 32
.macro BODY
  v_add_nc_u32 v1, 1, v1
  .irp r, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32
  v_dual_mov_b32 v\r, 1 :: v_dual_mov_b32 v[\r+1], 2   // dual issue: one cycle
  .endr
.endm
.include "loop.inc"
