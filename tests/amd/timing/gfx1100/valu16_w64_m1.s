// AMD gfx1100 timing test (valu16_w64_m1, n = 1): derivation in ../README.md "RDNA3".
// wave64: out[0] = 16 n = 16
// EXPECT 0 16
// LAUNCH 64 64
// ARGN 1
.set WS, 64
.macro BODY
.rept 16
  v_add_nc_u32 v1, 1, v1           // two passes each: 6 cycles apart
.endr
.endm
.include "loop.inc"
