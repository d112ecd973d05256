/* The linker: global symbol resolution, output sections and addresses,
 * linker-provided symbols, and fixups.
 *
 * Output sections, in address order, each starting on a new page:
 *   .text   (.text, .text.*)
 *   .rodata (.rodata, .rodata.*, .srodata, .srodata.*)
 *   .data   (.data, .data.*, .sdata, .sdata.*)
 *   other allocated sections, one output section per name, in order of
 *   first appearance
 *   .bss    (.bss, .bss.*, .sbss, .sbss.*; size rounded up to 4 bytes)
 * Non-allocated sections keep their names and get address 0.  Input
 * sections are concatenated in input order (start code first), each at its
 * own alignment. */
#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"

#define PAGE 4096u
enum { OS_TEXT, OS_RODATA, OS_DATA, OS_BSS, OS_NSTD };

static int has_prefix(const char *s, const char *p)
{
  size_t k = strlen(p);
  return strncmp(s, p, k) == 0 && (s[k] == '\0' || s[k] == '.');
}

static int std_class(const char *n)
{
  if (has_prefix(n, ".text")) return OS_TEXT;
  if (has_prefix(n, ".rodata") || has_prefix(n, ".srodata")) return OS_RODATA;
  if (has_prefix(n, ".data") || has_prefix(n, ".sdata")) return OS_DATA;
  if (has_prefix(n, ".bss") || has_prefix(n, ".sbss")) return OS_BSS;
  return -1;
}

static int collect_globals(vs_asm *as)
{
  for (size_t f = 0; f < as->nfiles; f++)
    for (vs_sym *s = as->files[f].first; s; s = s->next) {
      if (!s->global || s->def == VS_SYM_UNDEF) continue;
      vs_sym *g = vs_symtab_find(&as->globals, s->name, strlen(s->name));
      if (g) {
        vs_asm_error(as, s->pos, "duplicate definition of global symbol '%s'", s->name);
        vs_asm_note(as, g->pos, "'%s' is first defined here", s->name);
        continue;
      }
      if (vs_symtab_insert(&as->globals, s)) { vs_asm_nomem(as); return -1; }
    }
  return 0;
}

static int make_osecs(vs_asm *as)
{
  as->osecs = calloc(OS_NSTD + as->nsecs, sizeof *as->osecs);
  if (!as->osecs) { vs_asm_nomem(as); return -1; }
  static const char *const names[OS_NSTD] = {".text", ".rodata", ".data", ".bss"};
  static const uint32_t flags[OS_NSTD] = {VS_SEC_ALLOC | VS_SEC_EXEC, VS_SEC_ALLOC,
                                          VS_SEC_ALLOC | VS_SEC_WRITE, VS_SEC_ALLOC | VS_SEC_WRITE};
  for (int i = 0; i < OS_NSTD; i++) {
    as->osecs[i].name = names[i];
    as->osecs[i].flags = flags[i];
    as->osecs[i].nobits = i == OS_BSS;
    as->osecs[i].align = 4;
  }
  as->nosecs = OS_NSTD;
  for (size_t i = 0; i < as->nsecs; i++) {
    vs_isec *s = &as->secs[i];
    int c = std_class(s->name);
    if (c < 0) {
      for (size_t k = OS_NSTD; k < as->nosecs; k++)
        if (strcmp(as->osecs[k].name, s->name) == 0) c = (int)k;
      if (c < 0) {
        c = (int)as->nosecs++;
        as->osecs[c].name = s->name;
        as->osecs[c].nobits = 1;
        as->osecs[c].align = 1;
      }
      as->osecs[c].flags |= s->flags;
      if (!s->nobits) as->osecs[c].nobits = 0;
    } else if (c == OS_BSS && !s->nobits) {
      for (size_t k = 0; k < s->data.len; k++)
        if (s->data.data[k]) {
          vs_pos p = {s->file, 0, 0};
          vs_asm_error(as, p, "section '%s' holds non-zero data but is placed in .bss", s->name);
          break;
        }
    }
    s->out = c;
    if (s->align > as->osecs[c].align) as->osecs[c].align = s->align;
  }
  return 0;
}

/* Lays the inputs of output section o out from address base. */
static uint64_t place(vs_asm *as, int o, uint64_t base)
{
  uint64_t off = 0;
  for (size_t i = 0; i < as->nsecs; i++) {
    vs_isec *s = &as->secs[i];
    if (s->out != o) continue;
    uint64_t size = s->nobits ? s->size : s->data.len;
    off = (off + s->align - 1) & ~(uint64_t)(s->align - 1);
    s->addr = (uint32_t)(base + off);
    off += size;
  }
  return off;
}

