/* Operand syntax of the Ventus assembler, driven by the operand letters of
 * the instruction table (operands.c says what each letter is; this file
 * says how it is written):
 *
 *   d s t r      scalar register: x0..x255, ABI names (zero ra sp ... t6,
 *                t7..t39 for x32..x63), fp
 *   D S T R      vector register v0..v255
 *   0            the mask register, written v0
 *   i o l L      signed immediate (expression; %lo / %pcrel_lo for i, o)
 *   k            .vi immediate, signed 5 bits or 11 bits with regexti;
 *                must be a constant (it decides whether a prefix is needed)
 *   K            .vi immediate, unsigned 5 bits (11 with regexti), constant
 *   h z B        unsigned 5-bit immediate
 *   u            20-bit upper immediate (%hi / %pcrel_hi allowed)
 *   b a          branch / jump target: an address expression (a label, or a
 *                number meaning an absolute address, as in GNU as)
 *   c            CSR: name (csrs.def, incl. tid, CSR_TID ...) or number
 *   m            optional ", rne|rtz|rdn|rup|rmm|dyn" (default dyn)
 *   M            optional ", v0.t" (default: unmasked)
 *   P Q          fence set: any combination of i o r w, or 0
 *   y Y          vtype: e8|e16|e32|e64 [, m1|m2|m4|m8|mf2|mf4|mf8]
 *                [, ta|tu] [, ma|mu] (omitted: m1, tu, mu, as GNU as), or a
 *                number
 * An offset before "(reg)" may be omitted ("(a0)" = "0(a0)"), and "0" may
 * be written before a "(reg)" that has no offset field (amoadd.w, vle32.v). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "isa/ventus/asm_ventus.h"

void vtu_insn_init(vtu_insn *in, int op)
{
  memset(in, 0, sizeof *in);
  in->d.op = (uint16_t)op;
  VTU_F(&in->d)->vm = 1;
  VTU_F(&in->d)->rm = 7;
}

static int fail(vs_perr *pe, const vs_lex *lx, const char *what)
{
  char d[64];
  vs_perr_set(pe, lx, "%s, found %s", what, vs_tok_desc(vs_lex_peek(lx), d, sizeof d));
  return -1;
}

static int reg(vs_lex *lx, int vector, vs_perr *pe, int *out)
{
  const vs_tok *t = vs_lex_peek(lx);
  int x = t->kind == VS_T_IDENT ? vtu_parse_xreg(t->s, t->n) : -1;
  int v = t->kind == VS_T_IDENT ? vtu_parse_vreg(t->s, t->n) : -1;
  if ((vector ? v : x) >= 0) {
    *out = vector ? v : x;
    vs_lex_next(lx);
    return 0;
  }
  const char *want = vector ? "expected a vector register (v0..v255)"
                            : "expected a scalar register (x0..x255 or an ABI name)";
  if (vector ? x >= 0 : v >= 0) {
    vs_perr_set(pe, lx, "%s, found %s register '%.*s'", want, vector ? "scalar" : "vector",
                (int)t->n, t->s);
    return -1;
  }
  return fail(pe, lx, want);
}

static int range_error(vs_perr *pe, const vs_lex *lx, size_t tok, vs_pos pos, const char *what,
                       int64_t v, int64_t lo, int64_t hi)
{
  vs_perr_set(pe, lx, "%s %lld out of range [%lld, %lld]", what, (long long)v, (long long)lo,
              (long long)hi);
  pe->pos = pos;
  pe->tok = tok;
  return -1;
}

/* A constant expression for letters that must be known now. */
static int const_operand(vs_asm *as, vs_lex *lx, vs_perr *pe, int64_t *out, const char *what)
{
  size_t tok = lx->i;
  vs_pos pos = vs_lex_pos(lx);
  vs_expr *e = vs_parse_expr(as, lx, NULL, pe);
  if (!e) return -1;
  vs_val v = vs_eval_now(as, e, pe);
  if (v.kind != VS_VAL_ABS) {
    if (v.kind != VS_VAL_ERROR)
      snprintf(pe->msg, sizeof pe->msg, "%s must be a constant known at this point", what);
    pe->pos = pos;
    pe->tok = tok;
    return -1;
  }
  *out = v.v;
  return 0;
}

