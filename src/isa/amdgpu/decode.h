/* Decoder internals shared by the format decoders of both families
 * (decode.c: the shared and gfx9 formats; decode11.c: gfx11's). */
#ifndef VS_ISA_AMDGPU_DECODE_H
#define VS_ISA_AMDGPU_DECODE_H

#include "isa/amdgpu/amdgpu.h"

typedef struct dctx {
  amd_target t;
  unsigned family;  /* 9, 11 */
  int wave64;
  const uint32_t *w;
  unsigned avail;   /* dwords available */
  amd_insn *d;
  const amd_row *r;
  unsigned enc;     /* microcode format decoded */
} dctx;

static inline int dc_need(const dctx *c, unsigned dwords) { return c->avail >= dwords; }

/* The row of (encoding, opcode); sets d->row and c->r.  NULL if none. */
const amd_row *dc_row(dctx *c, unsigned enc, unsigned opc);
amd_operand *dc_newop(dctx *c);
amd_operand *dc_lastop(dctx *c);
int dc_has_role(const amd_row *r, unsigned role);
/* Operand decoders: append one operand; 0 or -1 (invalid). */
int dc_src(dctx *c, unsigned field, unsigned type, int vop, unsigned base_dwords);
int dc_sdst(dctx *c, unsigned field, unsigned type);
int dc_scalar_dst8(dctx *c, unsigned field, unsigned type, int literal);
int dc_vreg(dctx *c, unsigned field, unsigned type);
int dc_imm(dctx *c, uint32_t v);
int dc_none(dctx *c);
/* The literal dword after base_dwords: makes the instruction that long. */
int dc_take_literal(dctx *c, unsigned base_dwords);

/* VOP operand fields of the form being decoded */
typedef struct vfields {
  unsigned vdst, src[3], sdst;
  int vop3;           /* VOP3 encoding: all sources are 9-bit src fields */
  unsigned base_dw;   /* dwords before a literal                          */
} vfields;
int dc_vop_operands(dctx *c, const amd_row *r, const vfields *f);
int dc_src_count(const amd_row *r);

/* Format decoders */
int dc_sop(dctx *c);
int dc_vop3_mods(dctx *c, uint32_t w, uint32_t w1);
unsigned amd11_encoding(uint32_t w);
int dc11_format(dctx *c);

#endif
