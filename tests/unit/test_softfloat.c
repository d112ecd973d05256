/* src/fp: binary32 arithmetic with RISC-V rules, checked against
 *  - hand-derived cases (bit patterns and flags worked out from IEEE-754
 *    and the RISC-V rules),
 *  - an independent reference: the operation computed by the host in double
 *    precision rounding toward zero, made "round to odd" (the last bit set
 *    when the double result is inexact), then rounded to binary32 in the
 *    wanted mode by a small rounding function written here.  Rounding to
 *    odd with 53 >= 24 + 2 bits makes the second rounding correct in every
 *    mode; fma uses long double products that are exact.
 *  - the host-FPU fast path (fphost) on random operands. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fp/fphost.h"
#include "fp/softfloat.h"

#if defined(__SANITIZE_ADDRESS__)
#define ITER 60000
#else
#define ITER 400000
#endif

static uint64_t rs = 0x243f6a8885a308d3ull;
static uint32_t rnd(void)
{
  rs ^= rs << 13;
  rs ^= rs >> 7;
  rs ^= rs << 17;
  return (uint32_t)(rs >> 17);
}

/* Random binary32 operands with interesting exponents */
static uint32_t rnd_f32(void)
{
  uint32_t r = rnd();
  switch (r % 8) {
  case 0: return rnd();                                          /* any bits       */
  case 1: return (rnd() & 0x807fffffu);                          /* subnormal/zero */
  case 2: return (rnd() & 0x807fffffu) | (((rnd() % 8) + 1) << 23); /* tiny normal */
  case 3: return (rnd() & 0x807fffffu) | ((250 + rnd() % 5) << 23); /* near overflow */
  case 4: return (rnd() & 0x80000000u) | (0x3f800000u + (rnd() & 0xf)); /* near 1   */
  default: return (rnd() & 0x807fffffu) | ((100 + rnd() % 55) << 23); /* ordinary  */
  }
}


/* Reference: double -> binary32 in mode rm, with flags (tininess after
 * rounding).  Independent of src/fp. */
static uint32_t ref_round(double d, int rm, int exact, unsigned *fl)
{
  if (isnan(d)) return VS_F32_CANONICAL_NAN;
  uint32_t sign = signbit(d) ? 0x80000000u : 0;
  double a = fabs(d);
  if (isinf(a)) return sign | 0x7f800000u;
  if (a == 0) return sign;
  int e;
  (void)frexp(a, &e); /* a = fr * 2^e, fr in [0.5, 1) */
  int E = e - 1;            /* a in [2^E, 2^(E+1)) */
  int q = E - 23 > -149 ? E - 23 : -149;
  double scaled = ldexp(a, -q); /* exact: a has at most 53 bits */
  double ip = floor(scaled), rem = scaled - ip;
  int inexact = rem != 0 || !exact;
  int up = 0;
  switch (rm) {
  case VS_RM_RNE: up = rem > 0.5 || (rem == 0.5 && fmod(ip, 2) == 1); break;
  case VS_RM_RTZ: up = 0; break;
  case VS_RM_RDN: up = sign && inexact; break;
  case VS_RM_RUP: up = !sign && inexact; break;
  case VS_RM_RMM: up = rem >= 0.5; break;
  }
  double r = ip + up;
  /* tininess after rounding with unbounded exponent */
  if (inexact && E < -126) {
    double s2 = ldexp(a, -(E - 23)), ip2 = floor(s2), rem2 = s2 - ip2;
    int up2 = 0;
    switch (rm) {
    case VS_RM_RNE: up2 = rem2 > 0.5 || (rem2 == 0.5 && fmod(ip2, 2) == 1); break;
    case VS_RM_RDN: up2 = sign != 0; break;
    case VS_RM_RUP: up2 = !sign; break;
    case VS_RM_RMM: up2 = rem2 >= 0.5; break;
    default: break;
    }
    if (rem2 == 0 && !exact && (rm == VS_RM_RDN || rm == VS_RM_RUP)) up2 = (rm == VS_RM_RDN) == (sign != 0);
    if (ldexp(ip2 + up2, E - 23) < ldexp(1, -126)) *fl |= VS_FF_UF;
  }
  if (inexact) *fl |= VS_FF_NX;
  double res = ldexp(r, q);
  if (res >= ldexp(1, 128)) {
    *fl |= VS_FF_OF | VS_FF_NX;
    int to_inf = rm == VS_RM_RNE || rm == VS_RM_RMM || (rm == VS_RM_RUP && !sign) || (rm == VS_RM_RDN && sign);
    return sign | (to_inf ? 0x7f800000u : 0x7f7fffffu);
  }
  float f = (float)res; /* exact */
  uint32_t u;
  memcpy(&u, &f, 4);
  return sign | (u & 0x7fffffffu);
}

enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_SQRT };

static double host_op(int op, double a, double b, int *exact)
{
  feclearexcept(FE_INEXACT);
  volatile double x = a, y = b, r;
  switch (op) {
  case OP_ADD: r = x + y; break;
  case OP_SUB: r = x - y; break;
  case OP_MUL: r = x * y; break;
  case OP_DIV: r = x / y; break;
  default: r = sqrt(x); break;
  }
  *exact = !fetestexcept(FE_INEXACT);
  return r;
}

static uint32_t soft_op(int op, uint32_t a, uint32_t b, int rm, unsigned *fl)
{
  switch (op) {
  case OP_ADD: return vs_f32_add(a, b, rm, fl);
  case OP_SUB: return vs_f32_sub(a, b, rm, fl);
  case OP_MUL: return vs_f32_mul(a, b, rm, fl);
  case OP_DIV: return vs_f32_div(a, b, rm, fl);
  default: return vs_f32_sqrt(a, rm, fl);
  }
}

static void check_random(int op)
{
  static const char *const names[] = {"add", "sub", "mul", "div", "sqrt"};
  for (int rm = 0; rm < 5; rm++) {
    int checked = 0;
    for (int k = 0; k < ITER; k++) {
      uint32_t a = rnd_f32(), b = rnd_f32();
      if (op == OP_SQRT) a &= 0x7fffffffu;
      float fa, fb;
      memcpy(&fa, &a, 4);
      memcpy(&fb, &b, 4);
      if (isnan(fa) || isnan(fb) || isinf(fa) || isinf(fb)) continue;
      int exact;
      fesetround(FE_TOWARDZERO);
      double d = host_op(op, fa, fb, &exact);
      fesetround(FE_TONEAREST);
      if (isnan(d)) continue; /* invalid cases are hand-checked */
      if (d == 0) { /* an exact zero's sign depends on the mode: redo in it */
        static const int mode[5] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD, FE_TONEAREST};
        fesetround(mode[rm]);
        d = host_op(op, fa, fb, &exact);
        fesetround(FE_TONEAREST);
      }
      if (!exact && isfinite(d) && d != 0) { /* round to odd */
        uint64_t bits;
        memcpy(&bits, &d, 8);
        bits |= 1;
        memcpy(&d, &bits, 8);
      }
      unsigned rf = 0, sf = 0;
      uint32_t want = ref_round(d, rm, exact, &rf);
      uint32_t got = soft_op(op, a, b, rm, &sf);
      if (op == OP_DIV && fb == 0) continue;
      if (got != want || sf != rf)
        fail_msg("%s rm=%d %08x, %08x: got %08x flags %x, want %08x flags %x", names[op], rm, a, b,
                 got, sf, want, rf);
      checked++;
    }
    assert_true(checked > ITER / 4);
  }
}

static void test_add_random(void **s) { (void)s; check_random(OP_ADD); }
static void test_sub_random(void **s) { (void)s; check_random(OP_SUB); }
static void test_mul_random(void **s) { (void)s; check_random(OP_MUL); }
static void test_div_random(void **s) { (void)s; check_random(OP_DIV); }
static void test_sqrt_random(void **s) { (void)s; check_random(OP_SQRT); }

/* fma against long double: the product of two binary32 values is exact in
 * 64 bits, and when the sum is exact too, one rounding of it is the
 * answer */
