/* The AMD front ends -- GCN5 (gfx900, gfx906) and RDNA3 (gfx1100, wave32
 * and wave64) -- as ISAs of the core (docs/dev/isa-interface.md,
 * docs/amdgpu-exec.md): register files, decoding into the core's slots,
 * dispatch through the generated table, operand information for the
 * timing model, disassembly, reports and the commit log.  The launch hooks
 * are in dispatch.c, the semantics in exec_*.c. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "isa/amdgpu/exec.h"
#include "isa/amdgpu/frontend.h"

/* ---- register files ---- */
static const vs_regfile regfiles[] = {
  {"s", AMD_NSREG, 32, VS_RF_SCALAR, 0},
  {"v", AMD_NVREG, 32, VS_RF_VECTOR, 64}, /* rows of 64 lanes in wave32 too */
};

/* ---- the generated dispatch tables (amdx_table.c, from the exec_*.c files) ---- */
extern const amd_exec_fn amdx_gfx9[AMD9_NUM_INSNS];
extern const amd_exec_fn amdx_gfx11[AMD11_NUM_INSNS];

static const char *mnemonic(const vs_dinsn *d, char *buf, size_t n)
{
  return amd_insn_mnemonic(amd_i(d), buf, n);
}

int amd_x_unsupported(vs_warp *w, const vs_dinsn *d)
{
  char mn[64];
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "unsupported instruction %s (not executed by ventsim yet)",
                       mnemonic(d, mn, sizeof mn));
}

int amd_unsupported_form(vs_warp *w, const vs_dinsn *d, const char *what)
{
  char mn[64];
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "unsupported instruction %s: %s is not executed by ventsim yet",
                       mnemonic(d, mn, sizeof mn), what);
}

static int x_invalid(vs_warp *w, const vs_dinsn *d)
{
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "illegal instruction 0x%08" PRIx32 " (not a %s instruction)",
                       d->w[0], amd_w(w)->gfx11 ? "gfx11" : "gfx9");
}

/* ---- constant and special sources ---- */
static const uint32_t fconst_f32[9] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                       0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
static const uint64_t fconst_f64[9] = {0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull,
                                       0xbff0000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull,
                                       0x4010000000000000ull, 0xc010000000000000ull, 0x3fc45f306dc9c882ull};
static const uint16_t fconst_f16[9] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118};

uint64_t amd_src_slow(vs_warp *w, const amd_operand *o, int dwords)
{
  switch (o->kind) {
  case AMD_OPK_ICONST:
    return dwords > 1 ? (uint64_t)(int64_t)(int32_t)o->val : o->val;
  case AMD_OPK_LITERAL:
    if (dwords > 1 && o->type == AMD_T_F64) return (uint64_t)o->val << 32;
    return o->val;
  case AMD_OPK_FCONST: {
    unsigned i = o->val - 240u;
    if (i > 8) return 0;
    if (o->type == AMD_T_F64 || (dwords > 1 && o->type != AMD_T_F16)) return fconst_f64[i];
    if (o->type == AMD_T_F16 || o->type == AMD_T_I16 || o->type == AMD_T_I16F) return fconst_f16[i];
    if (o->type == AMD_T_PK) return fconst_f16[i]; /* the low half; op_sel_hi picks it again */
    return fconst_f32[i];
  }
  case AMD_OPK_SGPR: case AMD_OPK_TTMP:
    return dwords > 1 ? amd_rs64_idx(w, amd_sidx(o)) : amd_S(w)[amd_sidx(o)];
  case AMD_OPK_SPECIAL:
    switch (o->val) {
    case 235: return dwords > 1 ? VS_AMD_SHARED_APERTURE : VS_AMD_SHARED_APERTURE >> 32;  /* src_shared_base */
    case 236: return dwords > 1 ? VS_AMD_SHARED_APERTURE + 0xffffffffull : (VS_AMD_SHARED_APERTURE >> 32); /* limit */
    case 237: return dwords > 1 ? VS_AMD_PRIVATE_APERTURE : VS_AMD_PRIVATE_APERTURE >> 32;
    case 238: return dwords > 1 ? VS_AMD_PRIVATE_APERTURE + 0xffffffffull : (VS_AMD_PRIVATE_APERTURE >> 32);
    case 239: return 0; /* src_pops_exiting_wave_id: no POPS in compute */
    case 251: return amd_vcc(w) == 0;          /* src_vccz  */
    case 252: return amd_exec(w) == 0;         /* src_execz */
    case 253: return amd_w(w)->scc;            /* src_scc   */
    case AMD_S_NULL: return 0;
    default:
      if (o->val < 128) return dwords > 1 ? amd_rs64_idx(w, o->val) : amd_S(w)[o->val];
      return 0; /* lds_direct: rejected by its rows' semantics */
    }
  default:
    return 0;
  }
}

