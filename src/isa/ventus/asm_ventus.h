/* The Ventus (RISC-V + Ventus extensions) front end of the assembler.
 *
 *   asm_ventus.c   the vs_asm_target: instruction dispatch (table rows and
 *                  parse aliases), prefix pairing, encoding and emission,
 *                  relocation operators, link-time fixups, ELF attributes
 *   asm_operands.c operand syntax, driven by the operand letters of
 *                  insns.def / aliases.def (the only place that knows how
 *                  each letter is written)
 *   asm_pseudo.c   pseudo-instructions that need code: li, la, lla, call,
 *                  tail, vmslt(u).vi, vmsge(u).vi
 * Pure field aliases (mv, j, csrr, vnot.v, ...) are rows of aliases.def. */
#ifndef VS_ISA_VENTUS_ASM_VENTUS_H
#define VS_ISA_VENTUS_ASM_VENTUS_H

#include "asm/target.h"
#include "isa/ventus/ventus.h"

/* Relocation operators (%hi ...) and the fixup kinds built from them. */
enum {
  VTU_R_NONE,
  VTU_R_HI,          /* %hi(x): upper 20 bits, rounded for a following %lo   */
  VTU_R_LO,          /* %lo(x): low 12 bits, signed                          */
  VTU_R_PCREL_HI,    /* %pcrel_hi(x): upper 20 bits of x - pc                */
  VTU_R_PCREL_LO,    /* %pcrel_lo(L): low 12 bits of the %pcrel_hi at L      */
  VTU_R_PCREL_PAIR   /* la/call: low part for the auipc `aux` bytes before   */
};
/* A fixup kind: relocation operator and the operand letter it patches. */
#define VTU_FX_KIND(rop, letter) ((uint16_t)(0x1000u | ((unsigned)(rop) << 8) | (uint8_t)(letter)))
#define VTU_FX_ROP(kind)         (((kind) >> 8) & 0xfu)
#define VTU_FX_LETTER(kind)      ((char)((kind) & 0xffu))

/* Per-run state */
typedef struct vtu_asm_state {
  int pending;        /* an explicit prefix was just emitted               */
  vs_pos ppos;        /* where                                             */
  char pname[16];     /* its mnemonic                                      */
} vtu_asm_state;

/* An operand whose value is only known at link time. */
typedef struct vtu_fx {
  char letter;
  int rop;
  int32_t aux;        /* VTU_R_PCREL_PAIR: offset of the hi instruction word */
  vs_expr *e;
  vs_pos pos;
} vtu_fx;

/* One instruction being assembled. */
typedef struct vtu_insn {
  vs_dinsn d;         /* op, registers, immediate, rm, vm, aux (aq/rl)      */
  vtu_fx fx[2];
  int nfx;
} vtu_insn;

void vtu_insn_init(vtu_insn *in, int op);

/* asm_operands.c: parses operands after the mnemonic following the operand
 * template `args` (letters and literal ",()"), filling *in.  Returns 0, or
 * -1 with *pe (position and progress) filled. */
int vtu_parse_operands(vs_asm *as, vs_lex *lx, const char *args, vtu_insn *in, vs_perr *pe);

/* asm_ventus.c: encodes *in (prefix computed by vtu_encode) and emits it,
 * with its fixups.  `extra` lists operand letters parsed by an alias that
 * the base row does not encode (their bits are inserted as given).  The
 * offset of the instruction word (after any prefix) goes to *word_off.
 * Returns 0 or -1 (error reported at pos). */
int vtu_emit(vs_asm *as, vtu_asm_state *st, vtu_insn *in, const char *extra, vs_pos pos,
            uint32_t *word_off);

/* asm_pseudo.c: assembles a pseudo-instruction that needs code.  Returns 1
 * if mn is one (handled, errors reported), 0 if not. */
int vtu_pseudo(vs_asm *as, vtu_asm_state *st, const char *mn, vs_lex *lx, vs_pos pos);
/* Reports the explicit prefix left pending before a pseudo-instruction. */
void vtu_prefix_before_pseudo(vs_asm *as, vtu_asm_state *st, const char *mn, vs_pos pos);

#endif
