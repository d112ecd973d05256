// WAVES 32 64
// s_sendmsg_rtn_b32/b64 on gfx1100 (exec_flow11.c; docs/amdgpu-exec.md
// "RDNA3"): the message is the SSRC0 field itself (128 GET_DOORBELL, 129
// GET_DDID, 130 GET_TMA, 131 GET_REALTIME, 132 SAVE_WAVE, 133 GET_TBA, as
// llvm-mc-19 encodes sendmsg(MSG_RTN_*)); LGKMcnt says when the value is
// there (seed 002).  The expectations:
//   GET_DOORBELL 0         ventsim's one queue has doorbell 0 (a choice)
//   GET_TMA, GET_TBA 0     no trap handler installed
//   SAVE_WAVE 0            no context save pending
//   GET_DDID               the dispatch id, the same the HSA ABI passes in
//                          the dispatch-id user SGPRs s[2:3]
//   GET_REALTIME           a clock: a later read is larger (the b64 form's
//                          high half: 0, the clock of a short test)
// and s_sendmsg MSG_DEALLOC_VGPRS right before s_endpgm (seed 002).
// LAUNCH 64 64
// OUTN 16
.include "common.inc"
KERNEL_BEGIN
  PROLOGUE
  s_sendmsg_rtn_b32 s20, sendmsg(MSG_RTN_GET_DOORBELL)
  s_sendmsg_rtn_b32 s21, sendmsg(MSG_RTN_GET_TMA)
  s_sendmsg_rtn_b32 s22, sendmsg(MSG_RTN_GET_TBA)
  s_sendmsg_rtn_b32 s23, sendmsg(MSG_RTN_SAVE_WAVE)
  s_sendmsg_rtn_b64 s[24:25], sendmsg(MSG_RTN_GET_TMA)
  s_sendmsg_rtn_b32 s26, sendmsg(MSG_RTN_GET_DDID)
  s_sendmsg_rtn_b64 s[28:29], sendmsg(MSG_RTN_GET_REALTIME)
  s_waitcnt lgkmcnt(0)
  s_nop 0
  s_sendmsg_rtn_b64 s[30:31], sendmsg(MSG_RTN_GET_REALTIME)
  s_sendmsg_rtn_b32 s32, sendmsg(MSG_RTN_GET_REALTIME)
  s_waitcnt lgkmcnt(0)
  s_cmp_eq_u32 s26, s2                        // GET_DDID == the ABI's dispatch id
  s_cselect_b32 s40, 1, 0
  s_cmp_gt_u32 s30, s28                       // the second realtime read is later
  s_cselect_b32 s41, 1, 0
  s_cmp_gt_u32 s32, s30                       // and the third (b32: the low half)
  s_cselect_b32 s42, 1, 0
  OUT 0, s20                                  // EXPECT 0 0
  OUT 1, s21                                  // EXPECT 1 0
  OUT 2, s22                                  // EXPECT 2 0
  OUT 3, s23                                  // EXPECT 3 0
  OUT 4, s24                                  // EXPECT 4 0
  OUT 5, s25                                  // EXPECT 5 0
  OUT 6, s40                                  // EXPECT 6 1
  OUT 7, s41                                  // EXPECT 7 1
  OUT 8, s42                                  // EXPECT 8 1
  OUT 9, s29                                  // EXPECT 9 0
  s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
KERNEL_END 0, 0, 1
