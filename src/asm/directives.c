/* Assembler directives (GNU as syntax, RISC-V meanings: .align n is 2^n
 * bytes).  Accepted without effect: .option (rvc, norvc, push, pop, relax,
 * norelax, pic, nopic, arch), .file, .ident, .attribute and .cfi_* — the
 * output is a final executable without compressed instructions, debug
 * information or linker relaxation, so none of them changes it. */
#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"

#define MAX_ALIGN 65536u

static void tok_error(vs_asm *as, vs_lex *lx, const char *what)
{
  char d[64];
  vs_asm_error(as, vs_lex_pos(lx), "%s, found %s", what, vs_tok_desc(vs_lex_peek(lx), d, sizeof d));
}

static int end_of_statement(vs_asm *as, vs_lex *lx)
{
  if (vs_lex_peek(lx)->kind == VS_T_EOS) return 0;
  tok_error(as, lx, "expected end of statement after the directive's operands");
  return -1;
}

/* A constant expression; what names it in messages. */
static int const_expr(vs_asm *as, vs_lex *lx, int64_t *v, const char *what)
{
  vs_perr pe;
  vs_pos pos = vs_lex_pos(lx);
  vs_expr *e = vs_parse_expr(as, lx, NULL, &pe);
  if (!e) { vs_asm_error(as, pe.pos, "%s", pe.msg); return -1; }
  vs_val r = vs_eval_now(as, e, &pe);
  if (r.kind == VS_VAL_ERROR) { vs_asm_error(as, pos, "%s", pe.msg); return -1; }
  if (r.kind != VS_VAL_ABS) {
    vs_asm_error(as, pos, "%s must be a constant known at this point", what);
    return -1;
  }
  *v = r.v;
  return 0;
}

static vs_sym *sym_operand(vs_asm *as, vs_lex *lx)
{
  const vs_tok *t = vs_lex_peek(lx);
  if (t->kind != VS_T_IDENT || (t->n == 1 && t->s[0] == '.')) {
    tok_error(as, lx, "expected a symbol name");
    return NULL;
  }
  vs_lex_next(lx);
  return vs_sym_get(as, t->s, t->n);
}

/* ---- sections ---------------------------------------------------------- */
static int d_named(vs_asm *as, vs_lex *lx, const char *name)
{
  if (end_of_statement(as, lx)) return -1;
  return vs_section_switch(as, name, strlen(name), 0, 0, 0, 0, as->stmt);
}
static int d_text(vs_asm *as, vs_lex *lx) { return d_named(as, lx, ".text"); }
static int d_data(vs_asm *as, vs_lex *lx) { return d_named(as, lx, ".data"); }
static int d_rodata(vs_asm *as, vs_lex *lx) { return d_named(as, lx, ".rodata"); }
static int d_bss(vs_asm *as, vs_lex *lx) { return d_named(as, lx, ".bss"); }

static int d_previous(vs_asm *as, vs_lex *lx)
{
  if (end_of_statement(as, lx)) return -1;
  int32_t t = as->cur_sec;
  as->cur_sec = as->prev_sec;
  as->prev_sec = t;
  return 0;
}

