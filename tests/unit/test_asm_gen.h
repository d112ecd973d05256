/* Random instances of instruction-table rows and parse aliases, written as
 * assembly text, with the operand values they must decode to.  Shared by
 * the table-walk test (test_asm_table.c) and the GNU cross-check
 * (test_asm_gnu.c). */
#ifndef VS_TEST_ASM_GEN_H
#define VS_TEST_ASM_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "isa/ventus/ventus.h"
#include "ventsim/asm.h"

typedef struct gen_insn {
  int op;                /* base row                                          */
  const vtu_alias *al;    /* the alias written, or NULL                        */
  vs_dinsn d;            /* expected fields (constraints applied)             */
  int explicit_prefix;   /* a prefix row: the text adds "; add zero,zero,zero" */
  unsigned len;          /* bytes it assembles to                             */
  char text[192];        /* ventsim syntax                                    */
  char gtext[192];       /* GNU as syntax of the same instruction (gnu mode)  */
} gen_insn;

typedef struct gen_opts {
  int gnu;        /* GNU as flavour: registers <= 31, no regexti immediates,
                     f registers where GNU needs them, targets as ". + off",
                     numeric CSRs, no fence set 0                             */
} gen_opts;

uint64_t gen_rand(uint64_t *s);

/* Makes a random instance of row op (al == NULL) or of alias al, placed at
 * address pc.  Returns 0, or -1 if the row cannot be written in this mode. */
int gen_make(gen_insn *g, int op, const vtu_alias *al, uint32_t pc, const gen_opts *o, uint64_t *rng);

/* True if GNU as writes this X-letter operand of row op as an F register. */
int gen_gnu_freg(int op, char letter);
/* True if a row is part of standard RISC-V (not a Ventus custom opcode). */
int gen_is_standard(int op);

/* Assembles src (no start code) at 0x80000000; returns a malloc'ed copy of
 * the .text bytes in *text / *len, or -1 (diagnostics on stderr). */
int gen_assemble_text(const char *src, size_t srclen, uint8_t **text, size_t *len);

/* Growable string */
typedef struct gen_str { char *s; size_t len, cap; } gen_str;
void gen_str_add(gen_str *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
