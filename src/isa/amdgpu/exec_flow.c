/* Program flow and wave control (seed 000; AMD "Vega" ISA reference,
 * chapter 4 and the SOPP table): branches, s_getpc/setpc/swappc/call,
 * fork/join, s_barrier, s_waitcnt, s_endpgm, s_trap, s_sleep, s_setprio,
 * s_sethalt, s_setvskip, s_sendmsg and the scheduling no-ops. */
#include <inttypes.h>

#include "isa/amdgpu/exec.h"

#define OP(k) (&amd_i(d)->f.op[k])
#define SCC (amd_w(w)->scc)

/* A SOPP/SOPK label: PC of the next instruction + simm16 * 4 */
static inline vs_addr target(const vs_warp *w, const vs_dinsn *d, const amd_operand *o)
{
  return w->pc + 4 + (vs_addr)(int64_t)(int16_t)o->val * 4;
}

static inline int branch_if(vs_warp *w, const vs_dinsn *d, int cond)
{
  w->pc = cond ? target(w, d, OP(0)) : w->pc + d->len;
  return 0;
}

AMDX(S_BRANCH) { return branch_if(w, d, 1); }
AMDX(S_CBRANCH_SCC0) { return branch_if(w, d, SCC == 0); }
AMDX(S_CBRANCH_SCC1) { return branch_if(w, d, SCC != 0); }
AMDX(S_CBRANCH_VCCZ) { return branch_if(w, d, amd_vcc(w) == 0); }
AMDX(S_CBRANCH_VCCNZ) { return branch_if(w, d, amd_vcc(w) != 0); }
AMDX(S_CBRANCH_EXECZ) { return branch_if(w, d, amd_exec(w) == 0); }
AMDX(S_CBRANCH_EXECNZ) { return branch_if(w, d, amd_exec(w) != 0); }
/* no debugger traps are pending: never taken */
AMDX(S_CBRANCH_CDBGSYS) { return branch_if(w, d, 0); }
AMDX(S_CBRANCH_CDBGUSER) { return branch_if(w, d, 0); }
AMDX(S_CBRANCH_CDBGSYS_OR_USER) { return branch_if(w, d, 0); }
AMDX(S_CBRANCH_CDBGSYS_AND_USER) { return branch_if(w, d, 0); }

/* ---- calls: the return address is the next instruction's ---- */
AMDX(S_GETPC_B64)
{
  amd_ws64(w, amd_sidx(OP(0)), w->pc + d->len);
  return amd_next(w, d);
}
static int jump(vs_warp *w, uint64_t to)
{
  if (to & 3) return vs_warp_fault(w, VS_FAULT_MISALIGNED, to, "jump to 0x%" PRIx64 ", not a multiple of 4", to);
  w->pc = to & w->pc_mask;
  return 0;
}
AMDX(S_SETPC_B64) { return jump(w, amd_rs64(w, OP(0))); }
AMDX(S_SWAPPC_B64)
{
  uint64_t to = amd_rs64(w, OP(1)); /* read before the write: the pair may be the same */
  amd_ws64(w, amd_sidx(OP(0)), w->pc + d->len);
  return jump(w, to);
}
AMDX(S_CALL_B64)
{
  vs_addr to = target(w, d, OP(1));
  amd_ws64(w, amd_sidx(OP(0)), w->pc + d->len);
  w->pc = to;
  return 0;
}

/* ---- fork/join (seed 000): CSP counts 128-bit entries at s[CSP*4]:
 * the mask in s[4c], s[4c+1], the pc in s[4c+2], s[4c+3] ---- */
