/* VALU rows only gfx11 (RDNA3) has, and gfx11's names of gfx9 rows
 * (docs/amdgpu-exec.md "gfx11 VALU and float atomics").  Semantics are the
 * RDNA3 ISA reference's pseudocode; the float rules (MODE, denormals,
 * rounding, omod/clamp) are exec_fp.h's, as for the gfx9 rows.
 *
 * 16-bit results follow the convention of exec_vf16.c (fp_commit16): the
 * low half with the high half zeroed, or with VOP3 op_sel[3] the high half
 * keeping the low one.  v_mov_b16 is a true16 row: its operands name a
 * half (v1.l / v1.h) and the other half of the destination is kept.
 * The maxmin/minmax rows are in exec_vf32.c / exec_vf16.c (beside min3),
 * v_fma/fmac/mul_dx9_zero in exec_vf32.c (beside v_mul_legacy), the
 * VOP3P dots in exec_vop3p.c (beside gfx906's). */
#include "isa/amdgpu/exec_fp.h"

#define HI(x) fp_h_to_d(fp_fz16((x), m.fin64))
#define HO(x) fp_fz16(fp_d_to_h((x), m.rm64), m.fout64)

/* ---- gfx11 names of gfx9 rows ---- */
AMD11_AS(V_CMP_T_F16, V_CMP_TRU_F16);
AMD11_AS(V_CMP_T_F32, V_CMP_TRU_F32);
AMD11_AS(V_CMP_T_F64, V_CMP_TRU_F64);
AMD11_AS(V_CMPX_T_F16, V_CMPX_TRU_F16);
AMD11_AS(V_CMPX_T_F32, V_CMPX_TRU_F32);
AMD11_AS(V_CMPX_T_F64, V_CMPX_TRU_F64);
AMD11_AS(V_CVT_PK_NORM_I16_F16, V_CVT_PKNORM_I16_F16);
AMD11_AS(V_CVT_PK_NORM_U16_F16, V_CVT_PKNORM_U16_F16);
AMD11_AS(V_MUL_DX9_ZERO_F32, V_MUL_LEGACY_F32); /* 0 * anything = +0 */

/* v_pipeflush: no architectural effect (the functional core has no pipe) */
AMDX(V_PIPEFLUSH) { return amd_next(w, d); }

/* ---- 16-bit integer rows: sources the half op_sel picks (low in e32) ---- */
#define VB16(ID, NS, expr)                                                     \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t A[NL], B[NL], res[NL];                                            \
    unsigned sel = fp_opsel(d);                                                \
    fp_src16(w, OP(1), sel & 1, A);                                            \
    if (NS > 1) fp_src16(w, OP(2), (sel >> 1) & 1, B);                         \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint32_t a = A[l], b = NS > 1 ? B[l] : 0;                                \
      (void)b;                                                                 \
      res[l] = (expr);                                                         \
    }                                                                          \
    fp_commit16(w, d, OP(0)->val, res);                                        \
    return amd_next(w, d);                                                     \
  }
VB16(V_AND_B16, 2, a & b)
VB16(V_OR_B16, 2, a | b)
VB16(V_XOR_B16, 2, a ^ b)
VB16(V_NOT_B16, 1, ~a & 0xffff)

/* 16 bits to a dword: sign / zero extension (RDNA3 V_CVT_I32_I16,
 * V_CVT_U32_U16); the whole dword is written */
#define VX16(ID, expr)                                                         \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t A[NL];                                                            \
    fp_src16(w, OP(1), fp_opsel(d) & 1, A);                                    \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint32_t a = A[l];                                                       \
      A[l] = (expr);                                                           \
    }                                                                          \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), A);                                \
    return amd_next(w, d);                                                     \
  }
VX16(V_CVT_I32_I16, (uint32_t)(int32_t)(int16_t)a)
VX16(V_CVT_U32_U16, a)

/* v_cndmask_b16 (VOP3 only): D.u16 = lane mask bit ? S1.u16 : S0.u16; the
 * float modifiers apply to bit 15 (i16f) */
AMDX(V_CNDMASK_B16)
{
  uint32_t A[NL], B[NL], res[NL];
  unsigned sel = fp_opsel(d);
  fp_src16(w, OP(1), sel & 1, A);
  fp_src16(w, OP(2), (sel >> 1) & 1, B);
  uint64_t vcc = amd_rmask(w, OP(3));
  for (unsigned l = 0; l < NL; l++) {
    uint32_t pick = (uint32_t)0 - (uint32_t)((vcc >> l) & 1);
    res[l] = (B[l] & pick) | (A[l] & ~pick);
  }
  fp_commit16(w, d, OP(0)->val, res);
  return amd_next(w, d);
}

/* v_mov_b16 (true16, VOP1 only): the named half of src0 (a constant's low
 * 16 bits) into the named half of vdst; the other half is kept */
