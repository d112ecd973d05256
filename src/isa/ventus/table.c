/* Instruction table, decoder and encoder generated from insns.def. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/ventus/ventus.h"

const vtu_row vtu_rows[VTU_NUM_INSNS] = {
#define INSN(id, mn, args, match, mask, cls, fl) \
  {mn, args, (uint32_t)(match), (uint32_t)(mask), VS_CLS_##cls, (uint8_t)(fl)},
#include "isa/ventus/insns.def"
#undef INSN
};

int32_t vtu_imm_value(char letter, uint32_t raw);

/* ---- aliases ---------------------------------------------------------- */
static const struct {
  const char *mn, *args, *cons;
  uint16_t base;
  uint8_t flags;
} alias_src[] = {
#define ALIAS(mn, args, base, cons, fl) {mn, args, cons, VTU_##base, fl},
#include "isa/ventus/aliases.def"
#undef ALIAS
};
#define NALIASES (sizeof alias_src / sizeof alias_src[0])
static vtu_alias aliases[NALIASES];

/* ---- decoder index: rows bucketed by (opcode, funct3) ------------------ */
static uint16_t bucket_start[1024 + 1];
static uint16_t bucket_rows[VTU_NUM_INSNS * 8];
typedef struct { const char *name; uint16_t id; } name_entry;
static name_entry by_name[VTU_NUM_INSNS];
static pthread_once_t init_once = PTHREAD_ONCE_INIT;

static int popcount32(uint32_t x) { return __builtin_popcount(x); }

static int cmp_name(const void *a, const void *b)
{
  const name_entry *x = a, *y = b;
  int c = strcmp(x->name, y->name);
  return c ? c : (int)x->id - (int)y->id; /* keep table order for equal names */
}

static void parse_constraints(vtu_alias *a, const char *s)
{
  a->ncons = 0;
  while (*s) {
    if (a->ncons >= VTU_MAX_CONSTRAINTS || !s[0] || s[1] != '=') abort();
    char field = s[0];
    s += 2;
    char *end;
    long v = strtol(s, &end, 0);
    a->cons[a->ncons].field = field;
    if (end == s) {          /* another letter */
      a->cons[a->ncons].other = *s;
      a->cons[a->ncons].value = 0;
      end = (char *)s + 1;
    } else {
      a->cons[a->ncons].other = 0;
      a->cons[a->ncons].value = (int32_t)v;
    }
    a->ncons++;
    s = end;
    if (*s == ',') s++;
  }
}

/* The decoder's index (what every run needs): rows bucketed by opcode and
 * funct3, more specific masks (more bits set) first, then table order. */
static void build_decoder(void)
{
  /* stable counting sort of the rows by descending mask popcount */
  unsigned nbits[33] = {0};
  for (int i = 0; i < VTU_NUM_INSNS; i++) nbits[popcount32(vtu_rows[i].mask)]++;
  unsigned at[33], pos = 0;
  for (int p = 32; p >= 0; p--) {
    at[p] = pos;
    pos += nbits[p];
  }
  uint16_t order[VTU_NUM_INSNS];
  for (int i = 0; i < VTU_NUM_INSNS; i++) order[at[popcount32(vtu_rows[i].mask)]++] = (uint16_t)i;
  /* bucket = opcode << 3 | funct3: a row whose mask fixes funct3 goes into
   * one bucket, any other into the 8 of its opcode; counted, then filled
   * in `order` (one pass over the rows, not one per bucket) */
  uint16_t fill[1024] = {0};
  for (int k = 0; k < VTU_NUM_INSNS; k++) {
    const vtu_row *r = &vtu_rows[order[k]];
    unsigned b = (r->match & 0x7f) << 3;
    if ((r->mask & 0x7000) == 0x7000) fill[b | ((r->match >> 12) & 7)]++;
    else
      for (unsigned f3 = 0; f3 < 8; f3++) fill[b | f3]++;
  }
  unsigned n = 0;
  for (unsigned b = 0; b < 1024; b++) {
    bucket_start[b] = (uint16_t)n;
    n += fill[b];
    fill[b] = bucket_start[b]; /* now the next free slot of the bucket */
  }
  bucket_start[1024] = (uint16_t)n;
  for (int k = 0; k < VTU_NUM_INSNS; k++) {
    const vtu_row *r = &vtu_rows[order[k]];
    unsigned b = (r->match & 0x7f) << 3;
    if ((r->mask & 0x7000) == 0x7000) bucket_rows[fill[b | ((r->match >> 12) & 7)]++] = order[k];
    else
      for (unsigned f3 = 0; f3 < 8; f3++) bucket_rows[fill[b | f3]++] = order[k];
  }
}

