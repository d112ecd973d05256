/* Bit-exact IEEE-754 binary32 arithmetic with RISC-V semantics.
 *
 * Rules implemented (IEEE 754-2019 + RISC-V unprivileged ISA, "F" chapter;
 * the same results as Berkeley SoftFloat with its RISC-V specialisation):
 *
 *  NaNs
 *   - Every NaN result is the canonical NaN 0x7fc00000 (payloads and signs
 *     of NaN operands are never propagated).
 *   - A signaling NaN operand raises NV in every arithmetic operation,
 *     conversion, fmin/fmax and comparison; a quiet NaN operand raises
 *     nothing by itself (except in flt/fle and float-to-int conversions).
 *   - Invalid operations raise NV and give the canonical NaN: inf - inf
 *     (effective subtraction), 0 * inf, 0/0, inf/inf, sqrt(x < 0) (x != -0,
 *     including -inf), fma with 0*inf (even when the addend is a quiet NaN),
 *     fma with inf*y + (-inf) of the opposite sign.
 *  Rounding
 *   - Five modes: RNE (ties to even), RTZ, RDN (towards -inf), RUP (towards
 *     +inf), RMM (ties away from zero). Each result is rounded exactly once
 *     (fma included) by round_pack(), the single normalize-round-pack
 *     routine; NX when the rounded result differs from the exact one.
 *   - Subnormals are fully supported as operands and results, no flush to
 *     zero.
 *   - Underflow: UF is raised when the result is tiny AND inexact; tininess
 *     is detected AFTER rounding, i.e. the exact value rounded to 24 bits
 *     with an unbounded exponent range has magnitude < 2^-126. An exact
 *     subnormal result raises nothing.
 *   - Overflow: when the result rounded with an unbounded exponent exceeds
 *     the largest finite number, OF and NX are raised and the result is
 *     +-inf for RNE and RMM, the largest finite number for RTZ, and for
 *     RDN/RUP the infinity in the direction of rounding, the largest finite
 *     number otherwise (RDN: +max / -inf; RUP: +inf / -max).
 *  Signed zeros
 *   - An exact zero sum of operands of opposite signs (x + (-x), x - x,
 *     a*b + c with a*b == -c, including +0 + -0) is +0 in every mode except
 *     RDN, where it is -0. The sum of two zeros of the same sign keeps that
 *     sign. Products and quotients with a zero have the XOR of the signs.
 *     sqrt(-0) = -0. A nonzero result that rounds to zero keeps its sign.
 *   - x / 0 for finite nonzero x: DZ and a signed infinity. inf / 0 is inf
 *     without DZ; 0 / 0 is NV.
 *  fmin / fmax (RISC-V >= 2.2, IEEE 754-2019 minimumNumber/maximumNumber)
 *   - -0 < +0; if exactly one operand is a NaN (quiet or signaling) the
 *     result is the other operand; both NaN -> canonical NaN; NV if either
 *     operand is a signaling NaN.
 *  Comparisons
 *   - feq is quiet (NV only for a signaling NaN), flt/fle are signaling (NV
 *     for any NaN); every comparison with a NaN is false; +0 == -0.
 *  fclass: bit 0 -inf, 1 negative normal, 2 negative subnormal, 3 -0, 4 +0,
 *     5 positive subnormal, 6 positive normal, 7 +inf, 8 sNaN, 9 qNaN.
 *  Float -> integer (fcvt.w.s / fcvt.wu.s)
 *   - The value is rounded to an integer per the mode; if that integer is
 *     representable the result is it, with NX if it differs from the input.
 *   - Otherwise the result saturates and NV is raised (NX is NOT raised):
 *     w: NaN and +inf and too-large -> 0x7fffffff, -inf and too-small ->
 *     0x80000000; wu: NaN, +inf and too-large -> 0xffffffff, -inf and every
 *     negative value that rounds to a nonzero integer -> 0. A negative value
 *     that rounds to 0 (e.g. -0.3 in RNE) gives 0 with NX only; -0 gives 0.
 *  Integer -> float: rounded per the mode (NX when inexact); 0 -> +0.
 *  exp (Ventus vfexp.v): e^x correctly rounded to nearest-even.
 *   - exp(+-0) = 1 exactly, exp(-inf) = +0, exp(+inf) = +inf without flags;
 *     NaN -> canonical NaN (NV if signaling); for every other x the result
 *     is inexact (e^x is transcendental for rational x != 0), so NX always,
 *     plus OF/UF as for any RNE result.
 *   - Evaluation: x = (32k + j) ln2/32 + s with 0 <= s < ln2/32, e^x =
 *     2^k * 2^(j/32) * e^s. A fast 64-bit fixed-point evaluation (error
 *     < 2^-57 relative) is used when its rounding is decided, i.e. it is not
 *     within the error bound of a rounding midpoint (24-bit position, and
 *     the subnormal position if the result is tiny); otherwise a 128-bit
 *     fixed-point evaluation (error < 2^-120) decides. The hardest binary32
 *     cases are far from 2^-120 of a midpoint, so the result is correctly
 *     rounded (checked exhaustively over all binary32 inputs during
 *     development against the 128-bit path, host exp() and exact decimal
 *     evaluation of the near-midpoint cases).
 *
 * Implementation: only integer arithmetic (uint64_t and unsigned __int128);
 * the host FPU, its rounding mode and its exception flags are never used
 * or touched. A finite nonzero operand is unpacked to m * 2^e (m < 2^24).
 * Every operation produces either the exact result or a result whose least
 * significant bit is a "sticky" bit standing for nonzero bits below, far
 * under the rounding position, and calls round_pack() once.
 */
