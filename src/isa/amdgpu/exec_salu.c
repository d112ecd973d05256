/* Scalar ALU: SOP2, SOP1, SOPK and SOPC rows (AMD "Vega" ISA reference,
 * chapter 5 and the SOP* opcode tables of chapter 12), with their SCC
 * rules.  Operands are op[] of the decoded instruction in the row's order:
 * SOP2 sdst, ssrc0, ssrc1; SOP1 sdst, ssrc0; SOPC ssrc0, ssrc1; SOPK sdst,
 * simm16.  Program flow (branches, fork/join, s_setpc ...) is in
 * exec_flow.c; s_getreg/s_setreg in exec_hwreg.c. */
#include "isa/amdgpu/exec.h"

#define OP(k) (&amd_i(d)->f.op[k])
#define SCC (amd_w(w)->scc)

static inline int set32(vs_warp *w, const vs_dinsn *d, uint32_t v)
{
  amd_ws32(w, amd_sidx(OP(0)), v);
  return amd_next(w, d);
}

static inline int set64(vs_warp *w, const vs_dinsn *d, uint64_t v)
{
  amd_ws64(w, amd_sidx(OP(0)), v);
  return amd_next(w, d);
}

/* ---- SOP2 ---- */
#define A32 amd_rs32(w, OP(1))
#define B32 amd_rs32(w, OP(2))
#define A64 amd_rs64(w, OP(1))
#define B64 amd_rs64(w, OP(2))

AMDX(S_ADD_U32) { uint64_t r = (uint64_t)A32 + B32; SCC = (uint32_t)(r >> 32); return set32(w, d, (uint32_t)r); }
AMDX(S_SUB_U32) { uint32_t a = A32, b = B32; SCC = b > a; return set32(w, d, a - b); }
AMDX(S_ADD_I32)
{
  uint32_t a = A32, b = B32, r = a + b;
  SCC = ((~(a ^ b) & (a ^ r)) >> 31) & 1; /* signed overflow */
  return set32(w, d, r);
}
AMDX(S_SUB_I32)
{
  uint32_t a = A32, b = B32, r = a - b;
  SCC = (((a ^ b) & (a ^ r)) >> 31) & 1;
  return set32(w, d, r);
}
AMDX(S_ADDC_U32) { uint64_t r = (uint64_t)A32 + B32 + SCC; SCC = (uint32_t)(r >> 32); return set32(w, d, (uint32_t)r); }
AMDX(S_SUBB_U32)
{
  uint32_t a = A32, b = B32, c = SCC;
  SCC = (uint64_t)b + c > a;
  return set32(w, d, a - b - c);
}
AMDX(S_MIN_I32) { int32_t a = (int32_t)A32, b = (int32_t)B32; SCC = a < b; return set32(w, d, (uint32_t)(a < b ? a : b)); }
AMDX(S_MIN_U32) { uint32_t a = A32, b = B32; SCC = a < b; return set32(w, d, a < b ? a : b); }
AMDX(S_MAX_I32) { int32_t a = (int32_t)A32, b = (int32_t)B32; SCC = a > b; return set32(w, d, (uint32_t)(a > b ? a : b)); }
AMDX(S_MAX_U32) { uint32_t a = A32, b = B32; SCC = a > b; return set32(w, d, a > b ? a : b); }
AMDX(S_CSELECT_B32) { return set32(w, d, SCC ? A32 : B32); }
AMDX(S_CSELECT_B64) { return set64(w, d, SCC ? A64 : B64); }

