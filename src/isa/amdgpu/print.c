/* Disassembler: amd_insn -> text, in the syntax llvm-objdump-19 prints.
 * One printer per operand role and per modifier group; the row says which
 * apply.  This file has the operand walk both families share and the gfx9
 * printers; print11.c has gfx11's.  Operand names and constants are in
 * operand.c. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "isa/amdgpu/print.h"

#define put pr_put

void pr_put(out *o, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(o->len < o->n ? o->buf + o->len : NULL, o->len < o->n ? o->n - o->len : 0,
                    fmt, ap);
  va_end(ap);
  if (k > 0) o->len += (size_t)k;
}

/* The register class LLVM names when an operand holds a register its class
 * cannot (the "Invalid register" comment). */
static void put_class_note(out *o, const amd_operand *op, unsigned role, unsigned type,
                           const char *cls)
{
  if (op->mods & AMD_MOD_BADIMM) { put(o, "/*Invalid immediate*/"); return; }
  if (!(op->mods & AMD_MOD_BADCLASS)) return;
  unsigned bits = (op->size ? op->size : amd_type_dwords[type]) * 32;
  char tmp[32];
  if (cls) ;
  else if (role == AMD_R_VSRC0 || role == AMD_R_VSRC1 || role == AMD_R_VSRC2) cls = "VGPR_32";
  else if (role == AMD_R_CIN) cls = "SReg_1_XEXEC";
  else if (role == AMD_R_SDST && type == AMD_T_LM) cls = "SReg_1";
  else if (role == AMD_R_SADDR && bits == 32) cls = "SReg_32_XEXEC_HI";
  else if (role == AMD_R_LANE || role == AMD_R_SSRC0) cls = "SReg_32";
  else if (role >= AMD_R_SRC0 && role <= AMD_R_SRC2) { snprintf(tmp, sizeof tmp, "VReg_%u", bits); cls = tmp; }
  else if (role == AMD_R_LSRC0) cls = "VRegOrLds_32";
  else if (role == AMD_R_SDATA && bits == 32) cls = "SReg_32_XM0_XEXEC";
  else if (role == AMD_R_SDATA && bits == 64) cls = "SReg_64_XEXEC";
  else { snprintf(tmp, sizeof tmp, "SReg_%u", bits); cls = tmp; }
  put(o, "/*Invalid register, operand has '%s' register class*/", cls);
}

static void put_operand(out *o, unsigned family, const amd_operand *op)
{
  char tmp[96];
  amd_operand_text(family, op, tmp, sizeof tmp);
  put(o, "%s", tmp);
}

void pr_operand(out *o, unsigned family, const amd_operand *op, unsigned role, unsigned type)
{
  pr_operand_cls(o, family, op, role, type, NULL);
}

void pr_operand_cls(out *o, unsigned family, const amd_operand *op, unsigned role, unsigned type,
                    const char *cls)
{
  put_operand(o, family, op);
  put_class_note(o, op, role, type, cls);
}

static int is_const(const amd_operand *op)
{
  return op->kind == AMD_OPK_ICONST || op->kind == AMD_OPK_FCONST || op->kind == AMD_OPK_LITERAL;
}

/* A source with its modifiers: -|x|, neg(c) for a constant, sext(x); a
 * class note goes right after the operand, inside the modifiers */
void pr_src(out *o, unsigned family, const amd_operand *op, unsigned role, unsigned type,
            const char *cls)
{
  if (op->mods & AMD_MOD_SEXT) {
    put(o, "sext(");
    pr_operand_cls(o, family, op, role, type, cls);
    put(o, ")");
    return;
  }
  int negc = (op->mods & AMD_MOD_NEG) && !(op->mods & AMD_MOD_ABS) && is_const(op);
  if (negc) put(o, "neg(");
  else if (op->mods & AMD_MOD_NEG) put(o, "-");
  if (op->mods & AMD_MOD_ABS) put(o, "|");
  pr_operand_cls(o, family, op, role, type, cls);
  if (op->mods & AMD_MOD_ABS) put(o, "|");
  if (negc) put(o, ")");
}

