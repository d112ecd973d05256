/* VALU f64 rows: arithmetic, min/max, compares and classes, conversions,
 * rounding, rcp/rsq/sqrt, frexp/ldexp, trig_preop and the division helpers
 * (docs/amdgpu-exec.md "Floating point"; MODE handling in exec_fp.h: the
 * f64/f16 round mode MODE[3:2] and denormal mode MODE[7:6]). */
#include "isa/amdgpu/exec_fp.h"

#define DI(x) u2d(fp_fz64((x), m.fin64))
#define DO(x) fp_fz64(fp_q64(d2u(x)), m.fout64) /* NaNs quieted, as FO (exec_vf32.c) */

#define VD1(ID, RND, expr)                                                     \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint64_t A[NL], res[NL];                                                   \
    fp_src64(w, OP(1), A);                                                     \
    fpm m = fp_mode(w);                                                        \
    int rc = fp_rm_begin(RND ? m.rm64 : 0);                                    \
    for (unsigned l = 0; l < NL; l++) {                                        \
      double a = DI(A[l]);                                                     \
      (void)a;                                                                 \
      res[l] = DO(expr);                                                       \
    }                                                                          \
    fp_rm_end(rc);                                                             \
    fp_post64(w, d, res);                                                      \
    fp_commit64(w, OP(0)->val, res);                                           \
    return amd_next(w, d);                                                     \
  }
#define VD2(ID, expr)                                                          \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint64_t A[NL], B[NL], res[NL];                                            \
    fp_src64(w, OP(1), A);                                                     \
    fp_src64(w, OP(2), B);                                                     \
    fpm m = fp_mode(w);                                                        \
    int rc = fp_rm_begin(m.rm64);                                              \
    for (unsigned l = 0; l < NL; l++) {                                        \
      double a = DI(A[l]), b = DI(B[l]);                                       \
      res[l] = DO(expr);                                                       \
    }                                                                          \
    fp_rm_end(rc);                                                             \
    fp_post64(w, d, res);                                                      \
    fp_commit64(w, OP(0)->val, res);                                           \
    return amd_next(w, d);                                                     \
  }
#define VD2U(ID, expr)                                                         \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint64_t A[NL], B[NL], res[NL];                                            \
    fp_src64(w, OP(1), A);                                                     \
    fp_src64(w, OP(2), B);                                                     \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint64_t ua = fp_fz64(A[l], m.fin64), ub = fp_fz64(B[l], m.fin64);      \
      res[l] = (expr);                                                         \
    }                                                                          \
    fp_post64(w, d, res);                                                      \
    fp_commit64(w, OP(0)->val, res);                                           \
    return amd_next(w, d);                                                     \
  }
/* a 64-bit float and a 32-bit integer source (ldexp, trig_preop) */
#define VD2I(ID, RND, expr)                                                    \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint64_t A[NL], res[NL];                                                   \
    uint32_t t1[NL];                                                           \
    fp_src64(w, OP(1), A);                                                     \
    const uint32_t *B = amd_vsrc32(w, OP(2), t1);                              \
    fpm m = fp_mode(w);                                                        \
    int rc = fp_rm_begin(RND ? m.rm64 : 0);                                    \
    for (unsigned l = 0; l < NL; l++) {                                        \
      double a = DI(A[l]);                                                     \
      (void)a;                                                                 \
      res[l] = DO(expr);                                                       \
    }                                                                          \
    fp_rm_end(rc);                                                             \
    fp_post64(w, d, res);                                                      \
    fp_commit64(w, OP(0)->val, res);                                           \
    return amd_next(w, d);                                                     \
  }

VD2(V_ADD_F64, a + b)
VD2(V_MUL_F64, a * b)
AMDX(V_FMA_F64)
{
  uint64_t A[NL], B[NL], C[NL], res[NL];
  fp_src64(w, OP(1), A);
  fp_src64(w, OP(2), B);
  fp_src64(w, OP(3), C);
  fpm m = fp_mode(w);
  int rc = fp_rm_begin(m.rm64);
  for (unsigned l = 0; l < NL; l++) res[l] = DO(fma(DI(A[l]), DI(B[l]), DI(C[l])));
  fp_rm_end(rc);
  fp_post64(w, d, res);
  fp_commit64(w, OP(0)->val, res);
  return amd_next(w, d);
}
static inline int ldexp_n(uint32_t b) { int n = (int)b; return n < -4000 ? -4000 : (n > 4000 ? 4000 : n); }
VD2I(V_LDEXP_F64, 1, ldexp(a, ldexp_n(B[l])))

