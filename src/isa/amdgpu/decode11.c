/* Decoder of the gfx11 (RDNA3) formats: words -> amd_insn.
 *
 * Field layouts: AMD's "RDNA3" Instruction Set Architecture reference guide,
 * chapter "Microcode Formats".  The scalar formats are laid out as on gfx9
 * (dc_sop); the rest differs: SMEM, DS, FLAT, MUBUF, MTBUF, MIMG and EXP
 * moved fields, VOP3 may carry a literal (12 bytes), VOP3P is its own
 * encoding, DPP has DPP16 and DPP8 forms (also on VOP3), and VOPD, VINTERP
 * and LDSDIR are new.  What LLVM 19 accepts decides validity, as for gfx9. */
#include <string.h>

#include "isa/amdgpu/decode.h"

enum { SRC_DPP8 = 233, SRC_DPP8FI = 234, SRC_DPP16 = 250, SRC_LITERAL = 255, SRC_NULL11 = 124 };

unsigned amd11_encoding(uint32_t w)
{
  if ((w >> 25) == 0x3f) return AMD_ENC_VOP1;
  if ((w >> 25) == 0x3e) return AMD_ENC_VOPC;
  if (!(w >> 31)) return AMD_ENC_VOP2;
  if ((w >> 23) == 0x17d) return AMD_ENC_SOP1;
  if ((w >> 23) == 0x17e) return AMD_ENC_SOPC;
  if ((w >> 23) == 0x17f) return AMD_ENC_SOPP;
  if ((w >> 28) == 0xb) return AMD_ENC_SOPK;
  if ((w >> 30) == 2) return AMD_ENC_SOP2;
  switch (w >> 24) {
  case 0xcc: return AMD_ENC_VOP3P;
  case 0xcd: return AMD_ENC_VINTERP;
  case 0xce: return AMD_ENC_LDSDIR;
  default: break;
  }
  switch (w >> 26) {
  case 0x3d: return AMD_ENC_SMEM;
  case 0x35: return AMD_ENC_VOP3;
  case 0x32: return AMD_ENC_VOPD;
  case 0x36: return AMD_ENC_DS;
  case 0x37: return AMD_ENC_FLAT;
  case 0x38: return AMD_ENC_MUBUF;
  case 0x3a: return AMD_ENC_MTBUF;
  case 0x3c: return AMD_ENC_MIMG;
  case 0x3e: return AMD_ENC_EXP;
  default: return AMD_NUM_ENC;
  }
}

/* ---- SMEM ---- */
static int smem(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0], w1 = c->w[1];
  const amd_row *r = dc_row(c, AMD_ENC_SMEM, (w >> 18) & 0xff);
  if (!r) return -1;
  c->d->len = 8;
  if (((w >> 13) & 3) && !(r->flags & F_GLC)) return -1; /* glc, dlc: loads only */
  for (unsigned i = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    int rc = 0;
    switch (ro->role) {
    case AMD_R_SDATA: {
      unsigned f = (w >> 6) & 0x7f, dw = amd_type_dwords[ro->type];
      rc = dc_sdst(c, f, ro->type);
      if (rc) break;
      /* sdata excludes m0/exec (SReg_32_XM0_XEXEC, SReg_64_XEXEC) */
      if ((dw == 1 && (f == 125 || f == 126 || f == 127)) || (dw == 2 && f == 126))
        dc_lastop(c)->mods |= AMD_MOD_BADCLASS;
      break;
    }
    case AMD_R_PROBE: rc = dc_imm(c, (w >> 6) & 0x7f); break;
    case AMD_R_SBASE: rc = dc_sdst(c, (w & 0x3f) << 1, ro->type); break;
    case AMD_R_SOFFSET: { /* an SGPR or null, and a signed 21-bit offset */
      rc = dc_sdst(c, w1 >> 25, AMD_T_B32);
      if (!rc) rc = dc_imm(c, (uint32_t)((int32_t)(w1 << 11) >> 11));
      break;
    }
    default: return -1;
    }
    if (rc) return -1;
  }
  return 0;
}

/* ---- VOP ---- */
/* DPP16 source modifiers of an e32 DPP form: neg/abs of src0 and src1 at
 * bits 20..23 of the DPP word.  Float (and packed f16) sources take them;
 * '~' sources read neg as sext and ignore abs; on others they are invalid,
 * as are src1's bits where there is no src1. */
