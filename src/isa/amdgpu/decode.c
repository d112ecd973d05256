/* Decoder: instruction words -> amd_insn, driven by the instruction table.
 *
 * The encodings are those of AMD's ISA references (GCN5 "Vega", chapter 12;
 * RDNA3, "Microcode Formats").  One function per microcode format extracts
 * the fields; which operands exist, their sizes and which modifiers are
 * allowed come from the row.  What is invalid follows LLVM 19's
 * disassembler (the project's text oracle): a field the instruction does
 * not use must be zero where LLVM's encodings fix it to zero.  This file
 * holds what both families share and the gfx9 formats; decode11.c the
 * gfx11 formats. */
#include <string.h>

#include "isa/amdgpu/decode.h"

enum { SRC_SDWA = 249, SRC_DPP = 250 };



const amd_row *dc_row(dctx *c, unsigned enc, unsigned opc)
{
  int i = amd_lookup(c->t, enc, opc);
  if (i < 0) return NULL;
  c->d->row = (uint16_t)i;
  c->r = &amd_table_for(c->t)->rows[i];
  return c->r;
}

amd_operand *dc_newop(dctx *c)
{
  if (c->d->f.nops >= AMD_MAX_OPERANDS) return NULL;
  amd_operand *o = &c->d->f.op[c->d->f.nops++];
  memset(o, 0, sizeof *o);
  return o;
}

amd_operand *dc_lastop(dctx *c) { return &c->d->f.op[c->d->f.nops - 1]; }

int dc_has_role(const amd_row *r, unsigned role)
{
  for (unsigned i = 0; i < r->nops; i++)
    if (r->ops[i].role == role) return 1;
  return 0;
}

/* The literal dword after the base encoding.  Several literal sources of
 * one instruction share it. */
int dc_take_literal(dctx *c, unsigned base_dwords)
{
  if (!dc_need(c, base_dwords + 1)) return -1;
  c->d->f.ctl |= AMD_CTL_LITERAL;
  c->d->len = (uint8_t)(4 * (base_dwords + 1));
  return 0;
}

int dc_src(dctx *c, unsigned field, unsigned type, int vop, unsigned base_dwords)
{
  amd_operand *o = dc_newop(c);
  if (!o || amd_src_operand(c->family, c->wave64, field, type, vop, o)) return -1;
  if (o->kind == AMD_OPK_LITERAL) {
    if (dc_take_literal(c, base_dwords)) return -1;
    o->val = c->w[base_dwords];
  }
  return 0;
}

int dc_sdst(dctx *c, unsigned field, unsigned type)
{
  amd_operand *o = dc_newop(c);
  if (!o) return -1;
  if (amd_sdst_operand(c->family, field, amd_type_regs(type, c->wave64), o)) return -1;
  o->type = (uint8_t)type;
  return 0;
}

/* An SGPR destination in an 8-bit field (VOPC e64 sdst, v_readlane): LLVM
 * decodes it as a scalar source, so constants print as invalid immediates. */
int dc_scalar_dst8(dctx *c, unsigned field, unsigned type, int literal)
{
  amd_operand *o = dc_newop(c);
  /* gfx11: a literal (LLVM reads the dword), src_lds_direct a bad class */
  if (!o || (field == 255 && !literal) ||
      amd_src_operand(c->family, c->wave64, field, type, c->family != 11, o))
    return -1;
  if (o->kind == AMD_OPK_ICONST || o->kind == AMD_OPK_FCONST) {
    o->mods |= AMD_MOD_BADIMM;
    o->type = AMD_T_B32; /* printed as a 32-bit constant */
  }
  return 0;
}

int dc_vreg(dctx *c, unsigned field, unsigned type)
{
  amd_operand *o = dc_newop(c);
  unsigned n = amd_type_regs(type, c->wave64);
  if (!o || field + n > 256) return -1;
  amd_vgpr_operand(field, n, o);
  o->type = (uint8_t)type;
  return 0;
}

int dc_imm(dctx *c, uint32_t v)
{
  amd_operand *o = dc_newop(c);
  if (!o) return -1;
  o->kind = AMD_OPK_IMM;
  o->val = v;
  return 0;
}

/* An operand that is absent ("off") */
int dc_none(dctx *c)
{
  amd_operand *o = dc_newop(c);
  if (!o) return -1;
  o->kind = AMD_OPK_NONE;
  return 0;
}

/* ---- decoded counters (s_waitcnt*, s_delay_alu, s_clause) ---- */
static uint32_t wait_fields(unsigned vm, unsigned exp, unsigned lgkm, unsigned vs)
{
  return vm | exp << 8 | lgkm << 16 | (uint32_t)vs << 24;
}

static int waitcnt(dctx *c, unsigned simm)
{
  amd_operand *o = dc_newop(c);
  if (!o) return -1;
  o->kind = AMD_OPK_WAITCNT;
  if (c->family == 11) /* expcnt [2:0], lgkmcnt [9:4], vmcnt [15:10] */
    o->val = wait_fields(simm >> 10 & 0x3f, simm & 7, simm >> 4 & 0x3f, AMD_WAIT_NONE);
  else /* vmcnt [3:0] and [15:14], expcnt [6:4], lgkmcnt [11:8] */
    o->val = wait_fields((simm & 0xf) | (simm >> 14 & 3) << 4, simm >> 4 & 7, simm >> 8 & 0xf,
                         AMD_WAIT_NONE);
  return 0;
}