static int d_section(vs_asm *as, vs_lex *lx)
{
  const vs_tok *t = vs_lex_peek(lx);
  const char *name;
  size_t n;
  if (t->kind == VS_T_IDENT) { name = t->s; n = t->n; }
  else if (t->kind == VS_T_STR) { name = t->s + 1; n = t->n - 2; }
  else { tok_error(as, lx, "expected a section name"); return -1; }
  if (n == 0 || memchr(name, '\\', n)) {
    vs_asm_error(as, vs_lex_pos(lx), "invalid section name");
    return -1;
  }
  vs_lex_next(lx);
  int has_flags = 0, nobits_given = 0, nobits = 0;
  uint32_t flags = 0;
  if (vs_lex_accept(lx, ',')) {
    const vs_tok *f = vs_lex_peek(lx);
    if (f->kind != VS_T_STR) { tok_error(as, lx, "expected section flags such as \"ax\" or \"aw\""); return -1; }
    has_flags = 1;
    for (uint32_t i = 1; i + 1 < f->n; i++) {
      switch (f->s[i]) {
      case 'a': flags |= VS_SEC_ALLOC; break;
      case 'w': flags |= VS_SEC_WRITE; break;
      case 'x': flags |= VS_SEC_EXEC; break;
      case 'M': case 'S': break;  /* merge/strings: no effect in a final link */
      default:
        vs_asm_error(as, vs_lex_pos(lx), "unknown section flag '%c' (known: a, w, x, M, S)", f->s[i]);
        return -1;
      }
    }
    vs_lex_next(lx);
    if (vs_lex_accept(lx, ',')) {
      if (!vs_lex_accept(lx, '@') && !vs_lex_accept(lx, '%')) {
        tok_error(as, lx, "expected @progbits or @nobits");
        return -1;
      }
      if (vs_tok_is(vs_lex_peek(lx), "progbits")) nobits = 0;
      else if (vs_tok_is(vs_lex_peek(lx), "nobits")) nobits = 1;
      else { tok_error(as, lx, "expected @progbits or @nobits"); return -1; }
      nobits_given = 1;
      vs_lex_next(lx);
      if (vs_lex_accept(lx, ',')) { /* entity size: accepted, unused */
        int64_t es;
        if (const_expr(as, lx, &es, "the entity size")) return -1;
      }
    }
  }
  if (end_of_statement(as, lx)) return -1;
  return vs_section_switch(as, name, n, has_flags, flags, nobits_given, nobits, as->stmt);
}

/* ---- symbols ----------------------------------------------------------- */
static int symbol_list(vs_asm *as, vs_lex *lx, int global)
{
  do {
    vs_sym *s = sym_operand(as, lx);
    if (!s) return -1;
    if (s->internal) { vs_asm_error(as, as->stmt, "a numeric label cannot be global"); return -1; }
    if (global) { s->global = 1; s->local = 0; }
    else { s->local = 1; s->global = 0; }
    if (s->def == VS_SYM_UNDEF && !s->pos.line) s->pos = as->stmt;
  } while (vs_lex_accept(lx, ','));
  return end_of_statement(as, lx);
}
static int d_globl(vs_asm *as, vs_lex *lx) { return symbol_list(as, lx, 1); }
static int d_local(vs_asm *as, vs_lex *lx) { return symbol_list(as, lx, 0); }

static int d_type(vs_asm *as, vs_lex *lx)
{
  vs_sym *s = sym_operand(as, lx);
  if (!s) return -1;
  if (!vs_lex_accept(lx, ',')) { tok_error(as, lx, "expected ','"); return -1; }
  if (!vs_lex_accept(lx, '@')) vs_lex_accept(lx, '%');
  const vs_tok *t = vs_lex_peek(lx);
  const char *n = t->s;
  size_t len = t->n;
  if (t->kind == VS_T_STR) { n++; len -= 2; }
  else if (t->kind != VS_T_IDENT) { tok_error(as, lx, "expected a symbol type (@function, @object, @notype)"); return -1; }
  if ((len == 8 && !memcmp(n, "function", 8)) || (len == 8 && !memcmp(n, "STT_FUNC", 8))) s->type = STT_FUNC;
  else if ((len == 6 && !memcmp(n, "object", 6)) || (len == 10 && !memcmp(n, "STT_OBJECT", 10))) s->type = STT_OBJECT;
  else if ((len == 6 && !memcmp(n, "notype", 6)) || (len == 10 && !memcmp(n, "STT_NOTYPE", 10))) s->type = STT_NOTYPE;
  else { tok_error(as, lx, "expected a symbol type (@function, @object, @notype)"); return -1; }
  vs_lex_next(lx);
  return end_of_statement(as, lx);
}

