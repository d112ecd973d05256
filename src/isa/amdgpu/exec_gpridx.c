/* VGPR indexing (gfx9): s_set_gpr_idx_on / _off / _idx / _mode
 * (docs/amdgpu-exec.md, "VGPR indexing").
 *
 * M0[7:0] is the index, M0[15:12] the operands it applies to (bit 12
 * src0, 13 src1, 14 src2, 15 the VGPR destination: the gpr_idx(...) list),
 * MODE bit 27 (GPR_IDX_EN) says the mode is on.  While it is on, the VGPR
 * operands the mode names of every VALU instruction are v[N + index].
 *
 * The decoded slots are shared by every wave, and the rows' semantics read
 * their operands from them, so indexing cannot be a per-wave test in every
 * VALU row without slowing all of them.  Instead s_set_gpr_idx_on runs
 * the indexed region itself: up to s_set_gpr_idx_off it fetches each
 * instruction and runs a VALU one on a copy of its slot whose operands are
 * offset (a VGPR beyond v255 is a kernel error), SALU ones and s_waitcnt
 * as they are (s_set_gpr_idx_idx/_mode change M0 for the rest of the
 * region).  Each
 * counts as an executed instruction; the commit log shows the region as
 * its s_set_gpr_idx_on line.  Another kind of instruction in the region
 * (memory, branches) is a kernel error -- compiled code brackets single
 * VALU moves (LLVM's indirect register access). */
#include <stdio.h>

#include "core/exec.h"
#include "isa/amdgpu/exec.h"

#define OP(k) (&amd_i(d)->f.op[k])
#define GPR_IDX_EN (1u << 27) /* MODE */
#define REGION_MAX 256u       /* instructions between _on and _off */

static inline void set_m0(vs_warp *w, uint32_t v) { amd_ws32(w, AMD_S_M0, v); }
static inline uint32_t m0(vs_warp *w) { return amd_S(w)[AMD_S_M0]; }

static int run_indexed(vs_warp *w, const vs_dinsn *d)
{
  const amd_insn *I = amd_i(d);
  const amd_row *r = amd_row_of(I);
  uint32_t idx = m0(w) & 0xffu, mode = (m0(w) >> 12) & 15u;
  vs_dinsn d2 = *d;
  amd_insn *I2 = (amd_insn *)(void *)d2.payload;
  for (unsigned i = 0, k = 0; i < r->nops && k < I->f.nops; i++) {
    if (I->f.ctl & AMD_CTL_SKIP(i)) continue;
    amd_operand *o = &I2->f.op[k++];
    unsigned role = r->ops[i].role, bit;
    if (o->kind != AMD_OPK_VGPR) continue;
    if (role >= AMD_R_SRC0 && role <= AMD_R_SRC2) bit = role - AMD_R_SRC0;
    else if (role == AMD_R_VSRC0) bit = 0;
    else if (role == AMD_R_VDST) bit = 3;
    else continue;
    if (!((mode >> bit) & 1u)) continue;
    unsigned sz = o->size ? o->size : 1;
    if (o->val + idx + sz > AMD_NVREG) {
      char mn[64];
      return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0,
                           "%s: VGPR index %u (M0) makes v%u, beyond the 256 VGPRs (s_set_gpr_idx_on)",
                           amd_insn_mnemonic(I, mn, sizeof mn), idx, o->val + idx + sz - 1);
    }
    o->val += idx;
  }
  return d->exec(w, &d2);
}

AMDX(S_SET_GPR_IDX_ON)
{
  uint32_t v = amd_rs32(w, OP(0));
  set_m0(w, (m0(w) & ~0xf0ffu) | (v & 0xffu) | (OP(1)->val & 15u) << 12);
  amd_w(w)->mode |= GPR_IDX_EN;
  amd_next(w, d);
  for (unsigned n = 0;; n++) {
    const vs_dinsn *e = vs_fetch(w);
    if (!e) return VS_EV_FAULT;
    if (e->op == UINT16_MAX) return e->exec(w, e); /* not an instruction: its error */
    if (e->op == AMD9_S_SET_GPR_IDX_OFF) {
      w->insns++;
      return e->exec(w, e);
    }
    if (n == REGION_MAX)
      return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0,
                           "s_set_gpr_idx_on: no s_set_gpr_idx_off within %u instructions", REGION_MAX);
    unsigned cls = amd_row_of(amd_i(e))->cls;
    int ev;
    if (cls == AMD_CLS_VALU || cls == AMD_CLS_VALU64 || cls == AMD_CLS_VTRANS) {
      ev = run_indexed(w, e);
    } else if (cls == AMD_CLS_SALU || cls == AMD_CLS_SWAIT) {
      ev = e->exec(w, e);
    } else {
      char mn[64];
      return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0,
                           "%s between s_set_gpr_idx_on and s_set_gpr_idx_off is not executed by ventsim "
                           "(only VALU and SALU instructions are)",
                           amd_insn_mnemonic(amd_i(e), mn, sizeof mn));
    }
    w->insns++;
    if (ev != VS_EV_NONE) return ev;
  }
}

AMDX(S_SET_GPR_IDX_OFF)
{
  amd_w(w)->mode &= ~GPR_IDX_EN;
  return amd_next(w, d);
}

/* M0[7:0] = S0[7:0] */
AMDX(S_SET_GPR_IDX_IDX)
{
  set_m0(w, (m0(w) & ~0xffu) | (amd_rs32(w, OP(0)) & 0xffu));
  return amd_next(w, d);
}

/* M0[15:12] = the mode */
AMDX(S_SET_GPR_IDX_MODE)
{
  set_m0(w, (m0(w) & ~0xf000u) | (OP(0)->val & 15u) << 12);
  return amd_next(w, d);
}
