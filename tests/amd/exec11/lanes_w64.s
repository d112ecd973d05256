// gfx11 lane crossing in wave64: v_permlane16/x16 over four rows (x16:
// rows 0 <-> 1, 2 <-> 3), v_permlane64 (swaps the halves, reading lanes
// not in EXEC), v_readlane / v_writelane (lane mod 64), ds_bpermute
// (index mod 64), v_mbcnt_hi.  One wave of 64.
// src v1 = lane, old destination v2 = 1000 + lane ("+1000": not written).
// LAUNCH 64 64
// OUTN 1024
.include "common.inc"
.macro RESET
  v_mov_b32 v1, v0
  v_add_nc_u32 v2, 1000, v0
.endm
KERNEL_BEGIN
  PROLOGUE
  // v_permlane16_b32, selects {s5,s4} = 0x0123456789abcdef: lane i of every row reads 15-i
  RESET
  s_mov_b32 s4, 0x89abcdef
  s_mov_b32 s5, 0x01234567
  v_permlane16_b32 v2, v1, s4, s5
  OUTV 0, v0, v2               // EXPECT_LANES 0 64 +15 +13 +11 +9 +7 +5 +3 +1 -1 -3 -5 -7 -9 -11 -13 -15
  // v_permlanex16_b32, selects all 2: rows 0, 1, 2, 3 read lanes 18, 2, 50, 34
  RESET
  s_mov_b32 s4, 0x22222222
  s_mov_b32 s5, 0x22222222
  v_permlanex16_b32 v2, v1, s4, s5
  OUTV 64, v0, v2              // EXPECT_LANES 64 16 18
                               // EXPECT_LANES 80 16 2
                               // EXPECT_LANES 96 16 50
                               // EXPECT_LANES 112 16 34
  // v_permlane64_b32 with EXEC = lanes 0-31: lane l < 32 reads lane l+32
  // (not in EXEC: read all the same); lanes 32-63 not written
  RESET
  s_mov_b32 exec_hi, 0
  v_permlane64_b32 v2, v1
  s_mov_b32 exec_hi, -1
  OUTV 128, v0, v2             // EXPECT_LANES 128 32 +32
                               // EXPECT_LANES 160 32 +1032
  // all lanes: +32 / -32
  RESET
  v_permlane64_b32 v2, v1
  OUTV 192, v0, v2             // EXPECT_LANES 192 32 +32
                               // EXPECT_LANES 224 32 +0
  // v_readlane_b32 lane 33 (33), lane 65 (mod 64: lane 1); v1 = lane + 100
  v_add_nc_u32 v1, 100, v0
  s_mov_b32 s6, 65
  v_readlane_b32 s7, v1, 33
  v_readlane_b32 s8, v1, s6
  OUT 256, s7                  // EXPECT 256 133
  OUT 257, s8                  // EXPECT 257 101
  // v_writelane_b32 v2, 77, lane 98 (mod 64: lane 34)
  RESET
  s_mov_b32 s6, 98
  v_writelane_b32 v2, 77, s6
  OUTV 258, v0, v2             // EXPECT_LANES 258 34 +1000
                               // EXPECT 292 77
                               // EXPECT_LANES 293 29 +1035
  // v_readfirstlane_b32 with EXEC = lane 40 only: 140
  v_add_nc_u32 v1, 100, v0
  s_mov_b32 exec_lo, 0
  s_mov_b32 exec_hi, 0x100
  v_readfirstlane_b32 s9, v1
  s_mov_b32 exec_lo, -1
  s_mov_b32 exec_hi, -1
  OUT 322, s9                  // EXPECT 322 140
  // ds_bpermute_b32, addr = 4*(lane+33) + 256: index (lane + 97) mod 64 = lane + 33 mod 64
  RESET
  v_add_nc_u32 v3, 33, v0
  v_lshl_add_u32 v3, v3, 2, 256
  ds_bpermute_b32 v2, v3, v1
  s_waitcnt lgkmcnt(0)
  OUTV 323, v0, v2             // EXPECT_LANES 323 31 +33
                               // EXPECT_LANES 354 33 +0
  // v_mbcnt_lo/hi v2, -1: l (the lanes below l)
  v_mbcnt_lo_u32_b32 v2, -1, 0
  v_mbcnt_hi_u32_b32 v2, -1, v2
  OUTV 387, v0, v2             // EXPECT_LANES 387 64 +0
KERNEL_END
