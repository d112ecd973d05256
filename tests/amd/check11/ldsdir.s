// WAVES 32 64
// The gfx1100 hazards of LDS-direct and parameter loads (docs/checker.md
// "RDNA3", check.c check_ldsdir11; RDNA3 ISA guide "Parameter Load Data
// Hazard Avoidance", LLVM 19 fixLdsDirectVALUHazard / fixLdsDirectVMEMHazard)
// and their EXPcnt wait (seed 002: EXPcnt counts LDS parameter and direct
// loads).  Each buggy sequence is followed by its corrected twin, which
// reports nothing.
//  * a VALU reads or writes the VGPR an LDSDIR writes: the LDSDIR's
//    wait_vdst must be at most the number of VALUs after that VALU (0 if a
//    transcendental is among them);
//  * a vector memory or DS instruction reads it (a store's data) with no
//    VALU, export, s_waitcnt 0 or s_waitcnt_depctr vm_vsrc(0) between.
// FINDING CHECK SECOND FIRST: the labels of the LDSDIR (or the reader) and
// of the other instruction.
// LDS: byte 4*j holds 1000 + j (j = 0..127).  M0 = 0x00020000: a direct
// load of the dword at 0 (1000); M0 = 0: a parameter load with one
// primitive at offset 0 (lane k < 3 of a quad: dword 4k + chan, lane 3: 0).
// LAUNCH 64 64
// OUTN 136
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_lshlrev_b32 v2, 2, v0
  v_add_nc_u32 v1, 1000, v0
  ds_store_b32 v2, v1
  v_add_nc_u32 v1, 1064, v0
  ds_store_b32 v2, v1 offset:256
  s_waitcnt lgkmcnt(0)
  s_barrier
// 1. a VALU reads v4 one VALU before the load: wait_vdst 2 is too many
  v_mov_b32 v4, 7
  s_mov_b32 m0, 0x00020000
d1a: v_add_nc_u32 v5, v4, 1
  v_mov_b32 v6, 1
d1b: lds_direct_load v4 wait_vdst:2                      // FINDING hazards d1b d1a
  s_waitcnt expcnt(0)
//    corrected: wait_vdst 1
  v_add_nc_u32 v5, v4, 1                                 // 1000 + 1
  v_mov_b32 v6, 1
  lds_direct_load v4 wait_vdst:1
  s_waitcnt expcnt(0)
// 2. a transcendental wrote v7 three VALUs before: only wait_vdst 0 will do
  s_mov_b32 m0, 0
  v_mov_b32 v1, 0x3e800000
d2a: v_rcp_f32 v7, v1
  v_mov_b32 v10, 1
  v_mov_b32 v11, 2
  v_mov_b32 v12, 3
d2b: lds_param_load v7, attr0.y wait_vdst:3              // FINDING hazards d2b d2a
  s_waitcnt expcnt(0)
  v_rcp_f32 v7, v1
  v_mov_b32 v10, 1
  v_mov_b32 v11, 2
  v_mov_b32 v12, 3
  lds_param_load v7, attr0.y wait_vdst:0
  s_waitcnt expcnt(0)
// 3. a global store's data v8, then a direct load into v8 (the store may not
//    have read it yet); corrected: s_waitcnt_depctr vm_vsrc(0) between
  s_mov_b32 m0, 0x00020000
  v_mov_b32 v8, 5
  v_mov_b32 v40, 130*4
d3a: global_store_b32 v40, v8, s[100:101]                // out[130] = 5
d3b: lds_direct_load v8                                  // FINDING hazards d3b d3a
  s_waitcnt expcnt(0)
  v_mov_b32 v8, 5
  global_store_b32 v40, v8, s[100:101]
  s_waitcnt_depctr depctr_vm_vsrc(0)
  lds_direct_load v8
  s_waitcnt expcnt(0)
// 4. an LDS store's data v9, then a parameter load into v9: s_nop does not
//    help; corrected: a VALU between
  s_mov_b32 m0, 0
  v_mov_b32 v9, 6
  v_mov_b32 v41, 512
d4a: ds_store_b32 v41, v9
  s_nop 0
d4b: lds_param_load v9, attr0.x                          // FINDING hazards d4b d4a
  s_waitcnt expcnt(0)
  v_mov_b32 v9, 6
  ds_store_b32 v41, v9
  v_mov_b32 v50, 0
  lds_param_load v9, attr0.x
  s_waitcnt expcnt(0)
// 5. EXPcnt: the loaded v20 read before s_waitcnt expcnt(0) (the waits
//    check); corrected: the wait first.  attr0.x: 1000 1004 1008 0
e1a: lds_param_load v20, attr0.x
e1b: v_add_nc_u32 v21, v20, 1                            // FINDING waits e1b e1a
  s_waitcnt expcnt(0)
  lds_param_load v20, attr0.x
  s_waitcnt expcnt(0)
  v_add_nc_u32 v22, v20, 2
  s_waitcnt lgkmcnt(0)
  OUTV 0, v0, v21                                        // EXPECT_LANES 0 64 1001 1005 1009 1
  OUTV 64, v0, v22                                       // EXPECT_LANES 64 64 1002 1006 1010 2
  OUT 128, v5                                            // EXPECT 128 1001
                                                         // EXPECT 130 5
KERNEL_END lds=1024
