// AMD gfx1100 timing test (wait_m1, n = 1): derivation in ../README.md "RDNA3".
// load in[0] = 7, s_waitcnt vmcnt(0), 4 dependent VALU: out[0] = n (7 + 4) = 11
// IN 1 7 0
// EXPECT 0 11
// LAUNCH 32 32
// ARGN 1
.set WS, 32
.macro BODY
  global_load_b32 v2, v3, s[98:99]
  s_waitcnt vmcnt(0)
  v_add_nc_u32 v1, v1, v2
.rept 4
  v_add_nc_u32 v1, 1, v1
.endr
.endm
.include "loop.inc"
