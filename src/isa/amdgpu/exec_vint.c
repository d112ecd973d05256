/* Vector ALU: the integer rows after exec_valu.c's first ones -- 16-bit
 * arithmetic, shifts, min/max, min3/max3/med3, the 24-bit high products,
 * SAD and byte operations, bit counts, packing conversions, v_swap and
 * the integer v_cmpx (docs/amdgpu-exec.md, "Integer VALU").  Semantics:
 * the opcode descriptions of AMD's "Vega" ISA reference, chapter 12.
 *
 * The idioms of exec_valu.c: every lane computed, then committed under
 * EXEC.  16-bit operands of VOP3 rows with op_sel take the high half of a
 * source when op_sel[k] is set; the result's op_sel[3] writes the high
 * half and keeps the low one, else the low half is written and the high
 * half is 0 (gfx9 zeroes it; decision where the guide is silent, the
 * VOP2 16-bit rows of exec_valu.c do the same). */
#include "isa/amdgpu/exec.h"

#define OP(k) (&amd_i(d)->f.op[k])
#define NL AMD_LANES
#define OUT(dst, tmp) (w->active == ~(vs_mask)0 ? (dst) : (tmp))

/* op_sel of a VOP3-encoded instruction (w[0][14:11]); 0 for the e32, SDWA
 * and DPP forms */
static inline unsigned opsel(const vs_dinsn *d)
{
  const amd_insn *I = amd_i(d);
  const amd_row *r = amd_row_of(I);
  if (!(r->flags & F_OPSEL)) return 0;
  if (I->f.form != AMD_FORM_E64 && r->enc != AMD_ENC_VOP3) return 0;
  return (I->w[0] >> 11) & 15u;
}
static inline int clamp_on(const vs_dinsn *d) { return (amd_i(d)->f.ctl & AMD_CTL_CLAMP) != 0; }

static inline int64_t sat(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : v > hi ? hi : v; }
static inline uint32_t umin(uint32_t a, uint32_t b) { return a < b ? a : b; }
static inline uint32_t umax(uint32_t a, uint32_t b) { return a > b ? a : b; }
static inline int32_t smin(int32_t a, int32_t b) { return a < b ? a : b; }
static inline int32_t smax(int32_t a, int32_t b) { return a > b ? a : b; }
static inline uint32_t umed3(uint32_t a, uint32_t b, uint32_t c) { return umax(umin(a, b), umin(umax(a, b), c)); }
static inline int32_t smed3(int32_t a, int32_t b, int32_t c) { return smax(smin(a, b), smin(smax(a, b), c)); }

/* ---- 32-bit, one to three sources ---- */
#define VINT(ID, NSRC, expr)                                                   \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL], t2[NL], res[NL];                                  \
    const uint32_t *a = amd_vsrc32(w, OP(1), t0);                              \
    const uint32_t *b = NSRC > 1 ? amd_vsrc32(w, OP(2), t1) : a;               \
    const uint32_t *c = NSRC > 2 ? amd_vsrc32(w, OP(3), t2) : a;               \
    (void)b; (void)c; (void)t1; (void)t2;                                      \
    uint32_t *dst = amd_vrow(w, OP(0)->val), *o = OUT(dst, res);               \
    for (unsigned l = 0; l < NL; l++) o[l] = (expr);                           \
    amd_vcommit(w, dst, o);                                                    \
    return amd_next(w, d);                                                     \
  }

/* D = S0[23:0] * S1[23:0] >> 32 (48-bit products) */
VINT(V_MUL_HI_U32_U24, 2, (uint32_t)(((uint64_t)(a[l] & 0xffffff) * (b[l] & 0xffffff)) >> 32))
VINT(V_MUL_HI_I32_I24, 2,
     (uint32_t)((uint64_t)((int64_t)((int32_t)(a[l] << 8) >> 8) * ((int32_t)(b[l] << 8) >> 8)) >> 32))
VINT(V_XNOR_B32, 2, ~(a[l] ^ b[l]))
/* v_ffbh_i32: bits from the MSB before the first bit unlike the sign; -1 for
 * 0 and -1 */
