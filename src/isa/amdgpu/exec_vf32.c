/* VALU f32 rows: arithmetic, min/max/med3, compares and classes,
 * conversions, rounding, transcendentals, division helpers
 * (docs/amdgpu-exec.md "Floating point"; MODE handling in exec_fp.h).
 *
 * Each row: sources as rows of 64 lanes (abs/neg applied), inputs flushed
 * when MODE flushes f32 input denormals, the host operation under MODE's
 * f32 round mode, the output flushed when MODE flushes output denormals,
 * then omod and clamp (fp_post32), committed under EXEC. */
#include "isa/amdgpu/exec_fp.h"

#define FI(x) u2f(fp_fz32((x), m.fin32))
/* results: NaNs quieted (GCN returns quiet NaNs; the host keeps a
 * signaling NaN through floor, frexp and such), denormals flushed per MODE */
#define FO(x) fp_fz32(fp_q32(f2u(x)), m.fout32)

/* one-source rows; expr is a float of float a (RND: under the round mode) */
#define VF1(ID, RND, expr)                                                     \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], res[NL];                                                  \
    const uint32_t *A = amd_vsrc32(w, OP(1), t0);                              \
    fpm m = fp_mode(w);                                                        \
    int rc = fp_rm_begin(RND ? m.rm32 : 0);                                    \
    for (unsigned l = 0; l < NL; l++) {                                        \
      float a = FI(A[l]);                                                      \
      (void)a;                                                                 \
      res[l] = FO(expr);                                                       \
    }                                                                          \
    fp_rm_end(rc);                                                             \
    fp_post32(w, d, res);                                                      \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    return amd_next(w, d);                                                     \
  }
/* one-source rows with an integer (bits) result; ua = the flushed bits */
#define VF1U(ID, expr)                                                         \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], res[NL];                                                  \
    const uint32_t *A = amd_vsrc32(w, OP(1), t0);                              \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint32_t ua = fp_fz32(A[l], m.fin32);                                    \
      float a = u2f(ua);                                                       \
      (void)a;                                                                 \
      res[l] = (expr);                                                         \
    }                                                                          \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    return amd_next(w, d);                                                     \
  }
#define VF2(ID, expr)                                                          \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL], res[NL];                                          \
    const uint32_t *A = amd_vsrc32(w, OP(1), t0), *B = amd_vsrc32(w, OP(2), t1); \
    fpm m = fp_mode(w);                                                        \
    int rc = fp_rm_begin(m.rm32);                                              \
    for (unsigned l = 0; l < NL; l++) {                                        \
      float a = FI(A[l]), b = FI(B[l]);                                        \
      (void)b;                                                                 \
      res[l] = FO(expr);                                                       \
    }                                                                          \
    fp_rm_end(rc);                                                             \
    fp_post32(w, d, res);                                                      \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    return amd_next(w, d);                                                     \
  }
/* two sources, bits result (min/max ...): ua, ub flushed bits */
#define VF2U(ID, expr)                                                         \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL], res[NL];                                          \
    const uint32_t *A = amd_vsrc32(w, OP(1), t0), *B = amd_vsrc32(w, OP(2), t1); \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint32_t ua = fp_fz32(A[l], m.fin32), ub = fp_fz32(B[l], m.fin32);      \
      res[l] = (expr);                                                         \
    }                                                                          \
    fp_post32(w, d, res);                                                      \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    return amd_next(w, d);                                                     \
  }
#define VF3(ID, expr)                                                          \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL], t2[NL], res[NL];                                  \
    const uint32_t *A = amd_vsrc32(w, OP(1), t0), *B = amd_vsrc32(w, OP(2), t1); \
    const uint32_t *C = amd_vsrc32(w, OP(3), t2);                              \
    fpm m = fp_mode(w);                                                        \
    int rc = fp_rm_begin(m.rm32);                                              \
    for (unsigned l = 0; l < NL; l++) {                                        \
      float a = FI(A[l]), b = FI(B[l]), c = FI(C[l]);                          \
      res[l] = FO(expr);                                                       \
    }                                                                          \
    fp_rm_end(rc);                                                             \
    fp_post32(w, d, res);                                                      \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    return amd_next(w, d);                                                     \
  }
