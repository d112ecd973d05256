/* Vector ALU: the first rows (docs/amdgpu-exec.md lists them) -- moves,
 * 32-bit integer arithmetic and logic, compares into lane masks,
 * v_cndmask, carries, lane reads/writes, the address arithmetic of
 * compiled indexing code (the float rows are exec_vf*.c).
 *
 * Pattern: sources are rows of 64 lanes (amd_vsrc32: a VGPR row, or a
 * scalar broadcast), every lane is computed (no per-lane branches: the
 * loops vectorise), and the result is committed under EXEC
 * (amd_vcommit).  Operands: op[] in the row's order (gfx9.def). */
#include "isa/amdgpu/exec.h"

#define OP(k) (&amd_i(d)->f.op[k])
#define NL AMD_LANES


/* The result row: the destination itself when every lane is on */
#define OUT(dst, tmp) (w->active == ~(vs_mask)0 ? (dst) : (tmp))

/* ---- one, two and three source 32-bit operations ---- */
#define VOP1_32(ID, expr)                                                      \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], res[NL];                                                  \
    const uint32_t *a = amd_vsrc32(w, OP(1), t0);                              \
    uint32_t *dst = amd_vrow(w, OP(0)->val), *o = OUT(dst, res);               \
    for (unsigned l = 0; l < NL; l++) o[l] = (expr);                           \
    amd_vcommit(w, dst, o);                                                    \
    return amd_next(w, d);                                                     \
  }
#define VOP2_32(ID, expr)                                                      \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL], res[NL];                                          \
    const uint32_t *a = amd_vsrc32(w, OP(1), t0), *b = amd_vsrc32(w, OP(2), t1); \
    uint32_t *dst = amd_vrow(w, OP(0)->val), *o = OUT(dst, res);               \
    for (unsigned l = 0; l < NL; l++) o[l] = (expr);                           \
    amd_vcommit(w, dst, o);                                                    \
    return amd_next(w, d);                                                     \
  }
#define VOP3_32(ID, expr)                                                      \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL], t2[NL], res[NL];                                  \
    const uint32_t *a = amd_vsrc32(w, OP(1), t0), *b = amd_vsrc32(w, OP(2), t1); \
    const uint32_t *c = amd_vsrc32(w, OP(3), t2);                              \
    uint32_t *dst = amd_vrow(w, OP(0)->val), *o = OUT(dst, res);               \
    for (unsigned l = 0; l < NL; l++) o[l] = (expr);                           \
    amd_vcommit(w, dst, o);                                                    \
    return amd_next(w, d);                                                     \
  }
/* integer clamp (saturation) is not done by these rows yet */
static inline int no_clamp(vs_warp *w, const vs_dinsn *d)
{
  return (amd_i(d)->f.ctl & AMD_CTL_CLAMP) ? amd_unsupported_form(w, d, "integer clamp") : 0;
}

VOP1_32(V_MOV_B32, a[l])
VOP1_32(V_NOT_B32, ~a[l])
VOP2_32(V_AND_B32, a[l] & b[l])
VOP2_32(V_OR_B32, a[l] | b[l])
VOP2_32(V_XOR_B32, a[l] ^ b[l])
VOP2_32(V_LSHLREV_B32, b[l] << (a[l] & 31))
VOP2_32(V_LSHRREV_B32, b[l] >> (a[l] & 31))
VOP2_32(V_ASHRREV_I32, (uint32_t)((int32_t)b[l] >> (a[l] & 31)))
VOP2_32(V_MUL_U32_U24, (a[l] & 0xffffff) * (b[l] & 0xffffff))
/* signed 24 x 24 bits: the low 32 bits of the product (computed unsigned:
 * the same bits, and no overflow) */
