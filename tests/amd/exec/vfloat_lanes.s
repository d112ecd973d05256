// Float rows across a wave: v_cmpx writes VCC and EXEC (lanes where
// 32 > lane), and float results are committed under EXEC only.
// Expected values derived by hand.  One wave of 64 work-items.
// LAUNCH 64 64
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 10), 0x3f0
  v_cvt_f32_u32 v1, v0                 // lane as a float
  v_mov_b32 v2, 0x40a00000             // 5.0 in every lane
  v_mov_b32 v3, 1
  // 32.0 > lane for lanes 0-31: VCC = EXEC = 0x00000000_ffffffff
  v_cmpx_gt_f32 vcc, 0x42000000, v1
  OUTV 0, v0, v3                       // EXPECT_SEQ 0 32 1 0
  v_add_f32 v2, 1.0, v2                // 6.0 in lanes 0-31 only
  s_mov_b64 s[20:21], vcc
  s_mov_b64 exec, -1
  OUT 64, s20                          // EXPECT 64 0xffffffff
  OUT 65, s21                          // EXPECT 65 0
  OUTV 66, v0, v2                      // EXPECT_SEQ 66 32 0x40c00000 0
                                       // EXPECT_SEQ 98 32 0x40a00000 0
  // v_cmp_class on every lane: lane 0 is +0 (class bit 6), the others
  // +normal (bit 8); mask 0x40 selects lane 0 only
  v_cmp_class_f32_e64 s[22:23], v1, 0x40
  OUT 130, s22                         // EXPECT 130 1
  OUT 131, s23                         // EXPECT 131 0
KERNEL_END