const char *amd_insn_mnemonic(const amd_insn *d, char *buf, size_t n)
{
  const amd_row *r = amd_row_of(d);
  if (!r) {
    snprintf(buf, n, ".long");
    return buf;
  }
  const char *sfx = "";
  if (amd_family((amd_target)d->target) == 11) {
    sfx = pr11_suffix(d, r);
  } else {
    int vop = r->enc == AMD_ENC_VOP1 || r->enc == AMD_ENC_VOP2 || r->enc == AMD_ENC_VOPC;
    if (vop && r->nops) {
      switch (d->f.form) {
      case AMD_FORM_E64: sfx = "_e64"; break;
      case AMD_FORM_SDWA: sfx = "_sdwa"; break;
      case AMD_FORM_DPP: sfx = "_dpp"; break;
      default: sfx = (r->flags & F_NOE64) ? "" : "_e32"; break;
      }
    }
    if (r->enc == AMD_ENC_VINTRP) sfx = "_e32";
  }
  snprintf(buf, n, "%s%s", r->mnemonic, sfx);
  return buf;
}

/* ---- scalar immediates ---- */
static const char *const hwreg_names[64] = {
  [1] = "HW_REG_MODE", [2] = "HW_REG_STATUS", [3] = "HW_REG_TRAPSTS", [4] = "HW_REG_HW_ID",
  [5] = "HW_REG_GPR_ALLOC", [6] = "HW_REG_LDS_ALLOC", [7] = "HW_REG_IB_STS",
  [15] = "HW_REG_SH_MEM_BASES", [16] = "HW_REG_TBA_LO", [17] = "HW_REG_TBA_HI",
  [18] = "HW_REG_TMA_LO", [19] = "HW_REG_TMA_HI",
};

static void put_hwreg(out *o, unsigned simm)
{
  unsigned id = simm & 0x3f, off = (simm >> 6) & 0x1f, size = ((simm >> 11) & 0x1f) + 1;
  if (hwreg_names[id]) put(o, "hwreg(%s", hwreg_names[id]);
  else put(o, "hwreg(%u", id);
  if (off != 0 || size != 32) put(o, ", %u, %u", off, size);
  put(o, ")");
}

static void put_waitcnt(out *o, unsigned s)
{
  unsigned vm = (s & 0xf) | ((s >> 14) & 3) << 4, exp = (s >> 4) & 7, lgkm = (s >> 8) & 0xf;
  int any = 0;
  if (vm != 63) { put(o, "vmcnt(%u)", vm); any = 1; }
  if (exp != 7) { put(o, "%sexpcnt(%u)", any ? " " : "", exp); any = 1; }
  if (lgkm != 15) { put(o, "%slgkmcnt(%u)", any ? " " : "", lgkm); any = 1; }
  if (!any) put(o, "vmcnt(63) expcnt(7) lgkmcnt(15)");
}

static const char *const msg_names[16] = {
  [1] = "MSG_INTERRUPT", [2] = "MSG_GS", [3] = "MSG_GS_DONE", [4] = "MSG_SAVEWAVE",
  [5] = "MSG_STALL_WAVE_GEN", [6] = "MSG_HALT_WAVES", [7] = "MSG_ORDERED_PS_DONE",
  [8] = "MSG_EARLY_PRIM_DEALLOC", [9] = "MSG_GS_ALLOC_REQ", [10] = "MSG_GET_DOORBELL",
  [15] = "MSG_SYSMSG",
};
static const char *const gs_ops[4] = {"GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"};
static const char *const sys_ops[5] = {NULL, "SYSMSG_OP_ECC_ERR_INTERRUPT", "SYSMSG_OP_REG_RD",
                                       "SYSMSG_OP_HOST_TRAP_ACK", "SYSMSG_OP_TTRACE_PC"};