#define LOGIC32(ID, expr) AMDX(ID) { uint32_t a = A32, b = B32, r = (expr); SCC = r != 0; return set32(w, d, r); }
#define LOGIC64(ID, expr) AMDX(ID) { uint64_t a = A64, b = B64, r = (expr); SCC = r != 0; return set64(w, d, r); }
LOGIC32(S_AND_B32, a & b)
LOGIC64(S_AND_B64, a & b)
LOGIC32(S_OR_B32, a | b)
LOGIC64(S_OR_B64, a | b)
LOGIC32(S_XOR_B32, a ^ b)
LOGIC64(S_XOR_B64, a ^ b)
LOGIC32(S_ANDN2_B32, a & ~b)
LOGIC64(S_ANDN2_B64, a & ~b)
LOGIC32(S_ORN2_B32, a | ~b)
LOGIC64(S_ORN2_B64, a | ~b)
LOGIC32(S_NAND_B32, ~(a & b))
LOGIC64(S_NAND_B64, ~(a & b))
LOGIC32(S_NOR_B32, ~(a | b))
LOGIC64(S_NOR_B64, ~(a | b))
LOGIC32(S_XNOR_B32, ~(a ^ b))
LOGIC64(S_XNOR_B64, ~(a ^ b))
LOGIC32(S_LSHL_B32, a << (b & 31))
LOGIC32(S_LSHR_B32, a >> (b & 31))
LOGIC32(S_ASHR_I32, (uint32_t)((int32_t)a >> (b & 31)))

#define SHIFT64(ID, expr) AMDX(ID) { uint64_t a = A64; uint32_t b = B32; uint64_t r = (expr); SCC = r != 0; return set64(w, d, r); }
SHIFT64(S_LSHL_B64, a << (b & 63))
SHIFT64(S_LSHR_B64, a >> (b & 63))
SHIFT64(S_ASHR_I64, (uint64_t)((int64_t)a >> (b & 63)))

static inline uint64_t mask_bits(unsigned n) { return n >= 64 ? ~0ull : (1ull << n) - 1; }

AMDX(S_BFM_B32) { return set32(w, d, (uint32_t)(mask_bits(A32 & 31) << (B32 & 31))); }
AMDX(S_BFM_B64) { return set64(w, d, mask_bits(A32 & 63) << (B32 & 63)); }
AMDX(S_MUL_I32) { return set32(w, d, A32 * B32); }
AMDX(S_MUL_HI_U32) { return set32(w, d, (uint32_t)(((uint64_t)A32 * B32) >> 32)); }
AMDX(S_MUL_HI_I32) { return set32(w, d, (uint32_t)((uint64_t)((int64_t)(int32_t)A32 * (int32_t)B32) >> 32)); }

/* s_bfe: offset S1[4:0] (64-bit: [5:0]), width S1[22:16] */
AMDX(S_BFE_U32)
{
  uint32_t a = A32, b = B32, off = b & 31, wd = (b >> 16) & 0x7f;
  uint32_t r = (uint32_t)((a >> off) & mask_bits(wd));
  SCC = r != 0;
  return set32(w, d, r);
}
AMDX(S_BFE_I32)
{
  uint32_t a = A32, b = B32, off = b & 31, wd = (b >> 16) & 0x7f;
  uint32_t r = 0;
  if (wd) {
    uint32_t f = (uint32_t)((a >> off) & mask_bits(wd));
    r = wd >= 32 ? f : (uint32_t)((int32_t)(f << (32 - wd)) >> (32 - wd));
  }
  SCC = r != 0;
  return set32(w, d, r);
}
AMDX(S_BFE_U64)
{
  uint64_t a = A64;
  uint32_t b = B32, off = b & 63, wd = (b >> 16) & 0x7f;
  uint64_t r = (a >> off) & mask_bits(wd);
  SCC = r != 0;
  return set64(w, d, r);
}
AMDX(S_BFE_I64)
{
  uint64_t a = A64;
  uint32_t b = B32, off = b & 63, wd = (b >> 16) & 0x7f;
  uint64_t r = 0;
  if (wd) {
    uint64_t f = (a >> off) & mask_bits(wd);
    r = wd >= 64 ? f : (uint64_t)((int64_t)(f << (64 - wd)) >> (64 - wd));
  }
  SCC = r != 0;
  return set64(w, d, r);
}
AMDX(S_ABSDIFF_I32)
{
  int64_t r = (int64_t)(int32_t)A32 - (int32_t)B32;
  uint32_t v = (uint32_t)(r < 0 ? -r : r);
  SCC = v != 0;
  return set32(w, d, v);
}
#define LSHLADD(ID, n) \
  AMDX(ID) { uint64_t r = ((uint64_t)A32 << n) + B32; SCC = r >= 0x100000000ull; return set32(w, d, (uint32_t)r); }
