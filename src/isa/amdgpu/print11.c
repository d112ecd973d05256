/* Disassembler, gfx11 (RDNA3) parts: the immediates of the program-control
 * instructions (s_waitcnt and its counters, s_delay_alu, s_clause,
 * s_waitcnt_depctr, messages, hardware registers), DPP16/DPP8, VOP3 and
 * VOP3P modifiers, VINTERP/LDSDIR, and the memory formats, in the text
 * llvm-objdump-19 prints for gfx1100. */
#include <stdio.h>
#include <string.h>

#include "isa/amdgpu/print.h"

#define put pr_put

/* ---- program control ---- */
/* s_waitcnt: expcnt [2:0], lgkmcnt [9:4], vmcnt [15:10]; counters at their
 * maximum are left out, unless all are */
static void waitcnt(out *o, unsigned s)
{
  unsigned vm = (s >> 10) & 0x3f, exp = s & 7, lgkm = (s >> 4) & 0x3f;
  int any = 0;
  if (vm != 63) { put(o, "vmcnt(%u)", vm); any = 1; }
  if (exp != 7) { put(o, "%sexpcnt(%u)", any ? " " : "", exp); any = 1; }
  if (lgkm != 63) { put(o, "%slgkmcnt(%u)", any ? " " : "", lgkm); any = 1; }
  if (!any) put(o, "vmcnt(63) expcnt(7) lgkmcnt(63)");
}

/* s_delay_alu (seed 002): instid0 [3:0], instskip [6:4], instid1 [10:7] */
static void delay_alu(out *o, unsigned s)
{
  static const char *const id[12] = {
    "NO_DEP", "VALU_DEP_1", "VALU_DEP_2", "VALU_DEP_3", "VALU_DEP_4", "TRANS32_DEP_1",
    "TRANS32_DEP_2", "TRANS32_DEP_3", "FMA_ACCUM_CYCLE_1", "SALU_CYCLE_1", "SALU_CYCLE_2",
    "SALU_CYCLE_3"};
  static const char *const skip[6] = {"SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"};
  unsigned id0 = s & 0xf, sk = (s >> 4) & 7, id1 = (s >> 7) & 0xf;
  int any = 0;
  if (id0) {
    if (id0 < 12) put(o, "instid0(%s)", id[id0]);
    else put(o, "instid0(/* invalid instid value */)");
    any = 1;
  }
  if (sk) {
    if (sk < 6) put(o, "%sinstskip(%s)", any ? " | " : "", skip[sk]);
    else put(o, "%sinstskip(/* invalid instskip value */)", any ? " | " : "");
    any = 1;
  }
  if (id1) {
    if (id1 < 12) put(o, "%sinstid1(%s)", any ? " | " : "", id[id1]);
    else put(o, "%sinstid1(/* invalid instid value */)", any ? " | " : "");
    any = 1;
  }
  if (!any) put(o, "0");
}

/* s_waitcnt_depctr: symbolic when the reserved bits 6:5 are clear; then
 * the fields that differ from their defaults (all, if none does) */
static void depctr(out *o, unsigned s)
{
  static const struct { const char *name; unsigned shift, bits; } f[7] = {
    {"depctr_hold_cnt", 7, 1}, {"depctr_sa_sdst", 0, 1}, {"depctr_va_vdst", 12, 4},
    {"depctr_va_sdst", 9, 3},  {"depctr_va_ssrc", 8, 1}, {"depctr_va_vcc", 1, 1},
    {"depctr_vm_vsrc", 2, 3}};
  if (s & 0x60) {
    put(o, "0x%x", s);
    return;
  }
  int all = 1;
  for (int i = 0; i < 7; i++)
    if (((s >> f[i].shift) & ((1u << f[i].bits) - 1)) != (1u << f[i].bits) - 1) all = 0;
  int first = 1;
  for (int i = 0; i < 7; i++) {
    unsigned v = (s >> f[i].shift) & ((1u << f[i].bits) - 1);
    if (!all && v == (1u << f[i].bits) - 1) continue;
    put(o, "%s%s(%u)", first ? "" : " ", f[i].name, v);
    first = 0;
  }
}