#define VF3U(ID, expr)                                                         \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL], t2[NL], res[NL];                                  \
    const uint32_t *A = amd_vsrc32(w, OP(1), t0), *B = amd_vsrc32(w, OP(2), t1); \
    const uint32_t *C = amd_vsrc32(w, OP(3), t2);                              \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint32_t ua = fp_fz32(A[l], m.fin32), ub = fp_fz32(B[l], m.fin32), uc = fp_fz32(C[l], m.fin32); \
      res[l] = (expr);                                                         \
    }                                                                          \
    fp_post32(w, d, res);                                                      \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    return amd_next(w, d);                                                     \
  }

/* products that are not fused: the product rounded, then the sum (volatile
 * keeps GCC from contracting them into an fma) */
static inline float mul_add(float a, float b, float c)
{
  volatile float p = a * b;
  return p + c;
}
/* DX9 multiply: 0 * anything (inf, NaN) is 0 */
static inline float mul_legacy(float a, float b)
{
  if (a == 0.0f || b == 0.0f) return 0.0f;
  return a * b;
}

VF2(V_ADD_F32, a + b)
VF2(V_SUB_F32, a - b)
VF2(V_SUBREV_F32, b - a)
VF2(V_MUL_F32, a * b)
VF2(V_MUL_LEGACY_F32, mul_legacy(a, b))
/* fused multiply-add of 64 lanes: with the host's FMA instructions when the
 * CPU has them (eight lanes at a time: GCC does not vectorise fmaf under
 * -frounding-math, which makes it read the FP environment), else the C
 * library's fmaf per lane; both are the IEEE fused operation, rounded once
 * in the current mode (MXCSR, which fp_rm_begin set) */
#define FMA_LOOP                                                               \
  for (unsigned l = 0; l < NL; l++) res[l] = FO(fmaf(FI(A[l]), FI(B[l]), FI(C[l])))
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
__attribute__((target("avx2,fma"))) static void fma_lanes_hw(const uint32_t *A, const uint32_t *B, const uint32_t *C,
                                                             uint32_t *restrict res, fpm m)
{
  uint32_t a[NL], b[NL], c[NL];
  if (m.fin32) { /* MODE flushes input denormals (clang's kernels keep them) */
    for (unsigned l = 0; l < NL; l++) {
      a[l] = fp_fz32(A[l], 1);
      b[l] = fp_fz32(B[l], 1);
      c[l] = fp_fz32(C[l], 1);
    }
    A = a, B = b, C = c;
  }
  for (unsigned l = 0; l < NL; l += 8) {
    __m256 va = _mm256_loadu_ps((const float *)(const void *)&A[l]);
    __m256 vb = _mm256_loadu_ps((const float *)(const void *)&B[l]);
    __m256 vc = _mm256_loadu_ps((const float *)(const void *)&C[l]);
    _mm256_storeu_ps((float *)(void *)&res[l], _mm256_fmadd_ps(va, vb, vc));
  }
  if (m.fout32)
    for (unsigned l = 0; l < NL; l++) res[l] = fp_fz32(fp_q32(res[l]), 1);
  else
    for (unsigned l = 0; l < NL; l++) res[l] = fp_q32(res[l]);
}
#endif
static void fma_lanes_lib(const uint32_t *A, const uint32_t *B, const uint32_t *C, uint32_t *res, fpm m)
{
  FMA_LOOP;
}
static void fma_lanes(const uint32_t *A, const uint32_t *B, const uint32_t *C, uint32_t *res, fpm m)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  if (__builtin_cpu_supports("fma") && __builtin_cpu_supports("avx2")) {
    fma_lanes_hw(A, B, C, res, m);
    return;
  }
#endif
  fma_lanes_lib(A, B, C, res, m);
}
AMDX(V_FMA_F32)
{
  uint32_t t0[NL], t1[NL], t2[NL], res[NL];
  const uint32_t *A = amd_vsrc32(w, OP(1), t0), *B = amd_vsrc32(w, OP(2), t1), *C = amd_vsrc32(w, OP(3), t2);
  fpm m = fp_mode(w);
  int rc = fp_rm_begin(m.rm32);
  fma_lanes(A, B, C, res, m);
  fp_rm_end(rc);
  fp_post32(w, d, res);
  amd_vcommit(w, amd_vrow(w, OP(0)->val), res);
  return amd_next(w, d);
}
VF3(V_MAD_LEGACY_F32, mul_legacy(a, b) + c)
/* gfx11 v_fma_dx9_zero_f32 (RDNA3 ISA): S0 or S1 zero (after input
 * flushing) gives S2 itself, else fma(S0, S1, S2); v_fmac_dx9_zero_f32:
 * S2 = D.  (v_mul_dx9_zero_f32 is v_mul_legacy_f32, exec_vf11.c.) */