/* gfx11 s_waitcnt_vscnt/vmcnt/expcnt/lgkmcnt: one counter, simm16 (plus
 * the SGPR operand) */
static int waitcnt_one(dctx *c, unsigned role, unsigned simm)
{
  amd_operand *o = dc_newop(c);
  if (!o) return -1;
  unsigned v[4] = {AMD_WAIT_NONE, AMD_WAIT_NONE, AMD_WAIT_NONE, AMD_WAIT_NONE};
  unsigned k = role == AMD_R_WAITVM ? 0 : role == AMD_R_WAITEXP ? 1 : role == AMD_R_WAITLGKM ? 2 : 3;
  v[k] = simm > 0xfe ? 0xfe : simm; /* counts past 254: "at most 254 left" */
  o->kind = AMD_OPK_WAITCNT;
  o->val = wait_fields(v[0], v[1], v[2], v[3]);
  return 0;
}

static int delay_alu(dctx *c, unsigned simm)
{
  amd_operand *o = dc_newop(c);
  if (!o) return -1;
  o->kind = AMD_OPK_DELAY;
  o->val = simm & 0x7ff;
  return 0;
}

static int clause(dctx *c, unsigned simm)
{
  amd_operand *o = dc_newop(c);
  if (!o) return -1;
  o->kind = AMD_OPK_CLAUSE;
  o->val = ((simm & 0x3f) + 1) | (simm >> 8 & 0xf) << 8;
  return 0;
}

/* ---- scalar formats (the same layouts in both families) ---- */
int dc_sop(dctx *c)
{
  uint32_t w = c->w[0];
  unsigned op, fsdst = (w >> 16) & 0x7f, fs0 = w & 0xff, fs1 = (w >> 8) & 0xff;
  switch (c->enc) {
  case AMD_ENC_SOP2: op = (w >> 23) & 0x7f; break;
  case AMD_ENC_SOP1: op = (w >> 8) & 0xff; break;
  case AMD_ENC_SOPC: op = (w >> 16) & 0x7f; break;
  case AMD_ENC_SOPK: op = (w >> 23) & 0x1f; break;
  default: op = (w >> 16) & 0x7f; break; /* SOPP */
  }
  const amd_row *r = dc_row(c, c->enc, op);
  if (!r) return -1;
  unsigned simm = w & 0xffff;
  if (c->enc == AMD_ENC_SOPP && r->nops == 0 && simm) return -1;
  for (unsigned i = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    int rc = 0;
    switch (ro->role) {
    case AMD_R_SDST: rc = dc_sdst(c, fsdst, ro->type); break;
    case AMD_R_SSRC0: rc = dc_src(c, fs0, ro->type, 0, 1); break;
    case AMD_R_SSRC1: rc = dc_src(c, fs1, ro->type, 0, 1); break;
    case AMD_R_GPRIDX: rc = dc_imm(c, fs1); break;
    case AMD_R_MSGRTN: rc = dc_imm(c, fs0); break; /* the message, in the ssrc0 field */
    case AMD_R_IMM32:
      if (dc_take_literal(c, 1)) return -1;
      rc = dc_imm(c, c->w[1]);
      break;
    case AMD_R_WAITCNT: rc = waitcnt(c, simm); break;
    case AMD_R_WAITVS: case AMD_R_WAITVM: case AMD_R_WAITEXP: case AMD_R_WAITLGKM:
      rc = waitcnt_one(c, ro->role, simm);
      break;
    case AMD_R_DELAY: rc = delay_alu(c, simm); break;
    case AMD_R_CLAUSE: rc = clause(c, simm); break;
    default: rc = dc_imm(c, simm); break; /* simm16, label, hwreg, sendmsg ... */
    }
    if (rc) return -1;
    amd_operand *o = dc_lastop(c);
    if ((r->flags & F_SREG) && (ro->role == AMD_R_SSRC0 || ro->role == AMD_R_SSRC1) &&
        (o->kind == AMD_OPK_ICONST || o->kind == AMD_OPK_FCONST || o->kind == AMD_OPK_LITERAL)) {
      o->mods |= AMD_MOD_BADIMM;
      o->type = AMD_T_B32;
    }
  }
  return 0;
}

/* ---- SMEM (gfx9) ---- */
static int dec_smem(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0], w1 = c->w[1];
  const amd_row *r = dc_row(c, AMD_ENC_SMEM, (w >> 18) & 0xff);
  if (!r) return -1;
  c->d->len = 8;
  unsigned immbit = (w >> 17) & 1, soe = (w >> 14) & 1;
  if (!dc_has_role(r, AMD_R_SOFFSET) && immbit) return -1;
  for (unsigned i = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    int rc = 0;
    switch (ro->role) {
    case AMD_R_SDATA: {
      unsigned f = (w >> 6) & 0x7f, dw = amd_type_dwords[ro->type];
      rc = dc_sdst(c, f, ro->type);
      if (rc) break;
      /* sdata excludes m0/exec (SReg_32_XM0_XEXEC, SReg_64_XEXEC) */
      if ((dw == 1 && (f == 124 || f == 126 || f == 127)) || (dw == 2 && f == 126))
        dc_lastop(c)->mods |= AMD_MOD_BADCLASS;
      break;
    }
    case AMD_R_PROBE: rc = dc_imm(c, (w >> 6) & 0x7f); break;
    case AMD_R_SBASE: rc = dc_sdst(c, (w & 0x3f) << 1, ro->type); break;
    case AMD_R_SOFFSET:
      /* imm: a signed 21-bit byte offset; soe: an SGPR in the soffset field
       * (with imm: SGPR + offset); neither: an SGPR in offset[6:0] */
      if (soe) rc = dc_sdst(c, w1 >> 25, AMD_T_B32);
      else if (immbit) rc = dc_imm(c, w1 & 0x1fffff);
      else rc = dc_sdst(c, w1 & 0x7f, AMD_T_B32);
      break;
    default: return -1;
    }
    if (rc) return -1;
  }
  return 0;
}