#include "fp/softfloat.h"

__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 i128;

#define F32_SIGN(x) ((unsigned)((x) >> 31))
#define F32_EXP(x) (((x) >> 23) & 0xffu)
#define F32_FRAC(x) ((x) & 0x7fffffu)
#define F32_INF 0x7f800000u
#define F32_MAXF 0x7f7fffffu
#define F32_ONE 0x3f800000u
#define NAN_C VS_F32_CANONICAL_NAN

static inline int is_nan(uint32_t x) { return (x & 0x7fffffffu) > F32_INF; }
static inline int is_snan(uint32_t x) { return is_nan(x) && !(x & 0x00400000u); }
static inline int is_inf(uint32_t x) { return (x & 0x7fffffffu) == F32_INF; }
static inline int is_zero(uint32_t x) { return (x & 0x7fffffffu) == 0; }

static inline int clz64(uint64_t x) { return __builtin_clzll(x); } /* x != 0 */
static inline int clz128(u128 x)
{
  uint64_t hi = (uint64_t)(x >> 64);
  return hi ? clz64(hi) : 64 + clz64((uint64_t)x);
}

/* finite nonzero x -> x = (-1)^s * m * 2^e exactly, 1 <= m < 2^24 */
static inline void unpack(uint32_t x, uint32_t *m, int32_t *e)
{
  uint32_t ex = F32_EXP(x);
  if (ex) {
    *m = F32_FRAC(x) | 0x800000u;
    *e = (int32_t)ex - 150;
  } else {
    *m = F32_FRAC(x);
    *e = -149;
  }
}

/* unpack and normalise so that 2^23 <= m < 2^24 (subnormals get e < -149) */
static inline void unpack_norm(uint32_t x, uint32_t *m, int32_t *e)
{
  unpack(x, m, e);
  int n = __builtin_clz(*m) - 8;
  *m <<= n;
  *e -= n;
}

/* x >> n where the result's bit 0 is ORed with "some 1 bit was shifted out" */
static inline uint64_t shr_jam64(uint64_t x, unsigned n)
{
  if (n == 0) return x;
  if (n >= 64) return x != 0;
  return (x >> n) | ((x << (64 - n)) != 0);
}

static inline u128 shr_jam128(u128 x, unsigned n)
{
  if (n == 0) return x;
  if (n >= 128) return x != 0;
  return (x >> n) | ((x << (128 - n)) != 0);
}

/* Should the kept magnitude (whose lowest bit is lsb) be incremented, given
 * the first dropped bit rb and the OR of all lower dropped bits st? */
static inline int round_inc(int rm, unsigned sign, unsigned lsb, unsigned rb, unsigned st)
{
  switch (rm) {
  case VS_RM_RTZ: return 0;
  case VS_RM_RDN: return sign && (rb | st);
  case VS_RM_RUP: return !sign && (rb | st);
  case VS_RM_RMM: return rb;
  default: return rb && (st | lsb); /* RNE */
  }
}

static inline uint32_t overflow_result(unsigned sign, int rm, unsigned *flags)
{
  *flags |= VS_FF_OF | VS_FF_NX;
  uint32_t s = (uint32_t)sign << 31;
  if (rm == VS_RM_RTZ || (rm == VS_RM_RDN && !sign) || (rm == VS_RM_RUP && sign))
    return s | F32_MAXF;
  return s | F32_INF;
}

/* The shared normalize-round-pack routine.
 * Rounds (-1)^sign * sig * 2^exp to binary32 in mode rm, raising NX, UF, OF.
 * sig may carry a sticky bit in bit 0 (standing for nonzero bits below it);
 * callers that do so keep the most significant 1 of sig at bit 25 or above,
 * so that after normalisation the sticky bit stays below the round bit.
 * sig == 0 gives a zero of the given sign. */
