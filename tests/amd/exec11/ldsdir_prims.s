// WAVES 32 64
// gfx11 lds_param_load with several primitives in the wave (exec_ldsdir.c;
// RDNA3 ISA guide, "LDS Parameter Loads": M0 = {0, new_prim_mask[15:1],
// lds_param_offset[15:0]}, LDS_ADDR = param_offset + (attr * numPrims * 12
// + prim * 12 + attr_offset) DWORDs, attr_offset = 4 * {P0, P10, P20} +
// chan).  LDS byte 256 + 4*j holds 1000 + j (j = 0..127).
// M0 = 0x00120100: param_offset 256, new_prim_mask bits 2 (M0 bit 17) and 5
// (M0 bit 20): quads 0-1 are primitive 0, quads 2-4 primitive 1, quads 5..
// primitive 2; numPrims = 3 (the same for a wave32: its quads 0-7 hold all
// three starts).  attr2.z: dword 2*3*12 + 12*prim + 4k + 2 = 74 + 12*prim + 4k:
//   prim 0: 1074 1078 1082 0, prim 1: 1086 1090 1094 0, prim 2: 1098 1102 1106 0
// Only lanes with v0 < 32 store (the 32 lanes of a wave32's first wave and
// the same lanes of a wave64 have the same quads).
// LAUNCH 64 64
// OUTN 64
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_lshlrev_b32 v2, 2, v0
  v_add_nc_u32 v1, 1000, v0
  ds_store_b32 v2, v1 offset:256
  v_add_nc_u32 v1, 1064, v0
  ds_store_b32 v2, v1 offset:512
  s_waitcnt lgkmcnt(0)
  s_barrier
  s_mov_b32 m0, 0x00120100
  lds_param_load v3, attr2.z
  s_waitcnt expcnt(0)
  v_cmpx_gt_u32 32, v0
  OUTV 0, v0, v3                      // EXPECT_LANES 0 8 1074 1078 1082 0
                                      // EXPECT_LANES 8 12 1086 1090 1094 0
                                      // EXPECT_LANES 20 12 1098 1102 1106 0
  s_waitcnt vmcnt(0)
KERNEL_END lds=768
