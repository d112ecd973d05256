/* Host references: floating-point kernels (f32_arith.cl, f32_math.cl,
 * f64.cl, f16_*.cl, convert.cl).  The exactly specified operations use the
 * C99 functions of the same definition (IEEE 754 operations, fmaf, fminf,
 * rintf ...); the approximated built-ins are computed in double precision
 * (in long double for double results) and rounded once, so the reference is
 * within about half an ulp of the true value.  Built with
 * -ffp-contract=off in the default rounding mode. */
#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "hostref.h"

/* f32_ops / f64_ops: one body for both precisions.  T is the type, M(f)
 * names the C function of that precision (floorf / floor), I the integer
 * type of the same size, FMAXLT1 the largest value below 1. */
#define ARITH_REF(NAME, T, I, M, FMAXLT1)                                                        \
  static T NAME##_fract(T x, T *ip)                                                              \
  {                                                                                              \
    if (isnan(x)) {                                                                              \
      *ip = x;                                                                                   \
      return x;                                                                                  \
    }                                                                                            \
    if (isinf(x)) { /* OpenCL's edge cases: fract(+-inf) = +-0 */                               \
      *ip = x;                                                                                   \
      return M(copysign)((T)0, x);                                                               \
    }                                                                                            \
    *ip = M(floor)(x);                                                                           \
    return M(fmin)(x - *ip, FMAXLT1);                                                            \
  }                                                                                              \
  static I NAME##_bits(T x)                                                                      \
  {                                                                                              \
    I i;                                                                                         \
    memcpy(&i, &x, sizeof i);                                                                    \
    return i;                                                                                    \
  }                                                                                              \
  static void NAME##_one(T x, T y, T z, size_t i, T *o, I *q)                                    \
  {                                                                                              \
    T ax = M(fabs)(x), ay = M(fabs)(y);                                                          \
    o[0] = x + y;                                                                                \
    o[1] = x - y;                                                                                \
    o[2] = x * y;                                                                                \
    o[3] = x / y;                                                                                \
    o[4] = M(sqrt)(ax);                                                                          \
    o[5] = M(fma)(x, y, z);                                                                      \
    o[6] = x * y + z;                                                                            \
    o[7] = x * y + z;                                                                            \
    o[8] = M(fmin)(x, y);                                                                        \
    o[9] = M(fmax)(x, y);                                                                        \
    o[10] = ax;                                                                                  \
    o[11] = M(copysign)(x, y);                                                                   \
    o[12] = M(floor)(x);                                                                         \
    o[13] = M(ceil)(x);                                                                          \
    o[14] = M(rint)(x);                                                                          \
    o[15] = M(round)(x);                                                                         \
    o[16] = M(trunc)(x);                                                                         \
    o[17] = M(fdim)(x, y);                                                                       \
    o[18] = M(fmod)(x, y);                                                                       \
    o[19] = M(remainder)(x, y);                                                                  \
    int e = 0;                                                                                   \
    o[20] = M(frexp)(x, &e);                                                                     \
    q[0] = isfinite(x) ? e : 0;                                                                  \
    o[21] = M(ldexp)(x, (int)(i % 61) - 30);                                                     \
    q[1] = isfinite(x) && x != 0 ? M(ilogb)(x) : 0;                                              \
    o[22] = M(logb)(x);                                                                          \
    o[23] = M(nextafter)(x, y);                                                                  \
    T ip;                                                                                        \
    o[24] = M(modf)(x, &ip);                                                                     \
    o[25] = ip;                                                                                  \
    o[26] = (T)1 / x;                                                                            \
    o[27] = ax > ay ? x : ay > ax ? y : M(fmax)(x, y);                                           \
    o[28] = ax < ay ? x : ay < ax ? y : M(fmin)(x, y);                                           \
    o[29] = -x;                                                                                  \
    o[30] = NAME##_fract(x, &ip);                                                                \
    o[31] = ip;                                                                                  \
    int qq = 0;                                                                                  \
    o[32] = M(remquo)(x, y, &qq);                                                                \
    q[2] = isfinite(x) && isfinite(y) && y != 0 ? qq & 7 : 0;                                    \
    o[33] = x * (T)0.5 + (T)1;                                                                   \
    o[34] = M(fmin)(M(fmax)(x, (T)-2), (T)2);                                                    \
    o[35] = x < y ? (T)0 : (T)1;                                                                 \
    o[36] = isnan(x) ? (T)0 : x > 0 ? (T)1 : x < 0 ? (T)-1 : x;                                  \
    o[37] = isfinite(x) && isfinite(y) ? (x < y ? y : x) : (T)0;                                 \
    o[38] = isfinite(x) && isfinite(y) ? (y < x ? y : x) : (T)0;                                 \
    o[39] = (x - y) * (x + y);                                                                   \
    q[3] = isnan(x) != 0;                                                                        \
    q[4] = isinf(x) != 0;                                                                        \
    q[5] = isfinite(x) != 0;                                                                     \
    q[6] = isnormal(x) != 0;                                                                     \
    q[7] = signbit(x) != 0;                                                                      \
    q[8] = (x == y) | (x != y) << 1 | (x > y) << 2 | (x < y) << 3 | (!isunordered(x, y)) << 4 |  \
           (isunordered(x, y) != 0) << 5 | (x < y || x > y) << 6;                                \
    q[9] = (x < y) | (x <= y) << 1 | (x == y) << 2 | (x != y) << 3 | (x > y) << 4 | (x >= y) << 5; \
    q[10] = NAME##_bits(x) ^ NAME##_bits(y);                                                     \
    q[11] = NAME##_bits(NAME##_bits(z) < 0 ? y : x);                                             \
    q[12] = (NAME##_bits(x) & ~NAME##_bits(z)) | (NAME##_bits(y) & NAME##_bits(z));              \
    q[13] = x > 0 && y > 0 ? 1 : x < 0 ? 2 : 3;                                                  \
    q[14] = x * y > z;                                                                           \
    q[15] = (x >= y) | (x <= y) << 1;                                                            \
  }

#define MF(fn) fn##f
#define MD(fn) fn
ARITH_REF(f32, float, int32_t, MF, 0x1.fffffep-1f)
ARITH_REF(f64, double, int64_t, MD, 0x1.fffffffffffffp-1)

static int ref_f32_ops(hr_ctx *x)
{
  const float *a = hr_buf(x, "a", TC_FLOAT), *b = hr_buf(x, "b", TC_FLOAT), *c = hr_buf(x, "c", TC_FLOAT);
  float *out = hr_buf(x, "out", TC_FLOAT);
  int32_t *iout = hr_buf(x, "iout", TC_INT);
  if (!a || !b || !c || !out || !iout) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "a") < n || hr_count(x, "b") < n || hr_count(x, "c") < n || hr_count(x, "out") < n * 40 ||
      hr_count(x, "iout") < n * 16)
    return hr_fail(x, "f32_ops: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) f32_one(a[i], b[i], c[i], i, out + i * 40, iout + i * 16);
  return 0;
}