static int dpp_mods(dctx *c, const amd_row *r, uint32_t s, int dpp8)
{
  if (dpp8) return 0;
  if (!dc_has_role(r, AMD_R_SRC1) && ((s >> 22) & 3)) return -1;
  if (!dc_has_role(r, AMD_R_SRC0) && ((s >> 20) & 3)) return -1; /* VGPR-class src0 */
  for (unsigned i = 0, j = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    if (ro->role == AMD_R_KIMM) continue;
    amd_operand *o = &c->d->f.op[j++];
    if (ro->role != AMD_R_SRC0 && ro->role != AMD_R_SRC1) continue;
    unsigned sh = ro->role == AMD_R_SRC0 ? 20 : 22;
    unsigned neg = (s >> sh) & 1, abs = (s >> (sh + 1)) & 1;
    if (!(neg | abs)) continue;
    if (ro->attr & AMD_OPA_DPPSEXT) {
      if (neg) o->mods |= AMD_MOD_SEXT;
      continue;
    }
    if (!(r->flags & F_MODS) || !(amd_type_is_float(ro->type) || ro->type == AMD_T_PK)) return -1;
    if (neg) o->mods |= AMD_MOD_NEG;
    if (abs) o->mods |= AMD_MOD_ABS;
  }
  return 0;
}

/* True16 operands (v_mov_b16): a VGPR field's bit 7 selects the high half
 * of v0..v127 */
static void t16(dctx *c)
{
  for (unsigned i = 0; i < c->d->f.nops; i++) {
    amd_operand *o = &c->d->f.op[i];
    if (o->kind == AMD_OPK_VGPR && o->val >= 128) {
      o->val -= 128;
      o->mods |= AMD_MOD_HI;
    }
  }
}

/* e32 and DPP forms: 16-bit VGPR operands are VGPR_32_Lo128 (v0..v127);
 * LLVM notes a higher source register, or rejects it ('!' operands) */
static int lo128(dctx *c, const amd_row *r)
{
  for (unsigned i = 0, j = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    if (ro->role == AMD_R_KIMM) continue;
    amd_operand *o = &c->d->f.op[j++];
    if (!(ro->attr & (AMD_OPA_LO128 | AMD_OPA_LO128X)) || o->kind != AMD_OPK_VGPR || o->val < 128)
      continue;
    if (ro->attr & AMD_OPA_LO128X) return -1;
    o->mods |= AMD_MOD_BADCLASS;
  }
  return 0;
}

static int vop_e32(dctx *c)
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
  if (r->nops == 0) { /* v_nop, v_pipeflush: no destination */
    if (vdst) return -1;
    return 0;
  }
  if (s0 == SRC_DPP16 || s0 == SRC_DPP8 || s0 == SRC_DPP8FI) {
    if (!(r->flags & F_DPP) || !dc_need(c, 2)) return -1;
    uint32_t s = c->w[1];
    int dpp8 = s0 != SRC_DPP16;
    c->d->len = 8;
    c->d->f.form = dpp8 ? AMD_FORM_DPP8 : AMD_FORM_DPP;
    vfields f = {vdst, {256 + (s & 0xff), vsrc1, 0}, 0, 0, 2};
    if (dc_vop_operands(c, r, &f) || lo128(c, r)) return -1;
    if (c->d->f.ctl & AMD_CTL_LITERAL) return -1;
    if (r->flags & F_T16) t16(c);
    return dpp_mods(c, r, s, dpp8);
  }
  vfields f = {vdst, {s0, vsrc1, 0}, 0, 0, 1};
  if (dc_vop_operands(c, r, &f)) return -1;
  if (r->flags & F_T16) t16(c);
  return lo128(c, r);
}

