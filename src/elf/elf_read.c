/* ELF reader (32- and 64-bit, little-endian, any machine) on top of
 * libelf's class-independent gelf interface. */
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "ventsim/elf.h"

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
  if (e->image[EI_CLASS] != ELFCLASS32 && e->image[EI_CLASS] != ELFCLASS64)
    return fail(NULL, e, err, name, "neither a 32-bit nor a 64-bit ELF file");
  if (e->image[EI_DATA] != ELFDATA2LSB)
    return fail(NULL, e, err, name, "not a little-endian ELF file");
  e->elfclass = e->image[EI_CLASS];
  int is64 = e->elfclass == ELFCLASS64;
  uint64_t space = is64 ? UINT64_MAX : UINT64_C(0xffffffff); /* highest address */

  Elf *elf = elf_memory((char *)e->image, len);
  if (!elf || elf_kind(elf) != ELF_K_ELF)
    return fail(elf, e, err, name, "malformed ELF file");
  GElf_Ehdr eh;
  if (!gelf_getehdr(elf, &eh)) return fail(elf, e, err, name, "malformed ELF header");
  e->type = eh.e_type;
  e->machine = eh.e_machine;
  e->flags = eh.e_flags;
  e->entry = eh.e_entry;
  /* libelf hands out the header tables in place: they must be aligned */
  unsigned align = is64 ? 8 : 4;
  if (eh.e_phoff % align || eh.e_shoff % align)
    return fail(elf, e, err, name, is64 ? "program or section header table not 8-byte aligned"
                                        : "program or section header table not 4-byte aligned");
  /* and in the file (libelf would quietly see no sections); with extended
   * numbering (e_shnum 0) the count is in section 0, which must be there */
  size_t phsz = is64 ? sizeof(Elf64_Phdr) : sizeof(Elf32_Phdr);
  size_t shsz = is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
  if (eh.e_phnum && (eh.e_phentsize != phsz ||
                     !in_file(e, eh.e_phoff, (uint64_t)eh.e_phnum * phsz)))
    return fail(elf, e, err, name, "the program header table goes past the end of the file "
                                   "(or has entries of the wrong size)");
  if (eh.e_shoff && (eh.e_shentsize != shsz ||
                     !in_file(e, eh.e_shoff, (uint64_t)(eh.e_shnum ? eh.e_shnum : 1) * shsz)))
    return fail(elf, e, err, name, "the section header table goes past the end of the file "
                                   "(or has entries of the wrong size)");

  /* program headers */
  size_t nph = 0;
  if (elf_getphdrnum(elf, &nph) != 0) return fail(elf, e, err, name, "malformed program headers");
  if (nph) {
    e->segments = vs_calloc(nph, sizeof *e->segments, err);
    if (!e->segments) { elf_end(elf); vs_elf_free(e); return -1; }
  }
  for (size_t i = 0; i < nph; i++) {
    GElf_Phdr ph;
    if (!gelf_getphdr(elf, (int)i, &ph)) return fail(elf, e, err, name, "malformed program headers");
    if (ph.p_type != PT_LOAD) continue;
    if (!in_file(e, ph.p_offset, ph.p_filesz))
      return fail(elf, e, err, name, "a loadable segment lies outside the file");
    if (ph.p_memsz < ph.p_filesz)
      return fail(elf, e, err, name, "a loadable segment has p_memsz < p_filesz");
    if (ph.p_vaddr > space || (ph.p_memsz && ph.p_memsz - 1 > space - ph.p_vaddr))
      return fail(elf, e, err, name, is64 ? "a loadable segment extends beyond the 64-bit address space"
                                          : "a loadable segment extends beyond the 32-bit address space");
    vs_elf_segment *sg = &e->segments[e->nsegments++];
    sg->vaddr = ph.p_vaddr;
    sg->filesz = ph.p_filesz;
    sg->memsz = ph.p_memsz;
    sg->flags = ph.p_flags;
    sg->data = e->image + ph.p_offset;
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
  GElf_Shdr symsh;
  for (size_t i = 0; i < nsec; i++) {
    Elf_Scn *scn = elf_getscn(elf, i);
    GElf_Shdr sh;
    if (!scn || !gelf_getshdr(scn, &sh)) return fail(elf, e, err, name, "malformed section header");
    vs_elf_section *sc = &e->sections[e->nsections++];
    const char *nm = elf_strptr(elf, shstrndx, sh.sh_name);
    sc->name = vs_strdup(nm ? nm : "", err);
    if (!sc->name) { elf_end(elf); vs_elf_free(e); return -1; }
    sc->type = sh.sh_type;
    sc->flags = sh.sh_flags;
    sc->addr = sh.sh_addr;
    sc->size = sh.sh_size;
    if (sh.sh_type != SHT_NOBITS && sh.sh_type != SHT_NULL) {
      if (!in_file(e, sh.sh_offset, sh.sh_size))
        return fail(elf, e, err, name, "a section lies outside the file");
      sc->data = e->image + sh.sh_offset;
    }
    if (sh.sh_type == SHT_SYMTAB) {
      symtab = scn;
      symsh = sh;
    }
  }

  /* symbols */
  if (symtab) {
    size_t entsize = is64 ? sizeof(Elf64_Sym) : sizeof(Elf32_Sym);
    if (symsh.sh_entsize != entsize || !in_file(e, symsh.sh_offset, symsh.sh_size))
      return fail(elf, e, err, name, "malformed symbol table");
    size_t n = symsh.sh_size / entsize;
    if (symsh.sh_link >= nsec) return fail(elf, e, err, name, "symbol table has no string table");
    Elf_Data *sd = elf_getdata(symtab, NULL);
    if (n && (!sd || sd->d_size / entsize < n)) return fail(elf, e, err, name, "malformed symbol table");
    e->symbols = vs_calloc(n ? n : 1, sizeof *e->symbols, err);
    if (!e->symbols) { elf_end(elf); vs_elf_free(e); return -1; }
    for (size_t i = 1; i < n; i++) {
      GElf_Sym sym;
      if (!gelf_getsym(sd, (int)i, &sym)) return fail(elf, e, err, name, "malformed symbol table");
      const char *nm = elf_strptr(elf, symsh.sh_link, sym.st_name);
      vs_elf_symbol *sy = &e->symbols[e->nsymbols++];
      sy->name = vs_strdup(nm ? nm : "", err);
      if (!sy->name) { elf_end(elf); vs_elf_free(e); return -1; }
      sy->value = sym.st_value;
      sy->size = sym.st_size;
      sy->type = GELF_ST_TYPE(sym.st_info);
      sy->bind = GELF_ST_BIND(sym.st_info);
      sy->shndx = sym.st_shndx;
    }
  }
  elf_end(elf);
  *out = e;
  return 0;
}

int vs_elf_expect(const vs_elf *e, const char *name, int elfclass, uint16_t machine,
                  const char *what, vs_error *err)
{
  int bits = elfclass == ELFCLASS64 ? 64 : 32;
  if (e->elfclass != elfclass)
    return vs_error_set(err, VS_E_FORMAT, "%s: not a %d-bit ELF file (%s programs are ELF%d)", name,
                        bits, what, bits);
  if (e->machine != machine)
    return vs_error_set(err, VS_E_FORMAT, "%s: not a %s ELF file (e_machine is %u, not %u)", name,
                        what, e->machine, machine);
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
