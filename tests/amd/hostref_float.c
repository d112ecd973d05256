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


/* ---- half precision (f16_storage.cl, f16_arith.cl) ---------------------- */

enum { RTE, RTZ, RTP, RTN };

/* D rounded to binary16 in rounding mode MODE (from the definition: scale
 * to an integer multiple of the half spacing, round, scale back) */
static uint16_t half_round(double d, int mode)
{
  uint16_t s = signbit(d) ? 0x8000 : 0;
  if (isnan(d)) return 0x7e00 | s;
  double a = fabs(d);
  if (isinf(a)) return s | 0x7c00;
  if (a == 0) return s;
  int e;
  frexp(a, &e);
  int q = e - 1 < -14 ? -24 : e - 11; /* the spacing of halfs near a: 2^q */
  double m = ldexp(a, -q), rm;         /* exact */
  int up = (mode == RTP && !s) || (mode == RTN && s); /* away from zero */
  if (mode == RTE) rm = nearbyint(m);
  else if (mode == RTZ || !up) rm = trunc(m);
  else rm = ceil(m);
  double v = ldexp(rm, q);
  if (v > 65504.0) return s | (mode == RTE || up ? 0x7c00 : 0x7bff);
  if (v < 0x1p-14) return s | (uint16_t)ldexp(v, 24);
  frexp(v, &e);
  return s | (uint16_t)((e - 1 + 15) << 10) | (uint16_t)((int)ldexp(v, 11 - e) - 1024);
}

static float h2f(uint16_t h) { return tc_half_to_float(h); }

static int ref_half_store(hr_ctx *x)
{
  const float *f = hr_buf(x, "f", TC_FLOAT);
  uint16_t *rte = hr_buf(x, "rte", TC_HALF), *rtz = hr_buf(x, "rtz", TC_HALF), *rtp = hr_buf(x, "rtp", TC_HALF),
           *rtn = hr_buf(x, "rtn", TC_HALF), *h4 = hr_buf(x, "h4", TC_HALF);
  if (!f || !rte || !rtz || !rtp || !rtn || !h4) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "f") < n || hr_count(x, "rtn") < n || hr_count(x, "h4") < 4 * n)
    return hr_fail(x, "half_store: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) {
    float v = f[i];
    rte[i] = half_round(v, RTE);
    rtz[i] = half_round(v, RTZ);
    rtp[i] = half_round(v, RTP);
    rtn[i] = half_round(v, RTN);
    float w[4] = {v, -v, v * 2.0f, v * 0.5f};
    for (int k = 0; k < 4; k++) h4[4 * i + k] = half_round(w[k], RTE);
  }
  return 0;
}

static int ref_half_store_double(hr_ctx *x)
{
  const double *d = hr_buf(x, "d", TC_DOUBLE);
  uint16_t *rte = hr_buf(x, "rte", TC_HALF), *rtz = hr_buf(x, "rtz", TC_HALF), *rtp = hr_buf(x, "rtp", TC_HALF),
           *rtn = hr_buf(x, "rtn", TC_HALF);
  if (!d || !rte || !rtz || !rtp || !rtn) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "d") < n || hr_count(x, "rtn") < n) return hr_fail(x, "half_store_double: buffers too small");
  for (size_t i = 0; i < n; i++) {
    rte[i] = half_round(d[i], RTE);
    rtz[i] = half_round(d[i], RTZ);
    rtp[i] = half_round(d[i], RTP);
    rtn[i] = half_round(d[i], RTN);
  }
  return 0;
}

static int ref_half_load(hr_ctx *x)
{
  const uint16_t *h = hr_buf(x, "h", TC_HALF);
  float *f = hr_buf(x, "f", TC_FLOAT), *f4 = hr_buf(x, "f4", TC_FLOAT);
  uint16_t *back = hr_buf(x, "back", TC_HALF);
  if (!h || !f || !f4 || !back) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "h") < 4 * n || hr_count(x, "f") < n || hr_count(x, "f4") < 2 * n || hr_count(x, "back") < 2 * n)
    return hr_fail(x, "half_load: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) {
    f[i] = h2f(h[i]);
    f4[2 * i] = h2f(h[4 * i]) + h2f(h[4 * i + 3]);
    f4[2 * i + 1] = h2f(h[4 * i + 1]) * h2f(h[4 * i + 2]);
    back[2 * i] = half_round(h2f(h[4 * i]), RTE);
    back[2 * i + 1] = half_round(h2f(h[4 * i + 3]), RTE);
  }
  return 0;
}

