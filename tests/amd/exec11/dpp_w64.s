// gfx11 DPP16 and DPP8 in wave64 (the rules of dpp_w32.s over four rows
// of 16 lanes): row_share, row_xmask, row_shl, row masks over four rows,
// inactive source lanes in the high half, DPP8 and a VOPC DPP compare
// writing a 64-bit VCC.  One wave of 64.
// Pattern: src v1 = lane, old destination v2 = 1000 + lane ("+1000": not written).
// LAUNCH 64 64
// OUTN 1024
.include "common.inc"
.macro RESET
  v_mov_b32 v1, v0
  v_add_nc_u32 v2, 1000, v0
.endm
KERNEL_BEGIN
  PROLOGUE
  // row_share:15: row r reads lane 16r+15: 15, 31, 47, 63
  RESET
  v_mov_b32_dpp v2, v1 row_share:15
  OUTV 0, v0, v2               // EXPECT_LANES 0 16 15
                               // EXPECT_LANES 16 16 31
                               // EXPECT_LANES 32 16 47
                               // EXPECT_LANES 48 16 63
  // row_xmask:1: lane i reads i^1: +1 -1
  RESET
  v_mov_b32_dpp v2, v1 row_xmask:1
  OUTV 64, v0, v2              // EXPECT_LANES 64 64 +1 -1
  // row_shl:15: lane 0 of each row reads lane 15 of the row; the others are out of range
  RESET
  v_mov_b32_dpp v2, v1 row_shl:15
  OUTV 128, v0, v2             // EXPECT_LANES 128 64 +15 +1000 +1000 +1000 +1000 +1000 +1000 +1000 +1000 +1000 +1000 +1000 +1000 +1000 +1000 +1000
  // row_mask:0xa (rows 1 and 3) with row_mirror: rows 0, 2 not written,
  // rows 1, 3: lane i reads 15-i of its row: +15-2i
  RESET
  v_mov_b32_dpp v2, v1 row_mirror row_mask:0xa
  OUTV 192, v0, v2             // EXPECT_LANES 192 16 +1000
                               // EXPECT_LANES 208 16 +31 +29 +27 +25 +23 +21 +19 +17 +15 +13 +11 +9 +7 +5 +3 +1
                               // EXPECT_LANES 224 16 +1032
                               // EXPECT_LANES 240 16 +63 +61 +59 +57 +55 +53 +51 +49 +47 +45 +43 +41 +39 +37 +35 +33
  // EXEC = lanes 0-47 (exec_hi = 0xffff): row_share:0 bound_ctrl:1 in row 3 is
  // inactive; rows 0-2 read 0, 16, 32.  quad_perm reading lanes 48+ does not occur.
  // Then row_xmask:8 over EXEC = all but lane 40 (exec_hi = 0xfffffeff):
  // lane 32+i reads 32+(i^8); lane 32 reads lane 40, not in EXEC: not written
  RESET
  s_mov_b32 exec_hi, 0xffff
  v_mov_b32_dpp v2, v1 row_share:0 bound_ctrl:1
  s_mov_b32 exec_hi, -1
  OUTV 256, v0, v2             // EXPECT_LANES 256 16 0
                               // EXPECT_LANES 272 16 16
                               // EXPECT_LANES 288 16 32
                               // EXPECT_LANES 304 16 +1048
  RESET
  s_mov_b32 exec_hi, 0xfffffeff
  v_mov_b32_dpp v2, v1 row_xmask:8
  s_mov_b32 exec_hi, -1
  OUTV 320, v0, v2             // EXPECT_LANES 320 32 +8 +8 +8 +8 +8 +8 +8 +8 -8 -8 -8 -8 -8 -8 -8 -8
                               // EXPECT 352 1032
                               // EXPECT_LANES 353 7 +41
                               // EXPECT 360 1040
                               // EXPECT_LANES 361 7 +33
                               // EXPECT_LANES 368 16 +56 +56 +56 +56 +56 +56 +56 +56 +40 +40 +40 +40 +40 +40 +40 +40
  // DPP8 [0,0,0,0,0,0,0,0]: lane l reads 8*(l/8)
  RESET
  v_mov_b32_dpp v2, v1 dpp8:[0,0,0,0,0,0,0,0]
  OUTV 384, v0, v2             // EXPECT_LANES 384 64 +0 -1 -2 -3 -4 -5 -6 -7
  // VOPC DPP: v_cmp_eq_u32 vcc, v1 row_share:3, v6 (= lane): true in lane 16r+3
  // of each row: vcc = 0x0008000800080008
  v_mov_b32 v6, v0
  v_cmp_eq_u32 vcc, v1, v6 row_share:3
  OUT 448, vcc_lo              // EXPECT 448 0x00080008
  OUT 449, vcc_hi              // EXPECT 449 0x00080008
KERNEL_END
