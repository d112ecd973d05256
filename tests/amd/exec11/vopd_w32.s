// gfx11 VOPD pairs (wave32): v_dual_fmaak_f32 / v_dual_fmamk_f32 with their
// literal K, v_dual_cndmask_b32 selecting by VCC_LO, and pairs where one
// half reads the other's destination: both halves read their sources
// before either writes (RDNA3 ISA "VOPD"), so the reader sees the old value.
// Expected values by hand: fmaak D = S0 * S1 + K, fmamk D = S0 * K + S1
// (exact in f32 here); cndmask D = VCC[l] ? S1 : S0.
// LAUNCH 32 32
// OUTN 512
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  // v3 = 1.5, v4 = 4.0, v6 = lane: fmaak 1.5 * 4.0 + 2.0 = 8.0 (0x41000000); v5 = lane
  v_mov_b32 v3, 1.5
  v_mov_b32 v4, 4.0
  v_mov_b32 v6, v0
  v_dual_fmaak_f32 v2, v3, v4, 0x40000000 :: v_dual_mov_b32 v5, v6
  OUTV 0, v0, v2               // EXPECT_LANES 0 32 0x41000000
  OUTV 32, v0, v5              // EXPECT_LANES 32 32 +0
  // fmamk 1.5 * 2.0 + 4.0 = 7.0 (0x40e00000); Y: v7 = v6 + 3 = lane + 3
  v_dual_fmamk_f32 v2, v3, 0x40000000, v4 :: v_dual_add_nc_u32 v7, 3, v6
  OUTV 64, v0, v2              // EXPECT_LANES 64 32 0x40e00000
  OUTV 96, v0, v7              // EXPECT_LANES 96 32 +3
  // cndmask with VCC_LO = 0x0000ffff: v3 = lane, v4 = 100 + lane: lanes
  // 0-15 take S1 (v4: +100), 16-31 S0 (v3: +0); Y: v5 = 9
  v_mov_b32 v3, v0
  v_add_nc_u32 v4, 100, v0
  s_mov_b32 vcc_lo, 0xffff
  v_dual_cndmask_b32 v2, v3, v4 :: v_dual_mov_b32 v5, 9
  OUTV 128, v0, v2             // EXPECT_LANES 128 16 +100
                               // EXPECT_LANES 144 16 +16
  OUTV 160, v0, v5             // EXPECT_LANES 160 32 9
  // Y reads X's destination: v2 = 1000 + lane, v7 = 7, v9 = 1:
  // X: v2 = 7; Y: v5 = old v2 + 1 = 1001 + lane
  v_add_nc_u32 v2, 1000, v0
  v_mov_b32 v7, 7
  v_mov_b32 v9, 1
  v_dual_mov_b32 v2, v7 :: v_dual_add_nc_u32 v5, v2, v9
  OUTV 192, v0, v2             // EXPECT_LANES 192 32 7
  OUTV 224, v0, v5             // EXPECT_LANES 224 32 +1001
  // X reads Y's destination: v5 = 2.0, v9 = 0.5: X: v2 = old v5 + 0.5 = 2.5
  // (0x40200000); Y: v5 = v7 = 7
  v_mov_b32 v5, 2.0
  v_mov_b32 v9, 0.5
  v_dual_add_f32 v2, v5, v9 :: v_dual_mov_b32 v5, v7
  OUTV 256, v0, v2             // EXPECT_LANES 256 32 0x40200000
  OUTV 288, v0, v5             // EXPECT_LANES 288 32 7
  // a pair under EXEC = lanes 0-7 (v9 = 0.5): the other lanes keep their values
  v_add_nc_u32 v2, 1000, v0
  v_add_nc_u32 v5, 2000, v0
  s_mov_b32 exec_lo, 0xff
  v_dual_mov_b32 v2, v7 :: v_dual_mov_b32 v5, v9
  s_mov_b32 exec_lo, -1
  OUTV 320, v0, v2             // EXPECT_LANES 320 8 7
                               // EXPECT_LANES 328 24 +1008
  OUTV 352, v0, v5             // EXPECT_LANES 352 8 0x3f000000
                               // EXPECT_LANES 360 24 +2008
  // each half reads the other's destination (a swap): v2 = 1000 + lane,
  // v5 = 2000 + lane: X: v2 = old v5, Y: v5 = old v2
  v_add_nc_u32 v2, 1000, v0
  v_add_nc_u32 v5, 2000, v0
  v_dual_mov_b32 v2, v5 :: v_dual_mov_b32 v5, v2
  OUTV 384, v0, v2             // EXPECT_LANES 384 32 +2000
  OUTV 416, v0, v5             // EXPECT_LANES 416 32 +1000
KERNEL_END