static void put_sendmsg(out *o, unsigned s)
{
  unsigned id = s & 0xf, op = (s >> 4) & 7, stream = (s >> 8) & 3;
  unsigned enc = id | op << 4 | stream << 8;
  int gs = id == 2 || id == 3, sys = id == 15;
  int valid_id = msg_names[id] != NULL;
  /* SYSMSG_OP_HOST_TRAP_ACK (3) is not a gfx9 operation */
  int valid_op = gs ? (op <= 3 && (id == 3 || op != 0)) : sys ? (op == 1 || op == 2 || op == 4) : op == 0;
  int valid_stream = (gs && op != 0) ? 1 : stream == 0;
  if (valid_id && valid_op && valid_stream) { /* bits above the stream are ignored */
    put(o, "sendmsg(%s", msg_names[id]);
    if (gs || sys) {
      put(o, ", %s", gs ? gs_ops[op] : sys_ops[op]);
      if (gs && op != 0) put(o, ", %u", stream);
    }
    put(o, ")");
  } else if (enc == s) {
    put(o, "sendmsg(%u, %u, %u)", id, op, stream);
  } else {
    put(o, "%u", s);
  }
}

static void put_gpridx(out *o, unsigned v)
{
  static const char *const names[4] = {"SRC0", "SRC1", "SRC2", "DST"};
  if (v > 15) { put(o, "0x%x", v); return; }
  put(o, "gpr_idx(");
  int first = 1;
  for (int i = 0; i < 4; i++)
    if (v >> i & 1) { put(o, "%s%s", first ? "" : ",", names[i]); first = 0; }
  put(o, ")");
}

/* An unsigned 16-bit immediate: decimal up to 64, else hex */
void pr_simm16d(out *o, unsigned v)
{
  v &= 0xffffu;
  if (v <= 64) put(o, "%u", v);
  else put(o, "0x%x", v);
}

void pr_label(out *o, uint64_t pc, unsigned simm, amd_symbolizer sym, void *ctx)
{
  if (sym) {
    char name[128];
    uint64_t target = pc + 4 + (uint64_t)((int64_t)(int16_t)simm * 4);
    if (sym(ctx, target, name, sizeof name)) { put(o, "%s", name); return; }
  }
  put(o, "%u", simm & 0xffffu);
}

/* ---- VOP modifiers ---- */
static const char *const sel_names[8] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                         "WORD_0", "WORD_1", "DWORD", "?"};
static const char *const unused_names[4] = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE",
                                            "UNUSED_PAD"};

void pr_omod(out *o, unsigned omod)
{
  static const char *const t[4] = {"", " mul:2", " mul:4", " div:2"};
  put(o, "%s", t[omod & 3]);
}

static void put_dpp(out *o, uint32_t s)
{
  unsigned ctl = (s >> 8) & 0x1ff;
  if (ctl <= 0xff)
    put(o, " quad_perm:[%u,%u,%u,%u]", ctl & 3, (ctl >> 2) & 3, (ctl >> 4) & 3, (ctl >> 6) & 3);
  else if (ctl >= 0x101 && ctl <= 0x10f) put(o, " row_shl:%u", ctl & 0xf);
  else if (ctl >= 0x111 && ctl <= 0x11f) put(o, " row_shr:%u", ctl & 0xf);
  else if (ctl >= 0x121 && ctl <= 0x12f) put(o, " row_ror:%u", ctl & 0xf);
  else if (ctl == 0x130) put(o, " wave_shl:1");
  else if (ctl == 0x134) put(o, " wave_rol:1");
  else if (ctl == 0x138) put(o, " wave_shr:1");
  else if (ctl == 0x13c) put(o, " wave_ror:1");
  else if (ctl == 0x140) put(o, " row_mirror");
  else if (ctl == 0x141) put(o, " row_half_mirror");
  else if (ctl == 0x142) put(o, " row_bcast:15");
  else if (ctl == 0x143) put(o, " row_bcast:31");
  else if (ctl >= 0x150 && ctl <= 0x15f)
    put(o, "  /* row_newbcast/row_share is not supported on ASICs earlier than GFX90A/GFX10 */");
  else if (ctl >= 0x160 && ctl <= 0x16f)
    put(o, " /* row_xmask is not supported on ASICs earlier than GFX10 */");
  else put(o, " /* Invalid dpp_ctrl value */");
  put(o, " row_mask:0x%x bank_mask:0x%x", s >> 28, (s >> 24) & 0xf);
  if ((s >> 19) & 1) put(o, " bound_ctrl:1");
}

