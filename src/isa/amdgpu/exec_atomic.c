/* Atomics of GCN5 (gfx9): DS, FLAT, GLOBAL, MUBUF and SMEM (AMD "Vega"
 * ISA reference, chapters 7-9 and 12; the float rules of seed 001;
 * docs/amdgpu-exec.md "Atomics").
 *
 *   * One read-modify-write per active lane, lanes in increasing order
 *     (lane 0 first): several lanes on one address see each other's
 *     results in that order, so results are deterministic.
 *   * The returning forms (DS _rtn rows; FLAT/GLOBAL/MUBUF/SMEM with glc)
 *     write the pre-op value; inactive lanes keep their destination.
 *   * Global memory is changed with a host compare-and-swap on the page
 *     (the mechanism of the Ventus AMOs, src/isa/ventus/exec_vmem.c), so
 *     atomics stay atomic when `-j N` runs work-groups on several host
 *     threads.  LDS and private memory belong to one work-group / lane and
 *     are read and written plainly (through the usual access paths, with
 *     their bounds rules: LDS out of range reads 0 and drops the write).
 *   * Every access is recorded twice (the load and the store, even when a
 *     compare fails) with is_atomic set, so the race checker and the timing
 *     model see atomics.
 *   * Atomics must be naturally aligned (4 or 8 bytes): else a kernel error.
 *
 * Compare-and-swap data orders differ by family (ISA guide, DS_CMPST_B32:
 * "the order of src and cmp are the opposite of BUFFER_ATOMIC_CMPSWAP"):
 * FLAT/GLOBAL/MUBUF/SMEM cmpswap data = {src, cmp}; DS cmpst data0 = cmp,
 * data1 = src. */
#include <stdatomic.h>

#include "core/memory.h"
#include "isa/amdgpu/exec.h"
#include "ventsim/stats.h"

#define OP(k) (&amd_i(d)->f.op[k])

/* ---- the operations: new value from old and the data operands ---- */
enum {
  A_SWAP, A_CMPSWAP, A_CMPST, A_ADD, A_SUB, A_RSUB, A_SMIN, A_UMIN, A_SMAX, A_UMAX, A_AND, A_OR, A_XOR,
  A_INC, A_DEC, A_MSKOR, A_WRAP, A_FADD, A_FMIN, A_FMAX, A_FCMPST, A_FCMPSWAP, A_MFADD, A_CSUB
};

/* ---- float rules (seed 001) ----
 * MODE.fp_denorm (MODE[7:4]): bit 4 allows f32 input denormals, bit 5 f32
 * output denormals, bits 6/7 the same for f64. */
typedef struct fpk { uint64_t sign, expm, qbit, mant; } fpk; /* field masks of a width */
static const fpk F32 = {0x80000000u, 0x7f800000u, 0x00400000u, 0x007fffffu};
static const fpk F64 = {0x8000000000000000ull, 0x7ff0000000000000ull, 0x0008000000000000ull,
                        0x000fffffffffffffull};

static int f_nan(const fpk *k, uint64_t x) { return (x & k->expm) == k->expm && (x & k->mant); }
static int f_snan(const fpk *k, uint64_t x) { return f_nan(k, x) && !(x & k->qbit); }
static int f_inf(const fpk *k, uint64_t x) { return (x & ~k->sign) == k->expm; }
/* a denormal flushed to zero of the same sign */
static uint64_t f_flush(const fpk *k, uint64_t x) { return (x & k->expm) ? x : x & k->sign; }

/* Order of min/max: -0 below +0, as the integers (sign-magnitude) */
static int64_t f_key(const fpk *k, uint64_t x)
{
  int64_t m = (int64_t)(x & ~k->sign);
  return (x & k->sign) ? -m - 1 : m;
}

/* ds_min/max_f32/f64 (seed 001, "FP Max/Min selection rules"): a
 * signalling NaN input wins (quieted; src0 = the value in memory first);
 * else the larger (smaller), quiet NaNs ordered below -inf for max and
 * above +inf for min, so a quiet NaN loses to any number.  Denormals are
 * flushed for the comparison only when MODE does not allow input
 * denormals; the result is an unmodified input.  Ties keep memory. */
static uint64_t f_minmax(const fpk *k, uint64_t a, uint64_t b, int max, int flush)
{
  if (f_snan(k, a)) return a | k->qbit;
  if (f_snan(k, b)) return b | k->qbit;
  uint64_t fa = flush ? f_flush(k, a) : a, fb = flush ? f_flush(k, b) : b;
  int64_t ka = f_nan(k, a) ? (max ? INT64_MIN : INT64_MAX) : f_key(k, fa);
  int64_t kb = f_nan(k, b) ? (max ? INT64_MIN : INT64_MAX) : f_key(k, fb);
  return (max ? kb > ka : kb < ka) ? b : a;
}

/* ds_cmpst_f32/f64: swap when neither is NaN and they are equal (+0 ==
 * -0), inputs flushed as for min/max; the stored value is flushed too
 * when input flushing is on (seed 001) */
static uint64_t f_cmpst(const fpk *k, uint64_t old, uint64_t cmp, uint64_t src, int flush)
{
  uint64_t fo = flush ? f_flush(k, old) : old, fc = flush ? f_flush(k, cmp) : cmp;
  if (f_nan(k, fo) || f_nan(k, fc)) return old;
  int eq = fo == fc || ((fo | fc) & ~k->sign) == 0;
  return eq ? (flush ? f_flush(k, src) : src) : old;
}

/* ds_add_f32 (seed 001): round to nearest even whatever MODE.round says;
 * input denormals always flushed ("hard-wired"); output denormals flushed
 * unless MODE allows f32 output denormals.  NaN: an input NaN is returned
 * quieted, memory's (src0) if both are; -inf + +inf = -QNaN
 * (0xffc00000); zero + zero = +0 whatever the signs (seed "0 + 0 = +0";
 * IEEE would give -0 for -0 + -0).  The host adds in its default rounding
 * (nearest even). */
static uint32_t f_add32(uint32_t a, uint32_t b, uint32_t mode)
{
  a = (uint32_t)f_flush(&F32, a);
  b = (uint32_t)f_flush(&F32, b);
  if (f_nan(&F32, a)) return a | 0x00400000u;
  if (f_nan(&F32, b)) return b | 0x00400000u;
  if (f_inf(&F32, a) && f_inf(&F32, b) && ((a ^ b) >> 31)) return 0xffc00000u;
  if (((a | b) & 0x7fffffffu) == 0) return 0; /* seed: "0 + 0 = +0", -0 + -0 too */
  float fa, fb, fr;
  memcpy(&fa, &a, 4);
  memcpy(&fb, &b, 4);
  fr = fa + fb;
  uint32_t r;
  memcpy(&r, &fr, 4);
  if (!(mode & 0x20u)) r = (uint32_t)f_flush(&F32, r);
  return r;
}

