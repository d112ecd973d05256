/* Floating-point helpers of the VALU float rows (exec_vf32.c, exec_vf64.c,
 * exec_vf16.c, exec_vop3p.c; docs/amdgpu-exec.md "Floating point").
 *
 * MODE (Vega ISA "MODE register"; LLVM SIDefines.h): [1:0] f32 round,
 * [3:2] f64/f16 round (0 nearest even, 1 +inf, 2 -inf, 3 zero), [5:4] f32
 * denormals, [7:6] f64/f16 denormals (0 flush in and out, 1 flush out,
 * 2 flush in, 3 keep), [8] DX10_CLAMP, [9] IEEE.
 *
 * The arithmetic is the host's IEEE arithmetic (x86-64 SSE: binary32 and
 * binary64 with correctly rounded + - * / sqrt fma in every rounding mode):
 * the rounding mode is set on the host around a row's lane loop only when
 * MODE asks for another one than nearest even (fp_rm_begin/end), and
 * denormals are flushed in software before and after (fp_fz32/64), only
 * when MODE asks for it.  In the default MODE of compiled kernels (RNE,
 * denormals kept) both are no-ops: the lane loops are plain host float
 * loops.  These files are compiled with -frounding-math so that the
 * compiler does not fold or move float operations across the mode change. */
#ifndef VS_ISA_AMDGPU_EXEC_FP_H
#define VS_ISA_AMDGPU_EXEC_FP_H

#include <fenv.h>
#include <math.h>

#include "isa/amdgpu/exec.h"

#define OP(k) (&amd_i(d)->f.op[k])
#define NL AMD_LANES

