// WAVES 32 64
// v_wmma_f16_16x16x16_f16 and v_wmma_bf16_16x16x16_bf16: op_sel[2] picks
// the half of each C/D VGPR (0 low, 1 high: AMD's matrix instruction
// calculator, rdna3, "Opsel=4 selects to store into the upper half"; C is
// read from the same halves); layout as in wmma_f32.s (i = G*r + L/16,
// j = L%16).
//   A[i][k] = i + k, B[k][j] = [k == j] + 2[k == 15 - j], C[i][j] = 16j + i
//   D[i][j] = (i + j) + 2(i + 15 - j) + 16j + i = 4i + 15j + 30
// (30 .. 315: exact in f16).  The other half of each D VGPR keeps its old
// value, 0x7777 here (ventsim's reading where the sources are silent,
// docs/amdgpu-exec.md).  The kernel computes the formula as the reference
// of every f16 element (out[wid]: mismatches, expected 0).
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
  v_sub_nc_u32 v4, 15, v2            // 15 - j
.irp q,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15
  // A[i][k] = i + k in v5; B[k][j] in v6
  v_add_nc_u32 v5, \q, v2
  v_xor_b32 v6, \q, v2               // [k == j] = 1 - min(1, k ^ j)
  v_min_u32 v6, 1, v6
  v_sub_nc_u32 v6, 1, v6
  v_xor_b32 v7, \q, v4               // [k == 15 - j]
  v_min_u32 v7, 1, v7
  v_sub_nc_u32 v7, 1, v7
  v_lshl_add_u32 v6, v7, 1, v6
  v_cvt_f32_u32 v5, v5
  v_cvt_f32_u32 v6, v6
  v_cvt_f16_f32 v91, v5              // f16 A, B
  v_cvt_f16_f32 v92, v6
  v_lshrrev_b32 v5, 16, v5           // bf16 A, B (exact: small integers)
  v_lshrrev_b32 v6, 16, v6
.if \q % 2 == 0
  v_mov_b32 v93, v91                 // the low halves: k even
  v_mov_b32 v94, v92
  v_mov_b32 v95, v5
  v_mov_b32 v96, v6
.else
  v_pack_b32_f16 v[8+\q/2], v93, v91
  v_pack_b32_f16 v[16+\q/2], v94, v92
  v_lshl_or_b32 v[64+\q/2], v5, 16, v95
  v_lshl_or_b32 v[72+\q/2], v6, 16, v96
.endif
.endr
.irp r,0,1,2,3,4,5,6,7
.if \r < NACC
  v_add_nc_u32 v80, G*\r, v3         // i
  v_lshl_add_u32 v81, v2, 4, v80     // C = 16j + i
  v_cvt_f32_u32 v81, v81
  v_cvt_f16_f32 v81, v81
  v_lshl_or_b32 v[24+\r], v81, 16, v81   // C in both halves
  v_lshrrev_b32 v82, 16, v81
  v_mov_b32 v[32+\r], 0x77777777
  v_mov_b32 v[40+\r], 0x77777777
  v_mov_b32 v[48+\r], 0x77777777
.endif
.endr
  v_wmma_f16_16x16x16_f16 v[32:32+NACC-1], v[8:15], v[16:23], v[24:24+NACC-1]
  v_wmma_f16_16x16x16_f16 v[40:40+NACC-1], v[8:15], v[16:23], v[24:24+NACC-1] op_sel:[0,0,1]
.irp r,0,1,2,3,4,5,6,7
.if \r < NACC
  v_add_nc_u32 v80, G*\r, v3         // i
  v_mul_u32_u24 v81, 15, v2
  v_lshl_add_u32 v82, v80, 2, v81    // 4i + 15j
  v_add_nc_u32 v82, 30, v82
  v_cvt_f32_u32 v82, v82
  v_cvt_f16_f32 v82, v82             // the reference, f16
  v_or_b32 v83, 0x77770000, v82      // op_sel 0: low half
  v_xor_b32 v83, v83, v[32+\r]
  v_min_u32 v83, 1, v83
  v_add_nc_u32 v90, v90, v83
  v_lshl_or_b32 v83, v82, 16, 0x7777 // op_sel 1: high half
  v_xor_b32 v83, v83, v[40+\r]
  v_min_u32 v83, 1, v83
  v_add_nc_u32 v90, v90, v83
.endif
.endr
  OUTV 0, v0, v90
  // bf16: C in bf16 (the f32's high half) in the high halves
.irp r,0,1,2,3,4,5,6,7
.if \r < NACC
  v_add_nc_u32 v80, G*\r, v3
  v_lshl_add_u32 v81, v2, 4, v80
  v_cvt_f32_u32 v81, v81
  v_and_b32 v[24+\r], 0xffff0000, v81
.endif
.endr
  v_wmma_bf16_16x16x16_bf16 v[48:48+NACC-1], v[64:71], v[72:79], v[24:24+NACC-1] op_sel:[0,0,1]
  // VGPR 0, lanes below 32: i = L/16 in both wave sizes.
  // D[0][0] = 30: bf16 0x41f0 (30 = 1.875 * 16); D[0][1] = 45: 0x4234
  // (45 = 1.40625 * 32); D[1][15] = 4 + 225 + 30 = 259 = 256 * 1.01171875:
  // 7 fraction bits hold 129.5/128, a tie, rounded to even 130/128:
  // 260 = 0x4382
  v_readlane_b32 s20, v48, 0
  OUT 64, s20                        // EXPECT 64 0x41f07777
  v_readlane_b32 s20, v48, 1
  OUT 65, s20                        // EXPECT 65 0x42347777
  v_readlane_b32 s20, v48, 31
  OUT 66, s20                        // EXPECT 66 0x43827777
  // f16 259 = 0x5c0c (exponent 8: 0x5c00, fraction 3/256 = 12/1024)
  v_readlane_b32 s20, v40, 31
  OUT 67, s20                        // EXPECT 67 0x5c0c7777
KERNEL_END
