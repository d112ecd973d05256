/* Printer internals shared by print.c (the operand walk, gfx9) and
 * print11.c (gfx11). */
#ifndef VS_ISA_AMDGPU_PRINT_H
#define VS_ISA_AMDGPU_PRINT_H

#include "isa/amdgpu/amdgpu.h"

typedef struct out {
  char *buf;
  size_t n, len;
} out;

void pr_put(out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* An operand with its class note (and, for sources, its modifiers) */
void pr_operand(out *o, unsigned family, const amd_operand *op, unsigned role, unsigned type);
/* cls: the register class LLVM names in the note of a register the operand
 * cannot hold (NULL: derived from role and type) */
void pr_operand_cls(out *o, unsigned family, const amd_operand *op, unsigned role, unsigned type,
                    const char *cls);
void pr_src(out *o, unsigned family, const amd_operand *op, unsigned role, unsigned type,
            const char *cls);
/* " name:[b0,b1,...]" */
void pr_bits(out *o, const char *name, unsigned bits, int n);
void pr_omod(out *o, unsigned omod);
/* An unsigned 16-bit immediate: decimal up to 64, else hex */
void pr_simm16d(out *o, unsigned v);
/* ds_swizzle_b32's offset (" offset:swizzle(...)") */
void pr_swizzle(out *o, unsigned imm);
void pr_label(out *o, uint64_t pc, unsigned simm, amd_symbolizer sym, void *ctx);
int pr_nsrcs(const amd_row *r);
/* Prints the operands of row r from op[first..]; returns the slots used */
unsigned pr_operands(out *o, const amd_insn *d, const amd_row *r, unsigned first, uint64_t pc,
                     amd_symbolizer sym, void *ctx);

/* gfx11 (print11.c) */
/* Prints an operand of a gfx11-only role (sep before it); 0 if the role is
 * not gfx11-specific */
int pr11_role(out *o, const amd_insn *d, const amd_row *r, unsigned role, const amd_operand *op,
              const char *sep);
/* Modifiers after the operands */
void pr11_mods(out *o, const amd_insn *d, const amd_row *r);
/* The mnemonic suffix of the form (_e32, _e64, _dpp, _e64_dpp) */
const char *pr11_suffix(const amd_insn *d, const amd_row *r);
/* exp: its whole operand list */
void pr11_exp(out *o, const amd_insn *d);

#endif
