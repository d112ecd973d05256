/* SDWA and DPP forms of the VOP1/VOP2/VOPC rows (gfx9), as one generic
 * transform around the row's own semantics (docs/amdgpu-exec.md, "SDWA
 * and DPP"): never a second copy of an instruction.
 *
 * The decoder gives the form's operands in the row's order (vdst/sdst,
 * src0, src1 ...).  Here:
 *   1. the transformed sources are built -- DPP: src0 permuted across lanes;
 *      SDWA: src0/src1 narrowed to their byte/word with zero or sign
 *      extension -- into borrowed VGPR rows (rows the instruction does not
 *      name, saved and restored around the call) or, for a scalar SDWA
 *      source, into a literal;
 *   2. the row's entry of the generated table (amdx_gfx9[]) runs on a copy
 *      of the decoded slot whose operands name those rows, presented as
 *      the VOP3 (e64) form: SDWA clamp is AMD_CTL_CLAMP and SDWA omod is in
 *      w[1][28:27], where the rows read them for e64;
 *   3. the write rules are applied -- DPP: lanes disabled by row_mask /
 *      bank_mask, or whose source lane is invalid (out of range or not in
 *      EXEC) with bound_ctrl clear, run as inactive lanes (the active mask
 *      is narrowed for the call), so they keep their old value; SDWA:
 *      dst_sel places the result's low byte/word and dst_unused pads,
 *      sign-extends or preserves the other bits.
 *
 * Sources: LLVM 19 AMDGPUModifierSyntax ("DPP Modifiers", "SDWA
 * Modifiers"); AMD "Vega" ISA reference, chapter 12 (the VOP_SDWA and
 * VOP_DPP microcode formats).  The rules and the decisions where they are
 * silent: docs/amdgpu-exec.md. */
#include "isa/amdgpu/exec.h"

extern const amd_exec_fn amdx_gfx9[AMD9_NUM_INSNS];

/* ---- borrowed rows ---- */
typedef struct borrow {
  unsigned n;
  unsigned row[2];
  uint32_t save[2][AMD_LANES];
} borrow;

static int row_named(const amd_insn *I, unsigned r)
{
  for (unsigned k = 0; k < I->f.nops; k++) {
    const amd_operand *o = &I->f.op[k];
    unsigned sz = o->size ? o->size : 1;
    if (o->kind == AMD_OPK_VGPR && r >= o->val && r < o->val + sz) return 1;
  }
  return 0;
}

/* A VGPR row the instruction does not name, saved for restore */
static uint32_t *borrow_row(vs_warp *w, const amd_insn *I, borrow *b, unsigned *rowno)
{
  unsigned r = AMD_NVREG;
  for (;;) {
    r--;
    if (row_named(I, r) || (b->n && b->row[0] == r)) continue;
    break;
  }
  b->row[b->n] = r;
  memcpy(b->save[b->n], amd_vrow(w, r), sizeof b->save[0]);
  b->n++;
  *rowno = r;
  return amd_vrow(w, r);
}

static void borrow_restore(vs_warp *w, const borrow *b)
{
  for (unsigned i = b->n; i-- > 0;) memcpy(amd_vrow(w, b->row[i]), b->save[i], sizeof b->save[0]);
}

/* Operand index of a role in the row (the VOP forms skip none) */
static int op_index(const amd_row *r, unsigned role)
{
  for (unsigned i = 0; i < r->nops; i++)
    if (r->ops[i].role == role) return (int)i;
  return -1;
}

/* The row's semantics on the rewritten slot; the active mask given, and the
 * wave's own restored afterwards (an instruction that wrote EXEC -- v_cmpx
 * -- leaves the active mask of the new EXEC) */
static int run_row(vs_warp *w, amd_exec_fn fn, const vs_dinsn *d2, vs_mask act)
{
  vs_mask saved = w->active;
  uint64_t exec0 = amd_exec(w);
  w->active = act;
  int rc = fn(w, d2);
  w->active = saved;
  if (amd_exec(w) != exec0) amd_set_exec(w, amd_exec(w));
  return rc;
}

/* The slot as the row's e64 form (clamp in ctl, omod in w[1][28:27]) */
static void as_e64(vs_dinsn *d2, int clamp, unsigned omod)
{
  amd_insn *I2 = (amd_insn *)(void *)d2->payload;
  I2->f.form = AMD_FORM_E64;
  I2->w[0] = clamp ? 1u << 15 : 0;
  I2->w[1] = omod << 27;
  I2->f.ctl = (uint16_t)((I2->f.ctl & ~(AMD_CTL_CLAMP | AMD_CTL_LITERAL)) | (clamp ? AMD_CTL_CLAMP : 0));
}

