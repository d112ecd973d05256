// VALU f64 rows: rounding and denormal modes (MODE[3:2], MODE[7:6]), fma
// single rounding, the division sequence, trig_preop, frexp/ldexp,
// compares, conversions, rounding rows, min/max NaN rules.  Expected
// values derived by hand from IEEE 754 binary64 and the Vega ISA (comments);
// a double is OUT as its low dword, then its high dword.  One work-item.
// LAUNCH 1 1
.include "common.inc"
.macro OUT64 idx, lo, hi
  OUT \idx, \lo
  OUT (\idx+1), \hi
.endm
KERNEL_BEGIN
  PROLOGUE
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 10), 0x3f0
  // 1 + 2^-53 is halfway between 1.0 and 1 + 2^-52: nearest even 1.0
  v_mov_b32 v2, 0
  v_mov_b32 v3, 0x3ca00000            // 2^-53
  v_add_f64 v[4:5], 1.0, v[2:3]
  OUT64 0, v4, v5                     // EXPECT 0 0
                                      // EXPECT 1 0x3ff00000
  // toward +inf (MODE[3:2] = 1): 1 + 2^-52
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 2), 1
  v_add_f64 v[4:5], 1.0, v[2:3]
  OUT64 2, v4, v5                     // EXPECT 2 1
                                      // EXPECT 3 0x3ff00000
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 2), 0
  // fma: (1 + 2^-30)(1 - 2^-30) - 1 = -2^-60 exactly (one rounding) ...
  v_mov_b32 v6, 0
  v_mov_b32 v7, 0x3ff00000
  v_mov_b32 v8, 0x400000              // 1 + 2^-30 = 0x3ff00000_00400000
  v_mov_b32 v9, 0x3ff00000
  v_mov_b32 v10, 0xff800000           // 1 - 2^-30 = 0x3fefffff_ff800000
  v_mov_b32 v11, 0x3fefffff
  v_fma_f64 v[12:13], v[8:9], v[10:11], -1.0
  OUT64 4, v12, v13                   // EXPECT 4 0
                                      // EXPECT 5 0xbc300000
  // ... while the product alone rounds to 1.0 (1 - 2^-60 is within half
  // an ulp of 1), so multiply then add gives 0
  v_mul_f64 v[12:13], v[8:9], v[10:11]
  v_add_f64 v[12:13], v[12:13], -1.0
  OUT64 6, v12, v13                   // EXPECT 6 0
                                      // EXPECT 7 0
  // denormals: 2^-1022 * 0.5 = 2^-1023 = 0x00080000_00000000 kept (mode 3),
  // flushed to -0 with MODE[7:6] = 0 (and a negative factor)
  v_mov_b32 v14, 0
  v_mov_b32 v15, 0x00100000           // 2^-1022
  v_mul_f64 v[16:17], 0.5, v[14:15]
  OUT64 8, v16, v17                   // EXPECT 8 0
                                      // EXPECT 9 0x00080000
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 6, 2), 0
  v_mul_f64 v[16:17], -0.5, v[14:15]
  OUT64 10, v16, v17                  // EXPECT 10 0
                                      // EXPECT 11 0x80000000
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 6, 2), 3

  // clang's f64 division: 1/3 = 0x3fd55555_55555555 (IEEE nearest)
  v_mov_b32 v20, 0                    // numerator 1.0 in v[20:21]
  v_mov_b32 v21, 0x3ff00000
  v_mov_b32 v22, 0                    // denominator 3.0 in v[22:23]
  v_mov_b32 v23, 0x40080000
  v_div_scale_f64 v[24:25], s[20:21], v[22:23], v[22:23], v[20:21]
  v_rcp_f64 v[26:27], v[24:25]
  v_fma_f64 v[28:29], -v[24:25], v[26:27], 1.0
  v_fma_f64 v[26:27], v[26:27], v[28:29], v[26:27]
  v_div_scale_f64 v[28:29], vcc, v[20:21], v[22:23], v[20:21]
  v_fma_f64 v[30:31], -v[24:25], v[26:27], 1.0
  v_fma_f64 v[26:27], v[26:27], v[30:31], v[26:27]
  v_mul_f64 v[30:31], v[28:29], v[26:27]
  v_fma_f64 v[24:25], -v[24:25], v[30:31], v[28:29]
  v_div_fmas_f64 v[24:25], v[24:25], v[26:27], v[30:31]
  v_div_fixup_f64 v[32:33], v[24:25], v[22:23], v[20:21]
  OUT64 12, v32, v33                  // EXPECT 12 0x55555555
                                      // EXPECT 13 0x3fd55555
  // trig_preop(1.0, k): 53 bits of 2/pi from bit 53k, scaled to their
  // place: k = 0 -> 0x145f306dc9c882 * 2^-53, k = 1 -> 0x14a7f09d5f47d4 * 2^-106
  // (2/pi = 0.a2f9836e 4e441529 fc2757d1 f534ddc0 ... in hex)
  v_trig_preop_f64 v[34:35], 1.0, 0
  OUT64 14, v34, v35                  // EXPECT 14 0x6dc9c882
                                      // EXPECT 15 0x3fe45f30
  v_trig_preop_f64 v[34:35], 1.0, 1
  OUT64 16, v34, v35                  // EXPECT 16 0x9d5f47d4
                                      // EXPECT 17 0x3c94a7f0
  // ldexp(1.5, 10) = 1536; frexp(12) = 0.75 * 2^4
  v_mov_b32 v34, 0
  v_mov_b32 v35, 0x3ff80000           // 1.5
  v_ldexp_f64 v[34:35], v[34:35], 10
  OUT64 18, v34, v35                  // EXPECT 18 0
                                      // EXPECT 19 0x40980000
  v_mov_b32 v36, 0
  v_mov_b32 v37, 0x40280000           // 12.0
  v_frexp_exp_i32_f64 v38, v[36:37]
  OUT 20, v38                         // EXPECT 20 4
  v_frexp_mant_f64 v[38:39], v[36:37]
  OUT64 21, v38, v39                  // EXPECT 21 0
                                      // EXPECT 22 0x3fe80000
  // compares: unordered with a NaN; class of -inf is bit 2
  v_mov_b32 v40, 0
  v_mov_b32 v41, 0x7ff80000           // qNaN
  v_cmp_u_f64 vcc, 1.0, v[40:41]
  v_cndmask_b32 v42, 0, 1, vcc
  OUT 23, v42                         // EXPECT 23 1
  v_cmp_gt_f64 vcc, 1.0, v[40:41]
  v_cndmask_b32 v42, 0, 1, vcc
  OUT 24, v42                         // EXPECT 24 0
  v_mov_b32 v54, 0
  v_mov_b32 v55, 0xfff00000           // -inf = 0xfff00000_00000000
  v_cmp_class_f64_e64 vcc, v[54:55], 4
  v_cndmask_b32 v44, 0, 1, vcc
  OUT 25, v44                         // EXPECT 25 1
  // conversions: -1e10 saturates to INT_MIN; -3 -> 0xc0080000_00000000;
  // 1/3 to f32 nearest 0x3eaaaaab, toward zero (MODE[1:0] = 3) 0x3eaaaaaa
  v_mov_b32 v45, 0xc202a05f           // -1e10 = 0xc202a05f_20000000
  v_mov_b32 v44, 0x20000000
  v_cvt_i32_f64 v46, v[44:45]
  OUT 26, v46                         // EXPECT 26 0x80000000
  v_cvt_f64_i32 v[46:47], -3
  OUT64 27, v46, v47                  // EXPECT 27 0
                                      // EXPECT 28 0xc0080000
  v_cvt_f32_f64 v46, v[32:33]
  OUT 29, v46                         // EXPECT 29 0x3eaaaaab
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 3
  v_cvt_f32_f64 v46, v[32:33]
  OUT 30, v46                         // EXPECT 30 0x3eaaaaaa
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 2), 0
  // sqrt(2) nearest = 0x3ff6a09e_667f3bcd; rcp(4) = 0.25; rsq(4) = 0.5
  v_sqrt_f64 v[46:47], 2.0
  OUT64 31, v46, v47                  // EXPECT 31 0x667f3bcd
                                      // EXPECT 32 0x3ff6a09e
  v_rcp_f64 v[46:47], 4.0
  OUT64 33, v46, v47                  // EXPECT 33 0
                                      // EXPECT 34 0x3fd00000
  v_rsq_f64 v[46:47], 4.0
  OUT64 35, v46, v47                  // EXPECT 35 0
                                      // EXPECT 36 0x3fe00000
  // trunc(-2.5) = -2, floor(-2.5) = -3, fract(-0.25) = 0.75
  v_mov_b32 v48, 0
  v_mov_b32 v49, 0xc0040000           // -2.5
  v_trunc_f64 v[50:51], v[48:49]
  OUT64 37, v50, v51                  // EXPECT 37 0
                                      // EXPECT 38 0xc0000000
  v_floor_f64 v[50:51], v[48:49]
  OUT64 39, v50, v51                  // EXPECT 39 0
                                      // EXPECT 40 0xc0080000
  v_fract_f64 v[50:51], -0.25
  OUT64 41, v50, v51                  // EXPECT 41 0
                                      // EXPECT 42 0x3fe80000
  // max(qNaN, 1) = 1; IEEE mode: min(sNaN, 1) = the sNaN quieted
  v_max_f64 v[50:51], v[40:41], 1.0
  OUT64 43, v50, v51                  // EXPECT 43 0
                                      // EXPECT 44 0x3ff00000
  v_mov_b32 v52, 1
  v_mov_b32 v53, 0x7ff00000           // sNaN 0x7ff00000_00000001
  v_min_f64 v[50:51], v[52:53], 1.0
  OUT64 45, v50, v51                  // EXPECT 45 1
                                      // EXPECT 46 0x7ff80000
KERNEL_END
