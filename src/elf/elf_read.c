/* ELF32 RISC-V reader on top of libelf. */
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "ventsim/elf.h"

#ifndef EM_RISCV
#define EM_RISCV 243
#endif

void vs_elf_free(vs_elf *e)
{
  if (!e) return;
  for (size_t i = 0; i < e->nsections; i++) free(e->sections[i].name);
  for (size_t i = 0; i < e->nsymbols; i++) free(e->symbols[i].name);
  free(e->sections);
  free(e->symbols);
  free(e->segments);
  free(e->image);
  free(e);
}

static int in_file(const vs_elf *e, uint64_t off, uint64_t size)
{
  return off <= e->image_len && size <= e->image_len - off;
}

static int fail(Elf *elf, vs_elf *e, vs_error *err, const char *name, const char *what)
{
  vs_error_set(err, VS_E_FORMAT, "%s: %s", name, what);
  if (elf) elf_end(elf);
  vs_elf_free(e);
  return -1;
}

int vs_elf_load_mem(const void *data, size_t len, const char *name, vs_elf **out,
                    vs_error *err)
{
  *out = NULL;
  if (elf_version(EV_CURRENT) == EV_NONE)
    return vs_error_set(err, VS_E_FORMAT, "%s: libelf initialisation failed", name);
  vs_elf *e = vs_calloc(1, sizeof *e, err);
  if (!e) return -1;
  e->image = vs_malloc(len ? len : 1, err);
  if (!e->image) { free(e); return -1; }
  memcpy(e->image, data, len);
  e->image_len = len;

  if (len < EI_NIDENT || memcmp(e->image, ELFMAG, SELFMAG) != 0)
    return fail(NULL, e, err, name, "not an ELF file");
  if (e->image[EI_CLASS] != ELFCLASS32)
    return fail(NULL, e, err, name, "not a 32-bit ELF file (Ventus programs are ELF32)");
  if (e->image[EI_DATA] != ELFDATA2LSB)
    return fail(NULL, e, err, name, "not a little-endian ELF file");

  Elf *elf = elf_memory((char *)e->image, len);
  if (!elf || elf_kind(elf) != ELF_K_ELF)
    return fail(elf, e, err, name, "malformed ELF file");
  Elf32_Ehdr *eh = elf32_getehdr(elf);
  if (!eh) return fail(elf, e, err, name, "malformed ELF header");
  if (eh->e_machine != EM_RISCV)
    return fail(elf, e, err, name, "not a RISC-V ELF file (e_machine is not EM_RISCV)");
  e->entry = eh->e_entry;
  /* libelf hands out the header tables in place: they must be aligned */
  if (eh->e_phoff % 4 || eh->e_shoff % 4)
    return fail(elf, e, err, name, "program or section header table not 4-byte aligned");
  /* and in the file (libelf would quietly see no sections); with extended
   * numbering (e_shnum 0) the count is in section 0, which must be there */
  if (eh->e_phnum && (eh->e_phentsize != sizeof(Elf32_Phdr) ||
                      !in_file(e, eh->e_phoff, (uint64_t)eh->e_phnum * sizeof(Elf32_Phdr))))
    return fail(elf, e, err, name, "the program header table goes past the end of the file "
                                   "(or has entries of the wrong size)");
  if (eh->e_shoff && (eh->e_shentsize != sizeof(Elf32_Shdr) ||
                      !in_file(e, eh->e_shoff, (uint64_t)(eh->e_shnum ? eh->e_shnum : 1) * sizeof(Elf32_Shdr))))
    return fail(elf, e, err, name, "the section header table goes past the end of the file "
                                   "(or has entries of the wrong size)");

  /* program headers */
  size_t nph = 0;
  if (elf_getphdrnum(elf, &nph) != 0) return fail(elf, e, err, name, "malformed program headers");
  Elf32_Phdr *ph = nph ? elf32_getphdr(elf) : NULL;
  if (nph && !ph) return fail(elf, e, err, name, "malformed program headers");
  if (nph) {
    e->segments = vs_calloc(nph, sizeof *e->segments, err);
    if (!e->segments) { elf_end(elf); vs_elf_free(e); return -1; }
  }
  for (size_t i = 0; i < nph; i++) {
    if (ph[i].p_type != PT_LOAD) continue;
    if (!in_file(e, ph[i].p_offset, ph[i].p_filesz))
      return fail(elf, e, err, name, "a loadable segment lies outside the file");
    if (ph[i].p_memsz < ph[i].p_filesz)
      return fail(elf, e, err, name, "a loadable segment has p_memsz < p_filesz");
    if ((uint64_t)ph[i].p_vaddr + ph[i].p_memsz > 0x100000000ull)
      return fail(elf, e, err, name, "a loadable segment extends beyond the 32-bit address space");
    vs_elf_segment *s = &e->segments[e->nsegments++];
    s->vaddr = ph[i].p_vaddr;
    s->filesz = ph[i].p_filesz;
    s->memsz = ph[i].p_memsz;
    s->flags = ph[i].p_flags;
    s->data = e->image + ph[i].p_offset;
  }

  /* sections */
  size_t nsec = 0, shstrndx = 0;
  if (elf_getshdrnum(elf, &nsec) != 0 || elf_getshdrstrndx(elf, &shstrndx) != 0)
    return fail(elf, e, err, name, "malformed section headers");
  if (nsec) {
    e->sections = vs_calloc(nsec, sizeof *e->sections, err);
    if (!e->sections) { elf_end(elf); vs_elf_free(e); return -1; }
  }
  Elf_Scn *symtab = NULL;
  size_t symtab_link = 0;
  for (size_t i = 0; i < nsec; i++) {
    Elf_Scn *scn = elf_getscn(elf, i);
    Elf32_Shdr *sh = scn ? elf32_getshdr(scn) : NULL;
    if (!sh) return fail(elf, e, err, name, "malformed section header");
    vs_elf_section *s = &e->sections[e->nsections++];
    const char *nm = elf_strptr(elf, shstrndx, sh->sh_name);
    s->name = vs_strdup(nm ? nm : "", err);
    if (!s->name) { elf_end(elf); vs_elf_free(e); return -1; }
    s->type = sh->sh_type;
    s->flags = sh->sh_flags;
    s->addr = sh->sh_addr;
    s->size = sh->sh_size;
    if (sh->sh_type != SHT_NOBITS && sh->sh_type != SHT_NULL) {
      if (!in_file(e, sh->sh_offset, sh->sh_size))
        return fail(elf, e, err, name, "a section lies outside the file");
      s->data = e->image + sh->sh_offset;
    }
    if (sh->sh_type == SHT_SYMTAB) {
      symtab = scn;
      symtab_link = sh->sh_link;
    }
  }

  /* symbols */
  if (symtab) {
    Elf32_Shdr *sh = elf32_getshdr(symtab);
    if (sh->sh_entsize != sizeof(Elf32_Sym) || !in_file(e, sh->sh_offset, sh->sh_size))
      return fail(elf, e, err, name, "malformed symbol table");
    size_t n = sh->sh_size / sizeof(Elf32_Sym);
    if (symtab_link >= nsec) return fail(elf, e, err, name, "symbol table has no string table");
    e->symbols = vs_calloc(n ? n : 1, sizeof *e->symbols, err);
    if (!e->symbols) { elf_end(elf); vs_elf_free(e); return -1; }
    for (size_t i = 1; i < n; i++) {
      Elf32_Sym sym;
      memcpy(&sym, e->image + sh->sh_offset + i * sizeof sym, sizeof sym);
      const char *nm = elf_strptr(elf, symtab_link, sym.st_name);
      vs_elf_symbol *s = &e->symbols[e->nsymbols++];
      s->name = vs_strdup(nm ? nm : "", err);
      if (!s->name) { elf_end(elf); vs_elf_free(e); return -1; }
      s->value = sym.st_value;
      s->size = sym.st_size;
      s->type = ELF32_ST_TYPE(sym.st_info);
      s->bind = ELF32_ST_BIND(sym.st_info);
      s->shndx = sym.st_shndx;
    }
  }
  elf_end(elf);
  *out = e;
  return 0;
}

int vs_elf_load(const char *path, vs_elf **out, vs_error *err)
{
  char *data;
  size_t len;
  if (vs_read_file(path, VS_MAX_INPUT_FILE, &data, &len, err)) return -1;
  int rc = vs_elf_load_mem(data, len, path, out, err);
  free(data);
  return rc;
}

const vs_elf_symbol *vs_elf_find_symbol(const vs_elf *e, const char *name)
{
  for (size_t i = 0; i < e->nsymbols; i++)
    if (e->symbols[i].shndx != SHN_UNDEF && strcmp(e->symbols[i].name, name) == 0)
      return &e->symbols[i];
  return NULL;
}
