/* The toy ISA (toy.h): a complete front end in one file.  It uses nothing
 * of src/isa/ventus; what it fills in is what every front end provides --
 * docs/dev/isa-interface.md explains each part. */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "core/check.h"
#include "core/isa.h"
#include "core/launch.h"
#include "sim/registry.h"
#include "timing/profile.h"
#include "toy/toy.h"
#include "ventsim/stats.h"

/* ---- register files: 4 scalar registers of 64 bits, 16 vector ones ---- */

enum { RF_S = 0, RF_V = 1 };
static const vs_regfile regfiles[] = {
  {"s", 4, 64, VS_RF_SCALAR, 0},
  {"v", 16, 32, VS_RF_VECTOR, 0},
};

/* scalar register r: two words, low first */
static inline uint64_t sreg(const vs_warp *w, unsigned r)
{
  return w->rf[RF_S][2 * r] | (uint64_t)w->rf[RF_S][2 * r + 1] << 32;
}

static inline void set_sreg(vs_warp *w, unsigned r, uint64_t v)
{
  w->rf[RF_S][2 * r] = (uint32_t)v;
  w->rf[RF_S][2 * r + 1] = (uint32_t)(v >> 32);
}

/* vector register r: one word per lane */
static inline uint32_t *vreg(vs_warp *w, unsigned r)
{
  return &w->rf[RF_V][r * w->nlanes];
}

/* ---- the warp: the core's part first, then the front end's ---- */

typedef struct toy_warp {
  vs_warp w;
  uint64_t loads;          /* load instructions executed (for describe) */
  /* the kernel checker (check_insn): loads whose data may still be in
   * flight, oldest first -- their destination register and pc */
  unsigned nflight;
  uint8_t flight_reg[16];
  vs_addr flight_pc[16];
} toy_warp;

/* ---- decoded instructions: the payload holds the operand fields ---- */

typedef struct toy_fields {
  uint8_t a, b, c;
  uint32_t imm;
} toy_fields;
_Static_assert(sizeof(toy_fields) <= VS_DINSN_PAYLOAD, "the payload holds the fields");

static inline const toy_fields *fields(const vs_dinsn *d)
{
  return (const toy_fields *)(const void *)d->payload;
}

#define LANES(w, l) for (unsigned l = 0; l < (w)->nlanes; l++) if ((w)->active >> l & 1)

/* ---- semantics: results, the next pc, an event ---- */

static int x_tid(vs_warp *w, const vs_dinsn *d)
{
  uint32_t *a = vreg(w, fields(d)->a);
  uint64_t first = sreg(w, fields(d)->c);
  LANES(w, l) a[l] = (uint32_t)(first + l);
  w->pc += d->len;
  return 0;
}

static int x_li(vs_warp *w, const vs_dinsn *d)
{
  uint32_t *a = vreg(w, fields(d)->a);
  LANES(w, l) a[l] = fields(d)->imm;
  w->pc += d->len;
  return 0;
}

static int x_add(vs_warp *w, const vs_dinsn *d)
{
  const toy_fields *f = fields(d);
  uint32_t *a = vreg(w, f->a), *b = vreg(w, f->b), *c = vreg(w, f->c);
  LANES(w, l) a[l] = b[l] + c[l];
  w->pc += d->len;
  return 0;
}

static int x_div(vs_warp *w, const vs_dinsn *d)
{
  const toy_fields *f = fields(d);
  uint32_t *a = vreg(w, f->a), *b = vreg(w, f->b), *c = vreg(w, f->c);
  LANES(w, l) a[l] = c[l] ? b[l] / c[l] : UINT32_MAX;
  w->pc += d->len;
  return 0;
}

/* LD and LD64: size 4 or 8 bytes into va (and va+1) */
static int load(vs_warp *w, const vs_dinsn *d, unsigned size)
{
  const toy_fields *f = fields(d);
  uint32_t *a = vreg(w, f->a), *a1 = size > 4 ? vreg(w, f->a + 1u) : NULL, *b = vreg(w, f->b);
  uint64_t base = sreg(w, f->c);
  LANES(w, l) {
    vs_addr addr = base + b[l];
    uint32_t v[2] = {0, 0};
    int mf = vs_mem_load(w->mem, addr, v, size); /* any alignment */
    if (mf) return vs_warp_memfault(w, mf, addr, size, 0);
    vs_memrec_add(w, addr, v, size, l, 0, VS_SPACE_GLOBAL);
    a[l] = v[0];
    if (a1) a1[l] = v[1];
  }
  ((toy_warp *)w)->loads++;
  w->pc += d->len;
  return 0;
}