static void test_fma_random(void **state)
{
  (void)state;
  int checked = 0;
  for (int rm = 0; rm < 5; rm++) {
    for (int k = 0; k < ITER; k++) {
      uint32_t a = rnd_f32(), b = rnd_f32(), c = rnd_f32();
      if (k & 1) c = (c & 0x807fffffu) | (((a >> 23 & 0xff) + (b >> 23 & 0xff) - 127 + rnd() % 5 - 2) & 0xff) << 23;
      float fa, fb, fc;
      memcpy(&fa, &a, 4);
      memcpy(&fb, &b, 4);
      memcpy(&fc, &c, 4);
      if (!isfinite(fa) || !isfinite(fb) || !isfinite(fc)) continue;
      feclearexcept(FE_INEXACT);
      volatile long double p = (long double)fa * fb;
      volatile long double sum = p + (long double)fc;
      if (fetestexcept(FE_INEXACT) || sum == 0 || !isfinite((double)sum)) continue;
      double d = (double)sum;
      if ((long double)d != sum) continue; /* must be exact in double for ref_round */
      unsigned rf = 0, sf = 0;
      uint32_t want = ref_round(d, rm, 1, &rf);
      uint32_t got = vs_f32_fma(a, b, c, rm, &sf);
      if (got != want || sf != rf)
        fail_msg("fma rm=%d %08x %08x %08x: got %08x flags %x, want %08x flags %x", rm, a, b, c, got,
                 sf, want, rf);
      checked++;
    }
  }
  assert_true(checked > ITER / 2);
}

/* Hand-derived cases: expected bits and flags from the IEEE-754 / RISC-V
 * rules */
