/* The AMD checks of the kernel checker (docs/checker.md "hazards" and
 * "waits"): the front end's vs_isa.check_insn for gfx900/gfx906/gfx1100.
 *
 * hazards: seed 000 section 4.5 ("manually inserted wait states", table
 * 8): dependencies the hardware does not check, which the program must
 * resolve with s_nop or independent instructions.  Each rule below is one
 * row of that table: what the first instruction did, what the second does,
 * and the wait states required between them.  Every instruction provides
 * one wait state; s_nop N provides N+1 (the Vega ISA's S_NOP: SIMM16[3:0]
 * + 1).  A ring of the last instructions (what they wrote) is enough: no
 * rule looks back further than 5 wait states.
 *
 * waits: seed 000 section 4.4: VM_CNT counts vector memory operations
 * (MUBUF, MTBUF, MIMG, GLOBAL, SCRATCH, FLAT), which return in issue order;
 * LGKM_CNT counts LDS, GDS, scalar memory and messages, each type in order
 * but the types out of order with each other, and scalar memory reads out
 * of order even among themselves (only lgkmcnt(0) makes them complete);
 * FLAT counts in both (its data may come from LDS).  An operation still
 * counted may not have written its destination registers yet: reading one
 * of them (or writing one: the late return would overwrite it) before an
 * s_waitcnt that guarantees the return is a missing wait.
 * s_waitcnt CNT(N) guarantees an operation returned when, had it not, the
 * counter would be above N: the operation itself plus the younger ones of
 * its own in-order type (which return after it) number more than N.  For
 * an out-of-order type only N = 0 does.  A FLAT operation returned when
 * either of its counters says so.  On gfx9 store data is read at issue
 * (the table's one-wait-state rule for wide stores aside), so only
 * destinations are tracked.
 *
 * gfx1100 (RDNA3; docs/checker.md "RDNA3"): none of table 8's wait-state
 * rules (seed 002: "inserting S_NOP is not needed for correct operation";
 * LLVM 19 emits none either); two hazards the program resolves with
 * s_waitcnt_depctr (check_hazards11: a transcendental's result read by a
 * VALU too soon; check_maskwrite11, wave64: an SGPR lane mask rewritten
 * by an SALU), and seed 002's counters for the waits:
 * VMcnt for loads and returning atomics, VScnt for stores and atomics that
 * do not return (both in issue order), LGKMcnt as on gfx9 plus
 * s_sendmsg_rtn (out of order: only lgkmcnt(0)), EXPcnt for LDS
 * parameter/direct loads. */
#include <inttypes.h>
#include <string.h>

#include "isa/amdgpu/check.h"
#include "isa/amdgpu/exec.h"
#include "isa/amdgpu/frontend.h"

/* Return-order types within a counter */
enum { AMD_CHKT_VMEM, AMD_CHKT_LDS, AMD_CHKT_GDS, AMD_CHKT_SMEM, AMD_CHKT_FLAT, AMD_CHKT_MSG, AMD_CHKT_LDSDIR };
/* The most each counter holds: gfx9 vmcnt 6 bits, lgkmcnt 4 bits; gfx11
 * vmcnt, lgkmcnt, vscnt 6 bits, expcnt 3 bits (the s_waitcnt fields) */
static const unsigned cnt_max9[AMD_CHK_NCNT] = {63, 15, 0, 0};
static const unsigned cnt_max11[AMD_CHK_NCNT] = {63, 63, 63, 7};
static const char *const cnt_name[AMD_CHK_NCNT] = {"vmcnt", "lgkmcnt", "vscnt", "expcnt"};

/* What an instruction did, for the rules: flags of amd_chk_ent */
#define AMD_CHKE_VALU    0x001u
#define AMD_CHKE_SALU    0x002u
#define AMD_CHKE_VCC     0x004u /* wrote VCC                          */
#define AMD_CHKE_EXEC    0x008u /* wrote EXEC                         */
#define AMD_CHKE_M0      0x010u /* wrote M0                           */
#define AMD_CHKE_SETREG  0x020u /* s_setreg: hwreg, hwmask            */
#define AMD_CHKE_VSKIP   0x040u /* s_setvskip                         */
#define AMD_CHKE_STDATA  0x080u /* a wide store: v_first/v_count hold its data */

/* The instruction being checked */
typedef struct cur {
  const amd_insn *I;
  const amd_row *r;
  unsigned row;
  int is11;             /* gfx11: its rows are AMD11_*; no hazard rules */
  unsigned lm;          /* SGPRs of a lane mask (VCC, EXEC): 1 in wave32 */
  int vector;           /* executes on the SIMD (VALU, VMEM, DS ...)   */
  int valu, vmem, dpp;
  unsigned nread, nwrite;
  struct { uint8_t file, count, role; uint16_t first; } read[10], write[4];
  /* check_hazards: the SGPRs written by the instructions after the entry
   * being looked at (a later write, e.g. by an SALU, replaces the value
   * the entry wrote: that entry's rule no longer applies to them) */
  uint64_t later[2];
} cur;

static int enc_is_vmem(unsigned enc)
{
  return enc == AMD_ENC_MUBUF || enc == AMD_ENC_MTBUF || enc == AMD_ENC_MIMG || enc == AMD_ENC_FLAT ||
         enc == AMD_ENC_GLOBAL || enc == AMD_ENC_SCRATCH;
}

static int cls_is_valu(unsigned cls)
{
  return cls == AMD_CLS_VALU || cls == AMD_CLS_VALU64 || cls == AMD_CLS_VTRANS;
}

static void add_reg(cur *c, int write, unsigned file, unsigned first, unsigned count, unsigned role)
{
  if (count == 0) return;
  if (write) {
    if (c->nwrite < 4) {
      c->write[c->nwrite].file = (uint8_t)file;
      c->write[c->nwrite].first = (uint16_t)first;
      c->write[c->nwrite].count = (uint8_t)count;
      c->write[c->nwrite++].role = (uint8_t)role;
    }
  } else if (c->nread < 10) {
    c->read[c->nread].file = (uint8_t)file;
    c->read[c->nread].first = (uint16_t)first;
    c->read[c->nread].count = (uint8_t)count;
    c->read[c->nread++].role = (uint8_t)role;
  }
}

/* The register operands of row r, from op[k] up to op[end] */
static void add_row_ops(cur *c, const amd_insn *I, const amd_row *r, unsigned k, unsigned end, int atomic_rtn)
{
  for (unsigned i = 0; i < r->nops && k < end; i++) {
    if (I->f.ctl & AMD_CTL_SKIP(i)) continue;
    const amd_operand *o = &I->f.op[k++];
    unsigned role = r->ops[i].role, file, index;
    if (o->kind == AMD_OPK_VGPR) { file = AMD_RF_V; index = o->val; }
    else if (amd_is_sreg(o)) { file = AMD_RF_S; index = amd_sidx(o); }
    else continue;
    unsigned count = o->size ? o->size : 1;
    if (index + count > (file == AMD_RF_S ? AMD_NSREG : AMD_NVREG)) continue;
    int dst = amd_role_is_dst(r, role), src = amd_role_is_src(r, role);
    if (dst && (role == AMD_R_VDATA || role == AMD_R_SDATA) && amd_role_is_src(r, role)) dst = atomic_rtn;
    if (dst) add_reg(c, 1, file, index, count, role);
    if (src) add_reg(c, 0, file, index, count, role);
  }
}