static int d_size(vs_asm *as, vs_lex *lx)
{
  vs_sym *s = sym_operand(as, lx);
  if (!s) return -1;
  if (!vs_lex_accept(lx, ',')) { tok_error(as, lx, "expected ','"); return -1; }
  vs_perr pe;
  vs_expr *e = vs_parse_expr(as, lx, NULL, &pe);
  if (!e) { vs_asm_error(as, pe.pos, "%s", pe.msg); return -1; }
  s->size_expr = e;
  return end_of_statement(as, lx);
}

/* .equ / .set name, expr  and  name = expr */
int vs_assign(vs_asm *as, const vs_tok *name, vs_lex *lx)
{
  if (name->n == 1 && name->s[0] == '.') {
    vs_asm_error(as, as->stmt, "cannot assign to '.' (use .zero or .align to move the location)");
    return -1;
  }
  vs_sym *s = vs_sym_get(as, name->s, name->n);
  if (!s) return -1;
  vs_perr pe;
  vs_expr *e = vs_parse_expr(as, lx, NULL, &pe);
  if (!e) { vs_asm_error(as, pe.pos, "%s", pe.msg); return -1; }
  if (end_of_statement(as, lx)) return -1;
  if (s->def == VS_SYM_LABEL) {
    vs_asm_error(as, as->stmt, "symbol '%s' is already defined as a label", s->name);
    vs_asm_note(as, s->pos, "the label is here");
    return -1;
  }
  vs_val v = vs_eval_now(as, e, &pe);
  if (v.kind == VS_VAL_ERROR) { vs_asm_error(as, as->stmt, "%s", pe.msg); return -1; }
  s->def = VS_SYM_EQU;
  s->pos = as->stmt;
  if (v.kind == VS_VAL_ABS) { s->expr = NULL; s->value = v.v; }
  else s->expr = e;
  return 0;
}

static int d_equ(vs_asm *as, vs_lex *lx)
{
  const vs_tok *t = vs_lex_peek(lx);
  if (t->kind != VS_T_IDENT) { tok_error(as, lx, "expected a symbol name"); return -1; }
  vs_lex_next(lx);
  if (!vs_lex_accept(lx, ',')) { tok_error(as, lx, "expected ','"); return -1; }
  return vs_assign(as, t, lx);
}

/* ---- data ------------------------------------------------------------- */
static int data(vs_asm *as, vs_lex *lx, unsigned size)
{
  static const uint16_t kinds[9] = {0, VS_FX_DATA1, VS_FX_DATA2, 0, VS_FX_DATA4, 0, 0, 0, VS_FX_DATA8};
  do {
    vs_pos pos = vs_lex_pos(lx);
    const vs_tok *t = vs_lex_peek(lx);
    if (t->kind == VS_T_IDENT && as->tgt->is_register && as->tgt->is_register(t->s, t->n) &&
        !vs_symtab_find(&as->files[as->cur_file].syms, t->s, t->n)) {
      vs_asm_error(as, pos, "expected a value, found register '%.*s'", (int)t->n, t->s);
      return -1;
    }
    vs_perr pe;
    vs_expr *e = vs_parse_expr(as, lx, NULL, &pe);
    if (!e) { vs_asm_error(as, pe.pos, "%s", pe.msg); return -1; }
    vs_val v = vs_eval_now(as, e, &pe);
    if (v.kind == VS_VAL_ERROR) { vs_asm_error(as, pos, "%s", pe.msg); return -1; }
    uint8_t b[8] = {0};
    if (v.kind == VS_VAL_ABS) {
      if (size < 8) {
        int64_t lo = -((int64_t)1 << (8 * size - 1)), hi = ((int64_t)1 << (8 * size)) - 1;
        if (v.v < lo || v.v > hi) {
          vs_asm_error(as, pos, "value %lld does not fit in %u byte%s [%lld, %lld]", (long long)v.v,
                       size, size > 1 ? "s" : "", (long long)lo, (long long)hi);
          return -1;
        }
      }
      for (unsigned i = 0; i < size; i++) b[i] = (uint8_t)((uint64_t)v.v >> (8 * i));
    } else if (vs_add_fixup(as, vs_cur_offset(as), kinds[size], 0, e, pos)) {
      return -1;
    }
    if (vs_emit(as, b, size, as->stmt)) return -1;
  } while (vs_lex_accept(lx, ','));
  return end_of_statement(as, lx);
}
static int d_byte(vs_asm *as, vs_lex *lx) { return data(as, lx, 1); }
static int d_half(vs_asm *as, vs_lex *lx) { return data(as, lx, 2); }
static int d_word(vs_asm *as, vs_lex *lx) { return data(as, lx, 4); }
static int d_dword(vs_asm *as, vs_lex *lx) { return data(as, lx, 8); }

