/* The Ventus (RISC-V + SIMT extensions) front end: instruction table,
 * decoder, encoder and disassembler.  Everything RISC-V specific lives under
 * src/isa/ventus/. */
#ifndef VS_ISA_VENTUS_H
#define VS_ISA_VENTUS_H

#include <stddef.h>
#include <stdint.h>

#include "core/insn.h"

/* Row flags (insns.def FLAGS column) */
#define VT_F_AQRL 0x01u /* A extension: .aq/.rl mnemonic suffix in bits 26:25  */
#define VT_F_ACC  0x02u /* vd is also read (multiply-add accumulator)          */
#define VT_F_PAIR 0x04u /* 32-bit data load/store: regpair makes it 64-bit     */
#define VT_F_PRIV 0x08u /* private-memory addressing (spec 3.5)                */
#define VT_F_FRD  0x10u /* writes an F register (zfinx: the x register); the
                           reference simulator logs it as fN, NaN-boxed    */

/* Row ids: VT_ADDI, VT_VADD_VV, ... in table order. */
enum vt_op {
#define INSN(id, mn, args, match, mask, cls, fl) VT_##id,
#include "isa/ventus/insns.def"
#undef INSN
  VT_NUM_INSNS
};

typedef struct vt_row {
  const char *mnemonic;
  const char *args;     /* operand letters, see operands.c */
  uint32_t match, mask;
  uint8_t cls;          /* VS_CLS_* */
  uint8_t flags;        /* VT_F_*   */
} vt_row;

extern const vt_row vt_rows[VT_NUM_INSNS];

/* Alias rows (aliases.def) */
#define AL_PRINT 1u
#define AL_PARSE 2u
#define VT_MAX_CONSTRAINTS 4
typedef struct vt_alias {
  const char *mnemonic;
  const char *args;
  uint16_t base;           /* enum vt_op */
  uint8_t flags;           /* AL_*       */
  uint8_t ncons;
  struct { char field; char other; int32_t value; } cons[VT_MAX_CONSTRAINTS];
} vt_alias;

const vt_alias *vt_aliases(size_t *count);

/* ---- prefixes (dinsn.aux bits) ---- */
#define VT_AUX_AQRL     0x03u  /* aq (bit 1) / rl (bit 0) of A instructions */
#define VT_AUX_PFX_MASK 0x1cu
#define VT_AUX_REGEXT   0x04u
#define VT_AUX_REGEXTI  0x08u
#define VT_AUX_REGPAIR  0x0cu
#define VT_AUX_REGPAIRI 0x10u
#define VT_AUX_BADPFX   0x20u  /* prefix followed by an instruction it cannot
                                  apply to (another prefix): illegal */

/* ---- decoding ---- */
/* Decodes the instruction at `pc` whose first word is w0; w1 is the following
 * word (needed when w0 is a prefix; pass have_w1 = 0 if there is none).
 * Fills *d (exec left NULL).  Returns 0, or -1 when w0 (or the prefixed word)
 * is not an instruction; then d->op == VT_NUM_INSNS and d->len == 4. */
int vt_decode(uint32_t w0, uint32_t w1, int have_w1, vs_dinsn *d);
/* Decodes one word alone, no prefix handling. */
int vt_decode_word(uint32_t w, vs_dinsn *d);
/* Applies a prefix word (regext/regexti/regpair/regpairi) to a decoded
 * instruction.  Returns -1 if the prefix cannot apply to it. */
int vt_apply_prefix(uint32_t pword, vs_dinsn *d);
int vt_is_prefix(uint32_t w);

/* ---- encoding ---- */
/* Builds the instruction word for row d->op from the operand fields of *d
 * (registers/immediates as extended values).  If a register index > 31 or a
 * .vi immediate outside 5 bits needs a prefix, *pword receives it (else 0).
 * Returns 0, or -1 with a reason in err when an operand cannot be encoded. */
int vt_encode(const vs_dinsn *d, uint32_t *word, uint32_t *pword,
              char *err, size_t errlen);

/* ---- operand letters (operands.c) ---- */
typedef enum vt_opkind {
  VT_K_XREG, VT_K_VREG, VT_K_SIMM, VT_K_UIMM, VT_K_PCREL, VT_K_CSR,
  VT_K_RM, VT_K_VM, VT_K_V0, VT_K_FENCE, VT_K_VTYPE, VT_K_UPPER
} vt_opkind;

typedef struct vt_operand_info {
  char letter;
  vt_opkind kind;
  char slot;        /* 'd' rd, 's' rs1, 't' rs2, 'r' rs3, 'i' imm, 'm' rm, 'v' vm */
  int8_t bits;      /* width of the encoded value (immediates)              */
  int32_t min, max; /* accepted range without a prefix (immediates)          */
  int32_t ext_min, ext_max; /* range with a regexti prefix (k/K), else = min/max */
  uint8_t align;    /* required alignment (branch offsets)                    */
} vt_operand_info;

const vt_operand_info *vt_operand(char letter);
int32_t vt_field_get(const vs_dinsn *d, char letter);
void vt_field_set(vs_dinsn *d, char letter, int32_t v);
/* Extracts / inserts the raw bit field of a letter from / into a word. */
uint32_t vt_bits_extract(char letter, uint32_t w);
uint32_t vt_bits_insert(char letter, uint32_t w, uint32_t v);

/* Register names */
const char *vt_xreg_abi_name(unsigned r);      /* ABI name of x0..x63, NULL above */
int vt_parse_xreg(const char *s, size_t n);    /* -1 if not an x register */
int vt_parse_vreg(const char *s, size_t n);
const char *vt_rm_name(unsigned rm);           /* NULL if reserved */
int vt_parse_rm(const char *s, size_t n);

/* CSRs */
enum { VT_CSR_STD, VT_CSR_VENTUS, VT_CSR_ALT };
const char *vt_csr_name(unsigned num, int include_ventus);
int vt_csr_lookup(const char *s, size_t n);    /* -1 if unknown */

/* Row lookup by mnemonic (table order, first match) */
int vt_find_mnemonic(const char *s, size_t n);

#endif