/* VOP3 op_sel / VOP3P op_sel, op_sel_hi, neg_lo, neg_hi */
void pr_bits(out *o, const char *name, unsigned bits, int n)
{
  put(o, " %s:[", name);
  for (int i = 0; i < n; i++) put(o, "%s%u", i ? "," : "", bits >> i & 1);
  put(o, "]");
}

int pr_nsrcs(const amd_row *r)
{
  int n = 0;
  for (unsigned i = 0; i < r->nops; i++)
    if (r->ops[i].role >= AMD_R_SRC0 && r->ops[i].role <= AMD_R_SRC2) n++;
  return n;
}

static void put_vop3_mods(out *o, const amd_insn *d, const amd_row *r)
{
  uint32_t w = d->w[0], w1 = d->w[1];
  int n = pr_nsrcs(r);
  if (r->enc == AMD_ENC_VOP3P) {
    int mix = 0; /* v_mad_mix*, v_fma_mix*: 32-bit sources, f16 halves picked by op_sel */
    for (unsigned i = 0; i < r->nops; i++)
      if (r->ops[i].role == AMD_R_SRC0 && r->ops[i].type != AMD_T_PK) mix = 1;
    unsigned opsel = (w >> 11) & 7, opsel_hi = ((w1 >> 27) & 3) | ((w >> 14) & 1) << 2;
    unsigned neg = (w1 >> 29) & 7, neg_hi = (w >> 8) & 7, mask = (1u << n) - 1;
    if (opsel & mask) pr_bits(o, "op_sel", opsel, n);
    if (mix) {
      if (opsel_hi & mask) pr_bits(o, "op_sel_hi", opsel_hi, n);
    } else if ((opsel_hi & mask) != mask) {
      pr_bits(o, "op_sel_hi", opsel_hi, n);
    }
    if (!mix) {
      if (neg & mask) pr_bits(o, "neg_lo", neg, n);
      if (neg_hi & mask) pr_bits(o, "neg_hi", neg_hi, n);
    }
    if ((w >> 15) & 1) put(o, " clamp");
    return;
  }
  for (unsigned i = 0; i < r->nops; i++)
    if (r->ops[i].role == AMD_R_ATTR3 && ((w1 >> 8) & 1)) put(o, " high");
  if ((r->flags & F_OPSEL) && ((w >> 11) & 0xf)) {
    unsigned opsel = (w >> 11) & 0xf;
    unsigned bits = (opsel & ((1u << n) - 1)) | ((opsel >> 3) & 1) << n;
    pr_bits(o, "op_sel", bits, n + 1);
  }
  if ((w >> 15) & 1) put(o, " clamp");
  pr_omod(o, (w1 >> 27) & 3);
}

static void put_sdwa_mods(out *o, const amd_insn *d, const amd_row *r)
{
  uint32_t s = d->w[1];
  if (r->enc != AMD_ENC_VOPC) {
    if ((s >> 13) & 1) put(o, " clamp");
    pr_omod(o, (s >> 14) & 3);
    put(o, " dst_sel:%s dst_unused:%s", sel_names[(s >> 8) & 7], unused_names[(s >> 11) & 3]);
  }
  put(o, " src0_sel:%s", sel_names[(s >> 16) & 7]);
  if (r->enc != AMD_ENC_VOP1) put(o, " src1_sel:%s", sel_names[(s >> 24) & 7]);
}

