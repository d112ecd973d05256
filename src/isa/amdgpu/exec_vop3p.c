/* VOP3P rows (gfx9): packed 16-bit float and integer arithmetic, the mixed
 * precision v_mad_mix* / v_fma_mix* and gfx906's dot products.
 *
 * Fields (Vega ISA "VOP3P"): w0[13:11] op_sel, w0[14] op_sel_hi[2],
 * w1[28:27] op_sel_hi[1:0], w1[31:29] neg_lo, w0[10:8] neg_hi, w0[15]
 * clamp.  For source k the low lane of the operation takes the half
 * op_sel[k] picks (0 low, 1 high) and the high lane the half op_sel_hi[k]
 * picks; neg_lo / neg_hi negate them (float rows).  An inline constant is
 * the same 16-bit value in both halves. */
#include "isa/amdgpu/exec_fp.h"

typedef struct pk_fields {
  unsigned sel, selhi, neglo, neghi, clamp;
} pk_fields;

static inline pk_fields pk_of(const vs_dinsn *d)
{
  const amd_insn *I = amd_i(d);
  pk_fields p;
  p.sel = (I->w[0] >> 11) & 7;
  p.selhi = ((I->w[1] >> 27) & 3) | ((I->w[0] >> 14) & 1) << 2;
  p.neglo = (I->w[1] >> 29) & 7;
  p.neghi = (I->w[0] >> 8) & 7;
  p.clamp = (I->w[0] >> 15) & 1;
  return p;
}

/* The raw 32 bits of a source (no modifiers); constants in both halves */
const uint32_t *amd_pk_raw(vs_warp *w, const amd_operand *o, uint32_t *tmp)
{
  if (o->kind == AMD_OPK_VGPR) return amd_vrow(w, o->val);
  uint32_t v;
  if (o->kind == AMD_OPK_FCONST) {
    amd_operand t = *o;
    t.type = AMD_T_F16;
    v = (uint32_t)amd_src_slow(w, &t, 1) & 0xffff;
    v |= v << 16;
  } else if (o->kind == AMD_OPK_ICONST) {
    v = o->val & 0xffff;
    v |= v << 16;
  } else {
    v = amd_rs32(w, o);
  }
  for (unsigned l = 0; l < NL; l++) tmp[l] = v;
  return tmp;
}

/* Source k split into the inputs of the low and high lanes */
static void pk_src(vs_warp *w, const vs_dinsn *d, const pk_fields *p, unsigned k, int fl, uint32_t *lo, uint32_t *hi)
{
  uint32_t tmp[NL];
  const uint32_t *r = amd_pk_raw(w, &amd_i(d)->f.op[k + 1], tmp);
  unsigned sl = (p->sel >> k) & 1 ? 16 : 0, sh = (p->selhi >> k) & 1 ? 16 : 0;
  uint32_t nl = fl && ((p->neglo >> k) & 1) ? 0x8000u : 0, nh = fl && ((p->neghi >> k) & 1) ? 0x8000u : 0;
  for (unsigned l = 0; l < NL; l++) {
    lo[l] = ((r[l] >> sl) & 0xffff) ^ nl;
    hi[l] = ((r[l] >> sh) & 0xffff) ^ nh;
  }
}

/* ---- packed f16: each lane as the f16 rows do it (exec_vf16.c) ---- */
#define HI(x) fp_h_to_d(fp_fz16((x), m.fin64))
#define HO(x) fp_fz16(fp_d_to_h((x), m.rm64), m.fout64)

static inline uint32_t clamp16(uint32_t v, const fpm *m)
{
  if (isnan16(v)) return m->dx10 ? 0 : v;
  double x = fp_h_to_d(v);
  return x >= 1.0 ? 0x3c00u : (x > 0.0 ? v : 0u);
}

