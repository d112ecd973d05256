// WAVES 32 64
// v_wmma_f32_16x16x16_f16 and _bf16 (docs/amdgpu-exec.md "gfx11 WMMA").
// Layout (AMD's matrix instruction calculator, rdna3): lane L of every
// group of 16 holds row i = L%16 of A (element k: VGPR k/2, half k%2) and
// column j = L%16 of B; C/D VGPR r, lane L hold D[i][j] with
// i = G*r + L/16, j = L%16, G = WAVE/16 (wave32: i = 2r + L/16; wave64:
// i = 4r + L/16).
//   A[i][k] = 2i + k, B[k][j] = k - j, C[i][j] = 16i + j (small integers:
//   every product and partial sum is exact in f32)
//   D[i][j] = sum_k (2i + k)(k - j) + C
//           = 2i*120 - 32ij + 1240 - 120j + 16i + j   (sum k = 120, sum k^2 = 1240)
//           = 256i - 32ij - 119j + 1240
// The kernel computes that formula with integer VALU ops as the reference
// for every element and counts the lanes' mismatches (out[wid], expected
// 0); a few elements are also checked by value (hand-derived bits below).
// LAUNCH 64 64
// OUTN 80
// EXPECT_LANES 0 64 0
.include "common.inc"
.set G, WAVE/16
.set NACC, 128/WAVE*2
KERNEL_BEGIN
  PROLOGUE
  v_and_b32 v1, WAVE-1, v0           // L
  v_and_b32 v2, 15, v1               // i of A's row = j of B's column = L%16
  v_lshrrev_b32 v3, 4, v1            // L/16
  v_lshlrev_b32 v4, 1, v2            // 2i
  v_mov_b32 v90, 0                   // mismatches
.irp q,0,1,2,3,4,5,6,7
  // A: elements k = 2q (low half), 2q+1 (high half): 2i + k, as f16 and bf16
  v_add_nc_u32 v5, v4, 2*\q
  v_add_nc_u32 v6, v4, 2*\q+1
  v_cvt_f16_u16 v7, v5
  v_cvt_f16_u16 v97, v6
  v_pack_b32_f16 v[8+\q], v7, v97
  v_cvt_f32_u32 v5, v5
  v_cvt_f32_u32 v6, v6
  v_lshrrev_b32 v5, 16, v5
  v_and_or_b32 v[64+\q], v6, 0xffff0000, v5
  // B: k - j
  v_sub_nc_u32 v5, 2*\q, v2
  v_sub_nc_u32 v6, 2*\q+1, v2
  v_cvt_f16_i16 v7, v5
  v_cvt_f16_i16 v97, v6
  v_pack_b32_f16 v[16+\q], v7, v97
  v_cvt_f32_i32 v5, v5
  v_cvt_f32_i32 v6, v6
  v_lshrrev_b32 v5, 16, v5
  v_and_or_b32 v[72+\q], v6, 0xffff0000, v5
.endr
  // C: 16i + j = 16(G*r + L/16) + L%16 = WAVE*r + L
.irp r,0,1,2,3,4,5,6,7
.if \r < NACC
  v_add_nc_u32 v5, WAVE*\r, v1
  v_cvt_f32_u32 v[24+\r], v5
.endif
.endr
  v_wmma_f32_16x16x16_f16 v[32:32+NACC-1], v[8:15], v[16:23], v[24:24+NACC-1]
  v_wmma_f32_16x16x16_bf16 v[40:40+NACC-1], v[64:71], v[72:79], v[24:24+NACC-1]
  // neg_lo[0] + neg_hi[0]: -A; neg_lo[2]: -C  =>  D = -(AB + C)
  v_wmma_f32_16x16x16_f16 v[48:48+NACC-1], v[8:15], v[16:23], v[24:24+NACC-1] neg_lo:[1,0,1] neg_hi:[1,0,0]
  // neg_lo[0] + neg_lo[1], neg_hi[0] + neg_hi[1]: (-A)(-B) = AB
  v_wmma_f32_16x16x16_f16 v[56:56+NACC-1], v[8:15], v[16:23], v[24:24+NACC-1] neg_lo:[1,1,0] neg_hi:[1,1,0]
.irp r,0,1,2,3,4,5,6,7
.if \r < NACC
  v_add_nc_u32 v80, G*\r, v3         // i
  v_mul_lo_u32 v81, v80, v2          // ij
  v_lshlrev_b32 v82, 8, v80          // 256i
  v_mul_lo_u32 v83, 119, v2          // 119j
  v_sub_nc_u32 v82, v82, v83
  v_lshlrev_b32 v81, 5, v81          // 32ij
  v_sub_nc_u32 v82, v82, v81
  v_add_nc_u32 v82, 1240, v82
  v_cvt_f32_i32 v82, v82             // the reference D[i][j]
  v_xor_b32 v83, v82, v[32+\r]
  v_min_u32 v83, 1, v83
  v_add_nc_u32 v90, v90, v83
  v_xor_b32 v83, v82, v[40+\r]
  v_min_u32 v83, 1, v83
  v_add_nc_u32 v90, v90, v83
  v_xor_b32 v83, v82, v[56+\r]
  v_min_u32 v83, 1, v83
  v_add_nc_u32 v90, v90, v83
  v_xor_b32 v82, 0x80000000, v82     // -D (no element is 0: 256i + 1240 = j(32i + 119) has no solution)
  v_xor_b32 v83, v82, v[48+\r]
  v_min_u32 v83, 1, v83
  v_add_nc_u32 v90, v90, v83
.endif
.endr
  OUTV 0, v0, v90
  // VGPR 0 of the lanes below 32 hold the same elements in both wave sizes
  // (i = L/16): D[0][0] = 1240, D[0][1] = 1240 - 119 = 1121,
  // D[1][0] = 256 + 1240 = 1496, D[1][15] = 256 - 480 - 1785 + 1240 = -769
  v_readlane_b32 s20, v32, 0
  OUT 64, s20                        // EXPECT 64 0x449b0000
  v_readlane_b32 s20, v32, 1
  OUT 65, s20                        // EXPECT 65 0x448c2000
  v_readlane_b32 s20, v32, 16
  OUT 66, s20                        // EXPECT 66 0x44bb0000
  v_readlane_b32 s20, v32, 31
  OUT 67, s20                        // EXPECT 67 0xc4404000
  v_readlane_b32 s20, v40, 31        // bf16: the same
  OUT 68, s20                        // EXPECT 68 0xc4404000
  v_readlane_b32 s20, v48, 0         // -1240
  OUT 69, s20                        // EXPECT 69 0xc49b0000
  // C an inline constant: every element of C is 1.0, so
  // D[0][0] = sum_k k*k + 1 = 1241
  v_wmma_f32_16x16x16_f16 v[32:32+NACC-1], v[8:15], v[16:23], 1.0
  v_readlane_b32 s20, v32, 0
  OUT 70, s20                        // EXPECT 70 0x449b2000
KERNEL_END