VINT(V_FFBH_I32, 1,
     (a[l] == 0 || a[l] == 0xffffffffu) ? 0xffffffffu
                                        : (uint32_t)__builtin_clz((int32_t)a[l] < 0 ? ~a[l] : a[l]))
/* v_sat_pk_u8_i16: the two signed halves saturated to u8: D[7:0] from
 * S0[15:0], D[15:8] from S0[31:16] */
VINT(V_SAT_PK_U8_I16, 1,
     (uint32_t)sat((int16_t)(a[l] & 0xffff), 0, 255) | (uint32_t)sat((int16_t)(a[l] >> 16), 0, 255) << 8)
VINT(V_BCNT_U32_B32, 2, (uint32_t)__builtin_popcount(a[l]) + b[l])
VINT(V_BFM_B32, 2, ((1u << (a[l] & 31)) - 1u) << (b[l] & 31))
/* v_alignbyte_b32: {S0, S1} >> (8 * S2[1:0]) */
VINT(V_ALIGNBYTE_B32, 3, (uint32_t)((((uint64_t)a[l] << 32) | b[l]) >> (8 * (c[l] & 3))))
VINT(V_MIN3_I32, 3, (uint32_t)smin(smin((int32_t)a[l], (int32_t)b[l]), (int32_t)c[l]))
VINT(V_MIN3_U32, 3, umin(umin(a[l], b[l]), c[l]))
VINT(V_MAX3_I32, 3, (uint32_t)smax(smax((int32_t)a[l], (int32_t)b[l]), (int32_t)c[l]))
VINT(V_MAX3_U32, 3, umax(umax(a[l], b[l]), c[l]))
VINT(V_MED3_I32, 3, (uint32_t)smed3((int32_t)a[l], (int32_t)b[l], (int32_t)c[l]))
VINT(V_MED3_U32, 3, umed3(a[l], b[l], c[l]))
/* v_lerp_u8: per byte (S0 + S1 + S2's bit 0 of that byte) >> 1 */
static inline uint32_t lerp_u8(uint32_t a, uint32_t b, uint32_t c)
{
  uint32_t r = 0;
  for (unsigned i = 0; i < 32; i += 8)
    r |= ((((a >> i) & 0xff) + ((b >> i) & 0xff) + ((c >> i) & 1)) >> 1) << i;
  return r;
}
VINT(V_LERP_U8, 3, lerp_u8(a[l], b[l], c[l]))
/* v_cvt_pk_u16_u32 / v_cvt_pk_i16_i32: D[15:0] = S0, D[31:16] = S1, each
 * saturated to 16 bits */
VINT(V_CVT_PK_U16_U32, 2, umin(a[l], 0xffff) | umin(b[l], 0xffff) << 16)
VINT(V_CVT_PK_I16_I32, 2,
     ((uint32_t)sat((int32_t)a[l], -32768, 32767) & 0xffff) | (uint32_t)sat((int32_t)b[l], -32768, 32767) << 16)

/* ---- clamp: saturating forms ---- */
#define VINT_CLAMP(ID, NSRC, expr64, lo, hi)                                   \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL], t2[NL], res[NL];                                  \
    const uint32_t *a = amd_vsrc32(w, OP(1), t0);                              \
    const uint32_t *b = NSRC > 1 ? amd_vsrc32(w, OP(2), t1) : a;               \
    const uint32_t *c = NSRC > 2 ? amd_vsrc32(w, OP(3), t2) : a;               \
    (void)b; (void)c; (void)t1; (void)t2;                                      \
    int cl = clamp_on(d);                                                      \
    uint32_t *dst = amd_vrow(w, OP(0)->val), *o = OUT(dst, res);               \
    for (unsigned l = 0; l < NL; l++) {                                        \
      int64_t v = (expr64);                                                    \
      o[l] = (uint32_t)(cl ? sat(v, lo, hi) : v);                              \
    }                                                                          \
    amd_vcommit(w, dst, o);                                                    \
    return amd_next(w, d);                                                     \
  }
