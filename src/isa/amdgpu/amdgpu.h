/* AMD front end internals: instruction-table rows, operand roles and the
 * family-neutral operand helpers shared by decoder and printer.
 * Everything AMD-specific lives under src/isa/amdgpu/. */
#ifndef VS_ISA_AMDGPU_H
#define VS_ISA_AMDGPU_H

#include <stddef.h>
#include <stdint.h>

#include "ventsim/amdgpu.h"

/* Encodings (microcode formats).  gfx9: VOP3P is the VOP3 opcode space from
 * 0x380.  GLOBAL and SCRATCH are FLAT with another segment.  VOPD, VINTERP
 * and LDSDIR are gfx11's. */
#define AMD_ENCODINGS(X)                                                      \
  X(SOP2) X(SOPK) X(SOP1) X(SOPC) X(SOPP) X(SMEM) X(VOP2) X(VOP1) X(VOPC)     \
  X(VOP3) X(VOP3P) X(VINTRP) X(DS) X(FLAT) X(GLOBAL) X(SCRATCH) X(MUBUF)      \
  X(MTBUF) X(MIMG) X(EXP) X(VOPD) X(VINTERP) X(LDSDIR)
enum amd_enc {
#define X(e) AMD_ENC_##e,
  AMD_ENCODINGS(X)
#undef X
  AMD_NUM_ENC
};
extern const char *const amd_enc_names[AMD_NUM_ENC];

/* Instruction classes (the timing model's view; AMD_CLS_* -> VS_CLS_*).
 * VINTRP covers gfx11's VINTERP and LDSDIR (parameter loads) too. */
#define AMD_CLASSES(X)                                                        \
  X(SALU) X(SBRANCH) X(SWAIT) X(SMSG) X(SBARRIER) X(SEND) X(SMEM)             \
  X(VALU) X(VALU64) X(VTRANS) X(VINTRP) X(DS) X(DS_GWS)                       \
  X(VMEM_LOAD) X(VMEM_STORE) X(VMEM_ATOMIC) X(VMEM_CACHE) X(MIMG) X(EXP)
enum amd_class {
#define X(c) AMD_CLS_##c,
  AMD_CLASSES(X)
#undef X
  AMD_NUM_CLS
};
extern const char *const amd_class_names[AMD_NUM_CLS];

/* Row flags (FLAGS column of gfx9.def and gfx11.def) */
#define F_SCC_R    (1ull << 0)  /* reads SCC                                    */
#define F_SCC_W    (1ull << 1)  /* writes SCC                                   */
#define F_VCC_R    (1ull << 2)  /* reads VCC (VOP2/VOPC e32 form; e64: an SGPR pair) */
#define F_VCC_W    (1ull << 3)  /* writes VCC (e32 form)                        */
#define F_EXEC_R   (1ull << 4)
#define F_EXEC_W   (1ull << 5)
#define F_M0_R     (1ull << 6)  /* reads M0                                     */
#define F_MODS     (1ull << 7)  /* VOP3 source modifiers: abs/neg on float sources,
                                   sext on integer sources (gfx9)              */
#define F_CLAMP    (1ull << 8)  /* VOP3 clamp bit                               */
#define F_OMOD     (1ull << 9)  /* VOP3 output modifier                         */
#define F_OPSEL    (1ull << 10) /* VOP3 op_sel (16-bit operand halves)          */
#define F_OPSEL_Z  (1ull << 11) /* op_sel bits of absent sources must be zero   */
#define F_OPSELHI1 (1ull << 12) /* VOP3P: op_sel_hi defaults to 1 (packed math)  */
#define F_SDWA     (1ull << 13) /* has an SDWA form (gfx9)                      */
#define F_DPP      (1ull << 14) /* has a DPP form (gfx11: DPP16 and DPP8)       */
#define F_NOE64    (1ull << 15) /* VOP1/VOP2/VOPC with no VOP3 form             */
#define F_GLC      (1ull << 16) /* SMEM: glc bit                                */
#define F_STORE    (1ull << 17)
#define F_ATOMIC   (1ull << 18)
#define F_DS2OFF   (1ull << 19) /* DS: offset0/offset1 instead of a 16-bit offset */
#define F_NOOFF    (1ull << 20) /* DS: no offset                                */
#define F_NOGDS    (1ull << 21) /* DS: no gds bit                               */
#define F_GDSONLY  (1ull << 22) /* DS: valid with gds set only                  */
#define F_SWIZZLE  (1ull << 23) /* DS: offset printed as swizzle(...)           */
#define F_LDS      (1ull << 24) /* FLAT/MUBUF load with an LDS-DMA variant       */
#define F_LDSONLY  (1ull << 25) /* MUBUF: valid with lds set only                */
#define F_NOTFE    (1ull << 26) /* MUBUF: no tfe                                */
#define F_NOD16    (1ull << 27) /* MIMG: no d16                                 */
#define F_SREG     (1ull << 28) /* scalar sources are registers only            */
#define F_NOSDWAOMOD (1ull << 29) /* integer result: no output modifier in SDWA */
#define F_DPP3     (1ull << 30) /* gfx11: the VOP3 (VOP3P) form has DPP16/DPP8  */
#define F_VOPDY    (1ull << 31) /* VOPD: valid as the Y half only               */
#define F_T16      (1ull << 32) /* gfx11: 16-bit VGPR halves (v1.l / v1.h)       */
#define F_WMMA     (1ull << 35) /* gfx11 v_wmma_*: VGPR matrices (constants only in
                                   src2); without F_OPSEL no op_sel, and op_sel_hi
                                   is not printed                              */
