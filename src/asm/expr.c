/* Expressions: parsing (C operator precedence), evaluation while assembling
 * (constants, .equ symbols and labels already placed) and at link time
 * (every address known).  Arithmetic is 64-bit two's complement. */
#include <stdio.h>
#include <string.h>

#include "asm/asm_int.h"

vs_expr *vs_expr_new(vs_asm *as, uint8_t op, vs_expr *a, vs_expr *b)
{
  vs_expr *e = vs_arena_alloc(&as->arena, sizeof *e);
  if (!e) { vs_asm_nomem(as); return NULL; }
  e->op = op;
  e->a = a;
  e->b = b;
  unsigned d = 0;
  if (a && a->depth > d) d = a->depth;
  if (b && b->depth > d) d = b->depth;
  e->depth = (uint16_t)(d + 1);
  return e;
}

vs_expr *vs_expr_num(vs_asm *as, int64_t v)
{
  vs_expr *e = vs_expr_new(as, VS_X_NUM, NULL, NULL);
  if (e) e->num = v;
  return e;
}

vs_expr *vs_expr_loc(vs_asm *as)
{
  vs_expr *e = vs_expr_new(as, VS_X_LOC, NULL, NULL);
  if (e) {
    e->sec = as->cur_sec;
    e->off = vs_cur_offset(as);
  }
  return e;
}

static vs_expr *sym_node(vs_asm *as, vs_sym *s)
{
  if (!s) return NULL;
  /* A symbol set to a constant (.equ/.set) is folded now: a later .set of
   * the same name does not change expressions written before it. */
  if (s->def == VS_SYM_EQU && !s->expr) return vs_expr_num(as, s->value);
  vs_expr *e = vs_expr_new(as, VS_X_SYM, NULL, NULL);
  if (e) e->sym = s;
  return e;
}

vs_expr *vs_expr_symbol(vs_asm *as, const char *name, size_t n)
{
  return sym_node(as, vs_sym_get(as, name, n));
}

/* ---- parser ------------------------------------------------------------ */
typedef struct pstate {
  vs_asm *as;
  vs_lex *lx;
  vs_perr *pe;
  int depth;
} pstate;

static vs_expr *parse_binary(pstate *ps, int minprec);

static vs_expr *fail(pstate *ps, const char *what)
{
  char d[64];
  vs_perr_set(ps->pe, ps->lx, "%s, found %s", what, vs_tok_desc(vs_lex_peek(ps->lx), d, sizeof d));
  return NULL;
}

static vs_expr *checked(pstate *ps, vs_expr *e)
{
  if (!e) {
    vs_perr_set(ps->pe, ps->lx, "out of memory");
    return NULL;
  }
  if (e->depth > VS_ASM_MAX_TREE) {
    vs_perr_set(ps->pe, ps->lx, "expression too complex (more than %d levels)", VS_ASM_MAX_TREE);
    return NULL;
  }
  return e;
}

static vs_expr *parse_primary(pstate *ps)
{
  vs_lex *lx = ps->lx;
  const vs_tok *t = vs_lex_peek(lx);
  if (++ps->depth > VS_ASM_MAX_DEPTH) {
    vs_perr_set(ps->pe, lx, "expression nested too deeply (more than %d levels)", VS_ASM_MAX_DEPTH);
    return NULL;
  }
  vs_expr *e = NULL;
  if (t->kind == VS_T_NUM) {
    vs_lex_next(lx);
    e = checked(ps, vs_expr_num(ps->as, (int64_t)t->num));
  } else if (t->kind == VS_T_IDENT) {
    vs_lex_next(lx);
    if (t->n == 1 && t->s[0] == '.') e = checked(ps, vs_expr_loc(ps->as));
    else e = checked(ps, vs_expr_symbol(ps->as, t->s, t->n));
  } else if (t->kind == VS_T_LREF) {
    vs_sym *s = vs_sym_numeric(ps->as, t->num, t->p, ps->pe, lx);
    if (!s) return NULL;
    vs_lex_next(lx);
    e = checked(ps, sym_node(ps->as, s));
  } else if (vs_tok_punct(t, '(')) {
    vs_lex_next(lx);
    e = parse_binary(ps, 0);
    if (!e) return NULL;
    if (!vs_lex_accept(lx, ')')) return fail(ps, "expected ')'");
  } else if (vs_tok_punct(t, '-') || vs_tok_punct(t, '~') || vs_tok_punct(t, '!') ||
             vs_tok_punct(t, '+')) {
    vs_lex_next(lx);
    vs_expr *a = parse_primary(ps);
    if (!a) return NULL;
    if (t->p == '+') e = a;
    else e = checked(ps, vs_expr_new(ps->as, t->p == '-' ? VS_X_NEG : t->p == '~' ? VS_X_NOT : VS_X_LNOT, a, NULL));
  } else if (vs_tok_punct(t, '%')) {
    vs_perr_set(ps->pe, lx, "a relocation operator (%%hi, %%lo, ...) must be the whole operand");
    return NULL;
  } else {
    return fail(ps, "expected an expression");
  }
  ps->depth--;
  return e;
}

