/* Execution units of an SM: each has a latency and an initiation interval
 * (cycles before it accepts the next instruction).  Units narrower than the
 * warp take several passes (the SFU has lanes/4 lanes). */
#ifndef VS_TIMING_UNITS_H
#define VS_TIMING_UNITS_H

#include <stdint.h>

#include "timing/config.h"

enum vs_unit_id {
  VS_U_SALU = 0, /* scalar ALU and branches             */
  VS_U_VALU,     /* integer vector ALU                  */
  VS_U_MUL,      /* multiplier (scalar and vector)      */
  VS_U_FPU,      /* floating point (scalar and vector)  */
  VS_U_SFU,      /* divide, square root, exp            */
  VS_U_CSR,      /* CSR access, vsetvli                 */
  VS_U_SIMT,     /* SIMT stack: vector branches, join   */
  VS_U_CTRL,     /* warp control: barrier, endprg       */
  VS_U_TENSOR,   /* vftta                               */
  VS_U_LSU,      /* load/store unit (lsu.c)             */
  VS_NUNITS
};

const char *vs_unit_name(int unit);

typedef struct vs_unit {
  uint64_t next_free;   /* accepts the next instruction from this cycle */
  uint64_t busy_cycles, insns;
} vs_unit;

typedef struct vs_units {
  vs_unit u[VS_NUNITS];
  unsigned lanes;       /* vector lanes of the full-width units */
  unsigned sfu_lanes;
  unsigned lat_salu, lat_valu, lat_mul, lat_fpu, lat_fma, lat_sfu, lat_div, lat_csr, lat_simt;
  unsigned lat_tensor, ii_tensor, ii_fpu;
  unsigned ii_sfu;      /* 0: iterative (each pass the whole latency) */
} vs_units;

/* lanes: vector lanes (threads per warp unless core.lanes says otherwise) */
void vs_units_init(vs_units *u, const struct vs_timing_config *c, unsigned lanes);
/* Can `unit` start an instruction at time t?  If not, *wake gets when. */
static inline int vs_units_accepts(const vs_units *u, int unit, uint64_t t, uint64_t *wake)
{
  if (u->u[unit].next_free <= t) return 1;
  if (u->u[unit].next_free < *wake) *wake = u->u[unit].next_free;
  return 0;
}
/* Executes an instruction of class cls on `unit` (the profile's unit of
 * the class) with `active` threads of a warp of `width` threads whose
 * operands are ready at `ready`: returns the cycle its result is computed;
 * *start gets the cycle it entered the unit. */
uint64_t vs_units_exec(vs_units *u, int unit, int cls, unsigned active, unsigned width,
                       uint64_t ready, uint64_t *start);

#endif
