// AMD gfx1100 timing test (valu16_w64_m5, n = 5): derivation in ../README.md "RDNA3".
// wave64: out[0] = 16 n = 80
// EXPECT 0 80
// LAUNCH 64 64
// ARGN 5
.set WS, 64
.macro BODY
.rept 16
  v_add_nc_u32 v1, 1, v1           // two passes each: 6 cycles apart
.endr
.endm
.include "loop.inc"
