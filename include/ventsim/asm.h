/* The ventsim assembler and linker (`ventsim as`): GNU-as compatible
 * RISC-V / Ventus assembly in, one linked ELF32 executable out.
 *
 * Every source is assembled separately (its own local symbols and numeric
 * labels) and the results are linked into one ET_EXEC image: .text at
 * 0x80000000 (or opt->text_addr), then .rodata, .data (with .sdata), other
 * allocated sections and .bss, each output section starting on a 4 KiB page
 * and loaded by its own PT_LOAD segment.  Unless opt->no_start_files, the
 * Ventus start code (share/ventsim/start.s, built into the library) is linked
 * first, so `_start` is at the text address and calls the kernel whose
 * address the runtime puts into the kernel metadata.
 *
 * Diagnostics are lines "file:line:column: error: message" written to
 * opt->diag (may be NULL); assembly stops after opt->max_errors errors.  The
 * first error is also returned in *err.
 *
 * Limits: a source is at most VS_MAX_INPUT_FILE bytes (512 MiB), a physical
 * line at most VS_ASM_MAX_LINE characters, expressions nest at most
 * VS_ASM_MAX_DEPTH levels.  Inputs beyond them are rejected with a message;
 * no input makes the assembler crash. */
#ifndef VENTSIM_ASM_H
#define VENTSIM_ASM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ventsim/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VS_ASM_MAX_LINE   16384 /* characters in one physical source line   */
#define VS_ASM_MAX_DEPTH  64    /* nesting of parentheses / unary operators   */
#define VS_ASM_MAX_ERRORS 20    /* default error limit                        */

/* One assembly source held in memory.  `text` need not be NUL-terminated. */
typedef struct vs_asm_source {
  const char *name;   /* used in diagnostics and as the STT_FILE symbol */
  const char *text;
  size_t len;
} vs_asm_source;

typedef struct vs_asm_options {
  const char *isa;          /* target ISA; NULL = "ventus"                     */
  int has_text_addr;        /* use text_addr instead of the target's default   */
  uint32_t text_addr;       /* address of .text (4-byte aligned)               */
  int no_start_files;       /* do not link the start code                      */
  const char *start_file;   /* start code file to use instead of the built-in  */
  FILE *diag;               /* diagnostics, or NULL                            */
  unsigned max_errors;      /* 0 = VS_ASM_MAX_ERRORS                           */
} vs_asm_options;

void vs_asm_options_init(vs_asm_options *opt);

/* Assembles and links srcs[0..n-1] (start code first unless disabled).  On
 * success returns 0 and a malloc'ed ELF image in *elf / *elf_len (free it
 * with free()).  On failure returns -1, *elf = NULL, the first error in
 * *err. */
int vs_assemble(const vs_asm_source *srcs, size_t n, const vs_asm_options *opt,
                uint8_t **elf, size_t *elf_len, vs_error *err);

/* File wrapper: reads paths[0..n-1], assembles them, and writes the ELF to
 * out_path.  A regular file (or a new name) is written through a temporary
 * file in the same directory that is renamed on success (so a failed run
 * leaves no output file, and an existing one is untouched) and is made
 * executable (mode 0777 & ~umask); a symbolic link is followed (the file it
 * leads to is replaced); a device, FIFO or /dev/stdout is written through. */
int vs_assemble_files(const char *const *paths, size_t n, const char *out_path,
                      const vs_asm_options *opt, vs_error *err);

/* The built-in start code of an ISA (NULL = "ventus"): its source text, or
 * NULL if the ISA is unknown. */
const char *vs_asm_start_code(const char *isa);

#ifdef __cplusplus
}
#endif
#endif