/* ---- VOP (both families) ---- */
static int is_const_kind(unsigned k)
{
  return k == AMD_OPK_ICONST || k == AMD_OPK_FCONST || k == AMD_OPK_LITERAL;
}

/* A literal where the operand takes registers only (a lane mask, an
 * SGPR destination): LLVM reads the literal dword and prints it as an
 * invalid immediate, making the instruction a dword longer. */
static int bad_literal(dctx *c, const vfields *f)
{
  amd_operand *o = dc_lastop(c);
  if (o->kind != AMD_OPK_LITERAL) return 0;
  if (dc_take_literal(c, f->base_dw)) return -1;
  o->val = c->w[f->base_dw];
  o->mods |= AMD_MOD_BADIMM;
  o->type = AMD_T_B32;
  return 0;
}

/* Operands of a VOP row in printing order, from the fields of the form
 * being decoded.  A K constant (v_fmaak/v_fmamk) is the literal and takes
 * no operand. */
int dc_vop_operands(dctx *c, const amd_row *r, const vfields *f)
{
  int e32 = !f->vop3;
  unsigned lanes = 0; /* lane operands take the source fields after src0 */
  for (unsigned i = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    int rc = 0;
    switch (ro->role) {
    case AMD_R_VDST: rc = dc_vreg(c, f->vdst, ro->type); break;
    case AMD_R_VSDST: /* v_readfirstlane_b32 e32 reads a literal on gfx9 too */
      rc = dc_scalar_dst8(c, f->vdst, ro->type, c->family == 11 || e32) || bad_literal(c, f);
      break;
    case AMD_R_SDST:
      if (e32) { rc = dc_sdst(c, 106, ro->type); break; } /* vcc */
      if (r->enc == AMD_ENC_VOPC)
        rc = dc_scalar_dst8(c, f->sdst, ro->type, c->family == 11) || bad_literal(c, f);
      else rc = dc_sdst(c, f->sdst, ro->type);
      break;
    case AMD_R_CIN: {
      if (e32) { rc = dc_sdst(c, 106, ro->type); break; }
      /* an SGPR (pair) (SReg_1_XEXEC); LLVM prints anything else with a note */
      amd_operand *o = dc_newop(c);
      if (!o || amd_src_operand(c->family, c->wave64, f->src[2], ro->type, 1, o)) return -1;
      if (is_const_kind(o->kind))
        o->mods |= AMD_MOD_BADIMM;
      else if (o->kind == AMD_OPK_VGPR || (o->kind == AMD_OPK_SPECIAL && o->val == 126))
        o->mods |= AMD_MOD_BADCLASS;
      rc = bad_literal(c, f);
      break;
    }
    case AMD_R_SRC0: case AMD_R_SRC1: case AMD_R_SRC2: {
      unsigned k = ro->role - AMD_R_SRC0;
      unsigned field = f->src[k];
      if (e32 && k == 1) field += 256; /* vsrc1 */
      rc = dc_src(c, field, ro->type, 1, f->base_dw);
      if (!rc && amd_type_dwords[ro->type] == 4) { /* VReg_128 (v_mqsad_u32_u8) */
        amd_operand *o = dc_lastop(c);
        if (c->family == 11 && (o->kind == AMD_OPK_ICONST || o->kind == AMD_OPK_FCONST))
          o->mods |= AMD_MOD_BADIMM; /* gfx11: constants are invalid immediates */
        else if (o->kind != AMD_OPK_VGPR && !(o->kind == AMD_OPK_SPECIAL && o->val >= 235))
          o->mods |= AMD_MOD_BADCLASS;
      }
      break;
    }
    case AMD_R_VSRC0: case AMD_R_LSRC0: {
      /* register-class operands: LLVM still prints what is there */
      rc = dc_src(c, f->src[0], ro->type, 1, f->base_dw);
      if (rc) break;
      amd_operand *o = dc_lastop(c);
      if (is_const_kind(o->kind))
        o->mods |= AMD_MOD_BADIMM;
      else if (o->kind != AMD_OPK_VGPR && !(c->family == 11 && o->kind == AMD_OPK_SPECIAL && o->val == 124) &&
               !(o->kind == AMD_OPK_SPECIAL && o->val >= 235 && (ro->role == AMD_R_LSRC0 || o->val != 254)))
        o->mods |= AMD_MOD_BADCLASS; /* src_lds_direct is only VRegOrLds_32 */
      break;
    }
    case AMD_R_KIMM: /* the literal dword; no operand */
      if (dc_take_literal(c, f->base_dw)) return -1;
      break;
    case AMD_R_VSRC1: case AMD_R_VSRC2: { /* VOP3 interpolation: VGPR_32 class */
      rc = dc_src(c, f->src[ro->role == AMD_R_VSRC1 ? 1 : 2], AMD_T_B32, 1, f->base_dw);
      if (rc) break;
      amd_operand *o = dc_lastop(c);
      if (o->kind == AMD_OPK_ICONST || o->kind == AMD_OPK_FCONST) {
        o->mods |= AMD_MOD_BADIMM;
        o->type = AMD_T_B32;
      } else if (o->kind != AMD_OPK_VGPR && !(o->kind == AMD_OPK_SPECIAL && (o->val == 125 || o->val >= 235))) {
        o->mods |= AMD_MOD_BADCLASS;
      }
      break;
    }
    case AMD_R_SSRC0: case AMD_R_LANE: { /* v_readlane/v_writelane: SGPR or constant (SReg_32) */
      unsigned k = ro->role == AMD_R_SSRC0 ? 0 : ++lanes;
      rc = dc_src(c, f->src[k], ro->type, 1, f->base_dw);
      if (!rc && dc_lastop(c)->kind == AMD_OPK_VGPR) dc_lastop(c)->mods |= AMD_MOD_BADCLASS;
      break;
    }
    case AMD_R_ATTR3: /* attribute, channel and "high" in the src0 field */
      if (((f->src[0] >> 8) & 1) && ro->type != AMD_T_F16) return -1;
      rc = dc_imm(c, f->src[0]);
      break;
    case AMD_R_PARAM3: rc = dc_imm(c, f->src[1]); break;
    default: return -1;
    }
    if (rc) return -1;
  }
  return 0;
}