LSHLADD(S_LSHL1_ADD_U32, 1)
LSHLADD(S_LSHL2_ADD_U32, 2)
LSHLADD(S_LSHL3_ADD_U32, 3)
LSHLADD(S_LSHL4_ADD_U32, 4)
AMDX(S_PACK_LL_B32_B16) { return set32(w, d, (A32 & 0xffff) | B32 << 16); }
AMDX(S_PACK_LH_B32_B16) { return set32(w, d, (A32 & 0xffff) | (B32 & 0xffff0000u)); }
AMDX(S_PACK_HH_B32_B16) { return set32(w, d, A32 >> 16 | (B32 & 0xffff0000u)); }
AMDX(S_PACK_HL_B32_B16) { return set32(w, d, A32 >> 16 | B32 << 16); } /* gfx11 */

/* ---- SOP1 ---- */
AMDX(S_MOV_B32) { return set32(w, d, A32); }
AMDX(S_MOV_B64) { return set64(w, d, A64); }
AMDX(S_CMOV_B32) { if (SCC) amd_ws32(w, amd_sidx(OP(0)), A32); return amd_next(w, d); }
AMDX(S_CMOV_B64) { if (SCC) amd_ws64(w, amd_sidx(OP(0)), A64); return amd_next(w, d); }
AMDX(S_NOT_B32) { uint32_t r = ~A32; SCC = r != 0; return set32(w, d, r); }
AMDX(S_NOT_B64) { uint64_t r = ~A64; SCC = r != 0; return set64(w, d, r); }

/* whole quad mode: each 4-bit group becomes all ones if any bit is set */
static uint64_t wqm(uint64_t a, unsigned bits)
{
  uint64_t r = 0;
  for (unsigned q = 0; q < bits; q += 4)
    if ((a >> q) & 0xf) r |= 0xfull << q;
  return r;
}
AMDX(S_WQM_B32) { uint32_t r = (uint32_t)wqm(A32, 32); SCC = r != 0; return set32(w, d, r); }
AMDX(S_WQM_B64) { uint64_t r = wqm(A64, 64); SCC = r != 0; return set64(w, d, r); }

