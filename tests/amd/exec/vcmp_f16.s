// The f16 compares behind f16_ops slot 18 (OpenCL half sin, issue 12):
// clang-19 selects sin's result with `v_cmp_nlg_f16_e32 vcc, s2, v2`
// (s2 = 0x7c00, +inf; word 0x7c540402: VOPC opcode 0x2a, which llvm-mc-19
// assembles and disassembles as nlg) and `v_cndmask_b32 v2, NaN, s, vcc`.
// Vega ISA: nlg(a, b) = !(a < b || a > b), true only for equal or
// unordered operands; class(a, mask) tests a's class against mask bits
// (0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal,
// 8 +normal, 9 +inf); f16 operands are the low 16 bits of a register.
// Expected values by hand in the comments.  One work-item.
// LAUNCH 1 1
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  // the sin pattern with a finite x = 1.0: nlg(inf, 1) = !(inf < 1 || inf > 1)
  // = !(0 || 1) = 0, so v_cndmask picks src0 (the NaN 0x7e00)
  s_movk_i32 s3, 0x7c00
  v_mov_b32 v1, 0x3c00
  v_mov_b32 v3, 0x1234
  v_mov_b32 v4, 0x7e00
  v_cmp_nlg_f16_e32 vcc, s3, v1
  v_cndmask_b32 v2, v4, v3, vcc
  OUT 0, v2                           // EXPECT 0 0x00007e00
  // x = +inf: inf == inf, so nlg = 1 and v_cndmask picks src1
  v_mov_b32 v1, 0x7c00
  v_cmp_nlg_f16_e32 vcc, s3, v1
  v_cndmask_b32 v2, v4, v3, vcc
  OUT 1, v2                           // EXPECT 1 0x00001234
  // x = qNaN: unordered, nlg = 1
  v_mov_b32 v1, 0x7e00
  v_cmp_nlg_f16_e32 vcc, s3, v1
  v_cndmask_b32 v2, 0, 1, vcc
  OUT 2, v2                           // EXPECT 2 1
  // lg(inf, 1) = 1; nlg(1, inf) = !(1 < inf) = 0
  v_mov_b32 v1, 0x3c00
  v_cmp_lg_f16_e32 vcc, s3, v1
  v_cndmask_b32 v2, 0, 1, vcc
  OUT 3, v2                           // EXPECT 3 1
  v_mov_b32 v6, s3
  v_cmp_nlg_f16_e32 vcc, v1, v6
  v_cndmask_b32 v2, 0, 1, vcc
  OUT 4, v2                           // EXPECT 4 0
  // only the low halves count: s5 = 0x12347c00 is +inf, v1 = 0xdead3c00 is 1.0
  s_mov_b32 s5, 0x12347c00
  v_mov_b32 v1, 0xdead3c00
  v_cmp_nlg_f16_e32 vcc, s5, v1
  v_cndmask_b32 v2, 0, 1, vcc
  OUT 5, v2                           // EXPECT 5 0
  // e64 with abs: |-inf (0xfc00)| = inf, nlg(inf, inf) = 1; |-1| = 1, nlg = 0
  v_mov_b32 v1, 0xfc00
  v_cmp_nlg_f16_e64 s[6:7], s3, |v1|
  v_cndmask_b32 v2, 0, 1, s[6:7]
  OUT 6, v2                           // EXPECT 6 1
  v_mov_b32 v1, 0xbc00
  v_cmp_nlg_f16_e64 s[6:7], s3, |v1|
  v_cndmask_b32 v2, 0, 1, s[6:7]
  OUT 7, v2                           // EXPECT 7 0
  // class with mask 0x1f8 (bits 3-8, the finite classes, as ocml's sin
  // f16 has it): 1.0 is +normal (bit 8): 1; +inf (bit 9): 0
  v_mov_b32 v5, 0x1f8
  v_mov_b32 v1, 0x3c00
  v_cmp_class_f16_e32 vcc, v1, v5
  v_cndmask_b32 v2, 0, 1, vcc
  OUT 8, v2                           // EXPECT 8 1
  v_mov_b32 v1, 0x7c00
  v_cmp_class_f16_e32 vcc, v1, v5
  v_cndmask_b32 v2, 0, 1, vcc
  OUT 9, v2                           // EXPECT 9 0
KERNEL_END