static const char *msg_name(unsigned id)
{
  switch (id) {
  case 1: return "MSG_INTERRUPT";
  case 2: return "MSG_HS_TESSFACTOR";
  case 3: return "MSG_DEALLOC_VGPRS";
  case 5: return "MSG_STALL_WAVE_GEN";
  case 6: return "MSG_HALT_WAVES";
  case 9: return "MSG_GS_ALLOC_REQ";
  case 128: return "MSG_RTN_GET_DOORBELL";
  case 129: return "MSG_RTN_GET_DDID";
  case 130: return "MSG_RTN_GET_TMA";
  case 131: return "MSG_RTN_GET_REALTIME";
  case 132: return "MSG_RTN_SAVE_WAVE";
  case 133: return "MSG_RTN_GET_TBA";
  case 134: return "MSG_RTN_GET_TBA_TO_PC";
  default: return NULL;
  }
}

/* gfx11 messages are 8 bits; the operation and stream fields of older
 * chips are gone (bits above 7 are ignored for a named message) */
static void sendmsg(out *o, unsigned s)
{
  const char *n = msg_name(s & 0xff);
  if (n) put(o, "sendmsg(%s)", n);
  else if (s < 256) put(o, "sendmsg(%u, 0, 0)", s);
  else put(o, "%u", s);
}

static void hwreg(out *o, unsigned s)
{
  static const char *const names[64] = {
    [1] = "HW_REG_MODE", [2] = "HW_REG_STATUS", [3] = "HW_REG_TRAPSTS", [5] = "HW_REG_GPR_ALLOC",
    [6] = "HW_REG_LDS_ALLOC", [7] = "HW_REG_IB_STS", [15] = "HW_REG_SH_MEM_BASES",
    [18] = "HW_REG_PERF_SNAPSHOT_PC_LO", [19] = "HW_REG_PERF_SNAPSHOT_PC_HI",
    [20] = "HW_REG_FLAT_SCR_LO", [21] = "HW_REG_FLAT_SCR_HI", [23] = "HW_REG_HW_ID1",
    [24] = "HW_REG_HW_ID2", [27] = "HW_REG_PERF_SNAPSHOT_DATA", [29] = "HW_REG_SHADER_CYCLES"};
  unsigned id = s & 0x3f, off = (s >> 6) & 0x1f, size = ((s >> 11) & 0x1f) + 1;
  if (names[id]) put(o, "hwreg(%s", names[id]);
  else put(o, "hwreg(%u", id);
  if (off != 0 || size != 32) put(o, ", %u, %u", off, size);
  put(o, ")");
}

/* s_version: a microcode version and the W64, W32, MDP flags */
static void version(out *o, unsigned s)
{
  static const char *const flags[3] = {"UC_VERSION_W64_BIT", "UC_VERSION_W32_BIT",
                                       "UC_VERSION_MDP_BIT"};
  if (s & 0x1f00) {
    put(o, "0x%x", s);
    return;
  }
  unsigned code = s & 0xff, nflags = 0;
  for (int i = 0; i < 3; i++) nflags += (s >> (13 + i)) & 1;
  for (unsigned i = 1; i < nflags; i++) put(o, "(");
  switch (code) {
  case 0: put(o, "UC_VERSION_GFX7"); break;
  case 4: put(o, "UC_VERSION_GFX10"); break;
  case 6: put(o, "UC_VERSION_GFX11"); break;
  case 9: put(o, "UC_VERSION_GFX12"); break;
  default: put(o, "%u", code); break;
  }
  unsigned k = 0;
  for (int i = 0; i < 3; i++)
    if ((s >> (13 + i)) & 1) put(o, "%s|%s", k++ ? ")" : "", flags[i]);
}

