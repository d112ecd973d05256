/* Listings of HSA code objects (ELF64, EM_AMDGPU) in the layout of
 * llvm-objdump-19 -d: every executable section, symbols as labels, each
 * instruction as "\t<text padded to 59>// <address>: <words>". */
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "isa/amdgpu/amdgpu.h"

#ifndef EM_AMDGPU
#define EM_AMDGPU 224
#endif

typedef struct sym {
  uint64_t addr;
  const char *name;
  size_t order;
} sym;

typedef struct symtab {
  sym *s;
  size_t n;
} symtab;

static int cmp_sym(const void *a, const void *b)
{
  const sym *x = a, *y = b;
  if (x->addr != y->addr) return x->addr < y->addr ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* The symbol at or before addr (the first one listed at that address). */
static const sym *sym_before(const symtab *t, uint64_t addr)
{
  size_t lo = 0, hi = t->n;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (t->s[mid].addr <= addr) lo = mid + 1; else hi = mid;
  }
  if (!lo) return NULL;
  size_t k = lo - 1;
  while (k > 0 && t->s[k - 1].addr == t->s[k].addr) k--;
  return &t->s[k];
}

/* Branch targets that are exactly a symbol print as its name. */
static int symbolize(void *ctx, uint64_t addr, char *buf, size_t n)
{
  const sym *s = sym_before(ctx, addr);
  if (!s || s->addr != addr) return 0;
  snprintf(buf, n, "%s", s->name);
  return 1;
}

static int fail(vs_error *err, Elf *elf, const char *name, const char *what)
{
  if (elf) elf_end(elf);
  return vs_error_set(err, VS_E_FORMAT, "%s: %s", name, what);
}

/* llvm-objdump skips runs of 8 or more zero bytes ("..."), in whole words. */
static size_t zero_run(const uint8_t *p, size_t n)
{
  size_t z = 0;
  while (z < n && !p[z]) z++;
  return z < 8 ? 0 : z & ~(size_t)3;
}