/* The names (the assembler's and the disassembler's): mnemonics sorted,
 * aliases with their constraints. */
static void build_names(void)
{
  for (int i = 0; i < VTU_NUM_INSNS; i++) {
    by_name[i].name = vtu_rows[i].mnemonic;
    by_name[i].id = (uint16_t)i;
  }
  qsort(by_name, VTU_NUM_INSNS, sizeof by_name[0], cmp_name);

  for (size_t i = 0; i < NALIASES; i++) {
    aliases[i].mnemonic = alias_src[i].mn;
    aliases[i].args = alias_src[i].args;
    aliases[i].base = alias_src[i].base;
    aliases[i].flags = alias_src[i].flags;
    parse_constraints(&aliases[i], alias_src[i].cons);
  }
}

static pthread_once_t names_once = PTHREAD_ONCE_INIT;
static void init(void) { pthread_once(&init_once, build_decoder); }
static void init_names(void) { pthread_once(&names_once, build_names); }

const vtu_alias *vtu_aliases(size_t *count)
{
  init_names();
  *count = NALIASES;
  return aliases;
}

int vtu_find_mnemonic(const char *s, size_t n)
{
  init_names();
  size_t lo = 0, hi = VTU_NUM_INSNS;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = strncmp(by_name[mid].name, s, n);
    if (c == 0 && by_name[mid].name[n] != '\0') c = 1;
    if (c < 0) lo = mid + 1; else hi = mid;
  }
  if (lo < VTU_NUM_INSNS && strncmp(by_name[lo].name, s, n) == 0 &&
      by_name[lo].name[n] == '\0')
    return by_name[lo].id;
  return -1;
}

/* ---- decoding --------------------------------------------------------- */
static int fill_fields(int op, uint32_t w, vs_dinsn *d)
{
  const vtu_row *r = &vtu_rows[op];
  memset(d, 0, sizeof *d);
  d->w[0] = w;
  d->op = (uint16_t)op;
  d->len = 4;
  VTU_F(d)->vm = 1;
  d->cls = r->cls;
  for (const char *a = r->args; *a; a++) {
    const vtu_operand_info *oi = vtu_operand(*a);
    if (!oi) continue;
    uint32_t raw = vtu_bits_extract(*a, w);
    switch (oi->kind) {
    case VTU_K_XREG: case VTU_K_VREG: case VTU_K_RM: case VTU_K_VM:
    case VTU_K_FENCE: case VTU_K_UIMM: case VTU_K_CSR: case VTU_K_VTYPE:
    case VTU_K_UPPER:
      vtu_field_set(d, *a, (int32_t)raw);
      break;
    case VTU_K_SIMM: case VTU_K_PCREL:
      vtu_field_set(d, *a, vtu_imm_value(*a, raw));
      break;
    case VTU_K_V0:
      VTU_F(d)->vm = 0;
      break;
    }
    if (oi->kind == VTU_K_RM && (raw == 5 || raw == 6))
      return -1; /* reserved rounding mode: not an instruction */
  }
  if (r->flags & VTU_F_AQRL) VTU_F(d)->aux = (uint8_t)((w >> 25) & 3);
  return 0;
}