/* ---- operands of gfx11-only roles ---- */
int pr11_role(out *o, const amd_insn *d, const amd_row *r, unsigned role, const amd_operand *op,
              const char *sep)
{
  unsigned simm = d->w[0] & 0xffff;
  switch (role) {
  case AMD_R_WAITCNT: put(o, "%s", sep); waitcnt(o, simm); return 1;
  case AMD_R_DELAY: put(o, "%s", sep); delay_alu(o, simm); return 1;
  case AMD_R_DEPCTR: put(o, "%s", sep); depctr(o, simm); return 1;
  case AMD_R_CLAUSE: case AMD_R_WAITVS: case AMD_R_WAITVM: case AMD_R_WAITEXP: case AMD_R_WAITLGKM:
    put(o, "%s0x%x", sep, simm);
    return 1;
  case AMD_R_VDATA:
    if (r->enc != AMD_ENC_MIMG || !(d->w[0] & 1)) return 0;
    /* LLVM prints the NSA forms of sampling instructions with two spaces */
    put(o, "%s%s", r->ops[r->nops - 1].role == AMD_R_SSAMP ? " " : "", sep);
    pr_operand(o, 11, op, role, r->ops[0].type);
    return 1;
  case AMD_R_VADDR:
    if (r->enc != AMD_ENC_MIMG || !(d->w[0] & 1)) return 0;
    {
      amd_mimg_shape s;
      amd_mimg11_shape(r, d->w, &s);
      put(o, "%s[v%u", sep, d->w[1] & 0xff);
      for (unsigned i = 1; i < s.naddr; i++) {
        unsigned v = (d->w[2] >> (8 * (i - 1))) & 0xff;
        if (i + 1 == s.naddr && s.last > 1) put(o, ", v[%u:%u]", v, v + s.last - 1);
        else put(o, ", v%u", v);
      }
      put(o, "]");
    }
    return 1;
  case AMD_R_SENDMSG: put(o, "%s", sep); sendmsg(o, op->val); return 1;
  case AMD_R_MSGRTN: put(o, "%s", sep); sendmsg(o, op->val); return 1;
  case AMD_R_HWREG: put(o, "%s", sep); hwreg(o, op->val); return 1;
  case AMD_R_SIMM16:
    if (r->enc == AMD_ENC_SOPK && strcmp(r->mnemonic, "s_version") == 0) {
      put(o, "%s", sep);
      version(o, op->val);
      return 1;
    }
    return 0;
  case AMD_R_LDSATTR: {
    static const char chan[4] = {'x', 'y', 'z', 'w'};
    put(o, "%sattr%u.%c", sep, op->val >> 2, chan[op->val & 3]);
    return 1;
  }
  case AMD_R_SOFFSET:
    if (r->enc != AMD_ENC_SMEM) return 0;
    {
      /* the SGPR (or null) and the offset slot that follows it */
      const amd_operand *imm = op + 1;
      int off = (int32_t)imm->val;
      const char *sg = off < 0 ? "-" : "";
      unsigned mag = (unsigned)(off < 0 ? -off : off);
      if (op->kind == AMD_OPK_SPECIAL && op->val == 124) {
        if (off) put(o, "%s%s0x%x", sep, sg, mag);
        else put(o, "%snull", sep);
      } else {
        put(o, "%s", sep);
        pr_operand(o, 11, op, role, AMD_T_B32);
        if (off) put(o, " offset:%s0x%x", sg, mag);
      }
    }
    return 1;
  default:
    return 0;
  }
}

