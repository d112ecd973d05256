/* The Ventus front end of the assembler (see asm_ventus.h): instruction
 * statements, prefix pairing, encoding, relocation operators, link-time
 * fixups and the ELF description of the target. */
#include <ctype.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa/ventus/asm_ventus.h"
#include "isa/ventus/frontend.h"

#ifndef EM_RISCV
#define EM_RISCV 243
#endif
#ifndef SHT_RISCV_ATTRIBUTES
#define SHT_RISCV_ATTRIBUTES 0x70000003
#endif

extern const char vs_ventus_start_code[];  /* generated from share/ventsim/start.s */

/* .riscv.attributes: Tag_RISCV_arch, the extensions Ventus code uses (the
 * string the Ventus toolchain writes, with current version numbers).  GNU
 * objdump 2.40 disassembles every instruction of it with zfinx register
 * names (fadd.s a0, a1, a2; vfadd.vf v1, v2, a0), exit status 0, but prints
 * "`zfinx' is conflict with the `f/d/q/zfh/zfhmin' extension" because it
 * takes zve32f to imply F.  The alternatives are worse: with zve32x instead
 * of zve32f it shows the vector float instructions as .4byte, and with f
 * instead of zfinx it names the scalar float operands fa0... */
#define VTU_ARCH "rv32i2p1_m2p0_a2p1_zicsr2p0_zifencei2p0_zfinx1p0_zve32f1p0_zve32x1p0_zvl32b1p0"
#define LE32(n) (char)((n) & 0xff), (char)(((n) >> 8) & 0xff), 0, 0
#define ARCH_LEN (sizeof VTU_ARCH)            /* with the NUL */
#define SUB_LEN (1 + 4 + 1 + ARCH_LEN)       /* Tag_File, size, Tag_RISCV_arch, string */
#define VENDOR_LEN (4 + 6 + SUB_LEN)         /* size, "riscv\0", subsection */
/* char arrays only: the struct has no padding, its bytes are the section */
static const struct {
  char head[17];
  char arch[ARCH_LEN];
} attributes = {{'A', LE32(VENDOR_LEN), 'r', 'i', 's', 'c', 'v', 0, 1, LE32(SUB_LEN), 5}, VTU_ARCH};
_Static_assert(sizeof attributes == 17 + ARCH_LEN, "the attribute bytes must be contiguous");

/* ---- prefixes ------------------------------------------------------------ */
static void clear_pending(vtu_asm_state *st) { st->pending = 0; }

void vtu_prefix_before_pseudo(vs_asm *as, vtu_asm_state *st, const char *mn, vs_pos pos)
{
  if (!st->pending) return;
  clear_pending(st);
  vs_asm_error(as, pos, "a prefix that cannot apply: '%s' is a pseudo-instruction that expands "
               "to its own instructions, so the %s before it has nothing to extend",
               mn, st->pname);
}

static void v_boundary(vs_asm *as, void *stv, int what, const char *name, vs_pos pos)
{
  vtu_asm_state *st = stv;
  if (!st->pending) return;
  clear_pending(st);
  /* a raw word right after a prefix is taken as the instruction it extends
   * (hand-encoded instructions, listings of old disassemblers) */
  if (what == VS_ASM_EV_DIRECTIVE && (strcmp(name, ".word") == 0 || strcmp(name, ".4byte") == 0 ||
                                  strcmp(name, ".long") == 0))
    return;
  if (what == VS_ASM_EV_LABEL)
    vs_asm_error(as, pos, "label '%s' between a %s prefix and the instruction it extends "
                 "(a prefix and its instruction must be adjacent)", name, st->pname);
  else if (what == VS_ASM_EV_DIRECTIVE)
    vs_asm_error(as, pos, "directive '%s' between a %s prefix and the instruction it extends "
                 "(a prefix and its instruction must be adjacent)", name, st->pname);
  else
    vs_asm_error(as, st->ppos, "%s prefix is not followed by an instruction", st->pname);
}