#define PKF(ID, nsrc, expr)                                                    \
  AMDX(ID)                                                                     \
  {                                                                            \
    pk_fields p = pk_of(d);                                                    \
    uint32_t al[NL], ah[NL], bl[NL], bh[NL], cl[NL], ch[NL], res[NL];          \
    pk_src(w, d, &p, 0, 1, al, ah);                                            \
    pk_src(w, d, &p, 1, 1, bl, bh);                                            \
    if (nsrc > 2) pk_src(w, d, &p, 2, 1, cl, ch);                              \
    fpm m = fp_mode(w);                                                        \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint32_t r2[2];                                                          \
      for (int h = 0; h < 2; h++) {                                            \
        uint32_t ua = fp_fz16(h ? ah[l] : al[l], m.fin64);                     \
        uint32_t ub = fp_fz16(h ? bh[l] : bl[l], m.fin64);                     \
        uint32_t uc = nsrc > 2 ? fp_fz16(h ? ch[l] : cl[l], m.fin64) : 0;      \
        double a = fp_h_to_d(ua), b = fp_h_to_d(ub), c = fp_h_to_d(uc);        \
        (void)a; (void)b; (void)c;                                             \
        uint32_t v = (expr);                                                   \
        r2[h] = p.clamp ? clamp16(v, &m) : v;                                  \
      }                                                                        \
      res[l] = r2[0] | r2[1] << 16;                                            \
    }                                                                          \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    return amd_next(w, d);                                                     \
  }

/* min / max of halves: the f32 rules (exec_vf32.c) */
static inline int lt16(uint32_t a, uint32_t b)
{
  if (((a | b) & 0x7fff) == 0) return (a >> 15) > (b >> 15);
  return fp_h_to_d(a) < fp_h_to_d(b);
}
static inline uint32_t pmin16(uint32_t a, uint32_t b, int ieee)
{
  if (ieee && issnan16(a)) return fp_q16(a);
  if (ieee && issnan16(b)) return fp_q16(b);
  if (isnan16(a)) return isnan16(b) ? fp_q16(b) : b;
  if (isnan16(b)) return a;
  return lt16(b, a) ? b : a;
}
static inline uint32_t pmax16(uint32_t a, uint32_t b, int ieee)
{
  if (ieee && issnan16(a)) return fp_q16(a);
  if (ieee && issnan16(b)) return fp_q16(b);
  if (isnan16(a)) return isnan16(b) ? fp_q16(b) : b;
  if (isnan16(b)) return a;
  return lt16(a, b) ? b : a;
}

PKF(V_PK_ADD_F16, 2, HO(a + b))
PKF(V_PK_MUL_F16, 2, HO(a * b))
PKF(V_PK_FMA_F16, 3, HO(fma(a, b, c)))
PKF(V_PK_MIN_F16, 2, pmin16(ua, ub, m.ieee))
PKF(V_PK_MAX_F16, 2, pmax16(ua, ub, m.ieee))

/* ---- packed 16-bit integers: clamp saturates the add/sub/mad results
 * (unsigned rows to [0, 0xffff], signed rows to [-0x8000, 0x7fff]) ---- */
static inline uint32_t sat_u16(int64_t v, unsigned c) { return c ? (uint32_t)(v < 0 ? 0 : (v > 0xffff ? 0xffff : v)) : (uint32_t)v & 0xffff; }
static inline uint32_t sat_i16(int64_t v, unsigned c)
{
  return c ? (uint32_t)(v < -0x8000 ? -0x8000 : (v > 0x7fff ? 0x7fff : v)) & 0xffff : (uint32_t)v & 0xffff;
}
#define PKI(ID, nsrc, expr)                                                    \
  AMDX(ID)                                                                     \
  {                                                                            \
    pk_fields p = pk_of(d);                                                    \
    uint32_t al[NL], ah[NL], bl[NL], bh[NL], cl[NL], ch[NL], res[NL];          \
    pk_src(w, d, &p, 0, 0, al, ah);                                            \
    pk_src(w, d, &p, 1, 0, bl, bh);                                            \
    if (nsrc > 2) pk_src(w, d, &p, 2, 0, cl, ch);                              \
    else for (unsigned l = 0; l < NL; l++) cl[l] = ch[l] = 0;                  \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint32_t r2[2];                                                          \
      for (int h = 0; h < 2; h++) {                                            \
        uint32_t a = h ? ah[l] : al[l], b = h ? bh[l] : bl[l], c = h ? ch[l] : cl[l]; \
        int32_t sa = (int16_t)a, sb = (int16_t)b, sc = (int16_t)c;             \
        (void)sa; (void)sb; (void)sc; (void)c;                                 \
        r2[h] = (expr) & 0xffff;                                               \
      }                                                                        \
      res[l] = r2[0] | r2[1] << 16;                                            \
    }                                                                          \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    return amd_next(w, d);                                                     \
  }
