/* AMD GPU front end: instruction decoder and disassembler for GCN5 (gfx900,
 * gfx906) and RDNA3 (gfx1100, wave32 and wave64), and HSA code-object
 * listings.  Decode and print follow AMD's ISA references for the encodings
 * and llvm-objdump-19 for the text.  See docs/amdgpu-decoder.md. */
#ifndef VENTSIM_AMDGPU_H
#define VENTSIM_AMDGPU_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ventsim/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Processors.  A family (gfx9, gfx11) has one instruction table; a target
 * selects the rows that exist on it.  gfx1100 runs wave32 or wave64 (the
 * kernel descriptor says which); the wave size changes how lane masks (VCC,
 * EXEC, the carry and compare results of VALU instructions) are sized and
 * printed, so it is part of the target. */
typedef enum amd_target {
  AMD_TARGET_NONE = 0,
  AMD_GFX900,
  AMD_GFX906,
  AMD_GFX1100,     /* wave32 (the OpenCL default)                        */
  AMD_GFX1100_W64, /* wave64 (clang -mwavefrontsize64; LLVM's +wavefrontsize64) */
  AMD_TARGET_COUNT
} amd_target;

/* "gfx900", "gfx906", "gfx1100", "gfx1100w64" -> target; AMD_TARGET_NONE if
 * unknown. */
amd_target amd_target_by_name(const char *name);
const char *amd_target_name(amd_target t);
/* ELF e_flags (EF_AMDGPU_MACH in the low byte) -> target (gfx1100: wave32). */
amd_target amd_target_from_eflags(uint32_t e_flags);
/* The same processor with the other wave size (gfx1100 <-> gfx1100w64);
 * gfx9 targets are wave64 only and are returned unchanged. */
amd_target amd_target_with_wave64(amd_target t, int wave64);
int amd_target_is_wave64(amd_target t);

/* One operand, resolved at decode time. */
typedef struct amd_operand {
  uint8_t kind;   /* AMD_OPK_*                                                 */
  uint8_t size;   /* register count (dwords) of a register operand           */
  uint8_t type;   /* value type (internal: prints constants, sizes registers) */
  uint8_t mods;   /* AMD_MOD_*                                               */
  uint32_t val;   /* register number, special register, constant bits, immediate;
                     AMD_OPK_WAITCNT/DELAY/CLAUSE: decoded fields (AMD_WAIT_* ...) */
} amd_operand;

enum amd_operand_kind {
  AMD_OPK_NONE = 0,
  AMD_OPK_SGPR,    /* val = first SGPR                                       */
  AMD_OPK_VGPR,    /* val = first VGPR                                       */
  AMD_OPK_TTMP,    /* val = first trap temporary                             */
  AMD_OPK_SPECIAL, /* val = operand encoding (vcc_lo 106, exec 126, gfx9 m0 124,
                      gfx11 null 124 and m0 125, src_shared_base 235 ...)   */
  AMD_OPK_ICONST,  /* inline integer constant; val = value (int32)           */
  AMD_OPK_FCONST,  /* inline float constant; val = encoding 240..248         */
  AMD_OPK_LITERAL, /* 32-bit literal; val = the literal dword                */
  AMD_OPK_IMM,     /* an immediate field (offset, simm16 ...); val = value   */
  AMD_OPK_WAITCNT, /* counter thresholds of s_waitcnt*: AMD_WAIT_*(val)      */
  AMD_OPK_DELAY,   /* s_delay_alu: AMD_DELAY_*(val)                          */
  AMD_OPK_CLAUSE,  /* s_clause: AMD_CLAUSE_*(val)                            */
  AMD_OPK_INVALID  /* a field LLVM decodes as an invalid register            */
};

/* AMD_OPK_WAITCNT: the count each counter must drop to (at or below) before
 * the wave goes on; AMD_WAIT_NONE where the instruction does not wait on
 * that counter.  gfx11's s_waitcnt_vscnt/vmcnt/expcnt/lgkmcnt wait on the
 * one counter, at the immediate plus the SGPR operand's value (the SGPR is
 * the instruction's other operand; null reads 0). */
#define AMD_WAIT_NONE 0xffu
#define AMD_WAIT_VM(v)   ((v) & 0xffu)
#define AMD_WAIT_EXP(v)  (((v) >> 8) & 0xffu)
#define AMD_WAIT_LGKM(v) (((v) >> 16) & 0xffu)
#define AMD_WAIT_VS(v)   (((v) >> 24) & 0xffu)
/* AMD_OPK_DELAY (s_delay_alu, seed 002): INSTID0, INSTSKIP, INSTID1 as
 * encoded.  INSTID: 0 no dependency, 1-4 VALU_DEP_1..4, 5-7 TRANS32_DEP_1..3,
 * 8 FMA_ACCUM_CYCLE_1, 9-11 SALU_CYCLE_1..3.  INSTSKIP: 0 SAME, 1 NEXT,
 * 2-5 SKIP_1..4 (instructions between the first and second dependent one). */
#define AMD_DELAY_INSTID0(v)  ((v) & 0xfu)
#define AMD_DELAY_INSTSKIP(v) (((v) >> 4) & 0x7u)
#define AMD_DELAY_INSTID1(v)  (((v) >> 7) & 0xfu)
/* AMD_OPK_CLAUSE (s_clause, seed 002): the clause length in instructions
 * (simm16[5:0] + 1) and the break span (simm16[11:8]; 0: no breaks). */
