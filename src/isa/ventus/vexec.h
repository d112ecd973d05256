/* Shared pieces of the Ventus instruction semantics (exec_*.c). */
#ifndef VS_ISA_VENTUS_VEXEC_H
#define VS_ISA_VENTUS_VEXEC_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/exec.h"
#include "core/launch.h"
#include "core/warp.h"
#include "fp/fphost.h"
#include "isa/ventus/ventus.h"
#include "ventsim/stats.h"
#include "ventsim/ventus_launch.h"

/* Ventus custom CSRs 0x800..0x80c (spec 2) */
enum {
  VTU_CSR_TID = 0x800, VTU_CSR_NUMW, VTU_CSR_NUMT, VTU_CSR_KNL, VTU_CSR_WGID, VTU_CSR_WID,
  VTU_CSR_LDS, VTU_CSR_PDS, VTU_CSR_GDX, VTU_CSR_GDY, VTU_CSR_GDZ, VTU_CSR_PRINT, VTU_CSR_RPC,
  VTU_CSR_LAST = VTU_CSR_RPC
};

/* The SIMT stack (spec section 4): divergent vector branches push the
 * paths still to run and their reconvergence point; join pops. */
#define VTU_SIMT_STACK_MAX 1024  /* documented limit: deeper is a kernel error */
typedef struct vtu_simt_entry {
  uint32_t rpc;        /* reconvergence pc                 */
  uint32_t pc;         /* where the entry's threads resume */
  vs_mask mask;        /* the threads                      */
} vtu_simt_entry;

/* A Ventus warp: the core warp plus the architectural state the core does
 * not know about. */
typedef struct vtu_warp {
  vs_warp w;
  vtu_simt_entry *stack;  /* (kept from work-group to work-group: warp_start
                             empties it, warp_free frees it) */
  uint32_t sp, stack_cap;
  /* from here on: zeroed by warp_start */
  uint32_t ccsr[VTU_CSR_LAST - VTU_CSR_TID + 1]; /* custom CSRs */
  uint32_t fflags, frm;
  uint32_t fflags_raised; /* flags raised by the last float instruction (commit log) */
  uint32_t vl, vtype, vstart, vxsat, vxrm;
  uint32_t mstatus, mtvec, mscratch, mepc, mcause, mtval, mie, mip;
  uint32_t lmul;        /* register group size (1 or 2)           */
  uint8_t vill;         /* vtype is illegal: vector ops trap      */
  vs_mask vlmask[2];    /* lanes below vl, per register of a group */
  vs_mask lr_mask;      /* lanes holding an lr.w reservation      */
  uint32_t lr_addr[VS_MAX_LANES], lr_val[VS_MAX_LANES];
} vtu_warp;
#define VTU_WARP_RESET_FROM offsetof(vtu_warp, ccsr)

#define VTU(w) ((vtu_warp *)(w))

/* The register files (vs_isa.regfiles): 256 scalar x registers (zfinx:
 * the float registers too) and 256 vector registers, one 32-bit element
 * per thread */
enum { VTU_RF_X = 0, VTU_RF_V = 1, VTU_NRF };
#define VTU_X(w) ((w)->rf[VTU_RF_X])
#define VTU_V(w) ((w)->rf[VTU_RF_V])

/* A Ventus launch being run (vs_launch_ctx.isa_state, vs_exec.isa_launch) */
typedef struct vtu_launch {
  const vs_ventus_record *rec;
  uint64_t lds_stride;          /* bytes of the local-memory window per slot    */
  int serial;                   /* every work-group sees the one whole window   */
  vs_addr priv_lo, priv_hi;     /* the launch's private memory                  */
} vtu_launch;

/* SIMT stack push with the overflow check; 0 or a fault event */
int vtu_push(vs_warp *w, uint32_t rpc, uint32_t pc, vs_mask mask);

/* The launch hooks (launch.c) */
int vtu_launch_begin(vs_launch_ctx *c, vs_error *err);
void vtu_launch_end(vs_launch_ctx *c);
void vtu_wg_start(const vs_launch_ctx *c, vs_wg *wg);
long vtu_private_owner(const vs_launch_ctx *c, const vs_wg *wg, vs_addr addr);
void vtu_warp_start(const vs_launch_ctx *c, vs_warp *w);