static uint64_t brev64(uint64_t v)
{
  uint64_t r = 0;
  for (unsigned i = 0; i < 64; i++) r |= ((v >> i) & 1) << (63 - i);
  return r;
}
AMDX(S_BREV_B32) { return set32(w, d, (uint32_t)(brev64(A32) >> 32)); }
AMDX(S_BREV_B64) { return set64(w, d, brev64(A64)); }
AMDX(S_BCNT0_I32_B32) { uint32_t r = 32u - (uint32_t)__builtin_popcount(A32); SCC = r != 0; return set32(w, d, r); }
AMDX(S_BCNT0_I32_B64) { uint32_t r = 64u - (uint32_t)__builtin_popcountll(A64); SCC = r != 0; return set32(w, d, r); }
AMDX(S_BCNT1_I32_B32) { uint32_t r = (uint32_t)__builtin_popcount(A32); SCC = r != 0; return set32(w, d, r); }
AMDX(S_BCNT1_I32_B64) { uint32_t r = (uint32_t)__builtin_popcountll(A64); SCC = r != 0; return set32(w, d, r); }
/* find first 0/1 from the LSB; -1 (0xffffffff) if none */
AMDX(S_FF0_I32_B32) { uint32_t a = ~A32; return set32(w, d, a ? (uint32_t)__builtin_ctz(a) : 0xffffffffu); }
AMDX(S_FF0_I32_B64) { uint64_t a = ~A64; return set32(w, d, a ? (uint32_t)__builtin_ctzll(a) : 0xffffffffu); }
AMDX(S_FF1_I32_B32) { uint32_t a = A32; return set32(w, d, a ? (uint32_t)__builtin_ctz(a) : 0xffffffffu); }
AMDX(S_FF1_I32_B64) { uint64_t a = A64; return set32(w, d, a ? (uint32_t)__builtin_ctzll(a) : 0xffffffffu); }
/* find the first 1 from the MSB, counted from the MSB; -1 if none */
AMDX(S_FLBIT_I32_B32) { uint32_t a = A32; return set32(w, d, a ? (uint32_t)__builtin_clz(a) : 0xffffffffu); }
AMDX(S_FLBIT_I32_B64) { uint64_t a = A64; return set32(w, d, a ? (uint32_t)__builtin_clzll(a) : 0xffffffffu); }
/* signed: the first bit that differs from the sign bit; -1 for 0 and -1 */
AMDX(S_FLBIT_I32)
{
  uint32_t a = A32, x = (a & 0x80000000u) ? ~a : a;
  return set32(w, d, x ? (uint32_t)__builtin_clz(x) : 0xffffffffu);
}
AMDX(S_FLBIT_I32_I64)
{
  uint64_t a = A64, x = (a >> 63) ? ~a : a;
  return set32(w, d, x ? (uint32_t)__builtin_clzll(x) : 0xffffffffu);
}
AMDX(S_SEXT_I32_I8) { return set32(w, d, (uint32_t)(int32_t)(int8_t)A32); }
AMDX(S_SEXT_I32_I16) { return set32(w, d, (uint32_t)(int32_t)(int16_t)A32); }
/* s_bitset: D[S0[4:0]] = 0/1; D is read too */
AMDX(S_BITSET0_B32) { unsigned i = amd_sidx(OP(0)); return set32(w, d, amd_S(w)[i] & ~(1u << (A32 & 31))); }
AMDX(S_BITSET1_B32) { unsigned i = amd_sidx(OP(0)); return set32(w, d, amd_S(w)[i] | 1u << (A32 & 31)); }
AMDX(S_BITSET0_B64) { unsigned i = amd_sidx(OP(0)); return set64(w, d, amd_rs64_idx(w, i) & ~(1ull << (A32 & 63))); }
AMDX(S_BITSET1_B64) { unsigned i = amd_sidx(OP(0)); return set64(w, d, amd_rs64_idx(w, i) | 1ull << (A32 & 63)); }

/* s_*_saveexec_b64: D = EXEC; EXEC = f(S0, EXEC); SCC = EXEC != 0 */
#define SAVEEXEC(ID, expr)                                                     \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint64_t s = A64, e = amd_exec(w), r = (expr);                             \
    amd_ws64(w, amd_sidx(OP(0)), e);                                           \
    amd_set_exec(w, r);                                                        \
    SCC = r != 0;                                                              \
    return amd_next(w, d);                                                     \
  }
