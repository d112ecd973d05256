// The "waits" check on gfx900 (docs/checker.md): registers read (or
// written) while a memory operation may still be writing them, by seed 000
// section 4.4's counter rules.  FINDING CHECK SECOND FIRST names the labels
// of the reading instruction and of the memory operation; every other
// instruction must report nothing.
// LAUNCH 64 64
// IN 16 100 1
// OUTN 8
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v251, 0
  v_mov_b32 v30, s98
  v_mov_b32 v31, s99
// a load's result read with no s_waitcnt
w1a: global_load_dword v8, v251, s[98:99]
w1b: v_add_u32 v9, v8, v8                                // FINDING waits w1b w1a
  s_waitcnt vmcnt(0)
  global_load_dword v8, v251, s[98:99]
  s_waitcnt vmcnt(0)
  v_add_u32 v9, v8, v8
// vector memory returns in order: vmcnt(1) leaves only the younger load
  global_load_dword v10, v251, s[98:99]
w2a: global_load_dword v11, v251, s[98:99] offset:4
  s_waitcnt vmcnt(1)
  v_mov_b32 v12, v10
w2b: v_mov_b32 v13, v11                                  // FINDING waits w2b w2a
  s_waitcnt vmcnt(0)
// scalar loads return out of order: lgkmcnt(1) guarantees neither
w3a: s_load_dword s20, s[98:99], 0x0
w3c: s_load_dword s21, s[98:99], 0x4
  s_waitcnt lgkmcnt(1)
w3b: s_mov_b32 s22, s20                                  // FINDING waits w3b w3a
w3d: s_mov_b32 s23, s21                                  // FINDING waits w3d w3c
  s_waitcnt lgkmcnt(0)
  s_load_dword s20, s[98:99], 0x0
  s_load_dword s21, s[98:99], 0x4
  s_waitcnt lgkmcnt(0)
  s_mov_b32 s22, s20
  s_mov_b32 s23, s21
// LDS returns in order: lgkmcnt(1) leaves only the younger read
  ds_read_b32 v14, v251
w4a: ds_read_b32 v15, v251 offset:4
  s_waitcnt lgkmcnt(1)
  v_mov_b32 v16, v14
w4b: v_mov_b32 v17, v15                                  // FINDING waits w4b w4a
  s_waitcnt lgkmcnt(0)
// LDS and scalar loads return out of order with each other: with an
// s_load after the ds_read, lgkmcnt(1) does not guarantee the ds_read
w5a: ds_read_b32 v18, v251
  s_load_dword s24, s[98:99], 0x8
  s_waitcnt lgkmcnt(1)
w5b: v_mov_b32 v19, v18                                  // FINDING waits w5b w5a
  s_waitcnt lgkmcnt(0)
// a load's destination overwritten before it returned
w6a: global_load_dword v20, v251, s[98:99]
w6b: v_mov_b32 v20, 0                                    // FINDING waits w6b w6a
  s_waitcnt vmcnt(0)
// two loads of one in-order counter write the same VGPR: the second
// returns last, so its value wins: no finding
  global_load_dword v23, v251, s[98:99]
  global_load_dword v23, v251, s[98:99] offset:4
  s_waitcnt vmcnt(0)
// two scalar loads of the same SGPR may return in either order
w7a: s_load_dword s25, s[98:99], 0x0
w7b: s_load_dword s25, s[98:99], 0x4                     // FINDING waits w7b w7a
  s_waitcnt lgkmcnt(0)
// FLAT counts in VM_CNT and LGKM_CNT: vmcnt(0) alone guarantees it
  flat_load_dword v21, v[30:31]
  s_waitcnt vmcnt(0)
  v_mov_b32 v22, v21
  OUT 0, v22                                             // EXPECT 0 100
KERNEL_END 64