#define F_PERMLANE (1ull << 34) /* gfx11 v_permlane*16: op_sel is [fi, bound_ctrl] */
#define F_OPSEL4   (1ull << 33) /* gfx11 VOP3: op_sel has 4 entries though src2 is
                                   implicit (tied to vdst: v_fmac_f16)         */

/* Targets (TARGETS column): bit (1 << amd_target) */
#define T_900 (1u << AMD_GFX900)
#define T_906 (1u << AMD_GFX906)
#define T_GFX9 (T_900 | T_906)
#define T_W32 (1u << AMD_GFX1100)      /* gfx11 wave32 only (VOPD)           */
#define T_GFX11 (T_W32 | (1u << AMD_GFX1100_W64))

/* Operand roles: what field an operand comes from and how it prints. */
#define AMD_ROLES(X)                                                          \
  X(SDST, "sdst") X(SSRC0, "ssrc0") X(SSRC1, "ssrc1") X(SIMM16, "simm16")     \
  X(LABEL, "label") X(HWREG, "hwreg") X(IMM32, "imm32") X(GPRIDX, "gpridx")   \
  X(SIMM16D, "simm16d") X(SIMM16OPT, "simm16opt") X(WAITCNT, "waitcnt")       \
  X(SENDMSG, "sendmsg") X(GPRIDXMODE, "gpridxmode")                           \
  X(SDATA, "sdata") X(SBASE, "sbase") X(SOFFSET, "soffset") X(PROBE, "probe") \
  X(VDST, "vdst") X(VSDST, "vsdst") X(SRC0, "src0") X(SRC1, "src1")           \
  X(SRC2, "src2") X(CIN, "cin") X(KIMM, "kimm") X(VSRC0, "vsrc0") X(LSRC0, "lsrc0") \
  X(VSRC, "vsrc") X(PARAM, "param") X(ATTR, "attr")                           \
  X(ADDR, "addr") X(DATA0, "data0") X(DATA1, "data1")                         \
  X(VADDR, "vaddr") X(DATA, "data") X(SADDR, "saddr") X(VDATA, "vdata")       \
  X(SRSRC, "srsrc") X(FORMAT, "format") X(SSAMP, "ssamp") X(EXPORT, "exp")    \
  X(VSRC1, "vsrc1") X(VSRC2, "vsrc2") X(ATTR3, "attr3") X(PARAM3, "param3")   \
  X(LANE, "lane") X(DELAY, "delay") X(DEPCTR, "depctr") X(CLAUSE, "clause")   \
  X(MSGRTN, "msgrtn") X(WAITVS, "waitvs") X(WAITVM, "waitvm")                 \
  X(WAITEXP, "waitexp") X(WAITLGKM, "waitlgkm") X(LDSATTR, "ldsattr")
enum amd_role {
#define X(r, s) AMD_R_##r,
  AMD_ROLES(X)
#undef X
  AMD_NUM_ROLES
};

/* Value types: register size and how constants print (LLVM's operand
 * types: 16-bit integer, f16, 32-bit, 64-bit integer, f64, packed f16 (pk),
 * packed integers (pki), bf16 and packed bf16 (pkbf)).  lm is a lane mask
 * (VCC, a carry, a compare result): 2 dwords on wave64 targets, 1 on gfx11
 * wave32; acc is a v_wmma accumulator, 8 VGPRs in wave32, 4 in wave64. */
#define AMD_TYPES(X)                                                          \
  X(NONE, "", 1) X(I16, "i16", 1) X(F16, "f16", 1) X(B32, "b32", 1)           \
  X(F32, "f32", 1) X(B64, "b64", 2) X(F64, "f64", 2) X(PK, "pk", 1)           \
  X(B96, "b96", 3) X(B128, "b128", 4) X(B160, "b160", 5) X(B256, "b256", 8)   \
  X(B512, "b512", 16) X(LM, "lm", 2) X(I16F, "i16f", 1) X(PKI, "pki", 1)          \
  X(BF16, "bf16", 1) X(PKBF, "pkbf", 1) X(ACC, "acc", 8)
enum amd_type {
#define X(t, s, n) AMD_T_##t,
  AMD_TYPES(X)
#undef X
  AMD_NUM_TYPES
};
extern const uint8_t amd_type_dwords[AMD_NUM_TYPES];
/* Types whose sources take the float modifiers (neg, abs): floats, packed
 * floats, and i16f, which prints constants as a 16-bit integer but takes
 * them (v_cndmask_b16) */
static inline int amd_type_is_float(unsigned t)
{
  return t == AMD_T_F16 || t == AMD_T_F32 || t == AMD_T_F64 || t == AMD_T_I16F ||
         t == AMD_T_PK || t == AMD_T_PKBF || t == AMD_T_BF16;
}