/* VOP3 / VOP3P (with a literal, or DPP16/DPP8 in a third dword) */
static int vop3(dctx *c, int vop3p)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0], w1 = c->w[1];
  const amd_row *r;
  if (vop3p && ((w >> 23) & 1)) return -1;
  if (vop3p) r = dc_row(c, AMD_ENC_VOP3P, (w >> 16) & 0x7f);
  else r = dc_row(c, AMD_ENC_VOP3, (w >> 16) & 0x3ff);
  if (!r) return -1;
  if (vop3p != (r->enc == AMD_ENC_VOP3P)) return -1;
  c->d->len = 8;
  if (r->enc != AMD_ENC_VOP3 && r->enc != AMD_ENC_VOP3P) c->d->f.form = AMD_FORM_E64;
  int vop3b = dc_has_role(r, AMD_R_SDST) && r->enc != AMD_ENC_VOPC;
  unsigned abs = (w >> 8) & 7, opsel = (w >> 11) & 0xf, clamp = (w >> 15) & 1;
  unsigned omod = (w1 >> 27) & 3, neg = (w1 >> 29) & 7;
  unsigned s[3] = {w1 & 0x1ff, (w1 >> 9) & 0x1ff, (w1 >> 18) & 0x1ff};
  int nsrc = dc_src_count(r);
  unsigned present = (1u << nsrc) - 1;
  if (vop3p) {
    if ((neg | abs | (opsel & 7)) & ~present) return -1;
  } else {
    if (neg & ~present) return -1;
    if (!vop3b && (abs & ~present)) return -1;
    if (!(r->flags & F_OMOD) && omod) return -1;
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
  int dpp = s[0] == SRC_DPP16 || s[0] == SRC_DPP8 || s[0] == SRC_DPP8FI;
  if (dpp) {
    if (!(r->flags & F_DPP3) || !dc_need(c, 3)) return -1;
    c->d->len = 12;
    c->d->f.form = s[0] == SRC_DPP16 ? AMD_FORM_E64_DPP : AMD_FORM_E64_DPP8;
    f.src[0] = 256 + (c->w[2] & 0xff);
    f.base_dw = 3; /* a literal follows the DPP dword: 16 bytes */
  }
  if (dc_vop_operands(c, r, &f)) return -1;
  /* op_sel of a two-source VOP3 row (v_add_nc_i16, v_pack_b32_f16) or of
   * v_fmac_f16 (src2 is vdst): the bit of src2 must be clear */
  if (!vop3p && (opsel & 4) && nsrc < 3 && (r->flags & F_OPSEL) &&
      (r->enc == AMD_ENC_VOP3 || (r->flags & F_OPSEL4)))
    return -1;
  if (clamp) c->d->f.ctl |= AMD_CTL_CLAMP;
  if (r->flags & F_WMMA) { /* VReg_N matrices: constants only for C (src2) */
    if (!(r->flags & F_OPSEL) && (opsel & 7)) return -1;
    for (unsigned i = 0; i < c->d->f.nops; i++) {
      amd_operand *o = &c->d->f.op[i];
      unsigned role = r->ops[i].role;
      if (role < AMD_R_SRC0 || role > AMD_R_SRC2 || o->kind == AMD_OPK_VGPR ||
          (o->kind == AMD_OPK_SPECIAL && (o->val >= 235 || o->val == 124))) /* null passes */
        continue;
      int cst = o->kind == AMD_OPK_ICONST || o->kind == AMD_OPK_FCONST || o->kind == AMD_OPK_LITERAL;
      if (!cst) o->mods |= AMD_MOD_BADCLASS;
      else if (role != AMD_R_SRC2) o->mods |= AMD_MOD_BADIMM;
    }
  }
  if (vop3p) { /* neg_lo/neg_hi, op_sel: the printer reads the words, but
                 v_fma_mix*'s are the neg and abs of their f16/f32 sources */
    for (unsigned i = 0, j = 0; i < r->nops; i++) {
      const amd_row_op *ro = &r->ops[i];
      amd_operand *o = &c->d->f.op[j++];
      if (ro->role < AMD_R_SRC0 || ro->role > AMD_R_SRC2 || ro->type != AMD_T_F16) continue;
      unsigned k = ro->role - AMD_R_SRC0;
      if ((neg >> k) & 1) o->mods |= AMD_MOD_NEG;
      if ((abs >> k) & 1) o->mods |= AMD_MOD_ABS;
    }
    return 0;
  }
  /* source modifiers: float sources take neg/abs; '%' sources (and, in the
   * DPP forms, the integer sources of op_sel instructions) read neg as
   * sext and ignore abs; op_sel instructions ignore them on their other
   * integer sources; elsewhere they are invalid.  In VOP3B the abs bits
   * are the carry-out SGPR. */
  for (unsigned i = 0, j = 0, lanes = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    if (ro->role == AMD_R_KIMM) continue;
    amd_operand *o = &c->d->f.op[j++];
    unsigned k;
    if (ro->role >= AMD_R_SRC0 && ro->role <= AMD_R_SRC2) k = ro->role - AMD_R_SRC0;
    else if (ro->role == AMD_R_VSRC0 || ro->role == AMD_R_SSRC0 || ro->role == AMD_R_LSRC0) k = 0;
    else if (ro->role == AMD_R_LANE) k = ++lanes;
    else continue;
    unsigned n = (neg >> k) & 1, a = vop3b ? 0 : (abs >> k) & 1;
    if (!(n | a)) continue;
    if (ro->role < AMD_R_SRC0 || ro->role > AMD_R_SRC2) { /* register-class sources */
      if (!(r->flags & F_OPSEL)) return -1;
      continue;
    }
    if (amd_type_is_float(ro->type)) {
      if (n) o->mods |= AMD_MOD_NEG;
      if (a) o->mods |= AMD_MOD_ABS;
    } else if ((ro->attr & AMD_OPA_SEXT) || (dpp && (r->flags & F_OPSEL))) {
      if (n) o->mods |= AMD_MOD_SEXT;
    } else if (!(r->flags & F_OPSEL)) {
      return -1;
    }
  }
  return 0;
}

