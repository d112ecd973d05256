// AMD gfx1100 timing test (store_m5, n = 5): derivation in ../README.md "RDNA3".
// store v1 at out[1], s_waitcnt_vscnt null, 0, 4 dependent VALU: out[0] = 4 n = 20, out[1] = 4 (n - 1) = 16
// EXPECT 0 20
// EXPECT 1 16
// LAUNCH 32 32
// ARGN 5
.set WS, 32
.macro BODY
  global_store_b32 v3, v1, s[100:101] offset:4
  s_waitcnt_vscnt null, 0
.rept 4
  v_add_nc_u32 v1, 1, v1
.endr
.endm
.include "loop.inc"