static inline float u2f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static inline uint32_t f2u(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline double u2d(uint64_t u) { double f; memcpy(&f, &u, 8); return f; }
static inline uint64_t d2u(double f) { uint64_t u; memcpy(&u, &f, 8); return u; }

#define MODE_DX10 0x100u
#define MODE_IEEE 0x200u

/* The float state of one instruction, from MODE */
typedef struct fpm {
  uint32_t mode;
  uint8_t rm32, rm64;        /* AMD round modes                            */
  uint8_t fin32, fout32;     /* 1: flush f32 input / output denormals      */
  uint8_t fin64, fout64;     /* the same for f64 and f16                   */
  uint8_t dx10, ieee;
} fpm;

static inline fpm fp_mode(vs_warp *w)
{
  uint32_t m = amd_w(w)->mode;
  fpm f;
  f.mode = m;
  f.rm32 = m & 3;
  f.rm64 = (m >> 2) & 3;
  unsigned d32 = (m >> 4) & 3, d64 = (m >> 6) & 3;
  f.fin32 = !(d32 & 1);  /* 1 and 3 keep input denormals  */
  f.fout32 = !(d32 & 2); /* 2 and 3 keep output denormals */
  f.fin64 = !(d64 & 1);
  f.fout64 = !(d64 & 2);
  f.dx10 = (m & MODE_DX10) != 0;
  f.ieee = (m & MODE_IEEE) != 0;
  return f;
}

/* Host rounding mode for an AMD round mode; returns whether it changed */
static inline int fp_rm_begin(unsigned amd_rm)
{
  static const int host[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
  if (__builtin_expect(amd_rm == 0, 1)) return 0;
  fesetround(host[amd_rm & 3]);
  return 1;
}
static inline void fp_rm_end(int changed)
{
  if (__builtin_expect(changed, 0)) fesetround(FE_TONEAREST);
}

/* Denormal flush (branch-free; sign kept) */
static inline uint32_t fp_fz32(uint32_t x, unsigned on)
{
  uint32_t z = (x & 0x7f800000u) == 0 && on;
  return z ? x & 0x80000000u : x;
}
static inline uint64_t fp_fz64(uint64_t x, unsigned on)
{
  uint64_t z = (x & 0x7ff0000000000000ull) == 0 && on;
  return z ? x & 0x8000000000000000ull : x;
}
static inline uint32_t fp_fz16(uint32_t x, unsigned on)
{
  uint32_t z = (x & 0x7c00u) == 0 && on;
  return z ? x & 0x8000u : x;
}

static inline int isnan32(uint32_t x) { return (x & 0x7fffffffu) > 0x7f800000u; }
static inline int isnan64(uint64_t x) { return (x & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
static inline int isnan16(uint32_t x) { return (x & 0x7fffu) > 0x7c00u; }
static inline int issnan32(uint32_t x) { return isnan32(x) && !(x & 0x00400000u); }
static inline int issnan64(uint64_t x) { return isnan64(x) && !(x & 0x0008000000000000ull); }
static inline int issnan16(uint32_t x) { return isnan16(x) && !(x & 0x0200u); }

/* VOP3 output modifier (w1[28:27]: 0 none, 1 *2, 2 *4, 3 /2) of an
 * instruction in the VOP3 encoding; clamp bit */
static inline unsigned fp_omod(const vs_dinsn *d)
{
  const amd_insn *I = amd_i(d);
  if (I->f.form != AMD_FORM_E64 && amd_row_of(I)->enc != AMD_ENC_VOP3) return 0;
  return (I->w[1] >> 27) & 3;
}
static inline int fp_clamp(const vs_dinsn *d) { return (amd_i(d)->f.ctl & AMD_CTL_CLAMP) != 0; }
/* VOP3 op_sel (w0[14:11]: src0, src1, src2, dst) */
static inline unsigned fp_opsel(const vs_dinsn *d)
{
  const amd_insn *I = amd_i(d);
  if (I->f.form != AMD_FORM_E64 && amd_row_of(I)->enc != AMD_ENC_VOP3 && amd_row_of(I)->enc != AMD_ENC_VOP3P)
    return 0;
  return (I->w[0] >> 11) & 0xf;
}

/* omod then clamp to [0, 1] of float results (clamp: NaN -> 0 with
 * DX10_CLAMP, else NaN stays; -0 -> +0) */
void fp_post32(vs_warp *w, const vs_dinsn *d, uint32_t *r);
/* The raw 32 bits of a packed source (no modifiers): a VGPR row, an SGPR
 * or literal broadcast, an inline constant in both halves (an inline float
 * as its f16 value); exec_vop3p.c */
const uint32_t *amd_pk_raw(vs_warp *w, const amd_operand *o, uint32_t *tmp);
void fp_post64(vs_warp *w, const vs_dinsn *d, uint64_t *r);
void fp_post16(vs_warp *w, const vs_dinsn *d, uint32_t *r);

/* Quiet a NaN (GCN returns quiet NaNs; the payload is kept) */
static inline uint32_t fp_q32(uint32_t x) { return isnan32(x) ? x | 0x00400000u : x; }
static inline uint64_t fp_q64(uint64_t x) { return isnan64(x) ? x | 0x0008000000000000ull : x; }
static inline uint32_t fp_q16(uint32_t x) { return isnan16(x) ? x | 0x0200u : x; }

/* ---- sources ---- */
/* A 64-bit float source as 64 lanes, abs/neg applied to the sign (bit 63) */
void fp_src64(vs_warp *w, const amd_operand *o, uint64_t *out);
/* A 16-bit float source (the low half, or the high one with hi) as 64
 * lanes of 16 bits, abs/neg applied to bit 15; inline float constants as f16 */
void fp_src16(vs_warp *w, const amd_operand *o, int hi, uint32_t *out);
/* A 32-bit source whose inline float constants are f32 whatever the row's
 * operand type says */
static inline const uint32_t *fp_src32(vs_warp *w, const amd_operand *o, uint32_t *tmp)
{
  return amd_vsrc32(w, o, tmp);
}

/* Results of 64 bits into a VGPR pair under EXEC */
void fp_commit64(vs_warp *w, unsigned vdst, const uint64_t *res);
/* 16-bit results into the low half (the high half 0, gfx9 VOP1/VOP2) or,
 * with op_sel[3] of VOP3, into the high half keeping the low one */
void fp_commit16(vs_warp *w, const vs_dinsn *d, unsigned vdst, uint32_t *res);

/* ---- conversions (exact, by rounding mode) ---- */
/* f16 bits of a double value rounded in AMD round mode rm (exact for any
 * double: the value is rounded once) */
uint32_t fp_d_to_h(double x, unsigned rm);
double fp_h_to_d(uint32_t h);
/* The same for bf16 (the high half of an f32: 8-bit significand, f32's
 * exponent range) */
uint32_t fp_d_to_bf(double x, unsigned rm);
/* A bf16 value (low 16 bits of h), its denormals flushed if flush */
static inline double fp_bf_to_d(uint32_t h, unsigned flush) { return (double)u2f(fp_fz32(h << 16, flush)); }

#endif