static int csr(vs_asm *as, vs_lex *lx, vtu_insn *in, vs_perr *pe)
{
  const vs_tok *t = vs_lex_peek(lx);
  if (t->kind == VS_T_IDENT) {
    int n = vtu_csr_lookup(t->s, t->n);
    if (n >= 0) {
      vs_lex_next(lx);
      vtu_field_set(&in->d, 'c', n);
      return 0;
    }
    const vs_tok *t2 = vs_lex_peek2(lx);
    if (t2->kind == VS_T_EOS || vs_tok_punct(t2, ',')) {
      vs_perr pe2;
      vs_val v = vs_eval_now(as, vs_expr_symbol(as, t->s, t->n), &pe2);
      if (v.kind != VS_VAL_ABS) return fail(pe, lx, "unknown CSR name");
    }
  }
  size_t tok = lx->i;
  vs_pos pos = vs_lex_pos(lx);
  int64_t v;
  if (const_operand(as, lx, pe, &v, "a CSR number")) return -1;
  if (v < 0 || v > 4095) return range_error(pe, lx, tok, pos, "CSR number", v, 0, 4095);
  vtu_field_set(&in->d, 'c', (int32_t)v);
  return 0;
}

static int fence_set(vs_lex *lx, char letter, vtu_insn *in, vs_perr *pe)
{
  const vs_tok *t = vs_lex_peek(lx);
  int v = 0;
  if (t->kind == VS_T_NUM && t->num == 0) {
    v = 0;
  } else if (t->kind == VS_T_IDENT) {
    for (uint32_t i = 0; i < t->n; i++) {
      const char *p = strchr("iorw", t->s[i]);
      int bit = p ? 8 >> (p - "iorw") : 0;
      if (!bit || (v & bit)) return fail(pe, lx, "expected a fence set (a combination of i, o, r, w, or 0)");
      v |= bit;
    }
  } else {
    return fail(pe, lx, "expected a fence set (a combination of i, o, r, w, or 0)");
  }
  vs_lex_next(lx);
  vtu_field_set(&in->d, letter, v);
  return 0;
}

static int vtype(vs_asm *as, vs_lex *lx, char letter, vtu_insn *in, vs_perr *pe)
{
  const vtu_operand_info *oi = vtu_operand(letter);
  const vs_tok *t = vs_lex_peek(lx);
  size_t tok = lx->i;
  vs_pos pos = vs_lex_pos(lx);
  int64_t v;
  if (t->kind == VS_T_IDENT && t->n >= 2 && t->s[0] == 'e' && isdigit((unsigned char)t->s[1])) {
    static const char *const sews[] = {"e8", "e16", "e32", "e64"};
    static const char *const lmuls[] = {"m1", "m2", "m4", "m8", NULL, "mf8", "mf4", "mf2"};
    int sew = -1;
    for (int i = 0; i < 4; i++)
      if (vs_tok_is(t, sews[i])) sew = i;
    if (sew < 0) return fail(pe, lx, "expected an element width (e8, e16, e32, e64)");
    vs_lex_next(lx);
    int lmul = 0, ta = 0, ma = 0;
    /* each optional field is tried in order after a comma */
    if (vs_tok_punct(vs_lex_peek(lx), ',')) {
      const vs_tok *n = vs_lex_peek2(lx);
      for (int i = 0; i < 8; i++)
        if (lmuls[i] && vs_tok_is(n, lmuls[i])) {
          lmul = i;
          vs_lex_next(lx);
          vs_lex_next(lx);
          break;
        }
    }
    if (vs_tok_punct(vs_lex_peek(lx), ',')) {
      const vs_tok *n = vs_lex_peek2(lx);
      if (vs_tok_is(n, "ta") || vs_tok_is(n, "tu")) {
        ta = vs_tok_is(n, "ta");
        vs_lex_next(lx);
        vs_lex_next(lx);
      }
    }
    if (vs_tok_punct(vs_lex_peek(lx), ',')) {
      const vs_tok *n = vs_lex_peek2(lx);
      if (vs_tok_is(n, "ma") || vs_tok_is(n, "mu")) {
        ma = vs_tok_is(n, "ma");
        vs_lex_next(lx);
        vs_lex_next(lx);
      }
    }
    if (vs_tok_punct(vs_lex_peek(lx), ',')) {
      vs_lex_next(lx);
      return fail(pe, lx, "expected an LMUL (m1, m2, m4, m8, mf2, mf4, mf8), then ta/tu, then ma/mu");
    }
    v = lmul | sew << 3 | ta << 6 | ma << 7;
  } else {
    if (const_operand(as, lx, pe, &v, "the vtype")) return -1;
    if (v < oi->min || v > oi->max) return range_error(pe, lx, tok, pos, "vtype", v, oi->min, oi->max);
  }
  vtu_field_set(&in->d, letter, (int32_t)v);
  return 0;
}

