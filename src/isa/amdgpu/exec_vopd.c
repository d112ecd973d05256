/* VOPD (gfx11 wave32): two VALU operations issued together (AMD "RDNA3"
 * ISA reference, "VOPD"; docs/amdgpu-exec.md "RDNA3").  Each half is the
 * VOP2/VOP1 row of the same name (v_dual_add_f32 is v_add_f32), so a
 * half runs that row's semantics on its own operands: the slot's X
 * operands, then its Y operands (decode11.c), with the literal K of
 * fmaak/fmamk, and VCC_LO as v_dual_cndmask_b32's selector.
 *
 * The halves read their sources together, so neither may see the other's
 * result.  ventsim runs the half whose destination the other reads second;
 * when each reads the other's destination (a swap), Y runs on X's old
 * destination row, restored between the halves (the two destinations
 * differ: VOPD requires it). */
#include <stdatomic.h>
#include <string.h>

#include "isa/amdgpu/exec.h"

extern const amd_exec_fn amdx_gfx11[AMD11_NUM_INSNS];

/* The gfx11 row of a VOPD row (v_dual_X -> v_X), or -1 */
static int single_row(unsigned vopd_row)
{
  static _Atomic int map[AMD11_NUM_INSNS]; /* row + 1, or -1 for none; 0 not looked up yet */
  int m = atomic_load_explicit(&map[vopd_row], memory_order_relaxed);
  if (m) return m - 1;
  const amd_table *t = amd_table_gfx11();
  const char *mn = t->rows[vopd_row].mnemonic; /* "v_dual_..." */
  int found = -1;
  for (unsigned i = 0; i < t->nrows && found < 0; i++) {
    const amd_row *r = &t->rows[i];
    if ((r->enc == AMD_ENC_VOP2 || r->enc == AMD_ENC_VOP1) && !strncmp(r->mnemonic, "v_", 2) &&
        !strcmp(r->mnemonic + 2, mn + 7))
      found = (int)i;
  }
  atomic_store_explicit(&map[vopd_row], found + 1, memory_order_relaxed);
  return found;
}

/* The slot of one half: its row in the e32 form, its operands, the literal */
static int half_slot(const vs_dinsn *d, int y, vs_dinsn *h, amd_exec_fn *fn)
{
  const amd_insn *I = amd_i(d);
  unsigned vr = y ? I->f.row_y : I->row;
  int row = single_row(vr);
  if (row < 0 || !amdx_gfx11[row]) return -1;
  *fn = amdx_gfx11[row];
  memset(h, 0, sizeof *h);
  h->len = 0; /* the halves leave the pc alone: the pair advances it */
  h->op = (uint16_t)row;
  h->cls = d->cls;
  amd_insn *H = (amd_insn *)(void *)h->payload;
  memcpy(H->w, I->w, sizeof H->w);
  H->len = I->len;
  H->target = I->target;
  H->row = (uint16_t)row;
  H->f.form = AMD_FORM_NATIVE;
  H->f.ctl = I->f.ctl & AMD_CTL_LITERAL;
  unsigned from = y ? I->f.nops_x : 0, to = y ? I->f.nops : I->f.nops_x;
  for (unsigned k = from; k < to && H->f.nops < AMD_MAX_OPERANDS; k++) H->f.op[H->f.nops++] = I->f.op[k];
  const amd_row *vr_row = &amd_table_gfx11()->rows[vr];
  if ((vr_row->flags & F_VCC_R) && H->f.nops < AMD_MAX_OPERANDS) /* v_dual_cndmask_b32: VCC_LO */
    H->f.op[H->f.nops++] = (amd_operand){AMD_OPK_SPECIAL, 1, AMD_T_LM, 0, AMD_S_VCC};
  return 0;
}

/* 1 if the operands of half h read VGPR v (its sources: all but op 0) */
static int reads(const vs_dinsn *h, unsigned v)
{
  const amd_insn *H = amd_i(h);
  for (unsigned k = 1; k < H->f.nops; k++)
    if (H->f.op[k].kind == AMD_OPK_VGPR && H->f.op[k].val == v) return 1;
  return 0;
}

int amd_x_vopd(vs_warp *w, const vs_dinsn *d)
{
  vs_dinsn hx, hy;
  amd_exec_fn fx, fy;
  if (half_slot(d, 0, &hx, &fx) || half_slot(d, 1, &hy, &fy)) return amd_x_unsupported(w, d);
  unsigned dx = amd_i(&hx)->f.op[0].val, dy = amd_i(&hy)->f.op[0].val;
  int y_reads_x = reads(&hy, dx), x_reads_y = reads(&hx, dy);
  if (y_reads_x && x_reads_y) { /* a swap: Y runs on X's old destination */
    uint32_t *rx = amd_vrow(w, dx), old[AMD_LANES], nx[AMD_LANES];
    memcpy(old, rx, sizeof old);
    int rc = fx(w, &hx);
    if (rc) return rc;
    memcpy(nx, rx, sizeof nx);
    memcpy(rx, old, sizeof old);
    rc = fy(w, &hy);
    if (rc) return rc;
    memcpy(rx, nx, sizeof nx);
    return amd_next(w, d);
  }
  int rc = y_reads_x ? fy(w, &hy) : fx(w, &hx);
  if (rc) return rc;
  rc = y_reads_x ? fx(w, &hx) : fy(w, &hy);
  if (rc) return rc;
  return amd_next(w, d);
}
