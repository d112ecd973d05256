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
  VT_R_NONE,
  VT_R_HI,          /* %hi(x): upper 20 bits, rounded for a following %lo   */
  VT_R_LO,          /* %lo(x): low 12 bits, signed                          */
  VT_R_PCREL_HI,    /* %pcrel_hi(x): upper 20 bits of x - pc                */
  VT_R_PCREL_LO,    /* %pcrel_lo(L): low 12 bits of the %pcrel_hi at L      */
  VT_R_PCREL_PAIR   /* la/call: low part for the auipc `aux` bytes before   */
};
/* A fixup kind: relocation operator and the operand letter it patches. */
#define VT_FX_KIND(rop, letter) ((uint16_t)(0x1000u | ((unsigned)(rop) << 8) | (uint8_t)(letter)))
#define VT_FX_ROP(kind)         (((kind) >> 8) & 0xfu)
#define VT_FX_LETTER(kind)      ((char)((kind) & 0xffu))

/* Per-run state */
typedef struct vt_asm_state {
  int pending;        /* an explicit prefix was just emitted               */
  vs_pos ppos;        /* where                                             */
  char pname[16];     /* its mnemonic                                      */
} vt_asm_state;

/* An operand whose value is only known at link time. */
typedef struct vt_fx {
  char letter;
  int rop;
  int32_t aux;        /* VT_R_PCREL_PAIR: offset of the hi instruction word */
  vs_expr *e;
  vs_pos pos;
} vt_fx;

/* One instruction being assembled. */
typedef struct vt_insn {
  vs_dinsn d;         /* op, registers, immediate, rm, vm, aux (aq/rl)      */
  vt_fx fx[2];
  int nfx;
} vt_insn;

void vt_insn_init(vt_insn *in, int op);

/* asm_operands.c: parses operands after the mnemonic following the operand
 * template `args` (letters and literal ",()"), filling *in.  Returns 0, or
 * -1 with *pe (position and progress) filled. */
int vt_parse_operands(vs_asm *as, vs_lex *lx, const char *args, vt_insn *in, vs_perr *pe);

/* asm_ventus.c: encodes *in (prefix computed by vt_encode) and emits it,
 * with its fixups.  `extra` lists operand letters parsed by an alias that
 * the base row does not encode (their bits are inserted as given).  The
 * offset of the instruction word (after any prefix) goes to *word_off.
 * Returns 0 or -1 (error reported at pos). */
int vt_emit(vs_asm *as, vt_asm_state *st, vt_insn *in, const char *extra, vs_pos pos,
            uint32_t *word_off);

/* asm_pseudo.c: assembles a pseudo-instruction that needs code.  Returns 1
 * if mn is one (handled, errors reported), 0 if not. */
int vt_pseudo(vs_asm *as, vt_asm_state *st, const char *mn, vs_lex *lx, vs_pos pos);
/* Reports the explicit prefix left pending before a pseudo-instruction. */
void vt_prefix_before_pseudo(vs_asm *as, vt_asm_state *st, const char *mn, vs_pos pos);

#endif