AMDX(V_MOV_B16)
{
  const amd_operand *dst = OP(0), *src = OP(1);
  uint32_t A[NL], res[NL];
  fp_src16(w, src, src->kind == AMD_OPK_VGPR && (src->mods & AMD_MOD_HI), A);
  uint32_t *D = amd_vrow(w, dst->val);
  int hi = (dst->mods & AMD_MOD_HI) != 0;
  for (unsigned l = 0; l < NL; l++)
    res[l] = hi ? (A[l] << 16) | (D[l] & 0xffffu) : (D[l] & 0xffff0000u) | A[l];
  amd_vcommit(w, D, res);
  return amd_next(w, d);
}

/* ---- f16 multiply-adds: fused, rounded once (fma in double of three
 * f16 values is exact before the one rounding to f16) ---- */
/* v_fmac_f16: D = fma(S0, S1, D); the accumulator is the half of D the
 * result goes to (op_sel[3] in VOP3) */
AMDX(V_FMAC_F16)
{
  uint32_t A[NL], B[NL], res[NL];
  unsigned sel = fp_opsel(d);
  fp_src16(w, OP(1), sel & 1, A);
  fp_src16(w, OP(2), (sel >> 1) & 1, B);
  const uint32_t *D = amd_vrow(w, OP(0)->val);
  unsigned sh = (sel & 8) ? 16 : 0;
  fpm m = fp_mode(w);
  for (unsigned l = 0; l < NL; l++) res[l] = HO(fma(HI(A[l]), HI(B[l]), HI((D[l] >> sh) & 0xffff)));
  fp_post16(w, d, res);
  fp_commit16(w, d, OP(0)->val, res);
  return amd_next(w, d);
}
/* v_fmamk_f16: D = fma(S0, K, S1); v_fmaak_f16: D = fma(S0, S1, K); K is
 * the literal's low half (VOP2 only) */
static int fma_k16(vs_warp *w, const vs_dinsn *d, int k_second)
{
  uint32_t A[NL], B[NL], res[NL];
  fp_src16(w, OP(1), 0, A);
  fp_src16(w, OP(2), 0, B);
  uint32_t K = amd_literal(amd_i(d)) & 0xffff;
  fpm m = fp_mode(w);
  double k = HI(K);
  for (unsigned l = 0; l < NL; l++) {
    double a = HI(A[l]), b = HI(B[l]);
    res[l] = HO(k_second ? fma(a, k, b) : fma(a, b, k));
  }
  fp_commit16(w, d, OP(0)->val, res);
  return amd_next(w, d);
}
AMDX(V_FMAMK_F16) { return fma_k16(w, d, 1); }
AMDX(V_FMAAK_F16) { return fma_k16(w, d, 0); }

/* ---- packed VOP2 rows (v_pk_fmac_f16, v_dot2acc_f32_f16): the sources
 * whole; an inline float constant is its f16 value in both halves (as for
 * the VOP3P rows, exec_vop3p.c); neg/abs (DPP16 forms) act on both halves */
static const uint32_t *pk2_src(vs_warp *w, const amd_operand *o, uint32_t *tmp)
{
  const uint32_t *r = amd_pk_raw(w, o, tmp);
  if (__builtin_expect(o->mods & (AMD_MOD_ABS | AMD_MOD_NEG), 0)) {
    uint32_t andm = (o->mods & AMD_MOD_ABS) ? 0x7fff7fffu : ~0u, xorm = (o->mods & AMD_MOD_NEG) ? 0x80008000u : 0u;
    for (unsigned l = 0; l < NL; l++) tmp[l] = (r[l] & andm) ^ xorm;
    r = tmp;
  }
  return r;
}

/* v_pk_fmac_f16: D.lo = fma(S0.lo, S1.lo, D.lo), D.hi likewise */
AMDX(V_PK_FMAC_F16)
{
  uint32_t t0[NL], t1[NL], res[NL];
  const uint32_t *A = pk2_src(w, OP(1), t0), *B = pk2_src(w, OP(2), t1);
  const uint32_t *D = amd_vrow(w, OP(0)->val);
  fpm m = fp_mode(w);
  for (unsigned l = 0; l < NL; l++) {
    uint32_t lo = HO(fma(HI(A[l] & 0xffff), HI(B[l] & 0xffff), HI(D[l] & 0xffff)));
    uint32_t hi = HO(fma(HI(A[l] >> 16), HI(B[l] >> 16), HI(D[l] >> 16)));
    res[l] = lo | hi << 16;
  }
  amd_vcommit(w, amd_vrow(w, OP(0)->val), res);
  return amd_next(w, d);
}

/* v_dot2acc_f32_f16: D.f32 = S0.lo * S1.lo + S0.hi * S1.hi + D.f32, as
 * v_dot2_f32_f16 (exec_vop3p.c): the f16 products are exact in double,
 * the sum rounded once in MODE's f32 round mode */
