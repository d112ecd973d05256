// WAVES 32 64
// The "waits" check on gfx1100 (docs/checker.md "RDNA3"), wave32 and
// wave64: registers read (or written) while a memory operation may still be
// writing them, by seed 002's counters ("data dependency resolution"):
// VMcnt counts vector loads and atomics that return, VScnt stores and
// atomics that do not, LGKMcnt LDS/GDS, scalar loads and messages (with
// s_sendmsg_rtn counted twice: only lgkmcnt(0) says its data is back),
// each counter's type in issue order but scalar loads and messages.
// FINDING CHECK SECOND FIRST names the labels of the reading instruction
// and of the memory operation; every other instruction must report nothing.
// LAUNCH 64 64
// IN 16 100 1
// OUTN 8
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  v_mov_b32 v40, 0
  v_mov_b32 v30, s98
  v_mov_b32 v31, s99
// a load's result read with no wait
w1a: global_load_b32 v8, v40, s[98:99]
w1b: v_add_nc_u32 v9, v8, v8                             // FINDING waits w1b w1a
  s_waitcnt vmcnt(0)
  global_load_b32 v8, v40, s[98:99]
  s_waitcnt vmcnt(0)
  v_add_nc_u32 v9, v8, v8
// a store after a load counts on VScnt, not VMcnt: vmcnt(1) leaves the
// load (the only operation on VMcnt) outstanding.  (On gfx900 the store
// counts on vmcnt and vmcnt(1) would guarantee the load.)
w2a: global_load_b32 v10, v40, s[98:99]
  global_store_b32 v40, v40, s[100:101] offset:4         // EXPECT 1 0
  s_waitcnt vmcnt(1)
w2b: v_mov_b32 v11, v10                                  // FINDING waits w2b w2a
  s_waitcnt vmcnt(0)
// two loads, then vmcnt(1): the older one is back, the younger may not be
  global_load_b32 v12, v40, s[98:99]
w3a: global_load_b32 v13, v40, s[98:99] offset:4
  s_waitcnt vmcnt(1)
  v_mov_b32 v14, v12
w3b: v_mov_b32 v15, v13                                  // FINDING waits w3b w3a
  s_waitcnt vmcnt(0)
// waiting for VScnt does not wait for loads
w4a: global_load_b32 v16, v40, s[98:99]
  s_waitcnt_vscnt null, 0
w4b: v_mov_b32 v17, v16                                  // FINDING waits w4b w4a
  s_waitcnt_vmcnt null, 0
  v_mov_b32 v17, v16
// an atomic that returns (glc) counts on VMcnt: vscnt(0) does not cover it
  v_mov_b32 v41, 1
w5a: global_atomic_add_u32 v18, v40, v41, s[98:99] offset:8 glc
  s_waitcnt_vscnt null, 0
w5b: v_mov_b32 v19, v18                                  // FINDING waits w5b w5a
  s_waitcnt vmcnt(0)
// an atomic that does not return counts on VScnt: after load, atomic,
// vmcnt(1) leaves the load outstanding
w6a: global_load_b32 v20, v40, s[98:99]
  global_atomic_add_u32 v40, v41, s[98:99] offset:12
  s_waitcnt vmcnt(1)
w6b: v_mov_b32 v21, v20                                  // FINDING waits w6b w6a
  s_waitcnt vmcnt(0)
  s_waitcnt_vscnt null, 0
// s_waitcnt_vmcnt with an SGPR: the count is the immediate plus the SGPR
// (0 + 1 = 1 here): the older of two loads is back, the younger may not be.
// llvm-mc-19 accepts only null there, so the word is written by hand: SOPK
// (0b1011 in [31:28]), op 0x19 in [27:23], sdst s30 in [22:16], simm16 0:
// 0xb0000000 | 0x19 << 23 | 30 << 16 = 0xbc9e0000
  s_mov_b32 s30, 1
  global_load_b32 v22, v40, s[98:99]
w7a: global_load_b32 v23, v40, s[98:99] offset:4
  .long 0xbc9e0000 // s_waitcnt_vmcnt s30, 0
  v_mov_b32 v24, v22
w7b: v_mov_b32 v25, v23                                  // FINDING waits w7b w7a
  s_waitcnt vmcnt(0)
// LDS returns in order: lgkmcnt(1) leaves only the younger read
  ds_load_b32 v26, v40
w8a: ds_load_b32 v27, v40 offset:4
  s_waitcnt lgkmcnt(1)
  v_mov_b32 v28, v26
w8b: v_mov_b32 v29, v27                                  // FINDING waits w8b w8a
  s_waitcnt lgkmcnt(0)
// scalar loads return out of order: lgkmcnt(1) guarantees neither
w9a: s_load_b32 s20, s[98:99], 0x0
w9c: s_load_b32 s21, s[98:99], 0x4
  s_waitcnt lgkmcnt(1)
w9b: s_mov_b32 s22, s20                                  // FINDING waits w9b w9a
w9d: s_mov_b32 s23, s21                                  // FINDING waits w9d w9c
  s_waitcnt lgkmcnt(0)
// s_sendmsg_rtn: LGKMcnt + 2, - 1 when sent, - 1 when the data is back
// (seed 002): lgkmcnt(1) may leave the data outstanding, lgkmcnt(0) not
w10a: s_sendmsg_rtn_b32 s24, sendmsg(MSG_RTN_GET_REALTIME)
  s_waitcnt lgkmcnt(1)
w10b: s_mov_b32 s25, s24                                 // FINDING waits w10b w10a
  s_sendmsg_rtn_b64 s[26:27], sendmsg(MSG_RTN_GET_REALTIME)
  s_waitcnt lgkmcnt(0)
  s_mov_b32 s25, s27
// a load's destination overwritten before it returned
w11a: global_load_b32 v32, v40, s[98:99]
w11b: v_mov_b32 v32, 0                                   // FINDING waits w11b w11a
  s_waitcnt vmcnt(0)
// two loads on VMcnt write the same VGPR: the younger returns last and
// wins: no finding
  global_load_b32 v33, v40, s[98:99]
  global_load_b32 v33, v40, s[98:99] offset:4
  s_waitcnt vmcnt(0)
// FLAT counts on LGKMcnt and VMcnt (a load): vmcnt(0) alone guarantees it
  flat_load_b32 v34, v[30:31]
  s_waitcnt vmcnt(0)
  v_mov_b32 v35, v34
  OUT 0, v35                                             // EXPECT 0 100
KERNEL_END 64