/* The operands it reads and writes, by role (as insn_info) and implicitly */
static void describe_cur(cur *c, const vs_dinsn *d)
{
  memset(c, 0, sizeof *c);
  const amd_insn *I = amd_i(d);
  const amd_row *r = amd_row_of(I);
  c->I = I;
  c->r = r;
  c->row = I->row;
  c->is11 = I->target >= AMD_GFX1100;
  c->lm = I->target == AMD_GFX1100 ? 1 : 2;
  c->valu = cls_is_valu(r->cls) || (r->cls == AMD_CLS_VINTRP && r->enc != AMD_ENC_LDSDIR);
  c->vmem = enc_is_vmem(r->enc);
  c->vector = c->valu || c->vmem || r->cls == AMD_CLS_DS || r->cls == AMD_CLS_DS_GWS || r->cls == AMD_CLS_EXP ||
              r->enc == AMD_ENC_LDSDIR;
  c->dpp = I->f.form == AMD_FORM_DPP || I->f.form == AMD_FORM_DPP8 || I->f.form == AMD_FORM_E64_DPP ||
           I->f.form == AMD_FORM_E64_DPP8;
  /* data operands of atomics are written back only with glc (MUBUF: bit
   * 14, SMEM: bit 16 on gfx9, 14 on gfx11); FLAT atomics have a separate,
   * optional vdst */
  int atomic_rtn = r->enc == AMD_ENC_SMEM && !c->is11 ? (I->w[0] >> 16) & 1 : (I->w[0] >> 14) & 1;
  /* a VOPD pair: the X half's operands (op[0 .. nops_x-1]), then the Y
   * half's (row_y) */
  const amd_row *ry = c->is11 && r->enc == AMD_ENC_VOPD ? amd_row_y(I) : NULL;
  if (ry) {
    add_row_ops(c, I, r, 0, I->f.nops_x, atomic_rtn);
    add_row_ops(c, I, ry, I->f.nops_x, I->f.nops, atomic_rtn);
  } else {
    add_row_ops(c, I, r, 0, I->f.nops, atomic_rtn);
  }
  int e32 = I->f.form != AMD_FORM_E64 && I->f.form != AMD_FORM_E64_DPP && I->f.form != AMD_FORM_E64_DPP8;
  if ((r->flags & F_VCC_R) && e32) add_reg(c, 0, AMD_RF_S, AMD_S_VCC, c->lm, AMD_NUM_ROLES);
  if ((r->flags & F_VCC_W) && e32) add_reg(c, 1, AMD_RF_S, AMD_S_VCC, c->lm, AMD_NUM_ROLES);
  if (r->flags & F_EXEC_W) add_reg(c, 1, AMD_RF_S, AMD_S_EXEC, c->lm, AMD_NUM_ROLES);
  if ((r->flags & F_EXEC_R) || c->vector) add_reg(c, 0, AMD_RF_S, AMD_S_EXEC, c->lm, AMD_NUM_ROLES);
  if (r->flags & F_M0_R) add_reg(c, 0, AMD_RF_S, AMD_S_M0, 1, AMD_NUM_ROLES);
}

static int overlaps(unsigned a, unsigned na, unsigned b, unsigned nb)
{
  return a < b + nb && b < a + na;
}

/* Does c read (role: any, or only this role) an SGPR the entry wrote? */
static int reads_sgpr_written(const cur *c, const amd_chk_ent *e, int role)
{
  for (unsigned i = 0; i < c->nread; i++) {
    if (c->read[i].file != AMD_RF_S || (role >= 0 && c->read[i].role != role)) continue;
    for (unsigned j = 0; j < e->ns; j++)
      for (unsigned r = c->read[i].first; r < c->read[i].first + c->read[i].count; r++)
        if (r < AMD_NSREG && overlaps(r, 1, e->s_first[j], e->s_count[j]) && !(c->later[r / 64] >> (r % 64) & 1))
          return 1;
  }
  return 0;
}

static int has_source_special(const cur *c, unsigned val)
{
  for (unsigned i = 0; i < c->I->f.nops; i++) {
    const amd_operand *o = &c->I->f.op[i];
    if (o->kind == AMD_OPK_SPECIAL && o->val == val) return 1;
  }
  return 0;
}

/* VALU reading VCC as a constant: a source operand naming vcc / vcc_lo /
 * vcc_hi (not the carry-in or the e32 implicit read) */
static int reads_vcc_constant(const cur *c)
{
  for (unsigned i = 0; i < c->nread; i++)
    if (c->read[i].file == AMD_RF_S && c->read[i].role != AMD_R_CIN && c->read[i].role != AMD_NUM_ROLES &&
        overlaps(c->read[i].first, c->read[i].count, AMD_S_VCC, 2))
      return 1;
  return 0;
}

static int hwreg_of(const cur *c, unsigned *id)
{
  if (c->row == AMD9_S_GETREG_B32) { *id = c->I->f.op[1].val & 0x3f; return 1; }
  if (c->row == AMD9_S_SETREG_B32 || c->row == AMD9_S_SETREG_IMM32_B32) { *id = c->I->f.op[0].val & 0x3f; return 1; }
  return 0;
}

static int m0_reader_gds_msg(const cur *c)
{
  return c->row == AMD9_S_SENDMSG || c->row == AMD9_S_SENDMSGHALT || c->row == AMD9_S_TTRACEDATA ||
         c->r->cls == AMD_CLS_DS_GWS || (c->r->enc == AMD_ENC_DS && ((c->I->w[0] >> 16) & 1));
}

/* LDS add-TID, buffer_store_lds_dword, loads with lds=1, VINTRP */
static int m0_reader_lds(const cur *c)
{
  if (c->row == AMD9_DS_READ_ADDTID_B32 || c->row == AMD9_DS_WRITE_ADDTID_B32 || c->row == AMD9_BUFFER_STORE_LDS_DWORD)
    return 1;
  if (c->r->cls == AMD_CLS_VINTRP) return 1;
  if ((c->r->flags & F_LDS) && (c->I->f.ctl & AMD_CTL_SKIP(0))) return 1; /* the LDS-DMA form */
  return 0;
}

static int is_movrel(unsigned row)
{
  return row == AMD9_S_MOVRELS_B32 || row == AMD9_S_MOVRELS_B64 || row == AMD9_S_MOVRELD_B32 ||
         row == AMD9_S_MOVRELD_B64;
}

static int writes_vgprs_of(const cur *c, unsigned first, unsigned count)
{
  for (unsigned i = 0; i < c->nwrite; i++)
    if (c->write[i].file == AMD_RF_V && overlaps(c->write[i].first, c->write[i].count, first, count)) return 1;
  return 0;
}

static int reads_vgprs_of(const cur *c, unsigned first, unsigned count)
{
  for (unsigned i = 0; i < c->nread; i++)
    if (c->read[i].file == AMD_RF_V && overlaps(c->read[i].first, c->read[i].count, first, count)) return 1;
  return 0;
}

/* ---- the rules of table 8: (first, second) -> wait states ---- */
typedef struct rule {
  unsigned ws;
  int (*match)(const amd_chk_ent *e, const cur *c);
  const char *what;
} rule;