int dc_src_count(const amd_row *r)
{
  int n = 0;
  for (unsigned i = 0; i < r->nops; i++)
    if ((r->ops[i].role >= AMD_R_SRC0 && r->ops[i].role <= AMD_R_SRC2) || r->ops[i].role == AMD_R_LANE ||
        r->ops[i].role == AMD_R_VSRC0 ||
        ((r->ops[i].role == AMD_R_SSRC0 || r->ops[i].role == AMD_R_LSRC0) && r->enc == AMD_ENC_VOP3))
      n++;
  return n;
}

/* SDWA / DPP source modifiers: float sources take neg/abs, integer sources
 * sext (SDWA only); a modifier bit the source type does not have makes the
 * word invalid. */
static int src_mod_bits(dctx *c, unsigned k, unsigned type, uint32_t s, int sdwa)
{
  unsigned neg, abs, sext = 0;
  if (sdwa) {
    unsigned sh = k ? 27 : 19;
    sext = (s >> sh) & 1;
    neg = (s >> (sh + 1)) & 1;
    abs = (s >> (sh + 2)) & 1;
  } else {
    unsigned sh = k ? 22 : 20;
    neg = (s >> sh) & 1;
    abs = (s >> (sh + 1)) & 1;
  }
  amd_operand *o = &c->d->f.op[c->d->f.nops - 1];
  if (amd_type_is_float(type)) {
    if (sext) return -1;
    if (neg) o->mods |= AMD_MOD_NEG;
    if (abs) o->mods |= AMD_MOD_ABS;
  } else {
    if ((neg || abs) && (sdwa || !(c->r->flags & F_MODS))) return -1;
    if (sext || neg) o->mods |= AMD_MOD_SEXT;
  }
  return 0;
}

static int dec_sdwa(dctx *c, unsigned vdst, unsigned vsrc1)
{
  const amd_row *r = c->r;
  if (!(r->flags & F_SDWA) || !dc_need(c, 2)) return -1;
  uint32_t s = c->w[1];
  c->d->f.form = AMD_FORM_SDWA;
  c->d->len = 8;
  unsigned enc = r->enc;
  /* reserved selects: LLVM 19 crashes on some, rejects the rest */
  if (((s >> 16) & 7) == 7) return -1;
  if (enc == AMD_ENC_VOP2 || enc == AMD_ENC_VOPC)
    if (((s >> 24) & 7) == 7) return -1;
  if (enc != AMD_ENC_VOPC) {
    if (((s >> 8) & 7) == 7) return -1;
    if (((s >> 14) & 3) && (!(r->flags & F_OMOD) || (r->flags & F_NOSDWAOMOD))) return -1;
  }
  if (enc == AMD_ENC_VOP1 && ((s >> 24) & 0xbf)) return -1; /* no src1 */
  for (unsigned i = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    int rc = 0;
    switch (ro->role) {
    case AMD_R_VDST: rc = dc_vreg(c, vdst, ro->type); break;
    case AMD_R_SDST:
      if (enc == AMD_ENC_VOPC && (s & 0x8000)) rc = dc_sdst(c, (s >> 8) & 0x7f, AMD_T_B64);
      else rc = dc_sdst(c, 106, AMD_T_B64);
      break;
    case AMD_R_CIN: rc = dc_sdst(c, 106, AMD_T_B64); break;
    case AMD_R_SRC0: case AMD_R_SRC1: {
      unsigned k = ro->role - AMD_R_SRC0;
      unsigned field = k ? vsrc1 | ((s >> 31) & 1 ? 0 : 256) : (s & 0xff) | ((s >> 23) & 1 ? 0 : 256);
      amd_operand *o = dc_newop(c);
      if (!o || amd_src_operand(c->family, c->wave64, field, ro->type, 1, o)) return -1;
      if (o->kind == AMD_OPK_LITERAL) return -1;
      rc = src_mod_bits(c, k, ro->type, s, 1);
      break;
    }
    default: return -1;
    }
    if (rc) return -1;
  }
  return 0;
}

