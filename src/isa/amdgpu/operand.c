/* Operand fields -> resolved operands, and their names as LLVM prints them.
 * Family-neutral: the scalar/vector source encoding (AMD "Vega" ISA
 * reference, section 3.1 and 12.x "SSRC/SRC" tables; RDNA3 ISA reference,
 * "Scalar/Vector ALU Operands") is shared by GCN5 and RDNA3, which differ in
 * a few special registers: gfx11 has s102..s105 where gfx9 has flat_scratch
 * and xnack_mask, null at 124 and m0 at 125 (gfx9: m0 at 124), and no
 * SDWA marker (249). */
#include <stdio.h>
#include <string.h>

#include "isa/amdgpu/amdgpu.h"

/* Operand-field values (gfx9; gfx11 differences in the comment above) */
enum {
  SRC_SGPR_MAX = 101,    /* s0..s101 addressable; tuples may reach s105 */
  SRC_SGPR_TUPLE_MAX = 105,
  SRC_FLAT_SCR_LO = 102, SRC_FLAT_SCR_HI = 103,
  SRC_XNACK_LO = 104, SRC_XNACK_HI = 105,
  SRC_VCC_LO = 106, SRC_VCC_HI = 107,
  SRC_TTMP0 = 108, SRC_TTMP15 = 123,
  SRC_M0 = 124, SRC_NULL = 125, SRC_EXEC_LO = 126, SRC_EXEC_HI = 127,
  SRC11_NULL = 124, SRC11_M0 = 125,
  SRC_INT_0 = 128, SRC_INT_64 = 192, SRC_INT_M1 = 193, SRC_INT_M16 = 208,
  SRC_SHARED_BASE = 235, SRC_SHARED_LIMIT = 236, SRC_PRIVATE_BASE = 237,
  SRC_PRIVATE_LIMIT = 238, SRC_POPS_EXITING_WAVE_ID = 239,
  SRC_F_FIRST = 240, SRC_INV2PI = 248,
  SRC_SDWA = 249, SRC_DPP = 250,
  SRC_VCCZ = 251, SRC_EXECZ = 252, SRC_SCC = 253, SRC_LDS_DIRECT = 254,
  SRC_LITERAL = 255,
};

static void setop(amd_operand *o, unsigned kind, unsigned size, unsigned type, uint32_t val)
{
  o->kind = (uint8_t)kind;
  o->size = (uint8_t)size;
  o->type = (uint8_t)type;
  o->mods = 0;
  o->val = val;
}

void amd_vgpr_operand(unsigned field, unsigned dwords, amd_operand *o)
{
  setop(o, AMD_OPK_VGPR, dwords, AMD_T_NONE, field);
}

/* A scalar register tuple starting at `field` (SGPR, TTMP or a 64-bit
 * special pair).  Shared by sources and destinations.  A tuple whose first
 * register is not aligned is rounded down (LLVM warns, printing the field):
 * the difference is kept in the operand's modifiers. */
static int scalar_reg(unsigned family, unsigned field, unsigned dwords, amd_operand *o)
{
  unsigned sgpr_max = family == 11 ? SRC_SGPR_TUPLE_MAX : SRC_SGPR_MAX;
  if (field <= sgpr_max) {
    unsigned idx = field;
    if (dwords > 1) {
      unsigned shift = dwords == 2 ? 1 : 2;
      idx = field >> shift << shift;
      if (idx + dwords - 1 > SRC_SGPR_TUPLE_MAX) return -1;
    }
    setop(o, AMD_OPK_SGPR, dwords, AMD_T_NONE, idx);
    o->mods = (uint8_t)((field - idx) << AMD_MOD_MISALIGN_SHIFT);
    return 0;
  }
  if (field >= SRC_TTMP0 && field <= SRC_TTMP15) {
    unsigned t = field - SRC_TTMP0, idx = t;
    if (dwords > 1) {
      unsigned shift = dwords == 2 ? 1 : 2;
      idx = t >> shift << shift;
      if (idx + dwords - 1 > 15) return -1;
    }
    setop(o, AMD_OPK_TTMP, dwords, AMD_T_NONE, idx);
    o->mods = (uint8_t)((t - idx) << AMD_MOD_MISALIGN_SHIFT);
    return 0;
  }
  if (family == 11) {
    switch (field) {
    case SRC_VCC_LO: case SRC_EXEC_LO:
      setop(o, AMD_OPK_SPECIAL, dwords, AMD_T_NONE, field);
      if (dwords > 2) o->mods |= AMD_MOD_BADCLASS;
      return 0;
    case SRC_VCC_HI: case SRC11_M0: case SRC_EXEC_HI:
      if (dwords != 1) return -1;
      setop(o, AMD_OPK_SPECIAL, 1, AMD_T_NONE, field);
      return 0;
    case SRC11_NULL:
      setop(o, AMD_OPK_SPECIAL, dwords, AMD_T_NONE, field);
      return 0;
    default:
      return -1;
    }
  }
  switch (field) {
  case SRC_FLAT_SCR_LO: case SRC_XNACK_LO: case SRC_VCC_LO: case SRC_EXEC_LO:
    setop(o, AMD_OPK_SPECIAL, dwords, AMD_T_NONE, field);
    if (dwords > 2) o->mods |= AMD_MOD_BADCLASS;
    return 0;
  case SRC_FLAT_SCR_HI: case SRC_XNACK_HI: case SRC_VCC_HI: case SRC_M0: case SRC_EXEC_HI:
    if (dwords != 1) return -1;
    setop(o, AMD_OPK_SPECIAL, 1, AMD_T_NONE, field);
    return 0;
  case SRC_NULL:
    setop(o, AMD_OPK_SPECIAL, dwords, AMD_T_NONE, field);
    return 0;
  default:
    return -1;
  }
}