int vtu_decode_word(uint32_t w, vs_dinsn *d)
{
  init();
  unsigned b = ((w & 0x7f) << 3) | ((w >> 12) & 7);
  for (unsigned k = bucket_start[b]; k < bucket_start[b + 1]; k++) {
    int op = bucket_rows[k];
    if ((w & vtu_rows[op].mask) == vtu_rows[op].match && fill_fields(op, w, d) == 0)
      return 0;
  }
  memset(d, 0, sizeof *d);
  d->w[0] = w;
  d->op = VTU_NUM_INSNS;
  d->len = 4;
  VTU_F(d)->vm = 1;
  d->cls = VS_CLS_ILLEGAL;
  return -1;
}

int vtu_is_prefix(uint32_t w)
{
  if ((w & 0x7f) != 0x0b) return 0;
  unsigned f3 = (w >> 12) & 7;
  return f3 == 2 || f3 == 3 || f3 == 5 || f3 == 7;
}

int vtu_apply_prefix(uint32_t pw, vs_dinsn *d)
{
  if (d->op >= VTU_NUM_INSNS || vtu_rows[d->op].cls == VS_CLS_PREFIX) return -1;
  const vtu_row *r = &vtu_rows[d->op];
  unsigned f3 = (pw >> 12) & 7;
  uint32_t e = pw >> 20;
  int imm_form = (f3 == 3 || f3 == 7);
  unsigned ext_d = e & 7, ext_s, ext_t, ext_r;
  if (imm_form) { ext_s = 0; ext_t = (e >> 3) & 7; ext_r = 0; }
  else { ext_s = (e >> 3) & 7; ext_t = (e >> 6) & 7; ext_r = (e >> 9) & 7; }
  for (const char *a = r->args; *a; a++) {
    const vtu_operand_info *oi = vtu_operand(*a);
    if (!oi) continue;
    if (oi->kind == VTU_K_XREG || oi->kind == VTU_K_VREG) {
      switch (oi->slot) {
      case 'd': VTU_F(d)->rd = (uint16_t)(VTU_F(d)->rd | ext_d << 5); break;
      case 's': VTU_F(d)->rs1 = (uint16_t)(VTU_F(d)->rs1 | ext_s << 5); break;
      case 't': VTU_F(d)->rs2 = (uint16_t)(VTU_F(d)->rs2 | ext_t << 5); break;
      case 'r': VTU_F(d)->rs3 = (uint16_t)(VTU_F(d)->rs3 | ext_r << 5); break;
      }
    } else if (imm_form && (*a == 'k' || *a == 'K')) {
      uint32_t v = ((e >> 6) & 63) << 5 | (vtu_bits_extract(*a, vtu_word(d)) & 31);
      VTU_F(d)->imm = *a == 'k' ? (int32_t)((v ^ 0x400u) - 0x400u) : (int32_t)v;
    }
  }
  d->w[1] = d->w[0]; /* the prefix comes first */
  d->w[0] = pw;
  d->len = 8;
  VTU_F(d)->aux = (uint8_t)((VTU_F(d)->aux & ~VTU_AUX_PFX_MASK) |
                     (f3 == 2 ? VTU_AUX_REGEXT : f3 == 3 ? VTU_AUX_REGEXTI :
                      f3 == 5 ? VTU_AUX_REGPAIR : VTU_AUX_REGPAIRI));
  return 0;
}

int vtu_decode(uint32_t w0, uint32_t w1, int have_w1, vs_dinsn *d)
{
  if (!vtu_is_prefix(w0) || !have_w1)
    return vtu_decode_word(w0, d);
  if (vtu_decode_word(w1, d) != 0 || vtu_apply_prefix(w0, d) != 0) {
    /* a prefix followed by something it cannot extend */
    vtu_decode_word(w0, d);
    VTU_F(d)->aux |= VTU_AUX_BADPFX;
    return -1;
  }
  return 0;
}

