// WAVES 32 64
// The gfx1100 hazard of v_permlane16_b32 / v_permlanex16_b32 right after a
// v_cmpx (docs/checker.md "RDNA3", check.c check_cmpx_permlane11; LLVM 19
// fixVcmpxPermlaneHazards, which gfx11 has: FeatureVcmpxPermlaneHazard): a
// VALU other than v_nop must come between; SALUs and s_nop do not count.
// The compare here is always true (v0 is never 0xffffffff), so EXEC stays
// whole.  Selects {s5,s4} = 0xfedcba9876543210: lane i of a row reads lane
// i (v_permlane16: its own lane; v_permlanex16: that lane of the other row
// of the pair, lane ^ 16).
// FINDING CHECK SECOND FIRST: the labels of the permlane and the v_cmpx.
// LAUNCH 64 64
// OUTN 128
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v1, v0
  s_mov_b32 s4, 0x76543210
  s_mov_b32 s5, 0xfedcba98
c1a: v_cmpx_ne_u32 -1, v0
  s_nop 0
  s_mov_b32 s6, 1
c1b: v_permlane16_b32 v2, v1, s4, s5                     // FINDING hazards c1b c1a
//    corrected: a VALU between
  v_cmpx_ne_u32 -1, v0
  v_mov_b32 v1, v1
  v_permlane16_b32 v2, v1, s4, s5
// v_nop is not a VALU for this rule
c2a: v_cmpx_ne_u32 -1, v0
  v_nop
c2b: v_permlanex16_b32 v3, v1, s4, s5                    // FINDING hazards c2b c2a
  v_cmpx_ne_u32 -1, v0
  v_mov_b32 v1, v1
  v_permlanex16_b32 v3, v1, s4, s5
  OUTV 0, v0, v2                                         // EXPECT_LANES 0 64 +0
  OUTV 64, v0, v3                                        // EXPECT_LANES 64 16 +16
                                                         // EXPECT_LANES 80 16 +0
                                                         // EXPECT_LANES 96 16 +48
                                                         // EXPECT_LANES 112 16 +32
KERNEL_END
