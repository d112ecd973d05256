/* Host FPU fast path: exception flags and the one-time self test.
 *
 * The self test runs known cases whose results and flags tell a RISC-V-like
 * binary32 FPU apart. All operands and results go through volatile objects
 * so the compiler can neither fold them at compile time nor move them
 * across the feclearexcept()/fetestexcept() calls. */
#include <fenv.h>
#include <math.h>
#include <stdatomic.h>

#include "fp/fphost.h"
#include "fp/softfloat.h"

#if defined(FE_INEXACT) && defined(FE_UNDERFLOW) && defined(FE_OVERFLOW) && \
    defined(FE_DIVBYZERO) && defined(FE_INVALID) && defined(FE_TONEAREST)
#define VS_HOST_FENV 1
#else
#define VS_HOST_FENV 0
#endif

/* On x86-64 binary32 arithmetic runs on SSE, whose flags live in MXCSR:
 * reading and writing it directly is an order of magnitude cheaper than
 * glibc's feclearexcept/fetestexcept, which also handle the x87 unit. */
#if defined(__x86_64__) && defined(__GNUC__)
#define VS_MXCSR_FLAGS 0x3fu /* IE DE ZE OE UE PE */
void vs_fp_host_clear(void)
{
  __builtin_ia32_ldmxcsr(__builtin_ia32_stmxcsr() & ~VS_MXCSR_FLAGS);
}

unsigned vs_fp_host_flags(void)
{
  unsigned m = __builtin_ia32_stmxcsr();
  return (m & 0x20u ? (unsigned)VS_FF_NX : 0u) | (m & 0x10u ? (unsigned)VS_FF_UF : 0u) |
         (m & 0x08u ? (unsigned)VS_FF_OF : 0u) | (m & 0x04u ? (unsigned)VS_FF_DZ : 0u) |
         (m & 0x01u ? (unsigned)VS_FF_NV : 0u);
}
#else
void vs_fp_host_clear(void)
{
#if VS_HOST_FENV
  feclearexcept(FE_INEXACT | FE_UNDERFLOW | FE_OVERFLOW | FE_DIVBYZERO | FE_INVALID);
#endif
}

unsigned vs_fp_host_flags(void)
{
#if VS_HOST_FENV
  int e = fetestexcept(FE_INEXACT | FE_UNDERFLOW | FE_OVERFLOW | FE_DIVBYZERO | FE_INVALID);
  return (e & FE_INEXACT ? (unsigned)VS_FF_NX : 0u) | (e & FE_UNDERFLOW ? (unsigned)VS_FF_UF : 0u) |
         (e & FE_OVERFLOW ? (unsigned)VS_FF_OF : 0u) | (e & FE_DIVBYZERO ? (unsigned)VS_FF_DZ : 0u) |
         (e & FE_INVALID ? (unsigned)VS_FF_NV : 0u);
#else
  return 0;
#endif
}
#endif

#if VS_HOST_FENV
enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_SQRT, OP_FMA };

/* One host operation on bit patterns: 1 if it gives `want` (after NaN
 * canonicalisation) and exactly the flags `want_flags`. */
static int check(int op, uint32_t a, uint32_t b, uint32_t c, uint32_t want, unsigned want_flags)
{
  volatile float va = vs_bits_f32(a), vb = vs_bits_f32(b), vc = vs_bits_f32(c);
  volatile float vr;
  vs_fp_host_clear();
  switch (op) {
  case OP_ADD: vr = va + vb; break;
  case OP_SUB: vr = va - vb; break;
  case OP_MUL: vr = va * vb; break;
  case OP_DIV: vr = va / vb; break;
  case OP_SQRT: vr = sqrtf(va); break;
  default: vr = fmaf(va, vb, vc); break;
  }
  unsigned fl = vs_fp_host_flags();
  return vs_f32_canon(vs_f32_bits(vr)) == want && fl == want_flags;
}

