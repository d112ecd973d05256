// WAVES 32 64
// ds_swizzle_b32's FFT (offset >= 0xe000) and rotate (0xc000 <= offset <
// 0xe000) modes in waves of 32 and 64.  The expected values are the example tables
// of the DS_SWIZZLE_B32 description (RDNA3 ISA guide, "LDS & GDS
// Instructions", the same pseudocode as GCN's): input lane l holds l + 1,
// every mode works on each group of 32 lanes, so lanes 32-63 see the same
// pattern plus 32 -- written relative to the lane ("+d": lane + d).
// LAUNCH 64 64
// OUTN 512
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_add_nc_u32 v1, 1, v0                           // v1 = lane + 1
  // FFT, offset[4:0] = 0x00: {1,11,9,19,5,15,d,1d,3,13,b,1b,7,17,f,1f,2,12,...}
  ds_swizzle_b32 v2, v1 offset:0xe000
  // FFT, offset[4:0] = 0x10: {1,9,5,d,3,b,7,f,2,a,6,e,4,c,8,10,11,19,...}
  ds_swizzle_b32 v3, v1 offset:0xe010
  // FFT, offset[4:0] = 0x1f: no swizzle
  ds_swizzle_b32 v4, v1 offset:0xe01f
  // rotate left (offset[10] = 0) by offset[9:5] = 1, mask 0: {2,3,..,20,1}
  ds_swizzle_b32 v5, v1 offset:0xc020
  // rotate right (offset[10] = 1) by 1, mask 0: {20,1,2,..,1f}
  ds_swizzle_b32 v6, v1 offset:0xc420
  s_waitcnt lgkmcnt(0)
  OUTV 0, v0, v2
  OUTV 64, v0, v3
  OUTV 128, v0, v4
  OUTV 192, v0, v5
  OUTV 256, v0, v6
  s_waitcnt vmcnt(0)
  // EXPECT_LANES 0 64 +1 +16 +7 +22 +1 +16 +7 +22 -5 +10 +1 +16 -5 +10 +1 +16 -14 +1 -8 +7 -14 +1 -8 +7 -20 -5 -14 +1 -20 -5 -14 +1
  // EXPECT_LANES 64 64 +1 +8 +3 +10 -1 +6 +1 +8 -6 +1 -4 +3 -8 -1 -6 +1 +1 +8 +3 +10 -1 +6 +1 +8 -6 +1 -4 +3 -8 -1 -6 +1
  // EXPECT_LANES 128 64 +1
  // EXPECT_LANES 192 64 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 +2 -30
  // EXPECT_LANES 256 64 +32 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +0
KERNEL_END