static uint32_t round_pack(unsigned sign, int32_t exp, uint64_t sig, int rm, unsigned *flags)
{
  uint32_t s = (uint32_t)sign << 31;
  if (sig == 0) return s;
  int n = clz64(sig);
  sig <<= n;
  exp -= n;
  /* now 2^63 <= sig < 2^64: the leading bit weighs 2^(exp+63) */
  int32_t e = exp + 63 + 127; /* biased exponent of the result if normal */
  if (e >= 255) return overflow_result(sign, rm, flags);
  unsigned shift = 40; /* 64 - 24 dropped bits for a normal result */
  unsigned tiny = 0;
  if (e < 1) {
    /* tininess after rounding: only a value in [2^-127, 2^-126) can round up
     * to 2^-126 when rounded to 24 bits with an unbounded exponent */
    if (e < 0) {
      tiny = 1;
    } else {
      uint64_t q24 = sig >> 40;
      unsigned rb24 = (unsigned)(sig >> 39) & 1;
      unsigned st24 = (sig & ((UINT64_C(1) << 39) - 1)) != 0;
      tiny = !(q24 == 0xffffffu && round_inc(rm, sign, (unsigned)q24 & 1, rb24, st24));
    }
    shift = (unsigned)(41 - e) > 65 ? 65u : (unsigned)(41 - e);
  }
  uint64_t q;
  unsigned rb, st;
  if (shift < 64) {
    q = sig >> shift;
    rb = (unsigned)(sig >> (shift - 1)) & 1;
    st = (sig & ((UINT64_C(1) << (shift - 1)) - 1)) != 0;
  } else if (shift == 64) { /* value in [2^-150, 2^-149) */
    q = 0;
    rb = 1;
    st = (sig << 1) != 0;
  } else { /* value < 2^-150 */
    q = 0;
    rb = 0;
    st = 1;
  }
  q += (uint64_t)round_inc(rm, sign, (unsigned)q & 1, rb, st);
  /* Packing with the hidden bit added into the exponent field: a carry out
   * of the significand (normal: q == 2^24, subnormal: q == 2^23) moves the
   * exponent up by itself. */
  uint32_t bits = e >= 1 ? ((uint32_t)(e - 1) << 23) + (uint32_t)q : (uint32_t)q;
  if (bits >= F32_INF) return overflow_result(sign, rm, flags);
  if (rb | st) *flags |= tiny ? (VS_FF_NX | VS_FF_UF) : VS_FF_NX;
  return s | bits;
}

/* ---------------------------------------------------------------- add/sub */

static uint32_t add_signed(uint32_t a, uint32_t b, int rm, unsigned *flags)
{
  if (is_nan(a) || is_nan(b)) {
    if (is_snan(a) || is_snan(b)) *flags |= VS_FF_NV;
    return NAN_C;
  }
  unsigned sa = F32_SIGN(a), sb = F32_SIGN(b);
  if (is_inf(a)) {
    if (is_inf(b) && sa != sb) {
      *flags |= VS_FF_NV;
      return NAN_C;
    }
    return a;
  }
  if (is_inf(b)) return b;
  if (is_zero(b)) {
    if (!is_zero(a)) return a;
    if (sa == sb) return a;
    return rm == VS_RM_RDN ? 0x80000000u : 0;
  }
  if (is_zero(a)) return b;
  /* order by magnitude (the bit patterns of non-negative floats are ordered) */
  if ((a & 0x7fffffffu) < (b & 0x7fffffffu)) {
    uint32_t t = a;
    a = b;
    b = t;
    unsigned ts = sa;
    sa = sb;
    sb = ts;
  }
  uint32_t ma, mb;
  int32_t ea, eb;
  unpack(a, &ma, &ea);
  unpack(b, &mb, &eb);
  /* 38 guard bits; the smaller operand is shifted right with jamming. The
   * larger has zeros in its low 38 bits, so after a jammed subtraction the
   * difference is odd and cannot land on a rounding boundary. */
  uint64_t A = (uint64_t)ma << 38;
  uint64_t B = shr_jam64((uint64_t)mb << 38, (unsigned)(ea - eb));
  uint64_t S;
  if (sa == sb) {
    S = A + B;
  } else {
    S = A - B;
    if (S == 0) return rm == VS_RM_RDN ? 0x80000000u : 0;
  }
  return round_pack(sa, ea - 38, S, rm, flags);
}

uint32_t vs_f32_add(uint32_t a, uint32_t b, int rm, unsigned *flags)
{
  return add_signed(a, b, rm, flags);
}

uint32_t vs_f32_sub(uint32_t a, uint32_t b, int rm, unsigned *flags)
{
  /* flipping the sign of a NaN does not matter: the result is canonical */
  return add_signed(a, b ^ 0x80000000u, rm, flags);
}

/* -------------------------------------------------------------------- mul */

