/* Work-groups shared by the functional engine and the timing model:
 * creating warps, putting a work-group into its launch state, and barrier
 * counting (spec section 5). */
#ifndef VS_CORE_WORKGROUP_H
#define VS_CORE_WORKGROUP_H

#include "core/launch.h"

/* Warp storage for one work-group of the launch: as many warps as a whole
 * work-group has, of the ISA's size, with their register files. */
int vs_warps_alloc(const vs_launch_ctx *c, vs_warp ***out, vs_error *err);
void vs_warps_free(const vs_isa *isa, vs_warp **warps, unsigned n);

/* Puts work-group `id` (in hardware slot `slot`) and its warps into their
 * launch state: registers zero, pc at the entry, each warp's active mask
 * its work-items (a partial last warp has fewer), then the ISA's wg_start
 * and warp_start. */
void vs_wg_start(const vs_launch_ctx *c, vs_wg *wg, vs_warp **warps, vs_exec *ex, uint32_t id,
                 unsigned slot);

/* Barrier bookkeeping: a warp arrives at a barrier / ends.  Each opens the
 * barrier (all waiting warps become ready) when every warp that has not
 * ended is waiting; returns 1 then. */
int vs_wg_arrive(vs_wg *wg, vs_warp *w);
int vs_wg_end_warp(vs_wg *wg, vs_warp *w);

#endif
