/* VALU f16 rows (VOP1, VOP2, VOP3, VOPC): a half is widened to double
 * (exact), the operation done in double (exact for + - * and conversions;
 * division, square root and fma are rounded once in double, which is
 * innocuous for + - * / sqrt of 11-bit operands), then rounded once to f16
 * in MODE's f16/f64 round mode (fp_d_to_h) with MODE's f16 denormal rules.
 * Sources are the low half of a register, or the high one with VOP3
 * op_sel; results go to the low half with the high half zeroed (gfx9), or
 * with op_sel[3] to the high half keeping the low one. */
#include "isa/amdgpu/exec_fp.h"

#define HI(x) fp_h_to_d(fp_fz16((x), m.fin64))
#define HO(x) fp_fz16(fp_d_to_h((x), m.rm64), m.fout64)

#define VH1(ID, expr)                                                          \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t A[NL], res[NL];                                                   \
    unsigned sel = fp_opsel(d);                                                \
    fp_src16(w, OP(1), sel & 1, A);                                            \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) {                                        \
      double a = HI(A[l]);                                                     \
      res[l] = HO(expr);                                                       \
    }                                                                          \
    fp_post16(w, d, res);                                                      \
    fp_commit16(w, d, OP(0)->val, res);                                        \
    return amd_next(w, d);                                                     \
  }
/* integer (bits) results: ua the flushed f16 bits */
#define VH1U(ID, expr)                                                         \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t A[NL], res[NL];                                                   \
    unsigned sel = fp_opsel(d);                                                \
    fp_src16(w, OP(1), sel & 1, A);                                            \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) {                                        \
      double a = HI(A[l]);                                                     \
      res[l] = (expr) & 0xffff;                                                \
    }                                                                          \
    fp_commit16(w, d, OP(0)->val, res);                                        \
    return amd_next(w, d);                                                     \
  }
#define VH2(ID, expr)                                                          \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t A[NL], B[NL], res[NL];                                            \
    unsigned sel = fp_opsel(d);                                                \
    fp_src16(w, OP(1), sel & 1, A);                                            \
    fp_src16(w, OP(2), (sel >> 1) & 1, B);                                     \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) {                                        \
      double a = HI(A[l]), b = HI(B[l]);                                       \
      res[l] = HO(expr);                                                       \
    }                                                                          \
    fp_post16(w, d, res);                                                      \
    fp_commit16(w, d, OP(0)->val, res);                                        \
    return amd_next(w, d);                                                     \
  }
#define VH2U(ID, expr)                                                         \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t A[NL], B[NL], res[NL];                                            \
    unsigned sel = fp_opsel(d);                                                \
    fp_src16(w, OP(1), sel & 1, A);                                            \
    fp_src16(w, OP(2), (sel >> 1) & 1, B);                                     \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint32_t ua = fp_fz16(A[l], m.fin64), ub = fp_fz16(B[l], m.fin64);      \
      res[l] = (expr);                                                         \
    }                                                                          \
    fp_post16(w, d, res);                                                      \
    fp_commit16(w, d, OP(0)->val, res);                                        \
    return amd_next(w, d);                                                     \
  }
#define VH3(ID, expr)                                                          \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t A[NL], B[NL], C[NL], res[NL];                                     \
    unsigned sel = fp_opsel(d);                                                \
    fp_src16(w, OP(1), sel & 1, A);                                            \
    fp_src16(w, OP(2), (sel >> 1) & 1, B);                                     \
    fp_src16(w, OP(3), (sel >> 2) & 1, C);                                     \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) {                                        \
      double a = HI(A[l]), b = HI(B[l]), c = HI(C[l]);                         \
      res[l] = HO(expr);                                                       \
    }                                                                          \
    fp_post16(w, d, res);                                                      \
    fp_commit16(w, d, OP(0)->val, res);                                        \
    return amd_next(w, d);                                                     \
  }