/* ---- decoding ---- */
static uint8_t class_of(unsigned amd_cls)
{
  static const uint8_t map[AMD_NUM_CLS] = {
    [AMD_CLS_SALU] = VS_CLS_SALU,       [AMD_CLS_SBRANCH] = VS_CLS_BRANCH, [AMD_CLS_SWAIT] = VS_CLS_WAITCNT,
    [AMD_CLS_SMSG] = VS_CLS_MESSAGE,    [AMD_CLS_SBARRIER] = VS_CLS_BARRIER, [AMD_CLS_SEND] = VS_CLS_ENDPRG,
    [AMD_CLS_SMEM] = VS_CLS_SMEM,       [AMD_CLS_VALU] = VS_CLS_VALU,      [AMD_CLS_VALU64] = VS_CLS_VFPU,
    [AMD_CLS_VTRANS] = VS_CLS_VSFU,     [AMD_CLS_VINTRP] = VS_CLS_VALU,    [AMD_CLS_DS] = VS_CLS_LDS,
    [AMD_CLS_DS_GWS] = VS_CLS_LDS,      [AMD_CLS_VMEM_LOAD] = VS_CLS_VLOAD, [AMD_CLS_VMEM_STORE] = VS_CLS_VSTORE,
    [AMD_CLS_VMEM_ATOMIC] = VS_CLS_VAMO, [AMD_CLS_VMEM_CACHE] = VS_CLS_FENCE, [AMD_CLS_MIMG] = VS_CLS_VLOAD,
    [AMD_CLS_EXP] = VS_CLS_EXPORT,
  };
  return amd_cls < AMD_NUM_CLS ? map[amd_cls] : VS_CLS_ILLEGAL;
}

/* gfx11 numbers null 124 and m0 125; the wave's scalar file keeps gfx9's
 * layout (m0 124, 125 reads 0 and ignores writes), so the operands of an
 * executed gfx11 instruction are renumbered to it.  The disassembly
 * decodes the words again (disasm below). */
static void gfx11_specials(amd_insn *I)
{
  for (unsigned k = 0; k < I->f.nops; k++) {
    amd_operand *o = &I->f.op[k];
    if (o->kind == AMD_OPK_SPECIAL && (o->val == 124 || o->val == 125)) o->val ^= 1u;
  }
}

static void decode_for(amd_target t, vs_dinsn *d, const uint32_t *w, unsigned nw)
{
  amd_insn *I = (amd_insn *)(void *)d->payload;
  memset(d->payload, 0, sizeof d->payload);
  memset(d->w, 0, sizeof d->w);
  unsigned avail = nw < VS_DINSN_WORDS ? nw : VS_DINSN_WORDS;
  int len = amd_decode(t, w, avail, I);
  if (len == AMD_DECODE_INVALID || len > (int)(4 * VS_DINSN_WORDS)) {
    d->w[0] = w[0];
    d->len = 4;
    d->op = UINT16_MAX;
    d->cls = VS_CLS_ILLEGAL;
    d->exec = x_invalid;
    return;
  }
  memcpy(d->w, w, (size_t)len);
  d->len = (uint8_t)len;
  d->op = I->row;
  const amd_row *r = amd_row_of(I);
  d->cls = class_of(r->cls);
  amd_exec_fn fn;
  if (amd_family(t) == 11) {
    gfx11_specials(I);
    fn = amdx_gfx11[I->row];
    if (fn && I->f.form != AMD_FORM_NATIVE && I->f.form != AMD_FORM_E64) fn = amd_x_dpp11; /* DPP16, DPP8 */
    if (r->enc == AMD_ENC_VOPD) fn = amd_x_vopd;
  } else {
    fn = amdx_gfx9[I->row];
    if (fn && (I->f.form == AMD_FORM_SDWA || I->f.form == AMD_FORM_DPP)) fn = amd_x_sdwa_dpp; /* sdwa_dpp.c */
  }
  d->exec = fn ? fn : amd_x_unsupported;
}

