/* Reading ELF programs, 32- and 64-bit little-endian, of any machine:
 * Ventus kernels (ELF32 RISC-V, compiled or assembled by `ventsim as`) and
 * AMD GPU code objects (ELF64 AMDGPU).  Callers check the machine they
 * expect (vs_elf_expect).  Backed by libelf. */
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
  uint64_t value, size;
  uint8_t type;    /* STT_* */
  uint8_t bind;    /* STB_* */
  uint16_t shndx;  /* section index (0 = undefined) */
} vs_elf_symbol;

typedef struct vs_elf_section {
  char *name;
  uint32_t type;         /* SHT_* */
  uint64_t flags;        /* SHF_* */
  uint64_t addr, size;
  const uint8_t *data;   /* NULL for SHT_NOBITS */
} vs_elf_section;

typedef struct vs_elf_segment {  /* PT_LOAD segments only */
  uint64_t vaddr, filesz, memsz;
  uint32_t flags;                 /* PF_* */
  const uint8_t *data;
} vs_elf_segment;

typedef struct vs_elf {
  uint8_t elfclass;         /* ELFCLASS32 or ELFCLASS64 */
  uint16_t type;            /* e_type: ET_EXEC, ET_DYN, ... */
  uint16_t machine;         /* e_machine: EM_RISCV, EM_AMDGPU, ... */
  uint32_t flags;           /* e_flags */
  uint64_t entry;
  vs_elf_section *sections; size_t nsections;
  vs_elf_symbol *symbols;   size_t nsymbols;
  vs_elf_segment *segments; size_t nsegments;
  uint8_t *image;           /* the file contents (owned) */
  size_t image_len;
} vs_elf;

/* Loads a little-endian ELF file (32- or 64-bit).  Rejects anything else
 * with a message naming the file and the problem. */
int vs_elf_load(const char *path, vs_elf **out, vs_error *err);
/* Same from memory; `name` is used in messages.  The bytes are copied. */
int vs_elf_load_mem(const void *data, size_t len, const char *name, vs_elf **out,
                    vs_error *err);
void vs_elf_free(vs_elf *e);

/* 0 if e is a file of class elfclass (ELFCLASS32/64) for machine (EM_*),
 * else -1 with a message naming the file and `what` ("Ventus"). */
int vs_elf_expect(const vs_elf *e, const char *name, int elfclass, uint16_t machine,
                  const char *what, vs_error *err);

/* First defined symbol with this name, or NULL. */
const vs_elf_symbol *vs_elf_find_symbol(const vs_elf *e, const char *name);

#ifdef __cplusplus
}
#endif
#endif
