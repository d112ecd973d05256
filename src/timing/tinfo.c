#include <string.h>

#include "timing/tinfo.h"
#include "timing/units.h"

/* The RTL's ibuffer2issue: tensor, FP, multiply, SFU and memory
 * instructions, and vector ones, go to the vector-pipe arbiter; CSR,
 * barrier, warp control and scalar ALU/branch to the scalar one. */
static int vector_port(int cls)
{
  switch (cls) {
  case VS_CLS_SALU: case VS_CLS_BRANCH: case VS_CLS_CSR: case VS_CLS_VCFG:
  case VS_CLS_BARRIER: case VS_CLS_ENDPRG: case VS_CLS_PREFIX: case VS_CLS_ILLEGAL:
    return 0;
  default:
    return 1;
  }
}

void vs_tinfo_make(const vs_isa *isa, const vs_dinsn *d, vs_tinfo *ti)
{
  memset(ti, 0, sizeof *ti);
  vs_insn_info info;
  isa->insn_info(d, &info);
  int cls = d->cls;
  ti->cls = (uint8_t)cls;
  ti->unit = (uint8_t)vs_unit_of_class(cls);
  ti->fence = info.fence;
  unsigned nx = isa->nxregs;
  for (unsigned i = 0; i < info.nsrc && i < 4; i++) {
    int v = info.src[i].file == 'v';
    ti->srcv[ti->nsrc] = (uint8_t)v;
    ti->src[ti->nsrc++] = (uint16_t)(v ? nx + info.src[i].idx : info.src[i].idx);
  }
  for (unsigned i = 0; i < info.ndst && i < 2; i++) {
    int v = info.dst[i].file == 'v';
    ti->dst[ti->ndst++] = (uint16_t)(v ? nx + info.dst[i].idx : info.dst[i].idx);
  }
  unsigned f = 0;
  if (cls == VS_CLS_BRANCH || cls == VS_CLS_SIMT || cls == VS_CLS_ENDPRG) f |= VS_TI_CTRL;
  if (ti->unit == VS_U_LSU) f |= VS_TI_MEM;
  if (cls == VS_CLS_SLOAD || cls == VS_CLS_SSTORE || cls == VS_CLS_SAMO) f |= VS_TI_SMEM;
  if (cls == VS_CLS_SSTORE || cls == VS_CLS_VSTORE || cls == VS_CLS_SAMO || cls == VS_CLS_VAMO)
    f |= VS_TI_STORE;
  if (vector_port(cls)) f |= VS_TI_VPORT;
  if (cls == VS_CLS_FENCE) f |= VS_TI_FENCE;
  if (cls == VS_CLS_BARRIER) f |= VS_TI_BARRIER;
  if (cls == VS_CLS_ENDPRG) f |= VS_TI_END;
  ti->flags = (uint8_t)f;
}
