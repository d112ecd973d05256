// DPP (VOP_DPP, gfx9): every DPP_CTRL on a known lane pattern, row and bank
// masks, bound_ctrl, inactive source lanes, src0 neg/abs on a float row (VOPC has no DPP
// form on gfx9: LLVM rejects it),
// and the scan clang emits for a subgroup reduction.  One wave of 64 lanes.
// Expected values derived by hand from the rules in docs/amdgpu-exec.md
// ("SDWA and DPP"; LLVM AMDGPUModifierSyntax "DPP Modifiers"): lane l reads
// src0 of lane src(l); rows are 16 lanes, banks the 4-lane groups of a
// row; a lane whose row or bank is masked off is not written; a lane whose
// source lane is out of range or not in EXEC is not written, or reads 0
// with bound_ctrl (printed bound_ctrl:1 by LLVM 19, encoded bit 19).
//
// Pattern: src v1 = lane, old destination v2 = 1000 + lane, so in
// EXPECT_LANES "+d" is "lane + d" (each block starts at lane 0 unless said)
// and "+1000" is "not written".
// LAUNCH 64 64
// OUTN 1536
.include "common.inc"
.macro RESET
  v_mov_b32 v1, v0
  v_add_u32 v2, 1000, v0
.endm
KERNEL_BEGIN
  PROLOGUE
  // quad_perm:[1,0,3,2]: lane 4q+j reads 4q+(1,0,3,2)[j]: +1 -1 +1 -1
  RESET
  v_mov_b32_dpp v2, v1 quad_perm:[1,0,3,2]
  OUTV 0, v0, v2               // EXPECT_LANES 0 64 +1 -1
  // quad_perm:[3,3,0,1]: 4q+0 <- 4q+3 (+3), 4q+1 <- 4q+3 (+2), 4q+2 <- 4q (-2), 4q+3 <- 4q+1 (-2)
  RESET
  v_mov_b32_dpp v2, v1 quad_perm:[3,3,0,1]
  OUTV 64, v0, v2              // EXPECT_LANES 64 64 +3 +2 -2 -2
  // row_shl:1: lane i of a row reads i+1; lane 15 of each row is out of range: not written
  RESET
  v_mov_b32_dpp v2, v1 row_shl:1
  OUTV 128, v0, v2             // EXPECT_LANES 128 64 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1000
  // row_shr:3 with bound_ctrl: lanes 0-2 of each row read 0, the others i-3
  RESET
  v_mov_b32_dpp v2, v1 row_shr:3 bound_ctrl:0
  OUTV 192, v0, v2             // EXPECT_LANES 192 64 0 0 0 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3
  // row_ror:4: lane i reads (i-4) mod 16 of its row: i<4 -> +12, else -4
  RESET
  v_mov_b32_dpp v2, v1 row_ror:4
  OUTV 256, v0, v2             // EXPECT_LANES 256 64 +12 +12 +12 +12 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4
  // wave_shl:1: lane l reads l+1; lane 63 out of range: not written (1063)
  RESET
  v_mov_b32_dpp v2, v1 wave_shl:1
  OUTV 320, v0, v2             // EXPECT_LANES 320 63 +1
                               // EXPECT 383 1063
  // wave_rol:1: lane l reads (l+1) mod 64: lane 63 reads lane 0
  RESET
  v_mov_b32_dpp v2, v1 wave_rol:1
  OUTV 384, v0, v2             // EXPECT_LANES 384 63 +1
                               // EXPECT 447 0
  // wave_shr:1: lane l reads l-1; lane 0 not written (1000).  From out[449]
  // on, i = l-1, so the value l-1 is "+0"
  RESET
  v_mov_b32_dpp v2, v1 wave_shr:1
  OUTV 448, v0, v2             // EXPECT 448 1000
                               // EXPECT_LANES 449 63 +0
  // wave_ror:1: lane 0 reads lane 63, lane l reads l-1
  RESET
  v_mov_b32_dpp v2, v1 wave_ror:1
  OUTV 512, v0, v2             // EXPECT 512 63
                               // EXPECT_LANES 513 63 +0
  // row_mirror: lane i reads 15-i of its row: +15-2i
  RESET
  v_mov_b32_dpp v2, v1 row_mirror
  OUTV 576, v0, v2             // EXPECT_LANES 576 64 +15 +13 +11 +9 +7 +5 +3 +1 -1 -3 -5 -7 -9 -11 -13 -15
  // row_half_mirror: lane i reads 7-i of its 8 lanes: +7-2i
  RESET
  v_mov_b32_dpp v2, v1 row_half_mirror
  OUTV 640, v0, v2             // EXPECT_LANES 640 64 +7 +5 +3 +1 -1 -3 -5 -7
  // row_bcast:15 row_mask:0xa: rows 1 and 3 written with lane 15 / 47, rows 0 and 2 not
  RESET
  v_mov_b32_dpp v2, v1 row_bcast:15 row_mask:0xa
  OUTV 704, v0, v2             // EXPECT_LANES 704 16 +1000
                               // EXPECT_LANES 720 16 15
                               // EXPECT_LANES 736 16 +1032
                               // EXPECT_LANES 752 16 47
  // row_bcast:31 row_mask:0xc: rows 2 and 3 read lane 31, rows 0 and 1 not written
  RESET
  v_mov_b32_dpp v2, v1 row_bcast:31 row_mask:0xc
  OUTV 768, v0, v2             // EXPECT_LANES 768 32 +1000
                               // EXPECT_LANES 800 32 31
  // bank_mask:0x5 (quad_perm identity): banks 0 and 2 (lanes 0-3, 8-11 of a row) written
  RESET
  v_mov_b32_dpp v2, v1 quad_perm:[0,1,2,3] bank_mask:0x5
  OUTV 832, v0, v2             // EXPECT_LANES 832 64 +0 +0 +0 +0 +1000 +1000 +1000 +1000 +0 +0 +0 +0 +1000 +1000 +1000 +1000
  // row_shr:1 row_mask:0x5, no bound_ctrl: rows 0 and 2 written except their
  // first lane (out of range); rows 1 and 3 not written.  Row 2 from out[928]:
  // i = l-32, lane l reads l-1 = i+31
  RESET
  v_mov_b32_dpp v2, v1 row_shr:1 row_mask:0x5
  OUTV 896, v0, v2             // EXPECT_LANES 896 16 +1000 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
                               // EXPECT_LANES 912 16 +1016
                               // EXPECT_LANES 928 16 +1032 +31 +31 +31 +31 +31 +31 +31 +31 +31 +31 +31 +31 +31 +31 +31
                               // EXPECT_LANES 944 16 +1048
  // inactive source lanes: EXEC = even lanes; quad_perm:[1,0,3,2] makes even
  // lanes read odd (inactive) ones: invalid, not written; odd lanes are
  // inactive: not written.  Everything keeps 1000 + lane.
  RESET
  s_mov_b32 s20, 0x55555555
  s_mov_b32 s21, 0x55555555
  s_mov_b64 s[22:23], exec
  s_mov_b64 exec, s[20:21]
  v_mov_b32_dpp v2, v1 quad_perm:[1,0,3,2]
  s_mov_b64 exec, s[22:23]
  OUTV 960, v0, v2             // EXPECT_LANES 960 64 +1000
  // out[1024..]: the store offsets are 12-bit: move the base by 4 KiB
  s_add_u32 s100, s100, 0x1000
  s_addc_u32 s101, s101, 0
  // the same with bound_ctrl: even lanes read 0, odd lanes untouched
  RESET
  s_mov_b64 exec, s[20:21]
  v_mov_b32_dpp v2, v1 quad_perm:[1,0,3,2] bound_ctrl:0
  s_mov_b64 exec, s[22:23]
  OUTV 0, v0, v2            // EXPECT_LANES 1024 64 0 +1000
  // a VOP2 row: v_add_u32_dpp v3, v1, v4 row_shr:1 bound_ctrl (v4 = 500):
  // src0 permuted, src1 not: first lane of a row 0 + 500, others (l-1) + 500
  RESET
  v_mov_b32 v4, 500
  v_add_u32_dpp v3, v1, v4 row_shr:1 bound_ctrl:0
  OUTV 64, v0, v3            // EXPECT_LANES 1088 64 500 +499 +499 +499 +499 +499 +499 +499 +499 +499 +499 +499 +499 +499 +499 +499
  // destination = source (v1 = v1 + v1 shifted): lane l = l + (l-1), first lane of a row l + 0;
  // stored as v1 - v0 to keep it "lane + d": -1 (i.e. l-1) or 0
  RESET
  v_add_u32_dpp v1, v1, v1 row_shr:1 bound_ctrl:0
  v_sub_u32 v1, v1, v0
  OUTV 128, v0, v1            // EXPECT_LANES 1152 64 0 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1 -1
  // float row, src0 modifiers: v6 = -2.0 (0xc0000000), v7 = 1.5 (0x3fc00000):
  // |v6| * v7 = 3.0 (0x40400000); -v6 * v7 = 3.0 as well; -|v6| * v7 = -3.0
  v_mov_b32 v6, -2.0
  v_mov_b32 v7, 1.5
  v_mul_f32_dpp v5, |v6|, v7 quad_perm:[1,0,3,2]
  OUTV 192, v0, v5            // EXPECT_LANES 1216 64 0x40400000
  v_mul_f32_dpp v5, -v6, v7 row_ror:1
  OUTV 256, v0, v5            // EXPECT_LANES 1280 64 0x40400000
  v_mul_f32_dpp v5, -|v6|, v7 row_mirror
  OUTV 320, v0, v5            // EXPECT_LANES 1344 64 0xc0400000
  // the inclusive scan of the atomic optimizer / subgroup reductions (LLVM
  // D64411): row_shr 1,2,4,8 within rows, then row_bcast:15 / row_bcast:31.
  // On x = 1 in every lane, lane l ends with l + 1.
  v_mov_b32 v1, 1
  v_add_u32_dpp v1, v1, v1 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:0
  v_add_u32_dpp v1, v1, v1 row_shr:2 row_mask:0xf bank_mask:0xf bound_ctrl:0
  v_add_u32_dpp v1, v1, v1 row_shr:4 row_mask:0xf bank_mask:0xe
  v_add_u32_dpp v1, v1, v1 row_shr:8 row_mask:0xf bank_mask:0xc
  v_add_u32_dpp v1, v1, v1 row_bcast:15 row_mask:0xa bank_mask:0xf
  v_add_u32_dpp v1, v1, v1 row_bcast:31 row_mask:0xc bank_mask:0xf
  OUTV 384, v0, v1            // EXPECT_LANES 1408 64 +1
  // on x = lane: lane 63 holds 0 + 1 + ... + 63 = 63 * 64 / 2 = 2016; lane
  // 15 holds 0 + ... + 15 = 120
  v_mov_b32 v1, v0
  v_add_u32_dpp v1, v1, v1 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:0
  v_add_u32_dpp v1, v1, v1 row_shr:2 row_mask:0xf bank_mask:0xf bound_ctrl:0
  v_add_u32_dpp v1, v1, v1 row_shr:4 row_mask:0xf bank_mask:0xe
  v_add_u32_dpp v1, v1, v1 row_shr:8 row_mask:0xf bank_mask:0xc
  v_add_u32_dpp v1, v1, v1 row_bcast:15 row_mask:0xa bank_mask:0xf
  v_add_u32_dpp v1, v1, v1 row_bcast:31 row_mask:0xc bank_mask:0xf
  v_readlane_b32 s30, v1, 63
  v_readlane_b32 s31, v1, 15
  OUT 448, s30                // EXPECT 1472 2016
  OUT 449, s31                // EXPECT 1473 120
  // the exclusive form: wave_shr:1 into an old value of 0 (v3 = 0 first)
  v_mov_b32 v3, 0
  v_mov_b32_dpp v3, v1 wave_shr:1 row_mask:0xf bank_mask:0xf
  v_readlane_b32 s32, v3, 16
  OUT 450, s32                // EXPECT 1474 120
KERNEL_END