/* ---- DPP ----
 * DPP_CTRL (VOP_DPP [16:8]): the lane each lane reads src0 from, or -1 when
 * that lane is out of range; -2 for a reserved control.  Rows are 16 lanes,
 * banks the 4-lane groups of a row (lane[3:2]).  Shifts "left" read higher
 * lanes (row_shl:1: lane i reads i+1), "right" lower ones (row_shr:1, the
 * scans' step: lane i reads i-1); rotates wrap within the row or wave. */
static int dpp_lane(unsigned ctrl, unsigned l)
{
  unsigned row = l & ~15u, i = l & 15u, n = ctrl & 15u;
  if (ctrl <= 0xff) return (int)((l & ~3u) | ((ctrl >> (2 * (l & 3u))) & 3u)); /* quad_perm */
  if (ctrl >= 0x101 && ctrl <= 0x10f) return i + n < 16 ? (int)(l + n) : -1;   /* row_shl */
  if (ctrl >= 0x111 && ctrl <= 0x11f) return i >= n ? (int)(l - n) : -1;       /* row_shr */
  if (ctrl >= 0x121 && ctrl <= 0x12f) return (int)(row | ((i - n) & 15u));     /* row_ror */
  switch (ctrl) {
  case 0x130: return l < 63 ? (int)l + 1 : -1;          /* wave_shl:1 */
  case 0x134: return (int)((l + 1) & 63u);              /* wave_rol:1 */
  case 0x138: return l > 0 ? (int)l - 1 : -1;           /* wave_shr:1 */
  case 0x13c: return (int)((l - 1) & 63u);              /* wave_ror:1 */
  case 0x140: return (int)(row | (15u - i));            /* row_mirror */
  case 0x141: return (int)((l & ~7u) | (7u - (l & 7u))); /* row_half_mirror */
  case 0x142: return l >= 16 ? (int)row - 1 : -1;       /* row_bcast:15: lane 15 of the row before */
  case 0x143: return l >= 32 ? 31 : -1;                 /* row_bcast:31: rows 2 and 3 read lane 31 */
  default: return -2;
  }
}

/* The DPP transform of both ISAs: the VGPR source op[k0] is read through
 * the lane permutation into a borrowed row and the instruction runs on the
 * lanes written.  DPP16 (dpp8 0): s = the DPP word (ctrl [16:8], bound_ctrl
 * [19], bank_mask [27:24], row_mask [31:28]), lane(ctrl, l) the source lane
 * (-1: none); DPP8: s holds the eight 3-bit selects from bit 8.  fi: read
 * inactive source lanes too.  e64: the VOP3 words stay (gfx11 VOP3 DPP). */
static int dpp_run(vs_warp *w, const vs_dinsn *d, amd_exec_fn fn, int k0, uint32_t s, int dpp8, unsigned fi,
                   int e64, int (*lane)(unsigned, unsigned))
{
  const amd_insn *I = amd_i(d);
  unsigned ctrl = (s >> 8) & 0x1ffu, bound = (s >> 19) & 1u, bank = (s >> 24) & 15u, rowm = (s >> 28) & 15u;
  vs_dinsn d2 = *d;
  amd_insn *I2 = (amd_insn *)(void *)d2.payload;
  borrow b = {0};
  unsigned prow;
  uint32_t *p = borrow_row(w, I, &b, &prow);
  const uint32_t *src = amd_vrow(w, I->f.op[k0].val);
  vs_mask exec = w->active, en = 0;
  for (unsigned l = 0; l < w->nlanes; l++) {
    int sl;
    if (dpp8) {
      sl = (int)((l & ~7u) | ((s >> (8 + 3 * (l & 7u))) & 7u));
    } else {
      if (!((rowm >> (l >> 4)) & 1u) || !((bank >> ((l >> 2) & 3u)) & 1u)) continue; /* not written */
      sl = lane(ctrl, l);
    }
    if (sl >= 0 && (fi || ((exec >> sl) & 1u))) {
      p[l] = src[sl];
    } else {
      if (!dpp8 && !bound) continue; /* invalid source, bound_ctrl clear: not written */
      p[l] = 0;                      /* bound_ctrl; DPP8 fi:0 reads 0 from an inactive lane */
    }
    en |= (vs_mask)1 << l;
  }
  I2->f.op[k0].val = prow;
  for (unsigned k = 0; k < I2->f.nops; k++) I2->f.op[k].mods &= (uint8_t)~AMD_MOD_SEXT; /* 32-bit: no change */
  if (e64) {
    /* the VOP3 words stay (op_sel, clamp, omod, neg/abs are read from them) */
    const amd_row *r = amd_row_of(I);
    I2->f.form = r->enc == AMD_ENC_VOP3 || r->enc == AMD_ENC_VOP3P ? AMD_FORM_NATIVE : AMD_FORM_E64;
    I2->w[2] = 0;
  } else {
    as_e64(&d2, 0, 0);
  }
  int rc = run_row(w, fn, &d2, exec & en);
  borrow_restore(w, &b);
  return rc;
}