static inline float fma_dx9(float a, float b, float c) { return (a == 0.0f || b == 0.0f) ? c : fmaf(a, b, c); }
VF3(V_FMA_DX9_ZERO_F32, fma_dx9(a, b, c))
AMDX(V_FMAC_DX9_ZERO_F32)
{
  uint32_t t0[NL], t1[NL], res[NL];
  const uint32_t *A = amd_vsrc32(w, OP(1), t0), *B = amd_vsrc32(w, OP(2), t1);
  uint32_t *D = amd_vrow(w, OP(0)->val);
  fpm m = fp_mode(w);
  int rc = fp_rm_begin(m.rm32);
  for (unsigned l = 0; l < NL; l++) res[l] = FO(fma_dx9(FI(A[l]), FI(B[l]), FI(D[l])));
  fp_rm_end(rc);
  fp_post32(w, d, res);
  amd_vcommit(w, D, res);
  return amd_next(w, d);
}
VF2(V_LDEXP_F32, ldexpf(a, (int)B[l] < -1000 ? -1000 : ((int)B[l] > 1000 ? 1000 : (int)B[l])))

/* v_mad_f32 / v_mac_f32 / v_madmk / v_madak: multiply then add, rounded
 * twice; these rows do not support denormals on GCN (LLVM selects them only
 * when f32 denormals are flushed): inputs and result are flushed whatever
 * MODE says. */
static inline uint32_t mad32(uint32_t a, uint32_t b, uint32_t c)
{
  float r = mul_add(u2f(fp_fz32(a, 1)), u2f(fp_fz32(b, 1)), u2f(fp_fz32(c, 1)));
  return fp_fz32(f2u(r), 1);
}
#define MAD_ROW(ID, srcs, x, y, z)                                             \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL], t2[NL], res[NL];                                  \
    const uint32_t *A = amd_vsrc32(w, OP(1), t0), *B = amd_vsrc32(w, OP(2), t1); \
    const uint32_t *C = srcs == 3 ? amd_vsrc32(w, OP(3), t2) : amd_vrow(w, OP(0)->val); \
    uint32_t K = amd_literal(amd_i(d));                                        \
    (void)K; (void)C;                                                          \
    fpm m = fp_mode(w);                                                        \
    int rc = fp_rm_begin(m.rm32);                                              \
    for (unsigned l = 0; l < NL; l++) res[l] = mad32(x, y, z);                 \
    fp_rm_end(rc);                                                             \
    fp_post32(w, d, res);                                                      \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    return amd_next(w, d);                                                     \
  }
MAD_ROW(V_MAD_F32, 3, A[l], B[l], C[l])
MAD_ROW(V_MAC_F32, 2, A[l], B[l], C[l])     /* D = S0 * S1 + D */
MAD_ROW(V_MADMK_F32, 2, A[l], K, B[l])      /* D = S0 * K + S1 */
MAD_ROW(V_MADAK_F32, 2, A[l], B[l], K)      /* D = S0 * S1 + K */

/* v_fmac_f32 (gfx906): D = fma(S0, S1, D) */
AMDX(V_FMAC_F32)
{
  uint32_t t0[NL], t1[NL], res[NL];
  const uint32_t *A = amd_vsrc32(w, OP(1), t0), *B = amd_vsrc32(w, OP(2), t1);
  uint32_t *D = amd_vrow(w, OP(0)->val);
  fpm m = fp_mode(w);
  int rc = fp_rm_begin(m.rm32);
  fma_lanes(A, B, D, res, m);
  fp_rm_end(rc);
  fp_post32(w, d, res);
  amd_vcommit(w, D, res);
  return amd_next(w, d);
}

/* gfx11 v_fmamk_f32: D = fma(S0, K, S1); v_fmaak_f32: D = fma(S0, S1, K)
 * (K the literal dword) */