uint32_t vs_f32_mul(uint32_t a, uint32_t b, int rm, unsigned *flags)
{
  if (is_nan(a) || is_nan(b)) {
    if (is_snan(a) || is_snan(b)) *flags |= VS_FF_NV;
    return NAN_C;
  }
  unsigned sign = F32_SIGN(a ^ b);
  if (is_inf(a) || is_inf(b)) {
    if (is_zero(a) || is_zero(b)) {
      *flags |= VS_FF_NV;
      return NAN_C;
    }
    return (uint32_t)sign << 31 | F32_INF;
  }
  if (is_zero(a) || is_zero(b)) return (uint32_t)sign << 31;
  uint32_t ma, mb;
  int32_t ea, eb;
  unpack(a, &ma, &ea);
  unpack(b, &mb, &eb);
  return round_pack(sign, ea + eb, (uint64_t)ma * mb, rm, flags); /* exact product */
}

/* -------------------------------------------------------------------- div */

uint32_t vs_f32_div(uint32_t a, uint32_t b, int rm, unsigned *flags)
{
  if (is_nan(a) || is_nan(b)) {
    if (is_snan(a) || is_snan(b)) *flags |= VS_FF_NV;
    return NAN_C;
  }
  unsigned sign = F32_SIGN(a ^ b);
  if (is_inf(a)) {
    if (is_inf(b)) {
      *flags |= VS_FF_NV;
      return NAN_C;
    }
    return (uint32_t)sign << 31 | F32_INF;
  }
  if (is_inf(b)) return (uint32_t)sign << 31;
  if (is_zero(b)) {
    if (is_zero(a)) {
      *flags |= VS_FF_NV;
      return NAN_C;
    }
    *flags |= VS_FF_DZ;
    return (uint32_t)sign << 31 | F32_INF;
  }
  if (is_zero(a)) return (uint32_t)sign << 31;
  uint32_t ma, mb;
  int32_t ea, eb;
  unpack_norm(a, &ma, &ea);
  unpack_norm(b, &mb, &eb);
  /* 2^63 <= N < 2^64, 2^23 <= mb < 2^24: 2^39 < quotient < 2^41 */
  uint64_t N = (uint64_t)ma << 40;
  uint64_t Q = N / mb, R = N % mb;
  return round_pack(sign, ea - eb - 40, Q | (R != 0), rm, flags);
}

/* ------------------------------------------------------------------- sqrt */

/* floor(sqrt(v)) for v < 2^63, by Newton's iteration on integers starting
 * above the root (the iterates decrease monotonically to the floor). */
static uint64_t isqrt64(uint64_t v)
{
  if (v < 2) return v;
  unsigned bits = 64 - (unsigned)clz64(v);
  uint64_t x = UINT64_C(1) << ((bits + 1) / 2); /* > sqrt(v) */
  for (;;) {
    uint64_t y = (x + v / x) >> 1;
    if (y >= x) return x;
    x = y;
  }
}

uint32_t vs_f32_sqrt(uint32_t a, int rm, unsigned *flags)
{
  if (is_nan(a)) {
    if (is_snan(a)) *flags |= VS_FF_NV;
    return NAN_C;
  }
  if (is_zero(a)) return a; /* sqrt(+-0) = +-0 */
  if (F32_SIGN(a)) {
    *flags |= VS_FF_NV;
    return NAN_C;
  }
  if (is_inf(a)) return a;
  uint32_t m;
  int32_t e;
  unpack_norm(a, &m, &e);
  uint64_t M = m;
  if (e & 1) { /* make the exponent even (two's complement: works for e < 0) */
    M <<= 1;
    e -= 1;
  }
  M <<= 38; /* 2^61 <= M < 2^63, root in [2^30.5, 2^31.5) */
  uint64_t r = isqrt64(M);
  uint64_t rem = M - r * r;
  return round_pack(0, (e - 38) / 2, r | (rem != 0), rm, flags);
}

/* -------------------------------------------------------------------- fma */

