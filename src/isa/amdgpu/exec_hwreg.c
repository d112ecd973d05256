/* Hardware registers: s_getreg_b32, s_setreg_b32, s_setreg_imm32_b32
 * (AMD "Vega" ISA reference, SOPK table and section 3.3-3.5).  The hwreg
 * operand is simm16 = id[5:0], offset[10:6], size-1[15:11].  Readable:
 * MODE, STATUS, TRAPSTS, HW_ID, GPR_ALLOC, LDS_ALLOC, IB_STS; writable:
 * MODE and TRAPSTS (the other ids ignore writes, as STATUS does on the
 * hardware). */
#include "isa/amdgpu/codeobj.h"
#include "isa/amdgpu/exec.h"

#define OP(k) (&amd_i(d)->f.op[k])

static uint32_t hwreg_read(vs_warp *w, unsigned id)
{
  amd_warp *a = amd_w(w);
  switch (id) {
  case AMD_HW_MODE: return a->mode;
  case AMD_HW_STATUS: /* SCC[0], PRIORITY[2:1], EXECZ[9], VCCZ[10], IN_TG[11], HALT[13], VSKIP[28] */
    return a->scc | (a->prio & 3) << 1 | (uint32_t)(amd_exec(w) == 0) << 9 | (uint32_t)(amd_vcc(w) == 0) << 10 |
           1u << 11 | (a->halted & 1) << 13 | (a->vskip & 1) << 28;
  case AMD_HW_TRAPSTS: return a->trapsts;
  case AMD_HW_HW_ID: /* WAVE_ID[3:0], SIMD_ID[5:4], CU_ID[11:8] ...: the wave's index in its group */
    return (w->wid & 0xf) | ((w->wid >> 4) & 3) << 4;
  case AMD_HW_GPR_ALLOC: {
    vs_co_kd kd;
    vs_codeobj_decode_kd(a->ls->abi.kd, &kd);
    return (kd.granulated_vgprs & 0x3f) << 8 | (kd.granulated_sgprs & 0xf) << 24;
  }
  case AMD_HW_LDS_ALLOC: /* LDS_SIZE[20:12] in 64-dword blocks */
    return ((a->ls->lds_bytes + 255) / 256 & 0x1ff) << 12;
  default: return 0;
  }
}

static void hwreg_write(vs_warp *w, unsigned id, uint32_t v, uint32_t mask)
{
  amd_warp *a = amd_w(w);
  if (id == AMD_HW_MODE) a->mode = (a->mode & ~mask) | (v & mask);
  else if (id == AMD_HW_TRAPSTS) a->trapsts = (a->trapsts & ~mask) | (v & mask);
}

static void fields(uint32_t simm, unsigned *id, unsigned *off, uint32_t *mask)
{
  unsigned size = ((simm >> 11) & 0x1f) + 1;
  *id = simm & 0x3f;
  *off = (simm >> 6) & 0x1f;
  *mask = (uint32_t)(size >= 32 ? 0xffffffffu : (1u << size) - 1) << *off;
}

AMDX(S_GETREG_B32)
{
  unsigned id, off;
  uint32_t mask;
  fields(OP(1)->val, &id, &off, &mask);
  amd_ws32(w, amd_sidx(OP(0)), (hwreg_read(w, id) & mask) >> off);
  return amd_next(w, d);
}

AMDX(S_SETREG_B32)
{
  unsigned id, off;
  uint32_t mask;
  fields(OP(0)->val, &id, &off, &mask);
  hwreg_write(w, id, amd_rs32(w, OP(1)) << off, mask);
  return amd_next(w, d);
}

AMDX(S_SETREG_IMM32_B32)
{
  unsigned id, off;
  uint32_t mask;
  fields(OP(0)->val, &id, &off, &mask);
  hwreg_write(w, id, OP(1)->val << off, mask);
  return amd_next(w, d);
}