static uint64_t apply(int op, int b64, uint64_t old, uint64_t s, uint64_t t, uint32_t mode)
{
  uint64_t mask = b64 ? ~0ull : 0xffffffffull;
  old &= mask;
  s &= mask;
  t &= mask;
  int64_t so = b64 ? (int64_t)old : (int64_t)(int32_t)old, ss = b64 ? (int64_t)s : (int64_t)(int32_t)s;
  const fpk *k = b64 ? &F64 : &F32;
  int flush_in = !(mode & (b64 ? 0x40u : 0x10u));
  uint64_t r;
  switch (op) {
  case A_SWAP: r = s; break;
  case A_CMPSWAP: r = old == t ? s : old; break; /* data = {src, cmp} */
  case A_CMPST: r = old == s ? t : old; break;   /* DS: data0 = cmp, data1 = src */
  case A_ADD: r = old + s; break;
  case A_SUB: r = old - s; break;
  case A_RSUB: r = s - old; break;
  case A_SMIN: r = so < ss ? old : s; break;
  case A_UMIN: r = old < s ? old : s; break;
  case A_SMAX: r = so > ss ? old : s; break;
  case A_UMAX: r = old > s ? old : s; break;
  case A_AND: r = old & s; break;
  case A_OR: r = old | s; break;
  case A_XOR: r = old ^ s; break;
  case A_INC: r = old >= s ? 0 : old + 1; break;                /* wraps to 0 past DATA   */
  case A_DEC: r = (old == 0 || old > s) ? s : old - 1; break;   /* wraps to DATA at 0     */
  case A_MSKOR: r = (old & ~s) | t; break;                      /* data0 mask, data1 bits */
  case A_WRAP: r = old >= s ? old - s : old + t; break;
  case A_FADD: r = f_add32((uint32_t)old, (uint32_t)s, mode); break;
  /* gfx11 memory (FLAT/GLOBAL/MUBUF) float add, seed 001 "float atomic
   * add is hard-wired to flush input denormals - it does not use the
   * MODE.fp_denorm bits": inputs flushed, MODE not consulted, so output
   * denormals are kept (f_add32 with "output denormals allowed") */
  case A_MFADD: r = f_add32((uint32_t)old, (uint32_t)s, 0x20u); break;
  case A_CSUB: r = old >= s ? old - s : 0; break;               /* gfx11: clamped at 0 */
  case A_FMIN: r = f_minmax(k, old, s, 0, flush_in); break;
  case A_FMAX: r = f_minmax(k, old, s, 1, flush_in); break;
  case A_FCMPSWAP: r = f_cmpst(k, old, t, s, flush_in); break;  /* data = {src, cmp}      */
  default: r = f_cmpst(k, old, s, t, flush_in); break;          /* A_FCMPST: data0 cmp    */
  }
  return r & mask;
}

/* Marks the accesses recorded since n0 as atomic */
static void mark_atomic(vs_warp *w, unsigned n0)
{
  vs_memrec *r = w->memrec;
  if (!r) return;
  for (unsigned k = n0; k < r->n; k++) r->acc[k].is_atomic = 1;
}

static unsigned rec_n(const vs_warp *w) { return w->memrec ? w->memrec->n : 0; }

/* One lane's atomic on global memory at device address a: a host
 * compare-and-swap loop on the page (pages holding decoded code: plain
 * accesses, which drop the decoded code). */