/* C precedence: * / % (5), + - (4), << >> (3), & (2), ^ (1), | (0) */
static int binop(const vs_tok *t, int *prec)
{
  if (t->kind != VS_T_PUNCT) return -1;
  switch (t->p) {
  case '*': *prec = 5; return VS_X_MUL;
  case '/': *prec = 5; return VS_X_DIV;
  case '%': *prec = 5; return VS_X_MOD;
  case '+': *prec = 4; return VS_X_ADD;
  case '-': *prec = 4; return VS_X_SUB;
  case '<': *prec = 3; return VS_X_SHL;
  case '>': *prec = 3; return VS_X_SHR;
  case '&': *prec = 2; return VS_X_AND;
  case '^': *prec = 1; return VS_X_XOR;
  case '|': *prec = 0; return VS_X_OR;
  default: return -1;
  }
}

static vs_expr *parse_binary(pstate *ps, int minprec)
{
  vs_expr *l = parse_primary(ps);
  while (l) {
    int prec, op = binop(vs_lex_peek(ps->lx), &prec);
    if (op < 0 || prec < minprec) break;
    vs_lex_next(ps->lx);
    if (++ps->depth > VS_ASM_MAX_DEPTH) {
      vs_perr_set(ps->pe, ps->lx, "expression nested too deeply (more than %d levels)", VS_ASM_MAX_DEPTH);
      return NULL;
    }
    vs_expr *r = parse_binary(ps, prec + 1);
    ps->depth--;
    if (!r) return NULL;
    l = checked(ps, vs_expr_new(ps->as, (uint8_t)op, l, r));
  }
  return l;
}

vs_expr *vs_parse_expr(vs_asm *as, vs_lex *lx, int *reloc, vs_perr *pe)
{
  pstate ps = {as, lx, pe, 0};
  if (reloc) *reloc = 0;
  const vs_tok *t = vs_lex_peek(lx), *t2 = vs_lex_peek2(lx);
  if (reloc && vs_tok_punct(t, '%') && t2->kind == VS_T_IDENT && t2->s == t->s + 1) {
    int code = as->tgt->reloc_op ? as->tgt->reloc_op(t2->s, t2->n) : 0;
    if (!code) {
      vs_perr_set(pe, lx, "unknown relocation operator '%%%.*s'", (int)t2->n, t2->s);
      return NULL;
    }
    vs_lex_next(lx);
    vs_lex_next(lx);
    if (!vs_lex_accept(lx, '(')) return fail(&ps, "expected '(' after the relocation operator");
    vs_expr *e = parse_binary(&ps, 0);
    if (!e) return NULL;
    if (!vs_lex_accept(lx, ')')) return fail(&ps, "expected ')'");
    *reloc = code;
    return e;
  }
  return parse_binary(&ps, 0);
}