/* "(reg)" ahead with no offset before it: offset omitted. */
static int offset_omitted(const vs_lex *lx)
{
  if (!vs_tok_punct(vs_lex_peek(lx), '(') || lx->i + 3 >= lx->n) return 0;
  const vs_tok *r = &lx->t[lx->i + 1], *c = &lx->t[lx->i + 2], *after = &lx->t[lx->i + 3];
  return r->kind == VS_T_IDENT && vs_tok_punct(c, ')') && !vs_tok_punct(after, '(') &&
         (vtu_parse_xreg(r->s, r->n) >= 0 || vtu_parse_vreg(r->s, r->n) >= 0);
}

static int immediate(vs_asm *as, vs_lex *lx, char letter, const char *next, vtu_insn *in, vs_perr *pe)
{
  const vtu_operand_info *oi = vtu_operand(letter);
  if (*next == '(' && offset_omitted(lx)) {
    vtu_field_set(&in->d, letter, 0);
    return 0;
  }
  size_t tok = lx->i;
  vs_pos pos = vs_lex_pos(lx);
  int rop;
  vs_expr *e = vs_parse_expr(as, lx, &rop, pe);
  if (!e) return -1;
  if ((rop == VTU_R_HI || rop == VTU_R_PCREL_HI) && letter != 'u') {
    vs_perr_set(pe, lx, "%s is only valid as the operand of lui or auipc",
                rop == VTU_R_HI ? "%hi" : "%pcrel_hi");
    pe->pos = pos;
    return -1;
  }
  if ((rop == VTU_R_LO || rop == VTU_R_PCREL_LO) && letter != 'i' && letter != 'o') {
    vs_perr_set(pe, lx, "%s is only valid for a 12-bit immediate or load/store offset",
                rop == VTU_R_LO ? "%lo" : "%pcrel_lo");
    pe->pos = pos;
    return -1;
  }
  vs_perr pe2;
  vs_val v = oi->kind == VTU_K_PCREL ? (vs_val){VS_VAL_UNKNOWN, -1, 0} : vs_eval_now(as, e, &pe2);
  if (v.kind == VS_VAL_ERROR) {
    *pe = pe2;
    pe->pos = pos;
    pe->tok = tok;
    return -1;
  }
  if (v.kind == VS_VAL_ABS && (rop == VTU_R_NONE || rop == VTU_R_HI || rop == VTU_R_LO)) {
    int64_t x = v.v;
    if (rop == VTU_R_HI) x = (int64_t)((((uint64_t)x + 0x800u) >> 12) & 0xfffffu);
    if (rop == VTU_R_LO) x = (int64_t)(int32_t)((uint32_t)((uint64_t)x << 20)) >> 20;
    int64_t lo = oi->ext_min < oi->min ? oi->ext_min : oi->min;
    int64_t hi = oi->ext_max > oi->max ? oi->ext_max : oi->max;
    /* a prefix immediate (regext ...) is a 12-bit field: 0..4095 also reads well */
    if (vtu_rows[in->d.op].cls == VS_CLS_PREFIX && letter == 'i' && x >= 2048 && x <= 4095) x -= 4096;
    if (x < lo || x > hi) return range_error(pe, lx, tok, pos, "immediate", x, lo, hi);
    vtu_field_set(&in->d, letter, (int32_t)x);
    return 0;
  }
  if (letter == 'k' || letter == 'K' || letter == 'y' || letter == 'Y') {
    snprintf(pe->msg, sizeof pe->msg,
             "the immediate of this instruction must be a constant known at this point "
             "(it decides whether a regexti prefix is needed)");
    pe->pos = pos;
    pe->tok = tok;
    return -1;
  }
  if (in->nfx >= 2) {
    vs_perr_set(pe, lx, "too many symbolic operands");
    return -1;
  }
  vtu_fx *f = &in->fx[in->nfx++];
  f->letter = letter;
  f->rop = rop;
  f->e = e;
  f->pos = pos;
  vtu_field_set(&in->d, letter, 0);
  return 0;
}