static int x_dpp(vs_warp *w, const vs_dinsn *d, amd_exec_fn fn)
{
  const amd_insn *I = amd_i(d);
  int k0 = op_index(amd_row_of(I), AMD_R_SRC0);
  if (k0 < 0 || dpp_lane((I->w[1] >> 8) & 0x1ffu, 0) == -2) return amd_unsupported_form(w, d, "a reserved DPP control");
  return dpp_run(w, d, fn, k0, I->w[1], 0, 0, 0, dpp_lane);
}

/* ---- SDWA ----
 * SDWA word (VOP_SDWA, gfx9): [7:0] src0, [10:8] dst_sel, [12:11]
 * dst_unused, [13] clamp, [15:14] omod (VOPC: [14:8] sdst, [15] sd),
 * [18:16] src0_sel, [19] src0_sext, [20] neg, [21] abs, [23] src0 is
 * scalar, [26:24] src1_sel, [27] src1_sext, [28] neg, [29] abs, [31] s1.
 * sel: 0-3 BYTE_0-3, 4 WORD_0, 5 WORD_1, 6 DWORD. */
static inline unsigned sel_shift(unsigned sel) { return sel < 4 ? 8 * sel : sel == 5 ? 16 : 0; }
static inline uint32_t sel_mask(unsigned sel) { return sel < 4 ? 0xffu : sel < 6 ? 0xffffu : 0xffffffffu; }

static inline uint32_t sdwa_extract(uint32_t v, unsigned sel, int sext)
{
  unsigned sh = sel_shift(sel), bits = sel < 4 ? 8 : sel < 6 ? 16 : 32;
  uint32_t x = (v >> sh) & sel_mask(sel);
  if (sext && bits < 32) x = (uint32_t)((int32_t)(x << (32 - bits)) >> (32 - bits));
  return x;
}

static int x_sdwa(vs_warp *w, const vs_dinsn *d, amd_exec_fn fn)
{
  const amd_insn *I = amd_i(d);
  const amd_row *r = amd_row_of(I);
  uint32_t s = I->w[1];
  int vopc = r->enc == AMD_ENC_VOPC;
  vs_dinsn d2 = *d;
  amd_insn *I2 = (amd_insn *)(void *)d2.payload;
  borrow b = {0};
  for (unsigned role = AMD_R_SRC0; role <= AMD_R_SRC1; role++) {
    int k = op_index(r, role);
    if (k < 0) continue;
    unsigned sel = (s >> (role == AMD_R_SRC0 ? 16 : 24)) & 7u;
    amd_operand *o = &I2->f.op[k];
    int sext = (o->mods & AMD_MOD_SEXT) != 0;
    o->mods &= (uint8_t)~AMD_MOD_SEXT;
    if (sel >= 6) continue; /* DWORD: the value itself (sext of 32 bits changes nothing) */
    if (o->kind == AMD_OPK_VGPR) {
      unsigned rowno;
      uint32_t *t = borrow_row(w, I, &b, &rowno);
      const uint32_t *v = amd_vrow(w, I->f.op[k].val);
      for (unsigned l = 0; l < AMD_LANES; l++) t[l] = sdwa_extract(v[l], sel, sext);
      o->val = rowno;
    } else {
      amd_operand plain = *o;
      plain.mods = 0;
      uint32_t v = amd_rs32(w, &plain);
      o->kind = AMD_OPK_LITERAL;
      o->val = sdwa_extract(v, sel, sext);
    }
  }
  if (vopc) {
    as_e64(&d2, 0, 0);
    int rc = run_row(w, fn, &d2, w->active);
    borrow_restore(w, &b);
    return rc;
  }
  unsigned dsel = (s >> 8) & 7u, unused = (s >> 11) & 3u;
  as_e64(&d2, (s >> 13) & 1u, (s >> 14) & 3u);
  int kd = op_index(r, AMD_R_VDST);
  uint32_t old[AMD_LANES];
  uint32_t *dst = kd >= 0 ? amd_vrow(w, I->f.op[kd].val) : NULL;
  if (dst && dsel < 6) memcpy(old, dst, sizeof old);
  int rc = run_row(w, fn, &d2, w->active);
  borrow_restore(w, &b);
  if (rc || !dst || dsel >= 6) return rc;
  /* dst_sel / dst_unused on the lanes the row wrote */
  unsigned sh = sel_shift(dsel), top = sh + (dsel < 4 ? 8 : 16);
  uint32_t m = sel_mask(dsel) << sh;
  const uint32_t *on = amd_lane_on(w);
  for (unsigned l = 0; l < AMD_LANES; l++) {
    uint32_t f = (dst[l] << sh) & m, v;
    if (unused == 2) v = f | (old[l] & ~m);                                       /* PRESERVE */
    else if (unused == 1 && top < 32 && ((f >> (top - 1)) & 1u)) v = f | (~0u << top); /* SEXT */
    else v = f;                                                                    /* PAD */
    dst[l] = (v & on[l]) | (old[l] & ~on[l]);
  }
  return rc;
}