static int fma_k(vs_warp *w, const vs_dinsn *d, int k_second)
{
  uint32_t t0[NL], t1[NL], tk[NL], res[NL];
  const uint32_t *A = amd_vsrc32(w, OP(1), t0), *B = amd_vsrc32(w, OP(2), t1);
  uint32_t K = amd_literal(amd_i(d));
  for (unsigned l = 0; l < NL; l++) tk[l] = K;
  fpm m = fp_mode(w);
  int rc = fp_rm_begin(m.rm32);
  if (k_second) fma_lanes(A, tk, B, res, m);
  else fma_lanes(A, B, tk, res, m);
  fp_rm_end(rc);
  fp_post32(w, d, res);
  amd_vcommit(w, amd_vrow(w, OP(0)->val), res);
  return amd_next(w, d);
}
AMDX(V_FMAMK_F32) { return fma_k(w, d, 1); }
AMDX(V_FMAAK_F32) { return fma_k(w, d, 0); }

/* ---- min / max (Vega ISA V_MIN_F32): with IEEE set a signaling NaN
 * input gives that NaN quieted; otherwise a NaN input gives the other
 * operand; -0 < +0 ---- */
static inline int lt32(uint32_t a, uint32_t b) /* a < b, -0 < +0; no NaNs */
{
  if ((a | b) << 1 == 0) return (a >> 31) > (b >> 31);
  return u2f(a) < u2f(b);
}
static inline uint32_t min32(uint32_t a, uint32_t b, int ieee)
{
  if (ieee && issnan32(a)) return fp_q32(a);
  if (ieee && issnan32(b)) return fp_q32(b);
  if (isnan32(a)) return isnan32(b) ? fp_q32(b) : b;
  if (isnan32(b)) return a;
  return lt32(b, a) ? b : a;
}
static inline uint32_t max32(uint32_t a, uint32_t b, int ieee)
{
  if (ieee && issnan32(a)) return fp_q32(a);
  if (ieee && issnan32(b)) return fp_q32(b);
  if (isnan32(a)) return isnan32(b) ? fp_q32(b) : b;
  if (isnan32(b)) return a;
  return lt32(a, b) ? b : a;
}
/* v_med3_f32 (Vega ISA): a NaN input gives min3; else the median */
static inline uint32_t med3_32(uint32_t a, uint32_t b, uint32_t c, int ieee)
{
  if (isnan32(a) || isnan32(b) || isnan32(c)) return min32(min32(a, b, ieee), c, ieee);
  uint32_t mx = max32(max32(a, b, ieee), c, ieee);
  if (mx == a) return max32(b, c, ieee);
  if (mx == b) return max32(a, c, ieee);
  return max32(a, b, ieee);
}
VF2U(V_MIN_F32, min32(ua, ub, m.ieee))
VF2U(V_MAX_F32, max32(ua, ub, m.ieee))
VF3U(V_MIN3_F32, min32(min32(ua, ub, m.ieee), uc, m.ieee))
VF3U(V_MAX3_F32, max32(max32(ua, ub, m.ieee), uc, m.ieee))
/* gfx11: v_maxmin_f32 = min(max(S0, S1), S2), v_minmax_f32 = max(min(S0,
 * S1), S2), each step with v_min/v_max's NaN and signed-zero rules */
VF3U(V_MAXMIN_F32, min32(max32(ua, ub, m.ieee), uc, m.ieee))
VF3U(V_MINMAX_F32, max32(min32(ua, ub, m.ieee), uc, m.ieee))
VF3U(V_MED3_F32, med3_32(ua, ub, uc, m.ieee))

/* ---- compares: sdst (VCC in e32), src0, src1; cmpx also write EXEC ---- */
#define VCMPF(ID, X, cond)                                                     \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL];                                                   \
    const uint32_t *A = amd_vsrc32(w, OP(amd_cmp_src(d)), t0), *B = amd_vsrc32(w, OP(amd_cmp_src(d) + 1), t1); \
    fpm m = fp_mode(w);                                                        \
    uint64_t r = 0;                                                            \
    for (unsigned l = 0; l < NL; l++) {                                        \
      float a = FI(A[l]), b = FI(B[l]);                                        \
      (void)a; (void)b;                                                        \
      r |= (uint64_t)(cond) << l;                                              \
    }                                                                          \
    amd_cmp_write(w, d, r);                                                    \
    if (X) amd_set_exec(w, r & w->active);                                     \
    return amd_next(w, d);                                                     \
  }