static int x_ld(vs_warp *w, const vs_dinsn *d) { return load(w, d, 4); }
static int x_ld64(vs_warp *w, const vs_dinsn *d) { return load(w, d, 8); }

static int x_st(vs_warp *w, const vs_dinsn *d)
{
  const toy_fields *f = fields(d);
  uint32_t *a = vreg(w, f->a), *b = vreg(w, f->b);
  uint64_t base = sreg(w, f->c);
  LANES(w, l) {
    vs_addr addr = base + a[l];
    int mf = vs_mem_store(w->mem, addr, &b[l], 4);
    if (mf) return vs_warp_memfault(w, mf, addr, 4, 1);
    vs_memrec_add(w, addr, &b[l], 4, l, 1, VS_SPACE_GLOBAL);
  }
  w->pc += d->len;
  return 0;
}

/* LLD and LST: local memory, the work-group's window */
static int x_lld(vs_warp *w, const vs_dinsn *d)
{
  const toy_fields *f = fields(d);
  uint32_t *a = vreg(w, f->a), *b = vreg(w, f->b);
  const vs_wg *wg = w->wg;
  LANES(w, l) {
    if ((uint64_t)b[l] + 4 > wg->lds_bytes)
      return vs_warp_fault(w, VS_FAULT_UNMAPPED, wg->lds_base + b[l],
                           "local offset 0x%x is outside the %" PRIu64 " bytes of local memory", b[l],
                           wg->lds_bytes);
    vs_addr addr = wg->lds_base + b[l];
    uint32_t v;
    int mf = vs_mem_load(w->mem, addr, &v, 4);
    if (mf) return vs_warp_memfault(w, mf, addr, 4, 0);
    vs_memrec_add(w, addr, &v, 4, l, 0, VS_SPACE_LOCAL);
    a[l] = v;
  }
  w->pc += d->len;
  return 0;
}

static int x_lst(vs_warp *w, const vs_dinsn *d)
{
  const toy_fields *f = fields(d);
  uint32_t *a = vreg(w, f->a), *b = vreg(w, f->b);
  const vs_wg *wg = w->wg;
  LANES(w, l) {
    if ((uint64_t)a[l] + 4 > wg->lds_bytes)
      return vs_warp_fault(w, VS_FAULT_UNMAPPED, wg->lds_base + a[l],
                           "local offset 0x%x is outside the %" PRIu64 " bytes of local memory", a[l],
                           wg->lds_bytes);
    vs_addr addr = wg->lds_base + a[l];
    int mf = vs_mem_store(w->mem, addr, &b[l], 4);
    if (mf) return vs_warp_memfault(w, mf, addr, 4, 1);
    vs_memrec_add(w, addr, &b[l], 4, l, 1, VS_SPACE_LOCAL);
  }
  w->pc += d->len;
  return 0;
}

static int x_wait(vs_warp *w, const vs_dinsn *d) /* timing only */
{
  w->pc += d->len;
  return 0;
}

static int x_bar(vs_warp *w, const vs_dinsn *d)
{
  w->pc += d->len; /* the core wants the pc past the barrier */
  return VS_EV_BARRIER;
}

static int x_end(vs_warp *w, const vs_dinsn *d)
{
  (void)w;
  (void)d;
  return VS_EV_END;
}

static int x_illegal(vs_warp *w, const vs_dinsn *d)
{
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "illegal toy instruction 0x%08" PRIx32, d->w[0]);
}

/* ---- decoding ---- */