/* min / max: the rules of the f32 rows (exec_vf32.c) */
static inline int lt64(uint64_t a, uint64_t b)
{
  if ((a | b) << 1 == 0) return (a >> 63) > (b >> 63);
  return u2d(a) < u2d(b);
}
static inline uint64_t min64(uint64_t a, uint64_t b, int ieee)
{
  if (ieee && issnan64(a)) return fp_q64(a);
  if (ieee && issnan64(b)) return fp_q64(b);
  if (isnan64(a)) return isnan64(b) ? fp_q64(b) : b;
  if (isnan64(b)) return a;
  return lt64(b, a) ? b : a;
}
static inline uint64_t max64(uint64_t a, uint64_t b, int ieee)
{
  if (ieee && issnan64(a)) return fp_q64(a);
  if (ieee && issnan64(b)) return fp_q64(b);
  if (isnan64(a)) return isnan64(b) ? fp_q64(b) : b;
  if (isnan64(b)) return a;
  return lt64(a, b) ? b : a;
}
VD2U(V_MIN_F64, min64(ua, ub, m.ieee))
VD2U(V_MAX_F64, max64(ua, ub, m.ieee))

/* ---- rounding to integers, fract, reciprocal ... ---- */
VD1(V_TRUNC_F64, 0, trunc(a))
VD1(V_CEIL_F64, 0, ceil(a))
VD1(V_FLOOR_F64, 0, floor(a))
VD1(V_RNDNE_F64, 0, rint(a))
static inline double fract64(double a)
{
  double f = a - floor(a);
  return isnan(f) ? f : fmin(f, 0x1.fffffffffffffp-1);
}
VD1(V_FRACT_F64, 1, fract64(a))
/* correctly rounded rcp and sqrt; rsq through the x87 80-bit format
 * (rounded twice: rare last-bit differences; silicon is ~1 ulp) */
VD1(V_RCP_F64, 1, 1.0 / a)
VD1(V_SQRT_F64, 1, sqrt(a))
VD1(V_RSQ_F64, 1, (double)(1.0L / sqrtl((long double)a)))
static inline double frexp_mant64(double a)
{
  if (isinf(a) || isnan(a)) return a;
  int e;
  return frexp(a, &e);
}
VD1(V_FREXP_MANT_F64, 0, frexp_mant64(a))

/* results of 32 bits from an f64 source */
#define VD1U(ID, RND, expr)                                                    \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint64_t A[NL];                                                            \
    uint32_t res[NL];                                                          \
    fp_src64(w, OP(1), A);                                                     \
    fpm m = fp_mode(w);                                                        \
    int rc = fp_rm_begin(RND ? m.rm32 : 0);                                    \
    for (unsigned l = 0; l < NL; l++) {                                        \
      double a = DI(A[l]);                                                     \
      (void)a;                                                                 \
      res[l] = (expr);                                                         \
    }                                                                          \
    fp_rm_end(rc);                                                             \
    if (RND) fp_post32(w, d, res);                                             \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    return amd_next(w, d);                                                     \
  }
static inline uint32_t frexp_exp64(double a)
{
  if (isinf(a) || isnan(a)) return 0;
  int e;
  (void)frexp(a, &e);
  return (uint32_t)e;
}
static inline uint32_t d2i(double x)
{
  if (isnan(x)) return 0;
  if (x >= 2147483647.0) return 0x7fffffffu;
  if (x <= -2147483648.0) return 0x80000000u;
  return (uint32_t)(int32_t)x;
}
static inline uint32_t d2uns(double x)
{
  if (isnan(x) || x <= 0) return 0;
  if (x >= 4294967295.0) return 0xffffffffu;
  return (uint32_t)x;
}
VD1U(V_FREXP_EXP_I32_F64, 0, frexp_exp64(a))
VD1U(V_CVT_I32_F64, 0, d2i(a))
VD1U(V_CVT_U32_F64, 0, d2uns(a))
/* f64 -> f32 in the f32 round mode, f32 output denormals per MODE */
VD1U(V_CVT_F32_F64, 1, fp_fz32(f2u((float)a), m.fout32))