/* the table scanner needs each row ID at the start of a line */
VCMPF(V_CMP_F_F32, 0, 0)
VCMPF(V_CMP_LT_F32, 0, a < b)
VCMPF(V_CMP_EQ_F32, 0, a == b)
VCMPF(V_CMP_LE_F32, 0, a <= b)
VCMPF(V_CMP_GT_F32, 0, a > b)
VCMPF(V_CMP_LG_F32, 0, a < b || a > b)
VCMPF(V_CMP_GE_F32, 0, a >= b)
VCMPF(V_CMP_O_F32, 0, !isnan(a) && !isnan(b))
VCMPF(V_CMP_U_F32, 0, isnan(a) || isnan(b))
VCMPF(V_CMP_NGE_F32, 0, !(a >= b))
VCMPF(V_CMP_NLG_F32, 0, !(a < b || a > b))
VCMPF(V_CMP_NGT_F32, 0, !(a > b))
VCMPF(V_CMP_NLE_F32, 0, !(a <= b))
VCMPF(V_CMP_NEQ_F32, 0, !(a == b))
VCMPF(V_CMP_NLT_F32, 0, !(a < b))
VCMPF(V_CMP_TRU_F32, 0, 1)
VCMPF(V_CMPX_F_F32, 1, 0)
VCMPF(V_CMPX_LT_F32, 1, a < b)
VCMPF(V_CMPX_EQ_F32, 1, a == b)
VCMPF(V_CMPX_LE_F32, 1, a <= b)
VCMPF(V_CMPX_GT_F32, 1, a > b)
VCMPF(V_CMPX_LG_F32, 1, a < b || a > b)
VCMPF(V_CMPX_GE_F32, 1, a >= b)
VCMPF(V_CMPX_O_F32, 1, !isnan(a) && !isnan(b))
VCMPF(V_CMPX_U_F32, 1, isnan(a) || isnan(b))
VCMPF(V_CMPX_NGE_F32, 1, !(a >= b))
VCMPF(V_CMPX_NLG_F32, 1, !(a < b || a > b))
VCMPF(V_CMPX_NGT_F32, 1, !(a > b))
VCMPF(V_CMPX_NLE_F32, 1, !(a <= b))
VCMPF(V_CMPX_NEQ_F32, 1, !(a == b))
VCMPF(V_CMPX_NLT_F32, 1, !(a < b))
VCMPF(V_CMPX_TRU_F32, 1, 1)

/* v_cmp_class_f32: S1 bit k for the class of S0: 0 sNaN, 1 qNaN, 2 -inf,
 * 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf
 * (the raw bits: no flush) */
static inline unsigned class32(uint32_t x)
{
  unsigned s = x >> 31, e = (x >> 23) & 0xff, f = x & 0x7fffff;
  if (e == 0xff) return f ? ((f & 0x400000) ? 1 : 0) : (s ? 2 : 9);
  if (e == 0) return f ? (s ? 4 : 7) : (s ? 5 : 6);
  return s ? 3 : 8;
}
#define VCLASS(ID, X)                                                          \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL];                                                   \
    const uint32_t *A = amd_vsrc32(w, OP(amd_cmp_src(d)), t0), *B = amd_vsrc32(w, OP(amd_cmp_src(d) + 1), t1); \
    uint64_t r = 0;                                                            \
    for (unsigned l = 0; l < NL; l++) r |= (uint64_t)((B[l] >> class32(A[l])) & 1) << l; \
    amd_cmp_write(w, d, r);                                                    \
    if (X) amd_set_exec(w, r & w->active);                                     \
    return amd_next(w, d);                                                     \
  }
VCLASS(V_CMP_CLASS_F32, 0)
VCLASS(V_CMPX_CLASS_F32, 1)