static int r_setreg_getreg(const amd_chk_ent *e, const cur *c)
{
  unsigned id;
  return (e->flags & AMD_CHKE_SETREG) && c->row == AMD9_S_GETREG_B32 && hwreg_of(c, &id) && id == e->hwreg;
}
static int r_setreg_setreg(const amd_chk_ent *e, const cur *c)
{
  unsigned id;
  return (e->flags & AMD_CHKE_SETREG) && c->row != AMD9_S_GETREG_B32 && hwreg_of(c, &id) && id == e->hwreg;
}
static int r_vskip_getreg(const amd_chk_ent *e, const cur *c)
{
  unsigned id;
  return (e->flags & AMD_CHKE_VSKIP) && c->row == AMD9_S_GETREG_B32 && hwreg_of(c, &id) && id == AMD_HW_MODE;
}
static int r_setreg_vskip_vector(const amd_chk_ent *e, const cur *c)
{
  return (e->flags & AMD_CHKE_SETREG) && e->hwreg == AMD_HW_MODE && (e->hwmask >> 28 & 1) && c->vector;
}
static int r_valu_execz_vccz(const amd_chk_ent *e, const cur *c)
{
  if (!(e->flags & AMD_CHKE_VALU) || !c->valu) return 0;
  return ((e->flags & AMD_CHKE_VCC) && has_source_special(c, 251)) ||
         ((e->flags & AMD_CHKE_EXEC) && has_source_special(c, 252));
}
static int r_valu_sgpr_lane(const amd_chk_ent *e, const cur *c)
{
  return (e->flags & AMD_CHKE_VALU) && (c->row == AMD9_V_READLANE_B32 || c->row == AMD9_V_WRITELANE_B32) &&
         reads_sgpr_written(c, e, AMD_R_LANE);
}
static int r_valu_vcc_div_fmas(const amd_chk_ent *e, const cur *c)
{
  return (e->flags & AMD_CHKE_VALU) && (e->flags & AMD_CHKE_VCC) &&
         (c->row == AMD9_V_DIV_FMAS_F32 || c->row == AMD9_V_DIV_FMAS_F64);
}
static int r_store_data(const amd_chk_ent *e, const cur *c)
{
  return (e->flags & AMD_CHKE_STDATA) && writes_vgprs_of(c, e->v_first, e->v_count);
}
static int r_valu_sgpr_vmem(const amd_chk_ent *e, const cur *c)
{
  return (e->flags & AMD_CHKE_VALU) && c->vmem && reads_sgpr_written(c, e, -1);
}
static int r_salu_m0_gds(const amd_chk_ent *e, const cur *c)
{
  return (e->flags & AMD_CHKE_SALU) && (e->flags & AMD_CHKE_M0) && m0_reader_gds_msg(c);
}
static int r_valu_vgpr_dpp(const amd_chk_ent *e, const cur *c)
{
  return (e->flags & AMD_CHKE_VALU) && e->v_count && !(e->flags & AMD_CHKE_STDATA) && c->dpp &&
         reads_vgprs_of(c, e->v_first, e->v_count);
}
static int r_valu_exec_dpp(const amd_chk_ent *e, const cur *c)
{
  return (e->flags & AMD_CHKE_VALU) && (e->flags & AMD_CHKE_EXEC) && c->dpp;
}
static int r_valu_vcc_const(const amd_chk_ent *e, const cur *c)
{
  return (e->flags & AMD_CHKE_VALU) && (e->flags & AMD_CHKE_VCC) && c->valu && reads_vcc_constant(c);
}
static int r_setreg_trapsts_rfe(const amd_chk_ent *e, const cur *c)
{
  return (e->flags & AMD_CHKE_SETREG) && e->hwreg == AMD_HW_TRAPSTS &&
         (c->row == AMD9_S_RFE_B64 || c->row == AMD9_S_RFE_RESTORE_B64);
}
static int r_salu_m0_lds(const amd_chk_ent *e, const cur *c)
{
  return (e->flags & AMD_CHKE_SALU) && (e->flags & AMD_CHKE_M0) && m0_reader_lds(c);
}
static int r_salu_m0_movrel(const amd_chk_ent *e, const cur *c)
{
  return (e->flags & AMD_CHKE_SALU) && (e->flags & AMD_CHKE_M0) && is_movrel(c->row);
}

static const rule rules[] = {
  {2, r_setreg_getreg, "s_setreg writes a hardware register that s_getreg reads"},
  {2, r_setreg_setreg, "s_setreg writes a hardware register that s_setreg writes again"},
  {2, r_vskip_getreg, "s_setvskip sets VSKIP that s_getreg of MODE reads"},
  {2, r_setreg_vskip_vector, "s_setreg writes MODE.vskip before a vector instruction"},
  {5, r_valu_execz_vccz, "a VALU writes VCC or EXEC that a VALU reads as vccz / execz"},
  {4, r_valu_sgpr_lane, "a VALU writes an SGPR that v_readlane / v_writelane uses as its lane select"},
  {4, r_valu_vcc_div_fmas, "a VALU writes VCC that v_div_fmas reads"},
  {1, r_store_data, "an instruction overwrites the data VGPRs of a store wider than 64 bits"},
  {5, r_valu_sgpr_vmem, "a VALU writes an SGPR that a vector memory instruction reads"},
  {1, r_salu_m0_gds, "an SALU writes M0 that GDS / s_sendmsg / s_ttracedata reads"},
  {2, r_valu_vgpr_dpp, "a VALU writes a VGPR that a DPP instruction reads"},
  {5, r_valu_exec_dpp, "a VALU writes EXEC before a DPP instruction"},
  {1, r_valu_vcc_const, "a VALU writes VCC that a VALU reads as a constant (not a carry-in)"},
  {1, r_setreg_trapsts_rfe, "s_setreg writes TRAPSTS before s_rfe"},
  {1, r_salu_m0_lds, "an SALU writes M0 that an LDS add-TID / LDS-DMA / interpolation instruction reads"},
  {1, r_salu_m0_movrel, "an SALU writes M0 that s_movrel reads"},
};

#define MAX_WS 5u

/* A store whose data VGPRs must not be written in the next wait state */
static int wide_store(const cur *c)
{
  switch (c->row) {
  case AMD9_FLAT_STORE_DWORDX3: case AMD9_FLAT_STORE_DWORDX4: case AMD9_FLAT_ATOMIC_CMPSWAP_X2:
  case AMD9_GLOBAL_STORE_DWORDX3: case AMD9_GLOBAL_STORE_DWORDX4: case AMD9_GLOBAL_ATOMIC_CMPSWAP_X2:
  case AMD9_SCRATCH_STORE_DWORDX3: case AMD9_SCRATCH_STORE_DWORDX4:
    return 1;
  case AMD9_BUFFER_STORE_DWORDX3: case AMD9_BUFFER_STORE_DWORDX4: case AMD9_BUFFER_STORE_FORMAT_XYZ:
  case AMD9_BUFFER_STORE_FORMAT_XYZW: case AMD9_BUFFER_ATOMIC_CMPSWAP_X2: case AMD9_TBUFFER_STORE_FORMAT_XYZ:
  case AMD9_TBUFFER_STORE_FORMAT_XYZW: {
    /* "BUFFER_STORE_* operations that use an SGPR for offset do not
     * require any wait states": the soffset operand is the last */
    const amd_operand *so = &c->I->f.op[c->I->f.nops - 1];
    return !amd_is_sreg(so);
  }
  case AMD9_IMAGE_STORE: case AMD9_IMAGE_STORE_MIP: case AMD9_IMAGE_STORE_PCK: case AMD9_IMAGE_STORE_MIP_PCK:
  case AMD9_IMAGE_ATOMIC_CMPSWAP:
    return c->I->f.op[0].kind == AMD_OPK_VGPR && c->I->f.op[0].size > 2;
  default:
    return 0;
  }
}