#define VH3U(ID, expr)                                                         \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t A[NL], B[NL], C[NL], res[NL];                                     \
    unsigned sel = fp_opsel(d);                                                \
    fp_src16(w, OP(1), sel & 1, A);                                            \
    fp_src16(w, OP(2), (sel >> 1) & 1, B);                                     \
    fp_src16(w, OP(3), (sel >> 2) & 1, C);                                     \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint32_t ua = fp_fz16(A[l], m.fin64), ub = fp_fz16(B[l], m.fin64), uc = fp_fz16(C[l], m.fin64); \
      res[l] = (expr);                                                         \
    }                                                                          \
    fp_post16(w, d, res);                                                      \
    fp_commit16(w, d, OP(0)->val, res);                                        \
    return amd_next(w, d);                                                     \
  }

/* a product rounded to f16, then the sum rounded (not fused) */
#define MAD16(a, b, c) (fp_h_to_d(fp_d_to_h((a) * (b), m.rm64)) + (c))

VH2(V_ADD_F16, a + b)
VH2(V_SUB_F16, a - b)
VH2(V_SUBREV_F16, b - a)
VH2(V_MUL_F16, a * b)
VH3(V_FMA_F16, fma(a, b, c))
VH3(V_FMA_LEGACY_F16, fma(a, b, c))
VH3(V_MAD_F16, MAD16(a, b, c))
VH3(V_MAD_LEGACY_F16, MAD16(a, b, c))

/* v_mac_f16: D.lo = S0 * S1 + D.lo; v_madmk_f16 S0 * K + S1, v_madak_f16
 * S0 * S1 + K (K: the literal's low half) */
#define MAC16(ID, x, y, z)                                                     \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t A[NL], B[NL], res[NL];                                            \
    unsigned sel = fp_opsel(d);                                                \
    fp_src16(w, OP(1), sel & 1, A);                                            \
    fp_src16(w, OP(2), (sel >> 1) & 1, B);                                     \
    const uint32_t *D = amd_vrow(w, OP(0)->val);                               \
    uint32_t K = amd_literal(amd_i(d)) & 0xffff;                               \
    (void)K; (void)D;                                                          \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) res[l] = HO(MAD16(HI(x), HI(y), HI(z))); \
    fp_post16(w, d, res);                                                      \
    fp_commit16(w, d, OP(0)->val, res);                                        \
    return amd_next(w, d);                                                     \
  }
MAC16(V_MAC_F16, A[l], B[l], D[l] & 0xffff)
MAC16(V_MADMK_F16, A[l], K, B[l])
MAC16(V_MADAK_F16, A[l], B[l], K)

/* v_ldexp_f16: S1 is a 32-bit integer */
AMDX(V_LDEXP_F16)
{
  uint32_t A[NL], t1[NL], res[NL];
  fp_src16(w, OP(1), fp_opsel(d) & 1, A);
  const uint32_t *B = amd_vsrc32(w, OP(2), t1);
  fpm m = fp_mode(w);
  for (unsigned l = 0; l < NL; l++) {
    int n = (int)B[l];
    n = n < -100 ? -100 : (n > 100 ? 100 : n);
    res[l] = HO(ldexp(HI(A[l]), n));
  }
  fp_post16(w, d, res);
  fp_commit16(w, d, OP(0)->val, res);
  return amd_next(w, d);
}