static inline uint32_t sext24(uint32_t v) { return (uint32_t)((int32_t)(v << 8) >> 8); }
VOP2_32(V_MUL_I32_I24, sext24(a[l]) * sext24(b[l]))
VOP2_32(V_MUL_LO_U32, a[l] * b[l])
VOP2_32(V_MUL_HI_U32, (uint32_t)(((uint64_t)a[l] * b[l]) >> 32))
VOP3_32(V_MAD_U32_U24, (a[l] & 0xffffff) * (b[l] & 0xffffff) + c[l])
VOP3_32(V_MAD_I32_I24, sext24(a[l]) * sext24(b[l]) + c[l])
VOP3_32(V_LSHL_ADD_U32, (a[l] << (b[l] & 31)) + c[l])
VOP3_32(V_ADD_LSHL_U32, (a[l] + b[l]) << (c[l] & 31))
VOP3_32(V_ADD3_U32, a[l] + b[l] + c[l])
VOP3_32(V_LSHL_OR_B32, (a[l] << (b[l] & 31)) | c[l])
VOP3_32(V_AND_OR_B32, (a[l] & b[l]) | c[l])
VOP3_32(V_OR3_B32, a[l] | b[l] | c[l])
VOP3_32(V_XOR3_B32, a[l] ^ b[l] ^ c[l]) /* gfx11 */
/* gfx11 v_maxmin / v_minmax (integers): D = min(max(S0, S1), S2), D = max(min(S0, S1), S2) */
static inline int32_t imax(int32_t x, int32_t y) { return x > y ? x : y; }
static inline int32_t imin(int32_t x, int32_t y) { return x < y ? x : y; }
static inline uint32_t umax(uint32_t x, uint32_t y) { return x > y ? x : y; }
static inline uint32_t umin(uint32_t x, uint32_t y) { return x < y ? x : y; }
VOP3_32(V_MAXMIN_I32, (uint32_t)imin(imax((int32_t)a[l], (int32_t)b[l]), (int32_t)c[l]))
VOP3_32(V_MINMAX_I32, (uint32_t)imax(imin((int32_t)a[l], (int32_t)b[l]), (int32_t)c[l]))
VOP3_32(V_MAXMIN_U32, umin(umax(a[l], b[l]), c[l]))
VOP3_32(V_MINMAX_U32, umax(umin(a[l], b[l]), c[l]))
VOP3_32(V_BFE_U32, (uint32_t)((a[l] >> (b[l] & 31)) & ((c[l] & 31) ? (1u << (c[l] & 31)) - 1 : 0)))

/* v_add_u32 and friends: no carry out; clamp saturates (unsigned) */
#define ADDSUB(ID, expr, sat)                                                  \
  AMDX(ID)                                                                     \
  {                                                                            \
    int clamp = (amd_i(d)->f.ctl & AMD_CTL_CLAMP) != 0;                        \
    uint32_t t0[NL], t1[NL], res[NL];                                          \
    const uint32_t *a = amd_vsrc32(w, OP(1), t0), *b = amd_vsrc32(w, OP(2), t1); \
    uint32_t *dst = amd_vrow(w, OP(0)->val), *o = OUT(dst, res);               \
    if (clamp)                                                                 \
      for (unsigned l = 0; l < NL; l++) o[l] = (sat);                          \
    else                                                                       \
      for (unsigned l = 0; l < NL; l++) o[l] = (expr);                         \
    amd_vcommit(w, dst, o);                                                    \
    return amd_next(w, d);                                                     \
  }
ADDSUB(V_ADD_U32, a[l] + b[l], (uint64_t)a[l] + b[l] > 0xffffffffu ? 0xffffffffu : a[l] + b[l])
ADDSUB(V_SUB_U32, a[l] - b[l], b[l] > a[l] ? 0 : a[l] - b[l])
ADDSUB(V_SUBREV_U32, b[l] - a[l], a[l] > b[l] ? 0 : b[l] - a[l])

/* carries: vdst, sdst (carry out mask), src0, src1[, cin mask] */
#define CARRY(ID, has_cin, sum_expr, carry_expr)                               \
  AMDX(ID)                                                                     \
  {                                                                            \
    if (no_clamp(w, d)) return VS_EV_FAULT;                                    \
    uint32_t t0[NL], t1[NL], res[NL];                                          \
    const uint32_t *a = amd_vsrc32(w, OP(2), t0), *b = amd_vsrc32(w, OP(3), t1); \
    uint64_t cin = has_cin ? amd_rmask(w, OP(4)) : 0, cout = 0;                \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint64_t ci = (cin >> l) & 1;                                            \
      (void)ci;                                                                \
      res[l] = (uint32_t)(sum_expr);                                           \
      cout |= (uint64_t)(carry_expr) << l;                                     \
    }                                                                          \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), res);                              \
    amd_wmask(w, OP(1), cout);                                                 \
    return amd_next(w, d);                                                     \
  }
