/* The Ventus front end as seen by the core (core/isa.h): decoding pages
 * into executable instructions, warp launch state, disassembly, operand
 * information and the commit log. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/isa.h"
#include "isa/ventus/disasm.h"
#include "isa/ventus/frontend.h"
#include "isa/ventus/vexec.h"

static const vs_regfile regfiles[VTU_NRF] = {
  [VTU_RF_X] = {"x", 256, 32, VS_RF_SCALAR, 0},
  [VTU_RF_V] = {"v", 256, 32, VS_RF_VECTOR, 0},
};

static const vs_exec_fn exec_table[VTU_NUM_INSNS] = {
#define INSN(id, mn, args, match, mask, cls, fl) vtu_x_##id,
#include "isa/ventus/insns.def"
#undef INSN
};

/* ---- decoding: a prefix word pairs with the word after it ---- */
static void decode(vs_dinsn *d, const uint32_t *w, unsigned nw, vs_addr pc)
{
  (void)pc;
  int ok = vtu_decode(w[0], nw > 1 ? w[1] : 0, nw > 1, d) == 0;
  /* a prefix that is not followed by an instruction it can extend runs
   * alone: its semantics report that */
  d->exec = (ok || (d->op < VTU_NUM_INSNS && vtu_rows[d->op].cls == VS_CLS_PREFIX))
                ? (d->op < VTU_NUM_INSNS ? exec_table[d->op] : vtu_x_illegal)
                : vtu_x_illegal;
}

static size_t disasm(const vs_dinsn *d, vs_addr pc, char *buf, size_t n)
{
  return vtu_disasm(d, (uint32_t)pc + d->len - 4, NULL, buf, n);
}

/* ---- operand information ---- */
static int pair_prefixed(const vs_dinsn *d)
{
  unsigned p = VTU_F(d)->aux & VTU_AUX_PFX_MASK;
  return p == VTU_AUX_REGPAIR || p == VTU_AUX_REGPAIRI;
}

static void add_operand(vs_operand *ops, uint8_t *n, unsigned max, unsigned file, unsigned index,
                        unsigned count, unsigned flags)
{
  if (*n >= max) return;
  ops[*n] = (vs_operand){(uint8_t)file, (uint8_t)count, (uint8_t)flags, (uint16_t)index};
  (*n)++;
}

/* Registers: x0 is not a dependence (always zero); a vector operand is an
 * LMUL group (VS_OPF_GROUP) unless the row's semantics use single
 * registers (VTU_F_ONE), and the 32-bit data register of a regpair'ed
 * load or store (even register n) is the pair n, n+1. */
static void insn_info(const vs_dinsn *d, vs_insn_info *info)
{
  memset(info, 0, sizeof *info);
  if (d->op >= VTU_NUM_INSNS) {
    info->cls = VS_CLS_ILLEGAL;
    return;
  }
  const vtu_row *r = &vtu_rows[d->op];
  const vtu_fields *f = VTU_F(d);
  info->cls = r->cls;
  /* barrier imm5: [2] image, [1] global, [0] local fence (spec 5) */
  if (r->cls == VS_CLS_BARRIER) info->fence = (uint8_t)(f->imm & 7);
  unsigned vflags = (r->flags & VTU_F_ONE) ? 0 : VS_OPF_GROUP;
  /* the data register of a pair load/store: D (loads), R (vse32.v), T (vsw12.v, vsw.v) */
  char pair_letter = 0;
  if ((r->flags & VTU_F_PAIR) && pair_prefixed(d)) {
    pair_letter = r->cls == VS_CLS_VLOAD ? 'D' : strchr(r->args, 'R') ? 'R' : 'T';
    unsigned reg = pair_letter == 'D' ? f->rd : pair_letter == 'R' ? f->rs3 : f->rs2;
    if (reg & 1) pair_letter = 0; /* an odd data register moves 32 bits */
  }
#define SRC(file, i, n, fl) add_operand(info->src, &info->nsrc, VS_MAX_SRC, file, i, n, fl)
#define DST(file, i, n, fl) add_operand(info->dst, &info->ndst, VS_MAX_DST, file, i, n, fl)
  for (const char *a = r->args; *a; a++) {
    unsigned n = *a == pair_letter ? 2 : 1;
    switch (*a) {
    case 'd': if (f->rd) DST(VTU_RF_X, f->rd, 1, 0); break;
    case 'D':
      DST(VTU_RF_V, f->rd, n, vflags);
      if (r->flags & VTU_F_ACC) SRC(VTU_RF_V, f->rd, n, vflags);
      break;
    case 's': if (f->rs1) SRC(VTU_RF_X, f->rs1, 1, 0); break;
    case 't': if (f->rs2) SRC(VTU_RF_X, f->rs2, 1, 0); break;
    case 'r': if (f->rs3) SRC(VTU_RF_X, f->rs3, 1, 0); break;
    case 'S': SRC(VTU_RF_V, f->rs1, n, vflags); break;
    case 'T': SRC(VTU_RF_V, f->rs2, n, vflags); break;
    case 'R': SRC(VTU_RF_V, f->rs3, n, vflags); break;
    case '0': SRC(VTU_RF_V, 0, 1, 0); break;   /* the v0 mask: one register */
    case 'M': if (!f->vm) SRC(VTU_RF_V, 0, 1, 0); break;
    default: break;
    }
  }
#undef SRC
#undef DST
}

