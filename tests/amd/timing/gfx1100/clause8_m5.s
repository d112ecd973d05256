// AMD gfx1100 timing test (clause8_m5, n = 5): derivation in ../README.md "RDNA3".
// one wave: s_clause 0x7 (8 instructions) and 8 dependent VALU: the clause costs nothing
// out[0] = 8 n = 40
// EXPECT 0 40
// LAUNCH 32 32
// ARGN 5
.set WS, 32

.macro BODY
  s_clause 0x7
.rept 8
  v_add_nc_u32 v1, 1, v1
.endr
.endm
.include "loop.inc"