static void test_hand_cases(void **state)
{
  (void)state;
  unsigned f;
#define EXPECT(call, want, wflags)                                                                 \
  do {                                                                                             \
    f = 0;                                                                                         \
    uint32_t r_ = (uint32_t)(call);                                                                \
    if (r_ != (uint32_t)(want) || f != (unsigned)(wflags))                                         \
      fail_msg("%s = %08x flags %x, want %08x flags %x", #call, r_, f, (uint32_t)(want),            \
               (unsigned)(wflags));                                                                \
  } while (0)
  const uint32_t PZ = 0, NZ = 0x80000000u, PINF = 0x7f800000u, NINF = 0xff800000u, QNAN = 0x7fc00000u,
                 SNAN = 0x7f800001u, ONE = 0x3f800000u, TWO = 0x40000000u, MAXF = 0x7f7fffffu,
                 MINSUB = 1, MINNORM = 0x00800000u;
  /* signed zeros */
  EXPECT(vs_f32_add(PZ, NZ, VS_RM_RNE, &f), PZ, 0);
  EXPECT(vs_f32_add(PZ, NZ, VS_RM_RDN, &f), NZ, 0);
  EXPECT(vs_f32_add(NZ, NZ, VS_RM_RNE, &f), NZ, 0);
  EXPECT(vs_f32_sub(ONE, ONE, VS_RM_RNE, &f), PZ, 0);
  EXPECT(vs_f32_sub(ONE, ONE, VS_RM_RDN, &f), NZ, 0);
  EXPECT(vs_f32_mul(NZ, ONE, VS_RM_RNE, &f), NZ, 0);
  /* infinities and invalid operations */
  EXPECT(vs_f32_add(PINF, NINF, VS_RM_RNE, &f), QNAN, VS_FF_NV);
  EXPECT(vs_f32_mul(PZ, PINF, VS_RM_RNE, &f), QNAN, VS_FF_NV);
  EXPECT(vs_f32_div(PZ, PZ, VS_RM_RNE, &f), QNAN, VS_FF_NV);
  EXPECT(vs_f32_div(PINF, NINF, VS_RM_RNE, &f), QNAN, VS_FF_NV);
  EXPECT(vs_f32_div(ONE, NZ, VS_RM_RNE, &f), NINF, VS_FF_DZ);
  EXPECT(vs_f32_sqrt(0xbf800000u, VS_RM_RNE, &f), QNAN, VS_FF_NV);
  EXPECT(vs_f32_sqrt(NZ, VS_RM_RNE, &f), NZ, 0);
  EXPECT(vs_f32_sqrt(0x40800000u, VS_RM_RNE, &f), TWO, 0); /* sqrt(4) = 2 */
  /* NaNs: canonical result, NV only for signaling ones */
  EXPECT(vs_f32_add(0x7fc12345u, ONE, VS_RM_RNE, &f), QNAN, 0);
  EXPECT(vs_f32_add(SNAN, ONE, VS_RM_RNE, &f), QNAN, VS_FF_NV);
  EXPECT(vs_f32_mul(0xffc00001u, ONE, VS_RM_RNE, &f), QNAN, 0);
  /* fma: 0 * inf + qNaN is invalid (RISC-V) */
  EXPECT(vs_f32_fma(PZ, PINF, QNAN, VS_RM_RNE, &f), QNAN, VS_FF_NV);
  EXPECT(vs_f32_fma(ONE, ONE, QNAN, VS_RM_RNE, &f), QNAN, 0);
  EXPECT(vs_f32_fma(ONE, ONE, SNAN, VS_RM_RNE, &f), QNAN, VS_FF_NV);
  EXPECT(vs_f32_fma(PINF, ONE, NINF, VS_RM_RNE, &f), QNAN, VS_FF_NV);
  /* fma rounds once: (1+2^-12)^2 - (1+2^-11) = 2^-24 exactly */
  EXPECT(vs_f32_fma(0x3f800800u, 0x3f800800u, 0xbf801000u, VS_RM_RNE, &f), 0x33800000u, 0);
  /* fma exact zero: (1*1) + (-1): +0, -0 in RDN */
  EXPECT(vs_f32_fma(ONE, ONE, 0xbf800000u, VS_RM_RNE, &f), PZ, 0);
  EXPECT(vs_f32_fma(ONE, ONE, 0xbf800000u, VS_RM_RDN, &f), NZ, 0);
  /* overflow by rounding mode */
  EXPECT(vs_f32_mul(MAXF, TWO, VS_RM_RNE, &f), PINF, VS_FF_OF | VS_FF_NX);
  EXPECT(vs_f32_mul(MAXF, TWO, VS_RM_RTZ, &f), MAXF, VS_FF_OF | VS_FF_NX);
  EXPECT(vs_f32_mul(MAXF, TWO, VS_RM_RDN, &f), MAXF, VS_FF_OF | VS_FF_NX);
  EXPECT(vs_f32_mul(MAXF, TWO, VS_RM_RUP, &f), PINF, VS_FF_OF | VS_FF_NX);
  EXPECT(vs_f32_mul(MAXF | NZ, TWO, VS_RM_RUP, &f), MAXF | NZ, VS_FF_OF | VS_FF_NX);
  EXPECT(vs_f32_mul(MAXF | NZ, TWO, VS_RM_RDN, &f), NINF, VS_FF_OF | VS_FF_NX);
  /* smallest subnormal: exact halving is tiny and inexact -> 0 (tie to even) */
  EXPECT(vs_f32_mul(MINSUB, 0x3f000000u, VS_RM_RNE, &f), PZ, VS_FF_UF | VS_FF_NX);
  EXPECT(vs_f32_mul(MINSUB, 0x3f000000u, VS_RM_RUP, &f), MINSUB, VS_FF_UF | VS_FF_NX);
  EXPECT(vs_f32_mul(MINSUB, 0x3f000000u, VS_RM_RMM, &f), MINSUB, VS_FF_UF | VS_FF_NX);
  /* exact subnormal result: no flags */
  EXPECT(vs_f32_mul(MINNORM, 0x3f400000u, VS_RM_RNE, &f), 0x00600000u, 0);
  /* tininess after rounding: 2^-126 (1 - 2^-25) rounds (RNE, unbounded
   * exponent) to 2^-126: not tiny, so no UF */
  EXPECT(vs_f32_mul(0x3f918e00u, 0x00709000u, VS_RM_RNE, &f), MINNORM, VS_FF_NX);
  /* ... but rounding toward zero keeps it below: tiny */
  EXPECT(vs_f32_mul(0x3f918e00u, 0x00709000u, VS_RM_RTZ, &f), 0x007fffffu, VS_FF_UF | VS_FF_NX);
  /* min / max */
  EXPECT(vs_f32_min(PZ, NZ, &f), NZ, 0);
  EXPECT(vs_f32_max(NZ, PZ, &f), PZ, 0);
  EXPECT(vs_f32_min(QNAN, ONE, &f), ONE, 0);
  EXPECT(vs_f32_max(ONE, SNAN, &f), ONE, VS_FF_NV);
  EXPECT(vs_f32_min(QNAN, 0xffc00000u, &f), QNAN, 0);
  EXPECT(vs_f32_min(0xc0000000u, ONE, &f), 0xc0000000u, 0);
  EXPECT(vs_f32_max(0xc0000000u, 0xbf800000u, &f), 0xbf800000u, 0);
  /* compares */
  EXPECT(vs_f32_eq(PZ, NZ, &f), 1, 0);
  EXPECT(vs_f32_eq(QNAN, QNAN, &f), 0, 0);
  EXPECT(vs_f32_eq(SNAN, ONE, &f), 0, VS_FF_NV);
  EXPECT(vs_f32_lt(QNAN, ONE, &f), 0, VS_FF_NV);
  EXPECT(vs_f32_le(NZ, PZ, &f), 1, 0);
  EXPECT(vs_f32_lt(NZ, PZ, &f), 0, 0);
  EXPECT(vs_f32_lt(0xc0000000u, 0xbf800000u, &f), 1, 0);
  /* classify: one bit per class */
  EXPECT(vs_f32_classify(NINF), 1u << 0, 0);
  EXPECT(vs_f32_classify(0xbf800000u), 1u << 1, 0);
  EXPECT(vs_f32_classify(0x80000001u), 1u << 2, 0);
  EXPECT(vs_f32_classify(NZ), 1u << 3, 0);
  EXPECT(vs_f32_classify(PZ), 1u << 4, 0);
  EXPECT(vs_f32_classify(MINSUB), 1u << 5, 0);
  EXPECT(vs_f32_classify(ONE), 1u << 6, 0);
  EXPECT(vs_f32_classify(PINF), 1u << 7, 0);
  EXPECT(vs_f32_classify(SNAN), 1u << 8, 0);
  EXPECT(vs_f32_classify(QNAN), 1u << 9, 0);
  /* conversions: saturation and rounding */
  EXPECT(vs_f32_to_i32(QNAN, VS_RM_RNE, &f), 0x7fffffffu, VS_FF_NV);
  EXPECT(vs_f32_to_i32(NINF, VS_RM_RNE, &f), 0x80000000u, VS_FF_NV);
  EXPECT(vs_f32_to_i32(0x4f000000u, VS_RM_RNE, &f), 0x7fffffffu, VS_FF_NV);   /* 2^31   */
  EXPECT(vs_f32_to_i32(0xcf000000u, VS_RM_RNE, &f), 0x80000000u, 0);          /* -2^31  */
  EXPECT(vs_f32_to_i32(0x3fc00000u, VS_RM_RNE, &f), 2, VS_FF_NX);             /* 1.5 -> 2 */
  EXPECT(vs_f32_to_i32(0x40200000u, VS_RM_RNE, &f), 2, VS_FF_NX);             /* 2.5 -> 2 */
  EXPECT(vs_f32_to_i32(0x40200000u, VS_RM_RMM, &f), 3, VS_FF_NX);             /* 2.5 -> 3 */
  EXPECT(vs_f32_to_i32(0xbf000000u, VS_RM_RDN, &f), 0xffffffffu, VS_FF_NX);   /* -0.5 -> -1 */
  EXPECT(vs_f32_to_i32(0xbf000000u, VS_RM_RUP, &f), 0, VS_FF_NX);             /* -0.5 -> 0 */
  EXPECT(vs_f32_to_u32(0x4f800000u, VS_RM_RNE, &f), 0xffffffffu, VS_FF_NV);   /* 2^32   */
  EXPECT(vs_f32_to_u32(0x4f7fffffu, VS_RM_RNE, &f), 0xffffff00u, 0);
  EXPECT(vs_f32_to_u32(0xbe99999au, VS_RM_RNE, &f), 0, VS_FF_NX);             /* -0.3 -> 0 */
  EXPECT(vs_f32_to_u32(0xbf800000u, VS_RM_RNE, &f), 0, VS_FF_NV);             /* -1.0     */
  EXPECT(vs_f32_to_u32(QNAN, VS_RM_RNE, &f), 0xffffffffu, VS_FF_NV);
  EXPECT(vs_i32_to_f32(16777217, VS_RM_RNE, &f), 0x4b800000u, VS_FF_NX);      /* 2^24+1 */
  EXPECT(vs_i32_to_f32(16777217, VS_RM_RUP, &f), 0x4b800001u, VS_FF_NX);
  EXPECT(vs_i32_to_f32(INT32_MIN, VS_RM_RNE, &f), 0xcf000000u, 0);
  EXPECT(vs_u32_to_f32(0xffffffffu, VS_RM_RTZ, &f), 0x4f7fffffu, VS_FF_NX);
  /* exp */
  EXPECT(vs_f32_exp(PZ, &f), ONE, 0);
  EXPECT(vs_f32_exp(NINF, &f), PZ, 0);
  EXPECT(vs_f32_exp(PINF, &f), PINF, 0);
  EXPECT(vs_f32_exp(SNAN, &f), QNAN, VS_FF_NV);
  EXPECT(vs_f32_exp(0x42b20000u, &f), PINF, VS_FF_OF | VS_FF_NX); /* e^89 */
  EXPECT(vs_f32_exp(0xc2d20000u, &f), PZ, VS_FF_UF | VS_FF_NX);   /* e^-105 */
#undef EXPECT
}