static void check_hazards(amd_chk *k, vs_warp *w, cur *c, vs_addr pc, const vs_check_sink *sink)
{
  unsigned gap = 0; /* wait states between the entry and this instruction */
  c->later[0] = c->later[1] = 0;
  for (unsigned i = 0; i < k->n && gap < MAX_WS; i++) {
    const amd_chk_ent *e = &k->ring[(k->head + AMD_CHK_RING - i) % AMD_CHK_RING];
    for (unsigned r = 0; r < sizeof rules / sizeof rules[0]; r++)
      if (gap < rules[r].ws && rules[r].match(e, c))
        vs_check_reportf(sink, w, VS_CHECK_HAZARDS, pc, e->pc,
                         "%s %u wait state%s after it, at 0x%" PRIx64 " (needs %u: s_nop or independent "
                         "instructions)", rules[r].what, gap, gap == 1 ? "" : "s", e->pc, rules[r].ws);
    gap += e->ws;
    for (unsigned j = 0; j < e->ns; j++)
      for (unsigned r = e->s_first[j]; r < e->s_first[j] + e->s_count[j] && r < AMD_NSREG; r++)
        c->later[r / 64] |= 1ull << (r % 64);
  }
}

static void push_entry(amd_chk *k, const cur *c, vs_addr pc)
{
  k->head = (uint8_t)((k->head + 1) % AMD_CHK_RING);
  if (k->n < AMD_CHK_RING) k->n++;
  amd_chk_ent *e = &k->ring[k->head];
  memset(e, 0, sizeof *e);
  e->pc = pc;
  e->ws = c->row == AMD9_S_NOP ? (uint8_t)((c->I->f.op[0].val & 0xf) + 1) : 1;
  if (c->valu) e->flags |= AMD_CHKE_VALU;
  if (c->r->cls == AMD_CLS_SALU) e->flags |= AMD_CHKE_SALU;
  unsigned id;
  if ((c->row == AMD9_S_SETREG_B32 || c->row == AMD9_S_SETREG_IMM32_B32) && hwreg_of(c, &id)) {
    unsigned simm = c->I->f.op[0].val, off = (simm >> 6) & 0x1f, size = ((simm >> 11) & 0x1f) + 1;
    e->flags |= AMD_CHKE_SETREG;
    e->hwreg = (uint8_t)id;
    e->hwmask = (uint32_t)(size >= 32 ? 0xffffffffu : (1u << size) - 1) << off;
  }
  if (c->row == AMD9_S_SETVSKIP) e->flags |= AMD_CHKE_VSKIP;
  for (unsigned i = 0; i < c->nwrite; i++) {
    unsigned f = c->write[i].first, n = c->write[i].count;
    if (c->write[i].file == AMD_RF_S) {
      if (overlaps(f, n, AMD_S_VCC, 2)) e->flags |= AMD_CHKE_VCC;
      if (overlaps(f, n, AMD_S_EXEC, 2)) e->flags |= AMD_CHKE_EXEC;
      if (overlaps(f, n, AMD_S_M0, 1)) e->flags |= AMD_CHKE_M0;
      if (e->ns < 2) {
        e->s_first[e->ns] = (uint8_t)f;
        e->s_count[e->ns++] = (uint8_t)n;
      }
    } else if (c->valu && !e->v_count) {
      e->v_first = (uint8_t)f;
      e->v_count = (uint8_t)n;
    }
  }
  if (wide_store(c)) { /* its data operand: vdata (MUBUF/MTBUF/MIMG) or data (FLAT) */
    for (unsigned i = 0; i < c->nread; i++)
      if (c->read[i].file == AMD_RF_V && (c->read[i].role == AMD_R_DATA || c->read[i].role == AMD_R_VDATA)) {
        e->flags |= AMD_CHKE_STDATA;
        e->v_first = (uint8_t)c->read[i].first;
        e->v_count = c->read[i].count;
      }
  }
}

/* ---- gfx11 hazards (docs/checker.md "RDNA3"): resolved with
 * s_waitcnt_depctr, not wait states ----
 *
 * A transcendental VALU (v_exp/v_log/v_rcp/v_rsq/v_sqrt/v_sin/v_cos ...,
 * class VTRANS) runs beside the other VALUs; a VALU reading its result
 * VGPR as an explicit source with at most 5 VALUs and at most 1
 * transcendental issued between them may read the old value.  The program
 * waits with s_waitcnt_depctr va_vdst(0) (simm16 bits 15:12 = 0: no VALU
 * VGPR write outstanding); a vector memory, FLAT, LDS/GDS or export
 * instruction waits for va_vdst = 0 itself.  Source of the facts: LLVM 19's
 * GCNHazardRecognizer (fixVALUTransUseHazard, "intv <= 5 VALUs / 1 TRANS",
 * and what expires it); seed 002 is silent.  Only the last two
 * transcendentals can still be live (a second one between expires the
 * first). */
static void check_hazards11(amd_chk *k, vs_warp *w, const cur *c, vs_addr pc, const vs_check_sink *sink)
{
  const amd_row *r = c->r;
  int expire = c->vmem || r->cls == AMD_CLS_DS || r->cls == AMD_CLS_DS_GWS || r->cls == AMD_CLS_EXP ||
               (c->row == AMD11_S_WAITCNT_DEPCTR && ((c->I->w[0] >> 12) & 0xfu) == 0);
  if (expire) {
    k->tr[0].live = k->tr[1].live = 0;
    return;
  }
  if (!c->valu) return;
  int trans = r->cls == AMD_CLS_VTRANS;
  for (unsigned t = 0; t < 2; t++) {
    if (!k->tr[t].live) continue;
    for (unsigned i = 0; i < c->nread; i++) {
      if (c->read[i].file != AMD_RF_V || !overlaps(c->read[i].first, c->read[i].count, k->tr[t].v_first,
                                                   k->tr[t].v_count))
        continue;
      vs_check_reportf(sink, w, VS_CHECK_HAZARDS, pc, k->tr[t].pc,
                       "a VALU reads v%u, which the transcendental at 0x%" PRIx64 " writes, %u VALU%s (%u "
                       "transcendental%s) after it (needs s_waitcnt_depctr va_vdst(0) or 6 VALUs / 2 "
                       "transcendentals between)",
                       c->read[i].first > k->tr[t].v_first ? c->read[i].first : k->tr[t].v_first, k->tr[t].pc,
                       k->tr[t].valus, k->tr[t].valus == 1 ? "" : "s", k->tr[t].trans,
                       k->tr[t].trans == 1 ? "" : "s");
      k->tr[t].live = 0; /* reported once: the one wait resolves its later readers too */
      break;
    }
  }
  for (unsigned t = 0; t < 2; t++) {
    if (!k->tr[t].live) continue;
    k->tr[t].valus++;
    k->tr[t].trans += (uint8_t)trans;
    if (k->tr[t].valus > 5 || k->tr[t].trans > 1) k->tr[t].live = 0;
  }
  if (!trans) return;
  unsigned slot = !k->tr[0].live ? 0 : !k->tr[1].live ? 1 : (k->tr[0].valus > k->tr[1].valus ? 0 : 1);
  k->tr[slot].live = 0;
  for (unsigned i = 0; i < c->nwrite; i++)
    if (c->write[i].file == AMD_RF_V) {
      k->tr[slot].pc = pc;
      k->tr[slot].v_first = (uint8_t)c->write[i].first;
      k->tr[slot].v_count = c->write[i].count;
      k->tr[slot].valus = k->tr[slot].trans = 0;
      k->tr[slot].live = 1;
      break;
    }
}

/* The second gfx11 rule, wave64 only: a VALU reads an SGPR pair as a lane
 * mask (the carry-in / select of v_cndmask_b16/b32, v_add/sub/subrev_co_ci_u32:
 * VCC in the e32 form, src2 in VOP3; VCC of v_div_fmas), then an SALU
 * writes that SGPR, then an SALU reads it: the read may see a stale value
 * unless s_waitcnt_depctr sa_sdst(0) (simm16 bit 0 = 0) follows the SALU
 * write.  Before the SALU write, a depctr sa_sdst(0) or a VALU reading any
 * SGPR (not EXEC) or a literal ends the hazard.  Source: LLVM 19's
 * GCNHazardRecognizer::fixVALUMaskWriteHazard (wave64 only there; it
 * inserts the wait after every such SALU write, assuming the third
 * instruction always follows: the checker reports only a third one that
 * does) */
