/* Semantics of the Ventus control instructions (SIMT stack, barriers, warp
 * end, prefixes), the CSRs and the vector configuration instructions. */
#include <stdio.h>
#include <stdlib.h>

#include "isa/ventus/vexec.h"

int vtu_x_illegal(vs_warp *w, const vs_dinsn *d)
{
  if (d->len == 8)
    return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "illegal instruction 0x%08x after prefix 0x%08x",
                         vtu_word(d), vtu_pword(d));
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "illegal instruction 0x%08x", vtu_word(d));
}

/* ---- SIMT stack (spec section 4) ---- */
int vtu_push(vs_warp *w, uint32_t rpc, uint32_t pc, vs_mask mask)
{
  vtu_warp *t = VTU(w);
  if (t->sp == t->stack_cap) {
    if (t->stack_cap >= VTU_SIMT_STACK_MAX)
      return vs_warp_fault(w, VS_FAULT_STACK, 0,
                           "SIMT stack overflow (more than %u entries)", VTU_SIMT_STACK_MAX);
    uint32_t cap = t->stack_cap ? t->stack_cap * 2 : 16;
    vtu_simt_entry *s = realloc(t->stack, cap * sizeof *s);
    if (!s) return vs_warp_fault(w, VS_FAULT_STACK, 0, "out of host memory for the SIMT stack");
    t->stack = s;
    t->stack_cap = cap;
  }
  t->stack[t->sp++] = (vtu_simt_entry){rpc, pc, mask};
  return VS_EV_NONE;
}

static int vbranch(vs_warp *w, const vs_dinsn *d, vs_mask taken)
{
  vs_mask act = w->active;
  vs_mask else_m = taken & act, if_m = act & ~taken;
  uint32_t else_pc = VTU_IPC(w, d) + (uint32_t)VTU_F(d)->imm, if_pc = VTU_NPC(w, d);
  uint32_t rpc = VTU(w)->ccsr[VTU_CSR_RPC - VTU_CSR_TID];
  if (else_m == 0) {
    w->pc = if_pc;
    return VS_EV_NONE;
  }
  if (if_m == 0) {
    w->pc = else_pc;
    return VS_EV_NONE;
  }
  int ev = vtu_push(w, rpc, rpc, act);
  if (ev) return ev;
  /* the path with fewer threads runs first; ties run the taken path first */
  if (__builtin_popcountll(if_m) < __builtin_popcountll(else_m)) {
    if ((ev = vtu_push(w, rpc, else_pc, else_m))) return ev;
    vs_warp_set_active(w, if_m);
    w->pc = if_pc;
  } else {
    if ((ev = vtu_push(w, rpc, if_pc, if_m))) return ev;
    vs_warp_set_active(w, else_m);
    w->pc = else_pc;
  }
  return VS_EV_NONE;
}

#define VBRANCH(ID, T, OP)                                                     \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d)                                 \
  {                                                                            \
    const uint32_t *a = vtu_vreg(w, VTU_F(d)->rs2), *b = vtu_vreg(w, VTU_F(d)->rs1);           \
    vs_mask taken = 0; /* every lane compared, no branch per lane */           \
    for (unsigned i = 0; i < w->nlanes; i++)                                   \
      taken |= (vs_mask)((T)a[i] OP (T)b[i]) << i;                             \
    return vbranch(w, d, taken & w->active);                                   \
  }
VBRANCH(VBEQ, uint32_t, ==)
VBRANCH(VBNE, uint32_t, !=)
VBRANCH(VBLT, int32_t, <)
VBRANCH(VBGE, int32_t, >=)
VBRANCH(VBLTU, uint32_t, <)
VBRANCH(VBGEU, uint32_t, >=)

int vtu_x_JOIN(vs_warp *w, const vs_dinsn *d)
{
  vtu_warp *t = VTU(w);
  if (t->sp && VTU_IPC(w, d) == t->stack[t->sp - 1].rpc) {
    vtu_simt_entry e = t->stack[--t->sp];
    vs_warp_set_active(w, e.mask);
    w->pc = e.pc;
    return VS_EV_NONE;
  }
  return vtu_next(w, d);
}

int vtu_x_SETRPC(vs_warp *w, const vs_dinsn *d)
{
  uint32_t v = VTU_X(w)[VTU_F(d)->rs1] + (uint32_t)VTU_F(d)->imm;
  VTU(w)->ccsr[VTU_CSR_RPC - VTU_CSR_TID] = v;
  vtu_xw(w, VTU_F(d)->rd, v);
  return vtu_next(w, d);
}

/* ---- warp end and barriers (spec section 5) ---- */
int vtu_x_ENDPRG(vs_warp *w, const vs_dinsn *d)
{
  if (VTU(w)->sp)
    return vs_warp_fault(w, VS_FAULT_DIVERGENT, 0,
                         "endprg inside divergent control flow (SIMT stack depth %u, active mask 0x%llx)",
                         VTU(w)->sp, (unsigned long long)w->active);
  w->pc += d->len;
  return VS_EV_END;
}

