/* Bit-exact IEEE-754 binary32 arithmetic with RISC-V semantics (src/fp).
 *
 * Used by the functional simulator for the zfinx scalar float instructions
 * and the zve32f vector float instructions. Every function works on raw
 * bit patterns, is pure integer code (independent of the host FPU and its
 * rounding mode / exception state) and is thread-safe. The exception bits of
 * the operation are OR-ed into *flags (which must not be NULL); nothing is
 * ever cleared. The rules followed are listed at the top of softfloat.c.
 */
#ifndef VS_FP_SOFTFLOAT_H
#define VS_FP_SOFTFLOAT_H

#include <stdint.h>

/* RISC-V rounding modes (the frm / instruction rm encoding). Values other
 * than these five (5, 6, and 7 = "dynamic") must be resolved by the caller;
 * if passed anyway they round like VS_RM_RNE. */
enum { VS_RM_RNE = 0, VS_RM_RTZ = 1, VS_RM_RDN = 2, VS_RM_RUP = 3, VS_RM_RMM = 4 };

/* RISC-V fflags bits */
enum { VS_FF_NX = 1, VS_FF_UF = 2, VS_FF_OF = 4, VS_FF_DZ = 8, VS_FF_NV = 16 };

#define VS_F32_CANONICAL_NAN 0x7fc00000u

uint32_t vs_f32_add(uint32_t a, uint32_t b, int rm, unsigned *flags);
uint32_t vs_f32_sub(uint32_t a, uint32_t b, int rm, unsigned *flags);
uint32_t vs_f32_mul(uint32_t a, uint32_t b, int rm, unsigned *flags);
uint32_t vs_f32_div(uint32_t a, uint32_t b, int rm, unsigned *flags);
uint32_t vs_f32_sqrt(uint32_t a, int rm, unsigned *flags);
/* a*b+c with a single rounding (fmadd.s). fmsub/fnmsub/fnmadd are this
 * function with the sign bits of the operands flipped by the caller
 * (fmsub: c^sign; fnmsub: a^sign; fnmadd: a^sign, c^sign). */
uint32_t vs_f32_fma(uint32_t a, uint32_t b, uint32_t c, int rm, unsigned *flags);
uint32_t vs_f32_min(uint32_t a, uint32_t b, unsigned *flags);   /* RISC-V fmin.s */
uint32_t vs_f32_max(uint32_t a, uint32_t b, unsigned *flags);   /* RISC-V fmax.s */
int vs_f32_eq(uint32_t a, uint32_t b, unsigned *flags);  /* quiet: NV only for sNaN */
int vs_f32_lt(uint32_t a, uint32_t b, unsigned *flags);  /* signaling: NV for any NaN */
int vs_f32_le(uint32_t a, uint32_t b, unsigned *flags);
unsigned vs_f32_classify(uint32_t a);                    /* RISC-V fclass 10-bit mask */
int32_t  vs_f32_to_i32(uint32_t a, int rm, unsigned *flags);  /* fcvt.w.s, saturating */
uint32_t vs_f32_to_u32(uint32_t a, int rm, unsigned *flags);  /* fcvt.wu.s, saturating */
uint32_t vs_i32_to_f32(int32_t a, int rm, unsigned *flags);   /* fcvt.s.w */
uint32_t vs_u32_to_f32(uint32_t a, int rm, unsigned *flags);  /* fcvt.s.wu */

/* Ventus vfexp.v: e^a rounded to nearest-even. The result is correctly
 * rounded (see softfloat.c). Flags: NX for every finite nonzero a, OF/UF
 * as for any RNE result, NV for a signaling NaN. */
uint32_t vs_f32_exp(uint32_t a, unsigned *flags);
/* Same function evaluated by the slow 128-bit path only (the fallback that
 * vs_f32_exp uses when its fast path cannot decide the rounding). Exposed for
 * the unit tests; the two always return the same bits and flags. */
uint32_t vs_f32_exp_precise(uint32_t a, unsigned *flags);

#endif /* VS_FP_SOFTFLOAT_H */
