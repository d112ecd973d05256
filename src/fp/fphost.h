/* The host FPU as a fast path for round-to-nearest-even binary32 arithmetic.
 *
 * When vs_fp_host_ok() is 1, the exec layer may compute add, sub, mul, div
 * (plain float operators), sqrtf() and fmaf() on the host in RNE and gets
 * the RISC-V result and fflags, provided it:
 *   - canonicalises NaN results (vs_f32_canon);
 *   - redoes the operation with the vs_f32_* function whenever the host
 *     result is a NaN, or at least for fmaf: the x86 FMA instructions (and
 *     glibc's fmaf) do not raise invalid for inf*0 + qNaN, which RISC-V
 *     requires. Every other NaN case matches (checked by the unit test);
 *   - runs with the host's default floating-point environment: rounding
 *     mode FE_TONEAREST, no exception traps enabled, no FTZ/DAZ (MXCSR and
 *     the rounding mode are per thread; the self test is run once, in the
 *     first calling thread);
 *   - is compiled so that the compiler neither contracts a*b+c into an fma
 *     nor moves float operations across vs_fp_host_clear()/vs_fp_host_flags():
 *     -ffp-contract=off (the default in the strict -std=c11 mode this
 *     project uses; also add -fno-fast-math) and keep the operands in memory
 *     (e.g. arrays read through pointers, or volatile) so nothing is
 *     constant-folded at compile time. GCC does not move FP arithmetic across
 *     calls to these out-of-line functions when the data flows through
 *     memory; #pragma STDC FENV_ACCESS is not supported by GCC.
 * The vs_f32_* functions never touch the host FP environment, so mixing
 * them with host operations does not disturb the host flags.
 */
#ifndef VS_FP_FPHOST_H
#define VS_FP_FPHOST_H

#include <stdint.h>
#include <string.h>

/* 1 if the host FPU gives RISC-V results for binary32 add/sub/mul/div/sqrt/
 * fma in RNE (besides NaN canonicalisation, which callers do): no FTZ/DAZ,
 * subnormal results, tininess-after-rounding underflow, fmaf single rounding,
 * exception flag reporting. Computed once (in a saved and restored FP
 * environment), cached, thread-safe. */
int vs_fp_host_ok(void);
void vs_fp_host_clear(void);     /* clear the host's sticky exception flags */
unsigned vs_fp_host_flags(void); /* host sticky flags mapped to VS_FF_* bits */

static inline uint32_t vs_f32_bits(float f)
{
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

static inline float vs_bits_f32(uint32_t u)
{
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

/* RISC-V: every NaN result is the canonical NaN 0x7fc00000 */
static inline uint32_t vs_f32_canon(uint32_t r)
{
  return (r & 0x7fffffffu) > 0x7f800000u ? 0x7fc00000u : r;
}

#endif /* VS_FP_FPHOST_H */
