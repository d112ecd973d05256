// Integer VALU rows of exec_vint.c: med3/min3/max3 (32 and 16-bit, op_sel
// halves and the high-half destination), 16-bit VOP2 and VOP3 arithmetic
// with clamp, the legacy 16-bit mads, 24-bit high products, v_ffbh_i32,
// bit counts and masks, byte alignment, lerp, SADs, packing conversions,
// v_swap and v_cmpx.  Expected values derived by hand from the Vega ISA
// reference's opcode descriptions (derivations beside each).  One
// work-item.
// LAUNCH 1 1
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  // med3/min3/max3 i32/u32
  v_mov_b32 v1, -5
  v_mov_b32 v2, 7
  v_mov_b32 v3, 3
  v_med3_i32 v4, v1, v2, v3       // median(-5, 7, 3) = 3
  OUT 0, v4                      // EXPECT 0 3
  v_med3_i32 v4, v2, v1, v1       // median(7, -5, -5) = -5
  OUT 1, v4                      // EXPECT 1 0xfffffffb
  v_bfrev_b32 v5, 1               // v5 = 0x80000000 (INT_MIN)
  v_not_b32 v6, v5                // v6 = 0x7fffffff (INT_MAX)
  v_med3_i32 v4, v5, v6, 0        // median(INT_MIN, INT_MAX, 0) = 0
  OUT 2, v4                      // EXPECT 2 0
  v_med3_u32 v4, -1, 1, 5         // median(0xffffffff, 1, 5) = 5
  OUT 3, v4                      // EXPECT 3 5
  v_min3_u32 v4, 3, -1, 2         // min(3, 0xffffffff, 2) = 2
  OUT 4, v4                      // EXPECT 4 2
  v_max3_i32 v4, -1, -7, -3       // -1
  OUT 5, v4                      // EXPECT 5 0xffffffff
  v_min3_i32 v4, -1, 5, -9        // -9
  OUT 6, v4                      // EXPECT 6 0xfffffff7
  v_max3_u32 v4, 1, v5, 7         // 0x80000000 unsigned is the largest
  OUT 7, v4                      // EXPECT 7 0x80000000
  // 16-bit med3 with op_sel: v20 = {hi -32768, lo 5}, v21 = {hi 3, lo -16},
  // v22 = {hi 1, lo 2}
  v_mov_b32 v20, 0x80000005
  v_mov_b32 v21, 0x0003fff0
  v_mov_b32 v22, 0x00010002
  v_med3_i16 v23, v20, v21, v22   // lo halves: median(5, -16, 2) = 2; high half 0
  OUT 8, v23                     // EXPECT 8 2
  v_med3_i16 v23, v20, v21, v22 op_sel:[1,1,1,0] // hi halves: median(-32768, 3, 1) = 1
  OUT 9, v23                     // EXPECT 9 1
  v_mov_b32 v23, 0x1234abcd
  v_med3_i16 v23, v20, v21, v22 op_sel:[1,0,0,1] // median(-32768, -16, 2) = -16 = 0xfff0 into the high half, low kept
  OUT 10, v23                    // EXPECT 10 0xfff0abcd
  v_mov_b32 v42, 0xffff
  v_mov_b32 v43, 0x8000
  v_med3_u16 v23, v42, 1, v43    // median(0xffff, 1, 0x8000) = 0x8000
  OUT 11, v23                    // EXPECT 11 0x8000
  v_min3_u16 v23, 7, 3, 9        // 3
  OUT 12, v23                    // EXPECT 12 3
  v_max3_i16 v23, -1, -7, 2      // 2
  OUT 13, v23                    // EXPECT 13 2
  // 16-bit mads: 0x100 * 0x100 + 5 = 0x10005: low half 5; clamp: 0xffff
  v_mov_b32 v24, 0x100
  v_mad_u16 v25, v24, v24, 5
  OUT 14, v25                    // EXPECT 14 5
  v_mad_u16 v25, v24, v24, 5 clamp
  OUT 15, v25                    // EXPECT 15 0xffff
  // v_mad_i16 -200 * 200 + 0 = -40000, clamp -> -32768 = 0x8000
  v_mov_b32 v26, -200
  v_mov_b32 v27, 200
  v_mad_i16 v25, v26, v27, 0 clamp
  OUT 16, v25                    // EXPECT 16 0x8000
  v_mad_legacy_u16 v25, 3, 4, 5  // 17
  OUT 17, v25                    // EXPECT 17 17
  v_mad_legacy_i16 v25, -3, 4, 1 // -11 = 0xfff5 (high half 0)
  OUT 18, v25                    // EXPECT 18 0xfff5
  v_mov_b32 v28, 0xffff
  v_mad_u32_u16 v25, v28, v28, 1 // 0xffff * 0xffff + 1 = 0xfffe0002
  OUT 19, v25                    // EXPECT 19 0xfffe0002
  v_mad_i32_i16 v25, -2, 3, 10   // -6 + 10 = 4
  OUT 20, v25                    // EXPECT 20 4
  // VOP2 16-bit
  v_mov_b32 v29, 0x1234
  v_mul_lo_u16 v25, 0x100, v29   // 0x123400: low half 0x3400
  OUT 21, v25                    // EXPECT 21 0x3400
  v_mov_b32 v29, 0xf0f0
  v_lshrrev_b16 v25, 4, v29      // 0x0f0f
  OUT 22, v25                    // EXPECT 22 0x0f0f
  v_mov_b32 v29, 0x8000
  v_ashrrev_i16 v25, 4, v29      // 0xf800
  OUT 23, v25                    // EXPECT 23 0xf800
  v_mov_b32 v29, 5
  v_max_i16 v25, -1, v29         // max(-1, 5) = 5
  OUT 24, v25                    // EXPECT 24 5
  v_min_i16 v25, -1, v29         // -1 = 0xffff
  OUT 25, v25                    // EXPECT 25 0xffff
  v_max_u16 v25, -1, v29         // 0xffff
  OUT 26, v25                    // EXPECT 26 0xffff
  v_min_u16 v25, -1, v29         // 5
  OUT 27, v25                    // EXPECT 27 5
  v_mov_b32 v29, 10
  v_subrev_u16 v25, 3, v29       // 10 - 3 = 7
  OUT 28, v25                    // EXPECT 28 7
  v_mov_b32 v29, 3
  v_subrev_u16_e64 v25, 10, v29 clamp // 3 - 10 < 0: 0
  OUT 29, v25                    // EXPECT 29 0
  // VOP3 signed adds: 0x7fff + 1 clamp = 0x7fff; -32768 - 1 wraps to 0x7fff
  v_mov_b32 v29, 0x7fff
  v_add_i16 v25, v29, 1 clamp
  OUT 30, v25                    // EXPECT 30 0x7fff
  v_mov_b32 v29, 0x8000
  v_sub_i16 v25, v29, 1
  OUT 31, v25                    // EXPECT 31 0x7fff
  v_add_i32 v25, v6, 1 clamp     // INT_MAX + 1 saturates
  OUT 32, v25                    // EXPECT 32 0x7fffffff
  v_add_i32 v25, v6, 1           // wraps to INT_MIN
  OUT 33, v25                    // EXPECT 33 0x80000000
  v_sub_i32 v25, v5, 1 clamp     // INT_MIN - 1 saturates
  OUT 34, v25                    // EXPECT 34 0x80000000
  // 24-bit high products: 0xffffff^2 = 0xfffffe000001: >> 32 = 0xffff
  v_mov_b32 v29, 0xffffff
  v_mul_hi_u32_u24 v25, v29, v29
  OUT 35, v25                    // EXPECT 35 0xffff
  // 0x7fffff^2 = 2^46 - 2^24 + 1 = 0x3fffff000001: >> 32 = 0x3fff
  v_mov_b32 v29, 0x7fffff
  v_mul_hi_i32_i24 v25, v29, v29
  OUT 36, v25                    // EXPECT 36 0x3fff
  // -2^23 * (2^23 - 1) = -(2^46 - 2^23) = 0xffffc00000800000: high 0xffffc000
  v_mov_b32 v30, 0x800000
  v_mul_hi_i32_i24 v25, v30, v29
  OUT 37, v25                    // EXPECT 37 0xffffc000
  // v_ffbh_i32: 1 -> 31; -2 -> 31; 0x40000000 -> 1; 0x80000000 -> 1; 0, -1 -> -1
  v_ffbh_i32 v25, 1
  OUT 38, v25                    // EXPECT 38 31
  v_ffbh_i32 v25, -2
  OUT 39, v25                    // EXPECT 39 31
  v_ffbh_i32 v25, 0x40000000
  OUT 40, v25                    // EXPECT 40 1
  v_ffbh_i32 v25, v5
  OUT 41, v25                    // EXPECT 41 1
  v_ffbh_i32 v25, 0
  OUT 42, v25                    // EXPECT 42 0xffffffff
  v_ffbh_i32_e64 v25, -1
  OUT 43, v25                    // EXPECT 43 0xffffffff
  // bits: popcount(0xf0f0) + 3 = 11; bfm(4, 8) = 0xf << 8
  v_mov_b32 v29, 0xf0f0
  v_bcnt_u32_b32 v25, v29, 3
  OUT 44, v25                    // EXPECT 44 11
  v_bfm_b32 v25, 4, 8
  OUT 45, v25                    // EXPECT 45 0xf00
  // alignbyte: {0x11223344, 0x55667788} >> 8 = 0x44556677 (low 32)
  v_mov_b32 v29, 0x11223344
  v_mov_b32 v30, 0x55667788
  v_alignbyte_b32 v25, v29, v30, 1
  OUT 46, v25                    // EXPECT 46 0x44556677
  // lerp: bytes (4+3+0)/2=3, (3+3+1)/2=3, (2+3+0)/2=2, (1+3+1)/2=2
  v_mov_b32 v29, 0x01020304
  v_mov_b32 v30, 0x03030303
  v_mov_b32 v31, 0x01000100
  v_lerp_u8 v25, v29, v30, v31
  OUT 47, v25                    // EXPECT 47 0x02020303
  // SADs: |1-4|+|2-3|+|3-2|+|4-1| = 8, + 10 = 18; hi: (8 << 16) + 10
  v_mov_b32 v30, 0x04030201
  v_sad_u8 v25, v29, v30, 10
  OUT 48, v25                    // EXPECT 48 18
  v_sad_hi_u8 v25, v29, v30, 10
  OUT 49, v25                    // EXPECT 49 0x8000a
  // msad: reference byte 3 is 0: left out: |2-3|+|3-2|+|4-1| = 5, + 10
  v_mov_b32 v30, 0x00030201
  v_msad_u8 v25, v29, v30, 10
  OUT 50, v25                    // EXPECT 50 15
  // sad_u16: |0x10-0x20| + |5-2| = 19, + 1; sad_u32: |3-10| + 1 = 8
  v_mov_b32 v29, 0x00050010
  v_mov_b32 v30, 0x00020020
  v_sad_u16 v25, v29, v30, 1
  OUT 51, v25                    // EXPECT 51 20
  v_sad_u32 v25, 3, 10, 1
  OUT 52, v25                    // EXPECT 52 8
  // packing: u16(0x12345) saturates to 0xffff (low), 7 (high)
  v_mov_b32 v29, 0x12345
  v_cvt_pk_u16_u32 v25, v29, 7
  OUT 53, v25                    // EXPECT 53 0x0007ffff
  // i16(-40000) = -32768 (low 0x8000), 100 (high 0x64)
  v_mov_b32 v29, -40000
  v_mov_b32 v30, 0x64
  v_cvt_pk_i16_i32 v25, v29, v30
  OUT 54, v25                    // EXPECT 54 0x00648000
  // sat_pk_u8_i16: 0xff80012c: lo 300 -> 255, hi -128 -> 0; 0x00400010 -> 0x4010
  v_mov_b32 v29, 0xff80012c
  v_sat_pk_u8_i16 v25, v29
  OUT 55, v25                    // EXPECT 55 0xff
  v_mov_b32 v29, 0x00400010
  v_sat_pk_u8_i16 v25, v29
  OUT 56, v25                    // EXPECT 56 0x4010
  // v_swap_b32
  v_mov_b32 v40, 1
  v_mov_b32 v41, 2
  v_swap_b32 v40, v41
  OUT 57, v40                    // EXPECT 57 2
  OUT 58, v41                    // EXPECT 58 1
  // v_cmpx: lane 0 (v0 = 0) < 1 -> EXEC stays 1, s[40:41] = 1; 1 == 0 false -> vcc 0, EXEC 0
  s_mov_b64 s[42:43], exec
  v_cmpx_lt_u32_e64 s[40:41], v0, 1
  s_mov_b64 s[44:45], exec
  v_cmpx_eq_i32 vcc, 1, v0
  s_mov_b64 s[46:47], exec
  s_mov_b64 exec, s[42:43]
  OUT 59, s40                    // EXPECT 59 1
  OUT 60, s41                    // EXPECT 60 0
  OUT 61, s44                    // EXPECT 61 1
  OUT 62, vcc_lo                 // EXPECT 62 0
  OUT 63, s46                    // EXPECT 63 0
  // 64-bit: {1, 2} != {1, 2} false
  v_mov_b32 v32, 1
  v_mov_b32 v33, 2
  v_mov_b32 v34, 1
  v_mov_b32 v35, 2
  v_cmpx_ne_u64 s[40:41], v[32:33], v[34:35]
  s_mov_b64 s[46:47], exec
  s_mov_b64 exec, s[42:43]
  OUT 64, s40                    // EXPECT 64 0
  OUT 65, s46                    // EXPECT 65 0
  // quad SADs: S0 bytes 1..8 (v[44:45]), windows at bytes 0-3: (1,2,3,4),
  // (2,3,4,5), (3,4,5,6), (4,5,6,7); S1 = 1,1,1,1: SADs 6, 10, 14, 18,
  // plus S2's parts 1, 2, 3, 4: 7, 12, 17, 22
  v_mov_b32 v44, 0x04030201
  v_mov_b32 v45, 0x08070605
  v_mov_b32 v46, 0x01010101
  v_mov_b32 v48, 0x00020001
  v_mov_b32 v49, 0x00040003
  v_qsad_pk_u16_u8 v[50:51], v[44:45], v46, v[48:49]
  OUT 66, v50                    // EXPECT 66 0x000c0007
  OUT 67, v51                    // EXPECT 67 0x00160011
  // mqsad: S1 = 0x01000100: only window bytes 1 and 3 count (against 1):
  // |2-1|+|4-1| = 4, |3-1|+|5-1| = 6, 8, 10; plus 1, 2, 3, 4
  v_mov_b32 v46, 0x01000100
  v_mqsad_pk_u16_u8 v[50:51], v[44:45], v46, v[48:49]
  OUT 68, v50                    // EXPECT 68 0x00080005
  OUT 69, v51                    // EXPECT 69 0x000e000b
  // 32-bit parts: 4 + 100, 6 + 200, 8 + 300, 10 + 400
  v_mov_b32 v52, 100
  v_mov_b32 v53, 200
  v_mov_b32 v54, 300
  v_mov_b32 v55, 400
  v_mqsad_u32_u8 v[56:59], v[44:45], v46, v[52:55]
  OUT 70, v56                    // EXPECT 70 104
  OUT 71, v57                    // EXPECT 71 206
  OUT 72, v58                    // EXPECT 72 308
  OUT 73, v59                    // EXPECT 73 410
  // clamp: part 0 is 0xffff + 4 = 0x10003: clamp 0xffff, else wraps to 3
  v_mov_b32 v48, 0x0002ffff
  v_mqsad_pk_u16_u8 v[50:51], v[44:45], v46, v[48:49] clamp
  OUT 74, v50                    // EXPECT 74 0x0008ffff
  v_mqsad_pk_u16_u8 v[50:51], v[44:45], v46, v[48:49]
  OUT 75, v50                    // EXPECT 75 0x00080003
  // v_add/sub_u16 with clamp (add_sat/sub_sat on ushort): 0xfff0 + 0x20 =
  // 0x10010: clamp 0xffff, else 0x0010; 5 - 10: clamp 0, else 0xfffb;
  // v_lshlrev_b16 4, 0x1234 = 0x2340 (16 bits)
  v_mov_b32 v29, 0xfff0
  v_add_u16_e64 v25, v29, 32 clamp
  OUT 76, v25                    // EXPECT 76 0xffff
  v_add_u16_e64 v25, v29, 32
  OUT 77, v25                    // EXPECT 77 0x0010
  v_sub_u16_e64 v25, 5, 10 clamp
  OUT 78, v25                    // EXPECT 78 0
  v_sub_u16 v25, 5, v41          // v41 = 1 (from v_swap): 4
  OUT 79, v25                    // EXPECT 79 4
  v_sub_u16_e64 v25, 5, 10
  OUT 80, v25                    // EXPECT 80 0xfffb
  v_mov_b32 v29, 0x1234
  v_lshlrev_b16 v25, 4, v29
  OUT 81, v25                    // EXPECT 81 0x2340
KERNEL_END