static const struct row {
  const char *name;
  vs_exec_fn exec;
  uint8_t cls;
  const char *form; /* the fields a, b, c: v = vector register, s = scalar
                       register, i = the immediate, n = a count, _ = unused */
} rows[] = {
  [0] = {"illegal", x_illegal, VS_CLS_ILLEGAL, ""},
  [TOY_TID] = {"tid", x_tid, VS_CLS_VALU, "v_s"},
  [TOY_LI] = {"li", x_li, VS_CLS_VALU, "vi"},
  [TOY_ADD] = {"add", x_add, VS_CLS_VALU, "vvv"},
  [TOY_DIV] = {"div", x_div, VS_CLS_VDIV, "vvv"},
  [TOY_LD] = {"ld", x_ld, VS_CLS_VLOAD, "vvs"},
  [TOY_LD64] = {"ld64", x_ld64, VS_CLS_VLOAD, "vvs"},
  [TOY_ST] = {"st", x_st, VS_CLS_VSTORE, "vvs"},
  [TOY_WAIT] = {"wait", x_wait, VS_CLS_WAITCNT, "__n"},
  [TOY_BAR] = {"bar", x_bar, VS_CLS_BARRIER, ""},
  [TOY_END] = {"end", x_end, VS_CLS_ENDPRG, ""},
  [TOY_LLD] = {"lld", x_lld, VS_CLS_LDS, "vv"},
  [TOY_LST] = {"lst", x_lst, VS_CLS_LDS, "vv"},
};
#define NROWS (sizeof rows / sizeof rows[0])

static void decode(vs_dinsn *d, const uint32_t *w, unsigned nw, vs_addr pc)
{
  (void)pc;
  toy_fields *f = (toy_fields *)(void *)d->payload;
  memset(f, 0, sizeof *f);
  memset(d->w, 0, sizeof d->w);
  d->w[0] = w[0];
  d->len = 4;
  unsigned op = w[0] >> 24;
  f->a = (uint8_t)(w[0] >> 16);
  f->b = (uint8_t)(w[0] >> 8);
  f->c = (uint8_t)w[0];
  int ok = op > 0 && op < NROWS;
  if (ok) { /* register numbers in range; LI's second word there */
    const char *form = rows[op].form;
    const uint8_t reg[3] = {f->a, f->b, f->c};
    for (unsigned k = 0; form[k] && k < 3; k++)
      if ((form[k] == 'v' && reg[k] >= 16) || (form[k] == 's' && reg[k] >= 4)) ok = 0;
    if (op == TOY_LD64 && f->a >= 15) ok = 0; /* the pair va, va+1 */
    if (op == TOY_LI) {
      if (nw < 2) ok = 0; /* cut short: the end of mapped memory */
      else {
        d->w[1] = w[1];
        f->imm = w[1];
        d->len = 8;
      }
    }
  }
  if (!ok) op = 0;
  d->op = (uint16_t)op;
  d->cls = rows[op].cls;
  d->exec = rows[op].exec;
}

/* ---- what the timing model, statistics and traces read ---- */

static vs_operand reg(unsigned file, unsigned index, unsigned count)
{
  return (vs_operand){(uint8_t)file, (uint8_t)count, 0, (uint16_t)index};
}

static void insn_info(const vs_dinsn *d, vs_insn_info *info)
{
  memset(info, 0, sizeof *info);
  memset(info->wait, VS_WAIT_ANY, sizeof info->wait);
  const toy_fields *f = fields(d);
  info->cls = d->cls;
  switch (d->op) {
  case TOY_TID:
    info->dst[info->ndst++] = reg(RF_V, f->a, 1);
    info->src[info->nsrc++] = reg(RF_S, f->c, 1);
    break;
  case TOY_LLD:
    info->dst[info->ndst++] = reg(RF_V, f->a, 1);
    info->src[info->nsrc++] = reg(RF_V, f->b, 1);
    break;
  case TOY_LST:
    info->src[info->nsrc++] = reg(RF_V, f->a, 1);
    info->src[info->nsrc++] = reg(RF_V, f->b, 1);
    break;
  case TOY_LI:
    info->dst[info->ndst++] = reg(RF_V, f->a, 1);
    break;
  case TOY_ADD: case TOY_DIV:
    info->dst[info->ndst++] = reg(RF_V, f->a, 1);
    info->src[info->nsrc++] = reg(RF_V, f->b, 1);
    info->src[info->nsrc++] = reg(RF_V, f->c, 1);
    break;
  case TOY_LD: case TOY_LD64:
    info->dst[info->ndst++] = reg(RF_V, f->a, d->op == TOY_LD64 ? 2 : 1);
    info->src[info->nsrc++] = reg(RF_V, f->b, 1);
    info->src[info->nsrc++] = reg(RF_S, f->c, 1);
    break;
  case TOY_ST:
    info->src[info->nsrc++] = reg(RF_V, f->a, 1);
    info->src[info->nsrc++] = reg(RF_V, f->b, 1);
    info->src[info->nsrc++] = reg(RF_S, f->c, 1);
    break;
  case TOY_WAIT:
    info->wait[VS_CNT_VM] = f->c;
    break;
  default:
    break;
  }
}

