/* The Ventus (RISC-V + SIMT extensions) front end: instruction table,
 * decoder, encoder and disassembler.  Everything RISC-V specific lives under
 * src/isa/ventus/. */
#ifndef VS_ISA_VENTUS_H
#define VS_ISA_VENTUS_H

#include <stddef.h>
#include <stdint.h>

#include "core/insn.h"

/* Row flags (insns.def FLAGS column) */
#define VTU_F_AQRL 0x01u /* A extension: .aq/.rl mnemonic suffix in bits 26:25  */
#define VTU_F_ACC  0x02u /* vd is also read (multiply-add accumulator)          */
#define VTU_F_PAIR 0x04u /* 32-bit data load/store: regpair makes it 64-bit     */
#define VTU_F_PRIV 0x08u /* private-memory addressing (spec 3.5)                */
#define VTU_F_FRD  0x10u /* writes an F register (zfinx: the x register); the
                           reference simulator logs it as fN, NaN-boxed    */
#define VTU_F_ONE  0x20u /* its vector operands are single registers, not
                           LMUL groups                                      */

/* Row ids: VTU_ADDI, VTU_VADD_VV, ... in table order. */
enum vtu_op {
#define INSN(id, mn, args, match, mask, cls, fl) VTU_##id,
#include "isa/ventus/insns.def"
#undef INSN
  VTU_NUM_INSNS
};

typedef struct vtu_row {
  const char *mnemonic;
  const char *args;     /* operand letters, see operands.c */
  uint32_t match, mask;
  uint8_t cls;          /* VS_CLS_* */
  uint8_t flags;        /* VTU_F_*   */
} vtu_row;

extern const vtu_row vtu_rows[VTU_NUM_INSNS];

/* Alias rows (aliases.def) */
#define AL_PRINT 1u
#define AL_PARSE 2u
#define VTU_MAX_CONSTRAINTS 4
typedef struct vtu_alias {
  const char *mnemonic;
  const char *args;
  uint16_t base;           /* enum vtu_op */
  uint8_t flags;           /* AL_*       */
  uint8_t ncons;
  struct { char field; char other; int32_t value; } cons[VTU_MAX_CONSTRAINTS];
} vtu_alias;

const vtu_alias *vtu_aliases(size_t *count);

/* ---- the Ventus operand fields of a decoded instruction ----
 * They live in the front-end payload of vs_dinsn: VTU_F(d) is d's fields
 * (const if d is).  The words of d are the instruction word, after its
 * prefix word when there is one (len 8): vtu_word(d), vtu_pword(d). */
typedef struct vtu_fields {
  int32_t imm;                 /* immediate (sign- or zero-extended as the row says) */
  uint16_t rd, rs1, rs2, rs3;  /* register indices, extensions applied               */
  uint8_t vm;                  /* vector mask bit (1 = unmasked)                     */
  uint8_t rm;                  /* rounding mode field                                */
  uint8_t aux;                 /* aq/rl bits, prefix kind (VTU_AUX_*)                */
} vtu_fields;
_Static_assert(sizeof(vtu_fields) <= VS_DINSN_PAYLOAD, "Ventus fields fit the payload");

#define VTU_F(d)                                                                  \
  _Generic((d), const vs_dinsn *: (const vtu_fields *)(const void *)(d)->payload, \
                vs_dinsn *: (vtu_fields *)(void *)(d)->payload)

static inline uint32_t vtu_word(const vs_dinsn *d) { return d->w[d->len == 8]; }
static inline uint32_t vtu_pword(const vs_dinsn *d) { return d->len == 8 ? d->w[0] : 0; }

