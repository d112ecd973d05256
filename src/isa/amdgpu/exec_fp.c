/* Shared float helpers of the VALU float rows (exec_fp.h). */
#include "isa/amdgpu/exec_fp.h"

/* clamp to [0, 1]: x >= 1 -> 1, x > 0 -> x, else +0; a NaN -> +0 with
 * DX10_CLAMP, else it stays (Vega ISA "Output modifiers"; LLVM's DX10Clamp) */
void fp_post32(vs_warp *w, const vs_dinsn *d, uint32_t *r)
{
  unsigned omod = fp_omod(d);
  int clamp = fp_clamp(d);
  if (__builtin_expect(!omod && !clamp, 1)) return;
  static const float scale[4] = {1.0f, 2.0f, 4.0f, 0.5f};
  fpm m = fp_mode(w);
  int rc = fp_rm_begin(m.rm32);
  for (unsigned l = 0; l < NL; l++) {
    uint32_t v = r[l];
    if (omod && !isnan32(v)) v = fp_fz32(f2u(u2f(v) * scale[omod]), m.fout32);
    if (clamp) {
      if (isnan32(v)) v = m.dx10 ? 0 : v;
      else v = u2f(v) >= 1.0f ? 0x3f800000u : (u2f(v) > 0.0f ? v : 0u);
    }
    r[l] = v;
  }
  fp_rm_end(rc);
}

void fp_post64(vs_warp *w, const vs_dinsn *d, uint64_t *r)
{
  unsigned omod = fp_omod(d);
  int clamp = fp_clamp(d);
  if (__builtin_expect(!omod && !clamp, 1)) return;
  static const double scale[4] = {1.0, 2.0, 4.0, 0.5};
  fpm m = fp_mode(w);
  int rc = fp_rm_begin(m.rm64);
  for (unsigned l = 0; l < NL; l++) {
    uint64_t v = r[l];
    if (omod && !isnan64(v)) v = fp_fz64(d2u(u2d(v) * scale[omod]), m.fout64);
    if (clamp) {
      if (isnan64(v)) v = m.dx10 ? 0 : v;
      else v = u2d(v) >= 1.0 ? 0x3ff0000000000000ull : (u2d(v) > 0.0 ? v : 0u);
    }
    r[l] = v;
  }
  fp_rm_end(rc);
}

void fp_post16(vs_warp *w, const vs_dinsn *d, uint32_t *r)
{
  unsigned omod = fp_omod(d);
  int clamp = fp_clamp(d);
  if (__builtin_expect(!omod && !clamp, 1)) return;
  static const double scale[4] = {1.0, 2.0, 4.0, 0.5};
  fpm m = fp_mode(w);
  for (unsigned l = 0; l < NL; l++) {
    uint32_t v = r[l] & 0xffff;
    if (omod && !isnan16(v)) v = fp_fz16(fp_d_to_h(fp_h_to_d(v) * scale[omod], m.rm64), m.fout64);
    if (clamp) {
      if (isnan16(v)) v = m.dx10 ? 0 : v;
      else v = fp_h_to_d(v) >= 1.0 ? 0x3c00u : (fp_h_to_d(v) > 0.0 ? v : 0u);
    }
    r[l] = v;
  }
}

void fp_src64(vs_warp *w, const amd_operand *o, uint64_t *out)
{
  if (o->kind == AMD_OPK_VGPR) {
    const uint32_t *lo = amd_vrow(w, o->val), *hi = amd_vrow(w, o->val + 1);
    for (unsigned l = 0; l < NL; l++) out[l] = (uint64_t)hi[l] << 32 | lo[l];
  } else {
    uint64_t v = amd_rs64(w, o);
    for (unsigned l = 0; l < NL; l++) out[l] = v;
  }
  if (__builtin_expect(o->mods & (AMD_MOD_ABS | AMD_MOD_NEG), 0)) {
    uint64_t andm = (o->mods & AMD_MOD_ABS) ? 0x7fffffffffffffffull : ~0ull;
    uint64_t xorm = (o->mods & AMD_MOD_NEG) ? 0x8000000000000000ull : 0u;
    for (unsigned l = 0; l < NL; l++) out[l] = (out[l] & andm) ^ xorm;
  }
}

