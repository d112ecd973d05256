// WAVES 32 64
// gfx11 LDSDIR: lds_direct_load and lds_param_load (exec_ldsdir.c; RDNA3
// ISA guide, "LDS Parameter Loads" / "LDS Direct Load").  One group of 64
// work-items (wave64: one wave; wave32: two, so the LDS is filled by both
// and a barrier orders the fill before the loads).
// LDS, filled by lane l = v0 (the work-item id, 0..63):
//   region A, byte 4*l:          (l << 24) + 0x0080c0e0 + l
//   region B, byte 256 + 4*j:    1000 + j for j = 0..127 (two stores per lane)
// M0 for lds_direct_load: {DataType[18:16], address[15:0]}; region A's dword 1
// at byte 4 is 0x0180c0e1 = 25215201: bytes e1 c0 80 01.
// LAUNCH 64 64
// OUTN 512
.include "common.inc"
.macro ALL_LANES
.ifdef W64
  s_mov_b64 exec, -1
.else
  s_mov_b32 exec_lo, -1
.endif
.endm
KERNEL_BEGIN
  PROLOGUE
  v_lshlrev_b32 v1, 24, v0
  v_add_nc_u32 v1, 0x0080c0e0, v1
  v_add_nc_u32 v1, v1, v0
  v_lshlrev_b32 v2, 2, v0
  ds_store_b32 v2, v1
  v_add_nc_u32 v1, 1000, v0
  ds_store_b32 v2, v1 offset:256
  v_add_nc_u32 v1, 1064, v0
  ds_store_b32 v2, v1 offset:512
  s_waitcnt lgkmcnt(0)
  s_barrier
// 1. lds_direct_load, each data type, address 4: the value in every lane
  s_mov_b32 m0, 0x00020004            // dword: 0x0180c0e1
  lds_direct_load v10
  s_mov_b32 m0, 0x00000004            // ubyte: 0xe1 = 225
  lds_direct_load v11
  s_mov_b32 m0, 0x00040004            // sbyte: 0xe1 -> -31 = 0xffffffe1
  lds_direct_load v12
  s_mov_b32 m0, 0x00010004            // ushort: 0xc0e1 = 49377
  lds_direct_load v13
  s_mov_b32 m0, 0x00050004            // sshort: 0xc0e1 -> 0xffffc0e1
  lds_direct_load v14 wait_vdst:3     // (wait_vdst: no effect on the value)
  s_waitcnt expcnt(0)
  OUTV 0, v0, v10                     // EXPECT_LANES 0 64 25215201
  OUTV 64, v0, v11                    // EXPECT_LANES 64 64 225
  OUTV 128, v0, v12                   // EXPECT_LANES 128 64 0xffffffe1
  OUTV 192, v0, v13                   // EXPECT_LANES 192 64 49377
  OUTV 256, v0, v14                   // EXPECT_LANES 256 64 0xffffc0e1
// 2. lds_param_load with one primitive (new_prim_mask 0), lds_param_offset
//    256: lane k of each quad reads dword attr*12 + 4k + chan of region B
//    (P0, P10, P20), lane 3 reads 0.  attr1.y: 1000 + 12 + 4k + 1
  s_mov_b32 m0, 0x00000100
  lds_param_load v15, attr1.y
  s_waitcnt expcnt(0)
  OUTV 320, v0, v15                   // EXPECT_LANES 320 64 1013 1017 1021 0
// 3. EXEC per quad: only the lane with v0 = 6 in EXEC writes its whole quad
//    (lanes 4-7); the others keep 5000 + lane.  Address 4 dword as in 1.
  v_add_nc_u32 v16, 5000, v0
  s_mov_b32 m0, 0x00020004
  v_cmpx_eq_u32 6, v0
  lds_direct_load v16
  s_waitcnt expcnt(0)
  ALL_LANES
  OUTV 384, v0, v16                   // EXPECT_LANES 384 4 +5000
                                      // EXPECT_LANES 388 4 25215201
                                      // EXPECT_LANES 392 56 +5008
// 4. EXEC == 0: no write (skipped)
  v_add_nc_u32 v17, 7000, v0
  s_mov_b32 m0, 0x00000100
  v_cmpx_eq_u32 99, v0
  lds_param_load v17, attr0.x
  s_waitcnt expcnt(0)
  ALL_LANES
  OUTV 448, v0, v17                   // EXPECT_LANES 448 64 +7000
  s_waitcnt vmcnt(0)
KERNEL_END lds=768