/* ---- arithmetic shared by both evaluators ----------------------------- */
static int arith(int op, int64_t a, int64_t b, int64_t *out, char *msg, size_t n)
{
  uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
  switch (op) {
  case VS_X_ADD: *out = (int64_t)(ua + ub); return 0;
  case VS_X_SUB: *out = (int64_t)(ua - ub); return 0;
  case VS_X_MUL: *out = (int64_t)(ua * ub); return 0;
  case VS_X_AND: *out = (int64_t)(ua & ub); return 0;
  case VS_X_OR:  *out = (int64_t)(ua | ub); return 0;
  case VS_X_XOR: *out = (int64_t)(ua ^ ub); return 0;
  case VS_X_DIV: case VS_X_MOD:
    if (b == 0) { snprintf(msg, n, "division by zero"); return -1; }
    if (b == -1) *out = op == VS_X_DIV ? (int64_t)(0 - ua) : 0;
    else *out = op == VS_X_DIV ? a / b : a % b;
    return 0;
  case VS_X_SHL: case VS_X_SHR:
    if (b < 0 || b > 63) {
      snprintf(msg, n, "shift count %lld out of range [0, 63]", (long long)b);
      return -1;
    }
    if (op == VS_X_SHL) *out = (int64_t)(ua << b);
    else *out = a >= 0 ? (int64_t)(ua >> b) : (int64_t)~(~ua >> b); /* arithmetic */
    return 0;
  }
  snprintf(msg, n, "bad operator");
  return -1;
}

static int64_t unary(int op, int64_t a)
{
  switch (op) {
  case VS_X_NEG: return (int64_t)(0 - (uint64_t)a);
  case VS_X_NOT: return (int64_t)~(uint64_t)a;
  default: return a == 0;
  }
}

/* ---- evaluation while assembling ------------------------------------- */
static vs_val val_err(vs_perr *pe, const char *msg)
{
  vs_val v = {VS_VAL_ERROR, -1, 0};
  snprintf(pe->msg, sizeof pe->msg, "%s", msg);
  return v;
}

static vs_val eval_now(vs_asm *as, const vs_expr *e, vs_perr *pe, int depth)
{
  vs_val r = {VS_VAL_UNKNOWN, -1, 0};
  if (depth > VS_ASM_MAX_TREE) return val_err(pe, "symbol definitions nested too deeply or circular");
  switch (e->op) {
  case VS_X_NUM: r.kind = VS_VAL_ABS; r.v = e->num; return r;
  case VS_X_LOC: r.kind = VS_VAL_REL; r.sec = e->sec; r.v = e->off; return r;
  case VS_X_SYM: {
    vs_sym *s = e->sym;
    if (s->def == VS_SYM_LABEL) { r.kind = VS_VAL_REL; r.sec = s->sec; r.v = s->off; return r; }
    if (s->def == VS_SYM_EQU) {
      if (!s->expr) { r.kind = VS_VAL_ABS; r.v = s->value; return r; }
      if (s->resolving) {
        snprintf(pe->msg, sizeof pe->msg, "symbol '%s' is defined in terms of itself", s->name);
        r.kind = VS_VAL_ERROR;
        return r;
      }
      s->resolving = 1;
      r = eval_now(as, s->expr, pe, depth + 1);
      s->resolving = 0;
      return r;
    }
    return r; /* undefined so far */
  }
  case VS_X_NEG: case VS_X_NOT: case VS_X_LNOT: {
    vs_val a = eval_now(as, e->a, pe, depth + 1);
    if (a.kind != VS_VAL_ABS) return a.kind == VS_VAL_ERROR ? a : r;
    a.v = unary(e->op, a.v);
    return a;
  }
  default: {
    vs_val a = eval_now(as, e->a, pe, depth + 1);
    if (a.kind == VS_VAL_ERROR) return a;
    vs_val b = eval_now(as, e->b, pe, depth + 1);
    if (b.kind == VS_VAL_ERROR) return b;
    if (a.kind == VS_VAL_ABS && b.kind == VS_VAL_ABS) {
      char msg[128];
      if (arith(e->op, a.v, b.v, &r.v, msg, sizeof msg)) return val_err(pe, msg);
      r.kind = VS_VAL_ABS;
      return r;
    }
    if (e->op == VS_X_ADD && a.kind == VS_VAL_REL && b.kind == VS_VAL_ABS) { a.v += b.v; return a; }
    if (e->op == VS_X_ADD && a.kind == VS_VAL_ABS && b.kind == VS_VAL_REL) { b.v += a.v; return b; }
    if (e->op == VS_X_SUB && a.kind == VS_VAL_REL && b.kind == VS_VAL_ABS) { a.v -= b.v; return a; }
    if (e->op == VS_X_SUB && a.kind == VS_VAL_REL && b.kind == VS_VAL_REL && a.sec == b.sec) {
      r.kind = VS_VAL_ABS;
      r.v = a.v - b.v;
      return r;
    }
    return r;
  }
  }
}