/* half operations: computed exactly or in double, rounded once */
static uint16_t H(double v) { return half_round(v, RTE); }

static int32_t sat_i32(double v)
{
  if (isnan(v)) return 0;
  return v >= 2147483647.0 ? INT32_MAX : v <= -2147483648.0 ? INT32_MIN : (int32_t)v;
}

static int ref_f16_ops(hr_ctx *x)
{
  const uint16_t *a = hr_buf(x, "a", TC_HALF), *b = hr_buf(x, "b", TC_HALF), *c = hr_buf(x, "c", TC_HALF);
  uint16_t *out = hr_buf(x, "out", TC_HALF);
  int32_t *iout = hr_buf(x, "iout", TC_INT);
  if (!a || !b || !c || !out || !iout) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "a") < n || hr_count(x, "out") < 32 * n || hr_count(x, "iout") < 8 * n)
    return hr_fail(x, "f16_ops: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) {
    double hx = h2f(a[i]), hy = h2f(b[i]), hz = h2f(c[i]);
    uint16_t *o = out + i * 32;
    o[0] = H(hx + hy);   /* exact in double */
    o[1] = H(hx - hy);
    o[2] = H(hx * hy);
    o[3] = H(hx / hy);   /* double rounding is innocuous: 53 >= 2*11 + 2 */
    o[4] = H(fma(hx, hy, hz));
    o[5] = H(sqrt(fabs(hx)));
    o[6] = H(fmin(hx, hy));
    o[7] = H(fmax(hx, hy));
    o[8] = H(fabs(hx));
    o[9] = H(copysign(hx, hy));
    o[10] = H(floor(hx));
    o[11] = H(ceil(hx));
    o[12] = H(rint(hx));
    o[13] = H(trunc(hx));
    o[14] = H(round(hx));
    o[15] = H(-hx);
    o[16] = H(exp(hx));
    o[17] = H(log(fabs(hx)));
    o[18] = H(sin(hx));
    o[19] = H(cos(hx));
    o[20] = H((double)((float)hx * (float)hy));
    o[21] = H((double)((int)i - 500));
    o[22] = H(ldexp(hx, (int)(i % 9) - 4));
    o[23] = H(fmod(hx, hy));
    o[24] = H(h2f(H(hx * hz)) + hx); /* p * q + p, unfused; the case accepts fused */
    o[25] = H(h2f(H(hy * hx)) + hy);
    o[26] = H(fma(hx, hz, hz));
    o[27] = H(fma(hy, hx, hx));
    o[28] = H(hx - hz);
    o[29] = H(hy - hx);
    o[30] = H(h2f(H(hx - hy)) * h2f(H(hx + hy)));
    o[31] = H(1.0 / sqrt(fabs(hx)));
    int32_t *q = iout + i * 8;
    q[0] = (hx < hy) | (hx <= hy) << 1 | (hx == hy) << 2 | (hx != hy) << 3 | (isnan(hx) != 0) << 4 |
           (isinf(hx) != 0) << 5;
    q[1] = sat_i32(trunc(hx));
    q[2] = sat_i32(rint(hx));
    double p100 = h2f(H(hx * 100.0));
    q[3] = isnan(p100) ? 0 : p100 >= 32767 ? 32767 : p100 <= -32768 ? -32768 : (int32_t)trunc(p100);
    q[4] = (int16_t)a[i];
    q[5] = H(hy * hz);
    float fx = (float)hx;
    int32_t bits;
    memcpy(&bits, &fx, 4);
    q[6] = bits;
    q[7] = half_round((double)(fx * 1.001f), RTZ);
  }
  return 0;
}

/* ---- conversions (convert.cl) ------------------------------------------- */

/* float/double to integer: round in MODE, then saturate to [lo, hi] (NaN: 0) */
static double round_mode(double v, int mode)
{
  switch (mode) {
  case RTE: return nearbyint(v);
  case RTZ: return trunc(v);
  case RTP: return ceil(v);
  default: return floor(v);
  }
}