SAVEEXEC(S_AND_SAVEEXEC_B64, s & e)
SAVEEXEC(S_OR_SAVEEXEC_B64, s | e)
SAVEEXEC(S_XOR_SAVEEXEC_B64, s ^ e)
SAVEEXEC(S_ANDN2_SAVEEXEC_B64, s & ~e)
SAVEEXEC(S_ORN2_SAVEEXEC_B64, s | ~e)
SAVEEXEC(S_NAND_SAVEEXEC_B64, ~(s & e))
SAVEEXEC(S_NOR_SAVEEXEC_B64, ~(s | e))
SAVEEXEC(S_XNOR_SAVEEXEC_B64, ~(s ^ e))
SAVEEXEC(S_ANDN1_SAVEEXEC_B64, ~s & e)
SAVEEXEC(S_ORN1_SAVEEXEC_B64, ~s | e)
/* s_*_wrexec_b64: EXEC = f(S0, EXEC); D = the new EXEC; SCC = EXEC != 0 */
#define WREXEC(ID, expr)                                                       \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint64_t s = A64, e = amd_exec(w), r = (expr);                             \
    amd_set_exec(w, r);                                                        \
    amd_ws64(w, amd_sidx(OP(0)), r);                                           \
    SCC = r != 0;                                                              \
    return amd_next(w, d);                                                     \
  }
WREXEC(S_ANDN1_WREXEC_B64, ~s & e)
WREXEC(S_ANDN2_WREXEC_B64, s & ~e)
/* gfx11 wave32: the same on EXEC_LO (s_*_saveexec_b32, s_*_wrexec_b32) */
#define SAVEEXEC32(ID, expr)                                                   \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t s = A32, e = amd_S(w)[AMD_S_EXEC], r = (expr);                    \
    amd_ws32(w, amd_sidx(OP(0)), e);                                           \
    amd_ws32(w, AMD_S_EXEC, r);                                                \
    SCC = r != 0;                                                              \
    return amd_next(w, d);                                                     \
  }
SAVEEXEC32(S_AND_SAVEEXEC_B32, s & e)
SAVEEXEC32(S_OR_SAVEEXEC_B32, s | e)
SAVEEXEC32(S_XOR_SAVEEXEC_B32, s ^ e)
SAVEEXEC32(S_AND_NOT1_SAVEEXEC_B32, s & ~e)
SAVEEXEC32(S_OR_NOT1_SAVEEXEC_B32, s | ~e)
SAVEEXEC32(S_NAND_SAVEEXEC_B32, ~(s & e))
SAVEEXEC32(S_NOR_SAVEEXEC_B32, ~(s | e))
SAVEEXEC32(S_XNOR_SAVEEXEC_B32, ~(s ^ e))
SAVEEXEC32(S_AND_NOT0_SAVEEXEC_B32, ~s & e)
SAVEEXEC32(S_OR_NOT0_SAVEEXEC_B32, ~s | e)
#define WREXEC32(ID, expr)                                                     \
  AMDX(ID)                                                                     \
  {                                                                            \
    uint32_t s = A32, e = amd_S(w)[AMD_S_EXEC], r = (expr);                    \
    amd_ws32(w, AMD_S_EXEC, r);                                                \
    amd_ws32(w, amd_sidx(OP(0)), r);                                           \
    SCC = r != 0;                                                              \
    return amd_next(w, d);                                                     \
  }
WREXEC32(S_AND_NOT0_WREXEC_B32, ~s & e)
WREXEC32(S_AND_NOT1_WREXEC_B32, s & ~e)

/* quad mask: bit q of D = any bit of quad q of S0 */
static uint64_t quadmask(uint64_t a, unsigned bits)
{
  uint64_t r = 0;
  for (unsigned q = 0; q < bits / 4; q++)
    if ((a >> (4 * q)) & 0xf) r |= 1ull << q;
  return r;
}
AMDX(S_QUADMASK_B32) { uint32_t r = (uint32_t)quadmask(A32, 32); SCC = r != 0; return set32(w, d, r); }
AMDX(S_QUADMASK_B64) { uint64_t r = quadmask(A64, 64); SCC = r != 0; return set64(w, d, r); }
AMDX(S_ABS_I32)
{
  int32_t a = (int32_t)A32;
  uint32_t r = a < 0 ? 0u - (uint32_t)a : (uint32_t)a;
  SCC = r != 0;
  return set32(w, d, r);
}
AMDX(S_BITREPLICATE_B64_B32)
{
  uint32_t a = A32;
  uint64_t r = 0;
  for (unsigned i = 0; i < 32; i++) r |= (uint64_t)((a >> i) & 1) * 3ull << (2 * i);
  return set64(w, d, r);
}

