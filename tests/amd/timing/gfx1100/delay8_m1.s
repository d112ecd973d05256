// AMD gfx1100 timing test (delay8_m1, n = 1): derivation in ../README.md "RDNA3".
// 8 pairs, an s_delay_alu before each v2 add: out[0] = 8 n = 8
// EXPECT 0 8
// LAUNCH 32 32
// ARGN 1
.set WS, 32
.macro BODY
.rept 8
  v_add_nc_u32 v1, 1, v1
  s_delay_alu instid0(VALU_DEP_1)  // v2's add waits for v1's result
  v_add_nc_u32 v2, 1, v2
.endr
.endm
.include "loop.inc"