PKI(V_PK_ADD_U16, 2, sat_u16((int64_t)a + b, p.clamp))
PKI(V_PK_SUB_U16, 2, sat_u16((int64_t)a - b, p.clamp))
PKI(V_PK_ADD_I16, 2, sat_i16((int64_t)sa + sb, p.clamp))
PKI(V_PK_SUB_I16, 2, sat_i16((int64_t)sa - sb, p.clamp))
PKI(V_PK_MUL_LO_U16, 2, a * b)
PKI(V_PK_MAD_U16, 3, sat_u16((int64_t)a * b + c, p.clamp))
PKI(V_PK_MAD_I16, 3, sat_i16((int64_t)sa * sb + sc, p.clamp))
PKI(V_PK_LSHLREV_B16, 2, b << (a & 15))
PKI(V_PK_LSHRREV_B16, 2, b >> (a & 15))
PKI(V_PK_ASHRREV_I16, 2, (uint32_t)(sb >> (a & 15)))
PKI(V_PK_MAX_I16, 2, (uint32_t)(sa > sb ? sa : sb))
PKI(V_PK_MIN_I16, 2, (uint32_t)(sa < sb ? sa : sb))
PKI(V_PK_MAX_U16, 2, a > b ? a : b)
PKI(V_PK_MIN_U16, 2, a < b ? a : b)

/* ---- v_mad_mix / v_fma_mix: source k is f16 when op_sel_hi[k] is set
 * (the half op_sel[k] picks), else f32; neg_lo negates and neg_hi takes
 * the absolute value (the decoder's NEG/ABS).  mix_f32 writes an f32,
 * mixlo/mixhi an f16 into the low/high half keeping the other.  mad: the
 * product rounded to f32, then the sum; fma: one rounding. ---- */
static void mix_src(vs_warp *w, const vs_dinsn *d, const pk_fields *p, unsigned k, const fpm *m, double *out)
{
  const amd_operand *o = &amd_i(d)->f.op[k + 1];
  amd_operand t = *o;
  t.mods = 0;
  uint32_t tmp[NL];
  int f16 = (p->selhi >> k) & 1, hi = (p->sel >> k) & 1;
  const uint32_t *r;
  if (f16) {
    r = amd_pk_raw(w, &t, tmp);
    for (unsigned l = 0; l < NL; l++) out[l] = fp_h_to_d(fp_fz16((r[l] >> (hi ? 16 : 0)) & 0xffff, m->fin64));
  } else {
    r = amd_vsrc32(w, &t, tmp);
    for (unsigned l = 0; l < NL; l++) out[l] = (double)u2f(fp_fz32(r[l], m->fin32));
  }
  for (unsigned l = 0; l < NL; l++) {
    if (o->mods & AMD_MOD_ABS) out[l] = fabs(out[l]);
    if (o->mods & AMD_MOD_NEG) out[l] = -out[l];
  }
}

static int mix_row(vs_warp *w, const vs_dinsn *d, int fused, int dst) /* dst: 0 f32, 1 lo, 2 hi */
{
  pk_fields p = pk_of(d);
  fpm m = fp_mode(w);
  double a[NL], b[NL], c[NL];
  uint32_t res[NL];
  mix_src(w, d, &p, 0, &m, a);
  mix_src(w, d, &p, 1, &m, b);
  mix_src(w, d, &p, 2, &m, c);
  uint32_t *D = amd_vrow(w, OP(0)->val);
  int rc = dst == 0 ? fp_rm_begin(m.rm32) : 0;
  for (unsigned l = 0; l < NL; l++) {
    if (dst == 0) {
      volatile float prod = (float)(a[l] * b[l]); /* exact product, rounded to f32 once */
      float r = fused ? fmaf((float)a[l], (float)b[l], (float)c[l]) /* f16 and f32 inputs are exact floats */
                      : prod + (float)c[l];
      uint32_t v = fp_fz32(f2u(r), m.fout32);
      if (p.clamp) v = isnan32(v) ? (m.dx10 ? 0 : v) : (r >= 1.0f ? 0x3f800000u : (r > 0.0f ? v : 0u));
      res[l] = v;
    } else {
      double r = fused ? fma(a[l], b[l], c[l]) : (double)(float)(a[l] * b[l]) + c[l];
      uint32_t v = HO(r);
      if (p.clamp) v = clamp16(v, &m);
      res[l] = dst == 1 ? (D[l] & 0xffff0000u) | v : (D[l] & 0xffffu) | v << 16;
    }
  }
  fp_rm_end(rc);
  amd_vcommit(w, D, res);
  return amd_next(w, d);
}
AMDX(V_MAD_MIX_F32) { return mix_row(w, d, 0, 0); }
AMDX(V_MAD_MIXLO_F16) { return mix_row(w, d, 0, 1); }
AMDX(V_MAD_MIXHI_F16) { return mix_row(w, d, 0, 2); }
AMDX(V_FMA_MIX_F32) { return mix_row(w, d, 1, 0); }
AMDX(V_FMA_MIXLO_F16) { return mix_row(w, d, 1, 1); }
AMDX(V_FMA_MIXHI_F16) { return mix_row(w, d, 1, 2); }