static int ref_f64_ops(hr_ctx *x)
{
  const double *a = hr_buf(x, "a", TC_DOUBLE), *b = hr_buf(x, "b", TC_DOUBLE), *c = hr_buf(x, "c", TC_DOUBLE);
  double *out = hr_buf(x, "out", TC_DOUBLE);
  int64_t *iout = hr_buf(x, "iout", TC_LONG);
  if (!a || !b || !c || !out || !iout) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "a") < n || hr_count(x, "b") < n || hr_count(x, "c") < n || hr_count(x, "out") < n * 40 ||
      hr_count(x, "iout") < n * 16)
    return hr_fail(x, "f64_ops: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) f64_one(a[i], b[i], c[i], i, out + i * 40, iout + i * 16);
  return 0;
}

/* ---- math built-ins (f32_math.cl, f64_math.cl) -------------------------- */

static const long double PI_L = 3.141592653589793238462643383279502884L;

/* sin(pi r) for |r| <= 1, exactly reduced */
static long double sinpi_red(long double r)
{
  if (r == 0) return r;
  long double a = fabsl(r), v;
  if (a == 1) return copysignl(0.0L, r);
  if (a > 0.5L) a = 1 - a;       /* exact */
  v = sinl(PI_L * a);
  return r < 0 ? -v : v;
}

static long double sinpi_l(long double x)
{
  if (isnan(x) || isinf(x)) return NAN;
  long double r = fmodl(x, 2);  /* exact */
  if (r > 1) r -= 2;
  if (r < -1) r += 2;
  if (r == 0) return copysignl(0.0L, x);
  return sinpi_red(r);
}

static long double cospi_l(long double x)
{
  if (isnan(x) || isinf(x)) return NAN;
  long double r = fabsl(fmodl(x, 2));
  if (r > 1) r = 2 - r;          /* cos(pi r), r in [0, 1] */
  if (r == 0.5L) return 0;
  return sinpi_red(0.5L - r);     /* exact */
}

/* tanpi with OpenCL's edge cases: tanpi(n) = copysign(0, n) for even n and
 * copysign(0, -n) for odd n; tanpi(n + 0.5) = +inf for even n, -inf for odd */
static long double tanpi_l(long double x)
{
  if (isnan(x) || isinf(x)) return NAN;
  long double r = fmodl(x, 1); /* exact; tanpi has period 1 */
  if (r == 0) return copysignl(0.0L, fmodl(x, 2) != 0 ? -x : x);
  if (fabsl(r) == 0.5L) return fmodl(x - 0.5L, 2) == 0 ? INFINITY : -INFINITY;
  return sinpi_l(r) / cospi_l(r);
}

