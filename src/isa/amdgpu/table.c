/* Instruction tables and decode indexes, generated from gfx9.def and
 * gfx11.def, and the targets. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/amdgpu/amdgpu.h"

const char *const amd_enc_names[AMD_NUM_ENC] = {
#define X(e) #e,
  AMD_ENCODINGS(X)
#undef X
};

const char *const amd_class_names[AMD_NUM_CLS] = {
#define X(c) #c,
  AMD_CLASSES(X)
#undef X
};

const uint8_t amd_type_dwords[AMD_NUM_TYPES] = {
#define X(t, s, n) n,
  AMD_TYPES(X)
#undef X
};

static const char *const role_names[AMD_NUM_ROLES] = {
#define X(r, s) s,
  AMD_ROLES(X)
#undef X
};
static const char *const type_names[AMD_NUM_TYPES] = {
#define X(t, s, n) s,
  AMD_TYPES(X)
#undef X
};

#define INSN(id, mn, enc, opc, ops, cls, fl, tg) \
  {mn, ops, (uint64_t)(fl), (uint16_t)(opc), AMD_ENC_##enc, AMD_CLS_##cls, (uint8_t)(tg), 0, {{0, 0, 0}}},
static amd_row gfx9_rows[AMD9_NUM_INSNS] = {
#include "isa/amdgpu/gfx9.def"
};
static amd_row gfx11_rows[AMD11_NUM_INSNS] = {
#include "isa/amdgpu/gfx11.def"
};
#undef INSN

static amd_table gfx9_table = {"gfx9", gfx9_rows, AMD9_NUM_INSNS, 9};
static amd_table gfx11_table = {"gfx11", gfx11_rows, AMD11_NUM_INSNS, 11};

/* Opcode spaces: the largest opcode field of any encoding + 1. */
#define AMD_MAX_OPC 1024
static int16_t index_[AMD_TARGET_COUNT][AMD_NUM_ENC][AMD_MAX_OPC];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static int lookup_name(const char *const *names, unsigned n, const char *s, size_t len)
{
  for (unsigned i = 0; i < n; i++)
    if (strlen(names[i]) == len && strncmp(names[i], s, len) == 0) return (int)i;
  return -1;
}

/* "role:type,role:type?,role" -> ops[].  A malformed table is a build
 * defect: abort with the row named. */
static void parse_ops(amd_row *r)
{
  const char *s = r->operands;
  r->nops = 0;
  while (*s) {
    const char *end = strchr(s, ',');
    size_t len = end ? (size_t)(end - s) : strlen(s);
    const char *colon = memchr(s, ':', len);
    size_t rlen = colon ? (size_t)(colon - s) : len;
    amd_row_op op = {0, AMD_T_NONE, 0};
    int role = lookup_name(role_names, AMD_NUM_ROLES, s, rlen);
    if (role < 0 || r->nops >= AMD_MAX_ROW_OPS) {
      fprintf(stderr, "ventsim: instruction table: bad operand list \"%s\" of %s\n", r->operands,
              r->mnemonic);
      abort();
    }
    op.role = (uint8_t)role;
    if (colon) {
      size_t tlen = len - rlen - 1;
      for (; tlen; tlen--) {
        char m = colon[tlen];
        if (m == '?') op.attr |= AMD_OPA_OPTIONAL;
        else if (m == '^') op.attr |= AMD_OPA_LO128;
        else if (m == '!') op.attr |= AMD_OPA_LO128X;
        else if (m == '~') op.attr |= AMD_OPA_DPPSEXT;
        else if (m == '%') op.attr |= AMD_OPA_SEXT;
        else break;
      }
      int type = lookup_name(type_names, AMD_NUM_TYPES, colon + 1, tlen);
      if (type < 0) {
        fprintf(stderr, "ventsim: instruction table: bad type in \"%s\" of %s\n", r->operands,
                r->mnemonic);
        abort();
      }
      op.type = (uint8_t)type;
    }
    r->ops[r->nops++] = op;
    s += len;
    if (*s == ',') s++;
  }
}

/* The VOP3 opcode of a VOP1/VOP2/VOPC row: gfx9 0x140+, 0x100+, +;
 * gfx11 0x180+, 0x100+, +. */
int amd_e64_opcode(unsigned family, const amd_row *r)
{
  switch (r->enc) {
  case AMD_ENC_VOPC: return r->opc;
  case AMD_ENC_VOP2: return 0x100 + r->opc;
  case AMD_ENC_VOP1: return (family == 11 ? 0x180 : 0x140) + r->opc;
  default: return -1;
  }
}

