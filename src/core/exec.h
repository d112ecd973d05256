/* Executing instructions of a warp: the fetch fast path and the executor
 * context shared by the functional engine and the timing model. */
#ifndef VS_CORE_EXEC_H
#define VS_CORE_EXEC_H

#include <stdio.h>

#include "core/isa.h"
#include "core/memory.h"
#include "core/warp.h"
#include "ventsim/sim.h"

struct vs_device {
  vs_mem mem;
  const vs_isa *isa;
};

/* What one host thread needs to run warps of a launch */
typedef struct vs_exec {
  struct vs_device *dev;
  vs_mem *mem;
  const vs_isa *isa;
  const vs_launch *launch;
  const vs_run_options *opt;
  FILE *trace;
  vs_memrec memrec;        /* accesses of the current instruction (tracing) */
  uint32_t private_lo, private_hi; /* private-memory range of the launch */
  /* The warp whose exception flags the host FPU's sticky flags hold (the
   * front end's host-FPU fast path); reset whenever warps are restarted. */
  struct vs_warp *fpu_owner;
} vs_exec;

/* Decoded instruction at w->pc, or NULL with w->fault set. */
const vs_dinsn *vs_fetch_slow(vs_warp *w);

/* The fast path: the pc is in the page of the last fetch and that page's
 * decoded instructions are still current (w->cp_page is never NULL:
 * vs_warp_fetch_reset). */
static inline const vs_dinsn *vs_fetch(vs_warp *w)
{
  uint32_t off = w->pc - w->cp_base;
  if (__builtin_expect((off & ~(uint32_t)(VS_PAGE_SIZE - 4)) == 0 &&
                       atomic_load_explicit(&w->cp_page->decoded, memory_order_relaxed) ==
                           w->cp_dpage, 1))
    return &w->cp_dpage->insn[off >> 2];
  return vs_fetch_slow(w);
}

/* Executes the instruction at w->pc; returns a vs_event. */
static inline int vs_step(vs_warp *w)
{
  const vs_dinsn *d = vs_fetch(w);
  if (__builtin_expect(d == NULL, 0)) return VS_EV_FAULT;
  int ev = d->exec(w, d);
  w->insns++;
  return ev;
}

/* Formats the kernel-error message of a faulted warp into err. */
int vs_exec_report_fault(vs_exec *ex, vs_warp *w, vs_error *err);

#endif
