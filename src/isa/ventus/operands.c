/* Operand letters of the instruction table: which bits each letter occupies,
 * which decoded field it lands in, its range and its syntax kind. */
#include <string.h>

#include "isa/ventus/ventus.h"

#define S12 -2048, 2047
static const vtu_operand_info operands[] = {
  /* letter kind       slot bits  min      max       ext_min  ext_max  align */
  {'d', VTU_K_XREG,  'd', 5,  0, 255, 0, 255, 0},
  {'s', VTU_K_XREG,  's', 5,  0, 255, 0, 255, 0},
  {'t', VTU_K_XREG,  't', 5,  0, 255, 0, 255, 0},
  {'r', VTU_K_XREG,  'r', 5,  0, 255, 0, 255, 0},
  {'D', VTU_K_VREG,  'd', 5,  0, 255, 0, 255, 0},
  {'S', VTU_K_VREG,  's', 5,  0, 255, 0, 255, 0},
  {'T', VTU_K_VREG,  't', 5,  0, 255, 0, 255, 0},
  {'R', VTU_K_VREG,  'r', 5,  0, 255, 0, 255, 0},  /* vs3: store data, bits 11:7 */
  {'i', VTU_K_SIMM,  'i', 12, S12, S12, 0},
  {'o', VTU_K_SIMM,  'i', 12, S12, S12, 0},
  {'b', VTU_K_PCREL, 'i', 13, -4096, 4094, -4096, 4094, 2},
  {'a', VTU_K_PCREL, 'i', 21, -1048576, 1048574, -1048576, 1048574, 2},
  {'u', VTU_K_UPPER, 'i', 20, 0, 0xfffff, 0, 0xfffff, 0},
  {'h', VTU_K_UIMM,  'i', 5,  0, 31, 0, 31, 0},
  {'c', VTU_K_CSR,   'i', 12, 0, 4095, 0, 4095, 0},
  {'z', VTU_K_UIMM,  's', 5,  0, 31, 0, 31, 0},
  {'m', VTU_K_RM,    'm', 3,  0, 7, 0, 7, 0},
  {'P', VTU_K_FENCE, 'i', 4,  0, 15, 0, 15, 0},
  {'Q', VTU_K_FENCE, 'i', 4,  0, 15, 0, 15, 0},
  {'k', VTU_K_SIMM,  'i', 5,  -16, 15, -1024, 1023, 0},
  {'K', VTU_K_UIMM,  'i', 5,  0, 31, 0, 2047, 0},
  {'y', VTU_K_VTYPE, 'i', 11, 0, 2047, 0, 2047, 0},
  {'Y', VTU_K_VTYPE, 'i', 10, 0, 1023, 0, 1023, 0},
  {'M', VTU_K_VM,    'v', 1,  0, 1, 0, 1, 0},
  {'0', VTU_K_V0,    0,   0,  0, 0, 0, 0, 0},
  {'l', VTU_K_SIMM,  'i', 11, -1024, 1023, -1024, 1023, 0},
  {'L', VTU_K_SIMM,  'i', 11, -1024, 1023, -1024, 1023, 0},
  {'B', VTU_K_UIMM,  'i', 5,  0, 31, 0, 31, 0},
};

const vtu_operand_info *vtu_operand(char letter)
{
  for (size_t i = 0; i < sizeof operands / sizeof operands[0]; i++)
    if (operands[i].letter == letter)
      return &operands[i];
  return NULL;
}

static uint32_t bits(uint32_t w, int hi, int lo)
{
  return (w >> lo) & ((1u << (hi - lo + 1)) - 1u);
}

static int32_t sext(uint32_t v, int width)
{
  uint32_t m = 1u << (width - 1);
  return (int32_t)((v ^ m) - m);
}