/* s_movrels: D = SGPR[S0 + M0]; s_movreld: SGPR[D + M0] = S0.  The
 * relative index must stay within the SGPRs. */
static int movrel_fault(vs_warp *w, const char *what, unsigned idx, unsigned n)
{
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "%s: SGPR index %u + m0 (%u) is outside s0..s%u", what, idx,
                       amd_S(w)[AMD_S_M0], AMD_SGPRS - n);
}
static int movrels(vs_warp *w, const vs_dinsn *d, unsigned n)
{
  uint64_t src = (uint64_t)amd_sidx(OP(1)) + amd_S(w)[AMD_S_M0];
  if (src + n > AMD_SGPRS) return movrel_fault(w, "s_movrels", amd_sidx(OP(1)), n);
  if (n == 1) return set32(w, d, amd_S(w)[src]);
  return set64(w, d, amd_rs64_idx(w, (unsigned)src));
}
static int movreld(vs_warp *w, const vs_dinsn *d, unsigned n)
{
  uint64_t dst = (uint64_t)amd_sidx(OP(0)) + amd_S(w)[AMD_S_M0];
  if (dst + n > AMD_SGPRS) return movrel_fault(w, "s_movreld", amd_sidx(OP(0)), n);
  if (n == 1) amd_ws32(w, (unsigned)dst, A32);
  else amd_ws64(w, (unsigned)dst, A64);
  return amd_next(w, d);
}
AMDX(S_MOVRELS_B32) { return movrels(w, d, 1); }
AMDX(S_MOVRELS_B64) { return movrels(w, d, 2); }
AMDX(S_MOVRELD_B32) { return movreld(w, d, 1); }
AMDX(S_MOVRELD_B64) { return movreld(w, d, 2); }

/* ---- SOPC ---- */
#define CMP32(ID, T, op) AMDX(ID) { SCC = (T)amd_rs32(w, OP(0)) op (T)amd_rs32(w, OP(1)); return amd_next(w, d); }
CMP32(S_CMP_EQ_I32, int32_t, ==)
CMP32(S_CMP_LG_I32, int32_t, !=)
CMP32(S_CMP_GT_I32, int32_t, >)
CMP32(S_CMP_GE_I32, int32_t, >=)
CMP32(S_CMP_LT_I32, int32_t, <)
CMP32(S_CMP_LE_I32, int32_t, <=)
CMP32(S_CMP_EQ_U32, uint32_t, ==)
CMP32(S_CMP_LG_U32, uint32_t, !=)
CMP32(S_CMP_GT_U32, uint32_t, >)
CMP32(S_CMP_GE_U32, uint32_t, >=)
CMP32(S_CMP_LT_U32, uint32_t, <)
CMP32(S_CMP_LE_U32, uint32_t, <=)
AMDX(S_CMP_EQ_U64) { SCC = amd_rs64(w, OP(0)) == amd_rs64(w, OP(1)); return amd_next(w, d); }
AMDX(S_CMP_LG_U64) { SCC = amd_rs64(w, OP(0)) != amd_rs64(w, OP(1)); return amd_next(w, d); }
AMDX(S_BITCMP0_B32) { SCC = ((amd_rs32(w, OP(0)) >> (amd_rs32(w, OP(1)) & 31)) & 1) == 0; return amd_next(w, d); }
AMDX(S_BITCMP1_B32) { SCC = (amd_rs32(w, OP(0)) >> (amd_rs32(w, OP(1)) & 31)) & 1; return amd_next(w, d); }
AMDX(S_BITCMP0_B64) { SCC = ((amd_rs64(w, OP(0)) >> (amd_rs32(w, OP(1)) & 63)) & 1) == 0; return amd_next(w, d); }
AMDX(S_BITCMP1_B64) { SCC = (uint32_t)(amd_rs64(w, OP(0)) >> (amd_rs32(w, OP(1)) & 63)) & 1; return amd_next(w, d); }

