/* The work-group (CTA) dispatcher: places a work-group on an SM only when
 * the SM has, at once, a free work-group slot, warp slots for all its
 * warps, and enough vector registers, scalar registers and local memory;
 * SMs are tried in round-robin order starting after the last one used.
 * Resources are counted (not placed: no fragmentation) and returned when
 * the work-group ends. */
#ifndef VS_TIMING_DISPATCH_H
#define VS_TIMING_DISPATCH_H

#include <stdint.h>

#include "core/launch.h"
#include "timing/config.h"
#include "ventsim/sim.h"

typedef struct vs_wgreq {
  unsigned warps;
  uint64_t vgprs, sgprs, lds;
} vs_wgreq;

typedef struct vs_smres {
  unsigned wg_slots, warps;
  uint64_t vgprs, sgprs, lds;
} vs_smres;

/* What a work-group of the launch needs on the SM: its warps, their
 * registers (vs_launch vgprs/sgprs per warp) and its local memory (the
 * ISA's lds_per_wg unless dispatch.lds_request says) */
void vs_wgreq_of(const struct vs_timing_config *c, const vs_launch_ctx *lc, vs_wgreq *r);
/* An SM's resources when empty */
void vs_smres_full(const struct vs_timing_config *c, vs_smres *s);
/* 0 if a work-group can ever be placed, else -1 with a message naming the
 * resource and the parameter (VS_E_LIMIT). */
int vs_wgreq_check(const struct vs_timing_config *c, const vs_launch_ctx *lc, const vs_wgreq *r,
                   vs_error *err);
static inline int vs_smres_fits(const vs_smres *s, const vs_wgreq *r)
{
  return s->wg_slots >= 1 && s->warps >= r->warps && s->vgprs >= r->vgprs && s->sgprs >= r->sgprs &&
         s->lds >= r->lds;
}
/* The SM (of n) to place r on, trying from *rr; -1 if none fits.  Takes
 * the resources and advances *rr. */
int vs_dispatch_pick(vs_smres *sms, unsigned n, unsigned *rr, const vs_wgreq *r);
void vs_smres_take(vs_smres *s, const vs_wgreq *r);
void vs_smres_give(vs_smres *s, const vs_wgreq *r);

#endif
