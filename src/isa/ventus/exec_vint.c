/* Semantics of the zve32f integer vector instructions (SEW = 32), with the
 * Ventus changes of spec 3.1: one value per thread, compares write 0/1,
 * vmv.x.s takes the highest active thread, vmv.s.x broadcasts.
 *
 * Every instruction runs over the register group (LMUL 1 or 2); in each
 * register the lanes that act are vtu_emask(): SIMT-active, below vl and,
 * for vm = 0, selected by v0.  Inactive elements keep their values.  With
 * all lanes active the element loop has no branch so the compiler can
 * vectorise it. */
#include "isa/ventus/vexec.h"

/* Element loop over the group: BODY computes vd[i] from x (vs2 element)
 * and y (second operand, from Y_DECL/Y_ELEM) when every element is active;
 * under a partial mask MASK_PRE runs once and MASKED_BODY per element. */
#define VLOOP_(REGS, Y_DECL, Y_ELEM, BODY, MASK_PRE, MASKED_BODY)              \
  {                                                                            \
    int f_ = vtu_vcheck(w, d, REGS);                                            \
    if (f_) return f_;                                                         \
    unsigned n = w->nlanes;                                                    \
    Y_DECL;                                                                    \
    for (unsigned g = 0; g < VTU(w)->lmul; g++) {                               \
      vs_mask m = vtu_emask(w, d, g);                                           \
      uint32_t *vd = vtu_vreg(w, VTU_F(d)->rd + g);                                    \
      const uint32_t *v2 = vtu_vreg(w, VTU_F(d)->rs2 + g);                             \
      const uint32_t *v1 = vtu_vreg(w, VTU_F(d)->rs1 + g);                             \
      (void)v1; (void)v2;                                                      \
      if (m == w->full) {                                                      \
        for (unsigned i = 0; i < n; i++) {                                     \
          uint32_t x = v2[i], y = Y_ELEM;                                      \
          (void)x; (void)y;                                                    \
          BODY;                                                                \
        }                                                                      \
      } else {                                                                 \
        MASK_PRE;                                                              \
        for (unsigned i = 0; i < n; i++) {                                     \
          uint32_t x = v2[i], y = Y_ELEM;                                      \
          (void)x; (void)y;                                                    \
          MASKED_BODY;                                                         \
        }                                                                      \
      }                                                                        \
    }                                                                          \
    return vtu_next(w, d);                                                      \
  }

/* Any BODY: only active elements run it */
#define VLOOP(REGS, Y_DECL, Y_ELEM, BODY) \
  VLOOP_(REGS, Y_DECL, Y_ELEM, BODY, (void)0, if (!(m >> i & 1)) continue; BODY)

/* vd[i] = EXPR without side effects: under a partial mask every element is
 * computed and inactive ones keep their old value, without a branch per
 * element (random masks in divergent code would mispredict). */
#define VLOOP_PURE(REGS, Y_DECL, Y_ELEM, EXPR)                                 \
  VLOOP_(REGS, Y_DECL, Y_ELEM, vd[i] = (EXPR),                                 \
         uint32_t keep_[VS_MAX_LANES];                                         \
         for (unsigned i = 0; i < n; i++) keep_[i] = (uint32_t)(m >> i & 1) - 1u, \
         uint32_t r_ = (EXPR); vd[i] = (vd[i] & keep_[i]) | (r_ & ~keep_[i]))

/* .vv: y = vs1[i]; .vx: y = x[rs1]; .vi: y = imm */
#define DEF_VV(ID, BODY) \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d) VLOOP(VTU_VD | VTU_VS1 | VTU_VS2, (void)0, v1[i], BODY)
#define DEF_VX(ID, BODY) \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d) VLOOP(VTU_VD | VTU_VS2, uint32_t ys_ = VTU_X(w)[VTU_F(d)->rs1], ys_, BODY)
#define DEF_VI(ID, BODY) \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d) VLOOP(VTU_VD | VTU_VS2, uint32_t ys_ = (uint32_t)VTU_F(d)->imm, ys_, BODY)