#define AMD_CSP_MAX 6u
static int fork(vs_warp *w, const vs_dinsn *d, uint64_t mask, vs_addr to)
{
  amd_warp *a = amd_w(w);
  uint64_t exec = amd_exec(w), pass = mask & exec, fail = ~mask & exec;
  if (pass == exec) {
    w->pc = to;
    return 0;
  }
  if (fail == exec) return amd_next(w, d);
  if (a->csp >= AMD_CSP_MAX)
    return vs_warp_fault(w, VS_FAULT_STACK, 0, "fork/join control stack overflow (CSP %u, at most %u entries)",
                         a->csp, AMD_CSP_MAX);
  unsigned e = a->csp * 4;
  vs_addr next = w->pc + d->len;
  if (__builtin_popcountll(fail) < __builtin_popcountll(pass)) { /* the fail path first */
    amd_set_exec(w, fail);
    amd_ws64(w, e, pass);
    amd_ws64(w, e + 2, to);
    a->csp++;
    w->pc = next;
  } else {
    amd_set_exec(w, pass);
    amd_ws64(w, e, fail);
    amd_ws64(w, e + 2, next);
    a->csp++;
    w->pc = to;
  }
  return 0;
}
AMDX(S_CBRANCH_G_FORK) { return fork(w, d, amd_rs64(w, OP(0)), amd_rs64(w, OP(1)) & w->pc_mask); }
AMDX(S_CBRANCH_I_FORK) { return fork(w, d, amd_rs64(w, OP(0)), target(w, d, OP(1))); }
AMDX(S_CBRANCH_JOIN)
{
  amd_warp *a = amd_w(w);
  if (a->csp == amd_rs32(w, OP(0))) return amd_next(w, d); /* the second join: go on */
  if (a->csp == 0)
    return vs_warp_fault(w, VS_FAULT_STACK, 0, "s_cbranch_join with an empty fork/join stack (saved CSP %u)",
                         amd_rs32(w, OP(0)));
  a->csp--;
  unsigned e = a->csp * 4;
  uint64_t m = amd_rs64_idx(w, e), pc = amd_rs64_idx(w, e + 2);
  amd_set_exec(w, m);
  return jump(w, pc);
}

/* ---- wave control ---- */
AMDX(S_ENDPGM) { (void)d; (void)w; return VS_EV_END; }
AMDX(S_ENDPGM_SAVED) { (void)d; (void)w; return VS_EV_END; }
AMDX(S_ENDPGM_ORDERED_PS_DONE) { (void)d; (void)w; return VS_EV_END; }
AMDX(S_BARRIER)
{
  w->pc += d->len; /* the core wants the pc past the barrier */
  return VS_EV_BARRIER;
}
/* Functionally every operation has completed when the next instruction
 * runs: the counters (decoded into the instruction) matter to the timing
 * model only. */
AMDX(S_WAITCNT) { return amd_next(w, d); }
AMDX(S_NOP) { return amd_next(w, d); }
AMDX(S_SLEEP) { return amd_next(w, d); }
AMDX(S_SETKILL) { return amd_next(w, d); }
AMDX(S_WAKEUP) { return amd_next(w, d); }
AMDX(S_ICACHE_INV) { return amd_next(w, d); } /* decoded pages follow every write already */
AMDX(S_INCPERFLEVEL) { return amd_next(w, d); }
AMDX(S_DECPERFLEVEL) { return amd_next(w, d); }
AMDX(S_TTRACEDATA) { return amd_next(w, d); }
AMDX(S_SETPRIO)
{
  amd_w(w)->prio = OP(0)->val & 3;
  return amd_next(w, d);
}
/* s_sethalt 1 halts the wave until a debugger resumes it: there is none,
 * so it is a kernel error (s_sethalt 0 is a no-op). */
AMDX(S_SETHALT)
{
  if (OP(0)->val & 1) {
    amd_w(w)->halted = 1;
    return vs_warp_fault(w, VS_FAULT_BREAK, 0, "the wave halted itself (s_sethalt %u); nothing resumes it",
                         OP(0)->val);
  }
  return amd_next(w, d);
}
AMDX(S_TRAP)
{
  (void)d;
  return vs_warp_fault(w, VS_FAULT_BREAK, 0, "s_trap %u: the kernel raised a trap (no trap handler)",
                       OP(0)->val & 0xff);
}
/* VSKIP = S0[S1[4:0]]: while set, vector instructions are skipped (they see
 * no active lanes; EXEC keeps its value) */
AMDX(S_SETVSKIP)
{
  amd_warp *a = amd_w(w);
  a->vskip = (amd_rs32(w, OP(0)) >> (amd_rs32(w, OP(1)) & 31)) & 1;
  amd_set_exec(w, amd_exec(w));
  return amd_next(w, d);
}

/* Messages: compute code sends none that change its results (interrupt,
 * save/stall/halt requests of the CP); GS messages have no meaning in a
 * compute wave.  s_sendmsghalt halts like s_sethalt 1. */
AMDX(S_SENDMSG)
{
  unsigned id = OP(0)->val & 0xf;
  if (id >= 2 && id <= 3)
    return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "s_sendmsg: GS message %u in a compute wave", id);
  return amd_next(w, d);
}
AMDX(S_SENDMSGHALT)
{
  (void)d;
  amd_w(w)->halted = 1;
  return vs_warp_fault(w, VS_FAULT_BREAK, 0, "the wave halted itself (s_sendmsghalt); nothing resumes it");
}