/* ---- encoding and emission -------------------------------------------- */
int vtu_emit(vs_asm *as, vtu_asm_state *st, vtu_insn *in, const char *extra, vs_pos pos,
            uint32_t *word_off)
{
  const vtu_row *r = &vtu_rows[in->d.op];
  uint32_t w, pw;
  char err[256];
  if (vtu_encode(&in->d, &w, &pw, err, sizeof err)) {
    clear_pending(st);
    vs_asm_error(as, pos, "%s: %s", r->mnemonic, err);
    return -1;
  }
  for (const char *a = extra; a && *a; a++) {
    const vtu_operand_info *oi = vtu_operand(*a);
    if (!oi || strchr(r->args, *a)) continue;
    int32_t v = vtu_field_get(&in->d, *a);
    if ((oi->kind == VTU_K_XREG || oi->kind == VTU_K_VREG) && v > 31) {
      clear_pending(st);
      vs_asm_error(as, pos, "%s: register %d cannot be encoded in an unused field", r->mnemonic, (int)v);
      return -1;
    }
    if (oi->bits > 0 && oi->bits < 32) w = vtu_bits_insert(*a, w, (uint32_t)v & ((1u << oi->bits) - 1u));
  }
  if (st->pending) {
    clear_pending(st);
    if (r->cls == VS_CLS_PREFIX) {
      vs_asm_error(as, pos, "a prefix that cannot apply: %s follows the %s prefix at line %u "
                   "(a prefix applies to the next instruction, which cannot be another prefix)",
                   r->mnemonic, st->pname, st->ppos.line);
      return -1;
    }
    if (pw) {
      vs_asm_error(as, pos, "a prefix that cannot apply: '%s' needs its own %s prefix (registers "
                   "above 31 or an immediate beyond 5 bits), so the explicit %s before it cannot apply",
                   r->mnemonic, (pw & 0x7000) == 0x3000 ? "regexti" : "regext", st->pname);
      return -1;
    }
  }
  if (vs_cur_offset(as) & 3) {
    vs_asm_error(as, pos, "instruction at offset %u, which is not a multiple of 4 "
                 "(add .align 2 before it)", vs_cur_offset(as));
    return -1;
  }
  if (pw && vs_emit32(as, pw, pos)) return -1;
  uint32_t off = vs_cur_offset(as);
  if (vs_emit32(as, w, pos)) return -1;
  for (int i = 0; i < in->nfx; i++) {
    vtu_fx *f = &in->fx[i];
    int32_t aux = f->rop == VTU_R_PCREL_PAIR ? (int32_t)(off - (uint32_t)f->aux) : f->aux;
    if (vs_add_fixup(as, off, VTU_FX_KIND(f->rop, f->letter), aux, f->e, f->pos)) return -1;
  }
  if (word_off) *word_off = off;
  if (r->cls == VS_CLS_PREFIX) {
    st->pending = 1;
    st->ppos = pos;
    snprintf(st->pname, sizeof st->pname, "%s", r->mnemonic);
  }
  return 0;
}

/* ---- instruction statements -------------------------------------------- */
#define MAX_CAND 16
typedef struct cand {
  int op;
  const vtu_alias *al;
  uint8_t aqrl;
} cand;

static int candidates(const char *mn, cand *c)
{
  int n = 0;
  int op = vtu_find_mnemonic(mn, strlen(mn));
  if (op >= 0) c[n++] = (cand){op, NULL, 0};
  /* .aq / .rl / .aqrl suffixes of the A instructions */
  static const char *const sfx[] = {".aqrl", ".aq", ".rl"};
  static const uint8_t bits[] = {3, 2, 1};
  size_t len = strlen(mn);
  for (int k = 0; k < 3 && op < 0; k++) {
    size_t sl = strlen(sfx[k]);
    if (len > sl && strcmp(mn + len - sl, sfx[k]) == 0) {
      int o = vtu_find_mnemonic(mn, len - sl);
      if (o >= 0 && (vtu_rows[o].flags & VTU_F_AQRL)) c[n++] = (cand){o, NULL, bits[k]};
      break;
    }
  }
  size_t na;
  const vtu_alias *al = vtu_aliases(&na);
  for (size_t i = 0; i < na && n < MAX_CAND; i++)
    if ((al[i].flags & AL_PARSE) && strcmp(al[i].mnemonic, mn) == 0)
      c[n++] = (cand){al[i].base, &al[i], 0};
  return n;
}