static void describe(const vs_warp *w, FILE *out)
{
  const vtu_warp *t = (const vtu_warp *)w;
  static const char *const names[] = {"tid", "numw", "numt", "knl", "wgid", "wid", "lds",
                                      "pds", "gdx", "gdy", "gdz", "print", "rpc"};
  for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++)
    fprintf(out, "%s%s=0x%x", i ? " " : "", names[i], t->ccsr[i]);
  fprintf(out, " vl=%u vtype=0x%x fflags=0x%x frm=%u", t->vl, t->vtype, t->fflags, t->frm);
}

/* ---- commit log in the reference simulator's format (spec section 9) ---- */
/* "mnemonic\toperands" -> mnemonic padded to 7 columns, as the reference
 * simulator lays it out (operands keep our syntax) */
static const char *spike_text(char *text)
{
  static _Thread_local char buf[200];
  char *tab = strchr(text, '\t');
  if (!tab) return text;
  *tab = '\0';
  snprintf(buf, sizeof buf, "%-7s %s", text, tab + 1);
  return buf;
}

static void trace(FILE *out, const vs_warp *w, const vs_dinsn *d, vs_addr pc64)
{
  uint32_t pc = (uint32_t)pc64;
  const vtu_warp *t = (const vtu_warp *)w;
  char text[160];
  vtu_disasm_opts o = {0};
  o.numeric_regs = 1;
  o.csr_names = 1;
  int core = (int)w->wid;
  uint32_t ipc = pc;
  if (d->len == 8) { /* the prefix has its own (empty) commit */
    vs_dinsn p;
    vtu_decode_word(vtu_pword(d), &p);
    vtu_disasm(&p, pc, &o, text, sizeof text);
    fprintf(out, "core %3d: 0x%08x (0x%08x) %s\n", core, pc, vtu_pword(d), spike_text(text));
    fprintf(out, "core %3d: 3 0x%08x (0x%08x)\n", core, pc, vtu_pword(d));
    ipc = pc + 4;
  }
  vtu_disasm(d, ipc, &o, text, sizeof text);
  fprintf(out, "core %3d: 0x%08x (0x%08x) %s\n", core, ipc, vtu_word(d), spike_text(text));
  fprintf(out, "core %3d: 3 0x%08x (0x%08x)", core, ipc, vtu_word(d));
  vs_insn_info info;
  insn_info(d, &info);
  const vtu_row *r = &vtu_rows[d->op];
  /* the reference simulator reports vstart after its vector instructions */
  int vector;
  switch (r->cls) {
  case VS_CLS_VALU: case VS_CLS_VMUL: case VS_CLS_VDIV: case VS_CLS_VFPU: case VS_CLS_VFMA:
  case VS_CLS_VSFU: case VS_CLS_VLOAD: case VS_CLS_VSTORE: case VS_CLS_VAMO: case VS_CLS_VCFG:
    vector = 1;
    break;
  case VS_CLS_SIMT:
    vector = d->op != VTU_JOIN && d->op != VTU_SETRPC;
    break;
  default:
    vector = 0;
    break;
  }
  for (unsigned k = 0; k < info.ndst; k++) {
    /* (the first register of a pair or group, as the reference simulator) */
    unsigned idx = info.dst[k].index;
    if (info.dst[k].file == VTU_RF_X && (r->flags & VTU_F_FRD)) {
      fprintf(out, " f%-2u 0xffffffff%08x", idx, VTU_X(w)[idx]);
    } else if (info.dst[k].file == VTU_RF_X) {
      fprintf(out, " x%-2u 0x%08x", idx, VTU_X(w)[idx]);
    } else {
      unsigned reg = idx, n = t->vl < w->nlanes ? t->vl : w->nlanes;
      const uint32_t *v = VTU_V(w) + (size_t)reg * w->nlanes;
      fprintf(out, " e32 m%u l%u v%-3u%08" PRIx64, t->lmul, t->vl, reg, (uint64_t)w->active);
      for (unsigned e = n; e-- > 0;) fprintf(out, e + 1 == n ? " 0x%08x" : " %08x", v[e]);
      fputc(' ', out);
    }
  }
  if (vector) fprintf(out, " c8_vstart 0x%08x", t->vstart);
  if (vs_cls_is(r->cls, VS_CP_FLOAT) && t->fflags_raised) fprintf(out, " c1_fflags 0x%08x", t->fflags);
  if (r->cls == VS_CLS_VCFG)
    fprintf(out, " c3104_vl 0x%08x c3105_vtype 0x%08x c768_mstatus 0x%08x", t->vl, t->vtype, t->mstatus);
  if (r->cls == VS_CLS_SIMT) {
    if (d->op == VTU_SETRPC) fprintf(out, " c2060_rpc 0x%08x", t->ccsr[VTU_CSR_RPC - VTU_CSR_TID]);
    fprintf(out, " current mask:\t%08" PRIx64 " current npc:\t%08x stack size: %x", (uint64_t)w->active,
            (uint32_t)w->pc, t->sp);
  }
  if (r->cls == VS_CLS_CSR && d->op != VTU_NUM_INSNS) {
    unsigned csr = (unsigned)VTU_F(d)->imm & 0xfff;
    int writes = !((d->op == VTU_CSRRS || d->op == VTU_CSRRC || d->op == VTU_CSRRSI || d->op == VTU_CSRRCI) && VTU_F(d)->rs1 == 0);
    uint32_t v;
    if (writes && vtu_csr_read((vs_warp *)w, csr, &v) == 0) {
      const char *nm = vtu_csr_name(csr, 1);
      fprintf(out, " c%u_%s 0x%08x", csr, nm ? nm : "csr", v);
    }
  }
  if (w->memrec)
    for (unsigned k = 0; k < w->memrec->n; k++) {
      const vs_memacc *a = &w->memrec->acc[k];
      if (a->is_store) fprintf(out, " mem 0x%08x 0x%0*x", (uint32_t)a->addr, a->size * 2, a->value.w[0]);
      else fprintf(out, " mem 0x%08x", (uint32_t)a->addr);
    }
  fputc('\n', out);
}