/* Raw (unextended, unsigned) bits of a letter's field. */
uint32_t vtu_bits_extract(char letter, uint32_t w)
{
  switch (letter) {
  case 'd': case 'D': case 'R': return bits(w, 11, 7);
  case 's': case 'S': case 'z': case 'k': case 'K': case 'B': return bits(w, 19, 15);
  case 't': case 'T': case 'h': return bits(w, 24, 20);
  case 'r': return bits(w, 31, 27);
  case 'i': case 'c': return bits(w, 31, 20);
  case 'o': return (bits(w, 31, 25) << 5) | bits(w, 11, 7);
  case 'b': return (bits(w, 31, 31) << 12) | (bits(w, 7, 7) << 11) |
                   (bits(w, 30, 25) << 5) | (bits(w, 11, 8) << 1);
  case 'a': return (bits(w, 31, 31) << 20) | (bits(w, 19, 12) << 12) |
                   (bits(w, 20, 20) << 11) | (bits(w, 30, 21) << 1);
  case 'u': return bits(w, 31, 12);
  case 'm': return bits(w, 14, 12);
  case 'P': return bits(w, 27, 24);
  case 'Q': return bits(w, 23, 20);
  case 'y': return bits(w, 30, 20);
  case 'Y': return bits(w, 29, 20);
  case 'M': return bits(w, 25, 25);
  case 'l': return bits(w, 30, 20);
  case 'L': return (bits(w, 30, 25) << 5) | bits(w, 11, 7);
  default: return 0;
  }
}

static uint32_t put(uint32_t w, int hi, int lo, uint32_t v)
{
  uint32_t m = ((1u << (hi - lo + 1)) - 1u) << lo;
  return (w & ~m) | ((v << lo) & m);
}

uint32_t vtu_bits_insert(char letter, uint32_t w, uint32_t v)
{
  switch (letter) {
  case 'd': case 'D': case 'R': return put(w, 11, 7, v);
  case 's': case 'S': case 'z': case 'k': case 'K': case 'B': return put(w, 19, 15, v);
  case 't': case 'T': case 'h': return put(w, 24, 20, v);
  case 'r': return put(w, 31, 27, v);
  case 'i': case 'c': return put(w, 31, 20, v);
  case 'o': return put(put(w, 31, 25, v >> 5), 11, 7, v);
  case 'b':
    w = put(w, 31, 31, v >> 12); w = put(w, 7, 7, v >> 11);
    w = put(w, 30, 25, v >> 5);  return put(w, 11, 8, v >> 1);
  case 'a':
    w = put(w, 31, 31, v >> 20); w = put(w, 19, 12, v >> 12);
    w = put(w, 20, 20, v >> 11); return put(w, 30, 21, v >> 1);
  case 'u': return put(w, 31, 12, v);
  case 'm': return put(w, 14, 12, v);
  case 'P': return put(w, 27, 24, v);
  case 'Q': return put(w, 23, 20, v);
  case 'y': return put(w, 30, 20, v);
  case 'Y': return put(w, 29, 20, v);
  case 'M': return put(w, 25, 25, v);
  case 'l': return put(w, 30, 20, v);
  case 'L': return put(put(w, 30, 25, v >> 5), 11, 7, v);
  default: return w;
  }
}

/* Value of a letter's operand in a decoded instruction. */
int32_t vtu_field_get(const vs_dinsn *d, char letter)
{
  switch (letter) {
  case 'd': case 'D': return VTU_F(d)->rd;
  case 's': case 'S': case 'z': return VTU_F(d)->rs1;
  case 't': case 'T': return VTU_F(d)->rs2;
  case 'r': case 'R': return VTU_F(d)->rs3;
  case 'm': return VTU_F(d)->rm;
  case 'M': return VTU_F(d)->vm;
  case 'P': return (VTU_F(d)->imm >> 4) & 15;
  case 'Q': return VTU_F(d)->imm & 15;
  case '0': return 0;
  default: return VTU_F(d)->imm;
  }
}

void vtu_field_set(vs_dinsn *d, char letter, int32_t v)
{
  switch (letter) {
  case 'd': case 'D': VTU_F(d)->rd = (uint16_t)v; break;
  case 's': case 'S': case 'z': VTU_F(d)->rs1 = (uint16_t)v; break;
  case 't': case 'T': VTU_F(d)->rs2 = (uint16_t)v; break;
  case 'r': case 'R': VTU_F(d)->rs3 = (uint16_t)v; break;
  case 'm': VTU_F(d)->rm = (uint8_t)v; break;
  case 'M': VTU_F(d)->vm = (uint8_t)v; break;
  case 'P': VTU_F(d)->imm = (VTU_F(d)->imm & 0x0f) | ((v & 15) << 4); break;
  case 'Q': VTU_F(d)->imm = (VTU_F(d)->imm & ~0x0f) | (v & 15); break;
  case '0': break;
  default: VTU_F(d)->imm = v; break;
  }
}