static void check_maskwrite11(amd_chk *k, vs_warp *w, const cur *c, vs_addr pc, const vs_check_sink *sink)
{
  /* LLVM looks for the three instructions within one function: a call or
   * a return (s_swappc/s_setpc/s_call) ends the hazard here too (the
   * corpus at -O0 has a mask read in the caller and the SALU pair in the
   * callee, with no wait: see docs/checker.md) */
  if ((c->row == AMD11_S_WAITCNT_DEPCTR && (c->I->w[0] & 1u) == 0) || c->row == AMD11_S_SWAPPC_B64 ||
      c->row == AMD11_S_SETPC_B64 || c->row == AMD11_S_CALL_B64) {
    k->mask_rd[0] = k->mask_rd[1] = k->sa_pend[0] = k->sa_pend[1] = 0;
    return;
  }
  uint64_t mask[2] = {0, 0};
  if (c->valu) {
    int sgpr_use = 0;
    for (unsigned i = 0; i < c->I->f.nops; i++)
      if (c->I->f.op[i].kind == AMD_OPK_LITERAL) sgpr_use = 1;
    int fmas = c->row == AMD11_V_DIV_FMAS_F32 || c->row == AMD11_V_DIV_FMAS_F64;
    for (unsigned i = 0; i < c->nread; i++) {
      if (c->read[i].file != AMD_RF_S || overlaps(c->read[i].first, c->read[i].count, AMD_S_EXEC, 2)) continue;
      sgpr_use = 1;
      if (c->read[i].role == AMD_R_CIN || (c->read[i].role == AMD_NUM_ROLES && c->read[i].first == AMD_S_VCC))
        for (unsigned r = c->read[i].first; r < c->read[i].first + c->read[i].count && r < AMD_NSREG; r++)
          mask[r / 64] |= 1ull << (r % 64);
    }
    if (fmas) {
      sgpr_use = 1;
      mask[AMD_S_VCC / 64] |= 3ull << (AMD_S_VCC % 64);
    }
    if (sgpr_use) {
      k->mask_rd[0] = mask[0];
      k->mask_rd[1] = mask[1];
    }
  }
  if (c->r->cls == AMD_CLS_SALU) {
    for (unsigned i = 0; i < c->nread; i++) {
      if (c->read[i].file != AMD_RF_S) continue;
      for (unsigned r = c->read[i].first; r < c->read[i].first + c->read[i].count && r < AMD_NSREG; r++) {
        if (!(k->sa_pend[r / 64] >> (r % 64) & 1)) continue;
        vs_check_reportf(sink, w, VS_CHECK_HAZARDS, pc, k->sa_pc[r],
                         "an SALU reads s%u, which the SALU at 0x%" PRIx64 " wrote after a VALU read it as a "
                         "lane mask (wave64; needs s_waitcnt_depctr sa_sdst(0) after that write)",
                         r, k->sa_pc[r]);
        for (unsigned q = 0; q < AMD_NSREG; q++) /* reported once per write */
          if (k->sa_pc[q] == k->sa_pc[r]) k->sa_pend[q / 64] &= ~(1ull << (q % 64));
      }
    }
  }
  for (unsigned i = 0; i < c->nwrite; i++) {
    if (c->write[i].file != AMD_RF_S) continue;
    for (unsigned r = c->write[i].first; r < c->write[i].first + c->write[i].count && r < AMD_NSREG; r++) {
      uint64_t bit = 1ull << (r % 64);
      if (c->r->cls == AMD_CLS_SALU && r != AMD_S_EXEC && r != AMD_S_EXEC + 1 && r != AMD_S_M0 &&
          (k->mask_rd[r / 64] & bit)) {
        k->sa_pend[r / 64] |= bit;
        k->sa_pc[r] = pc;
      } else if (c->r->cls != AMD_CLS_SALU) {
        k->sa_pend[r / 64] &= ~bit; /* no longer the SALU's value */
      }
    }
  }
}

/* ---- gfx11: LDS-direct / parameter loads, partial forwarding, v_cmpx ->
 * v_permlane (docs/checker.md "RDNA3"; the facts from LLVM 19's
 * GCNHazardRecognizer, read, not copied: fixLdsDirectVALUHazard,
 * fixLdsDirectVMEMHazard, fixVALUPartialForwardingHazard,
 * fixVcmpxPermlaneHazards; the first two match the RDNA3 ISA guide's
 * "Parameter Load Data Hazard Avoidance") ---- */

static int vgprs_overlap_any(const uint8_t *first, const uint8_t *count, unsigned n, unsigned f, unsigned cnt)
{
  for (unsigned i = 0; i < n; i++)
    if (overlaps(first[i], count[i], f, cnt)) return 1;
  return 0;
}

/* The LDSDIR's destination VGPR (op[0]) */
static unsigned ldsdir_vdst(const cur *c) { return c->I->f.op[0].val; }

/* An instruction that waits for va_vdst = 0 itself (vector memory, FLAT,
 * LDS/GDS, export), or s_waitcnt_depctr va_vdst(0) */
static int waits_va_vdst0(const cur *c)
{
  return c->vmem || c->r->cls == AMD_CLS_DS || c->r->cls == AMD_CLS_DS_GWS || c->r->cls == AMD_CLS_EXP ||
         (c->row == AMD11_S_WAITCNT_DEPCTR && ((c->I->w[0] >> 12) & 0xfu) == 0);
}

/* 1. A VALU still reading (or about to write) the VGPR an LDSDIR writes:
 * the LDSDIR's wait_vdst field (bits 19:16: issue when at most that many
 * VALUs are outstanding) must be at most the number of VALUs issued after
 * the last VALU that reads or writes the VGPR -- 0 if a transcendental is
 * among them or is that VALU (it completes out of order with the others).
 * 15 or more VALUs after it, or a vector memory / FLAT / DS / export
 * instruction (they wait for va_vdst = 0) end the hazard; so does
 * s_waitcnt_depctr va_vdst(0) here (LLVM does not list it: it cannot
 * leave a VALU outstanding).
 * 2. A vector memory, FLAT or DS instruction that has not yet read its
 * source VGPRs (or will still write its destination) when an LDSDIR
 * writes one of them: a VALU or an export between them, s_waitcnt 0
 * (all counters), or s_waitcnt_depctr vm_vsrc(0) (simm16 bits 4:2) ends
 * it.  gfx11's LDSDIR has no wait_vm_vsrc field (gfx12's has). */
