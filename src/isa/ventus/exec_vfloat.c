/* Semantics of the zve32f fp32 vector instructions and the Ventus vfexp.v
 * and vftta.vv.  Results are bit-exact IEEE-754 binary32 with RISC-V rules
 * (src/fp).  In round-to-nearest-even, when the host FPU has been checked to
 * give the same results (vs_fp_host_ok), the arithmetic runs on the host FPU
 * (vectorisable) and only NaN results are canonicalised; every other case
 * uses the software implementation.  Either way fflags collects the
 * exception flags of the active elements. */
#include <math.h>

#include "fp/fphost.h"
#include "fp/softfloat.h"
#include "isa/ventus/vexec.h"

#define F(u) vs_bits_f32(u)
#define U(f) vs_f32_canon(vs_f32_bits(f))
#define SIGNBIT 0x80000000u

static int bad_frm(vs_warp *w)
{
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0,
                       "illegal instruction: frm holds the reserved rounding mode %u", VTU(w)->frm);
}

/* Loop over the active elements.  HOST (a value) is used in RNE when the
 * host FPU is exact, SOFT (a value; sees `rm`, accumulates into `fl`)
 * otherwise and for every element whose host result is a NaN: the host's
 * flags for NaN-producing cases are not RISC-V's (x86 raises nothing for
 * 0 * inf + qNaN), the software's are.  Both see x = vs2[i], y = vs1[i] or
 * the scalar, acc = vd[i].  With every lane active the host results go to a
 * temporary first, so the operands are still there for a software redo. */
static inline int nan_bits(uint32_t u) { return (u & 0x7fffffffu) > 0x7f800000u; }

#define VFLOOP(REGS, Y_DECL, Y_ELEM, HOST, SOFT)                               \
  {                                                                            \
    int f_ = vtu_vcheck(w, d, REGS);                                            \
    if (f_) return f_;                                                         \
    int rm = vtu_rm(w, 7);                                                      \
    if (rm < 0) return bad_frm(w);                                             \
    unsigned n = w->nlanes, fl = 0;                                            \
    Y_DECL;                                                                    \
    int host = rm == VS_RM_RNE && vs_fp_host_ok();                             \
    /* the commit log wants the flags of each instruction: read them now */  \
    int precise_ = w->ex->trace != NULL;                                       \
    if (host) vtu_fpu_take(w);                                                  \
    for (unsigned g = 0; g < VTU(w)->lmul; g++) {                               \
      vs_mask m = vtu_emask(w, d, g);                                           \
      uint32_t *vd = vtu_vreg(w, VTU_F(d)->rd + g);                                    \
      const uint32_t *v2 = vtu_vreg(w, VTU_F(d)->rs2 + g);                             \
      const uint32_t *v1 = vtu_vreg(w, VTU_F(d)->rs1 + g);                             \
      (void)v1; (void)v2;                                                      \
      if (host && m == w->full) {                                              \
        uint32_t t_[VS_MAX_LANES], any_nan_ = 0;                               \
        for (unsigned i = 0; i < n; i++) {                                     \
          uint32_t x = v2[i], y = Y_ELEM, acc = vd[i];                         \
          (void)x; (void)y; (void)acc;                                         \
          t_[i] = (HOST);                                                      \
          any_nan_ |= nan_bits(t_[i]);                                         \
        }                                                                      \
        if (any_nan_)                                                          \
          for (unsigned i = 0; i < n; i++) {                                   \
            if (!nan_bits(t_[i])) continue;                                    \
            uint32_t x = v2[i], y = Y_ELEM, acc = vd[i];                       \
            (void)x; (void)y; (void)acc;                                       \
            t_[i] = (SOFT);                                                    \
          }                                                                    \
        memcpy(vd, t_, n * sizeof t_[0]);                                      \
      } else {                                                                 \
        for (unsigned i = 0; i < n; i++) {                                     \
          if (!(m >> i & 1)) continue;                                         \
          uint32_t x = v2[i], y = Y_ELEM, acc = vd[i];                         \
          (void)x; (void)y; (void)acc;                                         \
          uint32_t r_ = host ? (HOST) : (SOFT);                                \
          if (host && nan_bits(r_)) r_ = (SOFT);                               \
          vd[i] = r_;                                                          \
        }                                                                      \
      }                                                                        \
    }                                                                          \
    if (host && precise_) {                                                    \
      fl |= vs_fp_host_flags();                                                \
      vs_fp_host_clear();                                                      \
    }                                                                          \
    vtu_fflags(w, fl);                                                          \
    return vtu_next(w, d);                                                      \
  }

