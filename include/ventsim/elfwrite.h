/* Writing ELF32 little-endian executables (used by `ventsim as`).  Backed
 * by libelf.  Machine-neutral: the caller gives the machine number, flags,
 * sections and symbols; the writer lays the file out (each allocated
 * section at a file offset congruent to its address modulo `page`, one
 * PT_LOAD per non-empty allocated section) and adds .symtab, .strtab and
 * .shstrtab. */
#ifndef VENTSIM_ELFWRITE_H
#define VENTSIM_ELFWRITE_H

#include <stddef.h>
#include <stdint.h>

#include "ventsim/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vs_elfw_section {
  const char *name;
  uint32_t type;          /* SHT_PROGBITS, SHT_NOBITS or another SHT_*       */
  uint32_t flags;         /* SHF_*; SHF_ALLOC sections are loaded             */
  uint32_t addr, size, align;
  const uint8_t *data;    /* size bytes; NULL for SHT_NOBITS                  */
} vs_elfw_section;

#define VS_ELFW_UNDEF (-1)  /* vs_elfw_symbol.section: undefined             */
#define VS_ELFW_ABS   (-2)  /* absolute value                                */

typedef struct vs_elfw_symbol {
  const char *name;
  uint32_t value, size;
  uint8_t type, bind;     /* STT_*, STB_*                                     */
  int32_t section;        /* index into the sections array, or VS_ELFW_*      */
} vs_elfw_symbol;

typedef struct vs_elfw_image {
  uint16_t machine;       /* EM_*                                             */
  uint32_t flags;         /* e_flags                                          */
  uint32_t entry;
  uint32_t page;          /* segment alignment (power of two, e.g. 4096)      */
  const vs_elfw_section *sections;
  size_t nsections;
  const vs_elfw_symbol *symbols;  /* locals are written first, order kept     */
  size_t nsymbols;
} vs_elfw_image;

/* Writes an ET_EXEC file to fd (positioned at 0).  Returns 0 or -1. */
int vs_elf_write_fd(int fd, const vs_elfw_image *img, vs_error *err);
/* Same into a malloc'ed buffer. */
int vs_elf_write_mem(const vs_elfw_image *img, uint8_t **out, size_t *len, vs_error *err);

#ifdef __cplusplus
}
#endif
#endif