static int rmw_global(vs_warp *w, vs_addr a, int b64, int op, uint64_t s, uint64_t t, uint64_t *old, unsigned lane)
{
  unsigned size = b64 ? 8 : 4;
  if (a & (size - 1)) return vs_warp_memfault(w, VS_MF_MISALIGNED, a, size, 1);
  uint32_t mode = amd_w(w)->mode;
  int mf = 0;
  vs_page *p = vs_mem_page_rmw(w->mem, a, &mf);
  if (!p) return vs_warp_memfault(w, mf, a, size, 1);
  uint64_t o, n;
  if (!atomic_load_explicit(&p->decoded, memory_order_relaxed)) {
    if (b64) {
      uint64_t *q = (uint64_t *)(void *)(p->data + (a & VS_PAGE_MASK));
      o = __atomic_load_n(q, __ATOMIC_RELAXED);
      do {
        n = apply(op, 1, o, s, t, mode);
      } while (!__atomic_compare_exchange_n(q, &o, n, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
    } else {
      uint32_t *q = (uint32_t *)(void *)(p->data + (a & VS_PAGE_MASK)), o32 = __atomic_load_n(q, __ATOMIC_RELAXED), n32;
      do {
        n32 = (uint32_t)apply(op, 0, o32, s, t, mode);
      } while (!__atomic_compare_exchange_n(q, &o32, n32, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
      o = o32;
      n = n32;
    }
  } else {
    o = 0;
    if ((mf = vs_mem_load(w->mem, a, &o, size))) return vs_warp_memfault(w, mf, a, size, 0);
    n = apply(op, b64, o, s, t, mode);
    if ((mf = vs_mem_store(w->mem, a, &n, size))) return vs_warp_memfault(w, mf, a, size, 1);
  }
  unsigned n0 = rec_n(w);
  vs_memrec_add(w, a, &o, size, lane, 0, VS_SPACE_GLOBAL);
  vs_memrec_add(w, a, &n, size, lane, 1, VS_SPACE_GLOBAL);
  mark_atomic(w, n0);
  *old = o;
  return 0;
}

/* One lane's atomic on LDS (off: offset in the work-group's LDS) or, with
 * flat set, on a flat address (apertures or global memory) */
static int rmw_at(vs_warp *w, uint64_t addr, int flat, int b64, int op, uint64_t s, uint64_t t, uint64_t *old,
                  unsigned lane)
{
  unsigned size = b64 ? 8 : 4;
  uint64_t hi = addr >> 32;
  int lds = !flat || hi == VS_AMD_SHARED_APERTURE >> 32, priv = flat && hi == VS_AMD_PRIVATE_APERTURE >> 32;
  if (flat && !lds && !priv) return rmw_global(w, addr, b64, op, s, t, old, lane);
  if (addr & (size - 1)) return vs_warp_memfault(w, VS_MF_MISALIGNED, addr, size, 1);
  unsigned n0 = rec_n(w);
  uint64_t o = 0, n;
  int rc = flat ? amd_flat_access(w, addr, &o, size, 0, lane) : amd_lds_access(w, addr, &o, size, 0, lane);
  if (rc) return rc;
  n = apply(op, b64, o, s, t, amd_w(w)->mode);
  rc = flat ? amd_flat_access(w, addr, &n, size, 1, lane) : amd_lds_access(w, addr, &n, size, 1, lane);
  if (rc) return rc;
  mark_atomic(w, n0);
  *old = o;
  return 0;
}

static inline uint64_t rd(const uint32_t *lo, const uint32_t *hi, unsigned l)
{
  return (uint64_t)lo[l] | (hi ? (uint64_t)hi[l] << 32 : 0);
}

/* ---- DS: [vdst,] addr, data0[, data1]; w0: offset0[7:0] offset1[15:8] gds[16] ---- */
static int ds_atomic(vs_warp *w, const vs_dinsn *d, int op, int b64, int rtn, unsigned ndata)
{
  const amd_insn *I = amd_i(d);
  if (amd_ds_gds(I)) return amd_unsupported_form(w, d, "GDS");
  unsigned k = rtn ? 1 : 0;
  const uint32_t *ad = amd_vrow(w, OP(k)->val);
  const uint32_t *d0 = amd_vrow(w, OP(k + 1)->val), *d0h = b64 ? amd_vrow(w, OP(k + 1)->val + 1) : NULL;
  const uint32_t *d1 = ndata > 1 ? amd_vrow(w, OP(k + 2)->val) : d0;
  const uint32_t *d1h = ndata > 1 && b64 ? amd_vrow(w, OP(k + 2)->val + 1) : NULL;
  uint32_t *r0 = rtn ? amd_vrow(w, OP(0)->val) : NULL, *r1 = rtn && b64 ? amd_vrow(w, OP(0)->val + 1) : NULL;
  uint32_t off = I->w[0] & 0xffff;
  uint64_t m = w->active;
  while (m) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    m &= m - 1;
    uint64_t old = 0;
    int rc = rmw_at(w, (uint64_t)ad[l] + off, 0, b64, op, rd(d0, d0h, l), rd(d1, d1h, l), &old, l);
    if (rc) return rc;
    if (r0) r0[l] = (uint32_t)old;
    if (r1) r1[l] = (uint32_t)(old >> 32);
  }
  return amd_next(w, d);
}

#define DSA(ID, OPN, B64, RTN, ND) \
  AMDX(ID) { return ds_atomic(w, d, OPN, B64, RTN, ND); }
DSA(DS_ADD_U32, A_ADD, 0, 0, 1)
DSA(DS_SUB_U32, A_SUB, 0, 0, 1)
DSA(DS_RSUB_U32, A_RSUB, 0, 0, 1)
DSA(DS_INC_U32, A_INC, 0, 0, 1)
DSA(DS_DEC_U32, A_DEC, 0, 0, 1)
DSA(DS_MIN_I32, A_SMIN, 0, 0, 1)
DSA(DS_MAX_I32, A_SMAX, 0, 0, 1)
DSA(DS_MIN_U32, A_UMIN, 0, 0, 1)
DSA(DS_MAX_U32, A_UMAX, 0, 0, 1)
DSA(DS_AND_B32, A_AND, 0, 0, 1)
DSA(DS_OR_B32, A_OR, 0, 0, 1)
DSA(DS_XOR_B32, A_XOR, 0, 0, 1)
DSA(DS_MSKOR_B32, A_MSKOR, 0, 0, 2)
DSA(DS_CMPST_B32, A_CMPST, 0, 0, 2)
DSA(DS_CMPST_F32, A_FCMPST, 0, 0, 2)
DSA(DS_MIN_F32, A_FMIN, 0, 0, 1)
DSA(DS_MAX_F32, A_FMAX, 0, 0, 1)
DSA(DS_ADD_F32, A_FADD, 0, 0, 1)
DSA(DS_ADD_RTN_U32, A_ADD, 0, 1, 1)
DSA(DS_SUB_RTN_U32, A_SUB, 0, 1, 1)
DSA(DS_RSUB_RTN_U32, A_RSUB, 0, 1, 1)
DSA(DS_INC_RTN_U32, A_INC, 0, 1, 1)
DSA(DS_DEC_RTN_U32, A_DEC, 0, 1, 1)
DSA(DS_MIN_RTN_I32, A_SMIN, 0, 1, 1)
DSA(DS_MAX_RTN_I32, A_SMAX, 0, 1, 1)
DSA(DS_MIN_RTN_U32, A_UMIN, 0, 1, 1)
DSA(DS_MAX_RTN_U32, A_UMAX, 0, 1, 1)
DSA(DS_AND_RTN_B32, A_AND, 0, 1, 1)
DSA(DS_OR_RTN_B32, A_OR, 0, 1, 1)
DSA(DS_XOR_RTN_B32, A_XOR, 0, 1, 1)
DSA(DS_MSKOR_RTN_B32, A_MSKOR, 0, 1, 2)
DSA(DS_WRXCHG_RTN_B32, A_SWAP, 0, 1, 1)
DSA(DS_CMPST_RTN_B32, A_CMPST, 0, 1, 2)
DSA(DS_CMPST_RTN_F32, A_FCMPST, 0, 1, 2)
DSA(DS_MIN_RTN_F32, A_FMIN, 0, 1, 1)
DSA(DS_MAX_RTN_F32, A_FMAX, 0, 1, 1)
DSA(DS_WRAP_RTN_B32, A_WRAP, 0, 1, 2)
DSA(DS_ADD_RTN_F32, A_FADD, 0, 1, 1)
DSA(DS_ADD_U64, A_ADD, 1, 0, 1)
DSA(DS_SUB_U64, A_SUB, 1, 0, 1)
DSA(DS_RSUB_U64, A_RSUB, 1, 0, 1)
DSA(DS_INC_U64, A_INC, 1, 0, 1)
DSA(DS_DEC_U64, A_DEC, 1, 0, 1)
DSA(DS_MIN_I64, A_SMIN, 1, 0, 1)
DSA(DS_MAX_I64, A_SMAX, 1, 0, 1)
DSA(DS_MIN_U64, A_UMIN, 1, 0, 1)
DSA(DS_MAX_U64, A_UMAX, 1, 0, 1)
DSA(DS_AND_B64, A_AND, 1, 0, 1)
DSA(DS_OR_B64, A_OR, 1, 0, 1)
DSA(DS_XOR_B64, A_XOR, 1, 0, 1)
DSA(DS_MSKOR_B64, A_MSKOR, 1, 0, 2)
DSA(DS_CMPST_B64, A_CMPST, 1, 0, 2)
DSA(DS_CMPST_F64, A_FCMPST, 1, 0, 2)
DSA(DS_MIN_F64, A_FMIN, 1, 0, 1)
DSA(DS_MAX_F64, A_FMAX, 1, 0, 1)
DSA(DS_ADD_RTN_U64, A_ADD, 1, 1, 1)
DSA(DS_SUB_RTN_U64, A_SUB, 1, 1, 1)
DSA(DS_RSUB_RTN_U64, A_RSUB, 1, 1, 1)
DSA(DS_INC_RTN_U64, A_INC, 1, 1, 1)
DSA(DS_DEC_RTN_U64, A_DEC, 1, 1, 1)
DSA(DS_MIN_RTN_I64, A_SMIN, 1, 1, 1)
DSA(DS_MAX_RTN_I64, A_SMAX, 1, 1, 1)
DSA(DS_MIN_RTN_U64, A_UMIN, 1, 1, 1)
DSA(DS_MAX_RTN_U64, A_UMAX, 1, 1, 1)
DSA(DS_AND_RTN_B64, A_AND, 1, 1, 1)
DSA(DS_OR_RTN_B64, A_OR, 1, 1, 1)
DSA(DS_XOR_RTN_B64, A_XOR, 1, 1, 1)
DSA(DS_MSKOR_RTN_B64, A_MSKOR, 1, 1, 2)
DSA(DS_WRXCHG_RTN_B64, A_SWAP, 1, 1, 1)
DSA(DS_CMPST_RTN_B64, A_CMPST, 1, 1, 2)
DSA(DS_CMPST_RTN_F64, A_FCMPST, 1, 1, 2)
/* gfx11 ds_cmpstore: data0 = src, data1 = cmp (RDNA3 ISA DS_CMPSTORE_B32:
 * "src = DATA; cmp = DATA2"), the order of the cmpswap atomics */
DSA(DS_CMPSTORE_B32, A_CMPSWAP, 0, 0, 2)
DSA(DS_CMPSTORE_F32, A_FCMPSWAP, 0, 0, 2)
DSA(DS_CMPSTORE_RTN_B32, A_CMPSWAP, 0, 1, 2)
DSA(DS_CMPSTORE_RTN_F32, A_FCMPSWAP, 0, 1, 2)
DSA(DS_CMPSTORE_B64, A_CMPSWAP, 1, 0, 2)
DSA(DS_CMPSTORE_F64, A_FCMPSWAP, 1, 0, 2)
DSA(DS_CMPSTORE_RTN_B64, A_CMPSWAP, 1, 1, 2)
DSA(DS_CMPSTORE_RTN_F64, A_FCMPSWAP, 1, 1, 2)
DSA(DS_MIN_RTN_F64, A_FMIN, 1, 1, 1)
DSA(DS_MAX_RTN_F64, A_FMAX, 1, 1, 1)

/* ds_wrxchg2[st64]_rtn_b32/b64: two exchanges at addr + offset0/1 x the
 * element size (x 64 for st64); vdst gets both old values */
static int ds_wrxchg2(vs_warp *w, const vs_dinsn *d, int b64, unsigned st64)
{
  const amd_insn *I = amd_i(d);
  if (amd_ds_gds(I)) return amd_unsupported_form(w, d, "GDS");
  unsigned dw = b64 ? 2 : 1, scale = 4 * dw * (st64 ? 64 : 1);
  const uint32_t *ad = amd_vrow(w, OP(1)->val);
  const uint32_t *dl[2] = {amd_vrow(w, OP(2)->val), amd_vrow(w, OP(3)->val)};
  const uint32_t *dh[2] = {b64 ? amd_vrow(w, OP(2)->val + 1) : NULL, b64 ? amd_vrow(w, OP(3)->val + 1) : NULL};
  unsigned offs[2] = {I->w[0] & 0xff, (I->w[0] >> 8) & 0xff};
  uint64_t m = w->active;
  while (m) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    m &= m - 1;
    for (unsigned p = 0; p < 2; p++) {
      uint64_t old = 0;
      int rc = rmw_at(w, (uint64_t)ad[l] + (uint64_t)offs[p] * scale, 0, b64, A_SWAP, rd(dl[p], dh[p], l), 0, &old, l);
      if (rc) return rc;
      amd_vrow(w, OP(0)->val + p * dw)[l] = (uint32_t)old;
      if (b64) amd_vrow(w, OP(0)->val + p * dw + 1)[l] = (uint32_t)(old >> 32);
    }
  }
  return amd_next(w, d);
}

AMDX(DS_WRXCHG2_RTN_B32) { return ds_wrxchg2(w, d, 0, 0); }
AMDX(DS_WRXCHG2ST64_RTN_B32) { return ds_wrxchg2(w, d, 0, 1); }
AMDX(DS_WRXCHG2_RTN_B64) { return ds_wrxchg2(w, d, 1, 0); }
AMDX(DS_WRXCHG2ST64_RTN_B64) { return ds_wrxchg2(w, d, 1, 1); }

/* ---- FLAT / GLOBAL: [vdst (glc),] vaddr, data[, saddr]; w0: glc[16] ---- */
static int flat_atomic(vs_warp *w, const vs_dinsn *d, int op, int b64, int global)
{
  const amd_insn *I = amd_i(d);
  int glc = amd_flat_glc(I);
  unsigned k = glc ? 1 : 0;
  const amd_operand *va = OP(k), *data = OP(k + 1), *sa = global ? OP(k + 2) : NULL;
  int64_t off = global ? (int64_t)((int32_t)(I->w[0] << 19) >> 19) : (int64_t)(I->w[0] & 0xfff);
  int has_saddr = sa && sa->kind != AMD_OPK_NONE;
  uint64_t sbase = has_saddr ? amd_rs64(w, sa) : 0;
  const uint32_t *a0 = amd_vrow(w, va->val), *a1 = has_saddr ? NULL : amd_vrow(w, va->val + 1);
  unsigned dw = b64 ? 2 : 1, cmp = op == A_CMPSWAP || op == A_FCMPSWAP;
  const uint32_t *sl = amd_vrow(w, data->val), *sh = b64 ? amd_vrow(w, data->val + 1) : NULL;
  const uint32_t *tl = cmp ? amd_vrow(w, data->val + dw) : sl, *th = cmp && b64 ? amd_vrow(w, data->val + dw + 1) : NULL;
  uint32_t *r0 = glc ? amd_vrow(w, OP(0)->val) : NULL, *r1 = glc && b64 ? amd_vrow(w, OP(0)->val + 1) : NULL;
  uint64_t m = w->active;
  while (m) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    m &= m - 1;
    uint64_t addr = (has_saddr ? sbase + a0[l] : ((uint64_t)a1[l] << 32 | a0[l])) + (uint64_t)off;
    uint64_t old = 0;
    int rc = global ? rmw_global(w, addr, b64, op, rd(sl, sh, l), rd(tl, th, l), &old, l)
                    : rmw_at(w, addr, 1, b64, op, rd(sl, sh, l), rd(tl, th, l), &old, l);
    if (rc) return rc;
    if (r0) r0[l] = (uint32_t)old;
    if (r1) r1[l] = (uint32_t)(old >> 32);
  }
  return amd_next(w, d);
}

/* ---- MUBUF: vdata (data, and the pre-op value with glc), vaddr, srsrc,
 * soffset; w0: glc[14] lds[16]; out of range: no change, returns 0 ---- */
static int buf_atomic(vs_warp *w, const vs_dinsn *d, int op, int b64)
{
  const amd_insn *I = amd_i(d);
  if (amd_buf_lds(I)) return amd_unsupported_form(w, d, "the LDS-DMA form (lds)");
  int glc = (I->w[0] >> 14) & 1;
  amd_vbuf b;
  amd_vbuf_init(w, d, &b, OP(1), OP(2), OP(3));
  unsigned dw = b64 ? 2 : 1, cmp = op == A_CMPSWAP || op == A_FCMPSWAP, size = 4 * dw;
  unsigned v = OP(0)->val;
  uint32_t *sl = amd_vrow(w, v), *sh = b64 ? amd_vrow(w, v + 1) : NULL;
  const uint32_t *tl = cmp ? amd_vrow(w, v + dw) : sl, *th = cmp && b64 ? amd_vrow(w, v + dw + 1) : NULL;
  uint64_t m = w->active;
  while (m) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    m &= m - 1;
    uint64_t old = 0;
    if (amd_vbuf_in_range(&b, l, size)) {
      vs_addr a = amd_vbuf_addr(&b, l, 0);
      uint64_t s = rd(sl, sh, l), t = rd(tl, th, l);
      int rc = b.space == VS_SPACE_GLOBAL ? rmw_global(w, a, b64, op, s, t, &old, l) : 0;
      if (b.space != VS_SPACE_GLOBAL) { /* scratch: this lane's own memory, a dword per element */
        if (a & 3) return vs_warp_memfault(w, VS_MF_MISALIGNED, a, size, 1);
        unsigned n0 = rec_n(w);
        uint32_t o[2] = {0, 0}, nv[2];
        for (unsigned q = 0; q < dw; q++) {
          vs_addr aq = amd_vbuf_addr(&b, l, 4 * q);
          int mf = vs_mem_load(w->mem, aq, &o[q], 4);
          if (mf) return vs_warp_memfault(w, mf, aq, 4, 0);
          vs_memrec_add(w, aq, &o[q], 4, l, 0, b.space);
        }
        old = (uint64_t)o[0] | (uint64_t)o[1] << 32;
        uint64_t n = apply(op, b64, old, s, t, amd_w(w)->mode);
        nv[0] = (uint32_t)n;
        nv[1] = (uint32_t)(n >> 32);
        for (unsigned q = 0; q < dw; q++) {
          vs_addr aq = amd_vbuf_addr(&b, l, 4 * q);
          int mf = vs_mem_store(w->mem, aq, &nv[q], 4);
          if (mf) return vs_warp_memfault(w, mf, aq, 4, 1);
          vs_memrec_add(w, aq, &nv[q], 4, l, 1, b.space);
        }
        mark_atomic(w, n0);
      }
      if (rc) return rc;
    }
    if (glc) {
      sl[l] = (uint32_t)old;
      if (sh) sh[l] = (uint32_t)(old >> 32);
    }
  }
  return amd_next(w, d);
}

