// SDWA (VOP_SDWA, gfx9): source selects with and without sext, scalar
// sources, the same VGPR under two selects, dst_sel with dst_unused PAD /
// SEXT / PRESERVE, clamp, omod, a 16-bit row, VOPC with an SGPR sdst and
// with VCC, and EXEC.  Expected values derived by hand from LLVM's
// AMDGPUModifierSyntax ("SDWA Modifiers") and the row descriptions:
// a source byte/word is moved to bit 0 and zero- (sext: sign-) extended;
// the result's low byte/word goes to dst_sel's bits, the others are 0
// (PAD), copies of the field's top bit above it and 0 below (SEXT), or
// the old destination's (PRESERVE).
// LAUNCH 64 64
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  // v1 = 0x8182f3f4: byte0 0xf4, byte1 0xf3, byte2 0x82, byte3 0x81
  v_mov_b32 v1, 0x8182f3f4
  // src0_sel:BYTE_1 -> 0xf3; with sext -> 0xfffffff3
  v_mov_b32_sdwa v2, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1
  OUT 0, v2                    // EXPECT 0 0xf3
  v_mov_b32_sdwa v2, sext(v1) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1
  OUT 1, v2                    // EXPECT 1 0xfffffff3
  // byte0 (0xf4) into byte 2: PAD -> 0x00f40000; SEXT -> bit 23 is 1: 0xfff40000
  v_mov_b32_sdwa v2, v1 dst_sel:BYTE_2 dst_unused:UNUSED_PAD src0_sel:BYTE_0
  OUT 2, v2                    // EXPECT 2 0x00f40000
  v_mov_b32_sdwa v2, v1 dst_sel:BYTE_2 dst_unused:UNUSED_SEXT src0_sel:BYTE_0
  OUT 3, v2                    // EXPECT 3 0xfff40000
  // SEXT of a positive field: byte2 (0x82) -> word 0: bit 15 is 0: 0x00000082
  v_mov_b32_sdwa v2, v1 dst_sel:WORD_0 dst_unused:UNUSED_SEXT src0_sel:BYTE_2
  OUT 4, v2                    // EXPECT 4 0x00000082
  // word0 (0xf3f4) into word 1 of v2 = 0x11223344, PRESERVE -> 0xf3f43344
  v_mov_b32 v2, 0x11223344
  v_mov_b32_sdwa v2, v1 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_0
  OUT 5, v2                    // EXPECT 5 0xf3f43344
  // VOP2: v_lshrrev_b32 (src1 >> src0): src0 byte0 of 0x104 = 4, src1 word1 of v1 = 0x8182: 0x818
  v_mov_b32 v4, 0x104
  v_lshrrev_b32_sdwa v3, v4, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0 src1_sel:WORD_1
  OUT 6, v3                    // EXPECT 6 0x818
  // the same VGPR under two selects: byte3 + byte2 = 0x81 + 0x82 = 0x103
  v_add_u32_sdwa v3, v1, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_3 src1_sel:BYTE_2
  OUT 7, v3                    // EXPECT 7 0x103
  // a scalar src0: s5 = 0xff00, byte1 -> 0xff; src1 word0 0xf3f4: and = 0xf4
  s_movk_i32 s5, 0xff00
  v_and_b32_sdwa v3, s5, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:WORD_0
  OUT 8, v3                    // EXPECT 8 0xf4
  // v_lshlrev_b32_sdwa into byte 1, PRESERVE: (0x82 << 1) = 0x104, low byte 0x04
  // into bits 15:8 of v3 = 0xf4: 0x000004f4
  v_mov_b32 v9, 1
  v_lshlrev_b32_sdwa v3, v9, v1 dst_sel:BYTE_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:BYTE_2
  OUT 9, v3                    // EXPECT 9 0x000004f4
  // v_cvt_f32_i32 of sext(byte0) = -12: -12.0 = 0xc1400000; without sext 244.0 = 0x43740000
  v_cvt_f32_i32_sdwa v5, sext(v1) dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0
  OUT 10, v5                   // EXPECT 10 0xc1400000
  v_cvt_f32_i32_sdwa v5, v1 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0
  OUT 11, v5                   // EXPECT 11 0x43740000
  // clamp: v_add_u32 0xffffffff + 2 saturates to 0xffffffff
  v_mov_b32 v9, -1
  v_mov_b32 v10, 2
  v_add_u32_sdwa v8, v9, v10 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
  OUT 12, v8                   // EXPECT 12 0xffffffff
  // omod: 1.5 * 2.0 = 3.0, mul:2 -> 6.0 = 0x40c00000
  v_mov_b32 v12, 1.5
  v_mov_b32 v13, 2.0
  v_mul_f32_sdwa v11, v12, v13 mul:2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
  OUT 13, v11                  // EXPECT 13 0x40c00000
  // float source modifiers pass to the row: -1.5 * |-2.0| = -3.0 (0xc0400000).
  // (A sub-dword select of an f32 source is a denormal, whose result
  // depends on MODE's denormal handling: not tested here.)
  v_mov_b32 v12, 1.5
  v_mov_b32 v13, -2.0
  v_mul_f32_sdwa v11, -v12, |v13| dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD
  OUT 14, v11                  // EXPECT 14 0xc0400000
  // 16-bit row: word1 (0x8182) + word0 (0xf3f4) = 0x17576 -> 0x7576 into word 1
  // of v14 = 0x0000abcd, PRESERVE: 0x7576abcd
  v_mov_b32 v14, 0xabcd
  v_add_u16_sdwa v14, v1, v1 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:WORD_1 src1_sel:WORD_0
  OUT 15, v14                  // EXPECT 15 0x7576abcd
  // VOPC, SGPR sdst: byte3 (0x81) == 0x81 in every lane: s[10:11] = all ones
  v_mov_b32 v6, 0x81
  v_cmp_eq_u32_sdwa s[10:11], v1, v6 src0_sel:BYTE_3 src1_sel:DWORD
  OUT 16, s10                  // EXPECT 16 0xffffffff
  OUT 17, s11                  // EXPECT 17 0xffffffff
  // VOPC into VCC with EXEC = lanes 0-3: sext(word0) = -3084 > -4000 in the
  // active lanes; inactive lanes write 0: vcc = 0xf
  v_mov_b32 v7, -4000
  s_mov_b64 s[22:23], exec
  s_mov_b64 exec, 0xf
  v_cmp_gt_i32_sdwa vcc, sext(v1), v7 src0_sel:WORD_0 src1_sel:DWORD
  s_mov_b64 exec, s[22:23]
  OUT 18, vcc_lo               // EXPECT 18 0xf
  OUT 19, vcc_hi               // EXPECT 19 0
  // EXEC and the destination: lanes 0-31 only, v15 = lane before; the
  // active lanes get byte1 of v1 (0xf3) in byte 0 with PAD, the others keep
  // their lane number
  v_mov_b32 v15, v0
  s_mov_b32 exec_hi, 0
  v_mov_b32_sdwa v15, v1 dst_sel:BYTE_0 dst_unused:UNUSED_PAD src0_sel:BYTE_1
  s_mov_b64 exec, s[22:23]
  OUTV 32, v0, v15             // EXPECT_LANES 32 32 0xf3
                               // EXPECT_LANES 64 32 +32
KERNEL_END
