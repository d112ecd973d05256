// AMD gfx1100 timing test (nodelay8_m1, n = 1): derivation in ../README.md "RDNA3".
// the same 8 pairs without s_delay_alu: out[0] = 8 n = 8
// EXPECT 0 8
// LAUNCH 32 32
// ARGN 1
.set WS, 32
.macro BODY
.rept 8
  v_add_nc_u32 v1, 1, v1
  v_add_nc_u32 v2, 1, v2
.endr
.endm
.include "loop.inc"
