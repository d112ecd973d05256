/* ELF32 little-endian executable writer on top of libelf (see
 * ventsim/elfwrite.h).  The layout is computed here (ELF_F_LAYOUT):
 *   ELF header, program headers, then each allocated section at the first
 *   offset congruent to its address modulo the page size, then the
 *   non-allocated sections, .symtab, .strtab, .shstrtab, section headers. */
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common/util.h"
#include "ventsim/elfwrite.h"

static uint32_t align_up(uint32_t v, uint32_t a) { return a > 1 ? (v + a - 1) & ~(a - 1) : v; }

/* String table under construction. */
typedef struct strtab { vs_buf b; } strtab;

static int str_add(strtab *t, const char *s, uint32_t *off, vs_error *err)
{
  if (t->b.len == 0 && vs_buf_append(&t->b, "", 1, err)) return -1;
  if (!s || !*s) { *off = 0; return 0; }
  *off = (uint32_t)t->b.len;
  return vs_buf_append(&t->b, s, strlen(s) + 1, err);
}

static int fail_elf(Elf *e, vs_error *err, const char *what)
{
  vs_error_set(err, VS_E_IO, "writing the ELF file: %s: %s", what, elf_errmsg(-1));
  if (e) elf_end(e);
  return -1;
}

static Elf_Scn *new_section(Elf *e, const void *data, size_t size, Elf_Type type, size_t align)
{
  Elf_Scn *scn = elf_newscn(e);
  if (!scn) return NULL;
  if (data) {
    Elf_Data *d = elf_newdata(scn);
    if (!d) return NULL;
    d->d_buf = (void *)data;
    d->d_size = size;
    d->d_type = type;
    d->d_align = align;
    d->d_off = 0;
    d->d_version = EV_CURRENT;
  }
  return scn;
}