/* Decoded value of an immediate letter from its raw bits. */
int32_t vtu_imm_value(char letter, uint32_t raw);
int32_t vtu_imm_value(char letter, uint32_t raw)
{
  switch (letter) {
  case 'i': case 'o': return sext(raw, 12);
  case 'b': return sext(raw, 13);
  case 'a': return sext(raw, 21);
  case 'k': return sext(raw, 5);
  case 'l': case 'L': return sext(raw, 11);
  default: return (int32_t)raw;
  }
}

/* ---- register and rounding-mode names ---- */
static const char *const xabi[32] = {
  "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1",
  "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7",
  "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};

/* x32..x63, as the Ventus LLVM names them: t7..t10, then t12..t39 (no t11) */
static const char *const xabi_hi[32] = {
  "t7", "t8", "t9", "t10", "t12", "t13", "t14", "t15", "t16", "t17", "t18",
  "t19", "t20", "t21", "t22", "t23", "t24", "t25", "t26", "t27", "t28", "t29",
  "t30", "t31", "t32", "t33", "t34", "t35", "t36", "t37", "t38", "t39"};

const char *vtu_xreg_abi_name(unsigned r)
{
  return r < 32 ? xabi[r] : r < 64 ? xabi_hi[r - 32] : NULL;
}

static int parse_index(const char *s, size_t n, int max)
{
  if (n == 0 || n > 3) return -1;
  int v = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    v = v * 10 + (s[i] - '0');
  }
  if (n > 1 && s[0] == '0') return -1;
  return v <= max ? v : -1;
}

int vtu_parse_xreg(const char *s, size_t n)
{
  if (n >= 2 && s[0] == 'x') return parse_index(s + 1, n - 1, 255);
  for (int i = 0; i < 64; i++) {
    const char *nm = vtu_xreg_abi_name((unsigned)i);
    if (strlen(nm) == n && memcmp(nm, s, n) == 0) return i;
  }
  if (n == 2 && memcmp(s, "fp", 2) == 0) return 8;
  return -1;
}

int vtu_parse_vreg(const char *s, size_t n)
{
  if (n >= 2 && s[0] == 'v') return parse_index(s + 1, n - 1, 255);
  return -1;
}

static const char *const rms[8] = {"rne", "rtz", "rdn", "rup", "rmm", NULL, NULL, "dyn"};

const char *vtu_rm_name(unsigned rm) { return rm < 8 ? rms[rm] : NULL; }

int vtu_parse_rm(const char *s, size_t n)
{
  for (int i = 0; i < 8; i++)
    if (rms[i] && strlen(rms[i]) == n && memcmp(rms[i], s, n) == 0) return i;
  return -1;
}

/* ---- CSRs ---- */
static const struct { const char *name; uint16_t num; uint8_t kind; } csrs[] = {
#define STD VTU_CSR_STD
#define VENTUS VTU_CSR_VENTUS
#define ALT VTU_CSR_ALT
#define CSR(name, num, kind) {name, num, kind},
#include "isa/ventus/csrs.def"
#undef CSR
#undef STD
#undef VENTUS
#undef ALT
};

const char *vtu_csr_name(unsigned num, int include_ventus)
{
  for (size_t i = 0; i < sizeof csrs / sizeof csrs[0]; i++) {
    if (csrs[i].num != num || csrs[i].kind == VTU_CSR_ALT) continue;
    if (csrs[i].kind == VTU_CSR_VENTUS && !include_ventus) return NULL;
    return csrs[i].name;
  }
  return NULL;
}

int vtu_csr_lookup(const char *s, size_t n)
{
  for (size_t i = 0; i < sizeof csrs / sizeof csrs[0]; i++)
    if (strlen(csrs[i].name) == n && memcmp(csrs[i].name, s, n) == 0)
      return csrs[i].num;
  return -1;
}
