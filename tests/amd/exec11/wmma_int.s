// WAVES 32 64
// v_wmma_i32_16x16x16_iu8 and _iu4: neg_lo[0]/[1] make A/B signed (1) or
// unsigned (0) (LLVM's %A_sign/%B_sign operands); clamp saturates the i32
// result.  Layout as in wmma_f32.s; iu8 element k of a lane is byte k%4 of
// VGPR k/4.
//   A[i][k] = k - i (as a byte), B[k][j] = j + 2k, C[i][j] = i - j
//   signed A:   D = sum_k (k - i)(j + 2k) + i - j
//                 = 120j + 2*1240 - 16ij - 2*120i + i - j
//                 = 119j - 16ij - 239i + 2480
//   unsigned A: the bytes of k < i are 256 + k - i, so
//               D + 256 * sum_{k<i} (j + 2k) = D + 256(ij + i(i - 1))
// The kernel computes both as the reference of every element (out[wid]:
// mismatches, expected 0).
// LAUNCH 64 64
// OUTN 72
// EXPECT_LANES 0 64 0
.include "common.inc"
.set G, WAVE/16
.set NACC, 128/WAVE*2
KERNEL_BEGIN
  PROLOGUE
  v_and_b32 v1, WAVE-1, v0           // L
  v_and_b32 v2, 15, v1               // L%16: A's row i, B's column j
  v_lshrrev_b32 v3, 4, v1            // L/16
  v_mov_b32 v90, 0
.irp q,0,1,2,3
  v_mov_b32 v[8+\q], 0
  v_mov_b32 v[16+\q], 0
.endr
.irp k,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
  v_sub_nc_u32 v5, \k, v2            // k - i
  v_and_b32 v5, 0xff, v5
  v_lshl_or_b32 v[8+\k/4], v5, 8*(\k%4), v[8+\k/4]
  v_add_nc_u32 v6, 2*\k, v2          // j + 2k
  v_lshl_or_b32 v[16+\k/4], v6, 8*(\k%4), v[16+\k/4]
.endr
.irp r,0,1,2,3,4,5,6,7
.if \r < NACC
  v_add_nc_u32 v80, G*\r, v3         // i
  v_sub_nc_u32 v[24+\r], v80, v2     // C = i - j
.endif
.endr
  v_wmma_i32_16x16x16_iu8 v[32:32+NACC-1], v[8:11], v[16:19], v[24:24+NACC-1] neg_lo:[1,1,0]
  v_wmma_i32_16x16x16_iu8 v[40:40+NACC-1], v[8:11], v[16:19], v[24:24+NACC-1] neg_lo:[0,1,0]
.irp r,0,1,2,3,4,5,6,7
.if \r < NACC
  v_add_nc_u32 v80, G*\r, v3         // i
  v_mul_lo_u32 v81, v80, v2          // ij
  v_mul_u32_u24 v82, 119, v2         // 119j
  v_lshlrev_b32 v83, 4, v81          // 16ij
  v_sub_nc_u32 v82, v82, v83
  v_mul_u32_u24 v83, 239, v80        // 239i
  v_sub_nc_u32 v82, v82, v83
  v_add_nc_u32 v82, 2480, v82        // signed reference
  v_xor_b32 v83, v82, v[32+\r]
  v_min_u32 v83, 1, v83
  v_add_nc_u32 v90, v90, v83
  v_add_nc_u32 v83, -1, v80          // i - 1
  v_mul_lo_u32 v83, v83, v80         // i(i - 1)
  v_add_nc_u32 v83, v83, v81         // + ij
  v_lshl_add_u32 v82, v83, 8, v82    // unsigned reference
  v_xor_b32 v83, v82, v[40+\r]
  v_min_u32 v83, 1, v83
  v_add_nc_u32 v90, v90, v83
.endif
.endr
  OUTV 0, v0, v90
  // lane 0, VGPR 0: D[0][0] = 2480 (signed and unsigned: row 0 has no k < i)
  v_readlane_b32 s20, v32, 0
  OUT 64, s20                        // EXPECT 64 2480
  // lane 16, VGPR 0: D[1][0] signed = 2480 - 239 = 2241; unsigned:
  // + 256 * (0 + 0) = 2241 too; lane 17: D[1][1] = 119 - 16 - 239 + 2480 = 2344,
  // unsigned + 256 * (1 + 0) = 2600
  v_readlane_b32 s20, v32, 17
  OUT 65, s20                        // EXPECT 65 2344
  v_readlane_b32 s20, v40, 17
  OUT 66, s20                        // EXPECT 66 2600
  // clamp: C = 0x7fffffff, so D[0][0] = 0x7fffffff + 2480 - 0: saturated
  // with clamp, wrapped (0x800009af) without
.irp r,0,1,2,3,4,5,6,7
.if \r < NACC
  v_mov_b32 v[24+\r], 0x7fffffff
.endif
.endr
  v_wmma_i32_16x16x16_iu8 v[32:32+NACC-1], v[8:11], v[16:19], v[24:24+NACC-1] neg_lo:[1,1,0] clamp
  v_wmma_i32_16x16x16_iu8 v[40:40+NACC-1], v[8:11], v[16:19], v[24:24+NACC-1] neg_lo:[1,1,0]
  v_readlane_b32 s20, v32, 0
  OUT 67, s20                        // EXPECT 67 0x7fffffff
  v_readlane_b32 s20, v40, 0
  OUT 68, s20                        // EXPECT 68 0x800009af
  // iu4: A nibbles all 0xf, B nibbles all 2, C = 1 (inline constant):
  // signed A: 16 * (-1 * 2) + 1 = -31; unsigned A: 16 * 15 * 2 + 1 = 481
  v_mov_b32 v8, -1
  v_mov_b32 v9, -1
  v_mov_b32 v16, 0x22222222
  v_mov_b32 v17, 0x22222222
  v_wmma_i32_16x16x16_iu4 v[32:32+NACC-1], v[8:9], v[16:17], 1 neg_lo:[1,1,0]
  v_wmma_i32_16x16x16_iu4 v[40:40+NACC-1], v[8:9], v[16:17], 1
  v_readlane_b32 s20, v32, 5
  OUT 69, s20                        // EXPECT 69 -31
  v_readlane_b32 s20, v40, 30
  OUT 70, s20                        // EXPECT 70 481
KERNEL_END
