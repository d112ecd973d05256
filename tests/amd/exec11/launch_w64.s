// The gfx1100 wave64 dispatcher: two work-groups of 80 work-items (a full
// wave of 64 and a partial one of 16).  Derived by hand as launch.s: EXEC of
// the partial wave is 0xffff in exec_lo and 0 in exec_hi; lane masks are
// SGPR pairs (vcc, s[4:5]).
// LAUNCH 160 80
// OUTN 256
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_mul_i32 s3, s2, 80
  v_add_nc_u32 v1, s3, v0
  v_lshl_or_b32 v2, s2, 16, v0
  OUTV 0, v1, v2             // EXPECT_SEQ 0 80 0 1
                             // EXPECT_SEQ 80 80 0x10000 1
  v_cmp_le_u32 vcc, 64, v0
  s_and_saveexec_b64 s[4:5], vcc
  s_cbranch_execz .Lskip
  v_readfirstlane_b32 s6, v0          // x = 64
  v_cmp_eq_u32 vcc, s6, v0
  s_and_b64 exec, exec, vcc
  s_lshl_b32 s7, s2, 2                // out[160 + 4g] ..
  v_mov_b32 v3, s7
  v_mov_b32 v4, s4
  OUTV 160, v3, v4            // EXPECT 160 0x0000ffff
                              // EXPECT 164 0x0000ffff
  v_mov_b32 v4, s5
  OUTV 161, v3, v4            // EXPECT 161 0
                              // EXPECT 165 0
  v_mov_b32 v4, s6
  OUTV 162, v3, v4            // EXPECT 162 64
                              // EXPECT 166 64
.Lskip:
KERNEL_END