/* ---- mnemonic suffixes ---- */
const char *pr11_suffix(const amd_insn *d, const amd_row *r)
{
  int vop = r->enc == AMD_ENC_VOP1 || r->enc == AMD_ENC_VOP2 || r->enc == AMD_ENC_VOPC;
  switch (d->f.form) {
  case AMD_FORM_E64: return "_e64";
  case AMD_FORM_DPP: case AMD_FORM_DPP8: return r->enc == AMD_ENC_VOPC ? "" : "_dpp";
  case AMD_FORM_E64_DPP: case AMD_FORM_E64_DPP8: return "_e64_dpp";
  default: break;
  }
  if (vop && r->nops && (!(r->flags & F_NOE64) || (r->flags & F_T16))) return "_e32";
  return "";
}

/* ---- VOP modifiers ---- */
static void dpp16(out *o, uint32_t s)
{
  unsigned ctl = (s >> 8) & 0x1ff;
  if (ctl <= 0xff)
    put(o, " quad_perm:[%u,%u,%u,%u]", ctl & 3, (ctl >> 2) & 3, (ctl >> 4) & 3, (ctl >> 6) & 3);
  else if (ctl >= 0x101 && ctl <= 0x10f) put(o, " row_shl:%u", ctl & 0xf);
  else if (ctl >= 0x111 && ctl <= 0x11f) put(o, " row_shr:%u", ctl & 0xf);
  else if (ctl >= 0x121 && ctl <= 0x12f) put(o, " row_ror:%u", ctl & 0xf);
  else if (ctl == 0x130) put(o, " /* wave_shl is not supported starting from GFX10 */");
  else if (ctl == 0x134) put(o, " /* wave_rol is not supported starting from GFX10 */");
  else if (ctl == 0x138) put(o, " /* wave_shr is not supported starting from GFX10 */");
  else if (ctl == 0x13c) put(o, " /* wave_ror is not supported starting from GFX10 */");
  else if (ctl == 0x140) put(o, " row_mirror");
  else if (ctl == 0x141) put(o, " row_half_mirror");
  else if (ctl == 0x142 || ctl == 0x143) put(o, " /* row_bcast is not supported starting from GFX10 */");
  else if (ctl >= 0x150 && ctl <= 0x15f) put(o, " row_share:%u", ctl & 0xf);
  else if (ctl >= 0x160 && ctl <= 0x16f) put(o, " row_xmask:%u", ctl & 0xf);
  else put(o, " /* Invalid dpp_ctrl value */");
  put(o, " row_mask:0x%x bank_mask:0x%x", s >> 28, (s >> 24) & 0xf);
  if ((s >> 19) & 1) put(o, " bound_ctrl:1");
  if ((s >> 18) & 1) put(o, " fi:1");
}

static void dpp8(out *o, uint32_t s, int fi)
{
  put(o, " dpp8:[");
  for (int i = 0; i < 8; i++) put(o, "%s%u", i ? "," : "", (s >> (8 + 3 * i)) & 7);
  put(o, "]");
  if (fi) put(o, " fi:1");
}

/* VOP3 op_sel, clamp, omod (w0, w1 of the VOP3 encoding).  op_sel has an
 * entry per source and one for the destination; packed sources have none
 * (their bits are not printed). */
static void vop3_mods(out *o, const amd_insn *d, const amd_row *r)
{
  uint32_t w = d->w[0], w1 = d->w[1];
  int n = (r->flags & F_OPSEL4) ? 3 : pr_nsrcs(r);
  unsigned opsel = (w >> 11) & 0xf;
  for (unsigned i = 0; i < r->nops; i++)
    if (r->ops[i].role >= AMD_R_SRC0 && r->ops[i].role <= AMD_R_SRC2 &&
        (r->ops[i].type == AMD_T_PK || r->ops[i].type == AMD_T_PKBF))
      opsel &= ~(1u << (r->ops[i].role - AMD_R_SRC0));
  if (r->flags & F_PERMLANE) { /* fetch inactive, bound control */
    if (opsel & 3) pr_bits(o, "op_sel", opsel & 3, 2);
  } else if ((r->flags & F_OPSEL) && opsel) {
    unsigned bits = (opsel & ((1u << n) - 1)) | ((opsel >> 3) & 1) << n;
    pr_bits(o, "op_sel", bits, n + 1);
  }
  if ((w >> 15) & 1) put(o, " clamp");
  pr_omod(o, (w1 >> 27) & 3);
}