/* ---- SMEM: sdata, sbase, soffset; w0: glc[16].  One atomic of the wave:
 * s_atomic at sbase + offset, s_buffer_atomic at the V#'s base + offset
 * (range-checked against NUM_RECORDS: out of range no change, returns 0);
 * the low two address bits are ignored as for every SMEM access. ---- */
static int s_atomic(vs_warp *w, const vs_dinsn *d, int op, int b64, int buffer)
{
  const amd_insn *I = amd_i(d);
  int glc = (I->w[0] >> 16) & 1;
  unsigned idx = amd_sidx(OP(0)), dw = b64 ? 2 : 1;
  uint64_t off = amd_smem_offset(w, d), addr;
  int in_range = 1;
  if (buffer) {
    unsigned b = amd_sidx(OP(1));
    const uint32_t *S = amd_S(w);
    off &= 0xffffffffu;
    addr = ((uint64_t)S[b] | (uint64_t)(S[b + 1] & 0xffff) << 32) + off;
    in_range = (off & ~3ull) + 4 * dw <= S[b + 2];
  } else {
    addr = amd_rs64(w, OP(1)) + off;
  }
  addr &= ~(uint64_t)3 & (((uint64_t)1 << VS_ADDR_BITS) - 1);
  /* data: sdata[0] (x2: [0:1]); cmpswap's compare value follows it */
  int cmp = op == A_CMPSWAP;
  uint64_t s = b64 ? amd_rs64_idx(w, idx) : amd_S(w)[idx];
  uint64_t t = !cmp ? 0 : b64 ? amd_rs64_idx(w, idx + 2) : amd_S(w)[idx + 1];
  uint64_t old = 0;
  if (in_range) {
    int rc = rmw_global(w, addr, b64, op, s, t, &old, 0);
    if (rc) return rc;
  }
  if (glc) {
    amd_ws32(w, idx, (uint32_t)old);
    if (b64) amd_ws32(w, idx + 1, (uint32_t)(old >> 32));
  }
  return amd_next(w, d);
}

