// AMD gfx1100 timing test (occ32): the VGPR budget by wave size
// (docs/timing-model.md "VGPR budget by wave size").  32 one-wave wave32
// work-groups of a CU-mode kernel with 240 VGPRs; run_timing11.sh runs it
// on one CU (gpu.num_sms = 1) and checks the most work-groups resident at
// once (the occupancy samples of the statistics): the CU's 3072 wave32
// registers (gpu.vgprs_per_sm, gpu.vgpr_lanes = 32) hold
//   wave32: ceil(240 x 32 / (24 x 32)) = 10 granules of 24 = 240 registers
//           a wave: floor(3072 / 240) = 12 waves (fewer than the 16
//           work-group slots and 32 warp slots),
//   wave64: ceil(240 x 64 / 768) = 20 granules = 480 registers a wave:
//           floor(3072 / 480) = 6 waves, half as many.
// out[0] = 4 n = 16 (every wave).
// EXPECT 0 16
// LAUNCH 1024 32
// ARGN 4
.set WS, 32
.set OUTV, 200
.set HAS_KEND, 1
.macro KEND
  KERNEL_END 32, 0, 0, 240   // CU mode, 240 VGPRs
.endm
.macro BODY
.rept 4
  v_add_nc_u32 v1, 1, v1
.endr
.endm
.include "loop.inc"
