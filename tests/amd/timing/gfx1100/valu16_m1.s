// AMD gfx1100 timing test (valu16_m1, n = 1): derivation in ../README.md "RDNA3".
// out[0] = 16 n = 16
// EXPECT 0 16
// LAUNCH 32 32
// ARGN 1
.set WS, 32
.macro BODY
.rept 16
  v_add_nc_u32 v1, 1, v1           // a dependent chain: 5 cycles apart
.endr
.endm
.include "loop.inc"