/* The rows: every family has the same 26 operations */
#define FLAT_A(ID, OPN, B64) \
  AMDX(ID) { return flat_atomic(w, d, OPN, B64, 0); }
#define GLOBAL_A(ID, OPN, B64) \
  AMDX(ID) { return flat_atomic(w, d, OPN, B64, 1); }
#define BUF_A(ID, OPN, B64) \
  AMDX(ID) { return buf_atomic(w, d, OPN, B64); }
#define SMEM_A(ID, OPN, B64) \
  AMDX(ID) { return s_atomic(w, d, OPN, B64, 0); }
#define SBUF_A(ID, OPN, B64) \
  AMDX(ID) { return s_atomic(w, d, OPN, B64, 1); }
FLAT_A(FLAT_ATOMIC_SWAP, A_SWAP, 0)
FLAT_A(FLAT_ATOMIC_CMPSWAP, A_CMPSWAP, 0)
FLAT_A(FLAT_ATOMIC_ADD, A_ADD, 0)
FLAT_A(FLAT_ATOMIC_SUB, A_SUB, 0)
FLAT_A(FLAT_ATOMIC_SMIN, A_SMIN, 0)
FLAT_A(FLAT_ATOMIC_UMIN, A_UMIN, 0)
FLAT_A(FLAT_ATOMIC_SMAX, A_SMAX, 0)
FLAT_A(FLAT_ATOMIC_UMAX, A_UMAX, 0)
FLAT_A(FLAT_ATOMIC_AND, A_AND, 0)
FLAT_A(FLAT_ATOMIC_OR, A_OR, 0)
FLAT_A(FLAT_ATOMIC_XOR, A_XOR, 0)
FLAT_A(FLAT_ATOMIC_INC, A_INC, 0)
FLAT_A(FLAT_ATOMIC_DEC, A_DEC, 0)
FLAT_A(FLAT_ATOMIC_SWAP_X2, A_SWAP, 1)
FLAT_A(FLAT_ATOMIC_CMPSWAP_X2, A_CMPSWAP, 1)
FLAT_A(FLAT_ATOMIC_ADD_X2, A_ADD, 1)
FLAT_A(FLAT_ATOMIC_SUB_X2, A_SUB, 1)
FLAT_A(FLAT_ATOMIC_SMIN_X2, A_SMIN, 1)
FLAT_A(FLAT_ATOMIC_UMIN_X2, A_UMIN, 1)
FLAT_A(FLAT_ATOMIC_SMAX_X2, A_SMAX, 1)
FLAT_A(FLAT_ATOMIC_UMAX_X2, A_UMAX, 1)
FLAT_A(FLAT_ATOMIC_AND_X2, A_AND, 1)
FLAT_A(FLAT_ATOMIC_OR_X2, A_OR, 1)
FLAT_A(FLAT_ATOMIC_XOR_X2, A_XOR, 1)
FLAT_A(FLAT_ATOMIC_INC_X2, A_INC, 1)
FLAT_A(FLAT_ATOMIC_DEC_X2, A_DEC, 1)
GLOBAL_A(GLOBAL_ATOMIC_SWAP, A_SWAP, 0)
GLOBAL_A(GLOBAL_ATOMIC_CMPSWAP, A_CMPSWAP, 0)
GLOBAL_A(GLOBAL_ATOMIC_ADD, A_ADD, 0)
GLOBAL_A(GLOBAL_ATOMIC_SUB, A_SUB, 0)
GLOBAL_A(GLOBAL_ATOMIC_SMIN, A_SMIN, 0)
GLOBAL_A(GLOBAL_ATOMIC_UMIN, A_UMIN, 0)
GLOBAL_A(GLOBAL_ATOMIC_SMAX, A_SMAX, 0)
GLOBAL_A(GLOBAL_ATOMIC_UMAX, A_UMAX, 0)
GLOBAL_A(GLOBAL_ATOMIC_AND, A_AND, 0)
GLOBAL_A(GLOBAL_ATOMIC_OR, A_OR, 0)
GLOBAL_A(GLOBAL_ATOMIC_XOR, A_XOR, 0)
GLOBAL_A(GLOBAL_ATOMIC_INC, A_INC, 0)
GLOBAL_A(GLOBAL_ATOMIC_DEC, A_DEC, 0)
GLOBAL_A(GLOBAL_ATOMIC_SWAP_X2, A_SWAP, 1)
GLOBAL_A(GLOBAL_ATOMIC_CMPSWAP_X2, A_CMPSWAP, 1)
GLOBAL_A(GLOBAL_ATOMIC_ADD_X2, A_ADD, 1)
GLOBAL_A(GLOBAL_ATOMIC_SUB_X2, A_SUB, 1)
GLOBAL_A(GLOBAL_ATOMIC_SMIN_X2, A_SMIN, 1)
GLOBAL_A(GLOBAL_ATOMIC_UMIN_X2, A_UMIN, 1)
GLOBAL_A(GLOBAL_ATOMIC_SMAX_X2, A_SMAX, 1)
GLOBAL_A(GLOBAL_ATOMIC_UMAX_X2, A_UMAX, 1)
GLOBAL_A(GLOBAL_ATOMIC_AND_X2, A_AND, 1)
GLOBAL_A(GLOBAL_ATOMIC_OR_X2, A_OR, 1)
GLOBAL_A(GLOBAL_ATOMIC_XOR_X2, A_XOR, 1)
GLOBAL_A(GLOBAL_ATOMIC_INC_X2, A_INC, 1)
GLOBAL_A(GLOBAL_ATOMIC_DEC_X2, A_DEC, 1)
BUF_A(BUFFER_ATOMIC_SWAP, A_SWAP, 0)
BUF_A(BUFFER_ATOMIC_CMPSWAP, A_CMPSWAP, 0)
BUF_A(BUFFER_ATOMIC_ADD, A_ADD, 0)
BUF_A(BUFFER_ATOMIC_SUB, A_SUB, 0)
BUF_A(BUFFER_ATOMIC_SMIN, A_SMIN, 0)
BUF_A(BUFFER_ATOMIC_UMIN, A_UMIN, 0)
BUF_A(BUFFER_ATOMIC_SMAX, A_SMAX, 0)
BUF_A(BUFFER_ATOMIC_UMAX, A_UMAX, 0)
BUF_A(BUFFER_ATOMIC_AND, A_AND, 0)
BUF_A(BUFFER_ATOMIC_OR, A_OR, 0)
BUF_A(BUFFER_ATOMIC_XOR, A_XOR, 0)
BUF_A(BUFFER_ATOMIC_INC, A_INC, 0)
BUF_A(BUFFER_ATOMIC_DEC, A_DEC, 0)
BUF_A(BUFFER_ATOMIC_SWAP_X2, A_SWAP, 1)
BUF_A(BUFFER_ATOMIC_CMPSWAP_X2, A_CMPSWAP, 1)
BUF_A(BUFFER_ATOMIC_ADD_X2, A_ADD, 1)
BUF_A(BUFFER_ATOMIC_SUB_X2, A_SUB, 1)
BUF_A(BUFFER_ATOMIC_SMIN_X2, A_SMIN, 1)
BUF_A(BUFFER_ATOMIC_UMIN_X2, A_UMIN, 1)
BUF_A(BUFFER_ATOMIC_SMAX_X2, A_SMAX, 1)
BUF_A(BUFFER_ATOMIC_UMAX_X2, A_UMAX, 1)
BUF_A(BUFFER_ATOMIC_AND_X2, A_AND, 1)
BUF_A(BUFFER_ATOMIC_OR_X2, A_OR, 1)
BUF_A(BUFFER_ATOMIC_XOR_X2, A_XOR, 1)
BUF_A(BUFFER_ATOMIC_INC_X2, A_INC, 1)
BUF_A(BUFFER_ATOMIC_DEC_X2, A_DEC, 1)
SMEM_A(S_ATOMIC_SWAP, A_SWAP, 0)
SMEM_A(S_ATOMIC_CMPSWAP, A_CMPSWAP, 0)
SMEM_A(S_ATOMIC_ADD, A_ADD, 0)
SMEM_A(S_ATOMIC_SUB, A_SUB, 0)
SMEM_A(S_ATOMIC_SMIN, A_SMIN, 0)
SMEM_A(S_ATOMIC_UMIN, A_UMIN, 0)
SMEM_A(S_ATOMIC_SMAX, A_SMAX, 0)
SMEM_A(S_ATOMIC_UMAX, A_UMAX, 0)
SMEM_A(S_ATOMIC_AND, A_AND, 0)
SMEM_A(S_ATOMIC_OR, A_OR, 0)
SMEM_A(S_ATOMIC_XOR, A_XOR, 0)
SMEM_A(S_ATOMIC_INC, A_INC, 0)
SMEM_A(S_ATOMIC_DEC, A_DEC, 0)
SMEM_A(S_ATOMIC_SWAP_X2, A_SWAP, 1)
SMEM_A(S_ATOMIC_CMPSWAP_X2, A_CMPSWAP, 1)
SMEM_A(S_ATOMIC_ADD_X2, A_ADD, 1)
SMEM_A(S_ATOMIC_SUB_X2, A_SUB, 1)
SMEM_A(S_ATOMIC_SMIN_X2, A_SMIN, 1)
SMEM_A(S_ATOMIC_UMIN_X2, A_UMIN, 1)
SMEM_A(S_ATOMIC_SMAX_X2, A_SMAX, 1)
SMEM_A(S_ATOMIC_UMAX_X2, A_UMAX, 1)
SMEM_A(S_ATOMIC_AND_X2, A_AND, 1)
SMEM_A(S_ATOMIC_OR_X2, A_OR, 1)
SMEM_A(S_ATOMIC_XOR_X2, A_XOR, 1)
SMEM_A(S_ATOMIC_INC_X2, A_INC, 1)
SMEM_A(S_ATOMIC_DEC_X2, A_DEC, 1)
SBUF_A(S_BUFFER_ATOMIC_SWAP, A_SWAP, 0)
SBUF_A(S_BUFFER_ATOMIC_CMPSWAP, A_CMPSWAP, 0)
SBUF_A(S_BUFFER_ATOMIC_ADD, A_ADD, 0)
SBUF_A(S_BUFFER_ATOMIC_SUB, A_SUB, 0)
SBUF_A(S_BUFFER_ATOMIC_SMIN, A_SMIN, 0)
SBUF_A(S_BUFFER_ATOMIC_UMIN, A_UMIN, 0)
SBUF_A(S_BUFFER_ATOMIC_SMAX, A_SMAX, 0)
SBUF_A(S_BUFFER_ATOMIC_UMAX, A_UMAX, 0)
SBUF_A(S_BUFFER_ATOMIC_AND, A_AND, 0)
SBUF_A(S_BUFFER_ATOMIC_OR, A_OR, 0)
SBUF_A(S_BUFFER_ATOMIC_XOR, A_XOR, 0)
SBUF_A(S_BUFFER_ATOMIC_INC, A_INC, 0)
SBUF_A(S_BUFFER_ATOMIC_DEC, A_DEC, 0)
SBUF_A(S_BUFFER_ATOMIC_SWAP_X2, A_SWAP, 1)
SBUF_A(S_BUFFER_ATOMIC_CMPSWAP_X2, A_CMPSWAP, 1)
SBUF_A(S_BUFFER_ATOMIC_ADD_X2, A_ADD, 1)
SBUF_A(S_BUFFER_ATOMIC_SUB_X2, A_SUB, 1)
SBUF_A(S_BUFFER_ATOMIC_SMIN_X2, A_SMIN, 1)
SBUF_A(S_BUFFER_ATOMIC_UMIN_X2, A_UMIN, 1)
SBUF_A(S_BUFFER_ATOMIC_SMAX_X2, A_SMAX, 1)
SBUF_A(S_BUFFER_ATOMIC_UMAX_X2, A_UMAX, 1)
SBUF_A(S_BUFFER_ATOMIC_AND_X2, A_AND, 1)
SBUF_A(S_BUFFER_ATOMIC_OR_X2, A_OR, 1)
SBUF_A(S_BUFFER_ATOMIC_XOR_X2, A_XOR, 1)
SBUF_A(S_BUFFER_ATOMIC_INC_X2, A_INC, 1)
SBUF_A(S_BUFFER_ATOMIC_DEC_X2, A_DEC, 1)