static void check_ldsdir11(amd_chk *k, vs_warp *w, const cur *c, vs_addr pc, const vs_check_sink *sink)
{
  if (c->r->enc == AMD_ENC_LDSDIR) {
    unsigned v = ldsdir_vdst(c), wait = (c->I->w[0] >> 16) & 0xfu, valus = 0, trans = 0;
    for (unsigned i = 0; i < k->lv_n && valus < 15; i++) {
      const struct amd_chk_lv *e = &k->lv[(k->lv_head + 16 - i) % 16];
      trans |= e->trans;
      if (vgprs_overlap_any(e->first, e->count, e->n, v, 1)) {
        unsigned need = trans ? 0 : valus;
        if (wait > need)
          vs_check_reportf(sink, w, VS_CHECK_HAZARDS, pc, e->pc,
                           "%s writes v%u, which the VALU at 0x%" PRIx64 " reads or writes %u VALU%s before it%s "
                           "(wait_vdst:%u; needs wait_vdst:%u)",
                           c->r->mnemonic, v, e->pc, valus, valus == 1 ? "" : "s",
                           trans ? ", a transcendental among or before them" : "", wait, need);
        break;
      }
      valus++;
    }
    if (k->vm_touch[v / 64] >> (v % 64) & 1) {
      vs_check_reportf(sink, w, VS_CHECK_HAZARDS, pc, k->vm_pc[v],
                       "%s writes v%u, which the memory instruction at 0x%" PRIx64 " reads or writes with no VALU "
                       "or export between (needs s_waitcnt_depctr vm_vsrc(0))",
                       c->r->mnemonic, v, k->vm_pc[v]);
      k->vm_touch[v / 64] &= ~(1ull << (v % 64)); /* reported once */
    }
  }
  /* the VALU ring */
  if (waits_va_vdst0(c)) k->lv_n = 0;
  if (c->valu) {
    k->lv_head = (uint8_t)((k->lv_head + 1) % 16);
    if (k->lv_n < 16) k->lv_n++;
    struct amd_chk_lv *e = &k->lv[k->lv_head];
    e->pc = pc;
    e->trans = c->r->cls == AMD_CLS_VTRANS;
    e->n = 0;
    for (int pass = 0; pass < 2; pass++)
      for (unsigned i = 0; i < (pass ? c->nwrite : c->nread); i++) {
        unsigned file = pass ? c->write[i].file : c->read[i].file;
        if (file != AMD_RF_V || e->n >= 8) continue;
        e->first[e->n] = (uint8_t)(pass ? c->write[i].first : c->read[i].first);
        e->count[e->n++] = pass ? c->write[i].count : c->read[i].count;
      }
  }
  /* the VGPRs of vector memory instructions */
  if (c->valu || c->r->cls == AMD_CLS_EXP || (c->row == AMD11_S_WAITCNT && (c->I->w[0] & 0xffffu) == 0) ||
      (c->row == AMD11_S_WAITCNT_DEPCTR && ((c->I->w[0] >> 2) & 7u) == 0)) {
    memset(k->vm_touch, 0, sizeof k->vm_touch);
  } else if (c->vmem || c->r->enc == AMD_ENC_DS) {
    for (int pass = 0; pass < 2; pass++)
      for (unsigned i = 0; i < (pass ? c->nwrite : c->nread); i++) {
        if ((pass ? c->write[i].file : c->read[i].file) != AMD_RF_V) continue;
        unsigned f = pass ? c->write[i].first : c->read[i].first, n = pass ? c->write[i].count : c->read[i].count;
        for (unsigned r = f; r < f + n && r < AMD_NVREG; r++) {
          k->vm_touch[r / 64] |= 1ull << (r % 64);
          k->vm_pc[r] = pc;
        }
      }
  }
}

/* Wave64 partial forwarding: a VALU reads two VGPRs Va and Vb, where Va was
 * written by a VALU before an SALU wrote EXEC and Vb by a VALU after it,
 * with at most 2 VALUs between Va's writer and Vb's writer (the SALU
 * aside) and at most 4 VALUs between Vb's writer and the reader.  The fix
 * is s_waitcnt_depctr va_vdst(0) before the reader; a vector memory,
 * FLAT, DS or export instruction also waits for va_vdst = 0; more than 8
 * VALUs between end it.  LLVM walks back from the reader: each source's
 * last writer, the last SALU EXEC write older than one of them. */
static void check_partial_fwd11(amd_chk *k, vs_warp *w, const cur *c, vs_addr pc, const vs_check_sink *sink)
{
  if (waits_va_vdst0(c)) {
    k->pf_n = 0;
    return;
  }
  if (c->valu) {
    /* the unique VGPR sources (by range) */
    uint8_t sf[8], sn[8];
    unsigned ns = 0;
    for (unsigned i = 0; i < c->nread && ns < 8; i++) {
      if (c->read[i].file != AMD_RF_V) continue;
      unsigned j = 0;
      while (j < ns && !(sf[j] == c->read[i].first && sn[j] == c->read[i].count)) j++;
      if (j == ns) {
        sf[ns] = (uint8_t)c->read[i].first;
        sn[ns++] = c->read[i].count;
      }
    }
    if (ns >= 2) {
      int def[8], exec = -1, valus = 0, hazard = 0;
      vs_addr def_pc[8] = {0}, exec_pc = 0;
      for (unsigned j = 0; j < ns; j++) def[j] = -1;
      for (unsigned i = 0; i < k->pf_n && !hazard; i++) {
        const struct amd_chk_pf *e = &k->pf[(k->pf_head + 24 - i) % 24];
        if (valus > 8) break;
        int changed = 0, ndef = 0;
        if (!e->exec) {
          for (unsigned j = 0; j < ns; j++)
            if (def[j] < 0 && vgprs_overlap_any(e->first, e->count, e->n, sf[j], sn[j])) {
              def[j] = valus;
              def_pc[j] = e->pc;
              changed = 1;
            }
        }
        for (unsigned j = 0; j < ns; j++) ndef += def[j] >= 0;
        if (e->exec && exec < 0 && ndef) {
          exec = valus;
          exec_pc = e->pc;
          changed = 1;
        }
        if (valus > 4 && !ndef) break;
        if (changed && exec >= 0) {
          int pre = -1, post = -1;
          for (unsigned j = 0; j < ns; j++) {
            if (def[j] < 0) continue;
            if (def[j] >= exec) { if (pre < 0 || def[j] < pre) pre = def[j]; }
            else if (post < 0 || def[j] < post) post = def[j];
          }
          if (post >= 0) {
            int intv2 = exec - post - 1;
            if (post > 4 || intv2 > 2) break;
            if (pre >= 0) {
              int intv1 = pre - exec;
              if (intv1 > 2 || intv1 + intv2 > 2) break;
              unsigned a = 0, b = 0;
              for (unsigned j = 0; j < ns; j++) {
                if (def[j] == pre) a = j;
                if (def[j] == post) b = j;
              }
              vs_check_reportf(sink, w, VS_CHECK_HAZARDS, pc, exec_pc,
                               "a wave64 VALU reads v%u, written by the VALU at 0x%" PRIx64 " before the SALU "
                               "EXEC write at 0x%" PRIx64 ", and v%u, written by the VALU at 0x%" PRIx64
                               " after it (VALU partial forwarding; needs s_waitcnt_depctr va_vdst(0))",
                               sf[a], def_pc[a], exec_pc, sf[b], def_pc[b]);
              hazard = 1;
            }
          }
        }
        if (!e->exec) valus++;
      }
    }
  }
  /* record */
  int execw = 0;
  if (c->r->cls == AMD_CLS_SALU)
    for (unsigned i = 0; i < c->nwrite; i++)
      if (c->write[i].file == AMD_RF_S && overlaps(c->write[i].first, c->write[i].count, AMD_S_EXEC, 2)) execw = 1;
  if (!c->valu && !execw) return;
  k->pf_head = (uint8_t)((k->pf_head + 1) % 24);
  if (k->pf_n < 24) k->pf_n++;
  struct amd_chk_pf *e = &k->pf[k->pf_head];
  memset(e, 0, sizeof *e);
  e->pc = pc;
  e->exec = (uint8_t)execw;
  for (unsigned i = 0; c->valu && i < c->nwrite; i++)
    if (c->write[i].file == AMD_RF_V && e->n < 2) {
      e->first[e->n] = (uint8_t)c->write[i].first;
      e->count[e->n++] = c->write[i].count;
    }
}