/* min / max / med3: the f32 rules (exec_vf32.c) */
static inline int lt16(uint32_t a, uint32_t b)
{
  if (((a | b) & 0x7fff) == 0) return (a >> 15) > (b >> 15);
  return fp_h_to_d(a) < fp_h_to_d(b);
}
static inline uint32_t min16(uint32_t a, uint32_t b, int ieee)
{
  if (ieee && issnan16(a)) return fp_q16(a);
  if (ieee && issnan16(b)) return fp_q16(b);
  if (isnan16(a)) return isnan16(b) ? fp_q16(b) : b;
  if (isnan16(b)) return a;
  return lt16(b, a) ? b : a;
}
static inline uint32_t max16(uint32_t a, uint32_t b, int ieee)
{
  if (ieee && issnan16(a)) return fp_q16(a);
  if (ieee && issnan16(b)) return fp_q16(b);
  if (isnan16(a)) return isnan16(b) ? fp_q16(b) : b;
  if (isnan16(b)) return a;
  return lt16(a, b) ? b : a;
}
static inline uint32_t med3_16(uint32_t a, uint32_t b, uint32_t c, int ieee)
{
  if (isnan16(a) || isnan16(b) || isnan16(c)) return min16(min16(a, b, ieee), c, ieee);
  uint32_t mx = max16(max16(a, b, ieee), c, ieee);
  if (mx == a) return max16(b, c, ieee);
  if (mx == b) return max16(a, c, ieee);
  return max16(a, b, ieee);
}
VH2U(V_MIN_F16, min16(ua, ub, m.ieee))
VH2U(V_MAX_F16, max16(ua, ub, m.ieee))
VH3U(V_MIN3_F16, min16(min16(ua, ub, m.ieee), uc, m.ieee))
VH3U(V_MAX3_F16, max16(max16(ua, ub, m.ieee), uc, m.ieee))
/* gfx11 v_maxmin_f16 / v_minmax_f16: as the f32 rows (exec_vf32.c) */
VH3U(V_MAXMIN_F16, min16(max16(ua, ub, m.ieee), uc, m.ieee))
VH3U(V_MINMAX_F16, max16(min16(ua, ub, m.ieee), uc, m.ieee))
VH3U(V_MED3_F16, med3_16(ua, ub, uc, m.ieee))

/* ---- one source ---- */
VH1(V_FLOOR_F16, floor(a))
VH1(V_CEIL_F16, ceil(a))
VH1(V_TRUNC_F16, trunc(a))
VH1(V_RNDNE_F16, nearbyint(a))
static inline double fract16(double a)
{
  double f = a - floor(a);
  return isnan(f) ? f : fmin(f, 0x1.ffcp-1); /* the largest half below 1 */
}
VH1(V_FRACT_F16, fract16(a))
VH1(V_RCP_F16, 1.0 / a)
VH1(V_SQRT_F16, sqrt(a))
VH1(V_RSQ_F16, 1.0 / sqrt(a))
VH1(V_LOG_F16, log2(a))
VH1(V_EXP_F16, exp2(a))
static inline double turns16(double a) { return (a - nearbyint(a)) * 6.283185307179586476925; }
VH1(V_SIN_F16, isinf(a) ? NAN : sin(turns16(a)))
VH1(V_COS_F16, isinf(a) ? NAN : cos(turns16(a)))
static inline double frexp_mant16(double a)
{
  if (isinf(a) || isnan(a)) return a;
  int e;
  return frexp(a, &e);
}
VH1(V_FREXP_MANT_F16, frexp_mant16(a))
static inline uint32_t frexp_exp16(double a)
{
  if (isinf(a) || isnan(a)) return 0;
  int e;
  (void)frexp(a, &e);
  return (uint32_t)e;
}
VH1U(V_FREXP_EXP_I16_F16, frexp_exp16(a))
/* f16 -> 16-bit integers: truncation, saturated, NaN -> 0 */
static inline uint32_t h2i16(double x)
{
  if (isnan(x)) return 0;
  if (x >= 32767.0) return 0x7fff;
  if (x <= -32768.0) return 0x8000;
  return (uint32_t)(int32_t)x;
}
static inline uint32_t h2u16(double x)
{
  if (isnan(x) || x <= 0) return 0;
  if (x >= 65535.0) return 0xffff;
  return (uint32_t)x;
}
VH1U(V_CVT_I16_F16, h2i16(a))
VH1U(V_CVT_U16_F16, h2u16(a))
static inline uint32_t snorm16h(double x)
{
  if (isnan(x)) return 0;
  x = x < -1.0 ? -1.0 : (x > 1.0 ? 1.0 : x);
  return (uint32_t)(int32_t)nearbyint(x * 32767.0) & 0xffff;
}
static inline uint32_t unorm16h(double x)
{
  if (isnan(x)) return 0;
  x = x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x);
  return (uint32_t)nearbyint(x * 65535.0) & 0xffff;
}
VH1U(V_CVT_NORM_I16_F16, snorm16h(a))
VH1U(V_CVT_NORM_U16_F16, unorm16h(a))