static int64_t to_int_sat(double v, int mode, double lo, double hi)
{
  if (isnan(v)) return 0;
  v = round_mode(v, mode);
  if (v <= lo) return (int64_t)lo;
  if (v >= hi) return hi >= 0x1p63 ? INT64_MAX : (int64_t)hi;
  return (int64_t)v;
}

static uint64_t to_uint_sat(double v, int mode, double hi)
{
  if (isnan(v)) return 0;
  v = round_mode(v, mode);
  if (v <= 0) return 0;
  if (v >= hi) return hi >= 0x1p64 ? UINT64_MAX : (uint64_t)hi;
  return (uint64_t)v;
}

static float clampf_nan0(float v, float lo, float hi) { return isnan(v) ? 0.0f : fminf(fmaxf(v, lo), hi); }

static int ref_conv_from_float(hr_ctx *x)
{
  const float *f = hr_buf(x, "f", TC_FLOAT);
  int32_t *oi = hr_buf(x, "oi", TC_INT);
  int64_t *ol = hr_buf(x, "ol", TC_LONG);
  if (!f || !oi || !ol) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "f") < n || hr_count(x, "oi") < 24 * n || hr_count(x, "ol") < 8 * n)
    return hr_fail(x, "conv_from_float: buffers smaller than the NDRange");
  const double I32L = -2147483648.0, I32H = 2147483647.0, I64L = -9223372036854775808.0, I64H = 0x1p63;
  for (size_t i = 0; i < n; i++) {
    float v = f[i];
    double c = clampf_nan0(v, -2.0e9f, 2.0e9f), cu = clampf_nan0(v, 0.0f, 4.0e9f);
    double cl = clampf_nan0(v, -9.0e18f, 9.0e18f);
    int32_t *o = oi + i * 24;
    o[0] = (int32_t)trunc(c);
    o[1] = (int32_t)nearbyint(c);
    o[2] = (int32_t)trunc(c);
    o[3] = (int32_t)ceil(c);
    o[4] = (int32_t)floor(c);
    o[5] = (int32_t)trunc(c);
    o[6] = (int32_t)to_int_sat(v, RTZ, I32L, I32H);
    o[7] = (int32_t)to_int_sat(v, RTE, I32L, I32H);
    o[8] = (int32_t)to_int_sat(v, RTP, I32L, I32H);
    o[9] = (int32_t)to_int_sat(v, RTN, I32L, I32H);
    o[10] = (int32_t)(uint32_t)trunc(cu);
    o[11] = (int32_t)(uint32_t)to_uint_sat(v, RTZ, 4294967295.0);
    o[12] = (int32_t)(uint32_t)to_uint_sat(v, RTE, 4294967295.0);
    o[13] = (int32_t)(uint32_t)ceil(cu);
    o[14] = (int8_t)to_int_sat(v, RTZ, -128, 127);
    o[15] = (uint8_t)to_uint_sat(v, RTZ, 255);
    o[16] = (int16_t)to_int_sat(v, RTZ, -32768, 32767);
    o[17] = (uint16_t)to_uint_sat(v, RTZ, 65535);
    o[18] = (int8_t)to_int_sat(v, RTE, -128, 127);
    o[19] = (int16_t)to_int_sat(v, RTN, -32768, 32767);
    o[20] = (uint16_t)to_uint_sat(v, RTP, 65535);
    o[21] = (uint8_t)to_uint_sat(v, RTZ, 255);
    int32_t bits;
    memcpy(&bits, &v, 4);
    o[22] = bits;
    float fb = (float)(bits >> 8); /* exact: 24 bits */
    memcpy(&o[23], &fb, 4);
    int64_t *q = ol + i * 8;
    q[0] = (int64_t)trunc(cl);
    q[1] = (int64_t)nearbyint(cl);
    q[2] = (int64_t)ceil(cl);
    q[3] = to_int_sat(v, RTZ, I64L, I64H);
    q[4] = (int64_t)to_uint_sat(v, RTZ, 0x1p64);
    q[5] = (int64_t)(uint64_t)trunc(clampf_nan0(v, 0.0f, 1.8e19f));
    q[6] = to_int_sat(v, RTN, I64L, I64H);
    q[7] = (int64_t)to_uint_sat(v, RTE, 0x1p64);
  }
  return 0;
}

/* integer to float in a rounding mode: the host FPU under fesetround
 * (this file is built with -frounding-math; the volatile operand keeps the
 * compiler from converting before the mode is set) */
