/* Launch preparation and work-group bookkeeping shared by the functional
 * engine and the timing model: validating a launch, mapping its local and
 * private memory, creating warps, putting a work-group into its launch
 * state, and barrier counting (spec section 5). */
#ifndef VS_CORE_WORKGROUP_H
#define VS_CORE_WORKGROUP_H

#include "core/exec.h"

/* A launch being run: its memory layout and counts */
typedef struct vs_launch_ctx {
  struct vs_device *dev;
  const vs_launch *l;
  uint32_t nwg;           /* work-groups in the NDRange            */
  unsigned nslots;        /* work-groups resident at the same time */
  uint32_t lds_stride;    /* bytes of local memory window per slot */
  uint32_t priv_lo, priv_hi; /* private memory of the whole launch */
  int serial;             /* buffers of the launch lie in the local-memory
                             window (__local arguments at fixed addresses):
                             every work-group sees the same local memory, so
                             they must run one at a time (nslots is 1)  */
  uint32_t *lds_maps;     /* local-memory regions mapped by vs_launch_begin */
  unsigned n_lds_maps;
  int mapped_priv;
} vs_launch_ctx;

/* Validates the launch and maps one local-memory window per slot (and the
 * private memory, unless the launch's buffers cover it).  c->nslots may come
 * out smaller than asked (see `serial`). */
int vs_launch_begin(vs_launch_ctx *c, struct vs_device *dev, const vs_launch *l, unsigned nslots,
                    vs_error *err);
/* Unmaps what vs_launch_begin mapped and frees retired decode pages. */
void vs_launch_end(vs_launch_ctx *c);
/* Sets the executor fields that depend on the launch. */
void vs_launch_exec_init(const vs_launch_ctx *c, vs_exec *ex, const vs_run_options *opt);

/* Warp storage for one work-group: n warps of the ISA's size with their
 * register files. */
int vs_warps_alloc(const vs_isa *isa, const vs_launch *l, vs_warp ***out, vs_error *err);
void vs_warps_free(vs_warp **warps, unsigned n);

/* Puts work-group `id` (in hardware slot `slot`) and its warps into their
 * launch state (spec 6.3): registers zero, pc at the start, full mask. */
void vs_wg_start(const vs_launch_ctx *c, vs_wg *wg, vs_warp **warps, vs_exec *ex, uint32_t id,
                 unsigned slot);

/* Barrier bookkeeping: a warp arrives at a barrier / ends.  Each opens the
 * barrier (all waiting warps become ready) when every warp that has not
 * ended is waiting; returns 1 then. */
int vs_wg_arrive(vs_wg *wg, vs_warp *w);
int vs_wg_end_warp(vs_wg *wg, vs_warp *w);

#endif
