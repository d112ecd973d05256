/* AMD GPU front end: instruction decoder and disassembler for GCN5 (gfx900,
 * gfx906), and HSA code-object listings.  Decode and print follow the AMD
 * "Vega" ISA reference for the encodings and llvm-objdump-19 for the text.
 * See docs/amdgpu-decoder.md. */
#ifndef VENTSIM_AMDGPU_H
#define VENTSIM_AMDGPU_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ventsim/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Processors.  A family (gfx9) has one instruction table; a target selects
 * the rows that exist on it. */
typedef enum amd_target {
  AMD_TARGET_NONE = 0,
  AMD_GFX900,
  AMD_GFX906,
  AMD_TARGET_COUNT
} amd_target;

/* "gfx900" -> AMD_GFX900; AMD_TARGET_NONE if unknown. */
amd_target amd_target_by_name(const char *name);
const char *amd_target_name(amd_target t);
/* ELF e_flags (EF_AMDGPU_MACH in the low byte) -> target. */
amd_target amd_target_from_eflags(uint32_t e_flags);

/* One operand, resolved at decode time. */
typedef struct amd_operand {
  uint8_t kind;   /* AMD_OPK_*                                                 */
  uint8_t size;   /* register count (dwords) of a register operand           */
  uint8_t type;   /* AMD_T_* value type (prints constants, sizes registers)  */
  uint8_t mods;   /* AMD_MOD_* (neg, abs, sext); SDWA: select in bits 7:5     */
  uint32_t val;   /* register number, special register, constant bits, immediate */
} amd_operand;

enum amd_operand_kind {
  AMD_OPK_NONE = 0,
  AMD_OPK_SGPR,    /* val = first SGPR                                       */
  AMD_OPK_VGPR,    /* val = first VGPR                                       */
  AMD_OPK_TTMP,    /* val = first trap temporary                             */
  AMD_OPK_SPECIAL, /* val = operand encoding (vcc_lo 106, m0 124, exec 126 ...) */
  AMD_OPK_ICONST,  /* inline integer constant; val = value (int32)           */
  AMD_OPK_FCONST,  /* inline float constant; val = encoding 240..248         */
  AMD_OPK_LITERAL, /* 32-bit literal; val = the literal dword                */
  AMD_OPK_IMM,     /* an immediate field (offset, simm16 ...); val = value   */
  AMD_OPK_INVALID  /* a field LLVM decodes as an invalid register            */
};

#define AMD_MOD_NEG  0x01u
#define AMD_MOD_ABS  0x02u
#define AMD_MOD_SEXT 0x04u
#define AMD_MOD_BADCLASS 0x08u /* a register the operand's class cannot hold */
#define AMD_MOD_BADIMM   0x10u /* a constant where only registers are allowed */

#define AMD_MAX_OPERANDS 5

/* A decoded instruction: 64 bytes.  The first two dwords are kept for the
 * modifier fields (offsets, cache bits, SDWA/DPP controls); operands are
 * resolved so that nothing has to be decoded again. */
typedef struct amd_insn {
  uint32_t w[2];        /* first two instruction dwords (w[1] 0 if absent)  */
  uint16_t row;         /* instruction-table row                            */
  uint8_t form;         /* AMD_FORM_*                                       */
  uint8_t len;          /* bytes: 4, 8 or 12                                */
  uint8_t nops;         /* operands in op[]                                 */
  uint8_t target;       /* amd_target it was decoded for                    */
  uint16_t ctl;         /* AMD_CTL_* bits                                   */
  amd_operand op[AMD_MAX_OPERANDS];
  uint16_t warn[4];     /* register-alignment warnings LLVM prints (AMD_WARN) */
} amd_insn;

enum amd_form {
  AMD_FORM_NATIVE = 0, /* the row's own encoding                             */
  AMD_FORM_E64,        /* a VOP1/VOP2/VOPC row in the VOP3 encoding          */
  AMD_FORM_SDWA,
  AMD_FORM_DPP
};

#define AMD_CTL_LITERAL 0x0001u /* carries a 32-bit literal                   */
#define AMD_CTL_CLAMP   0x0002u
/* Row operand i is absent in this instruction (the LDS-DMA form of a load
 * has no data register, a non-returning atomic no destination): op[] holds
 * the row's other operands in order. */
#define AMD_CTL_SKIP(i) (0x0100u << (i))

/* Decodes the instruction at words[0..].  Returns its length in bytes (4, 8
 * or 12), or AMD_DECODE_INVALID when the words are not an instruction of the
 * target (then out->len is 4: listings print the first word as ".long").
 * Never reads past nwords_available. */
#define AMD_DECODE_INVALID (-1)
int amd_decode(amd_target t, const uint32_t *words, unsigned nwords_available, amd_insn *out);

/* Writes the instruction as llvm-objdump prints it ("mnemonic operands
 * modifiers").  Branch targets are printed as LLVM prints them with no
 * symbol (the 16-bit offset), unless a symbolizer is given.  Returns the
 * length the full text needs, like snprintf.  A comment LLVM appends (an
 * alignment warning) is written by amd_disasm_comment. */
typedef int (*amd_symbolizer)(void *ctx, uint64_t addr, char *buf, size_t n);
size_t amd_disasm(const amd_insn *d, uint64_t pc, char *buf, size_t n);
size_t amd_disasm_sym(const amd_insn *d, uint64_t pc, amd_symbolizer sym, void *ctx,
                      char *buf, size_t n);
/* " ; Warning: ..." or "" */
size_t amd_disasm_comment(const amd_insn *d, char *buf, size_t n);
/* Mnemonic of a decoded instruction, as printed (with _e32/_e64/_sdwa/_dpp). */
const char *amd_insn_mnemonic(const amd_insn *d, char *buf, size_t n);

/* Listing of an HSA code object (ELF64, EM_AMDGPU) in the layout of
 * llvm-objdump -d: every executable section, symbols as labels.  target
 * AMD_TARGET_NONE takes the target from e_flags. */
int amd_disasm_code_object(const void *data, size_t len, const char *name, amd_target target,
                           FILE *out, vs_error *err);

#ifdef __cplusplus
}
#endif
#endif