static const int fe_modes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};

static float i64_to_f(int64_t v, int mode)
{
  volatile int64_t in = v;
  fesetround(fe_modes[mode]);
  volatile float r = (float)in;
  fesetround(FE_TONEAREST);
  return r;
}

static float u64_to_f(uint64_t v, int mode)
{
  volatile uint64_t in = v;
  fesetround(fe_modes[mode]);
  volatile float r = (float)in;
  fesetround(FE_TONEAREST);
  return r;
}

static double i64_to_d(int64_t v, int mode)
{
  volatile int64_t in = v;
  fesetround(fe_modes[mode]);
  volatile double r = (double)in;
  fesetround(FE_TONEAREST);
  return r;
}

static double u64_to_d(uint64_t v, int mode)
{
  volatile uint64_t in = v;
  fesetround(fe_modes[mode]);
  volatile double r = (double)in;
  fesetround(FE_TONEAREST);
  return r;
}

static float d_to_f(double v, int mode)
{
  volatile double in = v;
  fesetround(fe_modes[mode]);
  volatile float r = (float)in;
  fesetround(FE_TONEAREST);
  return r;
}

static int ref_conv_to_float(hr_ctx *x)
{
  const int32_t *vi = hr_buf(x, "vi", TC_INT);
  const int64_t *vl = hr_buf(x, "vl", TC_LONG);
  float *of = hr_buf(x, "of", TC_FLOAT);
  if (!vi || !vl || !of) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "vi") < n || hr_count(x, "vl") < n || hr_count(x, "of") < 24 * n)
    return hr_fail(x, "conv_to_float: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) {
    int32_t v = vi[i];
    uint32_t uv = (uint32_t)v;
    int64_t y = vl[i];
    uint64_t uy = (uint64_t)y;
    float *o = of + i * 24;
    o[0] = i64_to_f(v, RTE);
    o[1] = i64_to_f(v, RTE);
    o[2] = i64_to_f(v, RTZ);
    o[3] = i64_to_f(v, RTP);
    o[4] = i64_to_f(v, RTN);
    o[5] = u64_to_f(uv, RTE);
    o[6] = u64_to_f(uv, RTZ);
    o[7] = u64_to_f(uv, RTP);
    o[8] = u64_to_f(uv, RTN);
    o[9] = i64_to_f(y, RTE);
    o[10] = i64_to_f(y, RTZ);
    o[11] = i64_to_f(y, RTP);
    o[12] = i64_to_f(y, RTN);
    o[13] = u64_to_f(uy, RTE);
    o[14] = u64_to_f(uy, RTZ);
    o[15] = u64_to_f(uy, RTP);
    o[16] = u64_to_f(uy, RTN);
    o[17] = (float)(int8_t)v;
    o[18] = (float)(uint8_t)v;
    o[19] = (float)(int16_t)v;
    o[20] = (float)(uint16_t)v;
    o[21] = (float)(int8_t)(y >> 7) + (float)(int16_t)(y >> 20);
    memcpy(&o[22], &v, 4);
    float q = i64_to_f(v, RTE) * 0.25f;
    int32_t s = (int32_t)to_int_sat(q, RTZ, -2147483648.0, 2147483647.0);
    memcpy(&o[23], &s, 4);
  }
  return 0;
}