/* On x86-64 the float loops are also compiled for x86-64-v3 (AVX2, FMA) and
 * the version the CPU supports is picked at load time: fmaf() becomes one
 * vectorisable instruction instead of a library call per element. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__)
#define VTU_FP_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define VTU_FP_CLONES
#endif

#define DEF_FVV(ID, HOST, SOFT)                                                \
  VTU_FP_CLONES int vtu_x_##ID(vs_warp *w, const vs_dinsn *d)                    \
      VFLOOP(VTU_VD | VTU_VS1 | VTU_VS2, (void)0, v1[i], HOST, SOFT)
#define DEF_FVF(ID, HOST, SOFT)                                                \
  VTU_FP_CLONES int vtu_x_##ID(vs_warp *w, const vs_dinsn *d)                    \
      VFLOOP(VTU_VD | VTU_VS2, uint32_t ys_ = VTU_X(w)[VTU_F(d)->rs1], ys_, HOST, SOFT)
#define FOP2(NAME, HOST, SOFT) DEF_FVV(NAME##_VV, HOST, SOFT) DEF_FVF(NAME##_VF, HOST, SOFT)

/* ---- arithmetic ---- */
FOP2(VFADD, U(F(x) + F(y)), vs_f32_add(x, y, rm, &fl))
FOP2(VFSUB, U(F(x) - F(y)), vs_f32_sub(x, y, rm, &fl))
DEF_FVF(VFRSUB_VF, U(F(y) - F(x)), vs_f32_sub(y, x, rm, &fl))
FOP2(VFMUL, U(F(x) * F(y)), vs_f32_mul(x, y, rm, &fl))
FOP2(VFDIV, U(F(x) / F(y)), vs_f32_div(x, y, rm, &fl))
DEF_FVF(VFRDIV_VF, U(F(y) / F(x)), vs_f32_div(y, x, rm, &fl))

/* multiply-add: x = vs2, y = vs1/rs1, acc = vd */
#define FMA2(NAME, A, B, C)                                                    \
  FOP2(NAME, U(fmaf(F(A), F(B), F(C))), vs_f32_fma(A, B, C, rm, &fl))
FMA2(VFMACC, y, x, acc)
FMA2(VFNMACC, y ^ SIGNBIT, x, acc ^ SIGNBIT)
FMA2(VFMSAC, y, x, acc ^ SIGNBIT)
FMA2(VFNMSAC, y ^ SIGNBIT, x, acc)
FMA2(VFMADD, y, acc, x)
FMA2(VFNMADD, y ^ SIGNBIT, acc, x ^ SIGNBIT)
FMA2(VFMSUB, y, acc, x ^ SIGNBIT)
FMA2(VFNMSUB, y ^ SIGNBIT, acc, x)

/* ---- operations that never round: software only ---- */
FOP2(VFMIN, vs_f32_min(x, y, &fl), vs_f32_min(x, y, &fl))
FOP2(VFMAX, vs_f32_max(x, y, &fl), vs_f32_max(x, y, &fl))
FOP2(VFSGNJ, (x & ~SIGNBIT) | (y & SIGNBIT), (x & ~SIGNBIT) | (y & SIGNBIT))
FOP2(VFSGNJN, (x & ~SIGNBIT) | (~y & SIGNBIT), (x & ~SIGNBIT) | (~y & SIGNBIT))
FOP2(VFSGNJX, x ^ (y & SIGNBIT), x ^ (y & SIGNBIT))
/* compares write one 0/1 value per thread (Ventus) */
FOP2(VMFEQ, (uint32_t)vs_f32_eq(x, y, &fl), (uint32_t)vs_f32_eq(x, y, &fl))
FOP2(VMFLE, (uint32_t)vs_f32_le(x, y, &fl), (uint32_t)vs_f32_le(x, y, &fl))
FOP2(VMFLT, (uint32_t)vs_f32_lt(x, y, &fl), (uint32_t)vs_f32_lt(x, y, &fl))
FOP2(VMFNE, (uint32_t)!vs_f32_eq(x, y, &fl), (uint32_t)!vs_f32_eq(x, y, &fl))
DEF_FVF(VMFGT_VF, (uint32_t)vs_f32_lt(y, x, &fl), (uint32_t)vs_f32_lt(y, x, &fl))
DEF_FVF(VMFGE_VF, (uint32_t)vs_f32_le(y, x, &fl), (uint32_t)vs_f32_le(y, x, &fl))