static void vop3p_mods(out *o, const amd_insn *d, const amd_row *r)
{
  uint32_t w = d->w[0], w1 = d->w[1];
  int n = pr_nsrcs(r);
  int mix = 0; /* v_fma_mix*: 32-bit or f16 sources picked by op_sel_hi */
  for (unsigned i = 0; i < r->nops; i++)
    if (r->ops[i].role == AMD_R_SRC0 && r->ops[i].type == AMD_T_F16) mix = 1;
  unsigned opsel = (w >> 11) & 7, opsel_hi = ((w1 >> 27) & 3) | ((w >> 14) & 1) << 2;
  unsigned neg = (w1 >> 29) & 7, neg_hi = (w >> 8) & 7, mask = (1u << n) - 1;
  if (opsel & mask) pr_bits(o, "op_sel", opsel, n);
  if ((r->flags & F_WMMA) && !(r->flags & F_OPSEL)) {
    /* no op_sel_hi */
  } else if (mix) {
    if (opsel_hi & mask) pr_bits(o, "op_sel_hi", opsel_hi, n);
  } else if ((opsel_hi & mask) != mask) {
    pr_bits(o, "op_sel_hi", opsel_hi, n);
  }
  if (!mix) {
    if (neg & mask) pr_bits(o, "neg_lo", neg, n);
    if (neg_hi & mask) pr_bits(o, "neg_hi", neg_hi, n);
  }
  if ((w >> 15) & 1) put(o, " clamp");
}

/* ---- memory modifiers ---- */
static void ds_mods(out *o, const amd_insn *d, const amd_row *r)
{
  uint32_t w = d->w[0];
  unsigned o0 = w & 0xff, o1 = (w >> 8) & 0xff;
  if ((r->flags & F_SWIZZLE) && (w & 0xffff)) {
    pr_swizzle(o, w & 0xffff);
  } else if (r->flags & F_DS2OFF) {
    if (o0) put(o, " offset0:%u", o0);
    if (o1) put(o, " offset1:%u", o1);
  } else if (!(r->flags & F_NOOFF) && (w & 0xffff)) {
    put(o, " offset:%u", w & 0xffff);
  }
  if ((w >> 17) & 1) put(o, " gds");
}

static void flat_mods(out *o, const amd_insn *d, const amd_row *r)
{
  uint32_t w = d->w[0];
  int off = (int)(w & 0x1fff);
  if (r->enc != AMD_ENC_FLAT && (off & 0x1000)) off -= 0x2000;
  if (off) put(o, " offset:%d", off);
  if ((w >> 14) & 1) put(o, " glc");
  if ((w >> 15) & 1) put(o, " slc");
  if ((w >> 13) & 1) put(o, " dlc");
}

