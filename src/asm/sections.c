/* Input sections of the source files: switching, appending bytes,
 * alignment, reserved space and fixup records. */
#include <stdlib.h>
#include <string.h>

#include "asm/asm_int.h"

/* Largest input section (bytes): keeps every offset and address in 32 bits. */
#define VS_ASM_MAX_SECTION (256u << 20)

static int has_prefix(const char *s, size_t n, const char *p)
{
  size_t k = strlen(p);
  if (n < k || memcmp(s, p, k) != 0) return 0;
  return n == k || s[k] == '.';
}

/* Flags and type a section gets from its name alone. */
static void default_flags(const char *s, size_t n, uint32_t *flags, int *nobits)
{
  *nobits = 0;
  if (has_prefix(s, n, ".text")) *flags = VS_SEC_ALLOC | VS_SEC_EXEC;
  else if (has_prefix(s, n, ".data") || has_prefix(s, n, ".sdata") ||
           has_prefix(s, n, ".tohost"))
    *flags = VS_SEC_ALLOC | VS_SEC_WRITE;
  else if (has_prefix(s, n, ".rodata") || has_prefix(s, n, ".srodata")) *flags = VS_SEC_ALLOC;
  else if (has_prefix(s, n, ".bss") || has_prefix(s, n, ".sbss")) {
    *flags = VS_SEC_ALLOC | VS_SEC_WRITE;
    *nobits = 1;
  } else *flags = 0;
}

vs_isec *vs_cur_sec(vs_asm *as) { return &as->secs[as->cur_sec]; }

uint32_t vs_cur_offset(const vs_asm *as)
{
  const vs_isec *s = &as->secs[as->cur_sec];
  return (uint32_t)(s->nobits ? s->size : s->data.len);
}

int vs_cur_section_is_code(const vs_asm *as)
{
  return (as->secs[as->cur_sec].flags & VS_SEC_EXEC) != 0;
}

vs_pos vs_stmt_pos(const vs_asm *as) { return as->stmt; }

int vs_section_switch(vs_asm *as, const char *name, size_t n, int has_flags, uint32_t flags,
                      int nobits_given, int nobits, vs_pos pos)
{
  for (size_t i = 0; i < as->nsecs; i++) {
    vs_isec *s = &as->secs[i];
    if (s->file != as->cur_file || strncmp(s->name, name, n) != 0 || s->name[n]) continue;
    if ((has_flags && flags != s->flags) || (nobits_given && nobits != s->nobits)) {
      vs_asm_error(as, pos, "section '%s' was first used with other flags or type", s->name);
      return -1;
    }
    as->prev_sec = as->cur_sec;
    as->cur_sec = (int32_t)i;
    return 0;
  }
  uint32_t dflags;
  int dnobits;
  default_flags(name, n, &dflags, &dnobits);
  if (as->nsecs == as->capsecs) {
    size_t cap = as->capsecs ? as->capsecs * 2 : 16;
    vs_isec *ns = realloc(as->secs, cap * sizeof *ns);
    if (!ns) { vs_asm_nomem(as); return -1; }
    as->secs = ns;
    as->capsecs = cap;
  }
  vs_isec *s = &as->secs[as->nsecs];
  memset(s, 0, sizeof *s);
  s->name = vs_arena_strndup(&as->arena, name, n);
  if (!s->name) { vs_asm_nomem(as); return -1; }
  s->file = as->cur_file;
  s->flags = has_flags ? flags : dflags;
  s->nobits = nobits_given ? nobits : dnobits;
  s->align = 1;
  s->out = -1;
  as->prev_sec = as->nsecs ? as->cur_sec : (int32_t)as->nsecs;
  as->cur_sec = (int32_t)as->nsecs++;
  return 0;
}

static int room(vs_asm *as, vs_isec *s, uint64_t n, vs_pos pos)
{
  uint64_t cur = s->nobits ? s->size : s->data.len;
  if (cur + n > VS_ASM_MAX_SECTION) {
    vs_asm_error(as, pos, "section '%s' would exceed %u MiB", s->name, VS_ASM_MAX_SECTION >> 20);
    return -1;
  }
  return 0;
}

int vs_emit(vs_asm *as, const void *p, size_t n, vs_pos pos)
{
  vs_isec *s = vs_cur_sec(as);
  if (s->nobits) {
    vs_asm_error(as, pos, "section '%s' is @nobits: it can hold only zeros (.zero, .space)",
                 s->name);
    return -1;
  }
  if (room(as, s, n, pos)) return -1;
  vs_error e;
  if (vs_buf_append(&s->data, p, n, &e)) { vs_asm_nomem(as); return -1; }
  return 0;
}

int vs_emit32(vs_asm *as, uint32_t w, vs_pos pos)
{
  uint8_t b[4] = {(uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16), (uint8_t)(w >> 24)};
  return vs_emit(as, b, 4, pos);
}

int vs_reserve(vs_asm *as, uint64_t n, uint8_t fill, vs_pos pos)
{
  vs_isec *s = vs_cur_sec(as);
  if (room(as, s, n, pos)) return -1;
  if (s->nobits) {
    if (fill) {
      vs_asm_error(as, pos, "section '%s' is @nobits: the fill value must be 0", s->name);
      return -1;
    }
    s->size += n;
    return 0;
  }
  if (n == 0) return 0; /* (s->data.data may still be NULL) */
  vs_error e;
  if (vs_buf_reserve(&s->data, (size_t)n, &e)) { vs_asm_nomem(as); return -1; }
  memset(s->data.data + s->data.len, fill, (size_t)n);
  s->data.len += (size_t)n;
  return 0;
}

int vs_align(vs_asm *as, uint32_t align, int has_fill, uint8_t fill, uint32_t max, vs_pos pos)
{
  vs_isec *s = vs_cur_sec(as);
  if (align > s->align) s->align = align;
  uint32_t off = vs_cur_offset(as);
  uint32_t pad = (uint32_t)(-off) & (align - 1);
  if (pad == 0 || (max && pad > max)) return 0;
  if (s->nobits || has_fill || align < 4 || !(s->flags & VS_SEC_EXEC) || !as->tgt->code_fill)
    return vs_reserve(as, pad, has_fill ? fill : 0, pos);
  /* code: zeros up to a 4-byte boundary, then the target's no-op */
  uint32_t head = (uint32_t)(-off) & 3u;
  if (head && vs_reserve(as, head, 0, pos)) return -1;
  size_t at = s->data.len;
  if (vs_reserve(as, pad - head, 0, pos)) return -1;
  as->tgt->code_fill(s->data.data + at, pad - head);
  return 0;
}

int vs_add_fixup(vs_asm *as, uint32_t offset, uint16_t kind, int32_t aux, vs_expr *e, vs_pos pos)
{
  if (!e) return -1;
  if (as->nfix == as->capfix) {
    size_t cap = as->capfix ? as->capfix * 2 : 256;
    vs_fixup *nf = realloc(as->fix, cap * sizeof *nf);
    if (!nf) { vs_asm_nomem(as); return -1; }
    as->fix = nf;
    as->capfix = cap;
  }
  vs_fixup *f = &as->fix[as->nfix++];
  f->sec = as->cur_sec;
  f->offset = offset;
  f->kind = kind;
  f->aux = aux;
  f->expr = e;
  f->pos = pos;
  return 0;
}