/* ---- VOPD: two VOP2-like halves issued together (wave32) ---- */
static int vopd_half(dctx *c, const amd_row *r, unsigned vdst, unsigned src0, unsigned vsrc1)
{
  if (!dc_has_role(r, AMD_R_SRC1) && vsrc1) return -1; /* v_dual_mov_b32 */
  vfields f = {vdst, {src0, vsrc1, 0}, 0, 0, 2};
  return dc_vop_operands(c, r, &f);
}

static int vopd(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0], w1 = c->w[1];
  unsigned opx = (w >> 22) & 0xf, opy = (w >> 17) & 0x1f;
  int iy = amd_lookup(c->t, AMD_ENC_VOPD, opy);
  const amd_row *rx = dc_row(c, AMD_ENC_VOPD, opx);
  if (!rx || iy < 0 || (rx->flags & F_VOPDY)) return -1;
  const amd_row *ry = &amd_table_for(c->t)->rows[iy];
  c->d->f.row_y = (uint16_t)iy;
  c->d->len = 8;
  unsigned vdstx = w1 >> 24, vdsty = ((w1 >> 17) & 0x7f) << 1 | (~vdstx & 1);
  if (vopd_half(c, rx, vdstx, w & 0x1ff, (w >> 9) & 0xff)) return -1;
  c->d->f.nops_x = c->d->f.nops;
  if (vopd_half(c, ry, vdsty, w1 & 0x1ff, (w1 >> 9) & 0xff)) return -1;
  return 0;
}

/* ---- VINTERP, LDSDIR ---- */
static int vinterp(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0], w1 = c->w[1];
  const amd_row *r = dc_row(c, AMD_ENC_VINTERP, (w >> 16) & 0x7f);
  if (!r) return -1;
  c->d->len = 8;
  if (((w >> 15) & 1) && !(r->flags & F_CLAMP)) return -1;
  if (((w >> 11) & 0xf) && !(r->flags & F_OPSEL)) return -1;
  if (dc_vreg(c, w & 0xff, AMD_T_B32)) return -1;
  /* the sources are VGPRs (VGPR_32): LLVM notes anything else */
  for (unsigned k = 0; k < 3; k++) {
    if (dc_src(c, (w1 >> (9 * k)) & 0x1ff, r->ops[1 + k].type, 1, 2)) return -1;
    amd_operand *o = dc_lastop(c);
    if (o->kind == AMD_OPK_ICONST || o->kind == AMD_OPK_FCONST || o->kind == AMD_OPK_LITERAL) {
      o->mods |= AMD_MOD_BADIMM;
      if (o->kind == AMD_OPK_LITERAL) o->type = AMD_T_B32; /* printed whole */
    } else if (o->kind != AMD_OPK_VGPR && !(o->kind == AMD_OPK_SPECIAL && o->val == 124) &&
               !(o->kind == AMD_OPK_SPECIAL && o->val >= 235 && o->val != 254)) {
      o->mods |= AMD_MOD_BADCLASS; /* null passes, src_lds_direct does not */
    }
    if ((w1 >> (29 + k)) & 1) o->mods |= AMD_MOD_NEG;
  }
  return 0; /* a literal (an invalid immediate) makes it 12 bytes */
}

