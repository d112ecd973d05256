// AMD gfx1100 timing test (sload_m1, n = 1): derivation in ../README.md "RDNA3".
// scalar load of in[0] = 7 (the WGP's scalar cache), s_waitcnt lgkmcnt(0),
// 5 dependent VALU: out[0] = n (7 + 4) = 11
// IN 1 7 0
// EXPECT 0 11
// LAUNCH 32 32
// ARGN 1
.set WS, 32
.macro BODY
  s_load_b32 s11, s[98:99], 0x0
  s_waitcnt lgkmcnt(0)
  v_add_nc_u32 v1, s11, v1
.rept 4
  v_add_nc_u32 v1, 1, v1
.endr
.endm
.include "loop.inc"