/* 16-bit integers -> f16 (the low half of the source), rounded per MODE */
#define VH1I(ID, expr)                                                         \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], res[NL];                                                  \
    const uint32_t *A = amd_vsrc32(w, OP(1), t0);                              \
    unsigned sh = (fp_opsel(d) & 1) ? 16 : 0;                                  \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) res[l] = HO(expr);                       \
    fp_post16(w, d, res);                                                      \
    fp_commit16(w, d, OP(0)->val, res);                                        \
    return amd_next(w, d);                                                     \
  }
VH1I(V_CVT_F16_U16, (double)((A[l] >> sh) & 0xffff))
VH1I(V_CVT_F16_I16, (double)(int16_t)(A[l] >> sh))

/* ---- two f16 to a packed dword ---- */
#define VH2P(ID, expr)                                                         \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t A[NL], B[NL], res[NL];                                            \
    unsigned sel = fp_opsel(d);                                                \
    fp_src16(w, OP(1), sel & 1, A);                                            \
    fp_src16(w, OP(2), (sel >> 1) & 1, B);                                     \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) {                                        \
      double a = HI(A[l]), b = HI(B[l]);                                       \
      res[l] = (expr);                                                         \
    }                                                                          \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    return amd_next(w, d);                                                     \
  }
VH2P(V_CVT_PKNORM_I16_F16, snorm16h(a) | snorm16h(b) << 16)
VH2P(V_CVT_PKNORM_U16_F16, unorm16h(a) | unorm16h(b) << 16)
/* v_pack_b32_f16: {S1.f16, S0.f16} (the halves op_sel picks, modifiers
 * applied); a move, so no flush.  Written whole (op_sel[3] does not apply). */
AMDX(V_PACK_B32_F16)
{
  uint32_t A[NL], B[NL], res[NL];
  unsigned sel = fp_opsel(d);
  fp_src16(w, OP(1), sel & 1, A);
  fp_src16(w, OP(2), (sel >> 1) & 1, B);
  for (unsigned l = 0; l < NL; l++) res[l] = A[l] | B[l] << 16;
  amd_vcommit(w, amd_vrow(w, OP(0)->val), res);
  return amd_next(w, d);
}

/* v_div_fixup_f16: the f32 rules with the f16 constants (underflow below
 * an exponent difference of -25, overflow at the maximum exponent) */
static inline uint32_t div_fixup16(uint32_t q, uint32_t den, uint32_t num)
{
  uint32_t sign = (den ^ num) & 0x8000u;
  double s1 = fp_h_to_d(den), s2 = fp_h_to_d(num);
  int e1 = (den >> 10) & 31, e2 = (num >> 10) & 31;
  if (isnan16(num)) return fp_q16(num);
  if (isnan16(den)) return fp_q16(den);
  if (s1 == 0 && s2 == 0) return 0xfe00u;
  if (isinf(s1) && isinf(s2)) return 0xfe00u;
  if (s1 == 0 || isinf(s2)) return sign | 0x7c00u;
  if (isinf(s1) || s2 == 0) return sign;
  if (e2 - e1 < -25) return sign;
  if (e1 == 31) return sign | 0x7c00u;
  if (isnan16(q)) return q;
  return sign | (q & 0x7fffu);
}
VH3U(V_DIV_FIXUP_F16, div_fixup16(ua, ub, uc))
VH3U(V_DIV_FIXUP_LEGACY_F16, div_fixup16(ua, ub, uc))

