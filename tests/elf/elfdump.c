/* vs_elfdump: what ventsim's ELF reader (ventsim/elf.h) makes of a file,
 * one line per item, for tests/cli/elf_read.sh to compare with
 * llvm-readobj's view of the same file:
 *   file CLASS TYPE MACHINE FLAGS ENTRY
 *   section INDEX NAME TYPE FLAGS ADDR SIZE
 *   segment VADDR FILESZ MEMSZ FLAGS          (PT_LOAD only)
 *   symbol NAME VALUE SIZE TYPE BIND SHNDX     (.symtab, without the null symbol)
 * Numbers are decimal. */
#include <inttypes.h>
#include <stdio.h>

#include "ventsim/elf.h"

int main(int argc, char **argv)
{
  if (argc != 2) {
    fprintf(stderr, "usage: vs_elfdump FILE\n");
    return 2;
  }
  vs_elf *e;
  vs_error err;
  if (vs_elf_load(argv[1], &e, &err)) {
    fprintf(stderr, "vs_elfdump: %s\n", err.msg);
    return 1;
  }
  printf("file %u %u %u %u %" PRIu64 "\n", e->elfclass == 2 ? 64u : 32u, e->type, e->machine,
         e->flags, e->entry);
  for (size_t i = 0; i < e->nsections; i++) {
    const vs_elf_section *s = &e->sections[i];
    printf("section %zu %s %u %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", i, s->name[0] ? s->name : "-",
           s->type, s->flags, s->addr, s->size);
  }
  for (size_t i = 0; i < e->nsegments; i++) {
    const vs_elf_segment *s = &e->segments[i];
    printf("segment %" PRIu64 " %" PRIu64 " %" PRIu64 " %u\n", s->vaddr, s->filesz, s->memsz, s->flags);
  }
  for (size_t i = 0; i < e->nsymbols; i++) {
    const vs_elf_symbol *s = &e->symbols[i];
    printf("symbol %s %" PRIu64 " %" PRIu64 " %u %u %u\n", s->name[0] ? s->name : "-", s->value,
           s->size, s->type, s->bind, s->shndx);
  }
  vs_elf_free(e);
  return 0;
}