/* ---- encoding --------------------------------------------------------- */
int vtu_encode(const vs_dinsn *d, uint32_t *word, uint32_t *pword, char *err,
              size_t errlen)
{
  if (d->op >= VTU_NUM_INSNS) {
    snprintf(err, errlen, "not an instruction");
    return -1;
  }
  const vtu_row *r = &vtu_rows[d->op];
  uint32_t w = r->match;
  unsigned ext[4] = {0, 0, 0, 0}; /* d s t r */
  int need_imm_ext = 0;
  int32_t imm_ext_val = 0;
  for (const char *a = r->args; *a; a++) {
    const vtu_operand_info *oi = vtu_operand(*a);
    if (!oi) continue;
    int32_t v = vtu_field_get(d, *a);
    switch (oi->kind) {
    case VTU_K_XREG: case VTU_K_VREG: {
      if (v < 0 || v > 255) {
        snprintf(err, errlen, "register index %d out of range", (int)v);
        return -1;
      }
      if (v > 31 && r->cls == VS_CLS_PREFIX) {
        snprintf(err, errlen, "a prefix instruction cannot use register %d", (int)v);
        return -1;
      }
      int k = oi->slot == 'd' ? 0 : oi->slot == 's' ? 1 : oi->slot == 't' ? 2 : 3;
      ext[k] = (unsigned)v >> 5;
      w = vtu_bits_insert(*a, w, (uint32_t)v & 31);
      break;
    }
    case VTU_K_V0:
      break;
    case VTU_K_VM:
      w = vtu_bits_insert(*a, w, (uint32_t)(v & 1));
      break;
    case VTU_K_RM:
      if (v < 0 || v > 7 || !vtu_rm_name((unsigned)v)) {
        snprintf(err, errlen, "invalid rounding mode %d", (int)v);
        return -1;
      }
      w = vtu_bits_insert(*a, w, (uint32_t)v);
      break;
    default: {
      if (oi->align && (v & (oi->align - 1))) {
        snprintf(err, errlen, "offset %d is not a multiple of %d", (int)v, oi->align);
        return -1;
      }
      if (v < oi->min || v > oi->max) {
        if (v >= oi->ext_min && v <= oi->ext_max && oi->ext_max != oi->max) {
          need_imm_ext = 1;
          imm_ext_val = v;
        } else {
          snprintf(err, errlen, "immediate %d out of range [%d, %d]", (int)v,
                   (int)(oi->ext_max != oi->max ? oi->ext_min : oi->min),
                   (int)(oi->ext_max != oi->max ? oi->ext_max : oi->max));
          return -1;
        }
      }
      uint32_t raw = (uint32_t)v;
      if (oi->kind == VTU_K_PCREL || oi->kind == VTU_K_SIMM || oi->bits < 32)
        raw &= (oi->bits >= 32) ? 0xffffffffu : ((1u << oi->bits) - 1u);
      w = vtu_bits_insert(*a, w, raw);
      break;
    }
    }
  }
  if (r->flags & VTU_F_AQRL) w |= (uint32_t)(VTU_F(d)->aux & 3) << 25;
  *pword = 0;
  if (need_imm_ext) {
    if (ext[1] || ext[3]) {
      snprintf(err, errlen, "registers above 31 in the rs1/rs3 fields cannot be "
               "combined with an immediate beyond 5 bits (regexti extends rd and rs2 only)");
      return -1;
    }
    uint32_t e = ext[0] | ext[2] << 3 | (((uint32_t)imm_ext_val >> 5) & 63) << 6;
    *pword = 0x0000300bu | e << 20;
  } else if (ext[0] | ext[1] | ext[2] | ext[3]) {
    uint32_t e = ext[0] | ext[1] << 3 | ext[2] << 6 | ext[3] << 9;
    *pword = 0x0000200bu | e << 20;
  }
  *word = w;
  return 0;
}