static size_t disasm(const vs_dinsn *d, vs_addr pc, char *buf, size_t n)
{
  (void)pc;
  const toy_fields *f = fields(d);
  const char *form = rows[d->op].form;
  size_t k = (size_t)snprintf(buf, n, "%s", d->op ? rows[d->op].name : "illegal");
  const uint8_t r[3] = {f->a, f->b, f->c};
  for (unsigned i = 0, nops = 0; form[i]; i++) {
    if (form[i] == '_') continue;
    const char *sep = nops++ ? ", " : " ";
    if (k >= n) break;
    if (form[i] == 'v' || form[i] == 's') k += (size_t)snprintf(buf + k, n - k, "%s%c%u", sep, form[i], r[i]);
    else if (form[i] == 'i') k += (size_t)snprintf(buf + k, n - k, "%s0x%" PRIx32, sep, f->imm);
    else k += (size_t)snprintf(buf + k, n - k, "%s%u", sep, r[i]);
  }
  return k;
}

static void describe(const vs_warp *w, FILE *out)
{
  fprintf(out, "  toy: %" PRIu64 " loads, s2 = %" PRIu64 "\n", ((const toy_warp *)w)->loads, sreg(w, 2));
}

/* "pc: instruction" and the memory accesses */
static void trace(FILE *out, const vs_warp *w, const vs_dinsn *d, vs_addr pc)
{
  char text[64];
  disasm(d, pc, text, sizeof text);
  fprintf(out, "%" PRIx64 ": %s", pc, text);
  for (unsigned k = 0; w->memrec && k < w->memrec->n; k++) {
    const vs_memacc *a = &w->memrec->acc[k];
    fprintf(out, " [%u]%c%" PRIx64, a->lane, a->is_store ? '>' : '<', a->addr);
  }
  fputc('\n', out);
}

/* ---- launches ---- */

static int launch_begin(vs_launch_ctx *c, vs_error *err)
{
  const vs_launch *l = c->l;
  const toy_abi *a = l->abi;
  if (!a || l->abi_size != sizeof *a || a->magic != TOY_MAGIC)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': the toy ISA needs a toy_abi block", l->name);
  if (l->dims != 1)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': the toy ISA runs 1-D launches only", l->name);
  if (l->private_bytes)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': the toy ISA has no private memory", l->name);
  if (l->lds_bytes > TOY_LDS_WINDOW)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': %u bytes of local memory (at most %u)", l->name,
                        l->lds_bytes, TOY_LDS_WINDOW);
  /* a local-memory window for each work-group slot, mapped while the
   * launch runs (vs_launch_map unmaps them at its end) */
  if (l->lds_bytes)
    for (unsigned s = 0; s < c->nslots; s++)
      if (vs_launch_map(c, TOY_LDS_BASE + (vs_addr)s * TOY_LDS_WINDOW, l->lds_bytes, "toy local memory", err))
        return -1;
  c->isa_state = (void *)(uintptr_t)a; /* lives as long as the launch */
  c->lds_per_wg = l->lds_bytes;       /* what the timing model reserves on an SM */
  return 0;
}

/* A work-group starting in slot wg->slot gets that slot's window */
static void wg_start(const vs_launch_ctx *c, vs_wg *wg)
{
  wg->lds_base = TOY_LDS_BASE + (vs_addr)wg->slot * TOY_LDS_WINDOW;
  wg->lds_bytes = c->l->lds_bytes;
}

/* The core zeroed the registers and set pc, the active mask, wid, wg and
 * nlanes: the launch's values go into s0..s2, the toy's state is reset. */
static void warp_start(const vs_launch_ctx *c, vs_warp *w)
{
  const toy_abi *a = c->isa_state;
  const vs_launch *l = c->l;
  set_sreg(w, 0, a->in);
  set_sreg(w, 1, a->out);
  set_sreg(w, 2, l->offset[0] + (uint64_t)w->wg->gx * l->local[0] + (uint64_t)w->wid * l->wave_size);
  set_sreg(w, 3, (uint64_t)w->wid * l->wave_size);
  ((toy_warp *)w)->loads = 0;
  ((toy_warp *)w)->nflight = 0;
}