VINT_CLAMP(V_ADD_I32, 2, (int64_t)(int32_t)a[l] + (int32_t)b[l], INT32_MIN, INT32_MAX)
VINT_CLAMP(V_SUB_I32, 2, (int64_t)(int32_t)a[l] - (int32_t)b[l], INT32_MIN, INT32_MAX)
/* SAD: sums of absolute differences plus S2; clamp saturates to 32 bits */
static inline int64_t sad_u8(uint32_t a, uint32_t b, int masked)
{
  int64_t s = 0;
  for (unsigned i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xff), y = (int)((b >> i) & 0xff);
    if (!(masked && y == 0)) s += x > y ? x - y : y - x;
  }
  return s;
}
static inline int64_t absdiff(uint32_t a, uint32_t b) { return a > b ? (int64_t)(a - b) : (int64_t)(b - a); }
VINT_CLAMP(V_SAD_U8, 3, sad_u8(a[l], b[l], 0) + c[l], 0, UINT32_MAX)
VINT_CLAMP(V_SAD_HI_U8, 3, (sad_u8(a[l], b[l], 0) << 16) + c[l], 0, UINT32_MAX)
/* v_msad_u8: bytes whose reference (S1) byte is 0 are left out */
VINT_CLAMP(V_MSAD_U8, 3, sad_u8(a[l], b[l], 1) + c[l], 0, UINT32_MAX)
VINT_CLAMP(V_SAD_U16, 3, absdiff(a[l] & 0xffff, b[l] & 0xffff) + absdiff(a[l] >> 16, b[l] >> 16) + c[l], 0,
           UINT32_MAX)
VINT_CLAMP(V_SAD_U32, 3, absdiff(a[l], b[l]) + c[l], 0, UINT32_MAX)

/* ---- 16-bit: op_sel halves, clamp, the result's half ---- */
#define H(x, k) ((os >> (k)) & 1u ? (x) >> 16 : (x) & 0xffffu)
#define VINT16(ID, NSRC, expr64, lo, hi, mask)                                 \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL], t2[NL], res[NL];                                  \
    const uint32_t *a = amd_vsrc32(w, OP(1), t0);                              \
    const uint32_t *b = NSRC > 1 ? amd_vsrc32(w, OP(2), t1) : a;               \
    const uint32_t *c = NSRC > 2 ? amd_vsrc32(w, OP(3), t2) : a;               \
    (void)b; (void)c; (void)t1; (void)t2;                                      \
    unsigned os = opsel(d);                                                    \
    int cl = clamp_on(d);                                                      \
    uint32_t *dst = amd_vrow(w, OP(0)->val);                                   \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint32_t x = H(a[l], 0), y = H(b[l], 1), z = H(c[l], 2);                 \
      (void)y; (void)z;                                                        \
      int64_t v = (expr64);                                                    \
      uint32_t r = (uint32_t)(cl ? sat(v, lo, hi) : v) & (mask);               \
      res[l] = (os & 8u) ? (r << 16) | (dst[l] & 0xffffu) : r;                 \
    }                                                                          \
    amd_vcommit(w, dst, res);                                                  \
    return amd_next(w, d);                                                     \
  }
#define S16(v) ((int64_t)(int16_t)(uint16_t)(v))
#define VI16(...) VINT16(__VA_ARGS__) /* expands U16 / I16 first */
#define U16 0, 0xffff, 0xffffu
#define I16 -32768, 32767, 0xffffu
/* (v_add/sub_u16 and v_lshlrev_b16 were exec_valu.c's, without clamp:
 * add_sat/sub_sat on uchar/ushort compile to them with clamp) */