/* ---- unary ---- */
#define DEF_FV(ID, HOST, SOFT)                                                 \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d)                                 \
      VFLOOP(VTU_VD | VTU_VS2, (void)0, 0, HOST, SOFT)
DEF_FV(VFSQRT_V, U(sqrtf(F(x))), vs_f32_sqrt(x, rm, &fl))
DEF_FV(VFCLASS_V, vs_f32_classify(x), vs_f32_classify(x))
/* conversions always use the software path (saturation rules) */
#define DEF_CVT(ID, EXPR) DEF_UNARY(ID, 1, EXPR)
#define DEF_UNARY(ID, NEEDS_RM, EXPR)                                          \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d)                                 \
  {                                                                            \
    int f_ = vtu_vcheck(w, d, VTU_VD | VTU_VS2);                                  \
    if (f_) return f_;                                                         \
    int rm = vtu_rm(w, 7);                                                      \
    if (NEEDS_RM && rm < 0) return bad_frm(w);                                 \
    unsigned fl = 0;                                                           \
    for (unsigned g = 0; g < VTU(w)->lmul; g++) {                               \
      vs_mask m = vtu_emask(w, d, g);                                           \
      uint32_t *vd = vtu_vreg(w, VTU_F(d)->rd + g);                                    \
      const uint32_t *v2 = vtu_vreg(w, VTU_F(d)->rs2 + g);                             \
      for (unsigned i = 0; i < w->nlanes; i++)                                 \
        if (m >> i & 1) {                                                      \
          uint32_t x = v2[i];                                                  \
          vd[i] = (uint32_t)(EXPR);                                            \
        }                                                                      \
    }                                                                          \
    vtu_fflags(w, fl);                                                       \
    return vtu_next(w, d);                                                      \
  }
DEF_CVT(VFCVT_XU_F_V, vs_f32_to_u32(x, rm, &fl))
DEF_CVT(VFCVT_X_F_V, vs_f32_to_i32(x, rm, &fl))
DEF_CVT(VFCVT_RTZ_XU_F_V, vs_f32_to_u32(x, VS_RM_RTZ, &fl))
DEF_CVT(VFCVT_RTZ_X_F_V, vs_f32_to_i32(x, VS_RM_RTZ, &fl))
DEF_CVT(VFCVT_F_XU_V, vs_u32_to_f32(x, rm, &fl))
DEF_CVT(VFCVT_F_X_V, vs_i32_to_f32((int32_t)x, rm, &fl))
/* Ventus vfexp.v: e^x, round to nearest whatever frm says (src/fp) */
DEF_UNARY(VFEXP_V, 0, vs_f32_exp(x, &fl))

/* ---- moves ---- */
int vtu_x_VFMERGE_VFM(vs_warp *w, const vs_dinsn *d)
{
  int f = vtu_vcheck(w, d, VTU_VD | VTU_VS2);
  if (f) return f;
  uint32_t s = VTU_X(w)[VTU_F(d)->rs1];
  for (unsigned g = 0; g < VTU(w)->lmul; g++) {
    vs_mask m = w->active & VTU(w)->vlmask[g], sel = vtu_v0_bits(w, g);
    uint32_t *vd = vtu_vreg(w, VTU_F(d)->rd + g);
    const uint32_t *v2 = vtu_vreg(w, VTU_F(d)->rs2 + g);
    for (unsigned i = 0; i < w->nlanes; i++)
      if (m >> i & 1) vd[i] = (sel >> i & 1) ? s : v2[i];
  }
  return vtu_next(w, d);
}