static int dec_dpp(dctx *c, unsigned vdst, unsigned vsrc1)
{
  const amd_row *r = c->r;
  if (!(r->flags & F_DPP) || !dc_need(c, 2)) return -1;
  uint32_t s = c->w[1];
  c->d->f.form = AMD_FORM_DPP;
  c->d->len = 8;
  if (r->enc == AMD_ENC_VOP1 && ((s >> 22) & 3)) return -1; /* no src1 */
  for (unsigned i = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    int rc = 0;
    switch (ro->role) {
    case AMD_R_VDST: rc = dc_vreg(c, vdst, ro->type); break;
    case AMD_R_SDST: case AMD_R_CIN: rc = dc_sdst(c, 106, AMD_T_B64); break;
    case AMD_R_SRC0: case AMD_R_SRC1:
      rc = dc_vreg(c, ro->role == AMD_R_SRC0 ? s & 0xff : vsrc1, ro->type);
      if (!rc) rc = src_mod_bits(c, ro->role - AMD_R_SRC0, ro->type, s, 0);
      break;
    default: return -1;
    }
    if (rc) return -1;
  }
  return 0;
}

static int dec_vop_e32(dctx *c)
{
  uint32_t w = c->w[0];
  unsigned op, vdst = (w >> 17) & 0xff, s0 = w & 0x1ff, vsrc1 = (w >> 9) & 0xff;
  switch (c->enc) {
  case AMD_ENC_VOP2: op = (w >> 25) & 0x3f; break;
  case AMD_ENC_VOP1: op = (w >> 9) & 0xff; vsrc1 = 0; break;
  default: op = (w >> 17) & 0xff; vdst = 0; break; /* VOPC */
  }
  const amd_row *r = dc_row(c, c->enc, op);
  if (!r) return -1;
  if (r->nops == 0) { /* v_nop, v_clrexcp: no destination */
    if (vdst) return -1;
    return 0;
  }
  if (s0 == SRC_SDWA) return dec_sdwa(c, vdst, vsrc1);
  if (s0 == SRC_DPP) return dec_dpp(c, vdst, vsrc1);
  vfields f = {vdst, {s0, vsrc1, 0}, 0, 0, 1};
  return dc_vop_operands(c, r, &f);
}

/* VOP3 source modifiers (gfx9): abs/neg on float sources, sext with F_MODS
 * on 32/64-bit integer sources; VOP3P neg_lo/neg_hi of v_mad_mix*. */
static void vop3_source_mods(dctx *c, const amd_row *r, unsigned abs, unsigned neg, int vop3b)
{
  for (unsigned i = 0, k = 0; i < c->d->f.nops; i++) {
    unsigned role = r->ops[i].role;
    amd_operand *o = &c->d->f.op[i];
    if (role == AMD_R_VSRC1 || role == AMD_R_VSRC2) {
      k = role == AMD_R_VSRC1 ? 1 : 2;
      if (neg >> k & 1) o->mods |= AMD_MOD_NEG;
      if (abs >> k & 1) o->mods |= AMD_MOD_ABS;
      continue;
    }
    if (role < AMD_R_SRC0 || role > AMD_R_SRC2) continue;
    k = role - AMD_R_SRC0;
    if (r->enc == AMD_ENC_VOP3P) {
      if (r->ops[i].type != AMD_T_PK) { /* v_mad_mix*: neg_lo = neg, neg_hi = abs */
        if (neg >> k & 1) o->mods |= AMD_MOD_NEG;
        if (abs >> k & 1) o->mods |= AMD_MOD_ABS;
      }
      continue;
    }
    if (amd_type_is_float(r->ops[i].type)) {
      if (neg >> k & 1) o->mods |= AMD_MOD_NEG;
      if (!vop3b && (abs >> k & 1)) o->mods |= AMD_MOD_ABS;
    } else if ((neg >> k & 1) && !(r->flags & F_OPSEL) &&
               (r->ops[i].type == AMD_T_B32 || r->ops[i].type == AMD_T_B64)) {
      o->mods |= AMD_MOD_SEXT;
    }
  }
}