static const char *const buf_fmt_names[64] = {
  "BUF_FMT_INVALID", "BUF_FMT_8_UNORM", "BUF_FMT_8_SNORM", "BUF_FMT_8_USCALED",
  "BUF_FMT_8_SSCALED", "BUF_FMT_8_UINT", "BUF_FMT_8_SINT", "BUF_FMT_16_UNORM",
  "BUF_FMT_16_SNORM", "BUF_FMT_16_USCALED", "BUF_FMT_16_SSCALED", "BUF_FMT_16_UINT",
  "BUF_FMT_16_SINT", "BUF_FMT_16_FLOAT", "BUF_FMT_8_8_UNORM", "BUF_FMT_8_8_SNORM",
  "BUF_FMT_8_8_USCALED", "BUF_FMT_8_8_SSCALED", "BUF_FMT_8_8_UINT", "BUF_FMT_8_8_SINT",
  "BUF_FMT_32_UINT", "BUF_FMT_32_SINT", "BUF_FMT_32_FLOAT", "BUF_FMT_16_16_UNORM",
  "BUF_FMT_16_16_SNORM", "BUF_FMT_16_16_USCALED", "BUF_FMT_16_16_SSCALED", "BUF_FMT_16_16_UINT",
  "BUF_FMT_16_16_SINT", "BUF_FMT_16_16_FLOAT", "BUF_FMT_10_11_11_FLOAT", "BUF_FMT_11_11_10_FLOAT",
  "BUF_FMT_10_10_10_2_UNORM", "BUF_FMT_10_10_10_2_SNORM", "BUF_FMT_10_10_10_2_UINT",
  "BUF_FMT_10_10_10_2_SINT", "BUF_FMT_2_10_10_10_UNORM", "BUF_FMT_2_10_10_10_SNORM",
  "BUF_FMT_2_10_10_10_USCALED", "BUF_FMT_2_10_10_10_SSCALED", "BUF_FMT_2_10_10_10_UINT",
  "BUF_FMT_2_10_10_10_SINT", "BUF_FMT_8_8_8_8_UNORM", "BUF_FMT_8_8_8_8_SNORM",
  "BUF_FMT_8_8_8_8_USCALED", "BUF_FMT_8_8_8_8_SSCALED", "BUF_FMT_8_8_8_8_UINT",
  "BUF_FMT_8_8_8_8_SINT", "BUF_FMT_32_32_UINT", "BUF_FMT_32_32_SINT", "BUF_FMT_32_32_FLOAT",
  "BUF_FMT_16_16_16_16_UNORM", "BUF_FMT_16_16_16_16_SNORM", "BUF_FMT_16_16_16_16_USCALED",
  "BUF_FMT_16_16_16_16_SSCALED", "BUF_FMT_16_16_16_16_UINT", "BUF_FMT_16_16_16_16_SINT",
  "BUF_FMT_16_16_16_16_FLOAT", "BUF_FMT_32_32_32_UINT", "BUF_FMT_32_32_32_SINT",
  "BUF_FMT_32_32_32_FLOAT", "BUF_FMT_32_32_32_32_UINT", "BUF_FMT_32_32_32_32_SINT",
  "BUF_FMT_32_32_32_32_FLOAT"};

static void buf_mods(out *o, const amd_insn *d, const amd_row *r)
{
  uint32_t w = d->w[0], w1 = d->w[1];
  if (r->enc == AMD_ENC_MTBUF) {
    unsigned fmt = (w >> 19) & 0x7f;
    if (fmt < 64 && fmt != 1) put(o, " format:[%s]", buf_fmt_names[fmt]);
    else if (fmt >= 64) put(o, " format:%u", fmt);
  }
  if ((w1 >> 23) & 1) put(o, " idxen");
  if ((w1 >> 22) & 1) put(o, " offen");
  if (w & 0xfff) put(o, " offset:%u", w & 0xfff);
  if ((w >> 14) & 1) put(o, " glc");
  if ((w >> 12) & 1) put(o, " slc");
  if ((w >> 13) & 1) put(o, " dlc");
  if ((w1 >> 21) & 1) put(o, " tfe");
}

static void mimg_mods(out *o, const amd_insn *d)
{
  static const char *const dims[8] = {
    "SQ_RSRC_IMG_1D", "SQ_RSRC_IMG_2D", "SQ_RSRC_IMG_3D", "SQ_RSRC_IMG_CUBE",
    "SQ_RSRC_IMG_1D_ARRAY", "SQ_RSRC_IMG_2D_ARRAY", "SQ_RSRC_IMG_2D_MSAA",
    "SQ_RSRC_IMG_2D_MSAA_ARRAY"};
  uint32_t w = d->w[0], w1 = d->w[1];
  unsigned dmask = (w >> 8) & 0xf;
  if (dmask) put(o, " dmask:0x%x", dmask);
  put(o, " dim:%s", dims[(w >> 2) & 7]);
  if ((w >> 7) & 1) put(o, " unorm");
  if ((w >> 14) & 1) put(o, " glc");
  if ((w >> 12) & 1) put(o, " slc");
  if ((w >> 13) & 1) put(o, " dlc");
  if ((w >> 15) & 1) put(o, " r128");
  if ((w >> 16) & 1) put(o, " a16");
  if ((w1 >> 21) & 1) put(o, " tfe");
  if ((w1 >> 22) & 1) put(o, " lwe");
  if ((w >> 17) & 1) put(o, " d16");
}