int amd_sdst_operand(unsigned family, unsigned field, unsigned dwords, amd_operand *o)
{
  return scalar_reg(family, field & 0x7f, dwords, o);
}

int amd_src_operand(unsigned family, int wave64, unsigned field, unsigned type, int vop,
                    amd_operand *o)
{
  unsigned dwords = amd_type_regs(type, wave64);
  if (field >= 256) {
    if (field - 256 + dwords > 256) return -1;
    setop(o, AMD_OPK_VGPR, dwords, type, field - 256);
    return 0;
  }
  if (field < SRC_INT_0) {
    if (scalar_reg(family, field, dwords, o)) return -1;
    o->type = (uint8_t)type;
    return 0;
  }
  if (field <= SRC_INT_64) { setop(o, AMD_OPK_ICONST, dwords, type, field - SRC_INT_0); return 0; }
  if (field <= SRC_INT_M16) {
    setop(o, AMD_OPK_ICONST, dwords, type, (uint32_t)-(int32_t)(field - SRC_INT_64));
    return 0;
  }
  if (field >= SRC_SHARED_BASE && field <= SRC_POPS_EXITING_WAVE_ID) {
    setop(o, AMD_OPK_SPECIAL, dwords, type, field);
    return 0;
  }
  if (field >= SRC_F_FIRST && field <= SRC_INV2PI) {
    setop(o, AMD_OPK_FCONST, dwords, type, field);
    return 0;
  }
  if (field >= SRC_VCCZ && field <= SRC_SCC) {
    setop(o, AMD_OPK_SPECIAL, dwords, type, field);
    return 0;
  }
  if (field == SRC_LDS_DIRECT) {
    if (dwords != 1) return -1;
    setop(o, AMD_OPK_SPECIAL, 1, type, field);
    if (!vop) o->mods |= AMD_MOD_BADCLASS;
    return 0;
  }
  if (field == SRC_LITERAL) {
    setop(o, AMD_OPK_LITERAL, dwords, type, 0);
    return 0;
  }
  return -1; /* reserved, SDWA/DPP markers outside src0 of VOP1/VOP2/VOPC */
}

/* ---- names ---- */
static const char *special_name(unsigned family, unsigned v, unsigned dwords)
{
  if (family == 11 && v == SRC11_NULL) return "null";
  if (family == 11 && v == SRC11_M0) return "m0";
  switch (v) {
  case SRC_FLAT_SCR_LO: return dwords > 1 ? "flat_scratch" : "flat_scratch_lo";
  case SRC_FLAT_SCR_HI: return "flat_scratch_hi";
  case SRC_XNACK_LO: return dwords > 1 ? "xnack_mask" : "xnack_mask_lo";
  case SRC_XNACK_HI: return "xnack_mask_hi";
  case SRC_VCC_LO: return dwords > 1 ? "vcc" : "vcc_lo";
  case SRC_VCC_HI: return "vcc_hi";
  case SRC_M0: return "m0";
  case SRC_NULL: return "null";
  case SRC_EXEC_LO: return dwords > 1 ? "exec" : "exec_lo";
  case SRC_EXEC_HI: return "exec_hi";
  case SRC_SHARED_BASE: return "src_shared_base";
  case SRC_SHARED_LIMIT: return "src_shared_limit";
  case SRC_PRIVATE_BASE: return "src_private_base";
  case SRC_PRIVATE_LIMIT: return "src_private_limit";
  case SRC_POPS_EXITING_WAVE_ID: return "src_pops_exiting_wave_id";
  case SRC_VCCZ: return "src_vccz";
  case SRC_EXECZ: return "src_execz";
  case SRC_SCC: return "src_scc";
  case SRC_LDS_DIRECT: return "src_lds_direct";
  default: return "?";
  }
}

/* f32 bit patterns of the inline float constants 240..248 */
static const uint32_t fconst_f32[9] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000,
                                       0x40000000, 0xc0000000, 0x40800000, 0xc0800000,
                                       0x3e22f983};
static const uint16_t fconst_f16[9] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                       0xc000, 0x4400, 0xc400, 0x3118};
static const uint32_t fconst_f64_hi[8] = {0x3fe00000, 0xbfe00000, 0x3ff00000, 0xbff00000,
                                          0x40000000, 0xc0000000, 0x40100000, 0xc0100000};
static const uint16_t fconst_bf16[9] = {0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x4000,
                                        0xc000, 0x4080, 0xc080, 0x3e22};