uint32_t vs_f32_fma(uint32_t a, uint32_t b, uint32_t c, int rm, unsigned *flags)
{
  if (is_snan(a) || is_snan(b) || is_snan(c)) *flags |= VS_FF_NV;
  if ((is_inf(a) && is_zero(b)) || (is_zero(a) && is_inf(b))) {
    *flags |= VS_FF_NV; /* RISC-V: also when c is a quiet NaN */
    return NAN_C;
  }
  if (is_nan(a) || is_nan(b) || is_nan(c)) return NAN_C;
  unsigned sp = F32_SIGN(a ^ b), sc = F32_SIGN(c);
  if (is_inf(a) || is_inf(b)) {
    if (is_inf(c) && sc != sp) {
      *flags |= VS_FF_NV;
      return NAN_C;
    }
    return (uint32_t)sp << 31 | F32_INF;
  }
  if (is_inf(c)) return c;
  if (is_zero(a) || is_zero(b)) { /* exact zero product, sign sp */
    if (!is_zero(c)) return c;
    if (sp == sc) return c;
    return rm == VS_RM_RDN ? 0x80000000u : 0;
  }
  uint32_t ma, mb, mc;
  int32_t ea, eb, ec;
  unpack(a, &ma, &ea);
  unpack(b, &mb, &eb);
  uint64_t mp = (uint64_t)ma * mb; /* exact product, < 2^48 */
  int32_t ep = ea + eb;
  if (is_zero(c)) return round_pack(sp, ep, mp, rm, flags);
  unpack(c, &mc, &ec);
  /* Both terms normalised to have their leading 1 at bit 125 of a 128-bit
   * integer (room for the carry of an addition). Their low bits are zero,
   * so the jammed subtraction argument of add_signed() applies. */
  u128 X = mp, Y = mc;
  int nx = clz128(X) - 2, ny = clz128(Y) - 2;
  X <<= nx;
  Y <<= ny;
  int32_t ex = ep - nx, ey = ec - ny;
  unsigned sx = sp, sy = sc;
  if (ex < ey || (ex == ey && X < Y)) { /* X becomes the larger magnitude */
    u128 t = X;
    X = Y;
    Y = t;
    int32_t te = ex;
    ex = ey;
    ey = te;
    unsigned ts = sx;
    sx = sy;
    sy = ts;
  }
  Y = shr_jam128(Y, (unsigned)(ex - ey));
  u128 S;
  if (sx == sy) {
    S = X + Y;
  } else {
    S = X - Y;
    if (S == 0) return rm == VS_RM_RDN ? 0x80000000u : 0;
  }
  /* down to 64 bits, keeping a sticky bit */
  int len = 128 - clz128(S);
  if (len > 64) {
    unsigned sh = (unsigned)(len - 64);
    S = shr_jam128(S, sh);
    ex += (int32_t)sh;
  }
  return round_pack(sx, ex, (uint64_t)S, rm, flags);
}

/* ------------------------------------------------------ min/max, compares */

/* maps a non-NaN float to an unsigned key with the same order; -0 < +0 */
static inline uint32_t order_key(uint32_t a)
{
  return (a & 0x80000000u) ? ~a : (a | 0x80000000u);
}

static uint32_t min_max(uint32_t a, uint32_t b, int want_max, unsigned *flags)
{
  if (is_snan(a) || is_snan(b)) *flags |= VS_FF_NV;
  int na = is_nan(a), nb = is_nan(b);
  if (na && nb) return NAN_C;
  if (na) return b;
  if (nb) return a;
  int a_less = order_key(a) < order_key(b);
  return (a_less != want_max) ? a : b;
}

uint32_t vs_f32_min(uint32_t a, uint32_t b, unsigned *flags) { return min_max(a, b, 0, flags); }
uint32_t vs_f32_max(uint32_t a, uint32_t b, unsigned *flags) { return min_max(a, b, 1, flags); }

int vs_f32_eq(uint32_t a, uint32_t b, unsigned *flags)
{
  if (is_nan(a) || is_nan(b)) {
    if (is_snan(a) || is_snan(b)) *flags |= VS_FF_NV;
    return 0;
  }
  return a == b || (is_zero(a) && is_zero(b));
}

int vs_f32_lt(uint32_t a, uint32_t b, unsigned *flags)
{
  if (is_nan(a) || is_nan(b)) {
    *flags |= VS_FF_NV;
    return 0;
  }
  if (is_zero(a) && is_zero(b)) return 0;
  return order_key(a) < order_key(b);
}

int vs_f32_le(uint32_t a, uint32_t b, unsigned *flags)
{
  if (is_nan(a) || is_nan(b)) {
    *flags |= VS_FF_NV;
    return 0;
  }
  if (is_zero(a) && is_zero(b)) return 1;
  return order_key(a) <= order_key(b);
}

unsigned vs_f32_classify(uint32_t a)
{
  unsigned s = F32_SIGN(a);
  uint32_t ex = F32_EXP(a), fr = F32_FRAC(a);
  if (ex == 0xff) {
    if (fr == 0) return s ? 1u << 0 : 1u << 7;
    return (fr & 0x400000u) ? 1u << 9 : 1u << 8;
  }
  if (ex == 0) {
    if (fr == 0) return s ? 1u << 3 : 1u << 4;
    return s ? 1u << 2 : 1u << 5;
  }
  return s ? 1u << 1 : 1u << 6;
}

/* ------------------------------------------------------------ conversions */

#define CVT_HUGE (UINT64_C(1) << 40) /* stands for any magnitude >= 2^40 */

/* |a| (finite) rounded to an integer per rm (the sign of a steers RDN/RUP);
 * magnitudes >= 2^40 are returned as CVT_HUGE. */