int amd_x_sdwa_dpp(vs_warp *w, const vs_dinsn *d)
{
  const amd_insn *I = amd_i(d);
  amd_exec_fn fn = amdx_gfx9[I->row];
  if (!fn) return amd_x_unsupported(w, d);
  if (I->f.form == AMD_FORM_DPP) return x_dpp(w, d, fn);
  return x_sdwa(w, d, fn);
}

/* ---- gfx11: DPP16 and DPP8, e32 and VOP3 (docs/amdgpu-exec.md, "gfx11
 * lanes") ----
 * DPP16 word (the second dword of e32, the third of VOP3): [7:0] src0,
 * [16:8] dpp_ctrl, [18] fi, [19] bound_ctrl, [23:20] src0/src1 neg/abs
 * (decoded into the operands), [27:24] bank_mask, [31:28] row_mask.
 * DPP8 word: [7:0] src0, [31:8] eight 3-bit selects: lane l reads lane
 * (l & ~7) | sel[l & 7]; fi is the src0 field 0xEA (0xE9 without).
 * Controls: gfx9's quad_perm, row_shl/shr/ror, row_mirror, row_half_mirror;
 * row_share:n (0x150+n: lane n of the row) and row_xmask:n (0x160+n: lane
 * i ^ n of the row) are new; the wave shifts and row broadcasts are gone
 * (reserved).  Nothing crosses a row of 16 lanes (DPP16) or a group of 8
 * (DPP8), so wave32 needs no rule of its own.
 * Inactive source lanes (LLVM AMDGPUModifierSyntax "fi", "bound_ctrl"):
 * DPP16 fi:0 treats them as invalid (bound_ctrl: read 0, else the lane is
 * not written), fi:1 reads their values; DPP8 fi:0 reads 0, fi:1 their
 * values.  DPP8 has no masks: every active lane is written. */
extern const amd_exec_fn amdx_gfx11[AMD11_NUM_INSNS];

static int dpp16_lane(unsigned ctrl, unsigned l)
{
  unsigned row = l & ~15u, i = l & 15u, n = ctrl & 15u;
  if (ctrl >= 0x150 && ctrl <= 0x15f) return (int)(row | n);       /* row_share */
  if (ctrl >= 0x160 && ctrl <= 0x16f) return (int)(row | (i ^ n)); /* row_xmask */
  if (ctrl >= 0x130 && ctrl <= 0x13f) return -2;                   /* gfx9's wave shifts */
  if (ctrl == 0x142 || ctrl == 0x143) return -2;                   /* gfx9's row_bcast */
  return dpp_lane(ctrl, l);
}

int amd_x_dpp11(vs_warp *w, const vs_dinsn *d)
{
  const amd_insn *I = amd_i(d);
  const amd_row *r = amd_row_of(I);
  amd_exec_fn fn = amdx_gfx11[I->row];
  if (!fn) return amd_x_unsupported(w, d);
  int e64 = I->f.form == AMD_FORM_E64_DPP || I->f.form == AMD_FORM_E64_DPP8;
  int dpp8 = I->f.form == AMD_FORM_DPP8 || I->f.form == AMD_FORM_E64_DPP8;
  uint32_t s = I->w[e64 ? 2 : 1];
  unsigned ctrl = (s >> 8) & 0x1ffu;
  unsigned fi = dpp8 ? (I->w[e64 ? 1 : 0] & 0x1ffu) == 0xeau : (s >> 18) & 1u;
  int k0 = op_index(r, AMD_R_SRC0);
  if (k0 < 0) k0 = op_index(r, AMD_R_VSRC0);
  if (k0 < 0 || I->f.op[k0].kind != AMD_OPK_VGPR || I->f.op[k0].size > 1)
    return amd_unsupported_form(w, d, "DPP of a source that is not one VGPR");
  if ((r->flags & F_M0_R) && r->ops[k0].role == AMD_R_VSRC0)
    return amd_unsupported_form(w, d, "DPP of an M0-relative source");
  if (!dpp8 && dpp16_lane(ctrl, 0) == -2) return amd_unsupported_form(w, d, "a reserved DPP16 control");
  return dpp_run(w, d, fn, k0, s, dpp8, fi, e64, dpp16_lane);
}