/* f64 results from 32-bit sources (exact) */
#define VD1S(ID, expr)                                                         \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL];                                                           \
    uint64_t res[NL];                                                          \
    const uint32_t *A = amd_vsrc32(w, OP(1), t0);                              \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) res[l] = DO(expr);                       \
    fp_post64(w, d, res);                                                      \
    fp_commit64(w, OP(0)->val, res);                                           \
    return amd_next(w, d);                                                     \
  }
VD1S(V_CVT_F64_I32, (double)(int32_t)A[l])
VD1S(V_CVT_F64_U32, (double)A[l])
VD1S(V_CVT_F64_F32, (double)u2f(fp_fz32(A[l], m.fin32)))

/* ---- compares ---- */
#define VCMPD(ID, X, cond)                                                     \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint64_t A[NL], B[NL], r = 0;                                              \
    fp_src64(w, OP(amd_cmp_src(d)), A);                                                     \
    fp_src64(w, OP(amd_cmp_src(d) + 1), B);                                                     \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) {                                        \
      double a = DI(A[l]), b = DI(B[l]);                                       \
      (void)a; (void)b;                                                        \
      r |= (uint64_t)(cond) << l;                                              \
    }                                                                          \
    amd_cmp_write(w, d, r);                                                    \
    if (X) amd_set_exec(w, r & w->active);                                     \
    return amd_next(w, d);                                                     \
  }
VCMPD(V_CMP_F_F64, 0, 0)
VCMPD(V_CMP_LT_F64, 0, a < b)
VCMPD(V_CMP_EQ_F64, 0, a == b)
VCMPD(V_CMP_LE_F64, 0, a <= b)
VCMPD(V_CMP_GT_F64, 0, a > b)
VCMPD(V_CMP_LG_F64, 0, a < b || a > b)
VCMPD(V_CMP_GE_F64, 0, a >= b)
VCMPD(V_CMP_O_F64, 0, !isnan(a) && !isnan(b))
VCMPD(V_CMP_U_F64, 0, isnan(a) || isnan(b))
VCMPD(V_CMP_NGE_F64, 0, !(a >= b))
VCMPD(V_CMP_NLG_F64, 0, !(a < b || a > b))
VCMPD(V_CMP_NGT_F64, 0, !(a > b))
VCMPD(V_CMP_NLE_F64, 0, !(a <= b))
VCMPD(V_CMP_NEQ_F64, 0, !(a == b))
VCMPD(V_CMP_NLT_F64, 0, !(a < b))
VCMPD(V_CMP_TRU_F64, 0, 1)
VCMPD(V_CMPX_F_F64, 1, 0)
VCMPD(V_CMPX_LT_F64, 1, a < b)
VCMPD(V_CMPX_EQ_F64, 1, a == b)
VCMPD(V_CMPX_LE_F64, 1, a <= b)
VCMPD(V_CMPX_GT_F64, 1, a > b)
VCMPD(V_CMPX_LG_F64, 1, a < b || a > b)
VCMPD(V_CMPX_GE_F64, 1, a >= b)
VCMPD(V_CMPX_O_F64, 1, !isnan(a) && !isnan(b))
VCMPD(V_CMPX_U_F64, 1, isnan(a) || isnan(b))
VCMPD(V_CMPX_NGE_F64, 1, !(a >= b))
VCMPD(V_CMPX_NLG_F64, 1, !(a < b || a > b))
VCMPD(V_CMPX_NGT_F64, 1, !(a > b))
VCMPD(V_CMPX_NLE_F64, 1, !(a <= b))
VCMPD(V_CMPX_NEQ_F64, 1, !(a == b))
VCMPD(V_CMPX_NLT_F64, 1, !(a < b))
VCMPD(V_CMPX_TRU_F64, 1, 1)