static vs_sym *linker_sym(vs_asm *as, const char *name, uint64_t value, int osec)
{
  if (vs_symtab_find(&as->globals, name, strlen(name))) return NULL; /* user-defined */
  vs_sym *s = vs_arena_alloc(&as->arena, sizeof *s);
  if (!s) { vs_asm_nomem(as); return NULL; }
  s->name = name;
  if (vs_symtab_insert(&as->globals, s)) { vs_asm_nomem(as); return NULL; }
  s->def = VS_SYM_EQU;
  s->global = 1;
  s->linker = 1;
  s->value = (int64_t)value;
  s->osec = as->osecs[osec].size ? osec : -1;
  s->sec = -1;
  s->next = as->linker_syms;
  as->linker_syms = s;
  return s;
}

static int layout(vs_asm *as, uint32_t text_addr)
{
  int *order = malloc((as->nosecs + 1) * sizeof *order);
  if (!order) { vs_asm_nomem(as); return -1; }
  size_t n = 0;
  order[n++] = OS_TEXT;
  order[n++] = OS_RODATA;
  order[n++] = OS_DATA;
  for (size_t o = OS_NSTD; o < as->nosecs; o++)
    if (as->osecs[o].flags & VS_SEC_ALLOC) order[n++] = (int)o;
  order[n++] = OS_BSS;
  uint64_t cur = text_addr;
  uint64_t start[OS_NSTD] = {0};
  for (size_t k = 0; k < n; k++) {
    int o = order[k];
    vs_osec *os = &as->osecs[o];
    uint32_t al = os->align > PAGE ? os->align : PAGE;
    uint64_t addr = o == OS_TEXT ? cur : (cur + al - 1) & ~(uint64_t)(al - 1);
    uint64_t size = place(as, o, addr);
    if (o == OS_BSS) size = (size + 3) & ~(uint64_t)3;
    if (o < OS_NSTD) start[o] = addr;
    if (addr + size > 0x100000000ull) {
      vs_pos p = {UINT32_MAX, 0, 0};
      vs_asm_error(as, p, "the program does not fit below 4 GiB (section %s ends at 0x%llx)",
                   os->name, (unsigned long long)(addr + size));
      free(order);
      return -1;
    }
    os->addr = (uint32_t)addr;
    os->size = (uint32_t)size;
    if (size) cur = addr + size;
  }
  free(order);
  for (size_t o = OS_NSTD; o < as->nosecs; o++)
    if (!(as->osecs[o].flags & VS_SEC_ALLOC)) as->osecs[o].size = (uint32_t)place(as, (int)o, 0);

  /* linker-provided symbols (unless the program defines them) */
  vs_osec *t = &as->osecs[OS_TEXT], *d = &as->osecs[OS_DATA], *b = &as->osecs[OS_BSS];
  linker_sym(as, "__global_pointer$", start[OS_DATA] + 0x800, OS_DATA);
  linker_sym(as, "_etext", (uint64_t)t->addr + t->size, OS_TEXT);
  linker_sym(as, "_edata", (uint64_t)d->addr + d->size, OS_DATA);
  linker_sym(as, "__bss_start", start[OS_BSS], OS_BSS);
  linker_sym(as, "__BSS_END__", (uint64_t)start[OS_BSS] + b->size, OS_BSS);
  linker_sym(as, "_end", (uint64_t)start[OS_BSS] + b->size, OS_BSS);
  return as->stop ? -1 : 0;
}

/* ---- fixups ------------------------------------------------------------ */
typedef struct fixkey { uint32_t addr; size_t idx; } fixkey;
static int cmp_fixkey(const void *x, const void *y)
{
  const fixkey *a = x, *b = y;
  if (a->addr != b->addr) return a->addr < b->addr ? -1 : 1;
  return a->idx < b->idx ? -1 : a->idx > b->idx;
}

const vs_fixup *vs_link_fixup_at(vs_asm *as, uint32_t addr, int (*pred)(uint16_t kind),
                                 int64_t *value, uint32_t *fix_addr)
{
  size_t lo = 0, hi = as->nfix;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (as->fix_addr[as->fix_order[mid]] < addr) lo = mid + 1; else hi = mid;
  }
  for (; lo < as->nfix && as->fix_addr[as->fix_order[lo]] == addr; lo++) {
    const vs_fixup *f = &as->fix[as->fix_order[lo]];
    if (!pred(f->kind) || (as->secs[f->sec].flags & VS_SEC_ALLOC) == 0) continue;
    if (vs_link_eval(as, f->expr, f->pos, value)) return NULL;
    *fix_addr = addr;
    return f;
  }
  return NULL;
}

