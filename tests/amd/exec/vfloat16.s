// VALU f16 rows and VOP3P: rounding and denormal modes (MODE[3:2],
// MODE[7:6]), overflow to inf, op_sel halves, packed f16 arithmetic with
// op_sel_hi / neg_hi, packed 16-bit integers with clamp, v_mad_mix.
// Expected values derived by hand from IEEE 754 binary16 and the Vega ISA
// (comments).  f16 results of VOP1/VOP2/VOP3 rows zero the high half.
// One work-item.
// LAUNCH 1 1
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 10), 0x3f0
  // 1 + 1 = 2 (0x4000)
  v_mov_b32 v1, 0x3c00
  v_add_f16 v2, 1.0, v1
  OUT 0, v2                           // EXPECT 0 0x00004000
  // 65504 * 2 overflows to +inf
  v_mov_b32 v3, 0x7bff
  v_mul_f16 v2, 2.0, v3
  OUT 1, v2                           // EXPECT 1 0x00007c00
  // 1 + 2^-11 (0x1000) is halfway between 1 and 1 + 2^-10: nearest even 1.0,
  // toward +inf (MODE[3:2] = 1) 0x3c01
  v_mov_b32 v4, 0x1000
  v_add_f16 v2, 1.0, v4
  OUT 2, v2                           // EXPECT 2 0x00003c00
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 2), 1
  v_add_f16 v2, 1.0, v4
  OUT 3, v2                           // EXPECT 3 0x00003c01
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 2, 2), 0
  // 2^-14 (0x0400, the smallest normal) * 0.5 = the denormal 0x0200, kept
  // by default, flushed with MODE[7:6] = 0
  v_mov_b32 v5, 0x0400
  v_mul_f16 v2, 0.5, v5
  OUT 4, v2                           // EXPECT 4 0x00000200
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 6, 2), 0
  v_mul_f16 v2, 0.5, v5
  OUT 5, v2                           // EXPECT 5 0
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 6, 2), 3
  // floor(-1.5) = -2 (0xc000); cvt_i16(-2.5) = -2 (0xfffe, truncation)
  v_floor_f16 v2, 0xbe00
  OUT 6, v2                           // EXPECT 6 0x0000c000
  v_cvt_i16_f16 v2, 0xc100
  OUT 7, v2                           // EXPECT 7 0x0000fffe
  // max(qNaN 0x7e00, 1) = 1; 1 < 2
  v_mov_b32 v6, 0x7e00
  v_max_f16 v2, 1.0, v6
  OUT 8, v2                           // EXPECT 8 0x00003c00
  v_mov_b32 v7, 0x4000
  v_cmp_lt_f16 vcc, 1.0, v7
  v_cndmask_b32 v2, 0, 1, vcc
  OUT 9, v2                           // EXPECT 9 1
  // VOP3 op_sel: src0 from the high half of v8 = {2.0, 1.0} times the low
  // half of v8 plus 0 = 2.0, written to the high half of v9 (low kept)
  v_mov_b32 v8, 0x40003c00
  v_mov_b32 v9, 0x12345678
  v_fma_f16 v9, v8, v8, 0 op_sel:[1,0,0,1]
  OUT 10, v9                          // EXPECT 10 0x40005678
  // fma single rounding: (1 + 2^-10)^2 - 1 = 2^-9 + 2^-20; rounded once
  // to f16 that is 2^-9 (0x1800); mad rounds the product first
  // (1 + 2^-9 + 2^-20 -> 1 + 2^-9) and gives 2^-9 too
  v_mov_b32 v10, 0x3c01
  v_fma_f16 v2, v10, v10, -1.0
  OUT 11, v2                          // EXPECT 11 0x00001800

  // packed: {2.0, 1.0} + {0.25, 0.5} = {2.25, 1.5}
  v_mov_b32 v11, 0x34003800
  v_pk_add_f16 v2, v8, v11
  OUT 12, v2                          // EXPECT 12 0x40803e00
  // neg_hi on src0: {-2 * 0.25, 1 * 0.5} = {-0.5, 0.5}
  v_pk_mul_f16 v2, v8, v11 neg_hi:[1,0]
  OUT 13, v2                          // EXPECT 13 0xb8003800
  // op_sel_hi 0: both lanes take the low halves: 1 * 0.5 + 0.5 = 1 twice
  v_pk_fma_f16 v2, v8, v11, v11 op_sel_hi:[0,0,0]
  OUT 14, v2                          // EXPECT 14 0x3c003c00
  // op_sel 1 on src0: the low lane takes src0's high half: {2*0.25, 2*0.5}
  v_pk_mul_f16 v2, v8, v11 op_sel:[1,0]
  OUT 15, v2                          // EXPECT 15 0x38003c00
  // integers: ashr {0x0100 >> 4, 0x8000 >> 1} = {0x0010, 0xc000}
  v_mov_b32 v12, 0x00040001
  v_mov_b32 v13, 0x01008000
  v_pk_ashrrev_i16 v2, v12, v13
  OUT 16, v2                          // EXPECT 16 0x0010c000
  // add_u16 {0xffff + 1, 1 + 2}: clamp saturates the high lane, else wraps
  v_mov_b32 v14, 0xffff0001
  v_mov_b32 v15, 0x00010002
  v_pk_add_u16 v2, v14, v15 clamp
  OUT 17, v2                          // EXPECT 17 0xffff0003
  v_pk_add_u16 v2, v14, v15
  OUT 18, v2                          // EXPECT 18 0x00000003
  // max_i16 {max(-1, 1), max(5, -7)} = {1, 5}
  v_mov_b32 v16, 0xffff0005
  v_mov_b32 v17, 0x0001fff9
  v_pk_max_i16 v2, v16, v17
  OUT 19, v2                          // EXPECT 19 0x00010005
  // mad_mix: src0 f16 (op_sel_hi 1), low half 1.0 / high half 2.0;
  // src1 f32 2.0, src2 f32 0.25: 1*2 + 0.25 = 2.25, 2*2 + 0.25 = 4.25
  v_mov_b32 v18, 2.0
  v_mov_b32 v19, 0.25
  v_mad_mix_f32 v2, v8, v18, v19 op_sel_hi:[1,0,0]
  OUT 20, v2                          // EXPECT 20 0x40100000
  v_mad_mix_f32 v2, v8, v18, v19 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  OUT 21, v2                          // EXPECT 21 0x40880000
  // mad_mixlo: the f16 result into the low half, the high half kept
  v_mov_b32 v20, 0x12340000
  v_mad_mixlo_f16 v20, v8, v18, v19 op_sel_hi:[1,0,0]
  OUT 22, v20                         // EXPECT 22 0x12344080
KERNEL_END