/* The gfx11 (RDNA3) names of these rows: the same semantics
 * (cmake/amdx_table.cmake) */
AMD11_AS(BUFFER_ATOMIC_ADD_U32, BUFFER_ATOMIC_ADD);
AMD11_AS(BUFFER_ATOMIC_ADD_U64, BUFFER_ATOMIC_ADD_X2);
AMD11_AS(BUFFER_ATOMIC_AND_B32, BUFFER_ATOMIC_AND);
AMD11_AS(BUFFER_ATOMIC_AND_B64, BUFFER_ATOMIC_AND_X2);
AMD11_AS(BUFFER_ATOMIC_CMPSWAP_B32, BUFFER_ATOMIC_CMPSWAP);
AMD11_AS(BUFFER_ATOMIC_CMPSWAP_B64, BUFFER_ATOMIC_CMPSWAP_X2);
AMD11_AS(BUFFER_ATOMIC_DEC_U32, BUFFER_ATOMIC_DEC);
AMD11_AS(BUFFER_ATOMIC_DEC_U64, BUFFER_ATOMIC_DEC_X2);
AMD11_AS(BUFFER_ATOMIC_INC_U32, BUFFER_ATOMIC_INC);
AMD11_AS(BUFFER_ATOMIC_INC_U64, BUFFER_ATOMIC_INC_X2);
AMD11_AS(BUFFER_ATOMIC_MAX_I32, BUFFER_ATOMIC_SMAX);
AMD11_AS(BUFFER_ATOMIC_MAX_I64, BUFFER_ATOMIC_SMAX_X2);
AMD11_AS(BUFFER_ATOMIC_MAX_U32, BUFFER_ATOMIC_UMAX);
AMD11_AS(BUFFER_ATOMIC_MAX_U64, BUFFER_ATOMIC_UMAX_X2);
AMD11_AS(BUFFER_ATOMIC_MIN_I32, BUFFER_ATOMIC_SMIN);
AMD11_AS(BUFFER_ATOMIC_MIN_I64, BUFFER_ATOMIC_SMIN_X2);
AMD11_AS(BUFFER_ATOMIC_MIN_U32, BUFFER_ATOMIC_UMIN);
AMD11_AS(BUFFER_ATOMIC_MIN_U64, BUFFER_ATOMIC_UMIN_X2);
AMD11_AS(BUFFER_ATOMIC_OR_B32, BUFFER_ATOMIC_OR);
AMD11_AS(BUFFER_ATOMIC_OR_B64, BUFFER_ATOMIC_OR_X2);
AMD11_AS(BUFFER_ATOMIC_SUB_U32, BUFFER_ATOMIC_SUB);
AMD11_AS(BUFFER_ATOMIC_SUB_U64, BUFFER_ATOMIC_SUB_X2);
AMD11_AS(BUFFER_ATOMIC_SWAP_B32, BUFFER_ATOMIC_SWAP);
AMD11_AS(BUFFER_ATOMIC_SWAP_B64, BUFFER_ATOMIC_SWAP_X2);
AMD11_AS(BUFFER_ATOMIC_XOR_B32, BUFFER_ATOMIC_XOR);
AMD11_AS(BUFFER_ATOMIC_XOR_B64, BUFFER_ATOMIC_XOR_X2);
AMD11_AS(DS_STOREXCHG_2ADDR_RTN_B32, DS_WRXCHG2_RTN_B32);
AMD11_AS(DS_STOREXCHG_2ADDR_RTN_B64, DS_WRXCHG2_RTN_B64);
AMD11_AS(DS_STOREXCHG_2ADDR_STRIDE64_RTN_B32, DS_WRXCHG2ST64_RTN_B32);
AMD11_AS(DS_STOREXCHG_2ADDR_STRIDE64_RTN_B64, DS_WRXCHG2ST64_RTN_B64);
AMD11_AS(DS_STOREXCHG_RTN_B32, DS_WRXCHG_RTN_B32);
AMD11_AS(DS_STOREXCHG_RTN_B64, DS_WRXCHG_RTN_B64);
AMD11_AS(FLAT_ATOMIC_ADD_U32, FLAT_ATOMIC_ADD);
AMD11_AS(FLAT_ATOMIC_ADD_U64, FLAT_ATOMIC_ADD_X2);
AMD11_AS(FLAT_ATOMIC_AND_B32, FLAT_ATOMIC_AND);
AMD11_AS(FLAT_ATOMIC_AND_B64, FLAT_ATOMIC_AND_X2);
AMD11_AS(FLAT_ATOMIC_CMPSWAP_B32, FLAT_ATOMIC_CMPSWAP);
AMD11_AS(FLAT_ATOMIC_CMPSWAP_B64, FLAT_ATOMIC_CMPSWAP_X2);
AMD11_AS(FLAT_ATOMIC_DEC_U32, FLAT_ATOMIC_DEC);
AMD11_AS(FLAT_ATOMIC_DEC_U64, FLAT_ATOMIC_DEC_X2);
AMD11_AS(FLAT_ATOMIC_INC_U32, FLAT_ATOMIC_INC);
AMD11_AS(FLAT_ATOMIC_INC_U64, FLAT_ATOMIC_INC_X2);
AMD11_AS(FLAT_ATOMIC_MAX_I32, FLAT_ATOMIC_SMAX);
AMD11_AS(FLAT_ATOMIC_MAX_I64, FLAT_ATOMIC_SMAX_X2);
AMD11_AS(FLAT_ATOMIC_MAX_U32, FLAT_ATOMIC_UMAX);
AMD11_AS(FLAT_ATOMIC_MAX_U64, FLAT_ATOMIC_UMAX_X2);
AMD11_AS(FLAT_ATOMIC_MIN_I32, FLAT_ATOMIC_SMIN);
AMD11_AS(FLAT_ATOMIC_MIN_I64, FLAT_ATOMIC_SMIN_X2);
AMD11_AS(FLAT_ATOMIC_MIN_U32, FLAT_ATOMIC_UMIN);
AMD11_AS(FLAT_ATOMIC_MIN_U64, FLAT_ATOMIC_UMIN_X2);
AMD11_AS(FLAT_ATOMIC_OR_B32, FLAT_ATOMIC_OR);
AMD11_AS(FLAT_ATOMIC_OR_B64, FLAT_ATOMIC_OR_X2);
AMD11_AS(FLAT_ATOMIC_SUB_U32, FLAT_ATOMIC_SUB);
AMD11_AS(FLAT_ATOMIC_SUB_U64, FLAT_ATOMIC_SUB_X2);
AMD11_AS(FLAT_ATOMIC_SWAP_B32, FLAT_ATOMIC_SWAP);
AMD11_AS(FLAT_ATOMIC_SWAP_B64, FLAT_ATOMIC_SWAP_X2);
AMD11_AS(FLAT_ATOMIC_XOR_B32, FLAT_ATOMIC_XOR);
AMD11_AS(FLAT_ATOMIC_XOR_B64, FLAT_ATOMIC_XOR_X2);
AMD11_AS(GLOBAL_ATOMIC_ADD_U32, GLOBAL_ATOMIC_ADD);
AMD11_AS(GLOBAL_ATOMIC_ADD_U64, GLOBAL_ATOMIC_ADD_X2);
AMD11_AS(GLOBAL_ATOMIC_AND_B32, GLOBAL_ATOMIC_AND);
AMD11_AS(GLOBAL_ATOMIC_AND_B64, GLOBAL_ATOMIC_AND_X2);
AMD11_AS(GLOBAL_ATOMIC_CMPSWAP_B32, GLOBAL_ATOMIC_CMPSWAP);
AMD11_AS(GLOBAL_ATOMIC_CMPSWAP_B64, GLOBAL_ATOMIC_CMPSWAP_X2);
AMD11_AS(GLOBAL_ATOMIC_DEC_U32, GLOBAL_ATOMIC_DEC);
AMD11_AS(GLOBAL_ATOMIC_DEC_U64, GLOBAL_ATOMIC_DEC_X2);
AMD11_AS(GLOBAL_ATOMIC_INC_U32, GLOBAL_ATOMIC_INC);
AMD11_AS(GLOBAL_ATOMIC_INC_U64, GLOBAL_ATOMIC_INC_X2);
AMD11_AS(GLOBAL_ATOMIC_MAX_I32, GLOBAL_ATOMIC_SMAX);
AMD11_AS(GLOBAL_ATOMIC_MAX_I64, GLOBAL_ATOMIC_SMAX_X2);
AMD11_AS(GLOBAL_ATOMIC_MAX_U32, GLOBAL_ATOMIC_UMAX);
AMD11_AS(GLOBAL_ATOMIC_MAX_U64, GLOBAL_ATOMIC_UMAX_X2);
AMD11_AS(GLOBAL_ATOMIC_MIN_I32, GLOBAL_ATOMIC_SMIN);
AMD11_AS(GLOBAL_ATOMIC_MIN_I64, GLOBAL_ATOMIC_SMIN_X2);
AMD11_AS(GLOBAL_ATOMIC_MIN_U32, GLOBAL_ATOMIC_UMIN);
AMD11_AS(GLOBAL_ATOMIC_MIN_U64, GLOBAL_ATOMIC_UMIN_X2);
AMD11_AS(GLOBAL_ATOMIC_OR_B32, GLOBAL_ATOMIC_OR);
AMD11_AS(GLOBAL_ATOMIC_OR_B64, GLOBAL_ATOMIC_OR_X2);
AMD11_AS(GLOBAL_ATOMIC_SUB_U32, GLOBAL_ATOMIC_SUB);
AMD11_AS(GLOBAL_ATOMIC_SUB_U64, GLOBAL_ATOMIC_SUB_X2);
AMD11_AS(GLOBAL_ATOMIC_SWAP_B32, GLOBAL_ATOMIC_SWAP);
AMD11_AS(GLOBAL_ATOMIC_SWAP_B64, GLOBAL_ATOMIC_SWAP_X2);
AMD11_AS(GLOBAL_ATOMIC_XOR_B32, GLOBAL_ATOMIC_XOR);
AMD11_AS(GLOBAL_ATOMIC_XOR_B64, GLOBAL_ATOMIC_XOR_X2);