/* v_permlane16_b32 / v_permlanex16_b32 right after a v_cmpx (a VALU
 * writing EXEC), with no other VALU but v_nop between them: it may use the
 * EXEC before the compare.  The fix is a VALU between (LLVM inserts
 * v_mov_b32 of the permlane's src0 onto itself; v_nop does not count: "V_NOP
 * will be discarded by SQ").  SALUs and s_nop between do not end it. */
static void check_cmpx_permlane11(amd_chk *k, vs_warp *w, const cur *c, vs_addr pc, const vs_check_sink *sink)
{
  if (!c->valu || c->row == AMD11_V_NOP) return;
  if (k->cmpx_live && (c->row == AMD11_V_PERMLANE16_B32 || c->row == AMD11_V_PERMLANEX16_B32))
    vs_check_reportf(sink, w, VS_CHECK_HAZARDS, pc, k->cmpx_pc,
                     "%s follows the v_cmpx at 0x%" PRIx64 " with no other VALU (v_nop aside) between (needs a "
                     "VALU between, e.g. v_mov_b32 of its src0 onto itself)",
                     c->r->mnemonic, k->cmpx_pc);
  k->cmpx_live = (uint8_t)((c->r->flags & F_EXEC_W) != 0);
  k->cmpx_pc = pc;
}

/* The third gfx11 rule: a v_wmma reading as its A or B matrix (src0,
 * src1) VGPRs that the previous v_wmma wrote as D, with no other VALU
 * between, may read them before they are written.  One VALU between (an
 * independent one, v_nop, or another v_wmma that does not read them) ends
 * the hazard; SALU, memory and other non-VALU instructions do not.  C
 * (src2) overlapping the previous D is no hazard (the hardware forwards
 * the accumulator).  Source: LLVM 19's GCNHazardRecognizer::fixWMMAHazards
 * (the hazard: "Src0(matrix A) or Src1(matrix B) of the current wmma
 * instruction overlaps with the dest(matrix D) of the previous wmma"; what
 * expires it: any VALU; the fix: a v_nop; seed 002 is silent). */
static void check_wmma11(amd_chk *k, vs_warp *w, const cur *c, vs_addr pc, const vs_check_sink *sink)
{
  if (!c->valu) return;
  int wmma = (c->r->flags & F_WMMA) != 0;
  if (wmma && k->wmma.live) {
    for (unsigned i = 0; i < c->nread; i++) {
      if (c->read[i].file != AMD_RF_V || (c->read[i].role != AMD_R_SRC0 && c->read[i].role != AMD_R_SRC1) ||
          !overlaps(c->read[i].first, c->read[i].count, k->wmma.v_first, k->wmma.v_count))
        continue;
      unsigned v = c->read[i].first > k->wmma.v_first ? c->read[i].first : k->wmma.v_first;
      vs_check_reportf(sink, w, VS_CHECK_HAZARDS, pc, k->wmma.pc,
                       "a v_wmma reads v%u as its %s matrix, which the v_wmma at 0x%" PRIx64 " writes as D, "
                       "with no VALU between (needs an independent VALU or v_nop between)",
                       v, c->read[i].role == AMD_R_SRC0 ? "A" : "B", k->wmma.pc);
      break;
    }
  }
  k->wmma.live = 0;
  if (!wmma) return;
  for (unsigned i = 0; i < c->nwrite; i++)
    if (c->write[i].file == AMD_RF_V) {
      k->wmma.pc = pc;
      k->wmma.v_first = (uint8_t)c->write[i].first;
      k->wmma.v_count = c->write[i].count;
      k->wmma.live = 1;
      break;
    }
}

/* ---- waits ---- */
static void clear_pending(amd_chk *k, unsigned idx)
{
  amd_chk_op *o = &k->op[idx];
  uint8_t *pend = o->file == AMD_RF_S ? k->spend : k->vpend;
  for (unsigned r = 0; r < o->count; r++)
    if (pend[o->first + r] == idx + 1) pend[o->first + r] = 0;
  o->count = 0;
}

/* The operation returned: off its counters' queues, its registers written */
static void retire(amd_chk *k, unsigned idx)
{
  clear_pending(k, idx);
  for (unsigned c = 0; c < AMD_CHK_NCNT; c++) {
    unsigned j = 0;
    for (unsigned i = 0; i < k->nq[c]; i++)
      if (k->q[c][i] != idx) k->q[c][j++] = k->q[c][i];
    k->nq[c] = (uint8_t)j;
  }
  k->op[idx].live = 0;
}

static void waitcnt(amd_chk *k, unsigned c, unsigned n)
{
  if (n >= k->nq[c]) return;
  uint8_t done[AMD_CHK_NOPS];
  unsigned nd = 0;
  for (unsigned i = 0; i < k->nq[c]; i++) {
    const amd_chk_op *o = &k->op[k->q[c][i]];
    unsigned lb = 1; /* outstanding if this one is, with the younger ones of its in-order type */
    if (c == AMD_CHK_VM || c == AMD_CHK_VS) lb += k->nq[c] - 1 - i; /* VM, VS: everything in issue order */
    else if (o->type != AMD_CHKT_SMEM && o->type != AMD_CHKT_FLAT && o->type != AMD_CHKT_MSG)
      for (unsigned j = i + 1; j < k->nq[c]; j++) lb += k->op[k->q[c][j]].type == o->type;
    if (lb > n) done[nd++] = k->q[c][i];
  }
  for (unsigned i = 0; i < nd; i++) retire(k, done[i]);
}

/* gfx11 (seed 002, "data dependency resolution"): VMcnt counts loads and
 * atomics that return, VScnt stores and atomics that do not; an atomic
 * returns when it writes a register (the optional vdst of FLAT/GLOBAL, the
 * glc data of MUBUF/MIMG) */
static unsigned vm_or_vs(const cur *c)
{
  int store = (c->r->flags & (F_STORE | F_ATOMIC)) || c->r->cls == AMD_CLS_VMEM_STORE ||
              c->r->cls == AMD_CLS_VMEM_ATOMIC;
  for (unsigned i = 0; store && i < c->nwrite; i++)
    if (c->write[i].file == AMD_RF_V) store = 0;
  return store ? 1u << AMD_CHK_VS : 1u << AMD_CHK_VM;
}

/* The counters a memory instruction is counted in (0: none) and its type */
static unsigned mem_counters(const cur *c, unsigned *type)
{
  unsigned cls = c->r->cls, enc = c->r->enc;
  if (c->is11) {
    if (cls == AMD_CLS_SMEM) { *type = AMD_CHKT_SMEM; return 1u << AMD_CHK_LGKM; }
    /* s_sendmsg_rtn: LGKMcnt, done when the data returns; "wait with
     * lgkmcnt(0)" (seed 002): only 0 guarantees it */
    if (c->row == AMD11_S_SENDMSG_RTN_B32 || c->row == AMD11_S_SENDMSG_RTN_B64) {
      *type = AMD_CHKT_MSG;
      return 1u << AMD_CHK_LGKM;
    }
    if (enc == AMD_ENC_DS) {
      *type = (cls == AMD_CLS_DS_GWS || amd_ds_gds(c->I)) ? AMD_CHKT_GDS : AMD_CHKT_LDS;
      return 1u << AMD_CHK_LGKM;
    }
    if (enc == AMD_ENC_LDSDIR) { *type = AMD_CHKT_LDSDIR; return 1u << AMD_CHK_EXP; }
    if (enc == AMD_ENC_FLAT) { *type = AMD_CHKT_FLAT; return vm_or_vs(c) | 1u << AMD_CHK_LGKM; }
    if (c->vmem) { *type = AMD_CHKT_VMEM; return vm_or_vs(c); }
    *type = 0;
    return 0;
  }
  if (cls == AMD_CLS_SMEM) { *type = AMD_CHKT_SMEM; return 1u << AMD_CHK_LGKM; }
  if (enc == AMD_ENC_DS) {
    *type = (cls == AMD_CLS_DS_GWS || ((c->I->w[0] >> 16) & 1)) ? AMD_CHKT_GDS : AMD_CHKT_LDS;
    return 1u << AMD_CHK_LGKM;
  }
  if (enc == AMD_ENC_FLAT) { *type = AMD_CHKT_FLAT; return 1u << AMD_CHK_VM | 1u << AMD_CHK_LGKM; }
  if (c->vmem) { *type = AMD_CHKT_VMEM; return 1u << AMD_CHK_VM; }
  *type = 0;
  return 0;
}