/* ---- SOPK: simm16 is op[1].val (16 bits as encoded) ---- */
#define K16 ((int32_t)(int16_t)OP(1)->val)
#define KU16 ((uint32_t)(OP(1)->val & 0xffff))
#define DREG (amd_S(w)[amd_sidx(OP(0))])
AMDX(S_MOVK_I32) { return set32(w, d, (uint32_t)K16); }
AMDX(S_CMOVK_I32) { if (SCC) amd_ws32(w, amd_sidx(OP(0)), (uint32_t)K16); return amd_next(w, d); }
#define CMPK(ID, T, op, K) AMDX(ID) { SCC = (T)DREG op (T)(K); return amd_next(w, d); }
CMPK(S_CMPK_EQ_I32, int32_t, ==, K16)
CMPK(S_CMPK_LG_I32, int32_t, !=, K16)
CMPK(S_CMPK_GT_I32, int32_t, >, K16)
CMPK(S_CMPK_GE_I32, int32_t, >=, K16)
CMPK(S_CMPK_LT_I32, int32_t, <, K16)
CMPK(S_CMPK_LE_I32, int32_t, <=, K16)
CMPK(S_CMPK_EQ_U32, uint32_t, ==, KU16)
CMPK(S_CMPK_LG_U32, uint32_t, !=, KU16)
CMPK(S_CMPK_GT_U32, uint32_t, >, KU16)
CMPK(S_CMPK_GE_U32, uint32_t, >=, KU16)
CMPK(S_CMPK_LT_U32, uint32_t, <, KU16)
CMPK(S_CMPK_LE_U32, uint32_t, <=, KU16)
AMDX(S_ADDK_I32)
{
  uint32_t a = DREG, b = (uint32_t)K16, r = a + b;
  SCC = ((~(a ^ b) & (a ^ r)) >> 31) & 1;
  return set32(w, d, r);
}
AMDX(S_MULK_I32) { return set32(w, d, DREG * (uint32_t)K16); }

/* The gfx11 (RDNA3) names of these rows: the same semantics
 * (cmake/amdx_table.cmake) */
AMD11_AS(S_AND_NOT0_SAVEEXEC_B64, S_ANDN1_SAVEEXEC_B64);
AMD11_AS(S_AND_NOT0_WREXEC_B64, S_ANDN1_WREXEC_B64);
AMD11_AS(S_AND_NOT1_B32, S_ANDN2_B32);
AMD11_AS(S_AND_NOT1_B64, S_ANDN2_B64);
AMD11_AS(S_AND_NOT1_SAVEEXEC_B64, S_ANDN2_SAVEEXEC_B64);
AMD11_AS(S_AND_NOT1_WREXEC_B64, S_ANDN2_WREXEC_B64);
AMD11_AS(S_CLS_I32, S_FLBIT_I32);
AMD11_AS(S_CLS_I32_I64, S_FLBIT_I32_I64);
AMD11_AS(S_CLZ_I32_U32, S_FLBIT_I32_B32);
AMD11_AS(S_CLZ_I32_U64, S_FLBIT_I32_B64);
AMD11_AS(S_CTZ_I32_B32, S_FF1_I32_B32);
AMD11_AS(S_CTZ_I32_B64, S_FF1_I32_B64);
AMD11_AS(S_OR_NOT0_SAVEEXEC_B64, S_ORN1_SAVEEXEC_B64);
AMD11_AS(S_OR_NOT1_B32, S_ORN2_B32);
AMD11_AS(S_OR_NOT1_B64, S_ORN2_B64);
AMD11_AS(S_OR_NOT1_SAVEEXEC_B64, S_ORN2_SAVEEXEC_B64);