static int strings(vs_asm *as, vs_lex *lx, int nul)
{
  do {
    const vs_tok *t = vs_lex_peek(lx);
    if (t->kind != VS_T_STR) { tok_error(as, lx, "expected a string"); return -1; }
    vs_pos pos = vs_lex_pos(lx);
    char *buf = malloc(t->n + 1);
    if (!buf) { vs_asm_nomem(as); return -1; }
    long n = vs_str_decode(t, buf, t->n);
    if (n < 0) {
      free(buf);
      vs_asm_error(as, pos, "invalid escape sequence in string");
      return -1;
    }
    if (nul) buf[n++] = '\0';
    int rc = vs_emit(as, buf, (size_t)n, as->stmt);
    free(buf);
    if (rc) return -1;
    vs_lex_next(lx);
  } while (vs_lex_accept(lx, ','));
  return end_of_statement(as, lx);
}
static int d_string(vs_asm *as, vs_lex *lx) { return strings(as, lx, 1); }
static int d_ascii(vs_asm *as, vs_lex *lx) { return strings(as, lx, 0); }

static int space(vs_asm *as, vs_lex *lx, int allow_fill)
{
  int64_t n, fill = 0;
  vs_pos pos = vs_lex_pos(lx);
  if (const_expr(as, lx, &n, "the size")) return -1;
  if (allow_fill && vs_lex_accept(lx, ',') && const_expr(as, lx, &fill, "the fill value")) return -1;
  if (n < 0 || n > (int64_t)UINT32_MAX) {
    vs_asm_error(as, pos, "size %lld out of range", (long long)n);
    return -1;
  }
  if (end_of_statement(as, lx)) return -1;
  return vs_reserve(as, (uint64_t)n, (uint8_t)fill, pos);
}
static int d_zero(vs_asm *as, vs_lex *lx) { return space(as, lx, 0); }
static int d_space(vs_asm *as, vs_lex *lx) { return space(as, lx, 1); }

static int align(vs_asm *as, vs_lex *lx, int pow2)
{
  int64_t a, fill = 0, max = 0;
  int has_fill = 0;
  vs_pos pos = vs_lex_pos(lx);
  if (const_expr(as, lx, &a, "the alignment")) return -1;
  if (vs_lex_accept(lx, ',')) {
    if (vs_lex_peek(lx)->kind != VS_T_PUNCT || vs_lex_peek(lx)->p != ',') {
      if (const_expr(as, lx, &fill, "the fill value")) return -1;
      has_fill = 1;
    }
    if (vs_lex_accept(lx, ',') && const_expr(as, lx, &max, "the maximum padding")) return -1;
  }
  if (end_of_statement(as, lx)) return -1;
  uint64_t bytes;
  if (pow2) {
    if (a < 0 || a > 16) {
      vs_asm_error(as, pos, "alignment exponent %lld out of range [0, 16] (.align n means 2^n bytes)",
                   (long long)a);
      return -1;
    }
    bytes = 1ull << a;
  } else {
    if (a <= 0) a = 1;
    if (a > (int64_t)MAX_ALIGN || (a & (a - 1))) {
      vs_asm_error(as, pos, "alignment %lld is not a power of two in [1, %u]", (long long)a, MAX_ALIGN);
      return -1;
    }
    bytes = (uint64_t)a;
  }
  if (max < 0) max = 0;
  return vs_align(as, (uint32_t)bytes, has_fill, (uint8_t)fill, (uint32_t)(max > UINT32_MAX ? UINT32_MAX : max), pos);
}
static int d_align(vs_asm *as, vs_lex *lx) { return align(as, lx, 1); }
static int d_balign(vs_asm *as, vs_lex *lx) { return align(as, lx, 0); }

