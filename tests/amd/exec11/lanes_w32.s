// gfx11 lane crossing in wave32: v_permlane16/x16 (lane selects, op_sel
// fi/bound_ctrl), v_permlane64 (a no-op in wave32), v_readlane /
// v_writelane (lane mod 32), v_readfirstlane, ds_bpermute / ds_permute
// (lane index mod 32), ds_swizzle, v_mbcnt.  One wave of 32.
// Expected values derived by hand (docs/amdgpu-exec.md "gfx11 lanes"):
// src v1 = lane, old destination v2 = 1000 + lane ("+1000": not written).
// LAUNCH 32 32
// OUTN 1024
.include "common.inc"
.macro RESET
  v_mov_b32 v1, v0
  v_add_nc_u32 v2, 1000, v0
.endm
KERNEL_BEGIN
  PROLOGUE
  // v_permlane16_b32 with selects {s5,s4} = 0x0123456789abcdef: lane i of a
  // row reads nibble i = 15-i: +15-2i
  RESET
  s_mov_b32 s4, 0x89abcdef
  s_mov_b32 s5, 0x01234567
  v_permlane16_b32 v2, v1, s4, s5
  OUTV 0, v0, v2               // EXPECT_LANES 0 32 +15 +13 +11 +9 +7 +5 +3 +1 -1 -3 -5 -7 -9 -11 -13 -15
  // v_permlanex16_b32, identity selects (nibble i = i): lane i of row 0
  // reads lane i of row 1 and the other way round: +16, -16
  RESET
  s_mov_b32 s4, 0x76543210
  s_mov_b32 s5, 0xfedcba98
  v_permlanex16_b32 v2, v1, s4, s5
  OUTV 32, v0, v2              // EXPECT_LANES 32 16 +16
                               // EXPECT_LANES 48 16 +0
  // v_permlanex16_b32, selects all 5: row 0 reads lane 21, row 1 lane 5
  RESET
  s_mov_b32 s4, 0x55555555
  s_mov_b32 s5, 0x55555555
  v_permlanex16_b32 v2, v1, s4, s5
  OUTV 64, v0, v2              // EXPECT_LANES 64 16 21
                               // EXPECT_LANES 80 16 5
  // op_sel (fi, bound_ctrl) with EXEC = all but lane 1 and selects all 1
  // (lane i reads lane 1 of its row).  Lane 1 itself is inactive: old 1001.
  // op_sel:[0,0]: row 0 reads lane 1, not in EXEC: not written (old);
  // row 1 reads lane 17: 17
  RESET
  s_mov_b32 s4, 0x11111111
  s_mov_b32 s5, 0x11111111
  s_mov_b32 exec_lo, 0xfffffffd
  v_permlane16_b32 v2, v1, s4, s5
  s_mov_b32 exec_lo, -1
  OUTV 96, v0, v2              // EXPECT_LANES 96 16 +1000
                               // EXPECT_LANES 112 16 17
  // op_sel:[1,0] (fi): row 0 reads lane 1's value 1 (lane 1 keeps 1001)
  RESET
  s_mov_b32 exec_lo, 0xfffffffd
  v_permlane16_b32 v2, v1, s4, s5 op_sel:[1,0]
  s_mov_b32 exec_lo, -1
  OUTV 128, v0, v2             // EXPECT 128 1
                               // EXPECT 129 1001
                               // EXPECT_LANES 130 14 1
                               // EXPECT_LANES 144 16 17
  // op_sel:[0,1] (bound_ctrl): row 0 reads 0 (lane 1 keeps 1001)
  RESET
  s_mov_b32 exec_lo, 0xfffffffd
  v_permlane16_b32 v2, v1, s4, s5 op_sel:[0,1]
  s_mov_b32 exec_lo, -1
  OUTV 160, v0, v2             // EXPECT 160 0
                               // EXPECT 161 1001
                               // EXPECT_LANES 162 14 0
                               // EXPECT_LANES 176 16 17
  // v_permlane64_b32 in wave32: no operation, v2 keeps 1000 + lane
  RESET
  v_permlane64_b32 v2, v1
  OUTV 192, v0, v2             // EXPECT_LANES 192 32 +1000
  // v_readlane_b32 lane 33 (mod 32: lane 1), lane 63 (lane 31); v1 = lane + 100
  v_add_nc_u32 v1, 100, v0
  s_mov_b32 s6, 33
  v_readlane_b32 s7, v1, s6
  v_readlane_b32 s8, v1, 63
  OUT 224, s7                  // EXPECT 224 101
  OUT 225, s8                  // EXPECT 225 131
  // v_writelane_b32 v2, 77, lane 34 (mod 32: lane 2)
  RESET
  s_mov_b32 s6, 34
  v_writelane_b32 v2, 77, s6
  OUTV 226, v0, v2             // EXPECT_LANES 226 2 +1000
                               // EXPECT 228 77
                               // EXPECT_LANES 229 29 +1003
  // v_readfirstlane_b32 with EXEC = lanes 4-31: lane 4 of v1 = 104
  v_add_nc_u32 v1, 100, v0
  s_mov_b32 exec_lo, 0xfffffff0
  v_readfirstlane_b32 s9, v1
  s_mov_b32 exec_lo, -1
  OUT 258, s9                  // EXPECT 258 104
  // ds_bpermute_b32 v2, addr = 4*(lane+1) + 128, v1 = lane: index
  // (lane + 33) mod 32 = lane + 1 mod 32: +1, lane 31 reads lane 0
  RESET
  v_add_nc_u32 v3, 1, v0
  v_lshl_add_u32 v3, v3, 2, 128
  ds_bpermute_b32 v2, v3, v1
  s_waitcnt lgkmcnt(0)
  OUTV 259, v0, v2             // EXPECT_LANES 259 31 +1
                               // EXPECT 290 0
  // ds_permute_b32 (forward) with the same addresses: lane l writes lane
  // (l+1) mod 32: lane m gets m-1, lane 0 gets 31
  RESET
  ds_permute_b32 v2, v3, v1
  s_waitcnt lgkmcnt(0)
  OUTV 291, v0, v2             // EXPECT 291 31
                               // EXPECT_LANES 292 31 +0
  // ds_swizzle_b32 SWAP,16 (bit-mask mode, xor 16): +16 / -16
  RESET
  ds_swizzle_b32 v2, v1 offset:swizzle(SWAP,16)
  s_waitcnt lgkmcnt(0)
  OUTV 323, v0, v2             // EXPECT_LANES 323 16 +16
                               // EXPECT_LANES 339 16 +0
  // ds_swizzle_b32 BROADCAST,8,3: each group of 8 reads its lane 3
  RESET
  ds_swizzle_b32 v2, v1 offset:swizzle(BROADCAST,8,3)
  s_waitcnt lgkmcnt(0)
  OUTV 355, v0, v2             // EXPECT_LANES 355 8 3
                               // EXPECT_LANES 363 8 11
                               // EXPECT_LANES 371 8 19
                               // EXPECT_LANES 379 8 27
  // v_mbcnt_lo_u32_b32 v2, -1, 5: the lanes below l, + 5: l + 5; v_mbcnt_hi
  // adds none in wave32 (bits 32-63 are above every lane)
  v_mbcnt_lo_u32_b32 v2, -1, 5
  v_mbcnt_hi_u32_b32 v2, -1, v2
  OUTV 387, v0, v2             // EXPECT_LANES 387 32 +5
  // mask 0xffff0000: lanes 0-16 count 0 (5), lane l > 16 counts l - 16 (l - 11)
  s_mov_b32 s4, 0xffff0000
  v_mbcnt_lo_u32_b32 v2, s4, 5
  v_mbcnt_hi_u32_b32 v2, s4, v2
  OUTV 419, v0, v2             // EXPECT_LANES 419 17 5
                               // EXPECT_LANES 436 15 +6
KERNEL_END