/* OP3/OP2/OPXI: pure element-wise operations (.vv .vx .vi / .vv .vx / .vx .vi) */
#define PURE_VV(ID, EXPR) \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d) VLOOP_PURE(VTU_VD | VTU_VS1 | VTU_VS2, (void)0, v1[i], EXPR)
#define PURE_VX(ID, EXPR) \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d) VLOOP_PURE(VTU_VD | VTU_VS2, uint32_t ys_ = VTU_X(w)[VTU_F(d)->rs1], ys_, EXPR)
#define PURE_VI(ID, EXPR) \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d) VLOOP_PURE(VTU_VD | VTU_VS2, uint32_t ys_ = (uint32_t)VTU_F(d)->imm, ys_, EXPR)
#define OP3(NAME, EXPR) PURE_VV(NAME##_VV, EXPR) PURE_VX(NAME##_VX, EXPR) PURE_VI(NAME##_VI, EXPR)
#define OP2(NAME, EXPR) PURE_VV(NAME##_VV, EXPR) PURE_VX(NAME##_VX, EXPR)
#define OPXI(NAME, EXPR) PURE_VX(NAME##_VX, EXPR) PURE_VI(NAME##_VI, EXPR)
/* OP3S/OP2S: operations that may set vxsat, so only active elements run */
#define OP3S(NAME, EXPR) DEF_VV(NAME##_VV, vd[i] = (EXPR)) DEF_VX(NAME##_VX, vd[i] = (EXPR)) DEF_VI(NAME##_VI, vd[i] = (EXPR))
#define OP2S(NAME, EXPR) DEF_VV(NAME##_VV, vd[i] = (EXPR)) DEF_VX(NAME##_VX, vd[i] = (EXPR))

#define S(v) ((int32_t)(v))

/* ---- arithmetic and logic ---- */
OP3(VADD, x + y)
OP2(VSUB, x - y)
OPXI(VRSUB, y - x)
OP2(VMINU, x < y ? x : y)
OP2(VMIN, S(x) < S(y) ? x : y)
OP2(VMAXU, x > y ? x : y)
OP2(VMAX, S(x) > S(y) ? x : y)
OP3(VAND, x & y)
OP3(VOR, x | y)
OP3(VXOR, x ^ y)
OP3(VSLL, x << (y & 31))
OP3(VSRL, x >> (y & 31))
OP3(VSRA, (uint32_t)(S(x) >> (y & 31)))

/* ---- compares: one 0/1 value per element (Ventus) ---- */
OP3(VMSEQ, x == y)
OP3(VMSNE, x != y)
OP2(VMSLTU, x < y)
OP2(VMSLT, S(x) < S(y))
OP3(VMSLEU, x <= y)
OP3(VMSLE, S(x) <= S(y))
OPXI(VMSGTU, x > y)
OPXI(VMSGT, S(x) > S(y))

/* ---- multiply and divide ---- */
static inline uint32_t mulh_ss(uint32_t a, uint32_t b)
{
  return (uint32_t)(((int64_t)S(a) * (int64_t)S(b)) >> 32);
}
static inline uint32_t mulh_su(uint32_t a, uint32_t b) /* a signed, b unsigned */
{
  return (uint32_t)(((int64_t)S(a) * (int64_t)(uint64_t)b) >> 32);
}
static inline uint32_t div_s(uint32_t a, uint32_t b)
{
  if (b == 0) return 0xffffffffu;
  if (a == 0x80000000u && b == 0xffffffffu) return a;
  return (uint32_t)(S(a) / S(b));
}
static inline uint32_t rem_s(uint32_t a, uint32_t b)
{
  if (b == 0) return a;
  if (a == 0x80000000u && b == 0xffffffffu) return 0;
  return (uint32_t)(S(a) % S(b));
}
OP2(VMUL, x * y)
OP2(VMULH, mulh_ss(x, y))
OP2(VMULHU, (uint32_t)(((uint64_t)x * y) >> 32))
OP2(VMULHSU, mulh_su(x, y))
OP2(VDIVU, y ? x / y : 0xffffffffu)
OP2(VDIV, div_s(x, y))
OP2(VREMU, y ? x % y : x)
OP2(VREM, rem_s(x, y))

/* multiply-add: vd is also an operand.  vmacc: vd = y*x + vd;
 * vnmsac: vd = -(y*x) + vd; vmadd: vd = y*vd + x; vnmsub: vd = -(y*vd) + x */
