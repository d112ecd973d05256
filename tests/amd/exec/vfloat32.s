// VALU f32 rows: rounding modes, denormal modes, NaN rules, min/max/med3,
// compares and classes, conversions, rounding rows, transcendentals,
// omod/clamp and the division sequence.  Expected values are derived by
// hand from IEEE 754 binary32 and the Vega ISA descriptions (comments).
// MODE is set explicitly first: round nearest even, f32 and f64/f16
// denormals kept (3, 3), DX10_CLAMP 1, IEEE 1 = 0x3f0.  One work-item.
// LAUNCH 1 1
.include "common.inc"
// num v20 / den v21 into out[idx], clang's sequence for a correctly
// rounded f32 division with denormals on
.macro DIVIDE idx
  v_div_scale_f32 v22, s[20:21], v21, v21, v20
  v_div_scale_f32 v23, vcc, v20, v21, v20
  v_rcp_f32 v24, v22
  v_fma_f32 v25, -v22, v24, 1.0
  v_fma_f32 v24, v25, v24, v24
  v_mul_f32 v25, v23, v24
  v_fma_f32 v26, -v22, v25, v23
  v_fma_f32 v25, v26, v24, v25
  v_fma_f32 v22, -v22, v25, v23
  v_div_fmas_f32 v22, v22, v24, v25
  v_div_fixup_f32 v27, v22, v21, v20
  OUT \idx, v27