int vtu_x_VFMV_V_F(vs_warp *w, const vs_dinsn *d)
{
  int f = vtu_vcheck(w, d, VTU_VD);
  if (f) return f;
  uint32_t s = VTU_X(w)[VTU_F(d)->rs1];
  for (unsigned g = 0; g < VTU(w)->lmul; g++) {
    vs_mask m = vtu_emask(w, d, g);
    uint32_t *vd = vtu_vreg(w, VTU_F(d)->rd + g);
    for (unsigned i = 0; i < w->nlanes; i++)
      if (m >> i & 1) vd[i] = s;
  }
  return vtu_next(w, d);
}

/* vfmv.f.s reads element 0; vfmv.s.f writes element 0 only (spec 3.1) */
int vtu_x_VFMV_F_S(vs_warp *w, const vs_dinsn *d)
{
  int f = vtu_vcheck(w, d, VTU_VS2);
  if (f) return f;
  vtu_xw(w, VTU_F(d)->rd, vtu_vreg(w, VTU_F(d)->rs2)[0]);
  return vtu_next(w, d);
}

int vtu_x_VFMV_S_F(vs_warp *w, const vs_dinsn *d)
{
  int f = vtu_vcheck(w, d, VTU_VD);
  if (f) return f;
  if ((w->active & VTU(w)->vlmask[0]) & 1) vtu_vreg(w, VTU_F(d)->rd)[0] = VTU_X(w)[VTU_F(d)->rs1];
  return vtu_next(w, d);
}

/* ---- vftta.vv: tensor-tile multiply-accumulate (spec 3.4) ----
 * As the Ventus RTL's tensor core does it: with (M, N, K) = (2, 4, 2) for 8
 * threads, (4, 8, 4) for 32 and (2, 2, 2) otherwise, vs1 holds A (M x N,
 * row-major), vs2 holds B transposed (K x N, row-major) and vd holds C
 * (M x K).  Thread m*K + k gets C[m][k] + sum over n of A[m][n] * B[k][n]:
 * each product rounded, the products summed by a pairwise tree, then C
 * added, all in the rounding mode of frm.  Threads from M*K on get 0.  Needs
 * at least 4 threads. */
int vtu_x_VFTTA_VV(vs_warp *w, const vs_dinsn *d)
{
  int f = vtu_vcheck(w, d, VTU_VD | VTU_VS1 | VTU_VS2);
  if (f) return f;
  int rm = vtu_rm(w, 7);
  if (rm < 0) return bad_frm(w);
  unsigned M = 2, N = 2, K = 2;
  if (w->nlanes == 8) N = 4;
  else if (w->nlanes == 32) M = 4, N = 8, K = 4;
  if (w->nlanes < M * N)
    return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0,
                         "illegal instruction: vftta.vv needs at least %u threads per warp", M * N);
  uint32_t a[VS_MAX_LANES], b[VS_MAX_LANES], c[VS_MAX_LANES];
  uint32_t *vd = vtu_vreg(w, VTU_F(d)->rd);
  memcpy(a, vtu_vreg(w, VTU_F(d)->rs1), w->nlanes * sizeof a[0]);
  memcpy(b, vtu_vreg(w, VTU_F(d)->rs2), w->nlanes * sizeof b[0]);
  memcpy(c, vd, w->nlanes * sizeof c[0]);
  unsigned fl = 0;
  vs_mask m = w->active & VTU(w)->vlmask[0];
  for (unsigned e = 0; e < w->nlanes; e++) {
    if (!(m >> e & 1)) continue;
    if (e >= M * K) {
      vd[e] = 0;
      continue;
    }
    unsigned row = e / K, col = e % K;
    uint32_t p[8];
    for (unsigned n = 0; n < N; n++) p[n] = vs_f32_mul(a[row * N + n], b[col * N + n], rm, &fl);
    for (unsigned width = N; width > 1; width /= 2) /* pairwise adder tree */
      for (unsigned k = 0; k < width / 2; k++) p[k] = vs_f32_add(p[2 * k], p[2 * k + 1], rm, &fl);
    vd[e] = vs_f32_add(p[0], c[e], rm, &fl);
  }
  vtu_fflags(w, fl);
  return vtu_next(w, d);
}
