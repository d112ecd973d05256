// gfx11 DPP16 and DPP8 (e32 and VOP3 forms), wave32: every DPP16 control,
// row and bank masks, bound_ctrl, fi (fetch inactive), DPP8 with and
// without fi, VOP3-DPP16/DPP8 and a VOPC DPP compare.  One wave of 32.
// Expected values derived by hand from the rules in docs/amdgpu-exec.md
// ("gfx11 lanes"; LLVM AMDGPUModifierSyntax "dpp16_ctrl", "bound_ctrl",
// "fi"): lane l reads src0 of lane src(l); rows are 16 lanes, banks the
// 4-lane groups of a row; a lane whose row or bank is masked off is not
// written; DPP16: a source out of the row, or not in EXEC without fi, is
// invalid: the lane is not written, or reads 0 with bound_ctrl; DPP8:
// lane l reads lane 8*(l/8) + sel[l%8], 0 from a lane not in EXEC
// without fi.
//
// Pattern: src v1 = lane, old destination v2 = 1000 + lane, so in
// EXPECT_LANES "+d" is "i + d" with i the index in the block (the lane
// when the block starts at lane 0) and "+1000" is "not written".
// LAUNCH 32 32
// OUTN 1024
.include "common.inc"
.macro RESET
  v_mov_b32 v1, v0
  v_add_nc_u32 v2, 1000, v0