/* gfx11 (RDNA3) float memory atomics (seed 001 "float memory atomics"):
 * add -- inputs flushed, round to nearest even, MODE not consulted --,
 * min/max and cmpswap with the LDS rules (exec_atomic.c f_minmax, f_cmpst:
 * input denormals flushed only when MODE.fp_denorm bit 0 -- allow input
 * denormals, MODE[4] -- is clear), cmpswap data = {src, cmp}; and
 * csub_u32: MEM = MEM >= DATA ? MEM - DATA : 0.  gfx1100 has no f64 memory
 * float atomics (gfx11.def). */
FLAT_A(FLAT_ATOMIC_ADD_F32, A_MFADD, 0)
FLAT_A(FLAT_ATOMIC_MIN_F32, A_FMIN, 0)
FLAT_A(FLAT_ATOMIC_MAX_F32, A_FMAX, 0)
FLAT_A(FLAT_ATOMIC_CMPSWAP_F32, A_FCMPSWAP, 0)
GLOBAL_A(GLOBAL_ATOMIC_ADD_F32, A_MFADD, 0)
GLOBAL_A(GLOBAL_ATOMIC_MIN_F32, A_FMIN, 0)
GLOBAL_A(GLOBAL_ATOMIC_MAX_F32, A_FMAX, 0)
GLOBAL_A(GLOBAL_ATOMIC_CMPSWAP_F32, A_FCMPSWAP, 0)
GLOBAL_A(GLOBAL_ATOMIC_CSUB_U32, A_CSUB, 0)
BUF_A(BUFFER_ATOMIC_ADD_F32, A_MFADD, 0)
BUF_A(BUFFER_ATOMIC_MIN_F32, A_FMIN, 0)
BUF_A(BUFFER_ATOMIC_MAX_F32, A_FMAX, 0)
BUF_A(BUFFER_ATOMIC_CMPSWAP_F32, A_FCMPSWAP, 0)
BUF_A(BUFFER_ATOMIC_CSUB_U32, A_CSUB, 0)
