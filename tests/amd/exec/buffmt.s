// Formatted buffer accesses (MTBUF tbuffer_*, MUBUF buffer_*_format_*),
// lane 0, raw V#s over in (16 bytes) and out.  in[i] = 0x8899aabb +
// 0x11111111 i: bytes bb aa 99 88 | cc bb aa 99 | dd cc bb aa | ee dd cc bb.
// Expected values by hand from the Vega ISA's buffer data/number formats:
// integer components zero- (UINT) or sign-extended (SINT); a missing
// component reads 0 (y, z) or 1 / 1.0 (w); MUBUF applies DST_SEL.
// LAUNCH 1 1
// IN 4 0x8899aabb 0x11111111
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_mov_b32 s24, s98
  s_and_b32 s25, s99, 0xffff
  s_mov_b32 s26, 16
  s_mov_b32 s27, 0
  s_mov_b32 s28, s100
  s_and_b32 s29, s101, 0xffff
  s_movk_i32 s30, 0x400
  s_mov_b32 s31, 0
  // 8_8_8_8 SINT at 0: bb aa 99 88 sign-extended
  tbuffer_load_format_xyzw v[0:3], off, s[24:27], 0 format:[BUF_DATA_FORMAT_8_8_8_8,BUF_NUM_FORMAT_SINT]
  // 16_16 UINT at 4: 0xbbcc, 0x99aa
  tbuffer_load_format_xy v[4:5], off, s[24:27], 0 format:[BUF_DATA_FORMAT_16_16,BUF_NUM_FORMAT_UINT] offset:4
  // 32_32 FLOAT loaded as xyzw: in[0], in[1], z = 0, w = 1.0
  tbuffer_load_format_xyzw v[6:9], off, s[24:27], 0 format:[BUF_DATA_FORMAT_32_32,BUF_NUM_FORMAT_FLOAT]
  // 32 UINT at 12 + 4 > 16 records: out of range, 0
  v_mov_b32 v10, 0x55
  tbuffer_load_format_x v10, off, s[24:27], 0 format:[BUF_DATA_FORMAT_32,BUF_NUM_FORMAT_UINT] offset:16
  s_waitcnt vmcnt(0)
  OUT 0, v0                         // EXPECT 0 0xffffffbb
  OUT 1, v1                         // EXPECT 1 0xffffffaa
  OUT 2, v2                         // EXPECT 2 0xffffff99
  OUT 3, v3                         // EXPECT 3 0xffffff88
  OUT 4, v4                         // EXPECT 4 0xbbcc
  OUT 5, v5                         // EXPECT 5 0x99aa
  OUT 6, v6                         // EXPECT 6 0x8899aabb
  OUT 7, v7                         // EXPECT 7 0x99aabbcc
  OUT 8, v8                         // EXPECT 8 0
  OUT 9, v9                         // EXPECT 9 0x3f800000
  OUT 10, v10                       // EXPECT 10 0
  // 8_8 UINT store of xy = 0x1234, 0x56 at out[11]: bytes 34 56 -> 0xcccc5634
  v_mov_b32 v11, 0x1234
  v_mov_b32 v12, 0x56
  tbuffer_store_format_xy v[11:12], off, s[28:31], 0 format:[BUF_DATA_FORMAT_8_8,BUF_NUM_FORMAT_UINT] offset:44
  // EXPECT 11 0xcccc5634
  // MUBUF: V# word 3 = DST_SEL x=W(7) y=Z(6) z=1 w=0, NUM_FORMAT UINT (4),
  // DATA_FORMAT 32_32_32_32 (14): 7 | 6<<3 | 1<<6 | 4<<12 | 14<<15 = 0x74077;
  // loads (in[3], in[2], 1, 0)
  s_mov_b32 s27, 0x74077
  buffer_load_format_xyzw v[13:16], off, s[24:27], 0
  s_waitcnt vmcnt(0)
  OUT 12, v13                       // EXPECT 12 0xbbccddee
  OUT 13, v14                       // EXPECT 13 0xaabbccdd
  OUT 14, v15                       // EXPECT 14 1
  OUT 15, v16                       // EXPECT 15 0
  // buffer_store_format_x with 16 SINT (DATA_FORMAT 2, NUM_FORMAT 5):
  // the low two bytes of 0xfedc9876 to out[16] -> 0xcccc9876
  s_mov_b32 s31, (5 << 12) | (2 << 15)
  v_mov_b32 v17, 0xfedc9876
  buffer_store_format_x v17, off, s[28:31], 0 offset:64
  // EXPECT 16 0xcccc9876
KERNEL_END