.endm
KERNEL_BEGIN
  PROLOGUE
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 10), 0x3f0
  // 1 + 2^-24 is halfway between 1.0 and 1 + 2^-23: nearest even is 1.0
  v_mov_b32 v1, 0x33800000            // 2^-24
  v_add_f32 v2, 1.0, v1
  OUT 0, v2                           // EXPECT 0 0x3f800000
  // round toward +inf (MODE[1:0] = 1): 1 + 2^-23
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 1
  v_add_f32 v2, 1.0, v1
  OUT 1, v2                           // EXPECT 1 0x3f800001
  // round toward -inf (2): -1 - 2^-24 -> -(1 + 2^-23)
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 2
  v_sub_f32 v2, -1.0, v1
  OUT 2, v2                           // EXPECT 2 0xbf800001
  // toward zero (3): -1 - 2^-24 -> -1.0
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 3
  v_sub_f32 v2, -1.0, v1
  OUT 3, v2                           // EXPECT 3 0xbf800000
  // v_cvt_f32_u32 0xffffffff toward zero: 2^32 - 1 -> 0x4f7fffff (2^32 - 256)
  v_cvt_f32_u32 v2, -1
  OUT 4, v2                           // EXPECT 4 0x4f7fffff
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 0
  // the same in nearest even: 2^32 = 0x4f800000
  v_cvt_f32_u32 v2, -1
  OUT 5, v2                           // EXPECT 5 0x4f800000

  // denormals: 2^-126 * 0.5 = 2^-127 = 0x00400000 kept (mode 3) ...
  v_mov_b32 v3, 0x00800000            // 2^-126, the smallest normal
  v_mul_f32 v4, 0.5, v3
  OUT 6, v4                           // EXPECT 6 0x00400000
  // ... flushed with f32 denorm mode 0 (MODE[5:4]), sign kept
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 0
  v_mul_f32 v4, -0.5, v3
  OUT 7, v4                           // EXPECT 7 0x80000000
  // input flush (mode 0): the denormal 2^-127 * 4 = 0 instead of 2^-125
  v_mov_b32 v5, 0x00400000
  v_mul_f32 v4, 4.0, v5
  OUT 8, v4                           // EXPECT 8 0x00000000
  // mode 1 (inputs kept, outputs flushed): 2^-127 * 4 = 2^-125 = 0x01000000
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 1
  v_mul_f32 v4, 4.0, v5
  OUT 9, v4                           // EXPECT 9 0x01000000
  // mode 2 (inputs flushed, outputs kept): 2^-126 * 0.5 = 2^-127 kept
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 2
  v_mul_f32 v4, 0.5, v3
  OUT 10, v4                          // EXPECT 10 0x00400000
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 3

  // NaNs: a quiet NaN propagates with its payload; a signaling one comes
  // out quieted (bit 22 set)
  v_mov_b32 v6, 0x7fc00001
  v_add_f32 v7, 1.0, v6
  OUT 11, v7                          // EXPECT 11 0x7fc00001
  v_mov_b32 v8, 0x7f800001            // sNaN
  v_mul_f32 v7, 2.0, v8
  OUT 12, v7                          // EXPECT 12 0x7fc00001
  // max(qNaN, 1) = 1 (the other operand)
  v_mov_b32 v9, 0x7fc00000
  v_max_f32 v7, 1.0, v9
  OUT 13, v7                          // EXPECT 13 0x3f800000
  // IEEE mode: min(sNaN, 1) = the sNaN quieted
  v_min_f32 v7, 1.0, v8
  OUT 14, v7                          // EXPECT 14 0x7fc00001
  // IEEE off (MODE[9] = 0): min(sNaN, 1) = 1
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 9, 1), 0
  v_min_f32 v7, 1.0, v8
  OUT 15, v7                          // EXPECT 15 0x3f800000
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 9, 1), 1
  // min(-0, +0) = -0, max(-0, +0) = +0
  v_bfrev_b32 v10, 1                  // 0x80000000 = -0.0
  v_min_f32 v7, 0, v10
  OUT 16, v7                          // EXPECT 16 0x80000000
  v_max_f32 v7, 0, v10
  OUT 17, v7                          // EXPECT 17 0x00000000
  // med3(4, 1, 2) = 2; med3(qNaN, 1, 2) = min3 = 1; max3(1, 4, 2) = 4
  v_med3_f32 v7, 4.0, 1.0, 2.0
  OUT 18, v7                          // EXPECT 18 0x40000000
  v_med3_f32 v7, v9, 1.0, 2.0
  OUT 19, v7                          // EXPECT 19 0x3f800000
  v_max3_f32 v7, 1.0, 4.0, 2.0
  OUT 20, v7                          // EXPECT 20 0x40800000

  // compares on one lane: the mask bit 0
  v_cmp_u_f32 vcc, 1.0, v9            // unordered: 1
  v_cndmask_b32 v11, 0, 1, vcc
  OUT 21, v11                         // EXPECT 21 1
  v_cmp_neq_f32 vcc, v9, v9           // !(NaN == NaN): 1
  v_cndmask_b32 v11, 0, 1, vcc
  OUT 22, v11                         // EXPECT 22 1
  v_cmp_lg_f32 vcc, 1.0, v9           // NaN < 1 || NaN > 1: 0
  v_cndmask_b32 v11, 0, 1, vcc
  OUT 23, v11                         // EXPECT 23 0
  v_cmp_nge_f32_e64 s[20:21], 1.0, 2.0 // !(1 >= 2): 1
  v_cndmask_b32_e64 v11, 0, 1, s[20:21]
  OUT 24, v11                         // EXPECT 24 1
  // class: -0.0 is class bit 5; 1.0 (+normal, bit 8) is not in 0x20
  v_cmp_class_f32_e64 vcc, v10, 0x20
  v_cndmask_b32 v11, 0, 1, vcc
  OUT 25, v11                         // EXPECT 25 1
  v_cmp_class_f32_e64 vcc, 1.0, 0x20
  v_cndmask_b32 v11, 0, 1, vcc
  OUT 26, v11                         // EXPECT 26 0

  // conversions: truncation, saturation, NaN -> 0
  v_cvt_i32_f32 v12, v9
  OUT 27, v12                         // EXPECT 27 0
  v_mov_b32 v13, 0x4f32d05e           // 3.0e9
  v_cvt_i32_f32 v12, v13
  OUT 28, v12                         // EXPECT 28 0x7fffffff
  v_cvt_i32_f32_e64 v12, -v13
  OUT 29, v12                         // EXPECT 29 0x80000000
  v_mov_b32 v14, 0xc02ccccd           // -2.7
  v_cvt_i32_f32 v12, v14
  OUT 30, v12                         // EXPECT 30 0xfffffffe
  v_cvt_u32_f32 v12, -1.0
  OUT 31, v12                         // EXPECT 31 0
  // rpi: floor(x + 0.5): -2.5 -> -2; flr: floor(-2.5) = -3
  v_cvt_rpi_i32_f32 v12, 0xc0200000
  OUT 32, v12                         // EXPECT 32 0xfffffffe
  v_cvt_flr_i32_f32 v12, 0xc0200000
  OUT 33, v12                         // EXPECT 33 0xfffffffd
  // f32 -> f16: 65520 is halfway between 65504 (0x7bff, odd) and 2^16:
  // nearest even rounds up and overflows to inf; 65519 rounds to 65504
  v_cvt_f16_f32 v12, 0x477ff000
  OUT 34, v12                         // EXPECT 34 0x00007c00
  v_cvt_f16_f32 v12, 0x477fef00
  OUT 35, v12                         // EXPECT 35 0x00007bff
  // f16 -> f32: the smallest f16 denormal 0x0001 = 2^-24 (exact)
  v_cvt_f32_f16 v12, 1
  OUT 36, v12                         // EXPECT 36 0x33800000
  // pkrtz: {f16(65536) toward zero = 65504, f16(1.0)}
  v_mov_b32 v17, 0x47800000
  v_cvt_pkrtz_f16_f32 v12, 1.0, v17
  OUT 37, v12                         // EXPECT 37 0x7bff3c00
  // pknorm_i16: lo -1.0 -> -32767 = 0x8001, hi 0.5*32767 = 16383.5 -> even 16384
  v_cvt_pknorm_i16_f32 v12, -1.0, 0.5
  OUT 38, v12                         // EXPECT 38 0x40008001
  // pk_u8: byte 1 of 0x11223344 := u8(300.0) saturated = 0xff
  v_mov_b32 v15, 0x11223344
  v_mov_b32 v17, 0x43960000
  v_cvt_pk_u8_f32 v12, v17, 1, v15
  OUT 39, v12                         // EXPECT 39 0x1122ff44
  // ubyte2 of 0x11223344 = 0x22 = 34.0
  v_cvt_f32_ubyte2 v12, v15
  OUT 40, v12                         // EXPECT 40 0x42080000
  // cvt_off: the signed nibble 8 = -8, / 16 = -0.5
  v_cvt_off_f32_i4 v12, 8
  OUT 41, v12                         // EXPECT 41 0xbf000000

  // rounding rows: rndne(2.5) = 2, rndne(3.5) = 4, trunc(-2.7) = -2,
  // floor(-2.5) = -3, ceil(-2.5) = -2, fract(-0.25) = 0.75
  v_rndne_f32 v12, 0x40200000
  OUT 42, v12                         // EXPECT 42 0x40000000
  v_rndne_f32 v12, 0x40600000
  OUT 43, v12                         // EXPECT 43 0x40800000
  v_trunc_f32 v12, v14
  OUT 44, v12                         // EXPECT 44 0xc0000000
  v_floor_f32 v12, 0xc0200000
  OUT 45, v12                         // EXPECT 45 0xc0400000
  v_ceil_f32 v12, 0xc0200000
  OUT 46, v12                         // EXPECT 46 0xc0000000
  v_fract_f32 v12, -0.25
  OUT 47, v12                         // EXPECT 47 0x3f400000

  // transcendentals on exact cases: rcp(4) = 0.25, rsq(4) = 0.5,
  // sqrt(2) correctly rounded = 0x3fb504f3, exp2(3) = 8, log2(8) = 3,
  // sin(0.25 turn) = 1, cos(0.5 turn) = -1
  v_rcp_f32 v12, 4.0
  OUT 48, v12                         // EXPECT 48 0x3e800000
  v_rsq_f32 v12, 4.0
  OUT 49, v12                         // EXPECT 49 0x3f000000
  v_sqrt_f32 v12, 2.0
  OUT 50, v12                         // EXPECT 50 0x3fb504f3
  v_exp_f32 v12, 0x40400000
  OUT 51, v12                         // EXPECT 51 0x41000000
  v_log_f32 v12, 0x41000000
  OUT 52, v12                         // EXPECT 52 0x40400000
  v_sin_f32 v12, 0x3e800000
  OUT 53, v12                         // EXPECT 53 0x3f800000
  v_cos_f32 v12, 0.5
  OUT 54, v12                         // EXPECT 54 0xbf800000
  // frexp(12) = 0.75 * 2^4; ldexp(0.75, 4) = 12
  v_frexp_mant_f32 v12, 0x41400000
  OUT 55, v12                         // EXPECT 55 0x3f400000
  v_frexp_exp_i32_f32 v12, 0x41400000
  OUT 56, v12                         // EXPECT 56 4
  v_mov_b32 v17, 0x3f400000
  v_ldexp_f32 v12, v17, 4
  OUT 57, v12                         // EXPECT 57 0x41400000

  // output modifiers: (1 + 2) * 2 = 6; clamp(0.5 + 1) = 1; clamp(-2) = 0;
  // clamp(NaN) = 0 with DX10_CLAMP; mul_legacy(0, inf) = 0
  v_add_f32_e64 v12, 1.0, 2.0 mul:2
  OUT 58, v12                         // EXPECT 58 0x40c00000
  v_add_f32_e64 v12, 0.5, 1.0 clamp
  OUT 59, v12                         // EXPECT 59 0x3f800000
  v_mul_f32_e64 v12, -2.0, 1.0 clamp
  OUT 60, v12                         // EXPECT 60 0
  v_add_f32_e64 v12, v9, 1.0 clamp
  OUT 61, v12                         // EXPECT 61 0
  v_mov_b32 v17, 0x7f800000
  v_mul_legacy_f32 v12, 0, v17
  OUT 62, v12                         // EXPECT 62 0
  // madmk 2 * K(3) + 1 = 7; madak 2 * 3 + K(0.5) = 6.5; fma(2, 3, -1) = 5
  v_mov_b32 v16, 1.0
  v_madmk_f32 v12, 2.0, 0x40400000, v16
  OUT 63, v12                         // EXPECT 63 0x40e00000
  v_mov_b32 v16, 0x40400000
  v_madak_f32 v12, 2.0, v16, 0x3f000000
  OUT 64, v12                         // EXPECT 64 0x40d00000
  v_fma_f32 v12, 2.0, v16, -1.0
  OUT 65, v12                         // EXPECT 65 0x40a00000

  // correctly rounded division as clang emits it (div_scale, rcp, Newton
  // steps, div_fmas, div_fixup): 1/3 = 0x3eaaaaab (IEEE nearest)
  v_mov_b32 v20, 1.0                  // numerator
  v_mov_b32 v21, 0x40400000           // denominator 3
  DIVIDE 66                           // EXPECT 66 0x3eaaaaab
  // 0x006ce3ee / 4: the denormal quotient is 0x001b38fb.8, a tie: even 0x001b38fc
  // (div_scale scales the numerator by 2^64, div_fmas scales back by 2^-64)
  v_mov_b32 v20, 0x006ce3ee
  v_mov_b32 v21, 4.0
  DIVIDE 67                           // EXPECT 67 0x001b38fc
  // div_fixup special cases: 1/0 = +inf, 0/0 = the default NaN 0xffc00000,
  // -1/inf = -0
  v_mov_b32 v20, 1.0
  v_mov_b32 v21, 0
  DIVIDE 68                           // EXPECT 68 0x7f800000
  v_mov_b32 v20, 0
  DIVIDE 69                           // EXPECT 69 0xffc00000
  v_mov_b32 v20, -1.0
  v_mov_b32 v21, 0x7f800000
  DIVIDE 70                           // EXPECT 70 0x80000000
  // a quotient near the largest float: 2^127 / 0.25 overflows to +inf;
  // 2^100 / 2^-20 = 2^120 (div_scale: exponent difference >= 96 scales
  // the denominator, div_fmas scales back by 2^64)
  v_mov_b32 v20, 0x71800000           // 2^100
  v_mov_b32 v21, 0x35800000           // 2^-20
  DIVIDE 71                           // EXPECT 71 0x7b800000
KERNEL_END