/* ---- memory modifiers ---- */
/* ds_swizzle_b32's offset as LLVM names the swizzle patterns */
void pr_swizzle(out *o, unsigned imm)
{
  if ((imm & 0xff00) == 0x8000) {
    put(o, " offset:swizzle(QUAD_PERM");
    for (int i = 0; i < 4; i++) put(o, ",%u", (imm >> (2 * i)) & 3);
    put(o, ")");
    return;
  }
  if (imm & 0x8000) {
    put(o, " offset:%u", imm);
    return;
  }
  unsigned and_m = imm & 0x1f, or_m = (imm >> 5) & 0x1f, xor_m = (imm >> 10) & 0x1f;
  if (and_m == 0x1f && or_m == 0 && __builtin_popcount(xor_m) == 1) {
    put(o, " offset:swizzle(SWAP,%u)", xor_m);
  } else if (and_m == 0x1f && or_m == 0 && xor_m && !((xor_m + 1) & xor_m)) {
    put(o, " offset:swizzle(REVERSE,%u)", xor_m + 1);
  } else {
    unsigned group = 0x1f - and_m + 1;
    if (group > 1 && !(group & (group - 1)) && or_m < group && xor_m == 0) {
      put(o, " offset:swizzle(BROADCAST,%u,%u)", group, or_m);
    } else {
      unsigned p0 = (0 | or_m) ^ xor_m, p1 = ((0x1f & and_m) | or_m) ^ xor_m;
      put(o, " offset:swizzle(BITMASK_PERM,\"");
      for (unsigned m = 0x10; m; m >>= 1)
        put(o, "%c", (p0 & m) && (p1 & m) ? '1' : !(p0 & m) && !(p1 & m) ? '0' : !(p0 & m) ? 'p' : 'i');
      put(o, "\")");
    }
  }
}

static void put_ds_mods(out *o, const amd_insn *d, const amd_row *r)
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
  if ((w >> 16) & 1) put(o, " gds");
}

static void put_flat_mods(out *o, const amd_insn *d, const amd_row *r)
{
  uint32_t w = d->w[0];
  int off = (int)(w & 0x1fff);
  if (r->enc != AMD_ENC_FLAT && (off & 0x1000)) off -= 0x2000;
  if (off) put(o, " offset:%d", off);
  if ((w >> 16) & 1) put(o, " glc");
  if ((w >> 17) & 1) put(o, " slc");
  if ((w >> 13) & 1) put(o, " lds");
}

static const char *const dfmt_names[16] = {
  "BUF_DATA_FORMAT_INVALID", "BUF_DATA_FORMAT_8", "BUF_DATA_FORMAT_16", "BUF_DATA_FORMAT_8_8",
  "BUF_DATA_FORMAT_32", "BUF_DATA_FORMAT_16_16", "BUF_DATA_FORMAT_10_11_11",
  "BUF_DATA_FORMAT_11_11_10", "BUF_DATA_FORMAT_10_10_10_2", "BUF_DATA_FORMAT_2_10_10_10",
  "BUF_DATA_FORMAT_8_8_8_8", "BUF_DATA_FORMAT_32_32", "BUF_DATA_FORMAT_16_16_16_16",
  "BUF_DATA_FORMAT_32_32_32", "BUF_DATA_FORMAT_32_32_32_32", "BUF_DATA_FORMAT_RESERVED_15"};
static const char *const nfmt_names[8] = {
  "BUF_NUM_FORMAT_UNORM", "BUF_NUM_FORMAT_SNORM", "BUF_NUM_FORMAT_USCALED",
  "BUF_NUM_FORMAT_SSCALED", "BUF_NUM_FORMAT_UINT", "BUF_NUM_FORMAT_SINT",
  "BUF_NUM_FORMAT_RESERVED_6", "BUF_NUM_FORMAT_FLOAT"};

static void put_buf_mods(out *o, const amd_insn *d, const amd_row *r)
{
  uint32_t w = d->w[0], w1 = d->w[1];
  if (r->enc == AMD_ENC_MTBUF) {
    unsigned dfmt = (w >> 19) & 0xf, nfmt = (w >> 23) & 7;
    if (!(dfmt == 1 && nfmt == 0)) {
      put(o, " format:[");
      if (dfmt != 1) put(o, "%s", dfmt_names[dfmt]);
      if (nfmt != 0) put(o, "%s%s", dfmt != 1 ? "," : "", nfmt_names[nfmt]);
      put(o, "]");
    }
  }
  if ((w >> 13) & 1) put(o, " idxen");
  if ((w >> 12) & 1) put(o, " offen");
  if (w & 0xfff) put(o, " offset:%u", w & 0xfff);
  if (r->flags & F_LDSONLY) put(o, " lds"); /* buffer_store_lds_dword: lds first */
  if ((w >> 14) & 1) put(o, " glc");
  unsigned slc = r->enc == AMD_ENC_MTBUF ? (w1 >> 22) & 1 : (w >> 17) & 1;
  if (slc) put(o, " slc");
  if (r->enc == AMD_ENC_MUBUF && ((w >> 16) & 1) && !(r->flags & F_LDSONLY)) put(o, " lds");
  if ((w1 >> 23) & 1) put(o, " tfe");
}

