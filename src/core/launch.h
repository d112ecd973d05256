/* A launch being run (shared by the functional engine and the timing
 * model): its shape, the work-groups resident at the same time ("slots"),
 * the ISA's per-launch state and the memory mapped for it.
 *
 *   vs_launch_begin   checks the launch (vs_launch_shape_of), then lets the
 *                     ISA check its ABI block and map what the launch
 *                     needs (vs_isa.launch_begin);
 *   vs_launch_end     the ISA's launch_end, unmaps what was mapped for the
 *                     launch and frees retired decoded pages. */
#ifndef VS_CORE_LAUNCH_H
#define VS_CORE_LAUNCH_H

#include "core/exec.h"

typedef struct vs_launch_ctx {
  struct vs_device *dev;
  const vs_isa *isa;
  const vs_launch *l;
  vs_launch_shape shape;
  uint64_t nwg;            /* work-groups in the launch (shape.nwg)          */
  unsigned nslots;         /* work-groups resident at the same time: asked by
                              the engine, may be lowered by the ISA          */
  int serial;              /* (set by the ISA) every work-group sees the same
                              memory: one work-group at a time, device-wide  */
  uint64_t lds_per_wg;     /* local memory one work-group occupies on an SM
                              (timing); default lds_bytes, set by the ISA    */
  const char *lds_what;    /* how lds_per_wg is made up, for messages        */
  void *isa_state;         /* the ISA's per-launch state                     */
  vs_addr *maps;           /* regions mapped for the launch (vs_launch_map)  */
  unsigned nmaps, capmaps;
} vs_launch_ctx;

/* Checks the launch and starts it on dev (nslots work-groups at a time at
 * most).  On failure nothing stays mapped. */
int vs_launch_begin(vs_launch_ctx *c, struct vs_device *dev, const vs_launch *l, unsigned nslots,
                    vs_error *err);
void vs_launch_end(vs_launch_ctx *c);
/* Sets the executor fields that depend on the launch. */
void vs_launch_exec_init(const vs_launch_ctx *c, vs_exec *ex, const vs_run_options *opt);

/* For the ISA's launch_begin: maps [base, base+size) for the duration of
 * the launch. */
int vs_launch_map(vs_launch_ctx *c, vs_addr base, uint64_t size, const char *name, vs_error *err);
/* Maps the parts of [lo, hi) that no region covers yet, for the launch. */
int vs_launch_map_gaps(vs_launch_ctx *c, vs_addr lo, vs_addr hi, const char *name, vs_error *err);

#endif