/* ---- conversions ---- */
/* float -> int: truncation; out of range saturates, NaN -> 0 */
static inline uint32_t f2i(double x)
{
  if (isnan(x)) return 0;
  if (x >= 2147483647.0) return 0x7fffffffu;
  if (x <= -2147483648.0) return 0x80000000u;
  return (uint32_t)(int32_t)x;
}
static inline uint32_t f2uns(double x)
{
  if (isnan(x) || x <= 0) return 0;
  if (x >= 4294967295.0) return 0xffffffffu;
  return (uint32_t)x;
}
VF1U(V_CVT_I32_F32, f2i(a))
VF1U(V_CVT_U32_F32, f2uns(a))
VF1U(V_CVT_RPI_I32_F32, f2i(floor((double)a + 0.5)))
VF1U(V_CVT_FLR_I32_F32, f2i(floor((double)a)))
VF1(V_CVT_F32_I32, 1, (float)(int32_t)A[l])
VF1(V_CVT_F32_U32, 1, (float)A[l])
VF1(V_CVT_F32_UBYTE0, 0, (float)(A[l] & 0xff))
VF1(V_CVT_F32_UBYTE1, 0, (float)((A[l] >> 8) & 0xff))
VF1(V_CVT_F32_UBYTE2, 0, (float)((A[l] >> 16) & 0xff))
VF1(V_CVT_F32_UBYTE3, 0, (float)(A[l] >> 24))
/* v_cvt_off_f32_i4: the signed 4-bit S0[3:0] / 16 */
VF1(V_CVT_OFF_F32_I4, 0, (float)((int32_t)(A[l] << 28) >> 28) * 0.0625f)

/* f32 -> f16 in the f16 round mode; f16 output denormals per MODE */
AMDX(V_CVT_F16_F32)
{
  uint32_t t0[NL], res[NL];
  const uint32_t *A = amd_vsrc32(w, OP(1), t0);
  fpm m = fp_mode(w);
  for (unsigned l = 0; l < NL; l++) res[l] = fp_fz16(fp_d_to_h((double)FI(A[l]), m.rm64), m.fout64);
  fp_post16(w, d, res);
  fp_commit16(w, d, OP(0)->val, res);
  return amd_next(w, d);
}
/* f16 -> f32: exact (f16 input denormals per MODE) */
AMDX(V_CVT_F32_F16)
{
  uint32_t s0[NL], res[NL];
  fp_src16(w, OP(1), (fp_opsel(d) & 1) != 0, s0);
  fpm m = fp_mode(w);
  for (unsigned l = 0; l < NL; l++) res[l] = FO((float)fp_h_to_d(fp_fz16(s0[l], m.fin64)));
  fp_post32(w, d, res);
  amd_vcommit(w, amd_vrow(w, OP(0)->val), res);
  return amd_next(w, d);
}
/* v_cvt_pkrtz_f16_f32: {f16(S1), f16(S0)} rounded toward zero */
AMDX(V_CVT_PKRTZ_F16_F32)
{
  uint32_t t0[NL], t1[NL], res[NL];
  const uint32_t *A = amd_vsrc32(w, OP(1), t0), *B = amd_vsrc32(w, OP(2), t1);
  fpm m = fp_mode(w);
  for (unsigned l = 0; l < NL; l++)
    res[l] = fp_fz16(fp_d_to_h((double)FI(A[l]), 3), m.fout64) | fp_fz16(fp_d_to_h((double)FI(B[l]), 3), m.fout64) << 16;
  amd_vcommit(w, amd_vrow(w, OP(0)->val), res);
  return amd_next(w, d);
}
/* normalized 16-bit: clamp to [-1, 1] (i16) or [0, 1] (u16), scale by
 * 32767 / 65535, round to nearest even; NaN -> 0 */
static inline uint32_t snorm16(float x)
{
  if (isnan(x)) return 0;
  double v = x < -1.0f ? -1.0 : (x > 1.0f ? 1.0 : (double)x);
  return (uint32_t)(int32_t)nearbyint(v * 32767.0) & 0xffff;
}
static inline uint32_t unorm16(float x)
{
  if (isnan(x)) return 0;
  double v = x < 0.0f ? 0.0 : (x > 1.0f ? 1.0 : (double)x);
  return (uint32_t)nearbyint(v * 65535.0) & 0xffff;
}
VF2U(V_CVT_PKNORM_I16_F32, snorm16(u2f(ua)) | snorm16(u2f(ub)) << 16)
VF2U(V_CVT_PKNORM_U16_F32, unorm16(u2f(ua)) | unorm16(u2f(ub)) << 16)
/* v_cvt_pk_u8_f32: byte S1[1:0] of S2 replaced by u8(S0) (round to nearest
 * even, saturated to [0, 255], NaN -> 0) */