#define AMD_CLAUSE_LENGTH(v) ((v) & 0xffu)
#define AMD_CLAUSE_BREAK(v)  (((v) >> 8) & 0xfu)

#define AMD_MOD_NEG  0x01u
#define AMD_MOD_ABS  0x02u
#define AMD_MOD_SEXT 0x04u
#define AMD_MOD_BADCLASS 0x08u /* a register the operand's class cannot hold */
#define AMD_MOD_BADIMM   0x10u /* a constant where only registers are allowed */
/* A scalar register tuple whose field was not aligned: the field was
 * val + AMD_MOD_MISALIGN(mods) (LLVM rounds down and warns). */
#define AMD_MOD_MISALIGN_SHIFT 5
#define AMD_MOD_MISALIGN(m) (((m) >> AMD_MOD_MISALIGN_SHIFT) & 3u)
#define AMD_MOD_HI   0x80u     /* a 16-bit VGPR half: the high half (v1.h)   */

#define AMD_MAX_OPERANDS 7

/* The front-end part of a decoded instruction: 64 bytes, the payload of the
 * core's decoded-instruction slot (the core's header holds the words, the
 * row and the length, as amd_insn does below).  Operands are resolved so
 * that nothing has to be decoded again. */
typedef struct amd_fields {
  uint8_t form;         /* AMD_FORM_*                                       */
  uint8_t nops;         /* operands in op[]                                 */
  uint16_t ctl;         /* AMD_CTL_* bits                                   */
  uint16_t row_y;       /* VOPD: the row of the Y half                      */
  uint8_t nops_x;       /* VOPD: op[0 .. nops_x-1] are the X half's         */
  uint8_t reserved;
  amd_operand op[AMD_MAX_OPERANDS];
} amd_fields;

/* A decoded instruction. */
typedef struct amd_insn {
  uint32_t w[4];        /* the instruction's dwords (len/4 of them, the rest
                           0): modifier fields are read from them, and the
                           literal of an instruction that has one is the last */
  uint16_t row;         /* instruction-table row                            */
  uint8_t len;          /* bytes: 4, 8, 12 or 16                            */
  uint8_t target;       /* amd_target it was decoded for                    */
  amd_fields f;
} amd_insn;

enum amd_form {
  AMD_FORM_NATIVE = 0, /* the row's own encoding                             */
  AMD_FORM_E64,        /* a VOP1/VOP2/VOPC row in the VOP3 encoding          */
  AMD_FORM_SDWA,       /* gfx9                                               */
  AMD_FORM_DPP,        /* DPP16 (gfx9: DPP)                                  */
  AMD_FORM_DPP8,       /* gfx11                                              */
  AMD_FORM_E64_DPP,    /* gfx11: VOP3 (or VOP3P) with DPP16                  */
  AMD_FORM_E64_DPP8    /* gfx11: VOP3 (or VOP3P) with DPP8                   */
};

#define AMD_CTL_LITERAL 0x0001u /* carries a 32-bit literal (the last dword)  */
#define AMD_CTL_CLAMP   0x0002u
/* Row operand i is absent in this instruction (the LDS-DMA form of a load
 * has no data register, a non-returning atomic no destination): op[] holds
 * the row's other operands in order. */
#define AMD_CTL_SKIP(i) (0x0100u << (i))

/* The literal dword of an instruction that carries one (AMD_CTL_LITERAL),
 * else 0: the K of v_fmaak/v_fmamk and VOPD, s_setreg_imm32_b32's value. */
static inline uint32_t amd_literal(const amd_insn *d)
{
  return (d->f.ctl & AMD_CTL_LITERAL) && d->len >= 8 ? d->w[d->len / 4 - 1] : 0;
}

/* Decodes the instruction at words[0..].  Returns its length in bytes (4, 8,
 * 12 or 16: gfx11's VOP3 may carry a literal, and its VOP3-DPP forms a DPP
 * dword and a literal), or AMD_DECODE_INVALID when the words are not an instruction of the
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
/* Mnemonic of a decoded instruction, as printed (with _e32/_e64/_sdwa/_dpp;
 * a VOPD pair: the X half's). */
const char *amd_insn_mnemonic(const amd_insn *d, char *buf, size_t n);

/* Listing of an HSA code object (ELF64, EM_AMDGPU) in the layout of
 * llvm-objdump -d: every executable section, symbols as labels.  target
 * AMD_TARGET_NONE takes the processor from e_flags and, for gfx1100, the
 * wave size from the kernel descriptors (wave64 when every descriptor has
 * ENABLE_WAVEFRONT_SIZE32 clear; llvm-objdump-19 needs
 * --mattr=+wavefrontsize64 for that listing). */
int amd_disasm_code_object(const void *data, size_t len, const char *name, amd_target target,
                           FILE *out, vs_error *err);
/* 1 if the code object has kernel descriptors and every one has
 * ENABLE_WAVEFRONT_SIZE32 clear (wave64 code), else 0 (also for files that
 * are not code objects). */
int amd_code_object_is_wave64(const void *data, size_t len);

#ifdef __cplusplus
}
#endif
#endif
