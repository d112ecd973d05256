/* The per-file driver: splits a source into lines and statements, defines
 * labels, and hands each statement to the directive code or to the ISA
 * front end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"

static int is_decimal(const vs_tok *t)
{
  for (uint32_t i = 0; i < t->n; i++)
    if (t->s[i] < '0' || t->s[i] > '9') return 0;
  return t->n > 0;
}

static int boundary(vs_asm *as, int what, const char *name, vs_pos pos)
{
  if (as->tgt->boundary) as->tgt->boundary(as, as->tst, what, name, pos);
  return 0;
}

/* Returns 1 after .end. */
static int statement(vs_asm *as, vs_lex *lx)
{
  for (;;) {
    const vs_tok *t = vs_lex_peek(lx), *t2 = vs_lex_peek2(lx);
    if (!vs_tok_punct(t2, ':')) break;
    vs_pos pos = vs_lex_pos(lx);
    if (t->kind == VS_T_IDENT && !(t->n == 1 && t->s[0] == '.')) {
      char name[128];
      snprintf(name, sizeof name, "%.*s", (int)(t->n < 100 ? t->n : 100), t->s);
      boundary(as, VS_ASM_EV_LABEL, name, pos);
      vs_define_label(as, t->s, t->n, pos);
    } else if (t->kind == VS_T_NUM && is_decimal(t)) {
      char name[128];
      snprintf(name, sizeof name, "%.*s", (int)(t->n < 100 ? t->n : 100), t->s);
      boundary(as, VS_ASM_EV_LABEL, name, pos);
      vs_define_numeric(as, t->num, pos);
    } else {
      break;
    }
    vs_lex_next(lx);
    vs_lex_next(lx);
    if (as->stop) return 0;
  }
  const vs_tok *t = vs_lex_peek(lx);
  if (t->kind == VS_T_EOS) return 0;
  as->stmt = vs_lex_pos(lx);
  if (t->kind == VS_T_IDENT && vs_tok_punct(vs_lex_peek2(lx), '=')) {
    vs_lex_next(lx);
    vs_lex_next(lx);
    vs_assign(as, t, lx);
    return 0;
  }
  if (t->kind == VS_T_IDENT && t->s[0] == '.') {
    vs_lex_next(lx);
    return vs_directive(as, t, lx) == 1;
  }
  if (t->kind == VS_T_IDENT) {
    vs_lex_next(lx);
    as->tgt->insn(as, as->tst, t, lx);
    return 0;
  }
  char d[64];
  vs_asm_error(as, as->stmt, "expected a label, a directive or an instruction, found %s",
               vs_tok_desc(t, d, sizeof d));
  return 0;
}

int vs_assemble_one(vs_asm *as, const char *name, const char *text, size_t len)
{
  if (as->nfiles % 8 == 0) {
    vs_afile *nf = realloc(as->files, (as->nfiles + 8) * sizeof *nf);
    if (!nf) { vs_asm_nomem(as); return -1; }
    as->files = nf;
  }
  vs_afile *f = &as->files[as->nfiles];
  memset(f, 0, sizeof *f);
  f->name = vs_arena_strndup(&as->arena, name, strlen(name));
  if (!f->name) { vs_asm_nomem(as); return -1; }
  as->cur_file = (uint32_t)as->nfiles++;
  vs_pos start = {as->cur_file, 0, 0};
  if (len > VS_MAX_INPUT_FILE) {
    vs_asm_error(as, start, "input larger than %u MiB", (unsigned)(VS_MAX_INPUT_FILE >> 20));
    return -1;
  }
  if (vs_section_switch(as, ".text", 5, 0, 0, 0, 0, start)) return -1;
  as->prev_sec = as->cur_sec;   /* .previous never leads to another file */

  vs_lexstate ls = {0};
  vs_linetoks lt = {0};
  uint32_t lineno = 0;
  size_t i = 0;
  int ended = 0;
  while (i < len && !as->stop && !ended) {
    const char *line = text + i;
    const char *nl = memchr(line, '\n', len - i);
    size_t n = nl ? (size_t)(nl - line) : len - i;
    i += n + (nl != NULL);
    lineno++;
    if (n > VS_ASM_MAX_LINE) {
      vs_pos p = {as->cur_file, lineno, 1};
      vs_asm_error(as, p, "line too long (more than %d characters)", VS_ASM_MAX_LINE);
      continue;
    }
    lt.n = 0;
    int rc = vs_lex_line(as, &ls, line, n, lineno, &lt);
    if (rc < 0) break;
    if (rc > 0) continue;   /* lexical error: the line is dropped */
    /* statements are separated by ';' tokens, which become end markers */
    vs_tok eos = {0};
    eos.kind = VS_T_EOS;
    eos.col = (uint32_t)n + 1;
    eos.s = line + n;
    if (lt.n == lt.cap) {   /* room for the final end marker */
      vs_tok *nt = realloc(lt.t, (lt.cap ? lt.cap * 2 : 16) * sizeof *nt);
      if (!nt) { vs_asm_nomem(as); break; }
      lt.t = nt;
      lt.cap = lt.cap ? lt.cap * 2 : 16;
    }
    lt.t[lt.n++] = eos;
    size_t s0 = 0;
    for (size_t k = 0; k < lt.n && !as->stop && !ended; k++) {
      vs_tok *t = &lt.t[k];
      if (t->kind == VS_T_PUNCT && t->p == ';') {
        t->kind = VS_T_EOS;
      } else if (t->kind != VS_T_EOS) {
        continue;
      }
      vs_lex lx = {lt.t + s0, k - s0 + 1, 0, as->cur_file, lineno};
      ended = statement(as, &lx);
      s0 = k + 1;
    }
  }
  free(lt.t);
  if (ls.in_comment && !as->stop && !ended) {
    vs_pos p = {as->cur_file, ls.cline, ls.ccol};
    vs_asm_error(as, p, "unterminated comment (missing '*/')");
  }
  vs_pos end = {as->cur_file, lineno ? lineno : 1, 1};
  if (!as->stop) boundary(as, VS_ASM_EV_END, NULL, end);
  return 0;
}