static int dec_vop3(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0], w1 = c->w[1];
  unsigned op = (w >> 16) & 0x3ff;
  const amd_row *r = dc_row(c, AMD_ENC_VOP3, op);
  if (!r) return -1;
  c->d->len = 8;
  if (r->enc != AMD_ENC_VOP3 && r->enc != AMD_ENC_VOP3P) c->d->f.form = AMD_FORM_E64;
  int vop3b = dc_has_role(r, AMD_R_SDST) && r->enc != AMD_ENC_VOPC;
  unsigned abs = (w >> 8) & 7, opsel = (w >> 11) & 0xf, clamp = (w >> 15) & 1;
  unsigned omod = (w1 >> 27) & 3, neg = (w1 >> 29) & 7;
  unsigned s[3] = {w1 & 0x1ff, (w1 >> 9) & 0x1ff, (w1 >> 18) & 0x1ff};
  int nsrc = dc_src_count(r);
  int interp = dc_has_role(r, AMD_R_ATTR3);
  if (interp) {
    nsrc = dc_has_role(r, AMD_R_VSRC2) ? 3 : 2;
    if ((abs | neg) & 1) return -1; /* the attribute takes no modifiers */
  }
  if (r->enc == AMD_ENC_VOP3P) {
    unsigned neg_hi = abs, present = (1u << nsrc) - 1;
    if ((neg | neg_hi | (opsel & 7)) & ~present) return -1;
  } else {
    if (!(r->flags & F_MODS)) {
      if (neg || (!vop3b && abs)) return -1;
    }
    if (neg & ~((1u << nsrc) - 1)) return -1;
    if (!vop3b && (abs & ~((1u << nsrc) - 1))) return -1;
    if (r->enc == AMD_ENC_VOPC) /* the class mask of v_cmp_class takes no modifiers */
      for (unsigned i = 0; i < r->nops; i++) {
        unsigned role = r->ops[i].role;
        if (role >= AMD_R_SRC0 && role <= AMD_R_SRC2 && !amd_type_is_float(r->ops[i].type) &&
            (((neg | abs) >> (role - AMD_R_SRC0)) & 1))
          return -1;
      }
    if (!(r->flags & F_OMOD) && omod) return -1;
    if ((r->flags & F_OPSEL_Z) && (opsel & 7 & ~((1u << nsrc) - 1))) return -1;
    if ((r->flags & F_OPSEL_Z) && !(r->flags & F_OPSEL) && opsel) return -1;
  }
  if (!(r->flags & F_CLAMP) && clamp) return -1;
  for (int k = nsrc; k < 3; k++)
    if (s[k] && !(k == 2 && dc_has_role(r, AMD_R_CIN))) return -1;
  if (r->enc == AMD_ENC_VOP1 && !r->nops) { /* v_nop_e64 */
    if (w & 0xff) return -1;
    return 0;
  }
  vfields f = {w & 0xff, {s[0], s[1], s[2]}, (w >> 8) & 0x7f, 1, 2};
  if (r->enc == AMD_ENC_VOPC) f.sdst = w & 0xff;
  if (dc_vop_operands(c, r, &f)) return -1;
  if (c->d->f.ctl & AMD_CTL_LITERAL) return -1; /* no VOP3 literal before gfx10 */
  if (clamp) c->d->f.ctl |= AMD_CTL_CLAMP;
  vop3_source_mods(c, r, abs, neg, vop3b);
  return 0;
}

/* ---- VINTRP ---- */
static int dec_vintrp(dctx *c)
{
  uint32_t w = c->w[0];
  const amd_row *r = dc_row(c, AMD_ENC_VINTRP, (w >> 16) & 3);
  if (!r) return -1;
  if (dc_vreg(c, (w >> 18) & 0xff, AMD_T_B32)) return -1;
  if (dc_has_role(r, AMD_R_PARAM)) {
    if (dc_imm(c, w & 0xff)) return -1;
  } else if (dc_vreg(c, w & 0xff, AMD_T_B32)) {
    return -1;
  }
  return dc_imm(c, (w >> 8) & 0xff); /* attr << 2 | chan */
}

/* ---- DS ---- */
static int dec_ds(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0], w1 = c->w[1];
  const amd_row *r = dc_row(c, AMD_ENC_DS, (w >> 17) & 0xff);
  if (!r) return -1;
  c->d->len = 8;
  unsigned gds = (w >> 16) & 1;
  /* bit 25 (the AGPR bit of later chips) is ignored, except by instructions
   * without VGPR data or destination, whose encodings fix it to zero */
  if (((w >> 25) & 1) && !dc_has_role(r, AMD_R_VDST) && !dc_has_role(r, AMD_R_DATA0) &&
      !((r->flags & F_GDSONLY) && r->nops))
    return -1;
  if ((r->flags & F_NOGDS) && gds) return -1;
  if ((r->flags & F_GDSONLY) && !gds) return -1;
  if ((r->flags & F_NOOFF) && (w & 0xffff)) return -1;
  unsigned f[4] = {w1 >> 24, w1 & 0xff, (w1 >> 8) & 0xff, (w1 >> 16) & 0xff};
  static const uint8_t roles[4] = {AMD_R_VDST, AMD_R_ADDR, AMD_R_DATA0, AMD_R_DATA1};
  for (int k = 0; k < 4; k++)
    if (f[k] && !dc_has_role(r, roles[k])) return -1;
  for (unsigned i = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    unsigned field = 0;
    for (int k = 0; k < 4; k++)
      if (roles[k] == ro->role) field = f[k];
    if (dc_vreg(c, field, ro->type)) return -1;
  }
  return 0;
}