/* ---- prefixes (VTU_F(d)->aux bits) ---- */
#define VTU_AUX_AQRL     0x03u  /* aq (bit 1) / rl (bit 0) of A instructions */
#define VTU_AUX_PFX_MASK 0x1cu
#define VTU_AUX_REGEXT   0x04u
#define VTU_AUX_REGEXTI  0x08u
#define VTU_AUX_REGPAIR  0x0cu
#define VTU_AUX_REGPAIRI 0x10u
#define VTU_AUX_BADPFX   0x20u  /* prefix followed by an instruction it cannot
                                  apply to (another prefix): illegal */

/* ---- decoding ---- */
/* Decodes the instruction at `pc` whose first word is w0; w1 is the following
 * word (needed when w0 is a prefix; pass have_w1 = 0 if there is none).
 * Fills *d (exec left NULL).  Returns 0, or -1 when w0 (or the prefixed word)
 * is not an instruction; then d->op == VTU_NUM_INSNS and d->len == 4. */
int vtu_decode(uint32_t w0, uint32_t w1, int have_w1, vs_dinsn *d);
/* Decodes one word alone, no prefix handling. */
int vtu_decode_word(uint32_t w, vs_dinsn *d);
/* Applies a prefix word (regext/regexti/regpair/regpairi) to a decoded
 * instruction.  Returns -1 if the prefix cannot apply to it. */
int vtu_apply_prefix(uint32_t pword, vs_dinsn *d);
int vtu_is_prefix(uint32_t w);

/* ---- encoding ---- */
/* Builds the instruction word for row d->op from the operand fields of *d
 * (registers/immediates as extended values).  If a register index > 31 or a
 * .vi immediate outside 5 bits needs a prefix, *pword receives it (else 0).
 * Returns 0, or -1 with a reason in err when an operand cannot be encoded. */
int vtu_encode(const vs_dinsn *d, uint32_t *word, uint32_t *pword,
              char *err, size_t errlen);

/* ---- operand letters (operands.c) ---- */
typedef enum vtu_opkind {
  VTU_K_XREG, VTU_K_VREG, VTU_K_SIMM, VTU_K_UIMM, VTU_K_PCREL, VTU_K_CSR,
  VTU_K_RM, VTU_K_VM, VTU_K_V0, VTU_K_FENCE, VTU_K_VTYPE, VTU_K_UPPER
} vtu_opkind;

typedef struct vtu_operand_info {
  char letter;
  vtu_opkind kind;
  char slot;        /* 'd' rd, 's' rs1, 't' rs2, 'r' rs3, 'i' imm, 'm' rm, 'v' vm */
  int8_t bits;      /* width of the encoded value (immediates)              */
  int32_t min, max; /* accepted range without a prefix (immediates)          */
  int32_t ext_min, ext_max; /* range with a regexti prefix (k/K), else = min/max */
  uint8_t align;    /* required alignment (branch offsets)                    */
} vtu_operand_info;

const vtu_operand_info *vtu_operand(char letter);
int32_t vtu_field_get(const vs_dinsn *d, char letter);
void vtu_field_set(vs_dinsn *d, char letter, int32_t v);
/* Extracts / inserts the raw bit field of a letter from / into a word. */
uint32_t vtu_bits_extract(char letter, uint32_t w);
uint32_t vtu_bits_insert(char letter, uint32_t w, uint32_t v);

/* Register names */
const char *vtu_xreg_abi_name(unsigned r);      /* ABI name of x0..x63, NULL above */
int vtu_parse_xreg(const char *s, size_t n);    /* -1 if not an x register */
int vtu_parse_vreg(const char *s, size_t n);
const char *vtu_rm_name(unsigned rm);           /* NULL if reserved */
int vtu_parse_rm(const char *s, size_t n);

/* CSRs */
enum { VTU_CSR_STD, VTU_CSR_VENTUS, VTU_CSR_ALT };
const char *vtu_csr_name(unsigned num, int include_ventus);
int vtu_csr_lookup(const char *s, size_t n);    /* -1 if unknown */

/* Row lookup by mnemonic (table order, first match) */
int vtu_find_mnemonic(const char *s, size_t n);

#endif