static void put_mimg_mods(out *o, const amd_insn *d)
{
  uint32_t w = d->w[0], w1 = d->w[1];
  unsigned dmask = (w >> 8) & 0xf;
  if (dmask) put(o, " dmask:0x%x", dmask);
  if ((w >> 12) & 1) put(o, " unorm");
  if ((w >> 13) & 1) put(o, " glc");
  if ((w >> 25) & 1) put(o, " slc");
  if ((w >> 15) & 1) put(o, " a16");
  if ((w >> 16) & 1) put(o, " tfe");
  if ((w >> 17) & 1) put(o, " lwe");
  if ((w >> 14) & 1) put(o, " da");
  if (w1 >> 31) put(o, " d16");
}

static void put_exp(out *o, const amd_insn *d)
{
  uint32_t w = d->w[0], w1 = d->w[1];
  unsigned en = w & 0xf, tgt = (w >> 4) & 0x3f, compr = (w >> 10) & 1;
  if (tgt <= 7) put(o, " mrt%u", tgt);
  else if (tgt == 8) put(o, " mrtz");
  else if (tgt == 9) put(o, " null");
  else if (tgt >= 12 && tgt <= 15) put(o, " pos%u", tgt - 12);
  else if (tgt >= 32) put(o, " param%u", tgt - 32);
  else put(o, " invalid_target_%u", tgt);
  for (unsigned i = 0; i < 4; i++) {
    unsigned reg = compr ? (w1 >> (8 * (i / 2))) & 0xff : (w1 >> (8 * i)) & 0xff;
    unsigned on = (en >> i) & 1;
    if (on) put(o, "%s v%u", i ? "," : "", reg);
    else put(o, "%s off", i ? "," : "");
  }
  if ((w >> 11) & 1) put(o, " done");
  if (compr) put(o, " compr");
  if ((w >> 12) & 1) put(o, " vm");
}

/* Prints the operands of row r from op[first..]; returns the slots used.
 * A K constant (kimm) is the literal dword and has no slot. */
