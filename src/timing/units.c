#include "core/insn.h"
#include "timing/tcommon.h"
#include "timing/units.h"

const char *vs_unit_name(int unit)
{
  static const char *const n[VS_NUNITS] = {"salu", "valu", "mul", "fpu", "sfu",
                                           "csr", "simt", "ctrl", "tensor", "lsu"};
  return unit >= 0 && unit < VS_NUNITS ? n[unit] : "?";
}

void vs_units_init(vs_units *u, const struct vs_timing_config *c, unsigned lanes)
{
  *u = (vs_units){0};
  u->lanes = lanes ? lanes : 1;
  u->sfu_lanes = c->ex_sfu_lanes ? (unsigned)c->ex_sfu_lanes : (u->lanes / 4 ? u->lanes / 4 : 1);
  u->lat_salu = (unsigned)c->ex_salu_latency;
  u->lat_valu = (unsigned)c->ex_valu_latency;
  u->lat_mul = (unsigned)c->ex_mul_latency;
  u->lat_fpu = (unsigned)c->ex_fpu_latency;
  u->lat_fma = (unsigned)c->ex_fma_latency;
  u->lat_sfu = (unsigned)c->ex_sfu_latency;
  u->lat_div = (unsigned)c->ex_div_latency;
  u->lat_csr = (unsigned)c->ex_csr_latency;
  u->lat_simt = (unsigned)c->ex_simt_latency;
  u->lat_tensor = (unsigned)c->ex_tensor_latency;
  u->ii_tensor = (unsigned)c->ex_tensor_ii;
  u->ii_fpu = (unsigned)c->ex_fpu_ii;
  u->ii_sfu = (unsigned)c->ex_sfu_ii;
}

uint64_t vs_units_exec(vs_units *u, int unit, int cls, unsigned active, unsigned width,
                       uint64_t ready, uint64_t *start)
{
  vs_unit *x = &u->u[unit];
  /* passes through a unit narrower than the warp */
  unsigned threads = vs_cls_is(cls, VS_CP_VECTOR) ? width : 1;
  unsigned passes = (unsigned)vs_divup(threads ? threads : 1, u->lanes);
  unsigned lat, ii;
  switch (cls) {
  case VS_CLS_VALU: lat = u->lat_valu; ii = 1; break;
  case VS_CLS_SMUL: case VS_CLS_VMUL: lat = u->lat_mul; ii = 1; break;
  case VS_CLS_SFPU: case VS_CLS_VFPU: lat = u->lat_fpu; ii = u->ii_fpu; break;
  case VS_CLS_VFMA: lat = u->lat_fma; ii = 1; break;
  case VS_CLS_SDIV: case VS_CLS_VDIV: case VS_CLS_SFDIV: case VS_CLS_VSFU: {
    /* iterative, not pipelined: each pass of sfu_lanes threads takes the
     * whole latency; only active threads are processed */
    unsigned t = vs_cls_is(cls, VS_CP_VECTOR) ? (active ? active : 1) : 1;
    passes = (unsigned)vs_divup(t, u->sfu_lanes);
    lat = (cls == VS_CLS_SDIV || cls == VS_CLS_VDIV) ? u->lat_div : u->lat_sfu;
    /* pipelined transcendental unit (exec.sfu_ii): a pass every ii cycles,
     * the result lat cycles after the last pass entered */
    ii = (u->ii_sfu && cls != VS_CLS_SDIV && cls != VS_CLS_VDIV) ? u->ii_sfu : lat;
    break;
  }
  case VS_CLS_CSR: case VS_CLS_VCFG: lat = u->lat_csr; ii = 1; break;
  case VS_CLS_SIMT: lat = u->lat_simt; ii = 1; break;
  case VS_CLS_TENSOR: lat = u->lat_tensor; ii = u->ii_tensor; break;
  case VS_CLS_SALU: case VS_CLS_BRANCH: lat = u->lat_salu; ii = 1; break;
  default: lat = 1; ii = 1; break;
  }
  uint64_t s = vs_tmax(ready, x->next_free);
  uint64_t occupy = (uint64_t)passes * ii;
  x->next_free = s + occupy;
  x->busy_cycles += occupy;
  x->insns++;
  *start = s;
  return s + (uint64_t)(passes - 1) * ii + lat;
}