void fp_src16(vs_warp *w, const amd_operand *o, int hi, uint32_t *out)
{
  unsigned sh = hi ? 16 : 0;
  if (o->kind == AMD_OPK_VGPR) {
    const uint32_t *r = amd_vrow(w, o->val);
    for (unsigned l = 0; l < NL; l++) out[l] = (r[l] >> sh) & 0xffff;
  } else {
    uint32_t v;
    if (o->kind == AMD_OPK_FCONST) {
      amd_operand t = *o;
      t.type = AMD_T_F16;
      v = (uint32_t)amd_src_slow(w, &t, 1); /* a constant is the same in both halves */
      sh = 0;
    } else {
      v = amd_rs32(w, o);
    }
    v = (v >> sh) & 0xffff;
    for (unsigned l = 0; l < NL; l++) out[l] = v;
  }
  if (__builtin_expect(o->mods & (AMD_MOD_ABS | AMD_MOD_NEG), 0)) {
    uint32_t andm = (o->mods & AMD_MOD_ABS) ? 0x7fffu : 0xffffu;
    uint32_t xorm = (o->mods & AMD_MOD_NEG) ? 0x8000u : 0u;
    for (unsigned l = 0; l < NL; l++) out[l] = (out[l] & andm) ^ xorm;
  }
}

void fp_commit64(vs_warp *w, unsigned vdst, const uint64_t *res)
{
  uint32_t lo[NL], hi[NL];
  for (unsigned l = 0; l < NL; l++) {
    lo[l] = (uint32_t)res[l];
    hi[l] = (uint32_t)(res[l] >> 32);
  }
  amd_vcommit(w, amd_vrow(w, vdst), lo);
  amd_vcommit(w, amd_vrow(w, vdst + 1), hi);
}

void fp_commit16(vs_warp *w, const vs_dinsn *d, unsigned vdst, uint32_t *res)
{
  uint32_t *dst = amd_vrow(w, vdst);
  if (fp_opsel(d) & 8) {
    for (unsigned l = 0; l < NL; l++) res[l] = (res[l] & 0xffff) << 16 | (dst[l] & 0xffff);
  } else {
    for (unsigned l = 0; l < NL; l++) res[l] &= 0xffff;
  }
  amd_vcommit(w, dst, res);
}

double fp_h_to_d(uint32_t h)
{
  unsigned s = (h >> 15) & 1, e = (h >> 10) & 31, m = h & 0x3ff;
  double v;
  if (e == 31) {
    if (!m) v = INFINITY;
    else return u2d((uint64_t)s << 63 | 0x7ff0000000000000ull | (uint64_t)m << 42); /* payload kept */
  } else if (e == 0) {
    v = ldexp((double)m, -24);
  } else {
    v = ldexp((double)(m | 0x400), (int)e - 25);
  }
  return s ? -v : v;
}

/* Rounding a double to a 16-bit binary format of m fraction bits and
 * exponent bias `bias` (f16: 10, 15; bf16: 7, 127) in mode rm (0 RNE,
 * 1 +inf, 2 -inf, 3 zero): a = N * q + f*q with q the format's quantum at
 * a's exponent, N < 2^(m+1) an integer and 0 <= f < 1 (both exact in
 * double); N is incremented by the mode's rule; N * q re-encoded (a carry
 * into the next binade and into infinity falls out of the encoding).  A
 * NaN keeps its sign and top payload bits, quieted. */
static uint32_t d_to_16(double x, unsigned rm, unsigned m, int bias)
{
  uint64_t b = d2u(x);
  uint32_t s = (uint32_t)(b >> 63) << 15, inf = (uint32_t)(2 * bias + 1) << m;
  if (isnan64(b)) return s | inf | 1u << (m - 1) | (uint32_t)((b >> (52 - m)) & ((1u << (m - 1)) - 1));
  double a = fabs(x);
  if (a == 0) return s;
  uint32_t big = ((rm == 3) || (rm == 1 && s) || (rm == 2 && !s)) ? inf - 1 : inf;
  if (isinf(a)) return s | inf;
  int E;
  (void)frexp(a, &E);
  int e = E - 1, emin = 1 - bias; /* a in [2^e, 2^(e+1)) */
  if (e > bias) return s | big;
  int qe = e < emin ? emin - (int)m : e - (int)m;
  double n = ldexp(a, -qe);
  double N = floor(n), f = n - N;
  int up;
  switch (rm & 3) {
  case 0: up = f > 0.5 || (f == 0.5 && fmod(N, 2.0) != 0); break;
  case 1: up = f > 0 && !s; break;
  case 2: up = f > 0 && s; break;
  default: up = 0; break;
  }
  uint32_t Ni = (uint32_t)N + (uint32_t)up, one = 1u << m;
  uint32_t bits = e < emin ? Ni : (uint32_t)(e + bias) * one + Ni - one;
  if (bits >= inf) return s | big;
  return s | bits;
}

uint32_t fp_d_to_h(double x, unsigned rm) { return d_to_16(x, rm, 10, 15); }
uint32_t fp_d_to_bf(double x, unsigned rm) { return d_to_16(x, rm, 7, 127); }
