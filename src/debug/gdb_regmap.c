/* The gdb register map built from an ISA's register files and its layout
 * (gdb_regmap.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debug/gdb_regmap.h"

typedef struct gdb_reg {
  char name[32];
  const char *type;             /* NULL: the vector union of its width */
  const char *group;
  const char *feature;
  const vs_gdb_special *special;
  uint8_t kind, file, vector, readonly;
  uint16_t index;               /* in its file */
  uint16_t words;               /* 32-bit words per element (per lane: vectors) */
  uint32_t size;                /* bytes */
} gdb_reg;

struct vs_gdb_regmap {
  const vs_isa *isa;
  unsigned lanes, nregs, g_regs;
  gdb_reg *regs;
  char *xml;
  size_t xml_len;
  char default_feature[64];
};

static void put(uint8_t *b, uint64_t v, unsigned bytes)
{
  for (unsigned i = 0; i < bytes; i++) b[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get(const uint8_t *b, unsigned bytes)
{
  uint64_t v = 0;
  for (unsigned i = 0; i < bytes; i++) v |= (uint64_t)b[i] << (8 * i);
  return v;
}

static unsigned pc_bits(const vs_isa *isa)
{
  return isa->pc_mask && isa->pc_mask <= 0xffffffffu ? 32 : 64;
}

/* Counts (regs NULL) or fills the registers of one part; -1 if it is bad */
static int add_part(vs_gdb_regmap *m, const vs_gdb_part *p, unsigned *n, vs_error *err)
{
  const vs_isa *isa = m->isa;
  if (p->kind == VS_GDB_PC || p->kind == VS_GDB_SPECIAL) {
    const vs_gdb_special *s = p->special;
    if (p->kind == VS_GDB_SPECIAL && (!s || !s->name || !s->get || (s->bits != 32 && s->bits != 64)))
      return vs_error_set(err, VS_E_USAGE, "gdb layout of %s: a special register without a name, a get "
                          "function or a size of 32 or 64 bits", isa->name);
    if (m->regs) {
      gdb_reg *r = &m->regs[*n];
      r->kind = p->kind;
      r->feature = p->feature;
      r->special = s;
      snprintf(r->name, sizeof r->name, "%s", s ? s->name : "pc");
      r->type = s ? (s->type ? s->type : "int") : "code_ptr";
      r->group = s ? s->group : NULL;
      r->readonly = s && !s->set;
      r->size = (s ? s->bits : pc_bits(isa)) / 8;
    }
    (*n)++;
    return 0;
  }
  if (p->kind != VS_GDB_FILE || p->file >= isa->nregfiles)
    return vs_error_set(err, VS_E_USAGE, "gdb layout of %s: part of kind %u, file %u: no such register file",
                        isa->name, p->kind, p->file);
  const vs_regfile *f = &isa->regfiles[p->file];
  unsigned count = p->count ? p->count : (p->first < f->count ? f->count - p->first : 0);
  if (p->first + count > f->count || !count)
    return vs_error_set(err, VS_E_USAGE, "gdb layout of %s: registers %u..%u of file '%s', which has %u",
                        isa->name, p->first, p->first + count - 1, f->name, f->count);
  unsigned words = vs_regfile_words(f);
  size_t size = (size_t)words * 4 * (f->kind == VS_RF_VECTOR ? m->lanes : 1);
  if (words > 2 || size > VS_GDB_MAX_REG_BYTES)
    return vs_error_set(err, VS_E_USAGE, "gdb layout of %s: registers of file '%s' (%u bits) are too wide for gdb",
                        isa->name, f->name, f->width);
  for (unsigned i = 0; i < count; i++, (*n)++) {
    if (!m->regs) continue;
    gdb_reg *r = &m->regs[*n];
    r->kind = VS_GDB_FILE;
    r->feature = p->feature;
    r->file = p->file;
    r->index = (uint16_t)(p->first + i);
    r->words = (uint16_t)words;
    r->size = (uint32_t)size;
    r->vector = f->kind == VS_RF_VECTOR;
    r->readonly = i == 0 && (p->flags & VS_GDB_ZERO_FIRST);
    if (p->names && p->names[i]) snprintf(r->name, sizeof r->name, "%s", p->names[i]);
    else snprintf(r->name, sizeof r->name, "%s%u", f->name, r->index);
    r->type = p->types && p->types[i] ? p->types[i] : r->vector ? NULL : "int";
    r->group = r->vector ? "vector" : NULL;
  }
  return 0;
}

/* The vector types of one lane width: three vectors and their union */
static void vector_types(FILE *f, const char *prefix, unsigned bits, unsigned lanes)
{
  const char *sfx = bits == 64 ? "64" : "";
  fprintf(f,
          "<vector id=\"%s_u%u\" type=\"uint%u\" count=\"%u\"/>\n"
          "<vector id=\"%s_i%u\" type=\"int%u\" count=\"%u\"/>\n"
          "<vector id=\"%s_f%u\" type=\"%s\" count=\"%u\"/>\n"
          "<union id=\"%s_vreg%s\">\n<field name=\"u%u\" type=\"%s_u%u\"/>\n"
          "<field name=\"i%u\" type=\"%s_i%u\"/>\n<field name=\"f%u\" type=\"%s_f%u\"/>\n</union>\n",
          prefix, bits, bits, lanes, prefix, bits, bits, lanes, prefix, bits,
          bits == 64 ? "ieee_double" : "ieee_single", lanes, prefix, sfx, bits, prefix, bits, bits, prefix,
          bits, bits, prefix, bits);
}

static int make_xml(vs_gdb_regmap *m, const vs_gdb_layout *l, vs_error *err)
{
  const char *prefix = l && l->type_prefix ? l->type_prefix : m->isa->name;
  FILE *f = open_memstream(&m->xml, &m->xml_len);
  if (!f) return vs_error_set(err, VS_E_NOMEM, "out of memory");
  fputs("<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n<target version=\"1.0\">\n", f);
  if (l && l->architecture) fprintf(f, "<architecture>%s</architecture>\n", l->architecture);
  const char *feature = NULL;
  unsigned declared = 0; /* vector types declared in this feature: bit 0 32-bit, bit 1 64-bit */
  for (unsigned n = 0; n < m->nregs; n++) {
    const gdb_reg *r = &m->regs[n];
    if (!feature || strcmp(feature, r->feature)) {
      if (feature) fputs("</feature>\n", f);
      feature = r->feature;
      declared = 0;
      fprintf(f, "<feature name=\"%s\">\n", feature);
    }
    char type[64];
    if (r->vector && !r->type) {
      unsigned bits = 32 * r->words, bit = bits == 64 ? 2 : 1;
      if (!(declared & bit)) vector_types(f, prefix, bits, m->lanes);
      declared |= bit;
      snprintf(type, sizeof type, "%s_vreg%s", prefix, bits == 64 ? "64" : "");
    } else {
      snprintf(type, sizeof type, "%s", r->type);
    }
    fprintf(f, "<reg name=\"%s\" bitsize=\"%u\" type=\"%s\" regnum=\"%u\"", r->name, 8 * r->size, type, n);
    if (r->group) fprintf(f, " group=\"%s\"", r->group);
    fputs("/>\n", f);
  }
  if (feature) fputs("</feature>\n", f);
  fputs("</target>\n", f);
  if (fclose(f) || !m->xml) return vs_error_set(err, VS_E_NOMEM, "out of memory");
  return 0;
}

int vs_gdb_regmap_create(vs_gdb_regmap **out, const vs_isa *isa, const vs_gdb_layout *layout,
                         unsigned lanes, vs_error *err)
{
  *out = NULL;
  if (lanes < 1 || lanes > VS_MAX_LANES)
    return vs_error_set(err, VS_E_USAGE, "gdb server: %u lanes per warp is outside 1..%u", lanes, VS_MAX_LANES);
  vs_gdb_regmap *m = calloc(1, sizeof *m);
  if (!m) return vs_error_set(err, VS_E_NOMEM, "out of memory");
  m->isa = isa;
  m->lanes = lanes;
  /* the default view: scalar files, pc, vector files */
  vs_gdb_part dparts[VS_MAX_REGFILES + 1];
  vs_gdb_layout dlayout = {NULL, NULL, dparts, 0};
  const vs_gdb_layout *l = layout;
  if (!l) {
    snprintf(m->default_feature, sizeof m->default_feature, "org.ventsim.%s", isa->name);
    for (int vec = 0; vec < 2; vec++) {
      if (vec) dparts[dlayout.nparts++] = (vs_gdb_part){.feature = m->default_feature, .kind = VS_GDB_PC};
      for (unsigned i = 0; i < isa->nregfiles && i < VS_MAX_REGFILES; i++)
        if ((isa->regfiles[i].kind == VS_RF_VECTOR) == vec)
          dparts[dlayout.nparts++] = (vs_gdb_part){.feature = m->default_feature, .file = (uint8_t)i};
    }
    l = &dlayout;
  }
  for (int pass = 0; pass < 2; pass++) {
    unsigned n = 0;
    for (unsigned i = 0; i < l->nparts; i++)
      if (add_part(m, &l->parts[i], &n, err)) goto bad;
    if (pass) break;
    if (!n) {
      vs_error_set(err, VS_E_USAGE, "gdb layout of %s: no registers", isa->name);
      goto bad;
    }
    m->nregs = n;
    if (!(m->regs = calloc(n, sizeof *m->regs))) {
      vs_error_set(err, VS_E_NOMEM, "out of memory");
      goto bad;
    }
  }
  while (m->g_regs < m->nregs && !m->regs[m->g_regs].vector) m->g_regs++;
  if (make_xml(m, layout, err)) goto bad;
  *out = m;
  return 0;
bad:
  vs_gdb_regmap_free(m);
  return -1;
}

void vs_gdb_regmap_free(vs_gdb_regmap *m)
{
  if (!m) return;
  free(m->regs);
  free(m->xml);
  free(m);
}

unsigned vs_gdb_regmap_count(const vs_gdb_regmap *m)
{
  return m->nregs;
}

unsigned vs_gdb_regmap_g_regs(const vs_gdb_regmap *m)
{
  return m->g_regs;
}

size_t vs_gdb_regmap_size(const vs_gdb_regmap *m, unsigned n)
{
  return n < m->nregs ? m->regs[n].size : 0;
}

const char *vs_gdb_regmap_name(const vs_gdb_regmap *m, unsigned n)
{
  return n < m->nregs ? m->regs[n].name : NULL;
}

const char *vs_gdb_regmap_xml(const vs_gdb_regmap *m, size_t *len)
{
  if (len) *len = m->xml_len;
  return m->xml;
}

/* Word k of lane e (vectors) or of the register (scalars) */
static size_t word_at(const gdb_reg *r, const vs_warp *w, unsigned k, unsigned e)
{
  size_t row = (size_t)r->index * r->words + k;
  return r->vector ? row * w->nlanes + e : row;
}

int vs_gdb_regmap_read(const vs_gdb_regmap *m, const vs_warp *w, unsigned n, uint8_t *buf)
{
  if (n >= m->nregs) return -1;
  const gdb_reg *r = &m->regs[n];
  switch (r->kind) {
  case VS_GDB_PC: put(buf, w->pc, r->size); return 0;
  case VS_GDB_SPECIAL: put(buf, r->special->get(w), r->size); return 0;
  default: break;
  }
  const uint32_t *rf = w->rf[r->file];
  unsigned lanes = r->vector ? m->lanes : 1;
  for (unsigned e = 0; e < lanes; e++)
    for (unsigned k = 0; k < r->words; k++)
      put(buf + 4 * (e * r->words + k), !r->vector || e < w->nlanes ? rf[word_at(r, w, k, e)] : 0, 4);
  return 0;
}

int vs_gdb_regmap_write(const vs_gdb_regmap *m, vs_warp *w, unsigned n, const uint8_t *buf)
{
  if (n >= m->nregs) return -1;
  const gdb_reg *r = &m->regs[n];
  switch (r->kind) {
  case VS_GDB_PC: {
    vs_addr mask = m->isa->pc_mask ? m->isa->pc_mask : ~(vs_addr)0;
    w->pc = get(buf, r->size) & mask;
    return 0;
  }
  case VS_GDB_SPECIAL:
    if (r->readonly) return -1;
    r->special->set(w, get(buf, r->size));
    return 0;
  default: break;
  }
  if (r->readonly) return 0; /* a hard-wired zero: the write has no effect, as on the hardware */
  uint32_t *rf = w->rf[r->file];
  unsigned lanes = r->vector ? m->lanes : 1;
  for (unsigned e = 0; e < lanes && (!r->vector || e < w->nlanes); e++)
    for (unsigned k = 0; k < r->words; k++)
      rf[word_at(r, w, k, e)] = (uint32_t)get(buf + 4 * (e * r->words + k), 4);
  return 0;
}