#define AMD_MAX_ROW_OPS 6
/* Operand attributes (a suffix of the type in the .def string) */
#define AMD_OPA_OPTIONAL 0x01u /* '?': only in the returning (glc) form of atomics */
#define AMD_OPA_LO128    0x02u /* '^': gfx11 e32/DPP forms: a 16-bit VGPR operand of
                                  class VGPR_32_Lo128 (LLVM notes v128..v255)    */
#define AMD_OPA_LO128X   0x04u /* '!': the same, and v128..v255 is invalid      */
#define AMD_OPA_DPPSEXT  0x08u /* '~': gfx11 e32 DPP: neg is sext, abs is ignored */
#define AMD_OPA_SEXT     0x10u /* '%': gfx11 VOP3 (and VOP3-DPP): neg is sext, abs
                                  is ignored                                  */

typedef struct amd_row_op {
  uint8_t role;      /* AMD_R_*                                              */
  uint8_t type;      /* AMD_T_*                                              */
  uint8_t attr;      /* AMD_OPA_*                                            */
} amd_row_op;

typedef struct amd_row {
  const char *mnemonic;
  const char *operands;  /* the .def string, parsed into ops[]              */
  uint64_t flags;        /* F_*                                             */
  uint16_t opc;          /* opcode within its encoding                      */
  uint8_t enc;           /* AMD_ENC_*                                       */
  uint8_t cls;           /* AMD_CLS_*                                       */
  uint8_t targets;       /* T_* mask                                        */
  uint8_t nops;
  amd_row_op ops[AMD_MAX_ROW_OPS];
} amd_row;

/* Rows of the gfx9 table: AMD9_<ID> (semantics entry amdx_<ID>). */
enum amd9_op {
#define INSN(id, mn, enc, opc, ops, cls, fl, tg) AMD9_##id,
#include "isa/amdgpu/gfx9.def"
#undef INSN
  AMD9_NUM_INSNS
};

/* Rows of the gfx11 table: AMD11_<ID>. */
enum amd11_op {
#define INSN(id, mn, enc, opc, ops, cls, fl, tg) AMD11_##id,
#include "isa/amdgpu/gfx11.def"
#undef INSN
  AMD11_NUM_INSNS
};

/* An instruction table of one family, with its decode index. */
typedef struct amd_table {
  const char *name;       /* "gfx9", "gfx11"                                 */
  amd_row *rows;
  unsigned nrows;
  unsigned family;        /* 9, 11                                           */
} amd_table;

const amd_table *amd_table_gfx9(void);
const amd_table *amd_table_gfx11(void);
/* Table of a target, or NULL */
const amd_table *amd_table_for(amd_target t);
/* 9 or 11 (0: no target) */
unsigned amd_family(amd_target t);
/* The VOP3 opcode of a VOP1/VOP2/VOPC row (its _e64 form), or -1 */
int amd_e64_opcode(unsigned family, const amd_row *r);
/* Row index of (encoding, opcode) on target t, or -1. */
int amd_lookup(amd_target t, unsigned enc, unsigned opc);
const amd_row *amd_row_of(const amd_insn *d);
/* The Y half's row of a VOPD instruction */
const amd_row *amd_row_y(const amd_insn *d);

/* ---- family-neutral operand helpers (operand.c) ---- */
/* Resolves a 9-bit VOP source / 8-bit scalar source field of the given
 * type.  Returns 0, or -1 if LLVM decodes it as invalid. */
int amd_src_operand(unsigned family, int wave64, unsigned field, unsigned type, int vop,
                    amd_operand *o);
/* Scalar destination (7-bit) or SGPR base field of `dwords` registers. */
int amd_sdst_operand(unsigned family, unsigned field, unsigned dwords, amd_operand *o);
void amd_vgpr_operand(unsigned field, unsigned dwords, amd_operand *o);
/* gfx11 image instruction register widths as LLVM 19 derives them (decode11.c):
 * vdata dwords, NSA, address registers (NSA: up to 5) and the last one's dwords. */
typedef struct amd_mimg_shape {
  unsigned vdata, nsa, naddr, last;
  unsigned base_vdata, base_vaddr; /* the opcode's default variant */
} amd_mimg_shape;
void amd_mimg11_shape(const amd_row *r, const uint32_t *w, amd_mimg_shape *s);
/* Register count of a type on a target (lane masks depend on the wave size) */
static inline unsigned amd_type_regs(unsigned type, int wave64)
{
  if (type == AMD_T_LM) return wave64 ? 2u : 1u;
  if (type == AMD_T_ACC) return wave64 ? 4u : 8u;
  return amd_type_dwords[type];
}
/* Name of an operand (register, special register, constant) as LLVM prints
 * it.  Returns the number of characters written (snprintf semantics). */
size_t amd_operand_text(unsigned family, const amd_operand *o, char *buf, size_t n);
/* Text of a literal / immediate value of a given type, as LLVM prints it. */
size_t amd_imm_text(unsigned family, uint64_t imm, unsigned type, char *buf, size_t n);

#endif