#define MAC(NAME, EXPR)                                                        \
  int vtu_x_##NAME##_VV(vs_warp *w, const vs_dinsn *d)                          \
      VLOOP(VTU_VD | VTU_VS1 | VTU_VS2, (void)0, v1[i], vd[i] = (EXPR))           \
  int vtu_x_##NAME##_VX(vs_warp *w, const vs_dinsn *d)                          \
      VLOOP(VTU_VD | VTU_VS2, uint32_t ys_ = VTU_X(w)[VTU_F(d)->rs1], ys_, vd[i] = (EXPR))
MAC(VMACC, y * x + vd[i])
MAC(VNMSAC, vd[i] - y * x)
MAC(VMADD, y * vd[i] + x)
MAC(VNMSUB, x - y * vd[i])

/* ---- fixed point: saturation and rounding (vxsat, vxrm) ---- */
/* shifts v right by sh with the rounding of vxrm (RVV 1.0 section 3.8) */
static inline uint64_t roundoff_u(uint64_t v, unsigned sh, unsigned vxrm)
{
  if (sh == 0) return v;
  uint64_t r = 0, half = (v >> (sh - 1)) & 1, rest = sh > 1 ? v & ((1ull << (sh - 1)) - 1) : 0;
  switch (vxrm) {
  case 0: r = half; break;                                         /* rnu */
  case 1: r = half & ((rest != 0) | ((v >> sh) & 1)); break;        /* rne */
  case 2: r = 0; break;                                            /* rdn */
  default: r = !((v >> sh) & 1) & ((half | (rest != 0)) != 0); break; /* rod */
  }
  return (v >> sh) + r;
}
static inline int64_t roundoff_s(int64_t v, unsigned sh, unsigned vxrm)
{
  return (int64_t)roundoff_u((uint64_t)v, sh, vxrm) |
         (sh && v < 0 ? (int64_t)(~0ull << (64 - sh)) : 0);
}

static inline uint32_t sat_addu(vs_warp *w, uint32_t a, uint32_t b)
{
  uint32_t r = a + b;
  if (r < a) { VTU(w)->vxsat = 1; return 0xffffffffu; }
  return r;
}
static inline uint32_t sat_add(vs_warp *w, uint32_t a, uint32_t b)
{
  int64_t r = (int64_t)S(a) + S(b);
  if (r > INT32_MAX) { VTU(w)->vxsat = 1; return 0x7fffffffu; }
  if (r < INT32_MIN) { VTU(w)->vxsat = 1; return 0x80000000u; }
  return (uint32_t)r;
}
static inline uint32_t sat_subu(vs_warp *w, uint32_t a, uint32_t b)
{
  if (b > a) { VTU(w)->vxsat = 1; return 0; }
  return a - b;
}
static inline uint32_t sat_sub(vs_warp *w, uint32_t a, uint32_t b)
{
  int64_t r = (int64_t)S(a) - S(b);
  if (r > INT32_MAX) { VTU(w)->vxsat = 1; return 0x7fffffffu; }
  if (r < INT32_MIN) { VTU(w)->vxsat = 1; return 0x80000000u; }
  return (uint32_t)r;
}
OP3S(VSADDU, sat_addu(w, x, y))
OP3S(VSADD, sat_add(w, x, y))
OP2S(VSSUBU, sat_subu(w, x, y))
OP2S(VSSUB, sat_sub(w, x, y))

/* averaging add/subtract: (x op y) >> 1 with rounding, in 33 bits */
OP2(VAADDU, (uint32_t)roundoff_u((uint64_t)x + y, 1, VTU(w)->vxrm))
OP2(VAADD, (uint32_t)roundoff_s((int64_t)S(x) + S(y), 1, VTU(w)->vxrm))
OP2(VASUBU, (uint32_t)roundoff_s((int64_t)x - (int64_t)y, 1, VTU(w)->vxrm))
OP2(VASUB, (uint32_t)roundoff_s((int64_t)S(x) - S(y), 1, VTU(w)->vxrm))

/* fractional multiply with rounding and saturation */
static inline uint32_t smul(vs_warp *w, uint32_t a, uint32_t b)
{
  if (a == 0x80000000u && b == 0x80000000u) {
    VTU(w)->vxsat = 1;
    return 0x7fffffffu;
  }
  return (uint32_t)roundoff_s((int64_t)S(a) * S(b), 31, VTU(w)->vxrm);
}
OP2S(VSMUL, smul(w, x, y))
OP3(VSSRL, (uint32_t)roundoff_u(x, y & 31, VTU(w)->vxrm))
OP3(VSSRA, (uint32_t)roundoff_s(S(x), y & 31, VTU(w)->vxrm))