static void v_insn(vs_asm *as, void *stv, const vs_tok *mt, vs_lex *lx)
{
  vtu_asm_state *st = stv;
  vs_pos pos = vs_stmt_pos(as);
  char mn[40];
  if (mt->n >= sizeof mn) {
    clear_pending(st);
    vs_asm_error(as, pos, "unknown instruction mnemonic '%.*s'", (int)(mt->n > 60 ? 60 : mt->n), mt->s);
    return;
  }
  for (uint32_t i = 0; i < mt->n; i++) mn[i] = (char)tolower((unsigned char)mt->s[i]);
  mn[mt->n] = '\0';
  if (vtu_pseudo(as, st, mn, lx, pos)) return;
  cand c[MAX_CAND];
  int nc = candidates(mn, c);
  if (nc == 0) {
    clear_pending(st);
    vs_asm_error(as, pos, "unknown instruction mnemonic '%s'", mn);
    return;
  }
  size_t start = lx->i;
  vs_perr best;
  int have_best = 0;
  for (int k = 0; k < nc; k++) {
    vtu_insn in;
    vs_perr pe;
    vtu_insn_init(&in, c[k].op);
    VTU_F(&in.d)->aux = c[k].aqrl;
    lx->i = start;
    const char *args = c[k].al ? c[k].al->args : vtu_rows[c[k].op].args;
    int rc = vtu_parse_operands(as, lx, args, &in, &pe);
    if (rc == 0 && vs_lex_peek(lx)->kind != VS_T_EOS) {
      char d[64];
      vs_perr_set(&pe, lx, "unexpected %s after the operands of '%s'",
                  vs_tok_desc(vs_lex_peek(lx), d, sizeof d), mn);
      rc = -1;
    }
    if (rc == 0) {
      if (c[k].al) /* alias: fixed fields */
        for (int i = 0; i < c[k].al->ncons; i++) {
          const vtu_alias *al = c[k].al;
          int32_t v = al->cons[i].other ? vtu_field_get(&in.d, al->cons[i].other) : al->cons[i].value;
          vtu_field_set(&in.d, al->cons[i].field, v);
        }
      vtu_emit(as, st, &in, c[k].al ? c[k].al->args : NULL, pos, NULL);
      return;
    }
    if (!have_best || pe.tok > best.tok) {
      best = pe;
      have_best = 1;
    }
  }
  clear_pending(st);
  vs_asm_error(as, best.pos, "%s", best.msg);
}

/* ---- relocation operators and fixups ------------------------------------ */
static int v_reloc_op(const char *s, size_t n)
{
  static const struct { const char *name; int code; } ops[] = {
    {"hi", VTU_R_HI}, {"lo", VTU_R_LO}, {"pcrel_hi", VTU_R_PCREL_HI}, {"pcrel_lo", VTU_R_PCREL_LO}};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (strlen(ops[i].name) == n && memcmp(ops[i].name, s, n) == 0) return ops[i].code;
  return 0;
}

static int is_pcrel_hi(uint16_t kind)
{
  return kind >= VS_FX_TARGET && VTU_FX_ROP(kind) == VTU_R_PCREL_HI;
}

static int32_t lo12(int64_t v) { return (int32_t)((uint32_t)((uint64_t)v << 20)) >> 20; }