static inline uint32_t u8f(float x)
{
  if (isnan(x) || x <= 0) return 0;
  if (x >= 255.0f) return 255;
  return (uint32_t)nearbyintf(x);
}
AMDX(V_CVT_PK_U8_F32)
{
  uint32_t t0[NL], t1[NL], t2[NL], res[NL];
  const uint32_t *A = amd_vsrc32(w, OP(1), t0), *B = amd_vsrc32(w, OP(2), t1), *C = amd_vsrc32(w, OP(3), t2);
  fpm m = fp_mode(w);
  for (unsigned l = 0; l < NL; l++) {
    unsigned sh = 8 * (B[l] & 3);
    res[l] = (C[l] & ~(0xffu << sh)) | u8f(FI(A[l])) << sh;
  }
  amd_vcommit(w, amd_vrow(w, OP(0)->val), res);
  return amd_next(w, d);
}

/* ---- rounding to integers (exact; rndne ties to even whatever MODE) ---- */
VF1(V_TRUNC_F32, 0, truncf(a))
VF1(V_CEIL_F32, 0, ceilf(a))
VF1(V_FLOOR_F32, 0, floorf(a))
VF1(V_RNDNE_F32, 0, rintf(a))
/* fract: S0 - floor(S0), at most the largest float below 1 */
static inline float fract32(float a)
{
  float f = a - floorf(a);
  return isnan(f) ? f : fminf(f, 0x1.fffffep-1f);
}
VF1(V_FRACT_F32, 1, fract32(a))

/* ---- transcendentals: correctly rounded (host double math rounded once
 * to f32; silicon is ~1 ulp) ---- */
VF1(V_RCP_F32, 1, 1.0f / a)
VF1(V_RCP_IFLAG_F32, 1, 1.0f / a)
VF1(V_SQRT_F32, 1, sqrtf(a))
VF1(V_RSQ_F32, 1, (float)(1.0 / sqrt((double)a)))
VF1(V_EXP_F32, 1, (float)exp2((double)a))
VF1(V_LOG_F32, 1, (float)log2((double)a))
VF1(V_EXP_LEGACY_F32, 1, (float)exp2((double)a))
VF1(V_LOG_LEGACY_F32, 1, (float)log2((double)a))
/* sin/cos of S0 revolutions: the fraction of a turn (exact) times 2 pi */
static inline double turns(float a)
{
  return ((double)a - nearbyint((double)a)) * 6.283185307179586476925;
}
VF1(V_SIN_F32, 1, isinf(a) ? NAN : (float)sin(turns(a)))
VF1(V_COS_F32, 1, isinf(a) ? NAN : (float)cos(turns(a)))

/* frexp: mantissa in [0.5, 1) with S0's sign (inf, NaN: S0), exponent
 * (inf, NaN: 0) */
static inline float frexp_mant32(float a)
{
  if (isinf(a) || isnan(a)) return a;
  int e;
  return frexpf(a, &e);
}
static inline uint32_t frexp_exp32(float a)
{
  if (isinf(a) || isnan(a)) return 0;
  int e;
  (void)frexpf(a, &e);
  return (uint32_t)e;
}
VF1(V_FREXP_MANT_F32, 0, frexp_mant32(a))
VF1U(V_FREXP_EXP_I32_F32, frexp_exp32(a))

/* ---- division helpers (Vega ISA V_DIV_SCALE/FMAS/FIXUP_F32): the
 * compiled correctly-rounded division is
 *   den' = div_scale(den, den, num), num' = div_scale(num, den, num) (VCC)
 *   q' = Newton iterations on num'/den', div_fmas(..., VCC) undoes the
 *   scaling, div_fixup(q, den, num) handles the special cases. ---- */
static inline int exp32(uint32_t x) { return (int)((x >> 23) & 0xff); }
static inline int isdenorm32(double v) { return v != 0 && fabs(v) < 0x1p-126; }

