/* Tokenizer: one physical source line at a time.  Comments (# and // to the
 * end of the line, C comments that may span lines) are dropped; ';'
 * separates statements and is passed on as a punctuation token. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"

static int ident_start(int c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' || c == '$';
}
static int ident_char(int c) { return ident_start(c) || (c >= '0' && c <= '9'); }
/* A digit's value, 99 if c is no hexadecimal digit */
static int digit_val(int c)
{
  int d = vs_hex_digit(c);
  return d < 0 ? 99 : d;
}

int vs_lex_accept(vs_lex *lx, char c)
{
  if (!vs_tok_punct(vs_lex_peek(lx), c)) return 0;
  vs_lex_next(lx);
  return 1;
}

int vs_tok_is(const vs_tok *t, const char *name)
{
  size_t n = strlen(name);
  return t->kind == VS_T_IDENT && t->n == n && memcmp(t->s, name, n) == 0;
}

vs_pos vs_lex_pos(const vs_lex *lx)
{
  vs_pos p = {lx->file, lx->line, lx->t[lx->i].col};
  return p;
}

const char *vs_tok_desc(const vs_tok *t, char *buf, size_t n)
{
  if (t->kind == VS_T_EOS) snprintf(buf, n, "end of statement");
  else if (t->kind == VS_T_PUNCT && t->p == '<') snprintf(buf, n, "'<<'");
  else if (t->kind == VS_T_PUNCT && t->p == '>') snprintf(buf, n, "'>>'");
  else snprintf(buf, n, "'%.*s'", t->n > 40 ? 40 : (int)t->n, t->s);
  return buf;
}

/* One escape sequence at s[*i] (after the backslash); returns its value. */
static int escape(const char *s, size_t len, size_t *i)
{
  char c = s[*i];
  (*i)++;
  switch (c) {
  case 'n': return '\n';
  case 't': return '\t';
  case 'r': return '\r';
  case 'a': return '\a';
  case 'b': return '\b';
  case 'f': return '\f';
  case 'v': return '\v';
  case 'x': case 'X': {
    int v = 0, k = 0;
    while (*i < len && k < 2 && digit_val(s[*i]) < 16) { v = v * 16 + digit_val(s[*i]); (*i)++; k++; }
    return k ? v : -1;
  }
  default:
    if (c >= '0' && c <= '7') {
      int v = c - '0', k = 1;
      while (*i < len && k < 3 && s[*i] >= '0' && s[*i] <= '7') { v = v * 8 + (s[*i] - '0'); (*i)++; k++; }
      return v & 0xff;
    }
    return (unsigned char)c; /* \\ \" \' and any other character as itself */
  }
}

long vs_str_decode(const vs_tok *t, char *out, size_t cap)
{
  /* t->s includes both quotes */
  size_t len = t->n - 1, n = 0;
  for (size_t i = 1; i < len;) {
    int c;
    if (t->s[i] == '\\' && i + 1 < len) {
      i++;
      c = escape(t->s, len, &i);
      if (c < 0) return -1;
    } else {
      c = (unsigned char)t->s[i++];
    }
    if (n >= cap) return -1;
    out[n++] = (char)c;
  }
  return (long)n;
}

static int push(vs_asm *as, vs_linetoks *lt, const vs_tok *t)
{
  if (lt->n == lt->cap) {
    size_t cap = lt->cap ? lt->cap * 2 : 64;
    vs_tok *nt = realloc(lt->t, cap * sizeof *nt);
    if (!nt) { vs_asm_nomem(as); return -1; }
    lt->t = nt;
    lt->cap = cap;
  }
  lt->t[lt->n++] = *t;
  return 0;
}