static int ref_conv_narrow(hr_ctx *x)
{
  const int64_t *vl = hr_buf(x, "vl", TC_LONG);
  int8_t *oc = hr_buf(x, "oc", TC_CHAR);
  int16_t *os = hr_buf(x, "os", TC_SHORT);
  int32_t *oi = hr_buf(x, "oi", TC_INT);
  if (!vl || !oc || !os || !oi) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "vl") < n || hr_count(x, "oc") < 4 * n || hr_count(x, "os") < 4 * n || hr_count(x, "oi") < 4 * n)
    return hr_fail(x, "conv_narrow: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) {
    int64_t y = vl[i];
    int32_t y32 = (int32_t)y;
    uint32_t uy32 = (uint32_t)y;
    uint64_t uy = (uint64_t)y;
    oc[i * 4 + 0] = (int8_t)y;
    oc[i * 4 + 1] = (int8_t)(y > 127 ? 127 : y < -128 ? -128 : y);
    oc[i * 4 + 2] = (int8_t)(uint8_t)(y > 255 ? 255 : y < 0 ? 0 : y);
    oc[i * 4 + 3] = (int8_t)y32;
    os[i * 4 + 0] = (int16_t)y;
    os[i * 4 + 1] = (int16_t)(y > 32767 ? 32767 : y < -32768 ? -32768 : y);
    os[i * 4 + 2] = (int16_t)(uint16_t)(y32 > 65535 ? 65535 : y32 < 0 ? 0 : y32);
    os[i * 4 + 3] = (int16_t)(uy32 > 32767 ? 32767 : uy32);
    oi[i * 4 + 0] = y32;
    oi[i * 4 + 1] = (int32_t)(y > INT32_MAX ? INT32_MAX : y < INT32_MIN ? INT32_MIN : y);
    oi[i * 4 + 2] = (int32_t)(uint32_t)(y > (int64_t)UINT32_MAX ? UINT32_MAX : y < 0 ? 0 : y);
    oi[i * 4 + 3] = (int32_t)(uy > INT32_MAX ? INT32_MAX : uy);
  }
  return 0;
}

static int ref_conv_double(hr_ctx *x)
{
  const double *vd = hr_buf(x, "vd", TC_DOUBLE);
  const int64_t *vl = hr_buf(x, "vl", TC_LONG);
  double *od = hr_buf(x, "od", TC_DOUBLE);
  float *of = hr_buf(x, "of", TC_FLOAT);
  int64_t *ol = hr_buf(x, "ol", TC_LONG);
  if (!vd || !vl || !od || !of || !ol) return -1;
  size_t n = x->c->launches[0].global[0];
  if (hr_count(x, "vd") < n || hr_count(x, "vl") < n || hr_count(x, "od") < 8 * n || hr_count(x, "of") < 4 * n ||
      hr_count(x, "ol") < 6 * n)
    return hr_fail(x, "conv_double: buffers smaller than the NDRange");
  for (size_t i = 0; i < n; i++) {
    double d = vd[i];
    int64_t y = vl[i];
    double c = isnan(d) ? 0.0 : fmin(fmax(d, -9.0e18), 9.0e18);
    od[i * 8 + 0] = i64_to_d(y, RTE);
    od[i * 8 + 1] = i64_to_d(y, RTZ);
    od[i * 8 + 2] = i64_to_d(y, RTP);
    od[i * 8 + 3] = i64_to_d(y, RTN);
    od[i * 8 + 4] = u64_to_d((uint64_t)y, RTE);
    od[i * 8 + 5] = u64_to_d((uint64_t)y, RTZ);
    od[i * 8 + 6] = (double)(float)d;
    od[i * 8 + 7] = (double)(int32_t)trunc(fmin(fmax(c, -2.0e9), 2.0e9));
    of[i * 4 + 0] = d_to_f(d, RTE);
    of[i * 4 + 1] = d_to_f(d, RTZ);
    of[i * 4 + 2] = d_to_f(d, RTP);
    of[i * 4 + 3] = d_to_f(d, RTN);
    ol[i * 6 + 0] = (int64_t)trunc(c);
    ol[i * 6 + 1] = to_int_sat(d, RTZ, -0x1p63, 0x1p63);
    ol[i * 6 + 2] = to_int_sat(d, RTE, -0x1p63, 0x1p63);
    ol[i * 6 + 3] = to_int_sat(d, RTZ, -2147483648.0, 2147483647.0);
    ol[i * 6 + 4] = (int64_t)to_uint_sat(d, RTZ, 0x1p64);
    ol[i * 6 + 5] = (int64_t)ceil(c);
  }
  return 0;
}

const hr_entry hostref_float[] = {
  {"f32_ops", ref_f32_ops},
  {"f64_ops", ref_f64_ops},
  {"f32_math", ref_f32_math},
  {"f64_math", ref_f64_math},
  {"half_store", ref_half_store},
  {"half_store_double", ref_half_store_double},
  {"half_load", ref_half_load},
  {"f16_ops", ref_f16_ops},
  {"conv_from_float", ref_conv_from_float},
  {"conv_to_float", ref_conv_to_float},
  {"conv_narrow", ref_conv_narrow},
  {"conv_double", ref_conv_double},
  {NULL, NULL},
};