static int self_test(void)
{
  enum { NX = VS_FF_NX, UF = VS_FF_UF, OF = VS_FF_OF, DZ = VS_FF_DZ, NV = VS_FF_NV };
  const uint32_t CN = VS_F32_CANONICAL_NAN;
  int ok = 1;
  /* no FTZ: exact subnormal results, no flags; tiny inexact -> UF|NX */
  ok &= check(OP_MUL, 0x00800000u, 0x3f400000u, 0, 0x00600000u, 0);   /* 2^-126 * 0.75 */
  ok &= check(OP_MUL, 0x00000003u, 0x3f000000u, 0, 0x00000002u, UF | NX); /* 1.5*2^-149, tie */
  ok &= check(OP_MUL, 0x00000001u, 0x3f000000u, 0, 0x00000000u, UF | NX); /* 2^-150 -> 0 */
  /* no DAZ: subnormal operands are used */
  ok &= check(OP_ADD, 0x00000001u, 0x00000001u, 0, 0x00000002u, 0);
  ok &= check(OP_MUL, 0x00000001u, 0x4b000000u, 0, 0x00800000u, 0);   /* 2^-149 * 2^23 */
  ok &= check(OP_SUB, 0x00800000u, 0x00000001u, 0, 0x007fffffu, 0);
  /* tininess after rounding: (2-2^-22)2^-64 * (1+2^-23)2^-63 = 2^-126 - 2^-172
   * rounds to 2^-126 and is not tiny after rounding: NX only */
  ok &= check(OP_MUL, 0x1ffffffeu, 0x20000001u, 0, 0x00800000u, NX);
  /* ... but it is tiny when rounded to 24 bits exactly below 2^-126 */
  ok &= check(OP_MUL, 0x00800000u, 0x3f7fffffu, 0, 0x00800000u, UF | NX);
  /* fmaf rounds once: (1 + 2^-12)^2 - (1 + 2^-11) = 2^-24 exactly */
  ok &= check(OP_FMA, 0x3f800800u, 0x3f800800u, 0xbf801000u, 0x33800000u, 0);
  /* 0x3eaaaaab * 3 - 1 = 2^-25 exactly (unfused: 0) */
  ok &= check(OP_FMA, 0x3eaaaaabu, 0x40400000u, 0xbf800000u, 0x33000000u, 0);
  /* fmaf tininess after rounding, as for the product above */
  ok &= check(OP_FMA, 0x1ffffffeu, 0x20000001u, 0x80000000u, 0x00800000u, NX);
  /* flags */
  ok &= check(OP_MUL, 0x7f7fffffu, 0x40000000u, 0, 0x7f800000u, OF | NX);
  ok &= check(OP_DIV, 0x3f800000u, 0x40400000u, 0, 0x3eaaaaabu, NX);
  ok &= check(OP_DIV, 0x3f800000u, 0x00000000u, 0, 0x7f800000u, DZ);
  ok &= check(OP_DIV, 0x00000000u, 0x00000000u, 0, CN, NV);
  ok &= check(OP_SUB, 0x7f800000u, 0x7f800000u, 0, CN, NV);
  ok &= check(OP_MUL, 0x7f800000u, 0x00000000u, 0, CN, NV);
  ok &= check(OP_SQRT, 0xbf800000u, 0, 0, CN, NV);
  ok &= check(OP_SQRT, 0x80000000u, 0, 0, 0x80000000u, 0);
  ok &= check(OP_SQRT, 0x40000000u, 0, 0, 0x3fb504f3u, NX);
  ok &= check(OP_ADD, 0x7f800001u, 0x3f800000u, 0, CN, NV); /* sNaN operand */
  ok &= check(OP_ADD, 0x7fc00001u, 0x3f800000u, 0, CN, 0);  /* qNaN operand */
  ok &= check(OP_FMA, 0x3f800000u, 0x3f800000u, 0x7f800001u, CN, NV);
  /* signed zeros in RNE */
  ok &= check(OP_SUB, 0x40400000u, 0x40400000u, 0, 0x00000000u, 0);
  ok &= check(OP_ADD, 0x80000000u, 0x80000000u, 0, 0x80000000u, 0);
  return ok;
}
#endif

/* 0 = not computed yet, 1 = ok, 2 = not usable */
static atomic_int host_state;

int vs_fp_host_ok(void)
{
  int st = atomic_load_explicit(&host_state, memory_order_acquire);
  if (st == 0) {
    int ok = 0;
#if VS_HOST_FENV
    /* run with default rounding, traps masked, flags clear; restore the
     * caller's environment (flags included) afterwards */
    fenv_t saved;
    if (feholdexcept(&saved) == 0) {
      if (fesetround(FE_TONEAREST) == 0) ok = self_test();
      fesetenv(&saved);
    }
#endif
    /* racing threads compute the same answer: storing it twice is harmless */
    st = ok ? 1 : 2;
    atomic_store_explicit(&host_state, st, memory_order_release);
  }
  return st == 1;
}
