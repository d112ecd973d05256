/* Disassembly listings in the layout of llvm-objdump -d. */
#include <elf.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "isa/ventus/disasm.h"
#include "ventsim/disasm.h"

typedef struct label { uint32_t addr; const char *name; size_t order; int rank; } label;

typedef struct symctx {
  label *labels;
  size_t n;
  const char *secname;
  uint32_t secaddr, secend;
} symctx;

static int cmp_label(const void *a, const void *b)
{
  const label *x = a, *y = b;
  if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
  if (x->rank != y->rank) return x->rank > y->rank ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* Nearest label at or before addr: "<name>" or "<name+0x10>". */
static int symbolize(void *vctx, uint32_t addr, char *buf, size_t n)
{
  symctx *c = vctx;
  const label *best = NULL;
  size_t lo = 0, hi = c->n;
  while (lo < hi) { /* first label with addr > target */
    size_t mid = (lo + hi) / 2;
    if (c->labels[mid].addr <= addr) lo = mid + 1; else hi = mid;
  }
  if (lo > 0) {
    uint32_t a = c->labels[lo - 1].addr;
    size_t k = lo - 1;
    while (k > 0 && c->labels[k - 1].addr == a) k--; /* first label at that address */
    best = &c->labels[k];
  }
  if (best) {
    if (best->addr == addr) snprintf(buf, n, "%s", best->name);
    else snprintf(buf, n, "%s+0x%x", best->name, addr - best->addr);
    return 1;
  }
  if (c->secname && addr >= c->secaddr && addr < c->secend) {
    if (addr == c->secaddr) snprintf(buf, n, "%s", c->secname);
    else snprintf(buf, n, "%s+0x%x", c->secname, addr - c->secaddr);
    return 1;
  }
  return 0;
}

static void to_vt_opts(const vs_disasm_options *o, vtu_disasm_opts *v, symctx *sc)
{
  memset(v, 0, sizeof *v);
  if (o) {
    v->numeric_regs = o->numeric_regs;
    v->csr_names = o->csr_names;
    v->no_aliases = o->no_aliases;
  }
  if (sc) {
    v->symbolize = symbolize;
    v->symbolize_ctx = sc;
  }
}

unsigned vs_disasm_insn(vs_addr pc, uint32_t w0, uint32_t w1, int have_w1,
                        const vs_disasm_options *opt, char *buf, size_t n)
{
  vtu_disasm_opts vo;
  to_vt_opts(opt, &vo, NULL);
  vs_dinsn d;
  vtu_decode(w0, w1, have_w1, &d);
  vtu_disasm(&d, (uint32_t)pc, &vo, buf, n);
  return d.len;
}

static void print_line(FILE *out, uint32_t pc, uint32_t w, const char *text,
                       const vs_disasm_options *opt)
{
  if (opt && opt->bytes)
    fprintf(out, "%8x: %02x %02x %02x %02x  \t%s\n", pc, w & 0xff, (w >> 8) & 0xff,
            (w >> 16) & 0xff, w >> 24, text);
  else
    fprintf(out, "%8x: %08x  \t%s\n", pc, w, text);
}

/* Disassembles n words at addresses addr[i]; labels are printed before the
 * words they name. */
static void listing(FILE *out, const uint32_t *addr, const uint32_t *words, size_t n,
                    symctx *sc, const vs_disasm_options *opt)
{
  vtu_disasm_opts vo;
  to_vt_opts(opt, &vo, sc);
  size_t li = 0;
  char text[512];
  for (size_t i = 0; i < n; i++) {
    uint32_t pc = addr[i];
    if (sc) {
      while (li < sc->n && sc->labels[li].addr < pc) li++;
      while (li < sc->n && sc->labels[li].addr == pc) {
        fprintf(out, "\n%08x <%s>:\n", pc, sc->labels[li].name);
        li++;
      }
    }
    vs_dinsn d;
    int next_contiguous = i + 1 < n && addr[i + 1] == pc + 4;
    if (vtu_is_prefix(words[i]) && next_contiguous &&
        vtu_decode(words[i], words[i + 1], 1, &d) == 0) {
      /* the prefix on its own line, then the instruction it extends showing
       * the effective registers and immediate */
      vs_dinsn p;
      vtu_decode_word(words[i], &p);
      vtu_disasm(&p, pc, &vo, text, sizeof text);
      print_line(out, pc, words[i], text, opt);
      i++;
      if (sc)
        while (li < sc->n && sc->labels[li].addr == pc + 4) {
          fprintf(out, "\n%08x <%s>:\n", pc + 4, sc->labels[li].name);
          li++;
        }
      vtu_disasm(&d, pc + 4, &vo, text, sizeof text);
      print_line(out, pc + 4, words[i], text, opt);
      continue;
    }
    vtu_decode_word(words[i], &d);
    vtu_disasm(&d, pc, &vo, text, sizeof text);
    print_line(out, pc, words[i], text, opt);
  }
}

int vs_disasm_elf(const vs_elf *e, const char *name, FILE *out,
                  const vs_disasm_options *opt, vs_error *err)
{
  if (vs_elf_expect(e, name, ELFCLASS32, EM_RISCV, "Ventus", err)) return -1;
  fprintf(out, "\n%s:\tfile format elf32-littleriscv\n", name);
  for (size_t s = 0; s < e->nsections; s++) {
    const vs_elf_section *sec = &e->sections[s];
    if (sec->type != SHT_PROGBITS || !(sec->flags & SHF_EXECINSTR) || !sec->data) continue;
    fprintf(out, "\nDisassembly of section %s:\n", sec->name);
    size_t nw = sec->size / 4;
    uint32_t *addr = vs_calloc(nw ? nw : 1, sizeof *addr, err);
    uint32_t *words = vs_calloc(nw ? nw : 1, sizeof *words, err);
    label *labels = vs_calloc(e->nsymbols + 1, sizeof *labels, err);
    if (!addr || !words || !labels) {
      free(addr); free(words); free(labels);
      return -1;
    }
    for (size_t i = 0; i < nw; i++) {
      addr[i] = (uint32_t)sec->addr + 4 * (uint32_t)i; /* ELF32: 32-bit addresses */
      const uint8_t *p = sec->data + 4 * i;
      words[i] = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    }
    size_t nl = 0;
    for (size_t k = 0; k < e->nsymbols; k++) {
      const vs_elf_symbol *sy = &e->symbols[k];
      if (sy->shndx != s || !sy->name[0] || sy->name[0] == '$') continue;
      if (sy->type != STT_NOTYPE && sy->type != STT_FUNC && sy->type != STT_OBJECT) continue;
      labels[nl].addr = (uint32_t)sy->value;
      labels[nl].name = sy->name;
      labels[nl].order = k;
      /* Several symbols at one address: like llvm-objdump, show one, the
       * most significant (typed before untyped, global before local,
       * named before .L temporaries). */
      labels[nl].rank = (sy->type != STT_NOTYPE) * 4 + (sy->bind != STB_LOCAL) * 2 +
                        (strncmp(sy->name, ".L", 2) != 0);
      nl++;
    }
    int has_start = 0;
    for (size_t k = 0; k < nl; k++) has_start |= labels[k].addr == sec->addr;
    if (!has_start) { /* llvm-objdump labels the section start with its name */
      labels[nl].addr = (uint32_t)sec->addr;
      labels[nl].name = sec->name;
      labels[nl].order = (size_t)-1;
      labels[nl].rank = -1;
      nl++;
    }
    qsort(labels, nl, sizeof *labels, cmp_label);
    size_t w = 0; /* keep the first (best) label of each address */
    for (size_t k = 0; k < nl; k++)
      if (w == 0 || labels[w - 1].addr != labels[k].addr) labels[w++] = labels[k];
    nl = w;
    symctx sc = {labels, nl, sec->name, (uint32_t)sec->addr, (uint32_t)(sec->addr + sec->size)};
    listing(out, addr, words, nw, &sc, opt);
    free(addr);
    free(words);
    free(labels);
  }
  return 0;
}

int vs_disasm_vmem(const vs_vmem *v, vs_addr base, const char *name, FILE *out,
                   const vs_disasm_options *opt, vs_error *err)
{
  if (base > 0xfffffffcull)
    return vs_error_set(err, VS_E_USAGE, "%s: base 0x%08" PRIx64 " is beyond the 32-bit address space of Ventus",
                        name, base);
  fprintf(out, "\n%s:\tfile format vmem (base 0x%08" PRIx64 ")\n\nDisassembly:\n\n", name, base);
  uint32_t *addr = vs_calloc(v->n ? v->n : 1, sizeof *addr, err);
  if (!addr) return -1;
  for (size_t i = 0; i < v->n; i++) {
    uint64_t a = base + 4ull * v->index[i];
    if (a > 0xfffffffcull) {
      free(addr);
      return vs_error_set(err, VS_E_FORMAT,
                          "%s: word %zu lies beyond the 32-bit address space (base 0x%08" PRIx64 ")",
                          name, i, base);
    }
    addr[i] = (uint32_t)a;
  }
  listing(out, addr, v->word, v->n, NULL, opt);
  free(addr);
  return 0;
}