CARRY(V_ADD_CO_U32, 0, (uint64_t)a[l] + b[l], ((uint64_t)a[l] + b[l]) >> 32)
CARRY(V_SUB_CO_U32, 0, a[l] - b[l], b[l] > a[l])
CARRY(V_SUBREV_CO_U32, 0, b[l] - a[l], a[l] > b[l])
CARRY(V_ADDC_CO_U32, 1, (uint64_t)a[l] + b[l] + ci, ((uint64_t)a[l] + b[l] + ci) >> 32)
CARRY(V_SUBB_CO_U32, 1, a[l] - b[l] - (uint32_t)ci, (uint64_t)b[l] + ci > a[l])
CARRY(V_SUBBREV_CO_U32, 1, b[l] - a[l] - (uint32_t)ci, (uint64_t)a[l] + ci > b[l])

/* v_mad_u64_u32 vdst[2], sdst (carry), src0, src1, src2[2]: D = S0*S1 + S2 */
AMDX(V_MAD_U64_U32)
{
  if (no_clamp(w, d)) return VS_EV_FAULT;
  uint32_t t0[NL], t1[NL], lo[NL], hi[NL];
  const uint32_t *a = amd_vsrc32(w, OP(2), t0), *b = amd_vsrc32(w, OP(3), t1);
  const amd_operand *c = OP(4);
  uint64_t cs = c->kind == AMD_OPK_VGPR ? 0 : amd_rs64(w, c), carry = 0;
  const uint32_t *c0 = c->kind == AMD_OPK_VGPR ? amd_vrow(w, c->val) : NULL;
  const uint32_t *c1 = c->kind == AMD_OPK_VGPR ? amd_vrow(w, c->val + 1) : NULL;
  for (unsigned l = 0; l < NL; l++) {
    uint64_t cv = c0 ? ((uint64_t)c1[l] << 32 | c0[l]) : cs;
    unsigned __int128 r = (unsigned __int128)((uint64_t)a[l] * b[l]) + cv;
    lo[l] = (uint32_t)r;
    hi[l] = (uint32_t)((uint64_t)r >> 32);
    carry |= (uint64_t)(r >> 64) << l;
  }
  amd_vcommit(w, amd_vrow(w, OP(0)->val), lo);
  amd_vcommit(w, amd_vrow(w, OP(0)->val + 1), hi);
  amd_wmask(w, OP(1), carry);
  return amd_next(w, d);
}

/* v_lshlrev_b64 vdst[2], src0 (shift), src1[2] */
AMDX(V_LSHLREV_B64)
{
  uint32_t t0[NL], lo[NL], hi[NL];
  const uint32_t *a = amd_vsrc32(w, OP(1), t0);
  const amd_operand *s = OP(2);
  uint64_t ss = s->kind == AMD_OPK_VGPR ? 0 : amd_rs64(w, s);
  const uint32_t *s0 = s->kind == AMD_OPK_VGPR ? amd_vrow(w, s->val) : NULL;
  const uint32_t *s1 = s->kind == AMD_OPK_VGPR ? amd_vrow(w, s->val + 1) : NULL;
  for (unsigned l = 0; l < NL; l++) {
    uint64_t v = s0 ? ((uint64_t)s1[l] << 32 | s0[l]) : ss;
    v <<= a[l] & 63;
    lo[l] = (uint32_t)v;
    hi[l] = (uint32_t)(v >> 32);
  }
  amd_vcommit(w, amd_vrow(w, OP(0)->val), lo);
  amd_vcommit(w, amd_vrow(w, OP(0)->val + 1), hi);
  return amd_next(w, d);
}

/* v_cndmask_b32 vdst, src0, src1, mask: D = mask[lane] ? src1 : src0 */
AMDX(V_CNDMASK_B32)
{
  uint32_t t0[NL], t1[NL], res[NL];
  const uint32_t *a = amd_vsrc32(w, OP(1), t0), *b = amd_vsrc32(w, OP(2), t1);
  uint64_t m = amd_rmask(w, OP(3));
  uint32_t *dst = amd_vrow(w, OP(0)->val), *o = OUT(dst, res);
  for (unsigned l = 0; l < NL; l++) o[l] = ((m >> l) & 1) ? b[l] : a[l];
  amd_vcommit(w, dst, o);
  return amd_next(w, d);
}

/* ---- compares: sdst (VCC in e32), src0, src1 ---- */
#define VCMP(ID, T, cond)                                                      \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], t1[NL];                                                   \
    const uint32_t *a = amd_vsrc32(w, OP(1), t0), *b = amd_vsrc32(w, OP(2), t1); \
    uint64_t m = 0;                                                            \
    for (unsigned l = 0; l < NL; l++) {                                        \
      T x = (T)a[l], y = (T)b[l];                                              \
      (void)x; (void)y;                                                        \
      m |= (uint64_t)(cond) << l;                                              \
    }                                                                          \
    amd_wmask(w, OP(0), m);                                                    \
    return amd_next(w, d);                                                     \
  }