static uint32_t le32(const uint8_t *p)
{
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void list_range(FILE *out, amd_target t, const uint8_t *data, uint64_t base, uint64_t from,
                       uint64_t to, const symtab *syms)
{
  uint64_t pc = from;
  char text[512], com[256];
  while (pc < to) {
    size_t off = (size_t)(pc - base), left = (size_t)(to - pc);
    size_t z = zero_run(data + off, left);
    if (z) {
      fputs("\t\t...\n", out);
      pc += z;
      continue;
    }
    if (left < 4) { /* a trailing partial word */
      fprintf(out, "\t<unknown>\n");
      break;
    }
    uint32_t w[4] = {0};
    unsigned nw = (unsigned)(left / 4 < 4 ? left / 4 : 4);
    for (unsigned i = 0; i < nw; i++) w[i] = le32(data + off + 4 * i);
    amd_insn d;
    int len = amd_decode(t, w, nw, &d);
    if (len < 0) len = 4;
    amd_disasm_sym(&d, pc, symbolize, (void *)syms, text, sizeof text);
    amd_disasm_comment(&d, com, sizeof com);
    fprintf(out, "\t%-59s// %012llX:", text, (unsigned long long)pc);
    for (int i = 0; i < len / 4; i++) fprintf(out, " %08X", w[i]);
    const amd_row *r = amd_row_of(&d);
    if (r && r->enc == AMD_ENC_SOPP && r->nops && r->ops[0].role == AMD_R_LABEL) {
      uint64_t target = pc + 4 + (uint64_t)((int64_t)(int16_t)(w[0] & 0xffff) * 4);
      const sym *s = sym_before(syms, target);
      if (s) {
        if (s->addr == target) fprintf(out, " <%s>", s->name);
        else fprintf(out, " <%s+0x%llx>", s->name, (unsigned long long)(target - s->addr));
      }
    }
    fprintf(out, "%s\n", com);
    pc += (uint64_t)len;
  }
}

/* gfx1100 code is wave64 when the code object has kernel descriptors
 * (NAME.kd symbols) and every one has ENABLE_WAVEFRONT_SIZE32 (bit 10 of
 * kernel_code_properties, byte 0x38) clear.  -1: no descriptor found. */
static int kd_wave64(Elf *elf, Elf_Scn *symscn)
{
  GElf_Shdr ssh;
  Elf_Data *sd = symscn ? elf_getdata(symscn, NULL) : NULL;
  if (!sd || !gelf_getshdr(symscn, &ssh) || !ssh.sh_entsize) return -1;
  size_t count = sd->d_size / ssh.sh_entsize;
  int found = 0, w64 = 1;
  for (size_t i = 0; i < count; i++) {
    GElf_Sym s;
    if (!gelf_getsym(sd, (int)i, &s) || GELF_ST_TYPE(s.st_info) != STT_OBJECT || s.st_size != 64)
      continue;
    const char *nm = elf_strptr(elf, ssh.sh_link, s.st_name);
    size_t n = nm ? strlen(nm) : 0;
    if (n < 3 || strcmp(nm + n - 3, ".kd") != 0) continue;
    Elf_Scn *scn = elf_getscn(elf, s.st_shndx);
    GElf_Shdr sh;
    Elf_Data *d = scn && gelf_getshdr(scn, &sh) && sh.sh_type == SHT_PROGBITS ? elf_getdata(scn, NULL) : NULL;
    if (!d || !d->d_buf || s.st_value < sh.sh_addr || s.st_value - sh.sh_addr > d->d_size ||
        d->d_size - (s.st_value - sh.sh_addr) < 64)
      continue;
    const uint8_t *kd = (const uint8_t *)d->d_buf + (s.st_value - sh.sh_addr);
    found = 1;
    if (kd[0x39] & 0x04) w64 = 0; /* bit 10 of the 16-bit field at 0x38 */
  }
  return found ? w64 : -1;
}

int amd_disasm_code_object(const void *data, size_t len, const char *name, amd_target target,
                           FILE *out, vs_error *err)
{
  if (elf_version(EV_CURRENT) == EV_NONE)
    return vs_error_set(err, VS_E_FORMAT, "%s: libelf initialisation failed", name);
  if (len < EI_NIDENT || memcmp(data, ELFMAG, SELFMAG) != 0) return fail(err, NULL, name, "not an ELF file");
  const unsigned char *id = data;
  if (id[EI_CLASS] != ELFCLASS64) return fail(err, NULL, name, "not a 64-bit ELF file (AMDGPU code objects are ELF64)");
  if (id[EI_DATA] != ELFDATA2LSB) return fail(err, NULL, name, "not a little-endian ELF file");
  /* libelf reads in place: keep an aligned copy */
  uint8_t *img = vs_malloc(len, err);
  if (!img) return -1;
  memcpy(img, data, len);
  Elf *elf = elf_memory((char *)img, len);
  int rc = -1;
  symtab syms = {NULL, 0};
  GElf_Ehdr eh;
  if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &eh)) {
    rc = fail(err, elf, name, "malformed ELF file");
    elf = NULL;
    goto done;
  }
  if (eh.e_machine != EM_AMDGPU) {
    rc = fail(err, elf, name, "not an AMDGPU code object (e_machine is not EM_AMDGPU)");
    elf = NULL;
    goto done;
  }
  int eflags_target = target == AMD_TARGET_NONE;
  if (eflags_target) target = amd_target_from_eflags((uint32_t)eh.e_flags);
  if (target == AMD_TARGET_NONE) {
    vs_error_set(err, VS_E_FORMAT,
                 "%s: unsupported AMDGPU processor (EF_AMDGPU_MACH 0x%02x in e_flags 0x%x); "
                 "use --mcpu gfx900, gfx906, gfx1100 or gfx1100w64",
                 name, (unsigned)(eh.e_flags & 0xff), (unsigned)eh.e_flags);
    goto done;
  }
  size_t shnum = 0, shstrndx;
  if (elf_getshdrnum(elf, &shnum) != 0 || !shnum || !eh.e_shoff || eh.e_shoff > len ||
      (uint64_t)shnum * eh.e_shentsize > len - eh.e_shoff) {
    rc = fail(err, elf, name, "section header table missing or outside the file");
    elf = NULL;
    goto done;
  }
  if (elf_getshdrstrndx(elf, &shstrndx) != 0) {
    rc = fail(err, elf, name, "malformed section header string table");
    elf = NULL;
    goto done;
  }
  /* symbols: .symtab if present, else .dynsym */
  Elf_Scn *scn = NULL, *symscn = NULL;
  GElf_Shdr sh;
  while ((scn = elf_nextscn(elf, scn)))
    if (gelf_getshdr(scn, &sh) && (sh.sh_type == SHT_SYMTAB || (!symscn && sh.sh_type == SHT_DYNSYM)))
      symscn = scn;
  if (eflags_target && amd_target_with_wave64(target, 1) != target)
    target = amd_target_with_wave64(target, kd_wave64(elf, symscn) == 1);
  fprintf(out, "\n%s:\tfile format elf64-amdgpu\n", name);
  scn = NULL;
  while ((scn = elf_nextscn(elf, scn))) {
    if (!gelf_getshdr(scn, &sh)) continue;
    if (sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_EXECINSTR)) continue;
    Elf_Data *dat = sh.sh_offset <= len && sh.sh_size <= len - sh.sh_offset ? elf_getdata(scn, NULL) : NULL;
    if (!dat || (sh.sh_size && (!dat->d_buf || dat->d_size < sh.sh_size))) {
      vs_error_set(err, VS_E_FORMAT, "%s: executable section data outside the file", name);
      goto done;
    }
    const char *secname = elf_strptr(elf, shstrndx, sh.sh_name);
    if (!secname) secname = "?";
    size_t secidx = elf_ndxscn(scn);
    /* the section's symbols */
    free(syms.s);
    syms.s = NULL;
    syms.n = 0;
    if (symscn) {
      GElf_Shdr ssh;
      Elf_Data *sd = elf_getdata(symscn, NULL);
      if (gelf_getshdr(symscn, &ssh) && sd && ssh.sh_entsize) {
        size_t count = sd->d_size / ssh.sh_entsize;
        syms.s = vs_calloc(count ? count : 1, sizeof *syms.s, err);
        if (!syms.s) goto done;
        for (size_t i = 0; i < count; i++) {
          GElf_Sym s;
          if (!gelf_getsym(sd, (int)i, &s) || s.st_shndx != secidx) continue;
          unsigned type = GELF_ST_TYPE(s.st_info);
          if (type == STT_SECTION || type == STT_FILE) continue;
          const char *nm = elf_strptr(elf, ssh.sh_link, s.st_name);
          if (!nm || !*nm) continue;
          if (s.st_value < sh.sh_addr || s.st_value >= sh.sh_addr + sh.sh_size) continue;
          syms.s[syms.n++] = (sym){s.st_value, nm, i};
        }
        qsort(syms.s, syms.n, sizeof *syms.s, cmp_sym);
      }
    }
    fprintf(out, "\nDisassembly of section %s:\n", secname);
    const uint8_t *bytes = dat->d_buf;
    uint64_t start = sh.sh_addr, end = sh.sh_addr + sh.sh_size;
    if (!syms.n || syms.s[0].addr > start) {
      uint64_t stop = syms.n ? syms.s[0].addr : end;
      fprintf(out, "\n%016llx <%s>:\n", (unsigned long long)start, secname);
      list_range(out, target, bytes, start, start, stop, &syms);
    }
    for (size_t i = 0; i < syms.n; i++) {
      if (i + 1 < syms.n && syms.s[i + 1].addr == syms.s[i].addr) {
        fprintf(out, "\n%016llx <%s>:\n", (unsigned long long)syms.s[i].addr, syms.s[i].name);
        continue; /* several labels, one address */
      }
      uint64_t stop = i + 1 < syms.n ? syms.s[i + 1].addr : end;
      fprintf(out, "\n%016llx <%s>:\n", (unsigned long long)syms.s[i].addr, syms.s[i].name);
      list_range(out, target, bytes, start, syms.s[i].addr, stop, &syms);
    }
  }
  rc = 0;
done:
  free(syms.s);
  if (elf) elf_end(elf);
  free(img);
  return rc;
}

int amd_code_object_is_wave64(const void *data, size_t len)
{
  if (elf_version(EV_CURRENT) == EV_NONE || len < EI_NIDENT || memcmp(data, ELFMAG, SELFMAG) != 0)
    return 0;
  uint8_t *img = malloc(len);
  if (!img) return 0;
  memcpy(img, data, len);
  Elf *elf = elf_memory((char *)img, len);
  int w64 = 0;
  GElf_Ehdr eh;
  if (elf && elf_kind(elf) == ELF_K_ELF && gelf_getehdr(elf, &eh) && eh.e_machine == EM_AMDGPU) {
    Elf_Scn *scn = NULL, *symscn = NULL;
    GElf_Shdr sh;
    while ((scn = elf_nextscn(elf, scn)))
      if (gelf_getshdr(scn, &sh) && (sh.sh_type == SHT_SYMTAB || (!symscn && sh.sh_type == SHT_DYNSYM)))
        symscn = scn;
    w64 = kd_wave64(elf, symscn) == 1;
  }
  if (elf) elf_end(elf);
  free(img);
  return w64;
}