/* v_div_scale_f32 vdst, vcc, S0, S1 (denominator), S2 (numerator) */
AMDX(V_DIV_SCALE_F32)
{
  uint32_t t0[NL], t1[NL], t2[NL], res[NL];
  const uint32_t *A = amd_vsrc32(w, OP(2), t0), *B = amd_vsrc32(w, OP(3), t1), *C = amd_vsrc32(w, OP(4), t2);
  uint64_t vcc = 0;
  fpm m = fp_mode(w);
  int rc = fp_rm_begin(m.rm32);
  for (unsigned l = 0; l < NL; l++) {
    float s0 = FI(A[l]), s1 = FI(B[l]), s2 = FI(C[l]);
    float r = s0;
    int v = 0;
    double q = (double)s2 / (double)s1, rcp = 1.0 / (double)s1;
    if (isnan(s0) || isnan(s1) || isnan(s2)) {
      r = NAN;
    } else if (s2 == 0 || s1 == 0) {
      r = NAN;
    } else if (exp32(f2u(s2)) - exp32(f2u(s1)) >= 96) {
      v = 1; /* N / D near the largest float: scale the denominator */
      if (s0 == s1) r = ldexpf(s0, 64);
    } else if (isdenorm32(s1)) {
      r = ldexpf(s0, 64);
    } else if (isdenorm32(rcp) && isdenorm32(q)) {
      v = 1;
      if (s0 == s1) r = ldexpf(s0, -64);
    } else if (isdenorm32(rcp)) {
      r = ldexpf(s0, -64);
    } else if (isdenorm32(q)) {
      v = 1;
      if (s0 == s2) r = ldexpf(s0, 64);
    } else if (exp32(f2u(s2)) <= 23) {
      r = ldexpf(s0, 64); /* the numerator is tiny */
    }
    res[l] = f2u(r);
    vcc |= (uint64_t)v << l;
  }
  fp_rm_end(rc);
  fp_post32(w, d, res);
  amd_vcommit(w, amd_vrow(w, OP(0)->val), res);
  amd_wmask(w, OP(1), vcc);
  return amd_next(w, d);
}

/* v_div_fmas_f32: fma(S0, S1, S2), times 2^64 when VCC is set and S2's
 * exponent is at least 1.0's (the denominator was scaled up), 2^-64 when
 * VCC is set and it is below (the numerator was scaled up) */
AMDX(V_DIV_FMAS_F32)
{
  uint32_t t0[NL], t1[NL], t2[NL], res[NL];
  const uint32_t *A = amd_vsrc32(w, OP(1), t0), *B = amd_vsrc32(w, OP(2), t1), *C = amd_vsrc32(w, OP(3), t2);
  uint64_t vcc = amd_vcc(w);
  fpm m = fp_mode(w);
  int rc = fp_rm_begin(m.rm32);
  for (unsigned l = 0; l < NL; l++) {
    float a = FI(A[l]), b = FI(B[l]), c = FI(C[l]);
    float r;
    if ((vcc >> l) & 1) {
      double f = fma((double)a, (double)b, (double)c); /* exact product; one rounding to double */
      f = ldexp(f, exp32(f2u(c)) >= 127 ? 64 : -64);
      r = (float)f;
    } else {
      r = fmaf(a, b, c);
    }
    res[l] = FO(r);
  }
  fp_rm_end(rc);
  fp_post32(w, d, res);
  amd_vcommit(w, amd_vrow(w, OP(0)->val), res);
  return amd_next(w, d);
}

/* v_div_fixup_f32 D, S0 (quotient), S1 (denominator), S2 (numerator) */
static inline uint32_t div_fixup32(uint32_t q, uint32_t den, uint32_t num)
{
  uint32_t sign = (den ^ num) & 0x80000000u;
  float s1 = u2f(den), s2 = u2f(num);
  if (isnan32(num)) return fp_q32(num);
  if (isnan32(den)) return fp_q32(den);
  if (s1 == 0 && s2 == 0) return 0xffc00000u;
  if (isinf(s1) && isinf(s2)) return 0xffc00000u;
  if (s1 == 0 || isinf(s2)) return sign | 0x7f800000u;
  if (isinf(s1) || s2 == 0) return sign;
  if (exp32(num) - exp32(den) < -150) return sign;                 /* underflow */
  if (exp32(den) == 255) return sign | 0x7f800000u;                /* overflow */
  if (isnan32(q)) return q;
  return sign | (q & 0x7fffffffu);
}
VF3U(V_DIV_FIXUP_F32, div_fixup32(ua, ub, uc))

/* The gfx11 (RDNA3) names of these rows: the same semantics
 * (cmake/amdx_table.cmake) */
AMD11_AS(V_CVT_FLOOR_I32_F32, V_CVT_FLR_I32_F32);
AMD11_AS(V_CVT_NEAREST_I32_F32, V_CVT_RPI_I32_F32);
AMD11_AS(V_CVT_PK_NORM_I16_F32, V_CVT_PKNORM_I16_F32);
AMD11_AS(V_CVT_PK_NORM_U16_F32, V_CVT_PKNORM_U16_F32);
AMD11_AS(V_CVT_PK_RTZ_F16_F32, V_CVT_PKRTZ_F16_F32);
