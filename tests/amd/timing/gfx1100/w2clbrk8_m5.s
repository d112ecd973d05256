// AMD gfx1100 timing test (w2clbrk8_m5, n = 5): derivation in ../README.md "RDNA3".
// waves 0 and 2 (SIMD 0) each run s_clause 0x207 (8 instructions, a break every 2) and 8 dependent VALU
// out[0] = 8 n = 40
// EXPECT 0 40
// LAUNCH 96 96
// ARGN 5
.set WS, 32
.set ONLY_SIMD0, 1
.set HAS_KEND, 1
.macro KEND
  KERNEL_END 32, 0, 0   // CU mode: waves 0 and 2 on SIMD 0 of one CU (in WGP mode wave 1 would run on the other CU)
.endm
.macro BODY
  s_clause 0x207
.rept 8
  v_add_nc_u32 v1, 1, v1
.endr
.endm
.include "loop.inc"