/* ---- gfx906 dot products ---- */
/* v_dot2_f32_f16: a.lo*b.lo + a.hi*b.hi + c (c: f32), the products exact
 * and the sum rounded once (through double: exact for nearly all inputs) */
AMDX(V_DOT2_F32_F16)
{
  pk_fields p = pk_of(d);
  uint32_t al[NL], ah[NL], bl[NL], bh[NL], t2[NL], res[NL];
  pk_src(w, d, &p, 0, 1, al, ah);
  pk_src(w, d, &p, 1, 1, bl, bh);
  /* gfx11's src2 is an f32 operand (gfx11.def): its constants are f32 */
  const uint32_t *C = amd_is11(d) ? amd_vsrc32(w, OP(3), t2) : amd_pk_raw(w, OP(3), t2);
  fpm m = fp_mode(w);
  int rc = fp_rm_begin(m.rm32);
  for (unsigned l = 0; l < NL; l++) {
    double s = HI(al[l]) * HI(bl[l]) + HI(ah[l]) * HI(bh[l]);
    float r = (float)(s + (double)u2f(fp_fz32(C[l], m.fin32)));
    uint32_t v = fp_fz32(f2u(r), m.fout32);
    if (p.clamp) v = isnan32(v) ? (m.dx10 ? 0 : v) : (r >= 1.0f ? 0x3f800000u : (r > 0.0f ? v : 0u));
    res[l] = v;
  }
  fp_rm_end(rc);
  amd_vcommit(w, amd_vrow(w, OP(0)->val), res);
  return amd_next(w, d);
}

static inline uint32_t sat_i32(int64_t v, unsigned c)
{
  return c ? (uint32_t)(int32_t)(v < INT32_MIN ? INT32_MIN : (v > INT32_MAX ? INT32_MAX : v)) : (uint32_t)v;
}
static inline uint32_t sat_u32(uint64_t v, unsigned c) { return c && v > 0xffffffffu ? 0xffffffffu : (uint32_t)v; }

/* integer dots: the 32-bit sources whole (op_sel does not apply), the
 * sum with src2 saturated with clamp; gfx11's src2 is a b32 operand
 * (gfx11.def): an inline constant is its 32-bit value */
#define DOTI(ID, expr)                                                         \
  AMDX(ID)                                                                     \
  {                                                                            \
    pk_fields p = pk_of(d);                                                    \
    uint32_t t0[NL], t1[NL], t2[NL], res[NL];                                  \
    const uint32_t *A = amd_pk_raw(w, OP(1), t0), *B = amd_pk_raw(w, OP(2), t1);     \
    const uint32_t *C = amd_is11(d) ? amd_vsrc32(w, OP(3), t2) : amd_pk_raw(w, OP(3), t2); \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint32_t a = A[l], b = B[l], c = C[l];                                   \
      res[l] = (expr);                                                         \
    }                                                                          \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    return amd_next(w, d);                                                     \
  }