static int ldsdir(dctx *c)
{
  uint32_t w = c->w[0];
  const amd_row *r = dc_row(c, AMD_ENC_LDSDIR, (w >> 20) & 0xf);
  if (!r) return -1;
  if (dc_vreg(c, w & 0xff, AMD_T_B32)) return -1;
  if (dc_has_role(r, AMD_R_LDSATTR)) return dc_imm(c, (w >> 8) & 0xff); /* attr << 2 | chan */
  return 0;
}

/* ---- DS ---- */
static int ds(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0], w1 = c->w[1];
  const amd_row *r = dc_row(c, AMD_ENC_DS, (w >> 18) & 0xff);
  if (!r) return -1;
  c->d->len = 8;
  unsigned gds = (w >> 17) & 1;
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
static int flat(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0], w1 = c->w[1];
  unsigned seg = (w >> 16) & 3;
  unsigned enc = seg == 0 ? AMD_ENC_FLAT : seg == 1 ? AMD_ENC_SCRATCH : seg == 2 ? AMD_ENC_GLOBAL : 0;
  if (!enc) return -1;
  c->enc = enc;
  const amd_row *r = dc_row(c, enc, (w >> 18) & 0x7f); /* bit 25 is ignored */
  if (!r) return -1;
  c->d->len = 8;
  unsigned glc = (w >> 14) & 1, saddr = (w1 >> 16) & 0x7f, sve = (w1 >> 23) & 1;
  if (enc == AMD_ENC_FLAT && saddr != SRC_NULL11) return -1;
  if (enc != AMD_ENC_SCRATCH && sve) return -1;
  for (unsigned i = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    int rc = 0;
    switch (ro->role) {
    case AMD_R_VDST:
      if ((ro->attr & AMD_OPA_OPTIONAL) && !glc) {
        c->d->f.ctl |= AMD_CTL_SKIP(i);
        continue;
      }
      rc = dc_vreg(c, w1 >> 24, ro->type);
      break;
    case AMD_R_VADDR: {
      unsigned t = ro->type;
      if (enc == AMD_ENC_SCRATCH && !sve) { rc = dc_none(c); break; }
      if (enc == AMD_ENC_GLOBAL && saddr != SRC_NULL11) t = AMD_T_B32;
      rc = dc_vreg(c, w1 & 0xff, t);
      break;
    }
    case AMD_R_DATA: rc = dc_vreg(c, (w1 >> 8) & 0xff, ro->type); break;
    case AMD_R_SADDR:
      if (saddr == SRC_NULL11) { rc = dc_none(c); break; }
      rc = dc_sdst(c, saddr, ro->type);
      /* scratch: SReg_32_XEXEC_HI */
      if (!rc && enc == AMD_ENC_SCRATCH && saddr == 127) dc_lastop(c)->mods |= AMD_MOD_BADCLASS;
      break;
    default: return -1;
    }
    if (rc) return -1;
  }
  return 0;
}