VCMP(V_CMP_F_I32, int32_t, 0)
VCMP(V_CMP_LT_I32, int32_t, x < y)
VCMP(V_CMP_EQ_I32, int32_t, x == y)
VCMP(V_CMP_LE_I32, int32_t, x <= y)
VCMP(V_CMP_GT_I32, int32_t, x > y)
VCMP(V_CMP_NE_I32, int32_t, x != y)
VCMP(V_CMP_GE_I32, int32_t, x >= y)
VCMP(V_CMP_T_I32, int32_t, 1)
VCMP(V_CMP_F_U32, uint32_t, 0)
VCMP(V_CMP_LT_U32, uint32_t, x < y)
VCMP(V_CMP_EQ_U32, uint32_t, x == y)
VCMP(V_CMP_LE_U32, uint32_t, x <= y)
VCMP(V_CMP_GT_U32, uint32_t, x > y)
VCMP(V_CMP_NE_U32, uint32_t, x != y)
VCMP(V_CMP_GE_U32, uint32_t, x >= y)
VCMP(V_CMP_T_U32, uint32_t, 1)

/* ---- lanes ---- */
/* v_readfirstlane_b32 sdst, vsrc: the first lane of EXEC (lane 0 if none;
 * wave32: EXEC_HI is no lane's) */
AMDX(V_READFIRSTLANE_B32)
{
  uint64_t e = amd_exec(w) & w->full;
  unsigned lane = e ? (unsigned)__builtin_ctzll(e) : 0;
  const amd_operand *s = OP(1);
  uint32_t v = s->kind == AMD_OPK_VGPR ? amd_vrow(w, s->val)[lane] : amd_rs32(w, s);
  amd_ws32(w, amd_sidx(OP(0)), v);
  return amd_next(w, d);
}
/* v_readlane_b32 sdst, vsrc, lane (SGPR or constant; lane mod the wave
 * size), any EXEC */
AMDX(V_READLANE_B32)
{
  unsigned lane = amd_rs32(w, OP(2)) & (w->nlanes - 1);
  const amd_operand *s = OP(1);
  uint32_t v = s->kind == AMD_OPK_VGPR ? amd_vrow(w, s->val)[lane] : amd_rs32(w, s);
  amd_ws32(w, amd_sidx(OP(0)), v);
  return amd_next(w, d);
}
/* v_writelane_b32 vdst, ssrc, lane: writes one lane whatever EXEC is */
AMDX(V_WRITELANE_B32)
{
  unsigned lane = amd_rs32(w, OP(2)) & (w->nlanes - 1);
  amd_vrow(w, OP(0)->val)[lane] = amd_rs32(w, OP(1));
  return amd_next(w, d);
}

/* ---- more integer rows compiled code uses from the start (address
 * arithmetic, lane counting, 64-bit and 16-bit compares) ---- */
VOP2_32(V_MIN_I32, (uint32_t)((int32_t)a[l] < (int32_t)b[l] ? a[l] : b[l]))
VOP2_32(V_MAX_I32, (uint32_t)((int32_t)a[l] > (int32_t)b[l] ? a[l] : b[l]))
VOP2_32(V_MIN_U32, a[l] < b[l] ? a[l] : b[l])
VOP2_32(V_MAX_U32, a[l] > b[l] ? a[l] : b[l])
VOP2_32(V_MUL_HI_I32, (uint32_t)((uint64_t)((int64_t)(int32_t)a[l] * (int32_t)b[l]) >> 32))
static inline uint32_t brev32(uint32_t v)
{
  v = (v >> 1 & 0x55555555u) | (v & 0x55555555u) << 1;
  v = (v >> 2 & 0x33333333u) | (v & 0x33333333u) << 2;
  v = (v >> 4 & 0x0f0f0f0fu) | (v & 0x0f0f0f0fu) << 4;
  return __builtin_bswap32(v);
}
VOP1_32(V_BFREV_B32, brev32(a[l]))
VOP1_32(V_FFBH_U32, a[l] ? (uint32_t)__builtin_clz(a[l]) : 0xffffffffu)
VOP1_32(V_FFBL_B32, a[l] ? (uint32_t)__builtin_ctz(a[l]) : 0xffffffffu)
VOP3_32(V_BFE_I32, (c[l] & 31) ? (uint32_t)((int32_t)((a[l] >> (b[l] & 31)) << (32 - (c[l] & 31))) >> (32 - (c[l] & 31))) : 0)
VOP3_32(V_BFI_B32, (a[l] & b[l]) | (~a[l] & c[l]))
VOP3_32(V_ALIGNBIT_B32, (uint32_t)((((uint64_t)a[l] << 32) | b[l]) >> (c[l] & 31)))
VOP3_32(V_XAD_U32, (a[l] ^ b[l]) + c[l])