VI16(V_ADD_U16, 2, (int64_t)x + y, U16)
VI16(V_SUB_U16, 2, (int64_t)x - y, U16)
VINT16(V_LSHLREV_B16, 2, (int64_t)y << (x & 15), 0, 0, 0xffffu)
VI16(V_SUBREV_U16, 2, (int64_t)y - x, U16)
VINT16(V_MUL_LO_U16, 2, (int64_t)x * y, 0, INT64_MAX, 0xffffu)
VI16(V_LSHRREV_B16, 2, y >> (x & 15), U16)
VINT16(V_ASHRREV_I16, 2, S16(y) >> (x & 15), 0, 0, 0xffffu)
VI16(V_MAX_U16, 2, x > y ? x : y, U16)
VI16(V_MIN_U16, 2, x < y ? x : y, U16)
VINT16(V_MAX_I16, 2, S16(x) > S16(y) ? S16(x) : S16(y), 0, 0, 0xffffu)
VINT16(V_MIN_I16, 2, S16(x) < S16(y) ? S16(x) : S16(y), 0, 0, 0xffffu)
VI16(V_ADD_I16, 2, S16(x) + S16(y), I16)
VI16(V_SUB_I16, 2, S16(x) - S16(y), I16)
VI16(V_MAD_U16, 3, (int64_t)x * y + z, U16)
VI16(V_MAD_I16, 3, S16(x) * S16(y) + S16(z), I16)
/* the gfx8 encodings of v_mad_u16/i16: no op_sel (opsel() is 0 for them) */
VI16(V_MAD_LEGACY_U16, 3, (int64_t)x * y + z, U16)
VI16(V_MAD_LEGACY_I16, 3, S16(x) * S16(y) + S16(z), I16)
VI16(V_MIN3_U16, 3, umin(umin(x, y), z), U16)
VI16(V_MAX3_U16, 3, umax(umax(x, y), z), U16)
VI16(V_MED3_U16, 3, umed3(x, y, z), U16)
VI16(V_MIN3_I16, 3, smin(smin((int32_t)S16(x), (int32_t)S16(y)), (int32_t)S16(z)), I16)
VI16(V_MAX3_I16, 3, smax(smax((int32_t)S16(x), (int32_t)S16(y)), (int32_t)S16(z)), I16)
VI16(V_MED3_I16, 3, smed3((int32_t)S16(x), (int32_t)S16(y), (int32_t)S16(z)), I16)
/* 16 x 16 + 32: 32-bit results (op_sel picks the source halves only) */
#define VINT1632(ID, expr64, lo, hi)                                           \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL], t2[NL], res[NL];                                  \
    const uint32_t *a = amd_vsrc32(w, OP(1), t0), *b = amd_vsrc32(w, OP(2), t1); \
    const uint32_t *c = amd_vsrc32(w, OP(3), t2);                              \
    unsigned os = opsel(d);                                                    \
    int cl = clamp_on(d);                                                      \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint32_t x = H(a[l], 0), y = H(b[l], 1);                                 \
      int64_t v = (expr64);                                                    \
      res[l] = (uint32_t)(cl ? sat(v, lo, hi) : v);                            \
    }                                                                          \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    return amd_next(w, d);                                                     \
  }
VINT1632(V_MAD_U32_U16, (int64_t)x * y + c[l], 0, UINT32_MAX)
VINT1632(V_MAD_I32_I16, S16(x) * S16(y) + (int32_t)c[l], INT32_MIN, INT32_MAX)

/* ---- no-ops and v_swap ---- */
AMDX(V_NOP) { return amd_next(w, d); }
AMDX(V_CLREXCP) { return amd_next(w, d); } /* no exception state is kept */
/* v_swap_b32 vdst, vsrc0: exchanges the two VGPRs in the lanes of EXEC */
AMDX(V_SWAP_B32)
{
  uint32_t *x = amd_vrow(w, OP(0)->val), *y = amd_vrow(w, OP(1)->val), tx[NL], ty[NL];
  memcpy(tx, y, sizeof tx);
  memcpy(ty, x, sizeof ty);
  amd_vcommit(w, x, tx);
  amd_vcommit(w, y, ty);
  return amd_next(w, d);
}

/* ---- v_cmpx on integers: the mask to sdst (VCC for e32) and to EXEC;
 * lanes not in EXEC compare false ---- */
static inline uint64_t vsrc64(vs_warp *w, const amd_operand *o, unsigned l, uint64_t s)
{
  if (o->kind != AMD_OPK_VGPR) return s;
  return (uint64_t)amd_vrow(w, o->val + 1)[l] << 32 | amd_vrow(w, o->val)[l];
}
#define VCMPX(ID, T, cond)                                                     \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL];                                                   \
    const uint32_t *a = amd_vsrc32(w, OP(amd_cmp_src(d)), t0), *b = amd_vsrc32(w, OP(amd_cmp_src(d) + 1), t1); \
    uint64_t m = 0;                                                            \
    for (unsigned l = 0; l < NL; l++) {                                        \
      T x = (T)a[l], y = (T)b[l];                                              \
      (void)x; (void)y;                                                        \
      m |= (uint64_t)(cond) << l;                                              \
    }                                                                          \
    m &= w->active;                                                            \
    amd_cmp_write(w, d, m);                                                    \
    amd_set_exec(w, m);                                                        \
    return amd_next(w, d);                                                     \
  }