AMDX(V_DOT2ACC_F32_F16)
{
  uint32_t t0[NL], t1[NL], res[NL];
  const uint32_t *A = pk2_src(w, OP(1), t0), *B = pk2_src(w, OP(2), t1);
  const uint32_t *D = amd_vrow(w, OP(0)->val);
  fpm m = fp_mode(w);
  int rc = fp_rm_begin(m.rm32);
  for (unsigned l = 0; l < NL; l++) {
    double s = HI(A[l] & 0xffff) * HI(B[l] & 0xffff) + HI(A[l] >> 16) * HI(B[l] >> 16);
    float r = (float)(s + (double)u2f(fp_fz32(D[l], m.fin32)));
    res[l] = fp_fz32(fp_q32(f2u(r)), m.fout32);
  }
  fp_rm_end(rc);
  amd_vcommit(w, amd_vrow(w, OP(0)->val), res);
  return amd_next(w, d);
}

/* ---- VOP3 dots to a 16-bit result: v_dot2_f16_f16 and
 * v_dot2_bf16_bf16: D.16 = S0.lo * S1.lo + S0.hi * S1.hi + S2.16.  The
 * packed sources are whole dwords (op_sel[1:0] does not apply), op_sel[2]
 * picks S2's half and op_sel[3] the result's.  The products and their sum
 * are exact in double (11- or 8-bit significands; for bf16 the sum of two
 * products and S2 spans at most 2^(2*127+16) / 2^-(2*133): the rare
 * cancellation beyond 53 bits is rounded twice), then rounded once. ---- */
static int dot2_16(vs_warp *w, const vs_dinsn *d, int bf)
{
  uint32_t t0[NL], t1[NL], C[NL], res[NL];
  const uint32_t *A = pk2_src(w, OP(1), t0), *B = pk2_src(w, OP(2), t1);
  unsigned sel = fp_opsel(d);
  fp_src16(w, OP(3), (sel >> 2) & 1, C);
  fpm m = fp_mode(w);
  if (bf) {
    if (OP(3)->kind == AMD_OPK_FCONST) { /* a bf16 constant: the f32 constant's high half */
      uint32_t t2[NL];
      const uint32_t *c32 = amd_vsrc32(w, OP(3), t2);
      for (unsigned l = 0; l < NL; l++) C[l] = c32[l] >> 16;
    }
    for (unsigned l = 0; l < NL; l++) {
      double s = fp_bf_to_d(A[l] & 0xffff, m.fin32) * fp_bf_to_d(B[l] & 0xffff, m.fin32) +
                 fp_bf_to_d(A[l] >> 16, m.fin32) * fp_bf_to_d(B[l] >> 16, m.fin32) + fp_bf_to_d(C[l], m.fin32);
      uint32_t r = fp_d_to_bf(s, m.rm32);
      res[l] = (r & 0x7f80u) == 0 && m.fout32 ? r & 0x8000u : r;
    }
  } else {
    for (unsigned l = 0; l < NL; l++) {
      double s = HI(A[l] & 0xffff) * HI(B[l] & 0xffff) + HI(A[l] >> 16) * HI(B[l] >> 16) + HI(C[l]);
      res[l] = HO(s);
    }
  }
  fp_commit16(w, d, OP(0)->val, res);
  return amd_next(w, d);
}
AMDX(V_DOT2_F16_F16) { return dot2_16(w, d, 0); }
AMDX(V_DOT2_BF16_BF16) { return dot2_16(w, d, 1); }

/* ---- v_cvt_pk_i16_f32 / v_cvt_pk_u16_f32: D = {cvt16(S1), cvt16(S0)},
 * each truncated toward zero and saturated to the 16-bit range, NaN -> 0
 * (as v_cvt_i32_f32 at 32 bits); inputs flushed per MODE ---- */
static inline uint32_t f2i16(float x)
{
  if (isnan(x)) return 0;
  if (x >= 32767.0f) return 0x7fffu;
  if (x <= -32768.0f) return 0x8000u;
  return (uint32_t)(int32_t)x & 0xffffu;
}
static inline uint32_t f2u16(float x)
{
  if (isnan(x) || x <= 0.0f) return 0;
  if (x >= 65535.0f) return 0xffffu;
  return (uint32_t)x;
}
#define VCVTPK(ID, cvt)                                                        \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL], res[NL];                                          \
    const uint32_t *A = amd_vsrc32(w, OP(1), t0), *B = amd_vsrc32(w, OP(2), t1); \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++)                                          \
      res[l] = cvt(u2f(fp_fz32(A[l], m.fin32))) | cvt(u2f(fp_fz32(B[l], m.fin32))) << 16; \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    return amd_next(w, d);                                                     \
  }
VCVTPK(V_CVT_PK_I16_F32, f2i16)
VCVTPK(V_CVT_PK_U16_F32, f2u16)
