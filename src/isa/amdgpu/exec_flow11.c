/* RDNA3 (gfx11) program control: the rows gfx11 adds or changes beside
 * exec_flow.c's (seed 002; AMD "RDNA3" ISA reference, chapters 3-4, SOPP
 * and SOP1 tables; docs/amdgpu-exec.md "RDNA3").
 *
 *   s_delay_alu, s_clause    scheduling hints: no functional effect (the
 *                            decoded fields are the timing model's)
 *   s_waitcnt_*cnt, s_waitcnt_depctr, s_wait_idle, s_wait_event,
 *   s_set_inst_prefetch_distance, s_version, cache invalidations
 *                            nothing to wait for or keep coherent in a
 *                            functional run
 *   s_code_end               padding after the last kernel: executing it
 *                            is a kernel error
 *   s_round_mode, s_denorm_mode  MODE[3:0], MODE[7:4] from the immediate
 *   s_sendmsg                gfx11's message ids; s_sendmsg_rtn_b32/b64
 *                            the values the messages return */
#include "isa/amdgpu/exec.h"

#define OP(k) (&amd_i(d)->f.op[k])

AMDX(S_DELAY_ALU) { return amd_next(w, d); }
AMDX(S_CLAUSE) { return amd_next(w, d); }
AMDX(S_WAITCNT_VSCNT) { return amd_next(w, d); }
AMDX(S_WAITCNT_VMCNT) { return amd_next(w, d); }
AMDX(S_WAITCNT_EXPCNT) { return amd_next(w, d); }
AMDX(S_WAITCNT_LGKMCNT) { return amd_next(w, d); }
AMDX(S_WAITCNT_DEPCTR) { return amd_next(w, d); }
AMDX(S_WAIT_IDLE) { return amd_next(w, d); }
AMDX(S_WAIT_EVENT) { return amd_next(w, d); }
AMDX(S_SET_INST_PREFETCH_DISTANCE) { return amd_next(w, d); }
AMDX(S_VERSION) { return amd_next(w, d); }
AMDX(S_GL1_INV) { return amd_next(w, d); }
AMDX(BUFFER_GL0_INV) { return amd_next(w, d); }
AMDX(BUFFER_GL1_INV) { return amd_next(w, d); }

AMDX(S_CODE_END)
{
  (void)d;
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "s_code_end executed: the wave ran past the end of its code");
}

AMDX(S_ROUND_MODE)
{
  amd_warp *a = amd_w(w);
  a->mode = (a->mode & ~0xfu) | (OP(0)->val & 0xfu);
  return amd_next(w, d);
}
AMDX(S_DENORM_MODE)
{
  amd_warp *a = amd_w(w);
  a->mode = (a->mode & ~0xf0u) | (OP(0)->val & 0xfu) << 4;
  return amd_next(w, d);
}

/* s_sendmsg on gfx11 (the ids LLVM's gfx11 assembler names): MSG_INTERRUPT
 * (1), MSG_DEALLOC_VGPRS (3, sent before s_endpgm: the wave gives its VGPRs
 * back early; nothing to free in a functional run), MSG_STALL_WAVE_GEN (5)
 * and MSG_HALT_WAVES (6) (requests to the command processor, which
 * nothing in a launch answers) are accepted; HS_TESSFACTOR (2) and
 * GS_ALLOC_REQ (9) are graphics messages; every other id is reserved and
 * illegal (seed 002, "message types") */
AMDX11(S_SENDMSG)
{
  unsigned id = OP(0)->val & 0xffu;
  if (id == 1 || id == 3 || id == 5 || id == 6) return amd_next(w, d);
  if (id == 2 || id == 9)
    return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "s_sendmsg: graphics message %u in a compute wave", id);
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "s_sendmsg: message %u is reserved (illegal)", id);
}

/* s_sendmsg_rtn: the message id is the SSRC0 field itself (no SGPR is
 * read); the value goes to SDST.  The returning messages (LLVM's
 * MSG_RTN_*): GET_DOORBELL 128 (the queue's doorbell id: ventsim's queue is
 * 0), GET_DDID 129 (the dispatch id), GET_TMA 130 and GET_TBA 133 (the trap
 * handler's memory and base: there is no trap handler, 0), GET_REALTIME
 * 131 (the deterministic clock of s_memrealtime: the wave's executed
 * instructions), SAVE_WAVE 132 (0: no context save), GET_TBA_TO_PC 134
 * (0: no trap handler).  Other ids are reserved. */
static int sendmsg_rtn(vs_warp *w, const vs_dinsn *d, int b64)
{
  const amd_operand *dst = OP(0), *msg = OP(1);
  unsigned id = msg->val & 0xffu;
  uint64_t v;
  switch (id) {
  case 128: v = 0; break;
  case 129: v = amd_w(w)->ls->abi.dispatch_id; break;
  case 130: case 133: case 134: v = 0; break;
  case 131: v = amd_memtime(w); break;
  case 132: v = 0; break;
  default:
    return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "s_sendmsg_rtn: message %u is reserved (illegal)", id);
  }
  if (b64) amd_ws64(w, amd_sidx(dst), v);
  else amd_ws32(w, amd_sidx(dst), (uint32_t)v);
  return amd_next(w, d);
}
AMDX(S_SENDMSG_RTN_B32) { return sendmsg_rtn(w, d, 0); }
AMDX(S_SENDMSG_RTN_B64) { return sendmsg_rtn(w, d, 1); }