/* OpenCL powr: pow for x >= 0 with its own edge cases */
static long double powr_l(long double x, long double y)
{
  if (isnan(x) || isnan(y) || x < 0) return NAN;
  if (x == 0 && y == 0) return NAN;
  if (isinf(x) && y == 0) return NAN;
  if (x == 1 && isinf(y)) return NAN;
  return powl(x, y);
}

/* OpenCL rootn: the n-th root, negative x only for odd n */
static long double rootn_l(long double x, int n)
{
  if (isnan(x) || n == 0) return NAN;
  int odd = n & 1;
  if (x < 0 && !odd) return NAN;
  if (x == 0) {
    if (n < 0) return odd ? copysignl(INFINITY, x) : INFINITY;
    return odd ? x : 0.0L;
  }
  if (isinf(x)) {
    if (n < 0) return odd ? copysignl(0.0L, x) : 0.0L;
    return odd ? x : INFINITY;
  }
  long double v = powl(fabsl(x), 1.0L / n);
  return x < 0 ? -v : v;
}

/* slot K of f32_math / f64_math in long double; the caller rounds once */
static long double math_slot(int k, long double x, long double y, long double s, long double u, long double t,
                             int n, int r)
{
  switch (k) {
  case 0: return expl(s);
  case 1: return exp2l(s);
  case 2: return powl(10.0L, s * 0.25L);
  case 3: return expm1l(s);
  case 4: return logl(x);
  case 5: return log2l(x);
  case 6: return log10l(x);
  case 7: return log1pl(x);
  case 8: return sinl(x);
  case 9: return cosl(x);
  case 10: return tanl(x);
  case 11: return asinl(u);
  case 12: return acosl(u);
  case 13: return atanl(x);
  case 14: return atan2l(x, y);
  case 15: return sinhl(s);
  case 16: return coshl(s);
  case 17: return tanhl(s);
  case 18: return asinhl(x);
  case 19: return acoshl(x); /* the caller passes fabs(x) + 1 rounded */
  case 20: return atanhl(u);
  case 21: return powl(x, t);
  case 22: return powl(x, n);
  case 23: return powr_l(x, t);
  case 24: return rootn_l(x, r);
  case 25: return cbrtl(x);
  case 26: return hypotl(x, y);
  case 27: return sinpi_l(s);
  case 28: return cospi_l(s);
  case 29: return tanpi_l(s);
  case 30: return 1.0L / sqrtl(x);
  case 31: return sinl(x);
  case 32: return cosl(x);
  case 33: return erfl(s);
  case 34: return erfcl(s);
  case 35: return asinl(u) / PI_L;
  case 36: return acosl(u) / PI_L;
  case 37: return atanl(x) / PI_L;
  case 38: return atan2l(x, y) / PI_L;
  case 39: return exp2l(-fabsl(s));
  }
  return NAN;
}

#define MATH_REF(NAME, T, TC)                                                                    \
  static int ref_##NAME(hr_ctx *x)                                                               \
  {                                                                                              \
    const T *a = hr_buf(x, "a", TC), *b = hr_buf(x, "b", TC);                                    \
    T *out = hr_buf(x, "out", TC);                                                               \
    if (!a || !b || !out) return -1;                                                             \
    size_t n = x->c->launches[0].global[0];                                                      \
    if (hr_count(x, "a") < n || hr_count(x, "b") < n || hr_count(x, "out") < n * 40)             \
      return hr_fail(x, #NAME ": buffers smaller than the NDRange");                             \
    for (size_t i = 0; i < n; i++) {                                                             \
      /* the kernel's own (exact or correctly rounded) argument computations */                 \
      T xv = a[i], yv = b[i];                                                                    \
      T s = xv * (T)0.015625, u = xv * (T)0.00006103515625, t = yv * (T)0.0078125;               \
      T acx = (T)(xv < 0 ? -xv : xv) + (T)1;                                                     \
      int nn = (int)(i % 21) - 10, r = (int)(i % 8) + 1;                                         \
      if (i & 8) r = -r;                                                                         \
      for (int k = 0; k < 40; k++)                                                               \
        out[i * 40 + k] = (T)math_slot(k, k == 19 ? acx : xv, yv, s, u, t, nn, r);               \
    }                                                                                            \
    return 0;                                                                                    \
  }

MATH_REF(f32_math, float, TC_FLOAT)
MATH_REF(f64_math, double, TC_DOUBLE)

const hr_entry hostref_float[] = {
  {"f32_ops", ref_f32_ops},
  {"f64_ops", ref_f64_ops},
  {"f32_math", ref_f32_math},
  {"f64_math", ref_f64_math},
  {NULL, NULL},
};