vs_val vs_eval_now(vs_asm *as, const vs_expr *e, vs_perr *pe)
{
  return eval_now(as, e, pe, 0);
}

/* ---- evaluation at link time ----------------------------------------- */
static int link_eval(vs_asm *as, const vs_expr *e, vs_pos pos, int64_t *out, int depth);

/* Global definition for an undefined reference, with a hint when the name
 * is only defined locally in some file. */
static vs_sym *resolve(vs_asm *as, vs_sym *s, vs_pos pos)
{
  vs_sym *g = vs_symtab_find(&as->globals, s->name, strlen(s->name));
  if (g) return g;
  if (!s->reported) {
    s->reported = 1;
    vs_asm_error(as, pos, "undefined symbol '%s'", vs_sym_shown(s));
    if (!s->internal)
      for (size_t f = 0; f < as->nfiles; f++) {
        vs_sym *o = vs_symtab_find(&as->files[f].syms, s->name, strlen(s->name));
        if (o && o != s && o->def != VS_SYM_UNDEF) {
          vs_asm_note(as, o->pos, "'%s' is defined here but not declared .globl", o->name);
          break;
        }
      }
  }
  return NULL;
}

int vs_link_sym_value(vs_asm *as, vs_sym *s, vs_pos pos, int64_t *out, int depth)
{
  if (depth > VS_ASM_MAX_TREE) {
    vs_asm_error(as, pos, "symbol definitions nested too deeply");
    return -1;
  }
  if (s->def == VS_SYM_UNDEF) {
    vs_sym *g = resolve(as, s, pos);
    if (!g) return -1;
    s = g;
  }
  if (s->def == VS_SYM_LABEL) {
    *out = (int64_t)as->secs[s->sec].addr + s->off;
    return 0;
  }
  if (!s->expr) {
    *out = s->value;
    return 0;
  }
  if (s->resolving) {
    vs_asm_error(as, pos, "symbol '%s' is defined in terms of itself", s->name);
    return -1;
  }
  s->resolving = 1;
  int rc = link_eval(as, s->expr, pos, out, depth + 1);
  s->resolving = 0;
  return rc;
}

static int link_eval(vs_asm *as, const vs_expr *e, vs_pos pos, int64_t *out, int depth)
{
  int64_t a, b;
  switch (e->op) {
  case VS_X_NUM: *out = e->num; return 0;
  case VS_X_LOC: *out = (int64_t)as->secs[e->sec].addr + e->off; return 0;
  case VS_X_SYM: return vs_link_sym_value(as, e->sym, pos, out, depth + 1);
  case VS_X_NEG: case VS_X_NOT: case VS_X_LNOT:
    if (link_eval(as, e->a, pos, &a, depth + 1)) return -1;
    *out = unary(e->op, a);
    return 0;
  default: {
    if (link_eval(as, e->a, pos, &a, depth + 1) || link_eval(as, e->b, pos, &b, depth + 1))
      return -1;
    char msg[128];
    if (arith(e->op, a, b, out, msg, sizeof msg)) {
      vs_asm_error(as, pos, "%s", msg);
      return -1;
    }
    return 0;
  }
  }
}

int vs_link_eval(vs_asm *as, const vs_expr *e, vs_pos pos, int64_t *out)
{
  return link_eval(as, e, pos, out, 0);
}