unsigned pr_operands(out *o, const amd_insn *d, const amd_row *r, unsigned first, uint64_t pc,
                     amd_symbolizer sym, void *ctx)
{
  unsigned family = amd_family((amd_target)d->target);
  int lead = 1;
  unsigned j = first;
  for (unsigned i = 0; i < r->nops; i++) {
    if (d->f.ctl & AMD_CTL_SKIP(i)) continue;
    const amd_row_op *ro = &r->ops[i];
    const char *sep = lead ? " " : ", ";
    if (ro->role == AMD_R_KIMM) {
      put(o, "%s0x%x", sep, amd_literal(d));
      lead = 0;
      continue;
    }
    if (j >= d->f.nops) break;
    const amd_operand *opp = &d->f.op[j++];
    amd_operand op = *opp;
    unsigned v = op.val;
    /* gfx11 e32/DPP 16-bit operands: VGPR_32_Lo128 (src0 of e32: VS_32_Lo128) */
    const char *cls = NULL;
    if (ro->attr & (AMD_OPA_LO128 | AMD_OPA_LO128X))
      cls = ro->role == AMD_R_SRC0 && d->f.form == AMD_FORM_NATIVE ? "VS_32_Lo128" : "VGPR_32_Lo128";
    else if (r->enc == AMD_ENC_VINTERP)
      cls = "VGPR_32";
    else if (family == 11 && ro->role == AMD_R_SSRC0 && r->enc == AMD_ENC_VOP3)
      cls = "SRegOrLds_32";
    if ((r->flags & F_T16) && op.kind == AMD_OPK_VGPR) { /* v1.l, v1.h */
      int sx = (op.mods & AMD_MOD_SEXT) != 0;
      put(o, "%s%sv%u.%c%s", sep, sx ? "sext(" : "", v, (op.mods & AMD_MOD_HI) ? 'h' : 'l', sx ? ")" : "");
      lead = 0;
      continue;
    }
    if (family == 11 && pr11_role(o, d, r, ro->role, opp, sep)) {
      lead = 0;
      continue;
    }
    switch (ro->role) {
    case AMD_R_SIMM16: put(o, "%s0x%x", sep, v & 0xffffu); break;
    case AMD_R_LABEL: put(o, "%s", sep); pr_label(o, pc, v, sym, ctx); break;
    case AMD_R_HWREG: put(o, "%s", sep); put_hwreg(o, v); break;
    case AMD_R_IMM32: {
      char t[32];
      amd_imm_text(family, v, AMD_T_B32, t, sizeof t);
      put(o, "%s%s", sep, t);
      break;
    }
    case AMD_R_GPRIDX: case AMD_R_GPRIDXMODE: put(o, "%s", sep); put_gpridx(o, v); break;
    case AMD_R_SIMM16D: put(o, "%s", sep); pr_simm16d(o, v); break;
    case AMD_R_SIMM16OPT:
      if (!v) continue;
      put(o, "%s%u", sep, v & 0xffffu);
      break;
    case AMD_R_WAITCNT: put(o, "%s", sep); put_waitcnt(o, d->w[0] & 0xffff); break;
    case AMD_R_SENDMSG: put(o, "%s", sep); put_sendmsg(o, v); break;
    case AMD_R_PROBE: put(o, "%s", sep); pr_simm16d(o, v); break;
    case AMD_R_SOFFSET:
      if (r->enc == AMD_ENC_SMEM) {
        uint32_t w0 = d->w[0];
        int off = (int)(d->w[1] & 0x1fffff);
        if (off & 0x100000) off -= 0x200000;
        if (op.kind == AMD_OPK_IMM)
          put(o, "%s%s0x%x", sep, off < 0 ? "-" : "", (unsigned)(off < 0 ? -off : off));
        else {
          put(o, "%s", sep);
          put_operand(o, family, &op);
          if (((w0 >> 14) & 1) && ((w0 >> 17) & 1))
            put(o, " offset:%s0x%x", off < 0 ? "-" : "", (unsigned)(off < 0 ? -off : off));
        }
        break;
      }
      put(o, "%s", sep);
      pr_operand(o, family, &op, ro->role, ro->type);
      break;
    case AMD_R_SRC0: case AMD_R_SRC1: case AMD_R_SRC2: case AMD_R_VSRC1: case AMD_R_VSRC2:
      put(o, "%s", sep);
      pr_src(o, family, &op, ro->role, ro->type, cls);
      break;
    case AMD_R_ATTR: {
      static const char chan[4] = {'x', 'y', 'z', 'w'};
      put(o, "%sattr%u.%c", sep, v >> 2, chan[v & 3]);
      break;
    }
    case AMD_R_PARAM: case AMD_R_PARAM3: {
      static const char *const p[3] = {"p10", "p20", "p0"};
      if (v < 3) put(o, "%s%s", sep, p[v]);
      else put(o, "%sinvalid_param_%u", sep, v);
      break;
    }
    case AMD_R_ATTR3: {
      static const char chan[4] = {'x', 'y', 'z', 'w'};
      put(o, "%sattr%u.%c", sep, v & 0x3f, chan[(v >> 6) & 3]);
      break;
    }
    case AMD_R_FORMAT: continue;
    default:
      if (op.kind == AMD_OPK_NONE) put(o, "%soff", sep);
      else { put(o, "%s", sep); pr_operand_cls(o, family, &op, ro->role, ro->type, cls); }
      break;
    }
    lead = 0;
  }
  return j - first;
}

