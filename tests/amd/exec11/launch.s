// The gfx1100 wave32 dispatcher (spec amd-hsa.md 2.2-2.6): two
// work-groups of 48 work-items (a full wave of 32 and a partial one of 16).
// Derived by hand: wave w of group g has work-items 32w .. 32w+31 of the
// group, local id x in v0 (packed: y and z not enabled, so v0 = x), the
// group id in s2; EXEC of the partial wave is 0xffff (exec_lo), EXEC_HI 0.
// LAUNCH 96 48
// OUTN 256
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  // global id = 48 * g + x -> out[gid] = x | g << 16
  s_mul_i32 s3, s2, 48
  v_add_nc_u32 v1, s3, v0
  v_lshl_or_b32 v2, s2, 16, v0
  OUTV 0, v1, v2             // EXPECT_SEQ 0 48 0 1
                             // EXPECT_SEQ 48 48 0x10000 1
  // the partial wave (x >= 32): EXEC_LO = 0xffff, EXEC_HI = 0, stored by lane 0
  v_cmp_le_u32 vcc_lo, 32, v0
  s_and_saveexec_b32 s4, vcc_lo
  s_cbranch_execz .Lskip
  v_readfirstlane_b32 s5, v0          // the first lane of the partial wave: x = 32
  v_cmp_eq_u32 vcc_lo, s5, v0
  s_and_b32 exec_lo, exec_lo, vcc_lo  // lane 0 of the wave only
  s_lshl_b32 s6, s2, 2                // out[96 + 4g] ..
  v_mov_b32 v3, s6
  v_mov_b32 v4, s4                    // saved EXEC_LO of the wave: 0xffff
  OUTV 96, v3, v4             // EXPECT 96 0x0000ffff
                              // EXPECT 100 0x0000ffff
  v_mov_b32 v4, exec_hi
  OUTV 97, v3, v4             // EXPECT 97 0
                              // EXPECT 101 0
  v_mov_b32 v4, s5
  OUTV 98, v3, v4             // EXPECT 98 32
                              // EXPECT 102 32
.Lskip:
KERNEL_END