static void decode900(vs_dinsn *d, const uint32_t *w, unsigned nw, vs_addr pc)
{
  (void)pc;
  decode_for(AMD_GFX900, d, w, nw);
}

static void decode906(vs_dinsn *d, const uint32_t *w, unsigned nw, vs_addr pc)
{
  (void)pc;
  decode_for(AMD_GFX906, d, w, nw);
}

static void decode1100(vs_dinsn *d, const uint32_t *w, unsigned nw, vs_addr pc)
{
  (void)pc;
  decode_for(AMD_GFX1100, d, w, nw);
}

static void decode1100w64(vs_dinsn *d, const uint32_t *w, unsigned nw, vs_addr pc)
{
  (void)pc;
  decode_for(AMD_GFX1100_W64, d, w, nw);
}

/* ---- operands for the timing model ---- */
/* Stores and atomics: the flags say so for SMEM and FLAT rows, the class
 * for MUBUF/MTBUF/MIMG rows */
static int row_stores(const amd_row *r)
{
  return (r->flags & F_STORE) || r->cls == AMD_CLS_VMEM_STORE;
}

static int row_atomic(const amd_row *r)
{
  return (r->flags & F_ATOMIC) || r->cls == AMD_CLS_VMEM_ATOMIC;
}

int amd_role_is_dst(const amd_row *r, unsigned role)
{
  switch (role) {
  case AMD_R_VDST: case AMD_R_VSDST: return 1;
  case AMD_R_SDST: /* s_cmpk_* read their "sdst"; s_setreg reads it */
    if (r->enc == AMD_ENC_SOPK && ((r->opc >= 2 && r->opc <= 0xd) || r->opc == 0x12)) return 0;
    return 1;
  case AMD_R_SDATA: case AMD_R_VDATA: return !row_stores(r) || row_atomic(r); /* atomics: with glc */
  default: return 0;
  }
}

int amd_role_is_src(const amd_row *r, unsigned role)
{
  if (role == AMD_R_SDST) return !amd_role_is_dst(r, role) || (r->enc == AMD_ENC_SOPK && r->opc <= 0xf);
  if (role == AMD_R_VDATA || role == AMD_R_SDATA) return row_stores(r) || row_atomic(r);
  return role != AMD_R_VDST && role != AMD_R_VSDST;
}

static void add_op(vs_operand *list, uint8_t *n, unsigned max, unsigned file, unsigned index, unsigned count)
{
  if (*n >= max || count == 0) return;
  list[(*n)++] = (vs_operand){(uint8_t)file, (uint8_t)count, 0, (uint16_t)index};
}