/* class bits as for f32 (exec_vf32.c) */
static inline unsigned class64(uint64_t x)
{
  unsigned s = (unsigned)(x >> 63), e = (unsigned)(x >> 52) & 0x7ff;
  uint64_t f = x & 0xfffffffffffffull;
  if (e == 0x7ff) return f ? ((f >> 51) & 1 ? 1 : 0) : (s ? 2 : 9);
  if (e == 0) return f ? (s ? 4 : 7) : (s ? 5 : 6);
  return s ? 3 : 8;
}
#define VCLASSD(ID, X)                                                         \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint64_t A[NL], r = 0;                                                     \
    uint32_t t1[NL];                                                           \
    fp_src64(w, OP(amd_cmp_src(d)), A);                                                     \
    const uint32_t *B = amd_vsrc32(w, OP(amd_cmp_src(d) + 1), t1);                              \
    for (unsigned l = 0; l < NL; l++) r |= (uint64_t)((B[l] >> class64(A[l])) & 1) << l; \
    amd_cmp_write(w, d, r);                                                    \
    if (X) amd_set_exec(w, r & w->active);                                     \
    return amd_next(w, d);                                                     \
  }
VCLASSD(V_CMP_CLASS_F64, 0)
VCLASSD(V_CMPX_CLASS_F64, 1)

/* ---- v_trig_preop_f64 (Vega ISA): 53 bits of 2/pi from bit
 * shift = S1[4:0] * 53 (+ exponent(S0) - 1077 when that is positive) after
 * the binary point, scaled to their value 2^(-53 - shift) (2^128 more when
 * exponent(S0) >= 1968).  The bits: 2/pi = 0.a2f9836e 4e441529 ... (hex,
 * computed with integer arithmetic from Machin's formula; the first words
 * are the well-known 2/pi table of argument reduction). ---- */
static const uint32_t two_over_pi[40] = {
  0xa2f9836eu, 0x4e441529u, 0xfc2757d1u, 0xf534ddc0u, 0xdb629599u, 0x3c439041u, 0xfe5163abu, 0xdebbc561u,
  0xb7246e3au, 0x424dd2e0u, 0x06492eeau, 0x09d1921cu, 0xfe1deb1cu, 0xb129a73eu, 0xe88235f5u, 0x2ebb4484u,
  0xe99c7026u, 0xb45f7e41u, 0x3991d639u, 0x835339f4u, 0x9c845f8bu, 0xbdf9283bu, 0x1ff897ffu, 0xde05980fu,
  0xef2f118bu, 0x5a0a6d1fu, 0x6d367ecfu, 0x27cb09b7u, 0x4f463f66u, 0x9e5fea2du, 0x7527bac7u, 0xebe5f17bu,
  0x3d0739f7u, 0x8a5292eau, 0x6bfb5fb1u, 0x1f8d5d08u, 0x56033046u, 0xfc7b6babu, 0xf0cfbc20u, 0x9af4361du,
};
static double trig_preop(uint64_t s0, uint32_t s1)
{
  int e = (int)((s0 >> 52) & 0x7ff);
  unsigned shift = (s1 & 31) * 53 + (e > 1077 ? (unsigned)(e - 1077) : 0);
  uint64_t r = 0;
  for (unsigned k = 0; k < 53; k++) { /* fraction bit shift + k (0: the 2^-1 bit) */
    unsigned p = shift + k;
    unsigned bit = p < 1201 ? (two_over_pi[p / 32] >> (31 - p % 32)) & 1 : 0; /* 1201 bits defined */
    r = r << 1 | bit;
  }
  int scale = -53 - (int)shift + (e >= 1968 ? 128 : 0);
  return ldexp((double)r, scale);
}
VD2I(V_TRIG_PREOP_F64, 0, trig_preop(A[l], B[l]))

/* ---- division helpers: exec_vf32.c's with the f64 constants ---- */
static inline int exp64(uint64_t x) { return (int)((x >> 52) & 0x7ff); }
static inline int isdenorm64(long double v) { return v != 0 && fabsl(v) < 0x1p-1022L; }

