/* Disassembly listings of Ventus programs (ELF32 RISC-V or .vmem). */
#ifndef VENTSIM_DISASM_H
#define VENTSIM_DISASM_H

#include <stdint.h>
#include <stdio.h>

#include "ventsim/elf.h"
#include "ventsim/error.h"
#include "ventsim/sim.h"
#include "ventsim/vmem.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vs_disasm_options {
  int numeric_regs;  /* x10 instead of a0                                    */
  int csr_names;     /* Ventus CSR names (tid, wid, ...) instead of numbers   */
  int no_aliases;    /* base instructions only (no li/mv/j/ret/...)           */
  int bytes;         /* bytes column "97 41 00 00" exactly like llvm-objdump,
                        instead of the 32-bit word "00004197"                 */
} vs_disasm_options;

/* Listing of every executable section of an ELF file, symbols as labels. */
int vs_disasm_elf(const vs_elf *e, const char *name, FILE *out,
                  const vs_disasm_options *opt, vs_error *err);
/* Listing of the words of a .vmem file; word index k is at base + 4k. */
int vs_disasm_vmem(const vs_vmem *v, vs_addr base, const char *name, FILE *out,
                   const vs_disasm_options *opt, vs_error *err);
/* One instruction: w0 at pc, w1 the next word (used if w0 is a prefix).
 * Writes "mnemonic\toperands"; returns the number of bytes it covers (4 or
 * 8).  Unknown words give "<unknown>". */
unsigned vs_disasm_insn(vs_addr pc, uint32_t w0, uint32_t w1, int have_w1,
                        const vs_disasm_options *opt, char *buf, size_t n);

#ifdef __cplusplus
}
#endif
#endif
