/* Reading ELF32 RISC-V programs (kernels compiled for Ventus, or assembled
 * by `ventsim as`).  Backed by libelf. */
#ifndef VENTSIM_ELF_H
#define VENTSIM_ELF_H

#include <stddef.h>
#include <stdint.h>

#include "ventsim/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vs_elf_symbol {
  char *name;
  uint32_t value, size;
  uint8_t type;    /* STT_* */
  uint8_t bind;    /* STB_* */
  uint16_t shndx;  /* section index (0 = undefined) */
} vs_elf_symbol;

typedef struct vs_elf_section {
  char *name;
  uint32_t type, flags;  /* SHT_*, SHF_* */
  uint32_t addr, size;
  const uint8_t *data;   /* NULL for SHT_NOBITS */
} vs_elf_section;

typedef struct vs_elf_segment {
  uint32_t vaddr, filesz, memsz, flags; /* PT_LOAD segments only */
  const uint8_t *data;
} vs_elf_segment;

typedef struct vs_elf {
  uint32_t entry;
  vs_elf_section *sections; size_t nsections;
  vs_elf_symbol *symbols;   size_t nsymbols;
  vs_elf_segment *segments; size_t nsegments;
  uint8_t *image;           /* the file contents (owned) */
  size_t image_len;
} vs_elf;

/* Loads an ELF32 little-endian RISC-V file.  Rejects anything else with a
 * message naming the file and the problem. */
int vs_elf_load(const char *path, vs_elf **out, vs_error *err);
/* Same from memory; `name` is used in messages.  The bytes are copied. */
int vs_elf_load_mem(const void *data, size_t len, const char *name, vs_elf **out,
                    vs_error *err);
void vs_elf_free(vs_elf *e);

/* First defined symbol with this name, or NULL. */
const vs_elf_symbol *vs_elf_find_symbol(const vs_elf *e, const char *name);

#ifdef __cplusplus
}
#endif
#endif