int vs_lex_line(vs_asm *as, vs_lexstate *ls, const char *s, size_t len, uint32_t lineno,
                vs_linetoks *lt)
{
  size_t i = 0;
  vs_pos pos = {as->cur_file, lineno, 0};
  while (i < len) {
    if (ls->in_comment) {
      while (i + 1 < len && !(s[i] == '*' && s[i + 1] == '/')) i++;
      if (i + 1 >= len) return 0;   /* the comment goes on */
      i += 2;
      ls->in_comment = 0;
      continue;
    }
    unsigned char c = (unsigned char)s[i];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') { i++; continue; }
    if (c == '#') return 0;
    if (c == '/' && i + 1 < len && s[i + 1] == '/') return 0;
    if (c == '/' && i + 1 < len && s[i + 1] == '*') {
      ls->in_comment = 1;
      ls->cline = lineno;
      ls->ccol = (uint32_t)i + 1;
      i += 2;
      continue;
    }
    vs_tok t = {0};
    t.col = (uint32_t)i + 1;
    t.s = s + i;
    pos.col = t.col;
    if (ident_start(c)) {
      size_t j = i;
      while (j < len && ident_char((unsigned char)s[j])) j++;
      t.kind = VS_T_IDENT;
      t.n = (uint32_t)(j - i);
      i = j;
    } else if (c >= '0' && c <= '9') {
      size_t j = i;
      unsigned base = 10;
      int prefixed = 0;
      if (c == '0' && j + 1 < len && (s[j + 1] == 'x' || s[j + 1] == 'X')) {
        base = 16; j += 2; prefixed = 1;
      } else if (c == '0' && j + 2 < len && (s[j + 1] == 'b' || s[j + 1] == 'B') &&
                 (s[j + 2] == '0' || s[j + 2] == '1')) {
        base = 2; j += 2; prefixed = 1;
      } else if (c == '0' && j + 1 < len && s[j + 1] >= '0' && s[j + 1] <= '9') {
        base = 8; j += 1;
      }
      size_t d0 = j;
      uint64_t v = 0;
      int overflow = 0, bad = 0;
      while (j < len && digit_val((unsigned char)s[j]) < 16) {
        unsigned d = (unsigned)digit_val((unsigned char)s[j]);
        if (d >= base) {
          /* a decimal number followed by b/f: numeric label reference */
          if (base == 10 && !prefixed && (s[j] == 'b' || s[j] == 'f') &&
              (j + 1 >= len || !ident_char((unsigned char)s[j + 1])))
            break;
          bad = 1;
          break;
        }
        if (v > (UINT64_MAX - d) / base) overflow = 1;
        v = v * base + d;
        j++;
      }
      if (!bad && prefixed && j == d0) bad = 1;
      if (!bad && j < len && (s[j] == 'b' || s[j] == 'f') && base == 10 &&
          (j + 1 >= len || !ident_char((unsigned char)s[j + 1]))) {
        t.kind = VS_T_LREF;
        t.p = s[j];
        j++;
      } else {
        t.kind = VS_T_NUM;
        if (!bad && j < len && ident_char((unsigned char)s[j])) bad = 1;
      }
      if (bad) {
        size_t e = j;
        while (e < len && ident_char((unsigned char)s[e])) e++;
        vs_asm_error(as, pos, "invalid number '%.*s'", (int)(e - i), s + i);
        return 1;
      }
      if (overflow) {
        vs_asm_error(as, pos, "number '%.*s' does not fit in 64 bits", (int)(j - i), s + i);
        return 1;
      }
      t.num = v;
      t.n = (uint32_t)(j - i);
      i = j;
    } else if (c == '\'') {
      size_t j = i + 1;
      int v;
      if (j < len && s[j] == '\\' && j + 1 < len) {
        j++;
        v = escape(s, len, &j);
      } else if (j < len && s[j] != '\'') {
        v = (unsigned char)s[j++];
      } else {
        v = -1;
      }
      if (v < 0 || j >= len || s[j] != '\'') {
        vs_asm_error(as, pos, "malformed character literal (write 'c' or '\\n')");
        return 1;
      }
      j++;
      t.kind = VS_T_NUM;
      t.num = (uint64_t)v;
      t.n = (uint32_t)(j - i);
      i = j;
    } else if (c == '"') {
      size_t j = i + 1;
      while (j < len && s[j] != '"') j += (s[j] == '\\' && j + 1 < len) ? 2 : 1;
      if (j >= len) {
        vs_asm_error(as, pos, "unterminated string (missing closing '\"')");
        return 1;
      }
      j++;
      t.kind = VS_T_STR;
      t.n = (uint32_t)(j - i);
      i = j;
    } else if ((c == '<' || c == '>') && i + 1 < len && s[i + 1] == (char)c) {
      t.kind = VS_T_PUNCT;
      t.p = (char)c;
      t.n = 2;
      i += 2;
    } else if (strchr("+-*/%&|^~!(),:=@;", c) && c) {
      t.kind = VS_T_PUNCT;
      t.p = (char)c;
      t.n = 1;
      i++;
    } else {
      if (c >= 0x20 && c < 0x7f) vs_asm_error(as, pos, "unexpected character '%c'", c);
      else vs_asm_error(as, pos, "unexpected character (byte 0x%02x)", c);
      return 1;
    }
    if (push(as, lt, &t)) return -1;
  }
  return 0;
}
