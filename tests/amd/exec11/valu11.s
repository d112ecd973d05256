// gfx1100 VALU rows only RDNA3 has (exec_vf11.c and their siblings in
// exec_vf32.c, exec_vf16.c, exec_vop3p.c): one lane, MODE as compiled
// kernels have it (denormals kept, round to nearest even, IEEE on).
// Expected values derived by hand from the RDNA3 ISA pseudocode; f16
// 1.0 = 0x3c00, 2.0 = 0x4000, 3.0 = 0x4200, 0.5 = 0x3800; bf16 is the
// high half of the f32 (1.0 = 0x3f80, 2.0 = 0x4000, 3.0 = 0x4040).
// LAUNCH 1 1
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  // ---- v_fmac_f16 is fused: (1 + 2^-10)^2 - (1 + 2^-9) = 2^-20 exactly
  // (a rounded product would give 0); 2^-20 = 16 * 2^-24, the f16
  // denormal 0x0010
  v_mov_b32 v1, 0x3c01
  v_mov_b32 v3, 0xbc02
  v_fmac_f16 v3, v1, v1
  OUT 0, v3
  // EXPECT 0 0x00000010
  // v_fmaak_f16: 2 * 3 + K(1.0) = 7.0 = 0x4700
  v_mov_b32 v5, 0x4000
  v_mov_b32 v6, 0x4200
  v_fmaak_f16 v4, v5, v6, 0x3c00
  OUT 1, v4
  // EXPECT 1 0x00004700
  // v_fmamk_f16: 2 * K(3.0) + (-1.0) = 5.0 = 0x4500
  v_mov_b32 v8, 0xbc00
  v_fmamk_f16 v7, v5, 0x4200, v8
  OUT 2, v7
  // EXPECT 2 0x00004500
  // ---- v_pk_fmac_f16: lo 1*2 + (-1) = 1.0, hi 2*3 + 1 = 7.0 ----
  v_mov_b32 v10, 0x40003c00
  v_mov_b32 v11, 0x42004000
  v_mov_b32 v9, 0x3c00bc00
  v_pk_fmac_f16 v9, v10, v11
  OUT 3, v9
  // EXPECT 3 0x47003c00
  // ---- dots: 1*2 + 2*3 + 0.5 = 8.5 (f32 0x41080000, f16 0x4840:
  // 8 * (1 + 1/16), exponent 3 + 15 = 18, mantissa 64) ----
  v_mov_b32 v12, 0x3f000000
  v_dot2acc_f32_f16 v12, v10, v11
  OUT 4, v12
  // EXPECT 4 0x41080000
  v_mov_b32 v13, 0
  v_mov_b32 v14, 0x3800
  v_dot2_f16_f16 v13, v10, v11, v14
  OUT 5, v13
  // EXPECT 5 0x00004840
  // op_sel:[0,0,1,1]: src2 from its high half, the result to the high
  // half, the low half kept
  v_mov_b32 v15, 0x11112222
  v_mov_b32 v14, 0x38000000
  v_dot2_f16_f16 v15, v10, v11, v14 op_sel:[0,0,1,1]
  OUT 6, v15
  // EXPECT 6 0x48402222
  // bf16: 1*2 + 2*3 + 0.5 = 8.5 = bf16 0x4108
  v_mov_b32 v17, 0x40003f80
  v_mov_b32 v18, 0x40404000
  v_mov_b32 v19, 0x3f00
  v_mov_b32 v16, 0
  v_dot2_bf16_bf16 v16, v17, v18, v19
  OUT 7, v16
  // EXPECT 7 0x00004108
  // bf16 rounding, nearest even: 1*1 + 0*0 + 2^-8 (bf16 0x3b80) is
  // halfway between 1.0 and 1 + 2^-7: 1.0 (even)
  v_mov_b32 v20, 0x3f80
  v_mov_b32 v22, 0x3b80
  v_mov_b32 v16, 0
  v_dot2_bf16_bf16 v16, v20, v20, v22
  OUT 8, v16
  // EXPECT 8 0x00003f80
  // (1 + 2^-7) * 1 + 2^-8: halfway between mantissas 1 and 2: 2 (even)
  v_mov_b32 v21, 0x3f81
  v_mov_b32 v16, 0
  v_dot2_bf16_bf16 v16, v21, v20, v22
  OUT 9, v16
  // EXPECT 9 0x00003f82
  // v_dot2_f32_bf16: 8.5; with neg_lo:[1,0,0] -1*2 + 2*3 + 0.5 = 4.5
  v_mov_b32 v24, 0x3f000000
  v_dot2_f32_bf16 v23, v17, v18, v24
  OUT 10, v23
  // EXPECT 10 0x41080000
  v_dot2_f32_bf16 v23, v17, v18, v24 neg_lo:[1,0,0]
  OUT 11, v23
  // EXPECT 11 0x40900000
  // ---- v_dot4_i32_iu8: src0 bytes 01 ff 02 ff (low first), src1 bytes
  // all 01, src2 10; neg_lo[0] / [1]: src0 / src1 signed ----
  v_mov_b32 v25, 0xff02ff01
  v_mov_b32 v26, 0x01010101
  v_mov_b32 v27, 10
  // unsigned: 1 + 255 + 2 + 255 + 10 = 523
  v_dot4_i32_iu8 v28, v25, v26, v27
  OUT 12, v28
  // EXPECT 12 523
  // src0 signed: 1 - 1 + 2 - 1 + 10 = 11
  v_dot4_i32_iu8 v28, v25, v26, v27 neg_lo:[1,0,0]
  OUT 13, v28
  // EXPECT 13 11
  // src1 = all ff: both signed: (1 - 1 + 2 - 1) * -1 + 10 = 9;
  // src0 unsigned, src1 signed: -(1 + 255 + 2 + 255) + 10 = -503
  v_mov_b32 v26, -1
  v_dot4_i32_iu8 v28, v25, v26, v27 neg_lo:[1,1,0]
  OUT 14, v28
  // EXPECT 14 9
  v_dot4_i32_iu8 v28, v25, v26, v27 neg_lo:[0,1,0]
  OUT 15, v28
  // EXPECT 15 0xfffffe09
  // clamp: unsigned (1 + 255 + 2 + 255) * 255 = 130815, + 0x7fffffff
  // saturates to 0x7fffffff
  v_mov_b32 v27, 0x7fffffff
  v_dot4_i32_iu8 v28, v25, v26, v27 clamp
  OUT 16, v28
  // EXPECT 16 0x7fffffff
  // ---- v_dot8_i32_iu4: nibble f times 2: unsigned 30, signed -2 ----
  v_mov_b32 v25, 15
  v_mov_b32 v26, 2
  v_dot8_i32_iu4 v28, v25, v26, 0
  OUT 17, v28
  // EXPECT 17 30
  v_dot8_i32_iu4 v28, v25, v26, 0 neg_lo:[1,0,0]
  OUT 18, v28
  // EXPECT 18 0xfffffffe
  // src2 is a 32-bit operand on gfx11: the inline constant 1 is 1
  // (0x00000001, not replicated into both halves): 30 + 1 = 31; for
  // v_dot2_f32_f16 the constant 1.0 is the f32 0x3f800000: 1*2 + 2*3 + 1 =
  // 9.0 = 0x41100000
  v_dot8_i32_iu4 v28, v25, v26, 1
  OUT 47, v28
  // EXPECT 47 31
  v_dot2_f32_f16 v28, v10, v11, 1.0
  OUT 48, v28
  // EXPECT 48 0x41100000
  // ---- maxmin / minmax (v_min/v_max rules, IEEE on: a quiet NaN gives
  // the other operand; -0 < +0) ----
  // min(max(QNaN, 2.0), 1.5) = 1.5
  v_mov_b32 v1, 0x7fc00000
  v_maxmin_f32 v30, v1, 2.0, 0x3fc00000
  OUT 19, v30
  // EXPECT 19 0x3fc00000
  // max(min(-0, +0), -1.0) = -0
  v_mov_b32 v1, 0x80000000
  v_minmax_f32 v30, v1, 0, -1.0
  OUT 20, v30
  // EXPECT 20 0x80000000
  // f16: min(max(-0, +0), 1.0) = +0; max(min(+0, -0), -0) = -0
  v_mov_b32 v1, 0x8000
  v_mov_b32 v30, 0
  v_maxmin_f16 v30, v1, 0, 1.0
  OUT 21, v30
  // EXPECT 21 0
  v_minmax_f16 v30, 0, v1, v1
  OUT 22, v30
  // EXPECT 22 0x00008000
  // max(min(1.0, 2.0), 0.5) = 1.0
  v_minmax_f16 v30, 1.0, 2.0, 0.5
  OUT 23, v30
  // EXPECT 23 0x00003c00
  // ---- DX9 zero rules: 0 * anything = +0 ----
  v_mov_b32 v1, 0x7f800000
  v_mul_dx9_zero_f32 v31, 0, v1
  OUT 24, v31
  // EXPECT 24 0
  // -0 * NaN = +0
  v_mov_b32 v2, 0x7fc00000
  v_mul_dx9_zero_f32 v31, 0x80000000, v2
  OUT 25, v31
  // EXPECT 25 0
  // fma(0, inf, 5.0) = 5.0 (S2); fma(NaN, 0, -0) = -0 (S2 itself)
  v_fma_dx9_zero_f32 v32, 0, v1, 0x40a00000
  OUT 26, v32
  // EXPECT 26 0x40a00000
  v_mov_b32 v3, 0x80000000
  v_fma_dx9_zero_f32 v32, v2, 0, v3
  OUT 27, v32
  // EXPECT 27 0x80000000
  // fmac: D = 3.0, inf * 0: D stays 3.0; D = 1.0, 2 * 3 + 1 = 7.0
  v_mov_b32 v34, 0x40400000
  v_fmac_dx9_zero_f32 v34, v1, 0
  OUT 28, v34
  // EXPECT 28 0x40400000
  v_mov_b32 v35, 1.0
  v_mov_b32 v4, 0x40400000
  v_fmac_dx9_zero_f32 v35, 2.0, v4
  OUT 29, v35
  // EXPECT 29 0x40e00000
  // ---- packing conversions: truncation, saturation, NaN -> 0 ----
  // {sat_i16(40000.0) = 0x7fff, trunc(-1.5) = -1 = 0xffff}
  v_mov_b32 v1, 0x471c4000
  v_cvt_pk_i16_f32 v36, 0xbfc00000, v1
  OUT 30, v36
  // EXPECT 30 0x7fffffff
  // {sat_u16(70000.0) = 0xffff, -4.0 -> 0}
  v_mov_b32 v1, 0x4788b800
  v_cvt_pk_u16_f32 v37, -4.0, v1
  OUT 31, v37
  // EXPECT 31 0xffff0000
  // {trunc(3.7) = 3, NaN -> 0}
  v_mov_b32 v1, 0x7fc00000
  v_cvt_pk_i16_f32 v38, v1, 0x406ccccd
  OUT 32, v38
  // EXPECT 32 0x00030000
  // norm: snorm(1.0) = 0x7fff, snorm(-1.0) = -32767 = 0x8001;
  // unorm(1.0) = 0xffff, unorm(0) = 0
  v_cvt_pk_norm_i16_f16 v39, 1.0, -1.0
  OUT 33, v39
  // EXPECT 33 0x80017fff
  v_cvt_pk_norm_u16_f16 v40, 1.0, 0
  OUT 34, v40
  // EXPECT 34 0x0000ffff
  // ---- 16-bit integer rows (the low halves; result in the low half) ----
  v_mov_b32 v42, 0x11112222
  v_mov_b32 v43, 0x33334444
  s_mov_b32 s5, 1
  s_mov_b32 s6, 0
  v_mov_b32 v41, 0
  v_cndmask_b16 v41, v42, v43, s5
  OUT 35, v41
  // EXPECT 35 0x00004444
  v_cndmask_b16 v41, v42, v43, s6
  OUT 36, v41
  // EXPECT 36 0x00002222
  v_mov_b32 v45, 0xf0f0
  v_mov_b32 v46, 0xff00
  v_mov_b32 v44, 0
  v_and_b16 v44, v45, v46
  OUT 37, v44
  // EXPECT 37 0x0000f000
  v_or_b16 v44, v45, v46
  OUT 38, v44
  // EXPECT 38 0x0000fff0
  v_xor_b16 v44, v45, v46
  OUT 39, v44
  // EXPECT 39 0x00000ff0
  v_not_b16 v44, v45
  OUT 40, v44
  // EXPECT 40 0x00000f0f
  // true16 v_mov_b16: v47.h = v48.l, v47.l kept
  v_mov_b32 v47, 0x1234abcd
  v_mov_b32 v48, 0x9abc5678
  v_mov_b16 v47.h, v48.l
  OUT 41, v47
  // EXPECT 41 0x5678abcd
  // v49.l = v48.h, v49.h kept
  v_mov_b32 v49, 0xaaaabbbb
  v_mov_b16 v49.l, v48.h
  OUT 42, v49
  // EXPECT 42 0xaaaa9abc
  // sign / zero extension of the low half 0x8001
  v_mov_b32 v52, 0x7fff8001
  v_cvt_i32_i16 v51, v52
  OUT 43, v51
  // EXPECT 43 0xffff8001
  v_cvt_u32_u16 v51, v52
  OUT 44, v51
  // EXPECT 44 0x00008001
  // ---- v_cmp_t (gfx11's name of tru): every active lane; wave32 sdst is
  // one SGPR; v_cmpx_t keeps EXEC = the one lane ----
  v_cmp_t_f32 s8, v1, v2
  OUT 45, s8
  // EXPECT 45 1
  v_cmpx_t_f32 v1, v2
  v_pipeflush
  OUT 46, exec_lo
  // EXPECT 46 1
KERNEL_END
