/* Semantics of the vector memory instructions: RVV unit-stride, strided and
 * indexed loads/stores, the Ventus per-thread offset (vlw12.v ...) and
 * private-memory (vlw.v ...) forms, and the per-thread atomics.
 *
 * Each active element is one thread's access; narrow loads write the
 * thread's own 32-bit element, extended (spec 3.1).  With a regpair prefix
 * a 32-bit load/store whose data register is even moves 64 bits per thread:
 * the low word to/from register n, the high word to/from n+1. */
#include "isa/ventus/vexec.h"

enum { A_UNIT, A_STRIDE, A_INDEX, A_OFFSET12, A_PRIVATE };

/* Byte address of element e (lane i of group g) plus byte offset k */
static inline uint32_t elem_addr(vs_warp *w, const vs_dinsn *d, int mode, unsigned size,
                                 unsigned idx_size, unsigned g, unsigned i, uint32_t k)
{
  unsigned e = g * w->nlanes + i;
  switch (mode) {
  case A_UNIT: return VTU_X(w)[VTU_F(d)->rs1] + e * size + k;
  case A_STRIDE: return VTU_X(w)[VTU_F(d)->rs1] + e * VTU_X(w)[VTU_F(d)->rs2] + k;
  case A_INDEX: {
    uint32_t ix = vtu_vreg(w, VTU_F(d)->rs2 + g)[i];
    if (idx_size < 4) ix &= (1u << (idx_size * 8)) - 1u;
    return VTU_X(w)[VTU_F(d)->rs1] + ix + k;
  }
  case A_OFFSET12: return vtu_vreg(w, VTU_F(d)->rs1)[i] + (uint32_t)VTU_F(d)->imm + k;
  default: { /* private memory, spec 3.5 */
    vtu_warp *t = VTU(w);
    uint32_t a = vtu_vreg(w, VTU_F(d)->rs1)[i] + (uint32_t)VTU_F(d)->imm + k;
    uint32_t numw = t->ccsr[VTU_CSR_NUMW - VTU_CSR_TID], numt = t->ccsr[VTU_CSR_NUMT - VTU_CSR_TID];
    uint32_t pds = t->ccsr[VTU_CSR_PDS - VTU_CSR_TID], tid = t->ccsr[VTU_CSR_TID - VTU_CSR_TID];
    return pds + (a & ~3u) * numw * numt + (a & 3u) + (tid + i) * 4u;
  }
  }
}

static inline int pair_prefix(const vs_dinsn *d)
{
  unsigned p = VTU_F(d)->aux & VTU_AUX_PFX_MASK;
  return p == VTU_AUX_REGPAIR || p == VTU_AUX_REGPAIRI;
}

/* data register of a store: vs3 (bits 11:7) for the RVV forms, vs2 for the
 * Ventus forms */
/* always inlined: each instruction gets a copy with its mode and sizes constant */
static inline __attribute__((always_inline)) int vload(vs_warp *w, const vs_dinsn *d, int mode, unsigned size, int sign, unsigned idx_size)
{
  unsigned regs = VTU_VD | (mode == A_INDEX ? VTU_VS2 : 0);
  int f = vtu_vcheck(w, d, regs);
  if (f) return f;
  int words = (size == 4 && pair_prefix(d) && (VTU_F(d)->rd & 1) == 0) ? 2 : 1;
  if (words == 2 && VTU_F(d)->rd + 1 > 255)
    return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "register pair v%u:v%u does not exist", VTU_F(d)->rd, VTU_F(d)->rd + 1);
  unsigned groups = (mode == A_OFFSET12 || mode == A_PRIVATE) ? 1 : VTU(w)->lmul;
  unsigned esize = size * (unsigned)words; /* bytes per element */
  for (unsigned g = 0; g < groups; g++) {
    vs_mask m = (mode == A_OFFSET12 || mode == A_PRIVATE) ? w->active & VTU(w)->vlmask[0]
                                                           : vtu_emask(w, d, g);
    for (int k = 0; k < words; k++) {
      uint32_t *vd = vtu_vreg(w, VTU_F(d)->rd + g + (unsigned)k);
      for (unsigned i = 0; i < w->nlanes; i++) {
        if (!(m >> i & 1)) continue;
        uint32_t a = mode == A_UNIT ? VTU_X(w)[VTU_F(d)->rs1] + (g * w->nlanes + i) * esize + (uint32_t)k * 4u
                                    : elem_addr(w, d, mode, size, idx_size, g, i, (uint32_t)k * 4u);
        uint32_t v = 0;
        if ((f = vtu_load(w, a, size, sign, &v, i))) return f;
        vd[i] = v;
      }
    }
  }
  return vtu_next(w, d);
}