static void test_exp_accuracy(void **state)
{
  (void)state;
  for (int k = 0; k < ITER; k++) {
    float x = ((float)(rnd() % 2000000) / 10000.0f) - 100.0f;
    uint32_t a;
    memcpy(&a, &x, 4);
    unsigned fl = 0;
    uint32_t got = vs_f32_exp(a, &fl);
    double want = exp((double)x);
    if (want > FLT_MAX || want < FLT_MIN) continue;
    float gf;
    memcpy(&gf, &got, 4);
    float near = (float)want;
    uint32_t nb;
    memcpy(&nb, &near, 4);
    long diff = (long)got - (long)nb;
    if (diff < -1 || diff > 1) fail_msg("exp(%g) = %08x, reference %08x", (double)x, got, nb);
  }
}

/* The host-FPU fast path gives the same bits and flags as the software in
 * round-to-nearest-even */
static void test_host_path(void **state)
{
  (void)state;
  if (!vs_fp_host_ok()) {
    fprintf(stderr, "host FPU not RISC-V-like: fast path unused, comparison skipped\n");
    skip();
  }
  for (int k = 0; k < ITER; k++) {
    uint32_t a = rnd_f32(), b = rnd_f32(), c = rnd_f32();
    for (int op = 0; op < 6; op++) {
      volatile float x = vs_bits_f32(a), y = vs_bits_f32(b), z = vs_bits_f32(c);
      vs_fp_host_clear();
      float r;
      unsigned sf = 0;
      uint32_t want;
      switch (op) {
      case 0: r = x + y; want = vs_f32_add(a, b, 0, &sf); break;
      case 1: r = x - y; want = vs_f32_sub(a, b, 0, &sf); break;
      case 2: r = x * y; want = vs_f32_mul(a, b, 0, &sf); break;
      case 3: r = x / y; want = vs_f32_div(a, b, 0, &sf); break;
      case 4: r = sqrtf(x); want = vs_f32_sqrt(a, 0, &sf); break;
      default: r = fmaf(x, y, z); want = vs_f32_fma(a, b, c, 0, &sf); break;
      }
      unsigned hf = vs_fp_host_flags();
      uint32_t got = vs_f32_canon(vs_f32_bits(r));
      if (got != want || hf != sf)
        fail_msg("op %d on %08x %08x %08x: host %08x flags %x, soft %08x flags %x", op, a, b, c, got,
                 hf, want, sf);
    }
  }
}

int main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_hand_cases),
    cmocka_unit_test(test_add_random),
    cmocka_unit_test(test_sub_random),
    cmocka_unit_test(test_mul_random),
    cmocka_unit_test(test_div_random),
    cmocka_unit_test(test_sqrt_random),
    cmocka_unit_test(test_fma_random),
    cmocka_unit_test(test_exp_accuracy),
    cmocka_unit_test(test_host_path),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