/* Semantics of every table row: int vtu_x_ID(vs_warp *, const vs_dinsn *) */
#define INSN(id, mn, args, match, mask, cls, fl) int vtu_x_##id(vs_warp *w, const vs_dinsn *d);
#include "isa/ventus/insns.def"
#undef INSN
int vtu_x_illegal(vs_warp *w, const vs_dinsn *d);

/* ---- helpers ---- */
/* Ventus is a 32-bit ISA: its pcs and addresses are computed in 32 bits
 * (wrapping as on the hardware) and zero-extended into the core's 64-bit
 * pc and addresses.  (Falling through the end of the 4 GiB, pc + len
 * reaches 2^32: the core's fetch wraps it, vs_isa.pc_mask.) */

/* The pc after the instruction (return addresses) */
#define VTU_NPC(w, d) ((uint32_t)(w)->pc + (d)->len)

static inline int vtu_next(vs_warp *w, const vs_dinsn *d)
{
  w->pc += d->len;
  return VS_EV_NONE;
}

/* Address of the instruction itself: a prefix (regext...) sits before it
 * and the pair starts at pc.  pc-relative operands count from here. */
#define VTU_IPC(w, d) ((uint32_t)(w)->pc + (d)->len - 4u)

/* Scalar register write; x0 stays zero. */
static inline void vtu_xw(vs_warp *w, unsigned rd, uint32_t v)
{
  VTU_X(w)[rd] = v;
  VTU_X(w)[0] = 0;
}

static inline uint32_t *vtu_vreg(vs_warp *w, unsigned r)
{
  return VTU_V(w) + (size_t)r * w->nlanes;
}

static inline uint32_t vtu_sext(uint32_t v, int bits)
{
  uint32_t m = 1u << (bits - 1);
  return ((v & ((bits == 32) ? 0xffffffffu : ((1u << bits) - 1u))) ^ m) - m;
}

/* Mask bit of element e from v0 (RVV layout: bit e of the register) */
static inline vs_mask vtu_v0_bits(vs_warp *w, unsigned g)
{
  /* elements g*n .. g*n+n-1 */
  unsigned n = w->nlanes;
  vs_mask m = 0;
  for (unsigned i = 0; i < n; i++) {
    unsigned e = g * n + i;
    if (VTU_V(w)[e >> 5] >> (e & 31) & 1) m |= (vs_mask)1 << i;
  }
  return m;
}

/* Lanes a vector instruction acts on in register g of the group */
static inline vs_mask vtu_emask(vs_warp *w, const vs_dinsn *d, unsigned g)
{
  vs_mask m = w->active & VTU(w)->vlmask[g];
  if (!VTU_F(d)->vm) m &= vtu_v0_bits(w, g);
  return m;
}

/* Checks vtype and register-group alignment for vector instructions with
 * the given vector register operands.  Returns 0 or a fault event. */
int vtu_vcheck_slow(vs_warp *w, const vs_dinsn *d, unsigned regs);
#define VTU_VD 1u
#define VTU_VS1 2u
#define VTU_VS2 4u
#define VTU_VS3 8u
static inline int vtu_vcheck(vs_warp *w, const vs_dinsn *d, unsigned regs)
{
  vtu_warp *t = VTU(w);
  if (__builtin_expect(!t->vill && t->lmul == 1, 1)) return 0;
  return vtu_vcheck_slow(w, d, regs);
}

static inline void vtu_record(vs_warp *w, uint32_t addr, uint32_t value, unsigned lane,
                             unsigned size, int is_store)
{
  vs_memrec *r = w->memrec;
  if (!r || r->n >= VS_MEMREC_MAX) return;
  vs_memacc *a = &r->acc[r->n++];
  a->addr = addr;
  a->value.w[0] = value;
  a->lane = (uint8_t)lane;
  a->size = (uint8_t)size;
  a->is_store = (uint8_t)is_store;
  a->is_atomic = 0;
  const vtu_launch *ls = (const vtu_launch *)w->ex->isa_launch;
  a->space = addr >= VS_VENTUS_LDS_BASE && addr < VS_VENTUS_LDS_END ? VS_SPACE_LOCAL
             : (addr >= ls->priv_lo && addr < ls->priv_hi) ? VS_SPACE_PRIVATE
                                                           : VS_SPACE_GLOBAL;
}