static inline __attribute__((always_inline)) int vstore(vs_warp *w, const vs_dinsn *d, int mode, unsigned size, unsigned data_reg,
                  unsigned idx_size)
{
  unsigned regs = (mode == A_INDEX ? VTU_VS2 : 0) | (data_reg == VTU_F(d)->rs3 ? VTU_VS3 : VTU_VS2);
  int f = vtu_vcheck(w, d, regs);
  if (f) return f;
  int words = (size == 4 && pair_prefix(d) && (data_reg & 1) == 0) ? 2 : 1;
  if (words == 2 && data_reg + 1 > 255)
    return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "register pair v%u:v%u does not exist", data_reg,
                         data_reg + 1);
  unsigned groups = (mode == A_OFFSET12 || mode == A_PRIVATE) ? 1 : VTU(w)->lmul;
  unsigned esize = size * (unsigned)words;
  for (unsigned g = 0; g < groups; g++) {
    vs_mask m = (mode == A_OFFSET12 || mode == A_PRIVATE) ? w->active & VTU(w)->vlmask[0]
                                                           : vtu_emask(w, d, g);
    for (int k = 0; k < words; k++) {
      const uint32_t *vs = vtu_vreg(w, data_reg + g + (unsigned)k);
      for (unsigned i = 0; i < w->nlanes; i++) {
        if (!(m >> i & 1)) continue;
        uint32_t a = mode == A_UNIT ? VTU_X(w)[VTU_F(d)->rs1] + (g * w->nlanes + i) * esize + (uint32_t)k * 4u
                                    : elem_addr(w, d, mode, size, idx_size, g, i, (uint32_t)k * 4u);
        if ((f = vtu_store(w, a, size, vs[i], i))) return f;
      }
    }
  }
  return vtu_next(w, d);
}

#define LD(ID, MODE, SIZE, SIGN, IDX) \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d) { return vload(w, d, MODE, SIZE, SIGN, IDX); }
#define ST(ID, MODE, SIZE, REG, IDX) \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d) { return vstore(w, d, MODE, SIZE, REG, IDX); }

/* RVV forms (narrow elements sign-extended into the thread's element) */
LD(VLE8_V, A_UNIT, 1, 1, 0)
LD(VLE16_V, A_UNIT, 2, 1, 0)
LD(VLE32_V, A_UNIT, 4, 0, 0)
LD(VLSE8_V, A_STRIDE, 1, 1, 0)
LD(VLSE16_V, A_STRIDE, 2, 1, 0)
LD(VLSE32_V, A_STRIDE, 4, 0, 0)
/* indexed: the index width is in the name, the data width is SEW (32) */
LD(VLUXEI8_V, A_INDEX, 4, 0, 1)
LD(VLUXEI16_V, A_INDEX, 4, 0, 2)
LD(VLUXEI32_V, A_INDEX, 4, 0, 4)
LD(VLOXEI8_V, A_INDEX, 4, 0, 1)
LD(VLOXEI16_V, A_INDEX, 4, 0, 2)
LD(VLOXEI32_V, A_INDEX, 4, 0, 4)
ST(VSE8_V, A_UNIT, 1, VTU_F(d)->rs3, 0)
ST(VSE16_V, A_UNIT, 2, VTU_F(d)->rs3, 0)
ST(VSE32_V, A_UNIT, 4, VTU_F(d)->rs3, 0)
ST(VSSE8_V, A_STRIDE, 1, VTU_F(d)->rs3, 0)
ST(VSSE16_V, A_STRIDE, 2, VTU_F(d)->rs3, 0)
ST(VSSE32_V, A_STRIDE, 4, VTU_F(d)->rs3, 0)
ST(VSUXEI8_V, A_INDEX, 4, VTU_F(d)->rs3, 1)
ST(VSUXEI16_V, A_INDEX, 4, VTU_F(d)->rs3, 2)
ST(VSUXEI32_V, A_INDEX, 4, VTU_F(d)->rs3, 4)
ST(VSOXEI8_V, A_INDEX, 4, VTU_F(d)->rs3, 1)
ST(VSOXEI16_V, A_INDEX, 4, VTU_F(d)->rs3, 2)
ST(VSOXEI32_V, A_INDEX, 4, VTU_F(d)->rs3, 4)