static uint64_t round_to_int_mag(uint32_t a, int rm, unsigned *inexact)
{
  *inexact = 0;
  if (is_zero(a)) return 0;
  uint32_t m;
  int32_t e;
  unpack(a, &m, &e);
  if (e >= 0) return e > 16 ? CVT_HUGE : (uint64_t)m << e;
  unsigned sh = (unsigned)-e;
  uint64_t q;
  unsigned rb, st;
  if (sh > 63) {
    q = 0;
    rb = 0;
    st = 1;
  } else {
    uint64_t mm = m;
    q = mm >> sh;
    rb = (unsigned)(mm >> (sh - 1)) & 1;
    st = (mm & ((UINT64_C(1) << (sh - 1)) - 1)) != 0;
  }
  *inexact = rb | st;
  return q + (uint64_t)round_inc(rm, F32_SIGN(a), (unsigned)q & 1, rb, st);
}

int32_t vs_f32_to_i32(uint32_t a, int rm, unsigned *flags)
{
  if (is_nan(a)) {
    *flags |= VS_FF_NV;
    return INT32_MAX;
  }
  if (is_inf(a)) {
    *flags |= VS_FF_NV;
    return F32_SIGN(a) ? INT32_MIN : INT32_MAX;
  }
  unsigned inexact;
  uint64_t q = round_to_int_mag(a, rm, &inexact);
  if (F32_SIGN(a)) {
    if (q > UINT64_C(0x80000000)) {
      *flags |= VS_FF_NV;
      return INT32_MIN;
    }
    if (inexact) *flags |= VS_FF_NX;
    return q == UINT64_C(0x80000000) ? INT32_MIN : -(int32_t)q;
  }
  if (q > UINT64_C(0x7fffffff)) {
    *flags |= VS_FF_NV;
    return INT32_MAX;
  }
  if (inexact) *flags |= VS_FF_NX;
  return (int32_t)q;
}

uint32_t vs_f32_to_u32(uint32_t a, int rm, unsigned *flags)
{
  if (is_nan(a)) {
    *flags |= VS_FF_NV;
    return UINT32_MAX;
  }
  if (is_inf(a)) {
    *flags |= VS_FF_NV;
    return F32_SIGN(a) ? 0 : UINT32_MAX;
  }
  unsigned inexact;
  uint64_t q = round_to_int_mag(a, rm, &inexact);
  if (F32_SIGN(a) && q != 0) {
    *flags |= VS_FF_NV;
    return 0;
  }
  if (q > UINT32_MAX) {
    *flags |= VS_FF_NV;
    return UINT32_MAX;
  }
  if (inexact) *flags |= VS_FF_NX;
  return (uint32_t)q;
}

uint32_t vs_i32_to_f32(int32_t a, int rm, unsigned *flags)
{
  unsigned sign = a < 0;
  uint64_t mag = sign ? (uint64_t)(-(int64_t)a) : (uint64_t)a;
  return round_pack(sign, 0, mag, rm, flags); /* exact input: no sticky bit */
}

uint32_t vs_u32_to_f32(uint32_t a, int rm, unsigned *flags)
{
  return round_pack(0, 0, a, rm, flags);
}

/* -------------------------------------------------------------------- exp */

#define U128C(hi, lo) (((u128)(hi) << 64) | (u128)(lo))

/* 2^(j/32) in Q127 (value * 2^127), rounded to nearest */
static const u128 exp_tab[32] = {
  U128C(0x8000000000000000u, 0x0000000000000000u), U128C(0x82cd8698ac2ba1d7u, 0x3e2a475b46520bffu),
  U128C(0x85aac367cc487b14u, 0xc5c95b8c2154c1b2u), U128C(0x88980e8092da8527u, 0x5df8d76c98c67563u),
  U128C(0x8b95c1e3ea8bd6e6u, 0xfbe4628758a53c90u), U128C(0x8ea4398b45cd53c0u, 0x2dc0144c8783d4c6u),
  U128C(0x91c3d373ab11c336u, 0x0fd6d8e0ae5ac9d8u), U128C(0x94f4efa8fef70961u, 0x2e8afad12551de54u),
  U128C(0x9837f0518db8a96fu, 0x46ad23182e42f6f6u), U128C(0x9b8d39b9d54e5538u, 0xa2a817a2a3cc3f1fu),
  U128C(0x9ef5326091a111adu, 0xa0911f09ebb9fdd1u), U128C(0xa27043030c496818u, 0x9b7a04ef80cfdea8u),
  U128C(0xa5fed6a9b15138eau, 0x1cbd7f621710701bu), U128C(0xa9a15ab4ea7c0ef8u, 0x541e24ec3531fa73u),
  U128C(0xad583eea42a14ac6u, 0x4980a8c8f59a2ec4u), U128C(0xb123f581d2ac258fu, 0x87d037e96d215d8eu),
  U128C(0xb504f333f9de6484u, 0x597d89b3754abe9fu), U128C(0xb8fbaf4762fb9ee9u, 0x1b879778566b65a2u),
  U128C(0xbd08a39f580c36beu, 0xa8811fb66d0faf7au), U128C(0xc12c4cca66709456u, 0x7c457d59a50087b5u),
  U128C(0xc5672a115506daddu, 0x3e2ad0c964dd9f37u), U128C(0xc9b9bd866e2f27a2u, 0x80e1f92a0511697eu),
  U128C(0xce248c151f8480e3u, 0xe235838f95f2c6edu), U128C(0xd2a81d91f12ae45au, 0x12248e57c3de4028u),
  U128C(0xd744fccad69d6af4u, 0x39a68bb9902d3fdeu), U128C(0xdbfbb797daf23755u, 0x3d840d5a9e29aa64u),
  U128C(0xe0ccdeec2a94e111u, 0x065895048dd333cau), U128C(0xe5b906e77c8348a8u, 0x1e5e8f4a4edbb0edu),
  U128C(0xeac0c6e7dd24392eu, 0xd02d75b3706e54fbu), U128C(0xefe4b99bdcdaf5cbu, 0x46561cf6948db913u),
  U128C(0xf5257d152486cc2cu, 0x7b9d0c7aed980fc3u), U128C(0xfa83b2db722a033au, 0x7c25bb14315d7fcdu),
};