/* ---- accepted without effect ------------------------------------------ */
static int d_ignore(vs_asm *as, vs_lex *lx)
{
  (void)as;
  while (vs_lex_peek(lx)->kind != VS_T_EOS) vs_lex_next(lx);
  return 0;
}

static int d_option(vs_asm *as, vs_lex *lx)
{
  static const char *const known[] = {"rvc", "norvc", "push", "pop", "relax", "norelax",
                                      "pic", "nopic", "arch", NULL};
  const vs_tok *t = vs_lex_peek(lx);
  for (int i = 0; known[i]; i++)
    if (vs_tok_is(t, known[i])) return d_ignore(as, lx);
  tok_error(as, lx, "unknown .option (known: rvc, norvc, push, pop, relax, norelax, pic, nopic, arch)");
  return -1;
}

static int d_end(vs_asm *as, vs_lex *lx);

typedef struct directive {
  const char *name;
  int (*fn)(vs_asm *as, vs_lex *lx);
  int boundary;   /* moves the location or the section: ends a prefix pair */
} directive;

static const directive directives[] = {
  {".text", d_text, 1}, {".data", d_data, 1}, {".rodata", d_rodata, 1}, {".bss", d_bss, 1},
  {".section", d_section, 1}, {".previous", d_previous, 1},
  {".globl", d_globl, 0}, {".global", d_globl, 0}, {".local", d_local, 0},
  {".type", d_type, 0}, {".size", d_size, 0},
  {".equ", d_equ, 0}, {".set", d_equ, 0},
  {".align", d_align, 1}, {".p2align", d_align, 1}, {".balign", d_balign, 1},
  {".word", d_word, 1}, {".long", d_word, 1}, {".4byte", d_word, 1},
  {".half", d_half, 1}, {".short", d_half, 1}, {".2byte", d_half, 1},
  {".byte", d_byte, 1}, {".dword", d_dword, 1}, {".quad", d_dword, 1}, {".8byte", d_dword, 1},
  {".zero", d_zero, 1}, {".space", d_space, 1}, {".skip", d_space, 1},
  {".string", d_string, 1}, {".asciz", d_string, 1}, {".ascii", d_ascii, 1},
  {".option", d_option, 0}, {".file", d_ignore, 0}, {".ident", d_ignore, 0},
  {".attribute", d_ignore, 0}, {".end", d_end, 1},
};

/* .end: the rest of the file is ignored (signalled by the return value). */
static int d_end(vs_asm *as, vs_lex *lx)
{
  if (end_of_statement(as, lx)) return -1;
  return 1;
}

int vs_directive(vs_asm *as, const vs_tok *name, vs_lex *lx)
{
  for (size_t i = 0; i < sizeof directives / sizeof directives[0]; i++) {
    const directive *d = &directives[i];
    if (strlen(d->name) != name->n || memcmp(d->name, name->s, name->n) != 0) continue;
    if (d->boundary && as->tgt->boundary) as->tgt->boundary(as, as->tst, VS_ASM_EV_DIRECTIVE, d->name, as->stmt);
    return d->fn(as, lx);
  }
  if (name->n > 5 && memcmp(name->s, ".cfi_", 5) == 0) return d_ignore(as, lx);
  vs_asm_error(as, as->stmt, "unknown directive '%.*s'", (int)name->n, name->s);
  return -1;
}