/* The checker's ISA hook (core/check.h), the "waits" check in small: a
 * load's data arrives only after a WAIT that leaves fewer loads
 * outstanding (as AMD's s_waitcnt vmcnt), so reading its destination
 * before is a missing wait, though the functional engine (where loads
 * complete at once) gives the right result. */
static void check_insn(vs_warp *w, const vs_dinsn *d, vs_addr pc, const vs_check_sink *sink)
{
  toy_warp *t = (toy_warp *)w;
  const toy_fields *f = fields(d);
  uint8_t src[2] = {0, 0};
  unsigned nsrc = 0;
  switch (d->op) {
  case TOY_ADD: case TOY_DIV: src[0] = f->b; src[1] = f->c; nsrc = 2; break;
  case TOY_LD: case TOY_LD64: case TOY_LLD: src[0] = f->b; nsrc = 1; break;
  case TOY_ST: case TOY_LST: src[0] = f->a; src[1] = f->b; nsrc = 2; break;
  case TOY_WAIT: { /* the oldest complete first */
    unsigned keep = f->a < t->nflight ? f->a : t->nflight;
    memmove(t->flight_reg, t->flight_reg + (t->nflight - keep), keep);
    memmove(t->flight_pc, t->flight_pc + (t->nflight - keep), keep * sizeof *t->flight_pc);
    t->nflight = keep;
    return;
  }
  default: break;
  }
  for (unsigned k = 0; k < t->nflight; k++) /* (once per load, however many operands read it) */
    if ((nsrc > 0 && t->flight_reg[k] == src[0]) || (nsrc > 1 && t->flight_reg[k] == src[1]))
      vs_check_reportf(sink, w, VS_CHECK_WAITS, pc, t->flight_pc[k],
                       "reads v%u, which the load at 0x%" PRIx64 " may still be writing (no WAIT)",
                       t->flight_reg[k], t->flight_pc[k]);
  if ((d->op == TOY_LD || d->op == TOY_LD64) && t->nflight < 16) {
    t->flight_reg[t->nflight] = f->a;
    t->flight_pc[t->nflight++] = pc;
  }
}

static const vs_isa toy_isa = {
  .name = "toy",
  .pc_mask = 0, /* 64-bit pcs */
  .warp_size = sizeof(toy_warp),
  .regfiles = regfiles,
  .nregfiles = 2,
  .decode = decode,
  .launch_begin = launch_begin,
  .wg_start = wg_start,
  .warp_start = warp_start,
  .disasm = disasm,
  .insn_info = insn_info,
  .describe = describe,
  .trace = trace,
  .check_insn = check_insn,
  /* no per-launch state to free, no divergence (all lanes always take
   * the same path), no print buffer: launch_end, warp_free, div_depth,
   * div_describe and print_done stay NULL; no register grouping either
   * (vs_warp.reg_group stays 1) */
};

static const vs_isa_entry toy_entry = {
  "toy", "the toy ISA of the tests (tests/toy/toy.h)", &toy_isa, NULL, NULL, 0,
};

/* ---- timing profiles ---- */

static vs_tprofile profiles[3];

static unsigned simd_by_slot(unsigned slot, unsigned nsimd)
{
  return slot % nsimd;
}

static unsigned bank0(unsigned slot, unsigned file, unsigned reg, unsigned nbanks)
{
  (void)slot;
  (void)file;
  (void)reg;
  (void)nbanks;
  return 0;
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int reg_rc;
static vs_error reg_err;

static void register_once(void)
{
  /* the Ventus units and ports; loads are waited for with WAIT */
  vs_tprofile p = vs_tprofile_ventus;
  p.name = "toy";
  p.interlock = VS_IL_WAITCNT;
  p.store_counter = VS_CNT_VM;
  profiles[0] = p;
  p.name = "toy-simd2";
  p.nsimd = 2;
  p.simd_of = simd_by_slot;
  profiles[1] = p;
  p = profiles[0];
  p.name = "toy-bank0";
  p.bank = bank0;
  profiles[2] = p;
  reg_rc = vs_isa_register(&toy_entry, &reg_err);
}

int toy_register(vs_error *err)
{
  pthread_once(&once, register_once);
  if (reg_rc && err) *err = reg_err;
  return reg_rc;
}

const struct vs_tprofile *toy_profile(int which)
{
  return which >= 0 && which < 3 ? &profiles[which] : NULL;
}
