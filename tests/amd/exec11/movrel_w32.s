// gfx11 M0-relative VGPR indexing (RDNA3 ISA, VOP1: v_movrels_b32,
// v_movreld_b32, v_movrelsd_b32, v_movrelsd_2_b32, v_swaprel_b32), under
// EXEC.  v10..v15 = 10*k + lane for v(10+k) (k = 0..5); destinations
// v20..v25 start at 2000 + lane.  Expected values by hand from
// docs/amdgpu-exec.md ("gfx11 lanes"): movrels D = v[S + M0]; movreld
// v[D + M0] = S; movrelsd v[D + M0] = v[S + M0]; movrelsd_2 and swaprel
// use M0[9:0] for the source and M0[25:16] for the destination.
// LAUNCH 32 32
// OUTN 512
.include "common.inc"
.macro RESET
  v_mov_b32 v10, v0
  v_add_nc_u32 v11, 10, v0
  v_add_nc_u32 v12, 20, v0
  v_add_nc_u32 v13, 30, v0
  v_add_nc_u32 v14, 40, v0
  v_add_nc_u32 v15, 50, v0
  v_add_nc_u32 v20, 2000, v0
  v_add_nc_u32 v21, 2000, v0
  v_add_nc_u32 v22, 2000, v0
  v_add_nc_u32 v23, 2000, v0
  v_add_nc_u32 v24, 2000, v0
  v_add_nc_u32 v25, 2000, v0
.endm
KERNEL_BEGIN
  PROLOGUE
  // M0 = 3: v2 = v13 = 30 + lane
  RESET
  s_mov_b32 m0, 3
  v_movrels_b32 v2, v10
  OUTV 0, v0, v2               // EXPECT_LANES 0 32 +30
  // M0 = 3, EXEC = lanes 0-15: v23 = v1 = 7 in lanes 0-15, 2000 + lane above; v20 unchanged
  RESET
  v_mov_b32 v1, 7
  s_mov_b32 exec_lo, 0xffff
  v_movreld_b32 v20, v1
  s_mov_b32 exec_lo, -1
  OUTV 32, v0, v23             // EXPECT_LANES 32 16 7
                               // EXPECT_LANES 48 16 +2016
  OUTV 64, v0, v20             // EXPECT_LANES 64 32 +2000
  // v_movreld_b32 of a constant: M0 = 1, v21 = 5
  s_mov_b32 m0, 1
  v_movreld_b32 v20, 5
  OUTV 96, v0, v21             // EXPECT_LANES 96 32 5
  // M0 = 2: v22 = v12 = 20 + lane
  RESET
  s_mov_b32 m0, 2
  v_movrelsd_b32 v20, v10
  OUTV 128, v0, v22            // EXPECT_LANES 128 32 +20
  // M0 = (4 << 16) | 1: v24 = v11 = 10 + lane
  RESET
  s_mov_b32 m0, 0x40001
  v_movrelsd_2_b32 v20, v10
  OUTV 160, v0, v24            // EXPECT_LANES 160 32 +10
  // M0 = (1 << 16) | 5: swaps v21 and v15: v21 = 50 + lane, v15 = 2000 + lane
  RESET
  s_mov_b32 m0, 0x10005
  v_swaprel_b32 v20, v10
  OUTV 192, v0, v21            // EXPECT_LANES 192 32 +50
  OUTV 224, v0, v15            // EXPECT_LANES 224 32 +2000
KERNEL_END