size_t amd_disasm_sym(const amd_insn *d, uint64_t pc, amd_symbolizer sym, void *ctx, char *buf,
                      size_t n)
{
  out o = {buf, n, 0};
  if (n) buf[0] = '\0';
  const amd_row *r = amd_row_of(d);
  if (!r) {
    put(&o, ".long 0x%08x", d->w[0]);
    return o.len;
  }
  char mn[64];
  put(&o, "%s", amd_insn_mnemonic(d, mn, sizeof mn));
  if (amd_family((amd_target)d->target) == 11) {
    if (r->enc == AMD_ENC_EXP) {
      pr11_exp(&o, d);
      return o.len;
    }
    unsigned used = pr_operands(&o, d, r, 0, pc, sym, ctx);
    if (r->enc == AMD_ENC_VOPD) {
      const amd_row *ry = amd_row_y(d);
      put(&o, " :: %s", ry ? ry->mnemonic : "?");
      if (ry) pr_operands(&o, d, ry, used, pc, sym, ctx);
      return o.len;
    }
    pr11_mods(&o, d, r);
    return o.len;
  }
  if (r->enc == AMD_ENC_EXP) {
    put_exp(&o, d);
    return o.len;
  }
  pr_operands(&o, d, r, 0, pc, sym, ctx);
  switch (r->enc) {
  case AMD_ENC_SMEM:
    if ((r->flags & F_GLC) && ((d->w[0] >> 16) & 1)) put(&o, " glc");
    break;
  case AMD_ENC_VOP1: case AMD_ENC_VOP2: case AMD_ENC_VOPC: case AMD_ENC_VOP3: case AMD_ENC_VOP3P:
    if (d->f.form == AMD_FORM_SDWA) put_sdwa_mods(&o, d, r);
    else if (d->f.form == AMD_FORM_DPP) put_dpp(&o, d->w[1]);
    else if (d->f.form == AMD_FORM_E64 || r->enc == AMD_ENC_VOP3 || r->enc == AMD_ENC_VOP3P)
      put_vop3_mods(&o, d, r);
    break;
  case AMD_ENC_DS: put_ds_mods(&o, d, r); break;
  case AMD_ENC_FLAT: case AMD_ENC_GLOBAL: case AMD_ENC_SCRATCH: put_flat_mods(&o, d, r); break;
  case AMD_ENC_MUBUF: case AMD_ENC_MTBUF:
    if (r->nops) put_buf_mods(&o, d, r);
    break;
  case AMD_ENC_MIMG: put_mimg_mods(&o, d); break;
  default: break;
  }
  return o.len;
}

size_t amd_disasm(const amd_insn *d, uint64_t pc, char *buf, size_t n)
{
  return amd_disasm_sym(d, pc, NULL, NULL, buf, n);
}

/* LLVM's warnings for scalar register tuples whose field was not aligned,
 * in operand order, one after another with no separator; the data operand
 * of a returning SMEM atomic (gfx9) is decoded, and warned about, twice. */
size_t amd_disasm_comment(const amd_insn *d, char *buf, size_t n)
{
  out o = {buf, n, 0};
  if (n) buf[0] = '\0';
  const amd_row *r = amd_row_of(d);
  int first = 1;
  for (unsigned i = 0; i < d->f.nops; i++) {
    const amd_operand *op = &d->f.op[i];
    unsigned mis = AMD_MOD_MISALIGN(op->mods);
    if (!mis || (op->kind != AMD_OPK_SGPR && op->kind != AMD_OPK_TTMP)) continue;
    int times = 1;
    if (i == 0 && r && r->enc == AMD_ENC_SMEM && (r->flags & F_ATOMIC) && ((d->w[0] >> 16) & 1))
      times = 2;
    while (times--) {
      put(&o, "%sWarning: %s_%u: scalar reg isn't aligned %u", first ? " ; " : "",
          op->kind == AMD_OPK_TTMP ? "TTMP" : "SGPR", op->size * 32u, op->val + mis);
      first = 0;
    }
  }
  return o.len;
}
