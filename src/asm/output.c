/* Builds the ELF description of a linked run (sections, symbol table) and
 * hands it to the ELF writer (src/elf/elf_write.c). */
#include <elf.h>
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"
#include "ventsim/elfwrite.h"

static uint32_t shf(uint32_t f)
{
  return ((f & VS_SEC_ALLOC) ? SHF_ALLOC : 0) | ((f & VS_SEC_WRITE) ? SHF_WRITE : 0) |
         ((f & VS_SEC_EXEC) ? SHF_EXECINSTR : 0);
}

static int32_t elf_index_of(const int32_t *map, int32_t osec)
{
  return osec >= 0 && map[osec] >= 0 ? map[osec] : VS_ELFW_ABS;
}

/* True if every symbol e depends on has a definition (an unused .equ of
 * something undefined is left out of the symbol table, not an error). */
static int resolvable(vs_asm *as, const vs_expr *e, int depth)
{
  if (!e) return 1;
  if (depth > VS_ASM_MAX_TREE) return 0;
  if (e->op == VS_X_SYM) {
    const vs_sym *s = e->sym;
    if (s->def == VS_SYM_UNDEF) s = vs_symtab_find(&as->globals, s->name, strlen(s->name));
    if (!s) return 0;
    return s->def != VS_SYM_EQU || resolvable(as, s->expr, depth + 1);
  }
  return resolvable(as, e->a, depth + 1) && resolvable(as, e->b, depth + 1);
}

static int emitted(vs_asm *as, vs_sym *s)
{
  return s->def == VS_SYM_LABEL || s->linker || (s->def == VS_SYM_EQU && resolvable(as, s->expr, 0));
}

static void symbol(vs_asm *as, vs_sym *s, const int32_t *map, vs_elfw_symbol *o)
{
  int64_t v = 0;
  memset(o, 0, sizeof *o);
  o->name = s->name;
  o->type = s->type;
  o->bind = s->global ? STB_GLOBAL : STB_LOCAL;
  if (s->linker) {
    v = s->value;
    o->section = elf_index_of(map, s->osec);
  } else if (s->def == VS_SYM_LABEL) {
    v = (int64_t)as->secs[s->sec].addr + s->off;
    o->section = elf_index_of(map, as->secs[s->sec].out);
  } else {
    vs_link_sym_value(as, s, s->pos, &v, 0);
    o->section = VS_ELFW_ABS;
  }
  o->value = (uint32_t)v;
  if (s->size_expr && resolvable(as, s->size_expr, 0) &&
      vs_link_eval(as, s->size_expr, s->pos, &v) == 0)
    o->size = (uint32_t)v;
}

int vs_write_output(vs_asm *as, uint8_t **elf, size_t *len)
{
  int rc = -1;
  vs_elfw_section *secs = calloc(as->nosecs + 1, sizeof *secs);
  int32_t *map = malloc((as->nosecs + 1) * sizeof *map);
  size_t nsyms = 0, capsyms = as->nfiles + 16;
  for (size_t f = 0; f < as->nfiles; f++) capsyms += as->files[f].syms.count;
  vs_elfw_symbol *syms = calloc(capsyms, sizeof *syms);
  if (!secs || !map || !syms) { vs_asm_nomem(as); goto out; }

  /* allocated sections by address, then the others */
  size_t ns = 0;
  for (size_t o = 0; o < as->nosecs; o++) map[o] = -1;
  for (int pass = 0; pass < 2; pass++) {
    for (;;) {
      int best = -1;
      for (size_t o = 0; o < as->nosecs; o++) {
        vs_osec *os = &as->osecs[o];
        if (map[o] >= 0 || !os->size || ((os->flags & VS_SEC_ALLOC) != 0) != (pass == 0)) continue;
        if (best < 0 || (pass == 0 && os->addr < as->osecs[best].addr)) best = (int)o;
        if (pass == 1) break;
      }
      if (best < 0) break;
      vs_osec *os = &as->osecs[best];
      map[best] = (int32_t)ns;
      vs_elfw_section *e = &secs[ns++];
      e->name = os->name;
      e->type = os->nobits ? SHT_NOBITS : SHT_PROGBITS;
      e->flags = shf(os->flags);
      e->addr = (os->flags & VS_SEC_ALLOC) ? os->addr : 0;
      e->size = os->size;
      e->align = os->align;
      e->data = os->data;
    }
  }
  if (as->tgt->attr_name) {
    vs_elfw_section *e = &secs[ns++];
    e->name = as->tgt->attr_name;
    e->type = as->tgt->attr_type;
    e->size = (uint32_t)as->tgt->attr_len;
    e->align = 1;
    e->data = as->tgt->attr_data;
  }

  /* symbols: per file a STT_FILE symbol and its locals, then the globals */
  for (size_t f = 0; f < as->nfiles; f++) {
    vs_elfw_symbol *fs = &syms[nsyms++];
    fs->name = as->files[f].name;
    fs->type = STT_FILE;
    fs->bind = STB_LOCAL;
    fs->section = VS_ELFW_ABS;
    for (vs_sym *s = as->files[f].first; s; s = s->next)
      if (!s->internal && !s->global && emitted(as, s)) symbol(as, s, map, &syms[nsyms++]);
  }
  for (size_t f = 0; f < as->nfiles; f++)
    for (vs_sym *s = as->files[f].first; s; s = s->next)
      if (s->global && emitted(as, s)) symbol(as, s, map, &syms[nsyms++]);
  for (vs_sym *s = as->linker_syms; s && nsyms < capsyms; s = s->next) symbol(as, s, map, &syms[nsyms++]);
  if (as->nerrors) goto out;

  vs_elfw_image img = {as->tgt->e_machine, as->tgt->e_flags, as->entry, 4096,
                       secs, ns, syms, nsyms};
  vs_error e = {0};
  if (vs_elf_write_mem(&img, elf, len, &e)) {
    vs_pos p = {UINT32_MAX, 0, 0};
    vs_asm_error(as, p, "%s", e.msg);
    goto out;
  }
  rc = 0;
out:
  free(secs);
  free(map);
  free(syms);
  return rc;
}
