// AMD gfx1100 timing test (valu32_m1, n = 1): derivation in ../README.md "RDNA3".
// out[0] = 32 n = 32
// EXPECT 0 32
// LAUNCH 32 32
// ARGN 1
.set WS, 32
.macro BODY
.rept 32
  v_add_nc_u32 v1, 1, v1
.endr
.endm
.include "loop.inc"