#define VCMPX64(ID, T, cond)                                                   \
  AMDX(ID)                                                                     \
  {                                                                            \
    const amd_operand *p = OP(amd_cmp_src(d)), *q = OP(amd_cmp_src(d) + 1);                                  \
    uint64_t sa = p->kind == AMD_OPK_VGPR ? 0 : amd_rs64(w, p);                \
    uint64_t sb = q->kind == AMD_OPK_VGPR ? 0 : amd_rs64(w, q), m = 0;         \
    for (unsigned l = 0; l < NL; l++) {                                        \
      T x = (T)vsrc64(w, p, l, sa), y = (T)vsrc64(w, q, l, sb);                \
      (void)x; (void)y;                                                        \
      m |= (uint64_t)(cond) << l;                                              \
    }                                                                          \
    m &= w->active;                                                            \
    amd_cmp_write(w, d, m);                                                    \
    amd_set_exec(w, m);                                                        \
    return amd_next(w, d);                                                     \
  }
VCMPX(V_CMPX_F_I16, int16_t, 0)
VCMPX(V_CMPX_LT_I16, int16_t, x < y)
VCMPX(V_CMPX_EQ_I16, int16_t, x == y)
VCMPX(V_CMPX_LE_I16, int16_t, x <= y)
VCMPX(V_CMPX_GT_I16, int16_t, x > y)
VCMPX(V_CMPX_NE_I16, int16_t, x != y)
VCMPX(V_CMPX_GE_I16, int16_t, x >= y)
VCMPX(V_CMPX_T_I16, int16_t, 1)
VCMPX(V_CMPX_F_U16, uint16_t, 0)
VCMPX(V_CMPX_LT_U16, uint16_t, x < y)
VCMPX(V_CMPX_EQ_U16, uint16_t, x == y)
VCMPX(V_CMPX_LE_U16, uint16_t, x <= y)
VCMPX(V_CMPX_GT_U16, uint16_t, x > y)
VCMPX(V_CMPX_NE_U16, uint16_t, x != y)
VCMPX(V_CMPX_GE_U16, uint16_t, x >= y)
VCMPX(V_CMPX_T_U16, uint16_t, 1)
VCMPX(V_CMPX_F_I32, int32_t, 0)
VCMPX(V_CMPX_LT_I32, int32_t, x < y)
VCMPX(V_CMPX_EQ_I32, int32_t, x == y)
VCMPX(V_CMPX_LE_I32, int32_t, x <= y)
VCMPX(V_CMPX_GT_I32, int32_t, x > y)
VCMPX(V_CMPX_NE_I32, int32_t, x != y)
VCMPX(V_CMPX_GE_I32, int32_t, x >= y)
VCMPX(V_CMPX_T_I32, int32_t, 1)
VCMPX(V_CMPX_F_U32, uint32_t, 0)
VCMPX(V_CMPX_LT_U32, uint32_t, x < y)
VCMPX(V_CMPX_EQ_U32, uint32_t, x == y)
VCMPX(V_CMPX_LE_U32, uint32_t, x <= y)
VCMPX(V_CMPX_GT_U32, uint32_t, x > y)
VCMPX(V_CMPX_NE_U32, uint32_t, x != y)
VCMPX(V_CMPX_GE_U32, uint32_t, x >= y)
VCMPX(V_CMPX_T_U32, uint32_t, 1)
VCMPX64(V_CMPX_F_I64, int64_t, 0)
VCMPX64(V_CMPX_LT_I64, int64_t, x < y)
VCMPX64(V_CMPX_EQ_I64, int64_t, x == y)
VCMPX64(V_CMPX_LE_I64, int64_t, x <= y)
VCMPX64(V_CMPX_GT_I64, int64_t, x > y)
VCMPX64(V_CMPX_NE_I64, int64_t, x != y)
VCMPX64(V_CMPX_GE_I64, int64_t, x >= y)
VCMPX64(V_CMPX_T_I64, int64_t, 1)
VCMPX64(V_CMPX_F_U64, uint64_t, 0)
VCMPX64(V_CMPX_LT_U64, uint64_t, x < y)
VCMPX64(V_CMPX_EQ_U64, uint64_t, x == y)
VCMPX64(V_CMPX_LE_U64, uint64_t, x <= y)
VCMPX64(V_CMPX_GT_U64, uint64_t, x > y)
VCMPX64(V_CMPX_NE_U64, uint64_t, x != y)
VCMPX64(V_CMPX_GE_U64, uint64_t, x >= y)
VCMPX64(V_CMPX_T_U64, uint64_t, 1)

