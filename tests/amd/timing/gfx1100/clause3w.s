// AMD gfx1100 timing test (clause3w): three wave32 waves of one work-group
// (waves 0 and 2 on SIMD 0) each run 3 iterations of an s_clause of four
// loads (in[0..3] = 7, 8, 9, 10), s_waitcnt vmcnt(0) and four adds: the
// clause arbitration of docs/timing-model.md "The RDNA3 profile" holds the
// vector-memory port of SIMD 0 for one wave's clause (not_selected stalls
// of the other; no cycle check: memory, determinism and sim.skip_idle).
// out[0] (every lane of every wave) = 3 * (7 + 8 + 9 + 10) = 102.
// LAUNCH 96 96
// ARGN 3
// IN 4 7 1
// EXPECT 0 102
.set WS, 32
.set HAS_KEND, 1
.macro KEND
  KERNEL_END 32, 0, 0   // CU mode: all three waves on one CU (in WGP mode wave 1 would run on the other)
.endm
.macro BODY
  s_clause 0x3
  global_load_b32 v2, v3, s[98:99]
  global_load_b32 v4, v3, s[98:99] offset:4
  global_load_b32 v5, v3, s[98:99] offset:8
  global_load_b32 v6, v3, s[98:99] offset:12
  s_waitcnt vmcnt(0)
  v_add_nc_u32 v1, v1, v2
  v_add_nc_u32 v1, v1, v4
  v_add_nc_u32 v1, v1, v5
  v_add_nc_u32 v1, v1, v6
.endm
.include "loop.inc"