/* ---- merges and moves ---- */
/* vmerge: v0 selects vs1/rs1/imm (1) or vs2 (0) in every active element */
#define MERGE(ID, REGS, Y_DECL, Y_ELEM)                                        \
  int vtu_x_##ID(vs_warp *w, const vs_dinsn *d)                                 \
  {                                                                            \
    int f_ = vtu_vcheck(w, d, REGS);                                            \
    if (f_) return f_;                                                         \
    Y_DECL;                                                                    \
    for (unsigned g = 0; g < VTU(w)->lmul; g++) {                               \
      vs_mask m = w->active & VTU(w)->vlmask[g], sel = vtu_v0_bits(w, g);        \
      uint32_t *vd = vtu_vreg(w, VTU_F(d)->rd + g);                                    \
      const uint32_t *v2 = vtu_vreg(w, VTU_F(d)->rs2 + g), *v1 = vtu_vreg(w, VTU_F(d)->rs1 + g); \
      (void)v1;                                                                \
      for (unsigned i = 0; i < w->nlanes; i++)                                 \
        if (m >> i & 1) vd[i] = (sel >> i & 1) ? (Y_ELEM) : v2[i];             \
    }                                                                          \
    return vtu_next(w, d);                                                      \
  }
MERGE(VMERGE_VVM, VTU_VD | VTU_VS1 | VTU_VS2, (void)0, v1[i])
MERGE(VMERGE_VXM, VTU_VD | VTU_VS2, uint32_t ys_ = VTU_X(w)[VTU_F(d)->rs1], ys_)
MERGE(VMERGE_VIM, VTU_VD | VTU_VS2, uint32_t ys_ = (uint32_t)VTU_F(d)->imm, ys_)

/* vmv.v.*: vd = vs1 / rs1 / imm in every active element */
int vtu_x_VMV_V_V(vs_warp *w, const vs_dinsn *d)
    VLOOP(VTU_VD | VTU_VS1, (void)0, v1[i], vd[i] = y)
int vtu_x_VMV_V_X(vs_warp *w, const vs_dinsn *d)
    VLOOP(VTU_VD, uint32_t ys_ = VTU_X(w)[VTU_F(d)->rs1], ys_, vd[i] = y)
int vtu_x_VMV_V_I(vs_warp *w, const vs_dinsn *d)
    VLOOP(VTU_VD, uint32_t ys_ = (uint32_t)VTU_F(d)->imm, ys_, vd[i] = y)
/* Ventus: vmv.s.x broadcasts like vmv.v.x */
int vtu_x_VMV_S_X(vs_warp *w, const vs_dinsn *d)
    VLOOP(VTU_VD, uint32_t ys_ = VTU_X(w)[VTU_F(d)->rs1], ys_, vd[i] = y)

/* vid.v: element index */
int vtu_x_VID_V(vs_warp *w, const vs_dinsn *d)
    VLOOP(VTU_VD, (void)0, 0, vd[i] = g * n + i)

/* Ventus: every active thread writes rd, so the highest active thread's
 * element is what remains */
int vtu_x_VMV_X_S(vs_warp *w, const vs_dinsn *d)
{
  int f = vtu_vcheck(w, d, VTU_VS2);
  if (f) return f;
  vs_mask m = w->active & VTU(w)->vlmask[0];
  if (m) {
    unsigned hi = 63u - (unsigned)__builtin_clzll(m);
    vtu_xw(w, VTU_F(d)->rd, vtu_vreg(w, VTU_F(d)->rs2)[hi]);
  }
  return vtu_next(w, d);
}

/* Ventus vadd12.vi / vsub12.vi: vd = vs1 +/- sext(imm12) */
int vtu_x_VADD12_VI(vs_warp *w, const vs_dinsn *d)
    VLOOP(VTU_VD | VTU_VS1, uint32_t ys_ = (uint32_t)VTU_F(d)->imm, ys_, vd[i] = v1[i] + y)
int vtu_x_VSUB12_VI(vs_warp *w, const vs_dinsn *d)
    VLOOP(VTU_VD | VTU_VS1, uint32_t ys_ = (uint32_t)VTU_F(d)->imm, ys_, vd[i] = v1[i] - y)