int vtu_x_BARRIER(vs_warp *w, const vs_dinsn *d)
{
  w->pc += d->len;
  return VS_EV_BARRIER;
}

/* A sub-group is a warp, which runs in lock step: only orders memory,
 * which is sequential here. */
int vtu_x_BARRIERSUB(vs_warp *w, const vs_dinsn *d) { return vtu_next(w, d); }

/* A prefix executes on its own only when it is not followed by an
 * instruction it can extend (the decoder pairs it otherwise). */
static int lone_prefix(vs_warp *w, const vs_dinsn *d)
{
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0,
                       "%s prefix 0x%08x is not followed by an instruction it can extend",
                       vtu_rows[d->op].mnemonic, vtu_word(d));
}
int vtu_x_REGEXT(vs_warp *w, const vs_dinsn *d) { return lone_prefix(w, d); }
int vtu_x_REGEXTI(vs_warp *w, const vs_dinsn *d) { return lone_prefix(w, d); }
int vtu_x_REGPAIR(vs_warp *w, const vs_dinsn *d) { return lone_prefix(w, d); }
int vtu_x_REGPAIRI(vs_warp *w, const vs_dinsn *d) { return lone_prefix(w, d); }

/* ---- vector configuration ---- */
void vtu_update_vl(vtu_warp *t)
{
  unsigned n = t->w.nlanes;
  for (unsigned g = 0; g < 2; g++) {
    uint64_t lo = (uint64_t)g * n;
    vs_mask m = 0;
    if (g < t->lmul && t->vl > lo) {
      uint64_t cnt = t->vl - lo;
      if (cnt > n) cnt = n;
      m = cnt >= 64 ? ~(vs_mask)0 : (((vs_mask)1 << cnt) - 1);
    }
    t->vlmask[g] = m;
  }
}

/* vtype for SEW=32 with LMUL 1 or 2 (spec 3.1); anything else sets vill */
static int set_vtype(vs_warp *w, uint32_t vtype, uint64_t avl, int keep_vl, unsigned rd)
{
  vtu_warp *t = VTU(w);
  unsigned lmul_code = vtype & 7, sew_code = (vtype >> 3) & 7;
  int ok = sew_code == 2 && (lmul_code == 0 || lmul_code == 1) && (vtype >> 8) == 0;
  if (!ok) {
    t->vill = 1;
    t->vtype = 0x80000000u;
    t->vl = 0;
    t->lmul = 1;
    w->reg_group = 1;
  } else {
    t->vill = 0;
    t->vtype = vtype;
    t->lmul = lmul_code == 1 ? 2 : 1;
    w->reg_group = (uint8_t)t->lmul; /* the core's view of LMUL (the timing model's ranges) */
    uint32_t vlmax = w->nlanes * t->lmul;
    if (!keep_vl) t->vl = avl < vlmax ? (uint32_t)avl : vlmax;
    else if (t->vl > vlmax) t->vl = vlmax;
  }
  t->vstart = 0;
  t->mstatus |= 0x80000600u; /* VS dirty, as the reference simulator reports */
  vtu_update_vl(t);
  vtu_xw(w, rd, t->vl);
  return VS_EV_NONE;
}

static int vsetvl_common(vs_warp *w, const vs_dinsn *d, uint32_t vtype)
{
  uint64_t avl = 0;
  int keep = 0;
  if (VTU_F(d)->rs1 != 0) avl = VTU_X(w)[VTU_F(d)->rs1];
  else if (VTU_F(d)->rd != 0) avl = UINT64_MAX;
  else keep = 1;
  set_vtype(w, vtype, avl, keep, VTU_F(d)->rd);
  return vtu_next(w, d);
}

int vtu_x_VSETVLI(vs_warp *w, const vs_dinsn *d) { return vsetvl_common(w, d, (uint32_t)VTU_F(d)->imm); }
int vtu_x_VSETVL(vs_warp *w, const vs_dinsn *d) { return vsetvl_common(w, d, VTU_X(w)[VTU_F(d)->rs2]); }
int vtu_x_VSETIVLI(vs_warp *w, const vs_dinsn *d)
{
  set_vtype(w, (uint32_t)VTU_F(d)->imm, VTU_F(d)->rs1, 0, VTU_F(d)->rd);
  return vtu_next(w, d);
}

int vtu_vcheck_slow(vs_warp *w, const vs_dinsn *d, unsigned regs)
{
  vtu_warp *t = VTU(w);
  if (t->vill)
    return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0,
                         "illegal instruction: vector instruction with an illegal vtype "
                         "(Ventus supports SEW=32 with LMUL 1 or 2)");
  if (t->lmul == 2) {
    unsigned r[4] = {VTU_F(d)->rd, VTU_F(d)->rs1, VTU_F(d)->rs2, VTU_F(d)->rs3};
    for (unsigned k = 0; k < 4; k++)
      if ((regs >> k & 1) && (r[k] & 1))
        return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0,
                             "illegal instruction: v%u is not aligned to the register group "
                             "(LMUL=2 needs even vector registers)", r[k]);
  }
  return 0;
}