/* Ventus: per-thread address vs1[i] + imm12 */
LD(VLB12_V, A_OFFSET12, 1, 1, 0)
LD(VLH12_V, A_OFFSET12, 2, 1, 0)
LD(VLW12_V, A_OFFSET12, 4, 0, 0)
LD(VLBU12_V, A_OFFSET12, 1, 0, 0)
LD(VLHU12_V, A_OFFSET12, 2, 0, 0)
ST(VSB12_V, A_OFFSET12, 1, VTU_F(d)->rs2, 0)
ST(VSH12_V, A_OFFSET12, 2, VTU_F(d)->rs2, 0)
ST(VSW12_V, A_OFFSET12, 4, VTU_F(d)->rs2, 0)

/* Ventus: private memory (spec 3.5) */
LD(VLB_V, A_PRIVATE, 1, 1, 0)
LD(VLH_V, A_PRIVATE, 2, 1, 0)
LD(VLW_V, A_PRIVATE, 4, 0, 0)
LD(VLBU_V, A_PRIVATE, 1, 0, 0)
LD(VLHU_V, A_PRIVATE, 2, 0, 0)
ST(VSB_V, A_PRIVATE, 1, VTU_F(d)->rs2, 0)
ST(VSH_V, A_PRIVATE, 2, VTU_F(d)->rs2, 0)
ST(VSW_V, A_PRIVATE, 4, VTU_F(d)->rs2, 0)

/* ---- atomics: one per active thread, in increasing thread order ---- */
enum { AMO_SWAP, AMO_ADD, AMO_XOR, AMO_AND, AMO_OR, AMO_MIN, AMO_MAX, AMO_MINU, AMO_MAXU };

static uint32_t amo_apply(int op, uint32_t old, uint32_t v)
{
  switch (op) {
  case AMO_SWAP: return v;
  case AMO_ADD: return old + v;
  case AMO_XOR: return old ^ v;
  case AMO_AND: return old & v;
  case AMO_OR: return old | v;
  case AMO_MIN: return (int32_t)old < (int32_t)v ? old : v;
  case AMO_MAX: return (int32_t)old > (int32_t)v ? old : v;
  case AMO_MINU: return old < v ? old : v;
  default: return old > v ? old : v;
  }
}

/* Word for an atomic access, or NULL with the fault raised. Atomics on a
 * page holding decoded code fall back to plain accesses (and drop the
 * decoded code when they change it). */
static uint32_t *amo_word(vs_warp *w, uint32_t a, int *fault_ev)
{
  if (a & 3) {
    *fault_ev = vs_warp_memfault(w, VS_MF_MISALIGNED, a, 4, 1);
    return NULL;
  }
  int mf = 0;
  vs_page *p = vs_mem_page_rmw(w->mem, a, &mf);
  if (!p) {
    *fault_ev = vs_warp_memfault(w, mf, a, 4, 1);
    return NULL;
  }
  if (atomic_load_explicit(&p->decoded, memory_order_relaxed)) return NULL;
  return (uint32_t *)(void *)(p->data + (a & VS_PAGE_MASK));
}