/* ---- the SIMT stack for reports, statistics and debuggers ---- */
static unsigned div_depth(const vs_warp *w)
{
  return ((const vtu_warp *)w)->sp;
}

static size_t div_describe(const vs_warp *w, int levels, const char *sep, char *buf, size_t n)
{
  const vtu_warp *t = (const vtu_warp *)w;
  if (!levels) return (size_t)snprintf(buf, n, "SIMT stack depth %u", t->sp);
  size_t k = 0;
  for (uint32_t i = t->sp; i-- > 0;) {
    int m = snprintf(buf + (k < n ? k : n), k < n ? n - k : 0, "%s[%u] rpc 0x%08x pc 0x%08x mask 0x%" PRIx64,
                     sep, i, t->stack[i].rpc, t->stack[i].pc, (uint64_t)t->stack[i].mask);
    k += m > 0 ? (size_t)m : 0;
  }
  return k;
}

static void warp_free(vs_warp *w)
{
  free(VTU(w)->stack);
}

static void print_done(vs_warp *w)
{
  VTU(w)->ccsr[VTU_CSR_PRINT - VTU_CSR_TID] = 0;
}

const vs_isa vs_isa_ventus = {
  .name = "ventus",
  .pc_mask = UINT32_MAX,
  .warp_size = sizeof(vtu_warp),
  .regfiles = regfiles,
  .nregfiles = VTU_NRF,
  .decode = decode,
  .launch_begin = vtu_launch_begin,
  .launch_end = vtu_launch_end,
  .wg_start = vtu_wg_start,
  .warp_start = vtu_warp_start,
  .warp_free = warp_free,
  .div_depth = div_depth,
  .div_describe = div_describe,
  .disasm = disasm,
  .insn_info = insn_info,
  .describe = describe,
  .trace = trace,
  .print_done = print_done,
  .private_owner = vtu_private_owner,
  .ended_is_arrived = 1, /* spec 5: ended warps count as arrived */
};