static void put(const amd_table *tb, int t, unsigned enc, int opc, unsigned row)
{
  if (opc < 0 || opc >= AMD_MAX_OPC) abort();
  if (index_[t][enc][opc] >= 0) {
    fprintf(stderr, "ventsim: instruction table %s: %s and %s share %s opcode 0x%x\n", tb->name,
            tb->rows[index_[t][enc][opc]].mnemonic, tb->rows[row].mnemonic, amd_enc_names[enc],
            (unsigned)opc);
    abort();
  }
  index_[t][enc][opc] = (int16_t)row;
}

static void index_table(amd_table *tb)
{
  for (unsigned i = 0; i < tb->nrows; i++) parse_ops(&tb->rows[i]);
  for (int t = AMD_GFX900; t < AMD_TARGET_COUNT; t++) {
    if (amd_table_for((amd_target)t) != tb) continue;
    for (unsigned i = 0; i < tb->nrows; i++) {
      const amd_row *r = &tb->rows[i];
      if (!(r->targets & (1u << t))) continue;
      put(tb, t, r->enc, r->opc, i);
      /* gfx9: VOP3P opcodes are VOP3 opcodes 0x380+ (the same words) */
      if (r->enc == AMD_ENC_VOP3P && tb->family == 9) put(tb, t, AMD_ENC_VOP3, 0x380 + r->opc, i);
      if (!(r->flags & F_NOE64) && amd_e64_opcode(tb->family, r) >= 0)
        put(tb, t, AMD_ENC_VOP3, amd_e64_opcode(tb->family, r), i);
    }
  }
}

static void build(void)
{
  memset(index_, 0xff, sizeof index_);
  index_table(&gfx9_table);
  index_table(&gfx11_table);
}

static void init(void) { pthread_once(&once, build); }

const amd_table *amd_table_gfx9(void)
{
  init();
  return &gfx9_table;
}

const amd_table *amd_table_gfx11(void)
{
  init();
  return &gfx11_table;
}

unsigned amd_family(amd_target t)
{
  switch (t) {
  case AMD_GFX900: case AMD_GFX906: return 9;
  case AMD_GFX1100: case AMD_GFX1100_W64: return 11;
  default: return 0;
  }
}

/* No init() here: index_table() calls it while building. */
const amd_table *amd_table_for(amd_target t)
{
  switch (amd_family(t)) {
  case 9: return &gfx9_table;
  case 11: return &gfx11_table;
  default: return NULL;
  }
}

int amd_lookup(amd_target t, unsigned enc, unsigned opc)
{
  init();
  if ((unsigned)t >= AMD_TARGET_COUNT || t == AMD_TARGET_NONE || enc >= AMD_NUM_ENC ||
      opc >= AMD_MAX_OPC)
    return -1;
  return index_[t][enc][opc];
}

const amd_row *amd_row_of(const amd_insn *d)
{
  const amd_table *tb = amd_table_for((amd_target)d->target);
  return tb && d->row < tb->nrows ? &tb->rows[d->row] : NULL;
}

const amd_row *amd_row_y(const amd_insn *d)
{
  const amd_table *tb = amd_table_for((amd_target)d->target);
  return tb && d->f.row_y < tb->nrows ? &tb->rows[d->f.row_y] : NULL;
}

/* ---- targets ---- */
static const struct { const char *name; uint8_t mach; } targets[AMD_TARGET_COUNT] = {
  [AMD_GFX900] = {"gfx900", 0x2c},
  [AMD_GFX906] = {"gfx906", 0x2f},
  [AMD_GFX1100] = {"gfx1100", 0x41},
  [AMD_GFX1100_W64] = {"gfx1100w64", 0x41},
};

amd_target amd_target_by_name(const char *name)
{
  for (int t = AMD_GFX900; t < AMD_TARGET_COUNT; t++)
    if (targets[t].name && strcmp(targets[t].name, name) == 0) return (amd_target)t;
  return AMD_TARGET_NONE;
}

const char *amd_target_name(amd_target t)
{
  return (unsigned)t < AMD_TARGET_COUNT && targets[t].name ? targets[t].name : "unknown";
}

/* The first target with the processor number: gfx1100 is wave32. */
amd_target amd_target_from_eflags(uint32_t e_flags)
{
  for (int t = AMD_GFX900; t < AMD_TARGET_COUNT; t++)
    if (targets[t].name && targets[t].mach == (e_flags & 0xffu)) return (amd_target)t;
  return AMD_TARGET_NONE;
}

int amd_target_is_wave64(amd_target t) { return t != AMD_GFX1100; }

amd_target amd_target_with_wave64(amd_target t, int wave64)
{
  if (amd_family(t) != 11) return t;
  return wave64 ? AMD_GFX1100_W64 : AMD_GFX1100;
}
