// SOP2 / SOP1 / SOPK / SOPC: integer and bit operations with their SCC
// rules.  Expected values derived by hand from the Vega ISA reference's
// opcode descriptions.  One work-item.
// LAUNCH 1 1
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  // s_add_u32: 0xffffffff + 2 = 1, carry -> SCC 1
  s_mov_b32 s10, -1
  s_add_u32 s11, s10, 2
  s_cselect_b32 s12, 1, 0
  OUT 0, s11                  // EXPECT 0 0x00000001
  OUT 1, s12                  // EXPECT 1 0x00000001
  // s_addc_u32 with that carry: 5 + 6 + 1 = 12, no carry
  s_addc_u32 s13, 5, 6
  s_cselect_b32 s14, 1, 0
  OUT 2, s13                  // EXPECT 2 0x0000000c
  OUT 3, s14                  // EXPECT 3 0x00000000
  // s_sub_u32: 3 - 5 = 0xfffffffe, borrow -> SCC 1
  s_sub_u32 s15, 3, 5
  s_cselect_b32 s16, 1, 0
  OUT 4, s15                  // EXPECT 4 0xfffffffe
  OUT 5, s16                  // EXPECT 5 0x00000001
  // s_add_i32 overflow: 0x7fffffff + 1 -> SCC 1
  s_mov_b32 s17, 0x7fffffff
  s_add_i32 s18, s17, 1
  s_cselect_b32 s19, 1, 0
  OUT 6, s18                  // EXPECT 6 0x80000000
  OUT 7, s19                  // EXPECT 7 0x00000001
  // s_min_i32 -3, 2 = -3, SCC = (S0 < S1) = 1; s_max_u32 -3, 2 = 0xfffffffd, SCC 1
  s_min_i32 s20, -3, 2
  s_cselect_b32 s21, 1, 0
  s_max_u32 s22, -3, 2
  OUT 8, s20                  // EXPECT 8 0xfffffffd
  OUT 9, s21                  // EXPECT 9 0x00000001
  OUT 10, s22                 // EXPECT 10 0xfffffffd
  // logic: 0xf0f0 & 0x0ff0 = 0x00f0 (SCC 1); andn2 0xff, 0xff = 0 (SCC 0)
  s_movk_i32 s23, 0xf0f0
  s_and_b32 s24, s23, 0xff0
  s_andn2_b32 s25, 0xff, 0xff
  s_cselect_b32 s26, 1, 0
  OUT 11, s24                 // EXPECT 11 0x000000f0
  OUT 12, s26                 // EXPECT 12 0x00000000
  // 64-bit: s_lshl_b64 1 << 35 = 0x8_00000000; s_ashr_i64 -16 >> 2 = -4
  s_lshl_b64 s[28:29], 1, 35
  OUT 13, s28                 // EXPECT 13 0x00000000
  OUT 14, s29                 // EXPECT 14 0x00000008
  s_ashr_i64 s[30:31], -16, 2
  OUT 15, s30                 // EXPECT 15 0xfffffffc
  OUT 16, s31                 // EXPECT 16 0xffffffff
  // s_bfe_u32 0x12345678, offset 8 width 8 = 0x56; s_bfe_i32 0x000000f0, off 4 w 4 = -1
  s_mov_b32 s32, 0x12345678
  s_bfe_u32 s32, s32, 0x80008
  s_movk_i32 s33, 0xf0
  s_bfe_i32 s33, s33, 0x40004
  OUT 17, s32                 // EXPECT 17 0x00000056
  OUT 18, s33                 // EXPECT 18 0xffffffff
  // s_bfm_b32 4, 8 = 0xf00; s_mul_hi_u32 0x80000000 * 4 = 2; s_mul_i32 -3 * 7 = -21
  s_bfm_b32 s34, 4, 8
  s_mul_hi_u32 s35, 0x80000000, 4
  s_mul_i32 s36, -3, 7
  OUT 19, s34                 // EXPECT 19 0x00000f00
  OUT 20, s35                 // EXPECT 20 0x00000002
  OUT 21, s36                 // EXPECT 21 0xffffffeb
  // s_lshl2_add_u32 3, 5 = 17; s_pack_lh_b32_b16 0x1111aaaa, 0xbbbb2222 = 0xbbbbaaaa
  s_lshl2_add_u32 s37, 3, 5
  s_mov_b32 s38, 0x1111aaaa
  s_pack_lh_b32_b16 s38, s38, 0xbbbb2222
  OUT 22, s37                 // EXPECT 22 0x00000011
  OUT 23, s38                 // EXPECT 23 0xbbbbaaaa
  // SOP1: brev 1 = 0x80000000; bcnt1 0xf0f0 = 8; ff1 0x100 = 8; flbit 0x100 = 23; flbit_i32 -1 = -1
  s_brev_b32 s39, 1
  s_bcnt1_i32_b32 s40, 0xf0f0
  s_ff1_i32_b32 s41, 0x100
  s_flbit_i32_b32 s42, 0x100
  s_flbit_i32 s43, -1
  OUT 24, s39                 // EXPECT 24 0x80000000
  OUT 25, s40                 // EXPECT 25 0x00000008
  OUT 26, s41                 // EXPECT 26 0x00000008
  OUT 27, s42                 // EXPECT 27 0x00000017
  OUT 28, s43                 // EXPECT 28 0xffffffff
  // s_sext_i32_i8 0x80 = -128; s_bitset1_b32 (bit 4 of 0) = 0x10; s_abs_i32 -7 = 7
  s_sext_i32_i8 s44, 0x80
  s_mov_b32 s45, 0
  s_bitset1_b32 s45, 4
  s_abs_i32 s46, -7
  OUT 29, s44                 // EXPECT 29 0xffffff80
  OUT 30, s45                 // EXPECT 30 0x00000010
  OUT 31, s46                 // EXPECT 31 0x00000007
  // SOPK: s_movk_i32 -2 (sign-extended); s_addk_i32 +0x10; s_cmpk_lt_u32 s, 0x20 -> SCC
  s_movk_i32 s47, 0xfffe
  s_addk_i32 s47, 0x10
  s_cmpk_lt_u32 s47, 0x20
  s_cselect_b32 s48, 1, 0
  s_mulk_i32 s47, 3
  OUT 32, s47                 // EXPECT 32 0x0000002a
  OUT 33, s48                 // EXPECT 33 0x00000001
  // SOPC: s_cmp_lt_i32 -1, 0 -> 1; s_cmp_lt_u32 -1, 0 -> 0; s_bitcmp1_b32 4, 2 -> 1
  s_cmp_lt_i32 -1, 0
  s_cselect_b32 s49, 1, 0
  s_cmp_lt_u32 -1, 0
  s_cselect_b32 s50, 1, 0
  s_bitcmp1_b32 4, 2
  s_cselect_b32 s51, 1, 0
  OUT 34, s49                 // EXPECT 34 0x00000001
  OUT 35, s50                 // EXPECT 35 0x00000000
  OUT 36, s51                 // EXPECT 36 0x00000001
  // s_cmp_eq_u64, s_cselect_b64
  s_mov_b64 s[52:53], 0x7
  s_cmp_eq_u64 s[52:53], 7
  s_cselect_b64 s[54:55], s[52:53], 0
  OUT 37, s54                 // EXPECT 37 0x00000007
  // movrels: m0 = 2: s_movrels_b32 s56, s10 reads s12 (= 1 from above)
  s_mov_b32 m0, 2
  s_movrels_b32 s56, s10
  s_movreld_b32 s57, 0x55     // writes s59
  OUT 38, s56                 // EXPECT 38 0x00000001
  OUT 39, s59                 // EXPECT 39 0x00000055
  // inline float constant as a 32-bit integer operand: 1.0 = 0x3f800000
  s_mov_b32 s60, 1.0
  OUT 40, s60                 // EXPECT 40 0x3f800000
  // s_wqm_b32 0x00000120 = 0x00000ff0; s_quadmask_b32 0x00000120 = 0x6
  s_wqm_b32 s61, 0x120
  s_quadmask_b32 s62, 0x120
  OUT 41, s61                 // EXPECT 41 0x00000ff0
  OUT 42, s62                 // EXPECT 42 0x00000006
KERNEL_END