/* ---- CSRs ---- */
static int bad_csr(vs_warp *w, unsigned csr, const char *why)
{
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "illegal instruction: CSR 0x%03x %s", csr, why);
}

int vtu_csr_read(vs_warp *w, unsigned csr, uint32_t *v)
{
  vtu_warp *t = VTU(w);
  if (csr == 0x001 || csr == 0x003) vtu_fpu_sync(w);
  switch (csr) {
  case 0x001: *v = t->fflags; return 0;
  case 0x002: *v = t->frm; return 0;
  case 0x003: *v = t->frm << 5 | t->fflags; return 0;
  case 0x008: *v = t->vstart; return 0;
  case 0x009: *v = t->vxsat; return 0;
  case 0x00a: *v = t->vxrm; return 0;
  case 0x00f: *v = t->vxrm << 1 | t->vxsat; return 0;
  case 0xc20: *v = t->vl; return 0;
  case 0xc21: *v = t->vtype; return 0;
  case 0xc22: *v = w->nlanes * 4; return 0;
  /* counters: the functional model has no cycles; cycle and time count
   * instructions like instret (the timing model overrides cycle) */
  case 0xc00: case 0xc01: case 0xc02: case 0xb00: case 0xb02: *v = (uint32_t)w->insns; return 0;
  case 0xc80: case 0xc81: case 0xc82: case 0xb80: case 0xb82: *v = (uint32_t)(w->insns >> 32); return 0;
  case 0x300: *v = t->mstatus; return 0;
  case 0x301: *v = 0x40201101u; return 0; /* RV32 I M A V */
  case 0x304: *v = t->mie; return 0;
  case 0x305: *v = t->mtvec; return 0;
  case 0x340: *v = t->mscratch; return 0;
  case 0x341: *v = t->mepc; return 0;
  case 0x342: *v = t->mcause; return 0;
  case 0x343: *v = t->mtval; return 0;
  case 0x344: *v = t->mip; return 0;
  case 0xf11: case 0xf12: case 0xf13: *v = 0; return 0;
  case 0xf14: *v = w->wid; return 0;
  default:
    if (csr >= VTU_CSR_TID && csr <= VTU_CSR_LAST) {
      *v = t->ccsr[csr - VTU_CSR_TID];
      return 0;
    }
    return bad_csr(w, csr, "does not exist on Ventus");
  }
}

int vtu_csr_write(vs_warp *w, unsigned csr, uint32_t v)
{
  vtu_warp *t = VTU(w);
  if (csr == 0x001 || csr == 0x003) vtu_fpu_sync(w);
  switch (csr) {
  case 0x001: t->fflags = v & 0x1f; return 0;
  case 0x002: t->frm = v & 7; return 0;
  case 0x003: t->fflags = v & 0x1f; t->frm = (v >> 5) & 7; return 0;
  case 0x008: t->vstart = v; return 0;
  case 0x009: t->vxsat = v & 1; return 0;
  case 0x00a: t->vxrm = v & 3; return 0;
  case 0x00f: t->vxsat = v & 1; t->vxrm = (v >> 1) & 3; return 0;
  case 0x300:
    /* FS/VS fields that are on become dirty, and SD summarises them, as
     * in the reference simulator's commit logs */
    if (v & 0x6000u) v |= 0x6000u;
    if (v & 0x0600u) v |= 0x0600u;
    v = (v & 0x7fffffffu) | (((v & 0x6000u) == 0x6000u || (v & 0x600u) == 0x600u) ? 0x80000000u : 0);
    t->mstatus = v;
    return 0;
  case 0x304: t->mie = v; return 0;
  case 0x305: t->mtvec = v; return 0;
  case 0x340: t->mscratch = v; return 0;
  case 0x341: t->mepc = v & ~3u; return 0;
  case 0x342: t->mcause = v; return 0;
  case 0x343: t->mtval = v; return 0;
  case 0x344: t->mip = v; return 0;
  case 0x301: return 0; /* misa: writes ignored (WARL) */
  case VTU_CSR_PRINT: t->ccsr[VTU_CSR_PRINT - VTU_CSR_TID] = v; return 0;
  case VTU_CSR_RPC: t->ccsr[VTU_CSR_RPC - VTU_CSR_TID] = v; return 0;
  default:
    if ((csr >= VTU_CSR_TID && csr <= VTU_CSR_LAST) || (csr >> 10) == 3)
      return bad_csr(w, csr, "is read-only");
    return bad_csr(w, csr, "does not exist on Ventus");
  }
}