AMDX(V_DIV_SCALE_F64)
{
  uint64_t A[NL], B[NL], C[NL], res[NL], vcc = 0;
  fp_src64(w, OP(2), A);
  fp_src64(w, OP(3), B);
  fp_src64(w, OP(4), C);
  fpm m = fp_mode(w);
  int rc = fp_rm_begin(m.rm64);
  for (unsigned l = 0; l < NL; l++) {
    double s0 = DI(A[l]), s1 = DI(B[l]), s2 = DI(C[l]);
    double r = s0;
    int v = 0;
    long double q = (long double)s2 / (long double)s1, rcp = 1.0L / (long double)s1;
    if (isnan(s0) || isnan(s1) || isnan(s2)) {
      r = NAN;
    } else if (s2 == 0 || s1 == 0) {
      r = NAN;
    } else if (exp64(d2u(s2)) - exp64(d2u(s1)) >= 768) {
      v = 1;
      if (s0 == s1) r = ldexp(s0, 128);
    } else if (isdenorm64(s1)) {
      r = ldexp(s0, 128);
    } else if (isdenorm64(rcp) && isdenorm64(q)) {
      v = 1;
      if (s0 == s1) r = ldexp(s0, -128);
    } else if (isdenorm64(rcp)) {
      r = ldexp(s0, -128);
    } else if (isdenorm64(q)) {
      v = 1;
      if (s0 == s2) r = ldexp(s0, 128);
    } else if (exp64(d2u(s2)) <= 53) {
      r = ldexp(s0, 128);
    }
    res[l] = d2u(r);
    vcc |= (uint64_t)v << l;
  }
  fp_rm_end(rc);
  fp_post64(w, d, res);
  fp_commit64(w, OP(0)->val, res);
  amd_wmask(w, OP(1), vcc);
  return amd_next(w, d);
}

/* fma times 2^128 (VCC, S2 >= 1.0) or 2^-128 (VCC, S2 below): the scaled
 * result is computed exactly in range (the scale brings it back from
 * outside) -- fma then ldexp rounds twice only for results that leave the
 * double range, where the division is not exact anyway */
AMDX(V_DIV_FMAS_F64)
{
  uint64_t A[NL], B[NL], C[NL], res[NL];
  fp_src64(w, OP(1), A);
  fp_src64(w, OP(2), B);
  fp_src64(w, OP(3), C);
  uint64_t vcc = amd_vcc(w);
  fpm m = fp_mode(w);
  int rc = fp_rm_begin(m.rm64);
  for (unsigned l = 0; l < NL; l++) {
    double a = DI(A[l]), b = DI(B[l]), c = DI(C[l]);
    double r = fma(a, b, c);
    if ((vcc >> l) & 1) r = ldexp(r, exp64(d2u(c)) >= 1023 ? 128 : -128);
    res[l] = DO(r);
  }
  fp_rm_end(rc);
  fp_post64(w, d, res);
  fp_commit64(w, OP(0)->val, res);
  return amd_next(w, d);
}

static inline uint64_t div_fixup64(uint64_t q, uint64_t den, uint64_t num)
{
  uint64_t sign = (den ^ num) & 0x8000000000000000ull;
  double s1 = u2d(den), s2 = u2d(num);
  if (isnan64(num)) return fp_q64(num);
  if (isnan64(den)) return fp_q64(den);
  if (s1 == 0 && s2 == 0) return 0xfff8000000000000ull;
  if (isinf(s1) && isinf(s2)) return 0xfff8000000000000ull;
  if (s1 == 0 || isinf(s2)) return sign | 0x7ff0000000000000ull;
  if (isinf(s1) || s2 == 0) return sign;
  if (exp64(num) - exp64(den) < -1075) return sign;
  if (exp64(den) == 2047) return sign | 0x7ff0000000000000ull;
  if (isnan64(q)) return q;
  return sign | (q & 0x7fffffffffffffffull);
}
AMDX(V_DIV_FIXUP_F64)
{
  uint64_t A[NL], B[NL], C[NL], res[NL];
  fp_src64(w, OP(1), A);
  fp_src64(w, OP(2), B);
  fp_src64(w, OP(3), C);
  fpm m = fp_mode(w);
  for (unsigned l = 0; l < NL; l++)
    res[l] = div_fixup64(fp_fz64(A[l], m.fin64), fp_fz64(B[l], m.fin64), fp_fz64(C[l], m.fin64));
  fp_post64(w, d, res);
  fp_commit64(w, OP(0)->val, res);
  return amd_next(w, d);
}
