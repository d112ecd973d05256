#ifndef VS_ISA_VENTUS_DISASM_H
#define VS_ISA_VENTUS_DISASM_H

#include <stddef.h>
#include <stdint.h>

#include "isa/ventus/ventus.h"

typedef struct vtu_disasm_opts {
  int numeric_regs;  /* x5 instead of t0                                  */
  int csr_names;     /* print Ventus CSR names (LLVM prints numbers)      */
  int no_aliases;    /* print base instructions only                      */
  int relative_targets; /* branch/jump targets as signed byte offsets (the
                           assembler's input syntax, as llvm-mc prints them)
                           instead of absolute addresses                    */
  /* Names an address for branch targets: writes e.g. "loop" or "f+0x10"
   * into buf and returns 1, or returns 0 if there is no symbol. */
  int (*symbolize)(void *ctx, uint32_t addr, char *buf, size_t n);
  void *symbolize_ctx;
} vtu_disasm_opts;

/* Writes "mnemonic\toperands" for d (at address pc) into buf.  Returns the
 * length the full text needs (like snprintf). */
size_t vtu_disasm(const vs_dinsn *d, uint32_t pc, const vtu_disasm_opts *opt,
                 char *buf, size_t n);

#endif