static int apply_data(vs_asm *as, const vs_fixup *f, uint8_t *loc, int64_t v)
{
  unsigned size = f->kind == VS_FX_DATA1 ? 1 : f->kind == VS_FX_DATA2 ? 2 : f->kind == VS_FX_DATA4 ? 4 : 8;
  if (size < 8) {
    int64_t lo = -((int64_t)1 << (8 * size - 1)), hi = ((int64_t)1 << (8 * size)) - 1;
    if (v < lo || v > hi) {
      vs_asm_error(as, f->pos, "value %lld (0x%llx) does not fit in %u byte%s", (long long)v,
                   (unsigned long long)v, size, size > 1 ? "s" : "");
      return -1;
    }
  }
  for (unsigned i = 0; i < size; i++) loc[i] = (uint8_t)((uint64_t)v >> (8 * i));
  return 0;
}

static int fixups(vs_asm *as)
{
  as->fix_addr = malloc((as->nfix + 1) * sizeof *as->fix_addr);
  as->fix_order = malloc((as->nfix + 1) * sizeof *as->fix_order);
  if (!as->fix_addr || !as->fix_order) { vs_asm_nomem(as); return -1; }
  fixkey *keys = malloc((as->nfix + 1) * sizeof *keys);
  if (!keys) { vs_asm_nomem(as); return -1; }
  for (size_t i = 0; i < as->nfix; i++) {
    as->fix_addr[i] = as->secs[as->fix[i].sec].addr + as->fix[i].offset;
    keys[i].addr = as->fix_addr[i];
    keys[i].idx = i;
  }
  qsort(keys, as->nfix, sizeof *keys, cmp_fixkey);
  for (size_t i = 0; i < as->nfix; i++) as->fix_order[i] = keys[i].idx;
  free(keys);
  for (size_t i = 0; i < as->nfix && !as->stop; i++) {
    const vs_fixup *f = &as->fix[i];
    vs_isec *s = &as->secs[f->sec];
    int64_t v;
    if (vs_link_eval(as, f->expr, f->pos, &v)) continue;
    uint8_t *loc = s->data.data + f->offset;
    if (f->kind < VS_FX_TARGET) {
      apply_data(as, f, loc, v);
      continue;
    }
    char msg[256] = "";
    if (as->tgt->apply(as, as->tst, f, loc, as->fix_addr[i], v, msg, sizeof msg))
      vs_asm_error(as, f->pos, "%s", msg);
  }
  return as->stop || as->nerrors ? -1 : 0;
}

/* Output section contents from their inputs. */
static int contents(vs_asm *as)
{
  for (size_t o = 0; o < as->nosecs; o++) {
    vs_osec *os = &as->osecs[o];
    if (os->nobits || !os->size) continue;
    os->data = calloc(os->size, 1);
    if (!os->data) { vs_asm_nomem(as); return -1; }
    uint32_t base = (os->flags & VS_SEC_ALLOC) ? os->addr : 0;
    for (size_t i = 0; i < as->nsecs; i++) {
      vs_isec *s = &as->secs[i];
      if (s->out == (int)o && !s->nobits && s->data.len)
        memcpy(os->data + (s->addr - base), s->data.data, s->data.len);
    }
  }
  return 0;
}

int vs_link(vs_asm *as, uint32_t text_addr)
{
  if (collect_globals(as) || make_osecs(as) || as->nerrors) return -1;
  if (layout(as, text_addr)) return -1;
  /* entry: the global _start, else a local one (first file that has it),
   * else the start of .text */
  vs_sym *start = vs_symtab_find(&as->globals, "_start", 6);
  for (size_t f = 0; !start && f < as->nfiles; f++) {
    vs_sym *s = vs_symtab_find(&as->files[f].syms, "_start", 6);
    if (s && s->def != VS_SYM_UNDEF) start = s;
  }
  as->entry = text_addr;
  if (start) {
    int64_t v;
    vs_pos p = start->pos;
    if (vs_link_sym_value(as, start, p, &v, 0) == 0) as->entry = (uint32_t)v;
  }
  if (fixups(as) || contents(as)) return -1;
  as->linked = 1;
  return 0;
}