/* Marks the last n recorded accesses as parts of an atomic operation */
static inline void vtu_mark_atomic(vs_warp *w, unsigned n)
{
  vs_memrec *r = w->memrec;
  if (!r) return;
  for (unsigned k = r->n >= n ? r->n - n : 0; k < r->n; k++) r->acc[k].is_atomic = 1;
}

/* Loads size bytes at addr, sign- or zero-extended; 0 or a fault event.
 * Ventus accesses must be naturally aligned. */
static inline int vtu_load(vs_warp *w, uint32_t addr, unsigned size, int sign, uint32_t *out,
                          unsigned lane)
{
  uint32_t v = 0;
  if (__builtin_expect(addr & (size - 1), 0))
    return vs_warp_memfault(w, VS_MF_MISALIGNED, addr, size, 0);
  int f = vs_mem_load_aligned(w->mem, addr, &v, size);
  if (__builtin_expect(f != 0, 0)) return vs_warp_memfault(w, f, addr, size, 0);
  if (sign && size < 4) v = vtu_sext(v, (int)size * 8);
  *out = v;
  vtu_record(w, addr, v, lane, size, 0);
  return 0;
}

static inline int vtu_store(vs_warp *w, uint32_t addr, unsigned size, uint32_t v, unsigned lane)
{
  if (__builtin_expect(addr & (size - 1), 0))
    return vs_warp_memfault(w, VS_MF_MISALIGNED, addr, size, 1);
  int f = vs_mem_store_aligned(w->mem, addr, &v, size);
  if (__builtin_expect(f != 0, 0)) return vs_warp_memfault(w, f, addr, size, 1);
  vtu_record(w, addr, size == 4 ? v : (v & ((1u << (size * 8)) - 1u)), lane, size, 1);
  return 0;
}

/* Rounding mode for a float instruction: the rm field, or frm if dynamic.
 * Returns -1 if the result is reserved (illegal instruction). */
static inline int vtu_rm(vs_warp *w, unsigned rm)
{
  if (rm == 7) rm = VTU(w)->frm;
  return rm <= 4 ? (int)rm : -1;
}

/* The host-FPU fast path leaves exception flags in the host's sticky flags
 * instead of reading them after every instruction: they belong to the warp
 * ex->fpu_owner and are folded into its fflags when another warp uses the
 * host FPU or when the flags are read or written. */
static inline void vtu_fpu_fold(vs_exec *ex)
{
  if (ex->fpu_owner) VTU(ex->fpu_owner)->fflags |= vs_fp_host_flags();
  vs_fp_host_clear();
}

/* w is about to run float operations on the host FPU */
static inline void vtu_fpu_take(vs_warp *w)
{
  if (w->ex->fpu_owner != w) {
    vtu_fpu_fold(w->ex);
    w->ex->fpu_owner = w;
  }
}

/* w's fflags are about to be read or written */
static inline void vtu_fpu_sync(vs_warp *w)
{
  if (w->ex && w->ex->fpu_owner == w) vtu_fpu_fold(w->ex);
}

/* Accumulates the exception flags raised by a float instruction */
static inline void vtu_fflags(vs_warp *w, unsigned fl)
{
  VTU(w)->fflags |= fl;
  VTU(w)->fflags_raised = fl;
}

/* CSR access (exec_scalar.c). Return 0 or a fault event. */
int vtu_csr_read(vs_warp *w, unsigned csr, uint32_t *v);
int vtu_csr_write(vs_warp *w, unsigned csr, uint32_t v);
/* Recomputes vlmask from vl/lmul */
void vtu_update_vl(vtu_warp *t);

#endif