/* v_perm_b32: byte k of D = selector byte k of src2 over the bytes
 * {src0, src1} (src1 is bytes 0-3): 0-7 a byte, 8-11 sign of a byte
 * pair, 12 0x00, >= 13 0xff */
static inline uint32_t perm_byte(uint64_t v, unsigned sel)
{
  if (sel < 8) return (uint32_t)(v >> (8 * sel)) & 0xff;
  if (sel < 12) return ((v >> (16 * (sel - 8) + 15)) & 1) ? 0xff : 0; /* bit 15, 31, 47, 63 */
  return sel == 12 ? 0 : 0xff;
}
VOP3_32(V_PERM_B32, perm_byte((uint64_t)a[l] << 32 | b[l], c[l] & 0xff) |
                        perm_byte((uint64_t)a[l] << 32 | b[l], (c[l] >> 8) & 0xff) << 8 |
                        perm_byte((uint64_t)a[l] << 32 | b[l], (c[l] >> 16) & 0xff) << 16 |
                        perm_byte((uint64_t)a[l] << 32 | b[l], c[l] >> 24) << 24)

/* v_mbcnt_lo/hi: src1 + the bits of src0 below the lane (lo: lanes 0-31,
 * hi: lanes 32-63) */
VOP2_32(V_MBCNT_LO_U32_B32, (uint32_t)__builtin_popcount(a[l] & (l < 32 ? (1u << l) - 1 : 0xffffffffu)) + b[l])
VOP2_32(V_MBCNT_HI_U32_B32,
        (uint32_t)__builtin_popcount(a[l] & (l < 32 ? 0u : l == 32 ? 0u : (uint32_t)((1ull << (l - 32)) - 1))) + b[l])

/* 16-bit integer rows (v_add/sub_u16 with clamp, v_lshlrev_b16 ...):
 * exec_vint.c */

/* A 64-bit vector source: a VGPR pair, or a scalar broadcast (an SGPR
 * pair or a constant) */
static inline uint64_t vsrc64(vs_warp *w, const amd_operand *o, unsigned l, uint64_t s)
{
  if (o->kind != AMD_OPK_VGPR) return s;
  return (uint64_t)amd_vrow(w, o->val + 1)[l] << 32 | amd_vrow(w, o->val)[l];
}
static inline uint64_t ssrc64(vs_warp *w, const amd_operand *o)
{
  return o->kind == AMD_OPK_VGPR ? 0 : amd_rs64(w, o);
}

#define VSHIFT64(ID, expr)                                                     \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t t0[NL], lo[NL], hi[NL];                                           \
    const uint32_t *a = amd_vsrc32(w, OP(1), t0);                              \
    uint64_t s = ssrc64(w, OP(2));                                             \
    for (unsigned l = 0; l < NL; l++) {                                        \
      uint64_t v = vsrc64(w, OP(2), l, s), r = (expr);                         \
      lo[l] = (uint32_t)r;                                                     \
      hi[l] = (uint32_t)(r >> 32);                                             \
    }                                                                          \
    amd_vcommit(w, amd_vrow(w, OP(0)->val), lo);                               \
    amd_vcommit(w, amd_vrow(w, OP(0)->val + 1), hi);                           \
    return amd_next(w, d);                                                     \
  }
VSHIFT64(V_LSHRREV_B64, v >> (a[l] & 63))
VSHIFT64(V_ASHRREV_I64, (uint64_t)((int64_t)v >> (a[l] & 63)))