/* ---- quad SADs: four byte-SADs of S1 against the 4-byte windows of S0
 * starting at bytes 0, 1, 2 and 3, each accumulated onto its part of S2
 * (v_qsad_pk_u16_u8, v_mqsad_pk_u16_u8: 16-bit parts; v_mqsad_u32_u8:
 * 32-bit parts of a 128-bit S2); mqsad leaves out the bytes whose S1 byte
 * is 0.  Clamp saturates each part, else it wraps. ---- */
static inline uint64_t rd64(vs_warp *w, const amd_operand *o, unsigned l, uint64_t s)
{
  return vsrc64(w, o, l, s);
}

static int quad_sad(vs_warp *w, const vs_dinsn *d, int masked, unsigned part_bits)
{
  uint32_t t1[NL], out[4][NL];
  const amd_operand *s0 = OP(1), *s2 = OP(3);
  const uint32_t *b = amd_vsrc32(w, OP(2), t1);
  uint64_t c0 = s0->kind == AMD_OPK_VGPR ? 0 : amd_rs64(w, s0);
  uint64_t c2 = s2->kind == AMD_OPK_VGPR ? 0 : amd_rs64(w, s2);
  int cl = clamp_on(d);
  uint64_t max = part_bits == 16 ? 0xffffu : 0xffffffffu;
  for (unsigned l = 0; l < NL; l++) {
    uint64_t a = rd64(w, s0, l, c0);
    uint32_t acc[4];
    if (part_bits == 16) {
      uint64_t c = rd64(w, s2, l, c2);
      for (unsigned i = 0; i < 4; i++) acc[i] = (uint32_t)(c >> (16 * i)) & 0xffffu;
    } else {
      for (unsigned i = 0; i < 4; i++) acc[i] = s2->kind == AMD_OPK_VGPR ? amd_vrow(w, s2->val + i)[l] : 0;
    }
    uint64_t r[4];
    for (unsigned i = 0; i < 4; i++) {
      uint64_t v = (uint64_t)sad_u8((uint32_t)(a >> (8 * i)), b[l], masked) + acc[i];
      r[i] = cl && v > max ? max : v & max;
    }
    if (part_bits == 16) {
      out[0][l] = (uint32_t)(r[0] | r[1] << 16);
      out[1][l] = (uint32_t)(r[2] | r[3] << 16);
    } else {
      for (unsigned i = 0; i < 4; i++) out[i][l] = (uint32_t)r[i];
    }
  }
  unsigned n = part_bits == 16 ? 2 : 4;
  for (unsigned i = 0; i < n; i++) amd_vcommit(w, amd_vrow(w, OP(0)->val + i), out[i]);
  return amd_next(w, d);
}
AMDX(V_QSAD_PK_U16_U8) { return quad_sad(w, d, 0, 16); }
AMDX(V_MQSAD_PK_U16_U8) { return quad_sad(w, d, 1, 16); }
AMDX(V_MQSAD_U32_U8) { return quad_sad(w, d, 1, 32); }

/* The gfx11 (RDNA3) names of these rows: the same semantics
 * (cmake/amdx_table.cmake) */
AMD11_AS(V_ADD_NC_I16, V_ADD_I16);
AMD11_AS(V_ADD_NC_I32, V_ADD_I32);
AMD11_AS(V_ADD_NC_U16, V_ADD_U16);
AMD11_AS(V_CLS_I32, V_FFBH_I32);
AMD11_AS(V_SUB_NC_I16, V_SUB_I16);
AMD11_AS(V_SUB_NC_I32, V_SUB_I32);
AMD11_AS(V_SUB_NC_U16, V_SUB_U16);