/* 1/n! for n = 1..16 in Q127 */
static const u128 exp_coef128[16] = {
  U128C(0x8000000000000000u, 0x0000000000000000u), U128C(0x4000000000000000u, 0x0000000000000000u),
  U128C(0x1555555555555555u, 0x5555555555555555u), U128C(0x0555555555555555u, 0x5555555555555555u),
  U128C(0x0111111111111111u, 0x1111111111111111u), U128C(0x002d82d82d82d82du, 0x82d82d82d82d82d8u),
  U128C(0x0006806806806806u, 0x8068068068068068u), U128C(0x0000d00d00d00d00u, 0xd00d00d00d00d00du),
  U128C(0x0000171de3a556c7u, 0x338faac1c88e5001u), U128C(0x0000024fc9f6ef13u, 0xeb8e5de02da7d4cdu),
  U128C(0x00000035cc8acfeau, 0x89c71fce8fc97070u), U128C(0x000000047bb63bfeu, 0x3625ed5136a61eb4u),
  U128C(0x000000005849184eu, 0xa1b425f28e0cc749u), U128C(0x00000000064e5d2au, 0x301f27482eb7c517u),
  U128C(0x00000000006b9fcfu, 0x9ccee07c476195acu), U128C(0x000000000006b9fcu, 0xf9ccee07c476195bu),
};

/* 1/n! for n = 1..8 in Q63 */
static const uint64_t exp_coef64[8] = {
  0x8000000000000000u, 0x4000000000000000u, 0x1555555555555555u, 0x0555555555555555u,
  0x0111111111111111u, 0x002d82d82d82d82eu, 0x0006806806806807u, 0x0000d00d00d00d01u,
};

#define EXP_INV_LN2_32_Q56 UINT64_C(0x2e2a8eca5705fc2f)                     /* 32/ln2 * 2^56  */
#define EXP_LN2_32_Q117 U128C(0x0000b17217f7d1cfu, 0x79abc9e3b39803f3u)     /* ln2/32 * 2^117 */
/* error bound of the fast path, in units of 2^-63 of y (y in [1,2)) */
#define EXP_FAST_ERR 64

/* floor(a * b / 2^128) */
static inline u128 mulhi128(u128 a, u128 b)
{
  uint64_t a0 = (uint64_t)a, a1 = (uint64_t)(a >> 64);
  uint64_t b0 = (uint64_t)b, b1 = (uint64_t)(b >> 64);
  u128 p00 = (u128)a0 * b0, p01 = (u128)a0 * b1, p10 = (u128)a1 * b0, p11 = (u128)a1 * b1;
  u128 mid = (p00 >> 64) + (uint64_t)p01 + (uint64_t)p10;
  return p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
}

/* Is the value whose normalised significand is sig (bit 63 set; the leading
 * bit weighs 2^lead) within err units of bit 0 of a rounding midpoint? Checks
 * the 24-bit position (which also decides tininess after rounding) and, for
 * a tiny value, the subnormal position. */
static int exp_near_midpoint(uint64_t sig, int32_t lead, uint64_t err)
{
  uint64_t low = sig & ((UINT64_C(1) << 40) - 1), half = UINT64_C(1) << 39;
  if ((low > half ? low - half : half - low) <= err) return 1;
  if (lead < -126) {
    int32_t sh = 40 + (-126 - lead);
    if (sh < 64) {
      low = sig & ((UINT64_C(1) << sh) - 1);
      half = UINT64_C(1) << (sh - 1);
      if ((low > half ? low - half : half - low) <= err) return 1;
    } else if (sh == 64) {
      if (sig - (UINT64_C(1) << 63) <= err) return 1;
    }
  }
  return 0;
}

