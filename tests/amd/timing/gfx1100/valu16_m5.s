// AMD gfx1100 timing test (valu16_m5, n = 5): derivation in ../README.md "RDNA3".
// out[0] = 16 n = 80
// EXPECT 0 80
// LAUNCH 32 32
// ARGN 5
.set WS, 32
.macro BODY
.rept 16
  v_add_nc_u32 v1, 1, v1           // a dependent chain: 5 cycles apart
.endr
.endm
.include "loop.inc"