/* v_mad_i64_i32: signed 32 x 32 + 64; the carry out is the signed overflow */
AMDX(V_MAD_I64_I32)
{
  if (no_clamp(w, d)) return VS_EV_FAULT;
  uint32_t t0[NL], t1[NL], lo[NL], hi[NL];
  const uint32_t *a = amd_vsrc32(w, OP(2), t0), *b = amd_vsrc32(w, OP(3), t1);
  uint64_t s = ssrc64(w, OP(4)), carry = 0;
  for (unsigned l = 0; l < NL; l++) {
    __int128 r = (__int128)((int64_t)(int32_t)a[l] * (int32_t)b[l]) + (int64_t)vsrc64(w, OP(4), l, s);
    lo[l] = (uint32_t)r;
    hi[l] = (uint32_t)((uint64_t)r >> 32);
    carry |= (uint64_t)(r != (__int128)(int64_t)r) << l;
  }
  amd_vcommit(w, amd_vrow(w, OP(0)->val), lo);
  amd_vcommit(w, amd_vrow(w, OP(0)->val + 1), hi);
  amd_wmask(w, OP(1), carry);
  return amd_next(w, d);
}

#define VCMP64(ID, T, cond)                                                    \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint64_t sa = ssrc64(w, OP(1)), sb = ssrc64(w, OP(2)), m = 0;              \
    for (unsigned l = 0; l < NL; l++) {                                        \
      T x = (T)vsrc64(w, OP(1), l, sa), y = (T)vsrc64(w, OP(2), l, sb);        \
      (void)x; (void)y;                                                        \
      m |= (uint64_t)(cond) << l;                                              \
    }                                                                          \
    amd_wmask(w, OP(0), m);                                                    \
    return amd_next(w, d);                                                     \
  }
VCMP64(V_CMP_F_I64, int64_t, 0)
VCMP64(V_CMP_LT_I64, int64_t, x < y)
VCMP64(V_CMP_EQ_I64, int64_t, x == y)
VCMP64(V_CMP_LE_I64, int64_t, x <= y)
VCMP64(V_CMP_GT_I64, int64_t, x > y)
VCMP64(V_CMP_NE_I64, int64_t, x != y)
VCMP64(V_CMP_GE_I64, int64_t, x >= y)
VCMP64(V_CMP_T_I64, int64_t, 1)
VCMP64(V_CMP_F_U64, uint64_t, 0)
VCMP64(V_CMP_LT_U64, uint64_t, x < y)
VCMP64(V_CMP_EQ_U64, uint64_t, x == y)
VCMP64(V_CMP_LE_U64, uint64_t, x <= y)
VCMP64(V_CMP_GT_U64, uint64_t, x > y)
VCMP64(V_CMP_NE_U64, uint64_t, x != y)
VCMP64(V_CMP_GE_U64, uint64_t, x >= y)
VCMP64(V_CMP_T_U64, uint64_t, 1)
VCMP(V_CMP_F_I16, int16_t, 0)
VCMP(V_CMP_LT_I16, int16_t, x < y)
VCMP(V_CMP_EQ_I16, int16_t, x == y)
VCMP(V_CMP_LE_I16, int16_t, x <= y)
VCMP(V_CMP_GT_I16, int16_t, x > y)
VCMP(V_CMP_NE_I16, int16_t, x != y)
VCMP(V_CMP_GE_I16, int16_t, x >= y)
VCMP(V_CMP_T_I16, int16_t, 1)
VCMP(V_CMP_F_U16, uint16_t, 0)
VCMP(V_CMP_LT_U16, uint16_t, x < y)
VCMP(V_CMP_EQ_U16, uint16_t, x == y)
VCMP(V_CMP_LE_U16, uint16_t, x <= y)
VCMP(V_CMP_GT_U16, uint16_t, x > y)
VCMP(V_CMP_NE_U16, uint16_t, x != y)
VCMP(V_CMP_GE_U16, uint16_t, x >= y)
VCMP(V_CMP_T_U16, uint16_t, 1)

/* The gfx11 (RDNA3) names of these rows: the same semantics
 * (cmake/amdx_table.cmake) */
AMD11_AS(V_ADD_CO_CI_U32, V_ADDC_CO_U32);
AMD11_AS(V_ADD_NC_U32, V_ADD_U32);
AMD11_AS(V_CLZ_I32_U32, V_FFBH_U32);
AMD11_AS(V_CTZ_I32_B32, V_FFBL_B32);
AMD11_AS(V_SUBREV_CO_CI_U32, V_SUBBREV_CO_U32);
AMD11_AS(V_SUBREV_NC_U32, V_SUBREV_U32);
AMD11_AS(V_SUB_CO_CI_U32, V_SUBB_CO_U32);
AMD11_AS(V_SUB_NC_U32, V_SUB_U32);