int vs_elf_write_fd(int fd, const vs_elfw_image *img, vs_error *err)
{
  if (elf_version(EV_CURRENT) == EV_NONE) return fail_elf(NULL, err, "libelf initialisation");
  size_t ns = img->nsections;
  uint32_t page = img->page ? img->page : 4096;

  /* string tables and the symbol table */
  strtab shstr = {{0}}, str = {{0}};
  Elf32_Sym *syms = calloc(img->nsymbols + 1, sizeof *syms);
  uint32_t *shname = calloc(ns + 3, sizeof *shname);
  int rc = -1;
  Elf *e = NULL;
  if (!syms || !shname) { vs_error_set(err, VS_E_NOMEM, "out of memory"); goto out; }
  for (size_t i = 0; i < ns; i++)
    if (str_add(&shstr, img->sections[i].name, &shname[i], err)) goto out;
  if (str_add(&shstr, ".symtab", &shname[ns], err) || str_add(&shstr, ".strtab", &shname[ns + 1], err) ||
      str_add(&shstr, ".shstrtab", &shname[ns + 2], err) || str_add(&str, "", &(uint32_t){0}, err))
    goto out;
  size_t nsym = 1, first_global = 0;
  for (int pass = 0; pass < 2; pass++) {  /* locals first, as ELF requires */
    if (pass == 1) first_global = nsym;
    for (size_t i = 0; i < img->nsymbols; i++) {
      const vs_elfw_symbol *s = &img->symbols[i];
      if ((s->bind == STB_LOCAL) != (pass == 0)) continue;
      Elf32_Sym *o = &syms[nsym++];
      if (str_add(&str, s->name, &o->st_name, err)) goto out;
      o->st_value = s->value;
      o->st_size = s->size;
      o->st_info = ELF32_ST_INFO(s->bind, s->type);
      o->st_shndx = s->section == VS_ELFW_ABS ? SHN_ABS
                    : s->section < 0 ? SHN_UNDEF : (Elf32_Half)(s->section + 1);
      if (s->type == STT_FILE) o->st_shndx = SHN_ABS;
    }
  }

  e = elf_begin(fd, ELF_C_WRITE, NULL);
  if (!e) { fail_elf(NULL, err, "elf_begin"); goto out_noend; }
  Elf32_Ehdr *eh = elf32_newehdr(e);
  if (!eh) { fail_elf(e, err, "ELF header"); e = NULL; goto out; }
  size_t nph = 0;
  for (size_t i = 0; i < ns; i++)
    if ((img->sections[i].flags & SHF_ALLOC) && img->sections[i].size) nph++;
  Elf32_Phdr *ph = NULL;
  if (nph && !(ph = elf32_newphdr(e, nph))) { fail_elf(e, err, "program headers"); e = NULL; goto out; }

  uint32_t off = (uint32_t)(sizeof(Elf32_Ehdr) + nph * sizeof(Elf32_Phdr));
  size_t k = 0;
  for (size_t i = 0; i < ns; i++) {
    const vs_elfw_section *s = &img->sections[i];
    int nobits = s->type == SHT_NOBITS;
    Elf_Scn *scn = new_section(e, nobits ? NULL : s->data, s->size, ELF_T_BYTE, 1);
    Elf32_Shdr *sh = scn ? elf32_getshdr(scn) : NULL;
    if (!sh) { fail_elf(e, err, "section"); e = NULL; goto out; }
    if (s->flags & SHF_ALLOC) {
      if (!nobits) { /* offset congruent to the address modulo the page */
        uint32_t want = s->addr & (page - 1);
        uint32_t base = off & ~(page - 1);
        off = base + want >= off ? base + want : base + page + want;
      }
    } else {
      off = align_up(off, s->align ? s->align : 1);
    }
    sh->sh_name = shname[i];
    sh->sh_type = s->type;
    sh->sh_flags = s->flags;
    sh->sh_addr = s->addr;
    sh->sh_offset = off;
    sh->sh_size = s->size;
    sh->sh_addralign = s->align ? s->align : 1;
    if ((s->flags & SHF_ALLOC) && s->size) {
      Elf32_Phdr *p = &ph[k++];
      p->p_type = PT_LOAD;
      p->p_offset = off;
      p->p_vaddr = p->p_paddr = s->addr;
      p->p_filesz = nobits ? 0 : s->size;
      p->p_memsz = s->size;
      p->p_flags = PF_R | ((s->flags & SHF_WRITE) ? PF_W : 0) | ((s->flags & SHF_EXECINSTR) ? PF_X : 0);
      p->p_align = page;
    }
    if (!nobits) off += s->size;
  }
  /* .symtab, .strtab, .shstrtab */
  off = align_up(off, 4);
  Elf_Scn *symscn = new_section(e, syms, nsym * sizeof *syms, ELF_T_SYM, 4);
  Elf32_Shdr *sh = symscn ? elf32_getshdr(symscn) : NULL;
  if (!sh) { fail_elf(e, err, "symbol table"); e = NULL; goto out; }
  sh->sh_name = shname[ns];
  sh->sh_type = SHT_SYMTAB;
  sh->sh_offset = off;
  sh->sh_size = (uint32_t)(nsym * sizeof *syms);
  sh->sh_addralign = 4;
  sh->sh_entsize = sizeof(Elf32_Sym);
  sh->sh_link = (uint32_t)ns + 2;   /* .strtab */
  sh->sh_info = (uint32_t)first_global;
  off += sh->sh_size;
  Elf_Scn *strscn = new_section(e, str.b.data, str.b.len, ELF_T_BYTE, 1);
  sh = strscn ? elf32_getshdr(strscn) : NULL;
  if (!sh) { fail_elf(e, err, "string table"); e = NULL; goto out; }
  sh->sh_name = shname[ns + 1];
  sh->sh_type = SHT_STRTAB;
  sh->sh_offset = off;
  sh->sh_size = (uint32_t)str.b.len;
  sh->sh_addralign = 1;
  off += sh->sh_size;
  Elf_Scn *shstrscn = new_section(e, shstr.b.data, shstr.b.len, ELF_T_BYTE, 1);
  sh = shstrscn ? elf32_getshdr(shstrscn) : NULL;
  if (!sh) { fail_elf(e, err, "section name table"); e = NULL; goto out; }
  sh->sh_name = shname[ns + 2];
  sh->sh_type = SHT_STRTAB;
  sh->sh_offset = off;
  sh->sh_size = (uint32_t)shstr.b.len;
  sh->sh_addralign = 1;
  off += sh->sh_size;

  eh->e_ident[EI_DATA] = ELFDATA2LSB;
  eh->e_ident[EI_OSABI] = ELFOSABI_NONE;
  eh->e_type = ET_EXEC;
  eh->e_machine = img->machine;
  eh->e_version = EV_CURRENT;
  eh->e_entry = img->entry;
  eh->e_flags = img->flags;
  eh->e_phoff = nph ? (uint32_t)sizeof(Elf32_Ehdr) : 0;
  eh->e_shoff = align_up(off, 4);
  eh->e_shstrndx = (Elf32_Half)(ns + 3);
  elf_flagelf(e, ELF_C_SET, ELF_F_LAYOUT);
  if (elf_update(e, ELF_C_WRITE) < 0) { fail_elf(e, err, "elf_update"); e = NULL; goto out; }
  rc = 0;
out:
  if (e) elf_end(e);
out_noend:
  free(syms);
  free(shname);
  vs_buf_free(&str.b);
  vs_buf_free(&shstr.b);
  return rc;
}

int vs_elf_write_mem(const vs_elfw_image *img, uint8_t **out, size_t *len, vs_error *err)
{
  *out = NULL;
  *len = 0;
  FILE *f = tmpfile();
  if (!f) return vs_error_set(err, VS_E_IO, "cannot create a temporary file for the ELF image");
  int rc = vs_elf_write_fd(fileno(f), img, err);
  if (rc == 0) {
    long n;
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
      rc = vs_error_set(err, VS_E_IO, "reading back the ELF image failed");
    } else {
      *out = malloc(n ? (size_t)n : 1);
      if (!*out) rc = vs_error_set(err, VS_E_NOMEM, "out of memory");
      else if (fread(*out, 1, (size_t)n, f) != (size_t)n) {
        free(*out);
        *out = NULL;
        rc = vs_error_set(err, VS_E_IO, "reading back the ELF image failed");
      } else {
        *len = (size_t)n;
      }
    }
  }
  fclose(f);
  return rc;
}