static int v_apply(vs_asm *as, void *st, const vs_fixup *f, uint8_t *loc, uint32_t pc, int64_t value,
                   char *err, size_t errlen)
{
  (void)st;
  char letter = VTU_FX_LETTER(f->kind);
  const vtu_operand_info *oi = vtu_operand(letter);
  if (!oi) {
    snprintf(err, errlen, "internal error: bad fixup kind 0x%x", f->kind);
    return -1;
  }
  int64_t v;
  switch (VTU_FX_ROP(f->kind)) {
  case VTU_R_HI:
    v = (int64_t)((((uint64_t)value + 0x800u) >> 12) & 0xfffffu);
    break;
  case VTU_R_LO:
    v = lo12(value);
    break;
  case VTU_R_PCREL_HI:
    v = (int64_t)((((uint64_t)value - pc + 0x800u) >> 12) & 0xfffffu);
    break;
  case VTU_R_PCREL_LO: {
    /* the operand names the label of the auipc (which may sit behind a
     * prefix word) */
    int64_t target;
    uint32_t haddr;
    if (!vs_link_fixup_at(as, (uint32_t)value, is_pcrel_hi, &target, &haddr) &&
        !vs_link_fixup_at(as, (uint32_t)value + 4, is_pcrel_hi, &target, &haddr)) {
      snprintf(err, errlen, "%%pcrel_lo: there is no %%pcrel_hi instruction at 0x%08x, the "
               "address of its operand (it must name the label of the auipc)", (uint32_t)value);
      return -1;
    }
    v = lo12(target - (int64_t)haddr);
    break;
  }
  case VTU_R_PCREL_PAIR:
    v = lo12(value - (int64_t)(pc - (uint32_t)f->aux));
    break;
  default:
    v = oi->kind == VTU_K_PCREL ? value - (int64_t)pc : value;
    if (oi->kind == VTU_K_PCREL && (v < oi->min || v > oi->max)) {
      snprintf(err, errlen, "%s target 0x%llx out of range: offset %lld from 0x%08x, allowed [%d, %d]",
               letter == 'b' ? "branch" : "jump", (unsigned long long)(uint64_t)value, (long long)v,
               pc, (int)oi->min, (int)oi->max);
      return -1;
    }
    if (oi->align && (v & (oi->align - 1))) {
      snprintf(err, errlen, "%s target offset %lld is not a multiple of %d",
               letter == 'b' ? "branch" : "jump", (long long)v, oi->align);
      return -1;
    }
    if (v < oi->min || v > oi->max) {
      snprintf(err, errlen, "immediate %lld out of range [%d, %d]", (long long)v, (int)oi->min,
               (int)oi->max);
      return -1;
    }
    break;
  }
  uint32_t w = (uint32_t)loc[0] | (uint32_t)loc[1] << 8 | (uint32_t)loc[2] << 16 | (uint32_t)loc[3] << 24;
  w = vtu_bits_insert(letter, w, (uint32_t)v & ((1u << oi->bits) - 1u));
  for (int i = 0; i < 4; i++) loc[i] = (uint8_t)(w >> (8 * i));
  return 0;
}

/* ---- the rest of the target -------------------------------------------- */
static void *v_create(vs_asm *as)
{
  (void)as;
  return calloc(1, sizeof(vtu_asm_state));
}

static void v_destroy(void *st) { free(st); }

static int v_is_register(const char *s, size_t n)
{
  return vtu_parse_xreg(s, n) >= 0 || vtu_parse_vreg(s, n) >= 0;
}

static void v_code_fill(uint8_t *p, size_t n)
{
  for (size_t i = 0; i + 4 <= n; i += 4) { /* addi zero, zero, 0 */
    p[i] = 0x13;
    p[i + 1] = p[i + 2] = p[i + 3] = 0;
  }
}

const vs_asm_target vs_asm_target_ventus = {
  .name = "ventus",
  .e_machine = EM_RISCV,
  .e_flags = 0,
  .default_text_addr = 0x80000000u,
  .start_code = vs_ventus_start_code,
  .attr_name = ".riscv.attributes",
  .attr_type = SHT_RISCV_ATTRIBUTES,
  .attr_data = (const uint8_t *)&attributes,
  .attr_len = sizeof attributes,
  .create = v_create,
  .destroy = v_destroy,
  .insn = v_insn,
  .boundary = v_boundary,
  .reloc_op = v_reloc_op,
  .is_register = v_is_register,
  .code_fill = v_code_fill,
  .apply = v_apply,
};