/* ---- FLAT / GLOBAL / SCRATCH ---- */
static int dec_flat(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0], w1 = c->w[1];
  unsigned seg = (w >> 14) & 3;
  unsigned enc = seg == 0 ? AMD_ENC_FLAT : seg == 1 ? AMD_ENC_SCRATCH : seg == 2 ? AMD_ENC_GLOBAL : 0;
  if (!enc) return -1;
  c->enc = enc;
  const amd_row *r = dc_row(c, enc, (w >> 18) & 0x7f);
  if (!r) return -1;
  c->d->len = 8;
  unsigned lds = (w >> 13) & 1, glc = (w >> 16) & 1, saddr = (w1 >> 16) & 0x7f;
  if (lds && (!(r->flags & F_LDS) || ((w1 >> 23) & 1))) return -1;
  if (enc == AMD_ENC_FLAT && saddr) return -1;
  for (unsigned i = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    int rc = 0;
    switch (ro->role) {
    case AMD_R_VDST:
      if (((ro->attr & AMD_OPA_OPTIONAL) && !glc) || lds) {
        c->d->f.ctl |= AMD_CTL_SKIP(i);
        continue;
      }
      rc = dc_vreg(c, w1 >> 24, ro->type);
      break;
    case AMD_R_VADDR: {
      unsigned t = ro->type;
      if (enc == AMD_ENC_GLOBAL && saddr != 0x7f) t = AMD_T_B32;
      if (enc == AMD_ENC_SCRATCH && saddr != 0x7f) { rc = dc_none(c); break; }
      rc = dc_vreg(c, w1 & 0xff, t);
      break;
    }
    case AMD_R_DATA: rc = dc_vreg(c, (w1 >> 8) & 0xff, ro->type); break;
    case AMD_R_SADDR:
      if (saddr == 0x7f) { rc = dc_none(c); break; }
      rc = dc_sdst(c, saddr, ro->type);
      break;
    default: return -1;
    }
    if (rc) return -1;
  }
  return 0;
}

/* ---- MUBUF / MTBUF ---- */
static int dec_buf(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0], w1 = c->w[1];
  unsigned op = c->enc == AMD_ENC_MUBUF ? (w >> 18) & 0x7f : (w >> 15) & 0xf;
  const amd_row *r = dc_row(c, c->enc, op);
  if (!r) return -1;
  c->d->len = 8;
  unsigned offen = (w >> 12) & 1, idxen = (w >> 13) & 1;
  unsigned lds = c->enc == AMD_ENC_MUBUF ? (w >> 16) & 1 : 0, tfe = (w1 >> 23) & 1;
  if (lds && !(r->flags & (F_LDS | F_LDSONLY))) return -1;
  if ((r->flags & F_LDSONLY) && (!lds || offen || idxen)) return -1;
  if (tfe && (r->flags & F_NOTFE)) return -1;
  if (lds && tfe) return -1;
  if (!r->nops && (offen || idxen || ((w >> 14) & 3))) return -1; /* cache invalidations */
  for (unsigned i = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    int rc = 0;
    switch (ro->role) {
    case AMD_R_VDATA: {
      if (lds) {
        c->d->f.ctl |= AMD_CTL_SKIP(i);
        continue;
      }
      unsigned t = ro->type;
      unsigned n = amd_type_dwords[t] + tfe;
      amd_operand *o = dc_newop(c);
      if (!o || ((w1 >> 8) & 0xff) + n > 256) return -1;
      amd_vgpr_operand((w1 >> 8) & 0xff, n, o);
      break;
    }
    case AMD_R_VADDR: {
      unsigned n = offen + idxen;
      if (!n) { rc = dc_none(c); break; }
      amd_operand *o = dc_newop(c);
      if (!o || (w1 & 0xff) + n > 256) return -1;
      amd_vgpr_operand(w1 & 0xff, n, o);
      break;
    }
    case AMD_R_SRSRC: rc = dc_sdst(c, ((w1 >> 16) & 0x1f) << 2, AMD_T_B128); break;
    case AMD_R_SOFFSET: rc = dc_src(c, w1 >> 24, AMD_T_B32, 0, 2); break;
    case AMD_R_FORMAT: rc = dc_imm(c, (w >> 19) & 0x7f); break;
    default: return -1;
    }
    if (rc) return -1;
  }
  if (c->d->f.ctl & AMD_CTL_LITERAL) return -1;
  return 0;
}