/* ---- compares ---- */
#define VCMPH(ID, X, cond)                                                     \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t A[NL], B[NL];                                                     \
    unsigned sel = fp_opsel(d);                                                \
    fp_src16(w, OP(amd_cmp_src(d)), sel & 1, A);                                            \
    fp_src16(w, OP(amd_cmp_src(d) + 1), (sel >> 1) & 1, B);                                     \
    fpm m = fp_mode(w);                                                        \
    uint64_t r = 0;                                                            \
    for (unsigned l = 0; l < NL; l++) {                                        \
      double a = HI(A[l]), b = HI(B[l]);                                       \
      (void)a; (void)b;                                                        \
      r |= (uint64_t)(cond) << l;                                              \
    }                                                                          \
    amd_cmp_write(w, d, r);                                                    \
    if (X) amd_set_exec(w, r & w->active);                                     \
    return amd_next(w, d);                                                     \
  }
VCMPH(V_CMP_F_F16, 0, 0)
VCMPH(V_CMP_LT_F16, 0, a < b)
VCMPH(V_CMP_EQ_F16, 0, a == b)
VCMPH(V_CMP_LE_F16, 0, a <= b)
VCMPH(V_CMP_GT_F16, 0, a > b)
VCMPH(V_CMP_LG_F16, 0, a < b || a > b)
VCMPH(V_CMP_GE_F16, 0, a >= b)
VCMPH(V_CMP_O_F16, 0, !isnan(a) && !isnan(b))
VCMPH(V_CMP_U_F16, 0, isnan(a) || isnan(b))
VCMPH(V_CMP_NGE_F16, 0, !(a >= b))
VCMPH(V_CMP_NLG_F16, 0, !(a < b || a > b))
VCMPH(V_CMP_NGT_F16, 0, !(a > b))
VCMPH(V_CMP_NLE_F16, 0, !(a <= b))
VCMPH(V_CMP_NEQ_F16, 0, !(a == b))
VCMPH(V_CMP_NLT_F16, 0, !(a < b))
VCMPH(V_CMP_TRU_F16, 0, 1)
VCMPH(V_CMPX_F_F16, 1, 0)
VCMPH(V_CMPX_LT_F16, 1, a < b)
VCMPH(V_CMPX_EQ_F16, 1, a == b)
VCMPH(V_CMPX_LE_F16, 1, a <= b)
VCMPH(V_CMPX_GT_F16, 1, a > b)
VCMPH(V_CMPX_LG_F16, 1, a < b || a > b)
VCMPH(V_CMPX_GE_F16, 1, a >= b)
VCMPH(V_CMPX_O_F16, 1, !isnan(a) && !isnan(b))
VCMPH(V_CMPX_U_F16, 1, isnan(a) || isnan(b))
VCMPH(V_CMPX_NGE_F16, 1, !(a >= b))
VCMPH(V_CMPX_NLG_F16, 1, !(a < b || a > b))
VCMPH(V_CMPX_NGT_F16, 1, !(a > b))
VCMPH(V_CMPX_NLE_F16, 1, !(a <= b))
VCMPH(V_CMPX_NEQ_F16, 1, !(a == b))
VCMPH(V_CMPX_NLT_F16, 1, !(a < b))
VCMPH(V_CMPX_TRU_F16, 1, 1)

static inline unsigned class16(uint32_t x)
{
  unsigned s = (x >> 15) & 1, e = (x >> 10) & 31, f = x & 0x3ff;
  if (e == 31) return f ? ((f & 0x200) ? 1 : 0) : (s ? 2 : 9);
  if (e == 0) return f ? (s ? 4 : 7) : (s ? 5 : 6);
  return s ? 3 : 8;
}
#define VCLASSH(ID, X)                                                         \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t A[NL], t1[NL];                                                    \
    fp_src16(w, OP(amd_cmp_src(d)), fp_opsel(d) & 1, A);                                    \
    const uint32_t *B = amd_vsrc32(w, OP(amd_cmp_src(d) + 1), t1);                              \
    uint64_t r = 0;                                                            \
    for (unsigned l = 0; l < NL; l++) r |= (uint64_t)((B[l] >> class16(A[l])) & 1) << l; \
    amd_cmp_write(w, d, r);                                                    \
    if (X) amd_set_exec(w, r & w->active);                                     \
    return amd_next(w, d);                                                     \
  }
VCLASSH(V_CMP_CLASS_F16, 0)
VCLASSH(V_CMPX_CLASS_F16, 1)