static void insn_info(const vs_dinsn *d, vs_insn_info *info)
{
  memset(info, 0, sizeof *info);
  memset(info->wait, VS_WAIT_ANY, sizeof info->wait);
  info->cls = d->cls;
  if (d->op == UINT16_MAX) return;
  const amd_insn *I = amd_i(d);
  const amd_row *r = amd_row_of(I);
  info->dual = r->enc == AMD_ENC_VOPD;
  /* FLAT (not GLOBAL or SCRATCH) may reach LDS, so it counts in LGKMcnt
   * as well as VMcnt/VScnt (seed 002 "FLAT instructions (use both
   * LGKMcnt and VMcnt or VScnt)"; the Vega ISA guide, FLAT chapter) */
  if (r->enc == AMD_ENC_FLAT) info->cnt_also = 1u << VS_CNT_LGKM;
  unsigned k = 0;
  for (unsigned i = 0; i < r->nops && k < I->f.nops; i++) {
    if (I->f.ctl & AMD_CTL_SKIP(i)) continue;
    const amd_operand *o = &I->f.op[k++];
    unsigned role = r->ops[i].role;
    unsigned file, index;
    if (o->kind == AMD_OPK_VGPR) { file = AMD_RF_V; index = o->val; }
    else if (amd_is_sreg(o)) { file = AMD_RF_S; index = amd_sidx(o); }
    else if (o->kind == AMD_OPK_WAITCNT) {
      info->wait[VS_CNT_VM] = (uint8_t)AMD_WAIT_VM(o->val);
      info->wait[VS_CNT_EXP] = (uint8_t)AMD_WAIT_EXP(o->val);
      info->wait[VS_CNT_LGKM] = (uint8_t)AMD_WAIT_LGKM(o->val);
      info->wait[VS_CNT_VS] = (uint8_t)AMD_WAIT_VS(o->val);
      continue;
    } else if (o->kind == AMD_OPK_DELAY) { /* InstID1[10:7] Skip[6:4] InstID0[3:0] */
      unsigned id0 = o->val & 0xfu, skip = o->val >> 4 & 7u, id1 = o->val >> 7 & 0xfu;
      info->delay[0] = (uint8_t)(id0 < VS_DELAY_COUNT ? id0 : VS_DELAY_NONE);
      info->delay[1] = (uint8_t)(id1 < VS_DELAY_COUNT ? id1 : VS_DELAY_NONE);
      info->delay_skip = (uint8_t)skip;
      info->hint = 1;
      continue;
    } else if (o->kind == AMD_OPK_CLAUSE) { /* decode.c clause(): length in bits 0..6, break span 8..11 */
      info->clause_len = (uint8_t)(o->val & 0x7f);
      info->clause_break = (uint8_t)(o->val >> 8 & 0xf);
      info->hint = 1;
      continue;
    } else continue;
    unsigned count = o->size ? o->size : 1;
    if (index + count > (file == AMD_RF_S ? AMD_NSREG : AMD_NVREG)) continue;
    if (amd_role_is_dst(r, role)) add_op(info->dst, &info->ndst, VS_MAX_DST, file, index, count);
    if (amd_role_is_src(r, role)) add_op(info->src, &info->nsrc, VS_MAX_SRC, file, index, count);
  }
  int e32 = I->f.form != AMD_FORM_E64 && I->f.form != AMD_FORM_E64_DPP && I->f.form != AMD_FORM_E64_DPP8;
  unsigned lm = I->target == AMD_GFX1100 ? 1 : 2; /* a lane mask: one SGPR in wave32 */
  if ((r->flags & F_VCC_R) && e32) add_op(info->src, &info->nsrc, VS_MAX_SRC, AMD_RF_S, AMD_S_VCC, lm);
  if ((r->flags & F_VCC_W) && e32) add_op(info->dst, &info->ndst, VS_MAX_DST, AMD_RF_S, AMD_S_VCC, lm);
  if (r->flags & F_EXEC_R) add_op(info->src, &info->nsrc, VS_MAX_SRC, AMD_RF_S, AMD_S_EXEC, lm);
  if (r->flags & F_EXEC_W) add_op(info->dst, &info->ndst, VS_MAX_DST, AMD_RF_S, AMD_S_EXEC, lm);
  if (r->flags & F_M0_R) add_op(info->src, &info->nsrc, VS_MAX_SRC, AMD_RF_S, AMD_S_M0, 1);
}

static size_t disasm(const vs_dinsn *d, vs_addr pc, char *buf, size_t n)
{
  if (d->op == UINT16_MAX) return (size_t)snprintf(buf, n, ".long 0x%08" PRIx32, d->w[0]);
  const amd_insn *I = amd_i(d);
  if (amd_family((amd_target)I->target) == 11) { /* the operands as decoded (gfx11_specials) */
    amd_insn J;
    if (amd_decode((amd_target)I->target, I->w, I->len / 4u, &J) > 0) return amd_disasm(&J, pc, buf, n);
  }
  return amd_disasm(I, pc, buf, n);
}

/* ---- reports ---- */
static void describe(const vs_warp *w, FILE *out)
{
  const amd_warp *a = (const amd_warp *)(const void *)w;
  const uint32_t *S = w->rf[AMD_RF_S];
  fprintf(out, "  exec 0x%016" PRIx64 "  vcc 0x%08" PRIx32 "%08" PRIx32 "  scc %u  m0 0x%08" PRIx32 "\n",
          (uint64_t)S[AMD_S_EXEC] | (uint64_t)S[AMD_S_EXEC + 1] << 32, S[AMD_S_VCC + 1], S[AMD_S_VCC], a->scc,
          S[AMD_S_M0]);
  fprintf(out, "  mode 0x%08" PRIx32 "  trapsts 0x%08" PRIx32 "  csp %u%s%s\n", a->mode, a->trapsts, a->csp,
          a->vskip ? "  vskip" : "", a->halted ? "  halted" : "");
}

static unsigned div_depth(const vs_warp *w)
{
  return ((const amd_warp *)(const void *)w)->csp;
}