void pr11_exp(out *o, const amd_insn *d)
{
  uint32_t w = d->w[0], w1 = d->w[1];
  unsigned en = w & 0xf, tgt = (w >> 4) & 0x3f;
  if (tgt <= 7) put(o, " mrt%u", tgt);
  else if (tgt == 8) put(o, " mrtz");
  else if (tgt >= 12 && tgt <= 16) put(o, " pos%u", tgt - 12);
  else if (tgt == 20) put(o, " prim");
  else if (tgt == 21 || tgt == 22) put(o, " dual_src_blend%u", tgt - 21);
  else put(o, " invalid_target_%u", tgt);
  for (unsigned i = 0; i < 4; i++) {
    if ((en >> i) & 1) put(o, "%s v%u", i ? "," : "", (w1 >> (8 * i)) & 0xff);
    else put(o, "%s off", i ? "," : "");
  }
  if ((w >> 11) & 1) put(o, " done");
  if ((w >> 13) & 1) put(o, " row_en");
}

void pr11_mods(out *o, const amd_insn *d, const amd_row *r)
{
  uint32_t w = d->w[0];
  switch (r->enc) {
  case AMD_ENC_SMEM:
    if ((w >> 14) & 1) put(o, " glc");
    if ((w >> 13) & 1) put(o, " dlc");
    break;
  case AMD_ENC_VOP1: case AMD_ENC_VOP2: case AMD_ENC_VOPC: case AMD_ENC_VOP3: case AMD_ENC_VOP3P:
    switch (d->f.form) {
    case AMD_FORM_DPP: dpp16(o, d->w[1]); return;
    case AMD_FORM_DPP8: dpp8(o, d->w[1], (w & 0x1ff) == 0xea); return;
    case AMD_FORM_NATIVE:
      if (r->enc != AMD_ENC_VOP3 && r->enc != AMD_ENC_VOP3P) return;
      break;
    default: break;
    }
    if (r->enc == AMD_ENC_VOP3P) vop3p_mods(o, d, r);
    else vop3_mods(o, d, r);
    if (d->f.form == AMD_FORM_E64_DPP) dpp16(o, d->w[2]);
    else if (d->f.form == AMD_FORM_E64_DPP8) dpp8(o, d->w[2], (d->w[1] & 0x1ff) == 0xea);
    break;
  case AMD_ENC_VINTERP:
    if ((w >> 15) & 1) put(o, " clamp");
    if ((r->flags & F_OPSEL) && ((w >> 11) & 0xf)) pr_bits(o, "op_sel", (w >> 11) & 0xf, 4);
    put(o, " wait_exp:%u", (w >> 8) & 7);
    break;
  case AMD_ENC_LDSDIR: put(o, " wait_vdst:%u", (w >> 16) & 0xf); break;
  case AMD_ENC_DS: ds_mods(o, d, r); break;
  case AMD_ENC_FLAT: case AMD_ENC_GLOBAL: case AMD_ENC_SCRATCH: flat_mods(o, d, r); break;
  case AMD_ENC_MUBUF: case AMD_ENC_MTBUF:
    if (r->nops) buf_mods(o, d, r);
    break;
  case AMD_ENC_MIMG: mimg_mods(o, d); break;
  default: break;
  }
}