/* ---- MUBUF / MTBUF ---- */
static int buf(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0], w1 = c->w[1];
  unsigned op = c->enc == AMD_ENC_MUBUF ? (w >> 18) & 0xff : (w >> 15) & 0xf;
  const amd_row *r = dc_row(c, c->enc, op);
  if (!r) return -1;
  c->d->len = 8;
  unsigned offen = (w1 >> 22) & 1, idxen = (w1 >> 23) & 1, tfe = (w1 >> 21) & 1;
  if (tfe && (r->flags & F_NOTFE)) return -1;
  if (!r->nops && (offen || idxen || ((w >> 13) & 3))) return -1; /* cache invalidations */
  for (unsigned i = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    int rc = 0;
    switch (ro->role) {
    case AMD_R_VDATA: {
      unsigned n = amd_type_dwords[ro->type] + tfe;
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
  return 0; /* a literal soffset makes it 12 bytes */
}

/* ---- MIMG ----
 * LLVM 19 (AMDGPUDisassembler::convertMIMGInst, getAddrSizeMIMGOp) re-derives an
 * image instruction's register widths: address dwords from the dimension, a16
 * and the opcode's address components (offset, bias, z-compare, coordinates,
 * lod/clamp/mip, gradients packed in pairs for _g16), data dwords from dmask
 * (4 for gather4 / msaa_load), halved for d16, plus tfe.  When the opcode has
 * no variant of that shape, or a widened register would pass v255, the
 * opcode's default variant is printed instead (non-NSA: its smallest address
 * size; NSA: its largest of at most 5 addresses).  Measured against
 * llvm-mc-19 -mcpu=gfx1100 for every opcode x dim x a16 x nsa. */
static const unsigned char mimg_ncoord[8] = {1, 2, 3, 3, 2, 3, 3, 4};
static const unsigned char mimg_ngrad[8] = {2, 4, 6, 4, 2, 4, 4, 4};

static int mn_has(const char *mn, const char *tok)
{
  size_t n = strlen(tok);
  for (const char *p = strchr(mn, '_'); p; p = strchr(p + 1, '_'))
    if (strncmp(p + 1, tok, n) == 0 && (p[1 + n] == '_' || p[1 + n] == '\0')) return 1;
  return 0;
}

void amd_mimg11_shape(const amd_row *r, const uint32_t *w, amd_mimg_shape *s)
{
  const char *mn = r->mnemonic;
  uint32_t w0 = w[0], w1 = w[1];
  unsigned dim = (w0 >> 2) & 7, a16 = (w0 >> 16) & 1, d16 = (w0 >> 17) & 1;
  unsigned nsa = w0 & 1, tfe = (w1 >> 21) & 1, dmask = (w0 >> 8) & 0xf;
  int sampler = strncmp(mn, "image_sample", 12) == 0 || strncmp(mn, "image_gather4", 13) == 0 ||
                strcmp(mn, "image_get_lod") == 0;
  int resinfo = strcmp(mn, "image_get_resinfo") == 0;
  int atomic = (r->flags & F_ATOMIC) != 0, cmpswap = atomic && mn_has(mn, "cmpswap");
  unsigned extra = 0, lod = resinfo, grad = 0, g16 = 0;
  if (sampler) {
    extra = (unsigned)(mn_has(mn, "o") + mn_has(mn, "b") + mn_has(mn, "c"));
    lod = (unsigned)(mn_has(mn, "l") || mn_has(mn, "cl"));
    grad = (unsigned)mn_has(mn, "d");
    g16 = (unsigned)mn_has(mn, "g16");
  } else if (mn_has(mn, "mip")) {
    lod = 1;
  }
  unsigned comp = (resinfo ? 0 : mimg_ncoord[dim]) + lod;
  unsigned n = extra + (a16 ? (comp + 1) / 2 : comp);
  if (grad) n += g16 ? (mimg_ngrad[dim] / 2 + 1) / 2 * 2 : mimg_ngrad[dim];
  /* the opcode's address-size variants */
  unsigned lo, hi;
  if (!sampler) lo = 1, hi = 4;
  else if (grad) lo = 2 + extra, hi = (g16 ? 7 : 9) + lod + extra;
  else lo = 1 + extra, hi = 3 + lod + extra;
  unsigned nsa_def = hi < 5 ? hi : 5;
  /* data */
  unsigned gather = amd_type_dwords[r->ops[0].type] == 4;
  unsigned dst = gather ? 4 : (unsigned)__builtin_popcount(dmask);
  if (!dst) dst = 1;
  if (d16 && !atomic) dst = (dst + 1) / 2;
  dst += tfe;
  unsigned dbase = cmpswap ? 2 : amd_type_dwords[r->ops[0].type];
  unsigned dregs = dst; /* registers printed */
  int dok;
  if (cmpswap) dok = dst == 2 || dst == 4;
  else if (atomic) {
    dok = dst == 1 || dst == 2 || dst == 4;
    if (dst == 4) dregs = 5; /* LLVM 19 prints the 4-dword atomic variant as VReg_160 */
  } else if (strncmp(mn, "image_gather4", 13) == 0)
    dok = dst == 2 || dst == 4 || dst == 5; /* no 3-dword gather4 variant (msaa_load has one) */
  else dok = dst <= 5;
  unsigned vdata = (w1 >> 8) & 0xff;
  s->nsa = nsa;
  s->base_vdata = dbase;
  s->base_vaddr = nsa ? 1 : lo;
  s->naddr = 1;
  s->last = 1;
  /* non-NSA also has a 4- or 8-dword variant just above the range */
  int aok = n >= lo && (n <= hi || (!nsa && n == hi + 1 && (n == 4 || n == 8))) && (!nsa || n >= 2);
  if (dok && aok) {
    if (!nsa) {
      s->last = n;
      if ((w1 & 0xff) + n > 256) aok = 0;
    } else {
      s->naddr = n < 5 ? n : 5;
      s->last = n > 5 ? n - 4 : 1;
      unsigned lastreg = s->naddr == 1 ? (w1 & 0xff) : (w[2] >> (8 * (s->naddr - 2))) & 0xff;
      if (lastreg + s->last > 256) aok = 0;
    }
    if (vdata + dregs > 256) dok = 0;
  }
  if (!dok || !aok) { /* the default variant, unchanged */
    s->vdata = dbase;
    s->naddr = nsa ? nsa_def : 1;
    s->last = nsa ? 1 : lo;
    return;
  }
  s->vdata = dregs;
}

static int mimg(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  uint32_t w = c->w[0], w1 = c->w[1];
  const amd_row *r = dc_row(c, AMD_ENC_MIMG, (w >> 18) & 0xff);
  if (!r) return -1;
  c->d->len = 8;
  if (w & 1) { /* NSA: the addresses 1-4 in a third dword */
    if (!dc_need(c, 3)) return -1;
    c->d->len = 12;
  }
  /* LLVM: a sampler field in an instruction without a sampler is invalid */
  if (!dc_has_role(r, AMD_R_SSAMP) && ((w1 >> 26) & 0x1f)) return -1;
  if (((w >> 17) & 1) && (r->flags & F_NOD16)) return -1; /* d16 of atomics, _pck, get_lod */
  amd_mimg_shape s;
  amd_mimg11_shape(r, c->w, &s);
  /* LLVM decodes the default variant first: its registers must fit */
  if (((w1 >> 8) & 0xff) + s.base_vdata > 256 || (w1 & 0xff) + s.base_vaddr > 256) return -1;
  for (unsigned i = 0; i < r->nops; i++) {
    const amd_row_op *ro = &r->ops[i];
    int rc = 0;
    switch (ro->role) {
    case AMD_R_VDATA: {
      amd_operand *o = dc_newop(c);
      if (!o || ((w1 >> 8) & 0xff) + s.vdata > 256) return -1;
      amd_vgpr_operand((w1 >> 8) & 0xff, s.vdata, o);
      break;
    }
    case AMD_R_VADDR: {
      /* the first address register; NSA's others are printed from the words */
      unsigned nd = s.nsa ? (s.naddr == 1 ? s.last : 1) : s.last;
      amd_operand *o = dc_newop(c);
      if (!o || (w1 & 0xff) + nd > 256) return -1;
      amd_vgpr_operand(w1 & 0xff, nd, o);
      break;
    }
    case AMD_R_SRSRC: rc = dc_sdst(c, ((w1 >> 16) & 0x1f) << 2, ro->type); break;
    case AMD_R_SSAMP: rc = dc_sdst(c, ((w1 >> 26) & 0x1f) << 2, ro->type); break;
    default: return -1;
    }
    if (rc) return -1;
  }
  return 0;
}

/* ---- EXP ---- */
static int exp_(dctx *c)
{
  if (!dc_need(c, 2)) return -1;
  if (!dc_row(c, AMD_ENC_EXP, 0)) return -1;
  c->d->len = 8;
  return 0;
}

int dc11_format(dctx *c)
{
  switch (c->enc) {
  case AMD_ENC_SOP2: case AMD_ENC_SOP1: case AMD_ENC_SOPC: case AMD_ENC_SOPK: case AMD_ENC_SOPP:
    return dc_sop(c);
  case AMD_ENC_SMEM: return smem(c);
  case AMD_ENC_VOP1: case AMD_ENC_VOP2: case AMD_ENC_VOPC: return vop_e32(c);
  case AMD_ENC_VOP3: return vop3(c, 0);
  case AMD_ENC_VOP3P: return vop3(c, 1);
  case AMD_ENC_VOPD: return vopd(c);
  case AMD_ENC_VINTERP: return vinterp(c);
  case AMD_ENC_LDSDIR: return ldsdir(c);
  case AMD_ENC_DS: return ds(c);
  case AMD_ENC_FLAT: return flat(c);
  case AMD_ENC_MUBUF: case AMD_ENC_MTBUF: return buf(c);
  case AMD_ENC_MIMG: return mimg(c);
  case AMD_ENC_EXP: return exp_(c);
  default: return -1;
  }
}