/* exp of a finite x with 2^-30 <= |x| <= 104 */
static uint32_t exp_core(uint32_t a, int force_slow, unsigned *flags)
{
  /* x as signed fixed point with 53 fraction bits (exact: x's lowest bit
   * weighs >= 2^-53 since |x| >= 2^-30) */
  uint64_t X = (uint64_t)(F32_FRAC(a) | 0x800000u) << (F32_EXP(a) - 97); /* < 2^60 */
  int neg = (int)F32_SIGN(a);
  /* N ~ floor(x * 32/ln2), then exactly corrected so that
   * r = x - N*ln2/32 lies in [0, ln2/32) (r in Q117) */
  int64_t N = (int64_t)(((u128)X * EXP_INV_LN2_32_Q56) >> 109);
  if (neg) N = -N - 1;
  i128 xq = (i128)((u128)X << 64);
  if (neg) xq = -xq;
  const i128 L = (i128)EXP_LN2_32_Q117;
  i128 r = xq - (i128)N * L;
  while (r < 0) {
    N--;
    r += L;
  }
  while (r >= L) {
    N++;
    r -= L;
  }
  int64_t j = ((N % 32) + 32) % 32;
  int32_t k = (int32_t)((N - j) / 32);
  u128 s = (u128)r; /* s in Q117, 0 <= s < ln2/32 < 2^-5.5 */

  if (!force_slow) {
    /* fast path: e^s - 1 by Horner in Q63 (degree 8, truncation < 2^-68),
     * y = 2^(j/32) * e^s in Q63, total error < EXP_FAST_ERR units */
    uint64_t s64 = (uint64_t)(s >> 53); /* Q64 */
    uint64_t q = exp_coef64[7];
    for (int i = 6; i >= 0; i--) q = exp_coef64[i] + (uint64_t)(((u128)q * s64) >> 64);
    uint64_t em1 = (uint64_t)(((u128)q * s64) >> 64);
    uint64_t T = (uint64_t)(exp_tab[j] >> 64) + (uint64_t)((exp_tab[j] >> 63) & 1);
    uint64_t y = T + (uint64_t)(((u128)T * em1) >> 63);
    if (y >= T && !exp_near_midpoint(y, k, EXP_FAST_ERR)) {
      /* bit 0 forced to 1: e^x is never representable, and the value is
       * more than EXP_FAST_ERR units away from any midpoint */
      return round_pack(0, k - 63, y | 1, VS_RM_RNE, flags);
    }
  }
  /* slow path: the same in Q127/Q128 with degree 16 (error < 2^-120) */
  u128 s128 = s << 11; /* Q128 */
  u128 q = exp_coef128[15];
  for (int i = 14; i >= 0; i--) q = exp_coef128[i] + mulhi128(q, s128);
  u128 em1 = mulhi128(q, s128);                 /* Q127 */
  u128 T = exp_tab[j];                          /* Q127 */
  u128 y = T + (mulhi128(T, em1) << 1);         /* Q127, in [2^127, 2^128) */
  if (y < T) y = ~(u128)0;                      /* cannot happen: e^x < 2^(k+1) */
  uint64_t sig = (uint64_t)(y >> 64) | 1;       /* sticky: never exact */
  return round_pack(0, k - 63, sig, VS_RM_RNE, flags);
}

static uint32_t exp_impl(uint32_t a, int force_slow, unsigned *flags)
{
  if (is_nan(a)) {
    if (is_snan(a)) *flags |= VS_FF_NV;
    return NAN_C;
  }
  if (is_inf(a)) return F32_SIGN(a) ? 0 : F32_INF;
  if (F32_EXP(a) < 97) { /* |x| < 2^-30: e^x rounds to 1 */
    if (!is_zero(a)) *flags |= VS_FF_NX;
    return F32_ONE;
  }
  if (!F32_SIGN(a) && a > 0x42b20000u) /* x > 89: e^x > 2^128 */
    return overflow_result(0, VS_RM_RNE, flags);
  if (F32_SIGN(a) && (a & 0x7fffffffu) > 0x42d00000u) { /* x < -104: e^x < 2^-150 */
    *flags |= VS_FF_UF | VS_FF_NX;
    return 0;
  }
  return exp_core(a, force_slow, flags);
}

uint32_t vs_f32_exp(uint32_t a, unsigned *flags) { return exp_impl(a, 0, flags); }
uint32_t vs_f32_exp_precise(uint32_t a, unsigned *flags) { return exp_impl(a, 1, flags); }