.endm
KERNEL_BEGIN
  PROLOGUE
  // quad_perm:[1,0,3,2]: lane 4q+j reads 4q+(1,0,3,2)[j]: +1 -1 +1 -1
  RESET
  v_mov_b32_dpp v2, v1 quad_perm:[1,0,3,2]
  OUTV 0, v0, v2               // EXPECT_LANES 0 32 +1 -1
  // row_shl:1: lane i of a row reads i+1; lane 15 of each row out of range: not written
  RESET
  v_mov_b32_dpp v2, v1 row_shl:1
  OUTV 32, v0, v2              // EXPECT_LANES 32 32 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1 +1000
  // row_shr:3 bound_ctrl:1: lanes 0-2 of each row read 0, the others i-3
  RESET
  v_mov_b32_dpp v2, v1 row_shr:3 bound_ctrl:1
  OUTV 64, v0, v2              // EXPECT_LANES 64 32 0 0 0 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3
  // row_ror:4: lane i reads (i-4) mod 16 of its row: i<4 -> +12, else -4
  RESET
  v_mov_b32_dpp v2, v1 row_ror:4
  OUTV 96, v0, v2              // EXPECT_LANES 96 32 +12 +12 +12 +12 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4 -4
  // row_mirror: lane i reads 15-i of its row: +15-2i
  RESET
  v_mov_b32_dpp v2, v1 row_mirror
  OUTV 128, v0, v2             // EXPECT_LANES 128 32 +15 +13 +11 +9 +7 +5 +3 +1 -1 -3 -5 -7 -9 -11 -13 -15
  // row_half_mirror: lane i reads 7-i of its 8 lanes: +7-2i
  RESET
  v_mov_b32_dpp v2, v1 row_half_mirror
  OUTV 160, v0, v2             // EXPECT_LANES 160 32 +7 +5 +3 +1 -1 -3 -5 -7
  // row_share:5: every lane reads lane 5 of its row: 5 (row 0), 21 (row 1)
  RESET
  v_mov_b32_dpp v2, v1 row_share:5
  OUTV 192, v0, v2             // EXPECT_LANES 192 16 5
                               // EXPECT_LANES 208 16 21
  // row_xmask:3: lane i reads i^3: 4q+0 <- 4q+3, 4q+1 <- 4q+2, ...: +3 +1 -1 -3
  RESET
  v_mov_b32_dpp v2, v1 row_xmask:3
  OUTV 224, v0, v2             // EXPECT_LANES 224 32 +3 +1 -1 -3
  // row_xmask:15 = row_mirror
  RESET
  v_mov_b32_dpp v2, v1 row_xmask:15
  OUTV 256, v0, v2             // EXPECT_LANES 256 32 +15 +13 +11 +9 +7 +5 +3 +1 -1 -3 -5 -7 -9 -11 -13 -15
  // row_mask:0x2 bank_mask:0x5 (identity quad_perm): row 0 not written;
  // row 1: banks 0 and 2 (lanes 16-19, 24-27) written with the lane, banks
  // 1 and 3 not.  In the second block i = l - 16: lane = i+16, old = i+1016
  RESET
  v_mov_b32_dpp v2, v1 quad_perm:[0,1,2,3] row_mask:0x2 bank_mask:0x5
  OUTV 288, v0, v2             // EXPECT_LANES 288 16 +1000
                               // EXPECT_LANES 304 16 +16 +16 +16 +16 +1016 +1016 +1016 +1016
  // Inactive source lanes: EXEC = lanes 4-31; row_shr:1.
  // fi:0, bound_ctrl:0: lanes 0-3 inactive (old); lane 4 reads lane 3, not
  // in EXEC: invalid, not written; lanes 5-15 read l-1; lane 16 out of the
  // row: not written; lanes 17-31 read l-1
  RESET
  s_mov_b32 exec_lo, 0xfffffff0
  v_mov_b32_dpp v2, v1 row_shr:1
  s_mov_b32 exec_lo, -1
  OUTV 320, v0, v2             // EXPECT_LANES 320 5 +1000
                               // EXPECT_LANES 325 11 +4
                               // EXPECT 336 1016
                               // EXPECT_LANES 337 15 +16
  // fi:1: lane 4 reads lane 3's value 3 although lane 3 is not in EXEC;
  // lane 16 is still out of the row
  RESET
  s_mov_b32 exec_lo, 0xfffffff0
  v_mov_b32_dpp v2, v1 row_shr:1 fi:1
  s_mov_b32 exec_lo, -1
  OUTV 352, v0, v2             // EXPECT_LANES 352 4 +1000
                               // EXPECT_LANES 356 12 +3
                               // EXPECT 368 1016
                               // EXPECT_LANES 369 15 +16
  // bound_ctrl:1, fi:0: lane 4 (inactive source) and lane 16 (out of the row) read 0
  RESET
  s_mov_b32 exec_lo, 0xfffffff0
  v_mov_b32_dpp v2, v1 row_shr:1 bound_ctrl:1
  s_mov_b32 exec_lo, -1
  OUTV 384, v0, v2             // EXPECT_LANES 384 4 +1000
                               // EXPECT 388 0
                               // EXPECT_LANES 389 11 +4
                               // EXPECT 400 0
                               // EXPECT_LANES 401 15 +16
  // DPP8 [7,6,5,4,3,2,1,0]: lane 8g+j reads 8g+7-j: +7-2j
  RESET
  v_mov_b32_dpp v2, v1 dpp8:[7,6,5,4,3,2,1,0]
  OUTV 416, v0, v2             // EXPECT_LANES 416 32 +7 +5 +3 +1 -1 -3 -5 -7
  // DPP8 [3,3,3,3,3,3,3,3] with EXEC = lanes 4-31: every lane reads lane 8g+3.
  // Group 0: lanes 0-3 inactive (old), lanes 4-7 read lane 3, not in EXEC: 0;
  // groups 1-3: 11, 19, 27
  RESET
  s_mov_b32 exec_lo, 0xfffffff0
  v_mov_b32_dpp v2, v1 dpp8:[3,3,3,3,3,3,3,3]
  s_mov_b32 exec_lo, -1
  OUTV 448, v0, v2             // EXPECT_LANES 448 4 +1000
                               // EXPECT_LANES 452 4 0
                               // EXPECT_LANES 456 8 11
                               // EXPECT_LANES 464 8 19
                               // EXPECT_LANES 472 8 27
  // the same with fi:1 (src0 field 0xEA): lanes 4-7 read lane 3's value 3
  RESET
  s_mov_b32 exec_lo, 0xfffffff0
  v_mov_b32_dpp v2, v1 dpp8:[3,3,3,3,3,3,3,3] fi:1
  s_mov_b32 exec_lo, -1
  OUTV 480, v0, v2             // EXPECT_LANES 480 4 +1000
                               // EXPECT_LANES 484 4 3
                               // EXPECT_LANES 488 8 11
                               // EXPECT_LANES 496 8 19
                               // EXPECT_LANES 504 8 27
  // VOP2 DPP, the scan step: v_add_nc_u32 v2, v1 (row_shr:1, bound_ctrl:1), v3 = 100:
  // lane 0 of a row: 0 + 100; lane i: (l-1) + 100 = +99
  RESET
  v_mov_b32 v3, 100
  v_add_nc_u32_dpp v2, v1, v3 row_shr:1 bound_ctrl:1
  OUTV 512, v0, v2             // EXPECT_LANES 512 32 100 +99 +99 +99 +99 +99 +99 +99 +99 +99 +99 +99 +99 +99 +99 +99
  // VOP3-DPP16: v_add3_u32 v2, v1 (row_shr:1), v3, v3 (= 100 + 100): lane 0
  // of a row not written (old +1000), lane i: l-1 + 200 = +199
  RESET
  v_add3_u32_e64_dpp v2, v1, v3, v3 row_shr:1
  OUTV 544, v0, v2             // EXPECT_LANES 544 32 +1000 +199 +199 +199 +199 +199 +199 +199 +199 +199 +199 +199 +199 +199 +199 +199
  // VOP3-DPP16 of a VOP2 row: v_add_nc_u32_e64 v2, v1 quad_perm:[1,0,3,2], v3: +1+100, -1+100
  RESET
  v_add_nc_u32_e64_dpp v2, v1, v3 quad_perm:[1,0,3,2]
  OUTV 576, v0, v2             // EXPECT_LANES 576 32 +101 +99
  // VOP3-DPP8: v_add3_u32 v2, v1 dpp8:[1,0,3,2,5,4,7,6], v3, v3: +1+200, -1+200
  RESET
  v_add3_u32_e64_dpp v2, v1, v3, v3 dpp8:[1,0,3,2,5,4,7,6]
  OUTV 608, v0, v2             // EXPECT_LANES 608 32 +201 +199
  // VOP3-DPP16 with a float row and its modifiers: v_sub_f32_e64 v2, |v4|
  // (row_share:0), v5 mul:2, v4 = -lane as float, v5 = 1.0: lane l reads
  // lane 16r of v4: |-16r| = 16r; (16r - 1.0) * 2: row 0 -2.0 (0xc0000000),
  // row 1 30.0 (0x41f00000)
  v_cvt_f32_i32 v4, v0
  v_xor_b32 v4, 0x80000000, v4
  v_mov_b32 v5, 1.0
  v_sub_f32_e64_dpp v2, |v4|, v5 mul:2 row_share:0
  OUTV 640, v0, v2             // EXPECT_LANES 640 16 0xc0000000
                               // EXPECT_LANES 656 16 0x41f00000
  // VOPC DPP: v_cmp_lt_u32 vcc_lo, v1 quad_perm:[0,0,0,0], v6 with v6 = lane:
  // lane l compares 4q < l: true except lanes 4q: 0xeeeeeeee
  RESET
  v_mov_b32 v6, v0
  v_cmp_lt_u32 vcc_lo, v1, v6 quad_perm:[0,0,0,0]
  OUT 672, vcc_lo              // EXPECT 672 0xeeeeeeee
  // a DPP source of the destination itself: v_mov_b32_dpp v2, v2 row_ror:1
  // reads the old values: lane i <- old (i-1) mod 16 of the row = 1000 + that
  RESET
  v_mov_b32_dpp v2, v2 row_ror:1
  OUTV 704, v0, v2             // EXPECT_LANES 704 32 +1015 +999 +999 +999 +999 +999 +999 +999 +999 +999 +999 +999 +999 +999 +999 +999
KERNEL_END
