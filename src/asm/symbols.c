/* Symbol tables: one per source file (local scope), labels, numeric local
 * labels (1: ... 1b / 1f), and the hash table used for them and for the
 * global symbols at link time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"

static uint64_t hash(const char *s, size_t n)
{
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
  return h;
}

vs_sym *vs_symtab_find(const vs_symtab *t, const char *name, size_t n)
{
  if (!t->cap) return NULL;
  size_t m = t->cap - 1;
  for (size_t i = hash(name, n) & m;; i = (i + 1) & m) {
    vs_sym *s = t->slot[i];
    if (!s) return NULL;
    if (strncmp(s->name, name, n) == 0 && s->name[n] == '\0') return s;
  }
}

int vs_symtab_insert(vs_symtab *t, vs_sym *s)
{
  if ((t->count + 1) * 2 > t->cap) {
    size_t cap = t->cap ? t->cap * 2 : 256;
    vs_sym **slot = calloc(cap, sizeof *slot);
    if (!slot) return -1;
    for (size_t k = 0; k < t->cap; k++) {
      vs_sym *o = t->slot[k];
      if (!o) continue;
      size_t i = hash(o->name, strlen(o->name)) & (cap - 1);
      while (slot[i]) i = (i + 1) & (cap - 1);
      slot[i] = o;
    }
    free(t->slot);
    t->slot = slot;
    t->cap = cap;
  }
  size_t i = hash(s->name, strlen(s->name)) & (t->cap - 1);
  while (t->slot[i]) i = (i + 1) & (t->cap - 1);
  t->slot[i] = s;
  t->count++;
  return 0;
}

void vs_symtab_free(vs_symtab *t)
{
  free(t->slot);
  t->slot = NULL;
  t->cap = t->count = 0;
}

const char *vs_sym_shown(const vs_sym *s) { return s->shown ? s->shown : s->name; }

static vs_sym *create(vs_asm *as, const char *name, size_t n)
{
  vs_afile *f = &as->files[as->cur_file];
  vs_sym *s = vs_arena_alloc(&as->arena, sizeof *s);
  if (s) s->name = vs_arena_strndup(&as->arena, name, n);
  if (!s || !s->name || vs_symtab_insert(&f->syms, s)) {
    vs_asm_nomem(as);
    return NULL;
  }
  s->file = as->cur_file;
  s->sec = -1;
  s->osec = -1;
  if (f->last) f->last->next = s;
  else f->first = s;
  f->last = s;
  return s;
}

vs_sym *vs_sym_get(vs_asm *as, const char *name, size_t n)
{
  vs_sym *s = vs_symtab_find(&as->files[as->cur_file].syms, name, n);
  return s ? s : create(as, name, n);
}

static int define_at(vs_asm *as, vs_sym *s, vs_pos pos)
{
  if (s->def != VS_SYM_UNDEF) {
    vs_asm_error(as, pos, "duplicate label: symbol '%s' is already defined", vs_sym_shown(s));
    vs_asm_note(as, s->pos, "the previous definition of '%s' is here", vs_sym_shown(s));
    return -1;
  }
  s->def = VS_SYM_LABEL;
  s->sec = as->cur_sec;
  s->off = vs_cur_offset(as);
  s->pos = pos;
  return 0;
}

int vs_define_label(vs_asm *as, const char *name, size_t n, vs_pos pos)
{
  vs_sym *s = vs_sym_get(as, name, n);
  return s ? define_at(as, s, pos) : -1;
}

static vs_numlabel *numlabel(vs_asm *as, uint64_t num)
{
  vs_afile *f = &as->files[as->cur_file];
  for (size_t i = 0; i < f->nnl; i++)
    if (f->nl[i].num == num) return &f->nl[i];
  if (f->nnl == f->capnl) {
    size_t cap = f->capnl ? f->capnl * 2 : 16;
    vs_numlabel *nl = realloc(f->nl, cap * sizeof *nl);
    if (!nl) { vs_asm_nomem(as); return NULL; }
    f->nl = nl;
    f->capnl = cap;
  }
  f->nl[f->nnl].num = num;
  f->nl[f->nnl].count = 0;
  return &f->nl[f->nnl++];
}

/* Instance k of numeric label num: an internal symbol of this file. */
static vs_sym *instance(vs_asm *as, uint64_t num, uint32_t k, char dir)
{
  char name[64];
  int n = snprintf(name, sizeof name, "%llu\002%u", (unsigned long long)num, k);
  vs_sym *s = vs_sym_get(as, name, (size_t)n);
  if (s && !s->shown) {
    char shown[32];
    snprintf(shown, sizeof shown, "%llu%c", (unsigned long long)num, dir);
    s->shown = vs_arena_strndup(&as->arena, shown, strlen(shown));
    s->internal = 1;
  }
  return s;
}

int vs_define_numeric(vs_asm *as, uint64_t num, vs_pos pos)
{
  vs_numlabel *l = numlabel(as, num);
  if (!l) return -1;
  l->count++;
  vs_sym *s = instance(as, num, l->count, 'f');
  return s ? define_at(as, s, pos) : -1;
}

vs_sym *vs_sym_numeric(vs_asm *as, uint64_t num, char dir, vs_perr *pe, const vs_lex *lx)
{
  vs_numlabel *l = numlabel(as, num);
  if (!l) {
    vs_perr_set(pe, lx, "out of memory");
    return NULL;
  }
  if (dir == 'b') {
    if (l->count == 0) {
      vs_perr_set(pe, lx, "numeric label '%llub' has no definition before this point",
                  (unsigned long long)num);
      return NULL;
    }
    return instance(as, num, l->count, 'b');
  }
  return instance(as, num, l->count + 1, 'f');
}
