/* gfx11 lane crossing and M0-relative VGPR indexing (docs/amdgpu-exec.md,
 * "gfx11 lanes: DPP16/DPP8, permlanes, VGPR indexing"):
 *   v_permlane16_b32, v_permlanex16_b32, v_permlane64_b32 (gfx11 rows);
 *   v_movrels_b32, v_movreld_b32, v_movrelsd_b32, v_movrelsd_2_b32,
 *   v_swaprel_b32 (gfx9.def has none of these rows).
 * Wave32 rows are 64 lanes wide with lanes 32-63 unused: everything here
 * reads and writes lanes below w->nlanes only.  The DPP16/DPP8 forms are
 * sdwa_dpp.c's. */
#include "core/exec.h"
#include "isa/amdgpu/exec.h"

#define OP(k) (&amd_i(d)->f.op[k])

/* ---- permlanes ----
 * v_permlane16_b32 vdst, vsrc0, s1, s2: lane i of each row of 16 reads lane
 * sel(i) of the same row; v_permlanex16_b32: lane sel(i) of the other row
 * of its 32-lane half (row 0 <-> 1, 2 <-> 3).  sel(i) = {s2, s1}[4i+3:4i]
 * (LLVM AMDGPUUsage llvm.amdgcn.permlane16/permlanex16: the two scalars are
 * one 64-bit lane select).  op_sel:[fi, bound_ctrl] (AMDGPUModifierSyntax
 * "dpp_op_sel", w[0] bits 11 and 12) as in DPP16: a source lane not in
 * EXEC is invalid unless fi; an invalid source reads 0 with bound_ctrl,
 * else the lane keeps its old value (LLVM ties vdst as an input). */
static int permlane(vs_warp *w, const vs_dinsn *d, unsigned other)
{
  const amd_insn *I = amd_i(d);
  if (OP(1)->kind != AMD_OPK_VGPR) return amd_unsupported_form(w, d, "a permlane source that is not a VGPR");
  uint64_t sel = (uint64_t)amd_rs32(w, OP(3)) << 32 | amd_rs32(w, OP(2));
  unsigned fi = (I->w[0] >> 11) & 1u, bc = (I->w[0] >> 12) & 1u;
  const uint32_t *src = amd_vrow(w, OP(1)->val);
  uint32_t *dst = amd_vrow(w, OP(0)->val), res[AMD_LANES];
  vs_mask exec = w->active;
  memcpy(res, dst, sizeof res);
  for (unsigned l = 0; l < w->nlanes; l++) {
    unsigned sl = ((l & ~15u) ^ other) | (unsigned)((sel >> (4 * (l & 15u))) & 15u);
    if (fi || ((exec >> sl) & 1u)) res[l] = src[sl];
    else if (bc) res[l] = 0;
  }
  amd_vcommit(w, dst, res);
  return amd_next(w, d);
}
AMDX(V_PERMLANE16_B32) { return permlane(w, d, 0); }
AMDX(V_PERMLANEX16_B32) { return permlane(w, d, 16); }

/* v_permlane64_b32: wave64 swaps the halves (lane l reads lane l ^ 32,
 * whether that lane is in EXEC or not; active lanes are written); wave32:
 * no operation (AMDGPUUsage llvm.amdgcn.permlane64) */
AMDX(V_PERMLANE64_B32)
{
  if (w->nlanes <= 32) return amd_next(w, d);
  if (OP(1)->kind != AMD_OPK_VGPR) return amd_unsupported_form(w, d, "a permlane source that is not a VGPR");
  const uint32_t *src = amd_vrow(w, OP(1)->val);
  uint32_t res[AMD_LANES];
  for (unsigned l = 0; l < AMD_LANES; l++) res[l] = src[l ^ 32u];
  amd_vcommit(w, amd_vrow(w, OP(0)->val), res);
  return amd_next(w, d);
}

/* ---- M0-relative VGPR indexing (RDNA3 ISA, VOP1 opcodes) ----
 *   v_movrels_b32    D = VGPR[src0 + M0]
 *   v_movreld_b32    VGPR[D + M0] = src0 (any source)
 *   v_movrelsd_b32   VGPR[D + M0] = VGPR[src0 + M0]
 *   v_movrelsd_2_b32 VGPR[D + M0[25:16]] = VGPR[src0 + M0[9:0]]
 *   v_swaprel_b32    swaps VGPR[D + M0[25:16]] and VGPR[src0 + M0[9:0]]
 * under EXEC.  A register past v255 is a kernel error naming the
 * instruction, the register and M0 (the ISA leaves it undefined; this is
 * the bound s_set_gpr_idx_on uses). */
static int vidx_fault(vs_warp *w, const vs_dinsn *d, unsigned base, uint32_t off)
{
  char mn[64];
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "%s: v%u + %u (M0 = 0x%x) is beyond v255",
                       amd_insn_mnemonic(amd_i(d), mn, sizeof mn), base, off, amd_S(w)[AMD_S_M0]);
}

static int movrel(vs_warp *w, const vs_dinsn *d, uint32_t doff, uint32_t soff, int swap)
{
  const amd_operand *od = OP(0), *os = OP(1);
  uint64_t dr = (uint64_t)od->val + doff;
  if (dr >= AMD_NVREG) return vidx_fault(w, d, od->val, doff);
  uint32_t tmp[AMD_LANES], old[AMD_LANES];
  const uint32_t *src;
  uint32_t *srow = NULL;
  if (os->kind == AMD_OPK_VGPR) {
    uint64_t sr = (uint64_t)os->val + soff;
    if (sr >= AMD_NVREG) return vidx_fault(w, d, os->val, soff);
    srow = amd_vrow(w, (unsigned)sr);
    src = srow;
    if (os->mods & (AMD_MOD_ABS | AMD_MOD_NEG)) {
      amd_operand o = *os;
      o.val = (unsigned)sr;
      src = amd_vsrc32(w, &o, tmp);
    }
  } else {
    src = amd_vsrc32(w, os, tmp);
  }
  uint32_t *drow = amd_vrow(w, (unsigned)dr);
  if (swap) {
    memcpy(old, drow, sizeof old);
    amd_vcommit(w, drow, src);
    amd_vcommit(w, srow, old);
  } else {
    amd_vcommit(w, drow, src);
  }
  return amd_next(w, d);
}
static inline uint32_t m0(vs_warp *w) { return amd_S(w)[AMD_S_M0]; }
AMDX(V_MOVRELS_B32) { return movrel(w, d, 0, m0(w), 0); }
AMDX(V_MOVRELD_B32) { return movrel(w, d, m0(w), 0, 0); }
AMDX(V_MOVRELSD_B32) { return movrel(w, d, m0(w), m0(w), 0); }
AMDX(V_MOVRELSD_2_B32) { return movrel(w, d, (m0(w) >> 16) & 0x3ffu, m0(w) & 0x3ffu, 0); }
AMDX(V_SWAPREL_B32) { return movrel(w, d, (m0(w) >> 16) & 0x3ffu, m0(w) & 0x3ffu, 1); }
