// AMD gfx1100 timing test (mov32_m1, n = 1): derivation in ../README.md "RDNA3".
// the same 32 moves one by one: out[0] = n = 1
// EXPECT 0 1
// LAUNCH 32 32
// ARGN 1
.set WS, 32
.macro BODY
  v_add_nc_u32 v1, 1, v1
  .irp r, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32
  v_mov_b32 v\r, 1
  v_mov_b32 v[\r+1], 2
  .endr
.endm
.include "loop.inc"