/* ---- MIMG ---- */
static int dec_mimg(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0], w1 = c->w[1];
  const amd_row *r = dc_row(c, AMD_ENC_MIMG, (w >> 18) & 0x7f);
  if (!r) return -1;
  c->d->len = 8;
  unsigned dmask = (w >> 8) & 0xf, tfe = (w >> 16) & 1, d16 = w1 >> 31;
  if (d16 && (r->flags & F_NOD16)) return -1;
  if (w & 1) return -1; /* reserved (fixed to zero by LLVM's encodings) */
  if (!dc_has_role(r, AMD_R_SSAMP) && ((w1 >> 21) & 0x1f)) return -1; /* no sampler */
  for (unsigned i = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    int rc = 0;
    switch (ro->role) {
    case AMD_R_VDATA: {
      /* data dwords: the dmask channels (gather4: always 4), halved for
       * packed d16, plus one for tfe (LLVM: convertMIMGInst) */
      int gather4 = amd_type_dwords[ro->type] == 4; /* only gather4 rows return 4 dwords */
      unsigned n = gather4 ? 4 : (unsigned)__builtin_popcount(dmask);
      if (!n) n = 1;
      if (d16) n = (n + 1) / 2;
      n += tfe;
      /* gather4 has 2 (d16), 4 and 5 (tfe) dword variants; d16 with tfe
       * has none and keeps 4 */
      if (gather4) n = d16 ? (tfe ? 4 : 2) : 4 + tfe;
      if (r->flags & F_ATOMIC) {
        /* LLVM 19 has atomic variants of 1 and 2 data dwords (cmpswap: 2
         * and 4), and its lookup of 4 dwords for the others finds a
         * 5-register one; other counts keep the decoded variant's size
         * (1; cmpswap 2).  Measured over every dmask and tfe. */
        int cmpswap = amd_type_dwords[ro->type] == 2; /* data and compare value */
        if (cmpswap) n = n == 4 ? 4 : 2;
        else n = n <= 2 ? n : n == 4 ? 5 : 1;
      }
      /* LLVM decodes the row's own size first: it must fit below v256 */
      if (((w1 >> 8) & 0xff) + amd_type_dwords[ro->type] > 256) return -1;
      /* a size whose registers would pass v255 has no variant: LLVM keeps
       * the row's own size */
      if (((w1 >> 8) & 0xff) + n > 256) n = amd_type_dwords[ro->type];
      amd_operand *o = dc_newop(c);
      if (!o || ((w1 >> 8) & 0xff) + n > 256) return -1;
      amd_vgpr_operand((w1 >> 8) & 0xff, n, o);
      break;
    }
    case AMD_R_VADDR: rc = dc_vreg(c, w1 & 0xff, ro->type); break;
    case AMD_R_SRSRC: rc = dc_sdst(c, ((w1 >> 16) & 0x1f) << 2, ro->type); break;
    case AMD_R_SSAMP: rc = dc_sdst(c, ((w1 >> 21) & 0x1f) << 2, ro->type); break;
    default: return -1;
    }
    if (rc) return -1;
  }
  return 0;
}

/* ---- EXP ---- */
static int dec_exp(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0];
  if (!dc_row(c, AMD_ENC_EXP, 0)) return -1;
  c->d->len = 8;
  (void)w;
  return 0;
}


static unsigned gfx9_encoding(uint32_t w)
{
  if ((w >> 25) == 0x3f) return AMD_ENC_VOP1;
  if ((w >> 25) == 0x3e) return AMD_ENC_VOPC;
  if (!(w >> 31)) return AMD_ENC_VOP2;
  if ((w >> 23) == 0x17d) return AMD_ENC_SOP1;
  if ((w >> 23) == 0x17e) return AMD_ENC_SOPC;
  if ((w >> 23) == 0x17f) return AMD_ENC_SOPP;
  if ((w >> 28) == 0xb) return AMD_ENC_SOPK;
  if ((w >> 30) == 2) return AMD_ENC_SOP2;
  switch (w >> 26) {
  case 0x30: return AMD_ENC_SMEM;
  case 0x31: return AMD_ENC_EXP;
  case 0x34: return AMD_ENC_VOP3; /* VOP3P is the opcode range 0x380.. */
  case 0x35: return AMD_ENC_VINTRP;
  case 0x36: return AMD_ENC_DS;
  case 0x37: return AMD_ENC_FLAT;
  case 0x38: return AMD_ENC_MUBUF;
  case 0x3a: return AMD_ENC_MTBUF;
  case 0x3c: return AMD_ENC_MIMG;
  default: return AMD_NUM_ENC;
  }
}

static int gfx9_format(dctx *c)
{
  switch (c->enc) {
  case AMD_ENC_SOP2: case AMD_ENC_SOP1: case AMD_ENC_SOPC: case AMD_ENC_SOPK: case AMD_ENC_SOPP:
    return dc_sop(c);
  case AMD_ENC_SMEM: return dec_smem(c);
  case AMD_ENC_VOP1: case AMD_ENC_VOP2: case AMD_ENC_VOPC: return dec_vop_e32(c);
  case AMD_ENC_VOP3: return dec_vop3(c);
  case AMD_ENC_VINTRP: return dec_vintrp(c);
  case AMD_ENC_DS: return dec_ds(c);
  case AMD_ENC_FLAT: return dec_flat(c);
  case AMD_ENC_MUBUF: case AMD_ENC_MTBUF: return dec_buf(c);
  case AMD_ENC_MIMG: return dec_mimg(c);
  case AMD_ENC_EXP: return dec_exp(c);
  default: return -1;
  }
}

int amd_decode(amd_target t, const uint32_t *words, unsigned nwords_available, amd_insn *out)
{
  memset(out, 0, sizeof *out);
  out->len = 4;
  out->target = (uint8_t)t;
  out->row = 0xffff;
  out->f.row_y = 0xffff;
  unsigned family = amd_family(t);
  if (!nwords_available || !family) return AMD_DECODE_INVALID;
  out->w[0] = words[0];
  dctx c = {t, family, amd_target_is_wave64(t), words, nwords_available, out, NULL, 0};
  int rc;
  if (family == 11) {
    c.enc = amd11_encoding(words[0]);
    rc = dc11_format(&c);
  } else {
    c.enc = gfx9_encoding(words[0]);
    rc = gfx9_format(&c);
  }
  if (rc) {
    uint32_t w0 = out->w[0];
    memset(out, 0, sizeof *out);
    out->w[0] = w0;
    out->len = 4;
    out->target = (uint8_t)t;
    out->row = 0xffff;
    out->f.row_y = 0xffff;
    return AMD_DECODE_INVALID;
  }
  for (unsigned i = 1; i < out->len / 4u && i < 4; i++) out->w[i] = words[i];
  return out->len;
}