static int operand(vs_asm *as, vs_lex *lx, const char *a, vtu_insn *in, vs_perr *pe)
{
  char c = *a;
  const vtu_operand_info *oi = vtu_operand(c);
  if (!oi) {
    vs_perr_set(pe, lx, "internal error: operand letter '%c' unknown", c);
    return -1;
  }
  int r;
  switch (oi->kind) {
  case VTU_K_XREG: case VTU_K_VREG:
    if (reg(lx, oi->kind == VTU_K_VREG, pe, &r)) return -1;
    vtu_field_set(&in->d, c, r);
    return 0;
  case VTU_K_V0:
    if (!vs_tok_is(vs_lex_peek(lx), "v0")) return fail(pe, lx, "expected v0 (the mask register)");
    vs_lex_next(lx);
    return 0;
  case VTU_K_CSR:
    return csr(as, lx, in, pe);
  case VTU_K_RM: {
    const vs_tok *t2 = vs_lex_peek2(lx);
    if (!vs_tok_punct(vs_lex_peek(lx), ',')) return 0;   /* optional: dyn */
    int rm = t2->kind == VS_T_IDENT ? vtu_parse_rm(t2->s, t2->n) : -1;
    if (rm < 0) {
      vs_lex_next(lx);
      return fail(pe, lx, "expected a rounding mode (rne, rtz, rdn, rup, rmm, dyn)");
    }
    vs_lex_next(lx);
    vs_lex_next(lx);
    vtu_field_set(&in->d, c, rm);
    return 0;
  }
  case VTU_K_VM:
    if (!vs_tok_punct(vs_lex_peek(lx), ',')) return 0;   /* optional: unmasked */
    vs_lex_next(lx);
    if (!vs_tok_is(vs_lex_peek(lx), "v0.t")) return fail(pe, lx, "expected the mask operand v0.t");
    vs_lex_next(lx);
    vtu_field_set(&in->d, c, 0);
    return 0;
  case VTU_K_FENCE:
    return fence_set(lx, c, in, pe);
  case VTU_K_VTYPE:
    return vtype(as, lx, c, in, pe);
  default:
    return immediate(as, lx, c, a + 1, in, pe);
  }
}

int vtu_parse_operands(vs_asm *as, vs_lex *lx, const char *args, vtu_insn *in, vs_perr *pe)
{
  for (const char *a = args; *a; a++) {
    if (*a == ',') {
      if (!vs_lex_accept(lx, ',')) return fail(pe, lx, "expected ','");
    } else if (*a == '(') {
      if (a > args && a[-1] == ',' && !vs_tok_punct(vs_lex_peek(lx), '(')) {
        /* "0(reg)" where the instruction has no offset */
        size_t tok = lx->i;
        vs_pos pos = vs_lex_pos(lx);
        int64_t v;
        if (const_operand(as, lx, pe, &v, "the offset")) return -1;
        if (v != 0) {
          snprintf(pe->msg, sizeof pe->msg, "this instruction has no address offset: only 0 may be written before '('");
          pe->pos = pos;
          pe->tok = tok;
          return -1;
        }
      }
      if (!vs_lex_accept(lx, '(')) return fail(pe, lx, "expected '('");
    } else if (*a == ')') {
      if (!vs_lex_accept(lx, ')')) return fail(pe, lx, "expected ')'");
    } else if (operand(as, lx, a, in, pe)) {
      return -1;
    }
  }
  return 0;
}