static const char *const fconst_text[9] = {"0.5", "-0.5", "1.0", "-1.0", "2.0",
                                           "-2.0", "4.0", "-4.0", "0.15915494"};

static int is_inline_int(int64_t v) { return v >= -16 && v <= 64; }

size_t amd_imm_text(unsigned family, uint64_t imm, unsigned type, char *buf, size_t n)
{
  (void)family;
  uint32_t v = (uint32_t)imm;
  switch (type) {
  case AMD_T_F16: {
    int16_t s = (int16_t)v;
    if (is_inline_int(s)) return (size_t)snprintf(buf, n, "%d", s);
    for (int i = 0; i < 9; i++)
      if ((uint16_t)v == fconst_f16[i]) return (size_t)snprintf(buf, n, "%s", fconst_text[i]);
    return (size_t)snprintf(buf, n, "0x%x", v & 0xffffu);
  }
  case AMD_T_BF16: { /* the low half as a bf16 constant, else the whole dword */
    int16_t s = (int16_t)v;
    if (is_inline_int(s)) return (size_t)snprintf(buf, n, "%d", s);
    for (int i = 0; i < 9; i++)
      if ((uint16_t)v == fconst_bf16[i]) return (size_t)snprintf(buf, n, "%s", fconst_text[i]);
    return (size_t)snprintf(buf, n, "0x%x", v);
  }
  case AMD_T_PK: case AMD_T_PKBF: /* packed f16/bf16: the dword, named if a constant */
    if (is_inline_int((int32_t)v)) return (size_t)snprintf(buf, n, "%d", (int32_t)v);
    for (int i = 0; i < 9; i++)
      if (v == (type == AMD_T_PK ? fconst_f16[i] : fconst_bf16[i]))
        return (size_t)snprintf(buf, n, "%s", fconst_text[i]);
    return (size_t)snprintf(buf, n, "0x%x", v);
  case AMD_T_I16: case AMD_T_I16F:
    if (is_inline_int((int32_t)v)) return (size_t)snprintf(buf, n, "%d", (int32_t)v);
    for (int i = 0; i < 9; i++)
      if (v == fconst_f32[i]) return (size_t)snprintf(buf, n, "%s", fconst_text[i]);
    return (size_t)snprintf(buf, n, "0x%x", v & 0xffffu);
  case AMD_T_F64:
    if (v == 0) return (size_t)snprintf(buf, n, "0");
    for (int i = 0; i < 8; i++)
      if (v == fconst_f64_hi[i]) return (size_t)snprintf(buf, n, "%s", fconst_text[i]);
    return (size_t)snprintf(buf, n, "0x%x", v);
  case AMD_T_B64:
    if (is_inline_int((int64_t)v)) return (size_t)snprintf(buf, n, "%d", (int)v);
    return (size_t)snprintf(buf, n, "0x%x", v);
  default:
    if (is_inline_int((int32_t)v)) return (size_t)snprintf(buf, n, "%d", (int32_t)v);
    for (int i = 0; i < 9; i++)
      if (v == fconst_f32[i]) return (size_t)snprintf(buf, n, "%s", fconst_text[i]);
    return (size_t)snprintf(buf, n, "0x%x", v);
  }
}

static size_t reg_text(char prefix, const char *pfx2, unsigned first, unsigned size, char *buf,
                       size_t n)
{
  const char *p = pfx2 ? pfx2 : (prefix == 's' ? "s" : "v");
  if (size <= 1) return (size_t)snprintf(buf, n, "%s%u", p, first);
  return (size_t)snprintf(buf, n, "%s[%u:%u]", p, first, first + size - 1);
}

size_t amd_operand_text(unsigned family, const amd_operand *o, char *buf, size_t n)
{
  switch (o->kind) {
  case AMD_OPK_SGPR: return reg_text('s', NULL, o->val, o->size, buf, n);
  case AMD_OPK_VGPR: return reg_text('v', NULL, o->val, o->size, buf, n);
  case AMD_OPK_TTMP: return reg_text('s', "ttmp", o->val, o->size, buf, n);
  case AMD_OPK_SPECIAL: return (size_t)snprintf(buf, n, "%s", special_name(family, o->val, o->size));
  case AMD_OPK_ICONST: return (size_t)snprintf(buf, n, "%d", (int32_t)o->val);
  case AMD_OPK_FCONST: {
    unsigned i = o->val - SRC_F_FIRST;
    if (o->type == AMD_T_I16 || o->type == AMD_T_I16F) return (size_t)snprintf(buf, n, "0x%x", fconst_f16[i]);
    if (i == 8 && (o->type == AMD_T_F64 || o->type == AMD_T_B64))
      return (size_t)snprintf(buf, n, "0.15915494309189532");
    return (size_t)snprintf(buf, n, "%s", fconst_text[i]);
  }
  case AMD_OPK_LITERAL: return amd_imm_text(family, o->val, o->type, buf, n);
  case AMD_OPK_IMM: return (size_t)snprintf(buf, n, "0x%x", o->val);
  default: return (size_t)snprintf(buf, n, "<invalid>");
  }
}