static int amo(vs_warp *w, const vs_dinsn *d, int op)
{
  int f = vtu_vcheck(w, d, VTU_VD | VTU_VS1 | VTU_VS2);
  if (f) return f;
  vs_mask m = w->active & VTU(w)->vlmask[0];
  uint32_t *vd = vtu_vreg(w, VTU_F(d)->rd);
  const uint32_t *va = vtu_vreg(w, VTU_F(d)->rs1), *vv = vtu_vreg(w, VTU_F(d)->rs2);
  for (unsigned i = 0; i < w->nlanes; i++) {
    if (!(m >> i & 1)) continue;
    uint32_t a = va[i], v = vv[i], old, nv;
    int ev = 0;
    uint32_t *p = amo_word(w, a, &ev);
    if (ev) return ev;
    if (p) {
      old = __atomic_load_n(p, __ATOMIC_RELAXED);
      do {
        nv = amo_apply(op, old, v);
      } while (!__atomic_compare_exchange_n(p, &old, nv, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
    } else {
      if ((f = vs_mem_load_aligned(w->mem, a, &old, 4))) return vs_warp_memfault(w, f, a, 4, 0);
      nv = amo_apply(op, old, v);
      if ((f = vs_mem_store_aligned(w->mem, a, &nv, 4))) return vs_warp_memfault(w, f, a, 4, 1);
    }
    vtu_record(w, a, old, i, 4, 0);
    vtu_record(w, a, nv, i, 4, 1);
    vtu_mark_atomic(w, 2);
    vd[i] = old;
  }
  return vtu_next(w, d);
}

#define AMO(ID, OP) int vtu_x_##ID(vs_warp *w, const vs_dinsn *d) { return amo(w, d, OP); }
AMO(AMOSWAP_W, AMO_SWAP)
AMO(AMOADD_W, AMO_ADD)
AMO(AMOXOR_W, AMO_XOR)
AMO(AMOAND_W, AMO_AND)
AMO(AMOOR_W, AMO_OR)
AMO(AMOMIN_W, AMO_MIN)
AMO(AMOMAX_W, AMO_MAX)
AMO(AMOMINU_W, AMO_MINU)
AMO(AMOMAXU_W, AMO_MAXU)

/* lr.w/sc.w per thread.  The reservation remembers the address and the
 * value read; sc.w succeeds if the word still holds that value (compared
 * and swapped atomically), so it is atomic across host threads too. */
int vtu_x_LR_W(vs_warp *w, const vs_dinsn *d)
{
  int f = vtu_vcheck(w, d, VTU_VD | VTU_VS1);
  if (f) return f;
  vtu_warp *t = VTU(w);
  vs_mask m = w->active & t->vlmask[0];
  uint32_t *vd = vtu_vreg(w, VTU_F(d)->rd);
  const uint32_t *va = vtu_vreg(w, VTU_F(d)->rs1);
  for (unsigned i = 0; i < w->nlanes; i++) {
    if (!(m >> i & 1)) continue;
    uint32_t v = 0;
    if ((f = vtu_load(w, va[i], 4, 0, &v, i))) return f;
    vtu_mark_atomic(w, 1);
    t->lr_addr[i] = va[i];
    t->lr_val[i] = v;
    t->lr_mask |= (vs_mask)1 << i;
    vd[i] = v;
  }
  return vtu_next(w, d);
}

int vtu_x_SC_W(vs_warp *w, const vs_dinsn *d)
{
  int f = vtu_vcheck(w, d, VTU_VD | VTU_VS1 | VTU_VS2);
  if (f) return f;
  vtu_warp *t = VTU(w);
  vs_mask m = w->active & t->vlmask[0];
  uint32_t *vd = vtu_vreg(w, VTU_F(d)->rd);
  const uint32_t *va = vtu_vreg(w, VTU_F(d)->rs1), *vv = vtu_vreg(w, VTU_F(d)->rs2);
  for (unsigned i = 0; i < w->nlanes; i++) {
    if (!(m >> i & 1)) continue;
    uint32_t a = va[i], ok = 0;
    if ((t->lr_mask >> i & 1) && t->lr_addr[i] == a) {
      int ev = 0;
      uint32_t *p = amo_word(w, a, &ev);
      if (ev) return ev;
      uint32_t expect = t->lr_val[i];
      if (p) {
        ok = __atomic_compare_exchange_n(p, &expect, vv[i], 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
      } else {
        uint32_t cur;
        if ((f = vs_mem_load_aligned(w->mem, a, &cur, 4))) return vs_warp_memfault(w, f, a, 4, 0);
        if (cur == expect) {
          if ((f = vs_mem_store_aligned(w->mem, a, &vv[i], 4))) return vs_warp_memfault(w, f, a, 4, 1);
          ok = 1;
        }
      }
      if (ok) {
        vtu_record(w, a, vv[i], i, 4, 1);
        vtu_mark_atomic(w, 1);
      }
    } else if (a & 3) {
      return vs_warp_memfault(w, VS_MF_MISALIGNED, a, 4, 1);
    }
    t->lr_mask &= ~((vs_mask)1 << i);
    vd[i] = ok ? 0 : 1;
  }
  return vtu_next(w, d);
}