static inline int64_t dot_s(uint32_t a, uint32_t b, unsigned bits)
{
  int64_t s = 0;
  for (unsigned i = 0; i < 32; i += bits) {
    int32_t x = (int32_t)(a << (32 - bits - i)) >> (32 - bits);
    int32_t y = (int32_t)(b << (32 - bits - i)) >> (32 - bits);
    s += (int64_t)x * y;
  }
  return s;
}
static inline uint64_t dot_u(uint32_t a, uint32_t b, unsigned bits)
{
  uint64_t s = 0, mk = (1ull << bits) - 1;
  for (unsigned i = 0; i < 32; i += bits) s += ((a >> i) & mk) * ((b >> i) & mk);
  return s;
}
DOTI(V_DOT2_I32_I16, sat_i32(dot_s(a, b, 16) + (int32_t)c, p.clamp))
DOTI(V_DOT2_U32_U16, sat_u32(dot_u(a, b, 16) + c, p.clamp))
DOTI(V_DOT4_I32_I8, sat_i32(dot_s(a, b, 8) + (int32_t)c, p.clamp))
DOTI(V_DOT4_U32_U8, sat_u32(dot_u(a, b, 8) + c, p.clamp))
DOTI(V_DOT8_I32_I4, sat_i32(dot_s(a, b, 4) + (int32_t)c, p.clamp))
DOTI(V_DOT8_U32_U4, sat_u32(dot_u(a, b, 4) + c, p.clamp))

/* ---- gfx11 dot products (RDNA3 ISA) ---- */
/* v_dot2_f32_bf16: a.lo*b.lo + a.hi*b.hi + c (c: f32) as v_dot2_f32_f16:
 * bf16 products are exact in double and the sum is rounded once (a sum
 * that needs more than 53 bits -- operands 2^100 apart -- is rounded
 * twice); bf16 inputs follow MODE's f32 denormal rules (bf16 is the high
 * half of an f32) */
AMDX(V_DOT2_F32_BF16)
{
  pk_fields p = pk_of(d);
  uint32_t al[NL], ah[NL], bl[NL], bh[NL], t2[NL], res[NL];
  pk_src(w, d, &p, 0, 1, al, ah);
  pk_src(w, d, &p, 1, 1, bl, bh);
  const uint32_t *C = amd_vsrc32(w, OP(3), t2);
  fpm m = fp_mode(w);
  int rc = fp_rm_begin(m.rm32);
  for (unsigned l = 0; l < NL; l++) {
    double s = fp_bf_to_d(al[l], m.fin32) * fp_bf_to_d(bl[l], m.fin32) + fp_bf_to_d(ah[l], m.fin32) * fp_bf_to_d(bh[l], m.fin32);
    float r = (float)(s + (double)u2f(fp_fz32(C[l], m.fin32)));
    uint32_t v = fp_fz32(fp_q32(f2u(r)), m.fout32);
    if (p.clamp) v = isnan32(v) ? (m.dx10 ? 0 : v) : (r >= 1.0f ? 0x3f800000u : (r > 0.0f ? v : 0u));
    res[l] = v;
  }
  fp_rm_end(rc);
  amd_vcommit(w, amd_vrow(w, OP(0)->val), res);
  return amd_next(w, d);
}

/* v_dot4_i32_iu8 / v_dot8_i32_iu4: the elements of src0 are signed when
 * neg_lo[0] is set, else unsigned; src1's by neg_lo[1] (RDNA3 ISA: "NEG[0]
 * ... signext(A8) : A8.u8"; LLVM selects sdot4 as neg_lo:[1,1,0]); the sum
 * with src2 (i32) saturated to i32 with clamp */
static inline int64_t dot_iu(uint32_t a, uint32_t b, unsigned bits, unsigned sa, unsigned sb)
{
  int64_t s = 0;
  for (unsigned i = 0; i < 32; i += bits) {
    uint32_t xa = (a >> i) & ((1u << bits) - 1), xb = (b >> i) & ((1u << bits) - 1);
    int32_t x = sa ? (int32_t)(xa << (32 - bits)) >> (32 - bits) : (int32_t)xa;
    int32_t y = sb ? (int32_t)(xb << (32 - bits)) >> (32 - bits) : (int32_t)xb;
    s += (int64_t)x * y;
  }
  return s;
}
DOTI(V_DOT4_I32_IU8, sat_i32(dot_iu(a, b, 8, p.neglo & 1, (p.neglo >> 1) & 1) + (int32_t)c, p.clamp))
DOTI(V_DOT8_I32_IU4, sat_i32(dot_iu(a, b, 4, p.neglo & 1, (p.neglo >> 1) & 1) + (int32_t)c, p.clamp))