static size_t div_describe(const vs_warp *w, int levels, const char *sep, char *buf, size_t n)
{
  const amd_warp *a = (const amd_warp *)(const void *)w;
  const uint32_t *S = w->rf[AMD_RF_S];
  uint64_t exec = (uint64_t)S[AMD_S_EXEC] | (uint64_t)S[AMD_S_EXEC + 1] << 32;
  if (!levels) return (size_t)snprintf(buf, n, "EXEC 0x%016" PRIx64 ", fork/join stack depth %u", exec, a->csp);
  size_t k = 0;
  for (unsigned i = a->csp; i-- > 0 && k < n;) { /* innermost first: {exec, pc} in s[4i .. 4i+3] */
    uint64_t m = (uint64_t)S[4 * i] | (uint64_t)S[4 * i + 1] << 32;
    uint64_t pc = (uint64_t)S[4 * i + 2] | (uint64_t)S[4 * i + 3] << 32;
    k += (size_t)snprintf(buf + k, n - k, "%sfork/join %u: pc 0x%" PRIx64 " exec 0x%016" PRIx64, sep, i, pc, m);
  }
  return k;
}

/* The AMD commit log (docs/amdgpu-exec.md): one line per instruction:
 *   <pc> <disassembly> [; <register>=<value> ...] [; memory accesses]
 * with the values of the registers it wrote (vector registers: the lanes
 * of EXEC as lane:value), then the memory accesses ([lane]<addr load,
 * [lane]>addr store). */
static void trace(FILE *out, const vs_warp *w, const vs_dinsn *d, vs_addr pc)
{
  char text[160];
  disasm(d, pc, text, sizeof text);
  fprintf(out, "%012" PRIx64 ": %s", pc, text);
  vs_insn_info info;
  insn_info(d, &info);
  for (unsigned i = 0; i < info.ndst; i++) {
    const vs_operand *o = &info.dst[i];
    if (o->file == AMD_RF_S) {
      for (unsigned k = 0; k < o->count; k++)
        fprintf(out, " s%u=0x%08" PRIx32, o->index + k, w->rf[AMD_RF_S][o->index + k]);
    } else {
      for (unsigned k = 0; k < o->count; k++) {
        fprintf(out, " v%u={", o->index + k);
        const uint32_t *row = &w->rf[AMD_RF_V][(o->index + k) * 64u];
        int first = 1;
        for (unsigned l = 0; l < 64; l++)
          if (w->active >> l & 1) {
            fprintf(out, "%s%u:0x%" PRIx32, first ? "" : ",", l, row[l]);
            first = 0;
          }
        fputc('}', out);
      }
    }
  }
  for (unsigned k = 0; w->memrec && k < w->memrec->n; k++) {
    const vs_memacc *a = &w->memrec->acc[k];
    fprintf(out, " [%u]%c%" PRIx64, a->lane, a->is_store ? '>' : '<', a->addr);
  }
  fputc('\n', out);
}

#define AMD_ISA(var, nm, dec, variant)                                                               \
  const vs_isa var = {                                                                               \
    .name = nm, .pc_mask = (((vs_addr)1) << 48) - 1, .warp_size = sizeof(amd_warp),                 \
    .regfiles = regfiles, .nregfiles = 2, .decode = dec,                                             \
    .launch_begin = amd_launch_begin, .launch_end = amd_launch_end, .wg_start = amd_wg_start,        \
    .warp_start = amd_warp_start, .div_depth = div_depth, .div_describe = div_describe,             \
    .disasm = disasm, .insn_info = insn_info, .describe = describe, .trace = trace,                 \
    .check_insn = amd_check_insn, .private_owner = amd_private_owner, .ended_is_arrived = 1,        \
    .decoder_for = variant,                                                                          \
    .resident_wgs = 16, /* work-groups waiting on GWS: the next ones start (exec_gws.c) */          \
  }

AMD_ISA(vs_isa_gfx900, "gfx900", decode900, NULL);
AMD_ISA(vs_isa_gfx906, "gfx906", decode906, NULL);
/* gfx1100: the device's ISA; a launch decodes its code for its wave size */
static const vs_isa *gfx1100_decoder(const vs_launch *l);
AMD_ISA(vs_isa_gfx1100, "gfx1100", decode1100, gfx1100_decoder);
static AMD_ISA(gfx1100w64, "gfx1100", decode1100w64, gfx1100_decoder);
static const vs_isa *gfx1100_decoder(const vs_launch *l)
{
  return l->wave_size == 64 ? &gfx1100w64 : &vs_isa_gfx1100;
}