/* Does a memory operation (counters, type) return after the outstanding
 * one o?  Then writing o's registers is no race: the last write wins. */
static int returns_after(const amd_chk_op *o, unsigned counters, unsigned type)
{
  if (counters & o->counters & (1u << AMD_CHK_VM | 1u << AMD_CHK_VS)) return 1; /* VM, VS: in issue order */
  return (counters & o->counters & 1u << AMD_CHK_LGKM) && type == o->type &&
         type != AMD_CHKT_SMEM && type != AMD_CHKT_FLAT;
}

static void check_waits(amd_chk *k, vs_warp *w, const cur *c, vs_addr pc, const vs_check_sink *sink)
{
  unsigned type, counters = mem_counters(c, &type);
  for (int pass = 0; pass < 2; pass++) { /* reads, then writes */
    unsigned n = pass ? c->nwrite : c->nread;
    for (unsigned i = 0; i < n; i++) {
      unsigned file = pass ? c->write[i].file : c->read[i].file;
      unsigned first = pass ? c->write[i].first : c->read[i].first;
      unsigned count = pass ? c->write[i].count : c->read[i].count;
      const uint8_t *pend = file == AMD_RF_S ? k->spend : k->vpend;
      for (unsigned r = first; r < first + count; r++) {
        unsigned p = pend[r];
        if (!p) continue;
        amd_chk_op *o = &k->op[p - 1];
        if (pass && returns_after(o, counters, type)) continue;
        unsigned ci = AMD_CHK_LGKM; /* name the vector counter of a FLAT operation */
        for (unsigned q = 0; q < AMD_CHK_NCNT; q++)
          if (q != AMD_CHK_LGKM && (o->counters >> q & 1)) ci = q;
        const char *cn = cnt_name[ci];
        vs_check_reportf(sink, w, VS_CHECK_WAITS, pc, o->pc,
                         "%s %c%u, which the memory operation at 0x%" PRIx64 " may still be writing "
                         "(no s_waitcnt %s since that guarantees it returned)",
                         pass ? "overwrites" : "reads", file == AMD_RF_S ? 's' : 'v', r, o->pc, cn);
        clear_pending(k, p - 1); /* reported once; the rest of its registers with it */
      }
    }
  }
}

/* A memory operation issues: its counters, its type, what it writes */
static void issue_mem(amd_chk *k, const cur *c, vs_addr pc)
{
  unsigned type, counters = mem_counters(c, &type);
  if (!counters) return;
  unsigned idx = AMD_CHK_NOPS;
  const unsigned *cnt_max = c->is11 ? cnt_max11 : cnt_max9;
  for (unsigned cn = 0; cn < AMD_CHK_NCNT; cn++) /* a full counter: the hardware waits for one */
    if ((counters >> cn & 1) && k->nq[cn] >= cnt_max[cn]) retire(k, k->q[cn][0]);
  for (unsigned i = 0; i < AMD_CHK_NOPS; i++)
    if (!k->op[i].live) { idx = i; break; }
  if (idx == AMD_CHK_NOPS) return; /* cannot happen: the queues bound the live operations */
  amd_chk_op *o = &k->op[idx];
  memset(o, 0, sizeof *o);
  o->pc = pc;
  o->live = 1;
  o->counters = (uint8_t)counters;
  o->type = (uint8_t)type;
  for (unsigned cn = 0; cn < AMD_CHK_NCNT; cn++)
    if (counters >> cn & 1) k->q[cn][k->nq[cn]++] = (uint8_t)idx;
  for (unsigned i = 0; i < c->nwrite; i++) { /* memory operations write one register range */
    if (o->count) break;
    o->file = c->write[i].file;
    o->first = (uint8_t)c->write[i].first;
    o->count = c->write[i].count;
    uint8_t *pend = o->file == AMD_RF_S ? k->spend : k->vpend;
    for (unsigned r = 0; r < o->count; r++) pend[o->first + r] = (uint8_t)(idx + 1);
  }
}

/* An s_waitcnt* instruction's counter thresholds (AMD_OPK_WAITCNT) */
static const amd_operand *waitcnt_operand(const cur *c)
{
  if (c->r->cls != AMD_CLS_SWAIT) return NULL;
  for (unsigned i = 0; i < c->I->f.nops; i++)
    if (c->I->f.op[i].kind == AMD_OPK_WAITCNT) return &c->I->f.op[i];
  return NULL;
}

void amd_check_insn(vs_warp *w, const vs_dinsn *d, vs_addr pc, const vs_check_sink *sink)
{
  if (d->op == UINT16_MAX) return;
  amd_chk *k = &amd_w(w)->chk;
  cur c;
  describe_cur(&c, d);
  /* gfx11: no wait-state rules.  Seed 002 ("data dependency resolution"):
   * the hardware resolves the dependencies but those the program waits
   * for with s_waitcnt, and "inserting S_NOP is not needed for correct
   * operation"; the gfx9 table's rows do not apply (docs/checker.md
   * "RDNA3"); its s_waitcnt_depctr hazards are check_hazards11's */
  if ((sink->enabled & 1u << VS_CHECK_HAZARDS) && !c.is11) {
    check_hazards(k, w, &c, pc, sink);
    push_entry(k, &c, pc);
  } else if (sink->enabled & 1u << VS_CHECK_HAZARDS) {
    check_hazards11(k, w, &c, pc, sink);
    if (c.lm == 2) check_maskwrite11(k, w, &c, pc, sink);
    check_ldsdir11(k, w, &c, pc, sink);
    if (c.lm == 2) check_partial_fwd11(k, w, &c, pc, sink);
    check_cmpx_permlane11(k, w, &c, pc, sink);
    check_wmma11(k, w, &c, pc, sink);
  }
  if (sink->enabled & 1u << VS_CHECK_WAITS) {
    const amd_operand *wo = waitcnt_operand(&c);
    if (wo) {
      unsigned v = wo->val, add = 0;
      /* gfx11's s_waitcnt_vscnt/vmcnt/expcnt/lgkmcnt: the immediate plus
       * the SGPR operand (null: 0) */
      const amd_operand *so = &c.I->f.op[0];
      if (so != wo && amd_is_sreg(so) && amd_sidx(so) < AMD_NSREG && amd_sidx(so) != AMD_S_NULL)
        add = w->rf[AMD_RF_S][amd_sidx(so)];
      static const unsigned field[AMD_CHK_NCNT] = {0, 16, 24, 8}; /* AMD_WAIT_VM, _LGKM, _VS, _EXP */
      for (unsigned cn = 0; cn < AMD_CHK_NCNT; cn++) {
        unsigned n = (v >> field[cn]) & 0xffu;
        if (n == AMD_WAIT_NONE) continue;
        n = n + add > 0xfe ? 0xfe : n + add;
        waitcnt(k, cn, n);
      }
      return;
    }
    check_waits(k, w, &c, pc, sink);
    issue_mem(k, &c, pc);
  }
}
