/* Executing instructions of a warp: the fetch fast path and the executor
 * context shared by the functional engine and the timing model. */
#ifndef VS_CORE_EXEC_H
#define VS_CORE_EXEC_H

#include <stdio.h>

#include "core/device.h"
#include "core/isa.h"
#include "core/memory.h"
#include "core/warp.h"
#include "ventsim/sim.h"
#include "ventsim/stats.h"

/* What one host thread needs to run warps of a launch */
typedef struct vs_exec {
  struct vs_device *dev;
  vs_mem *mem;
  const vs_isa *isa;
  const vs_launch *launch;
  const vs_run_options *opt;
  FILE *trace;
  vs_memrec memrec;        /* accesses of the current instruction (tracing) */
  const void *isa_launch;  /* the ISA's per-launch state (vs_launch_ctx.isa_state) */
  /* The warp whose exception flags the host FPU's sticky flags hold (the
   * front end's host-FPU fast path); reset whenever warps are restarted. */
  struct vs_warp *fpu_owner;
} vs_exec;

/* Decodes one page for vs_mem (its decode_page callback; isa is the
 * vs_isa): decode.c. */
void vs_decode_page(void *isa, vs_mem *m, vs_addr page, vs_dpage *dp);

/* Decoded instruction at w->pc, or NULL with w->fault set. */
const vs_dinsn *vs_fetch_slow(vs_warp *w);

/* 1 if w->pc is in the decoded page the warp fetched from last (and that
 * page is still current); then the instruction is vs_fetch_slot(w, off).
 * w->cp_page is never NULL (vs_warp_fetch_reset). */
static inline int vs_fetch_fast(const vs_warp *w, vs_addr *off)
{
  *off = w->pc - w->cp_base;
  return (*off & ~(vs_addr)(VS_PAGE_SIZE - 4)) == 0 &&
         atomic_load_explicit(&w->cp_page->decoded, memory_order_relaxed) == w->cp_dpage;
}

/* The slot of byte offset off (a multiple of 4) in the current page:
 * insn[off / 4], computed from off directly (one step less). */
static inline const vs_dinsn *vs_fetch_slot(const vs_warp *w, vs_addr off)
{
  _Static_assert(sizeof(vs_dinsn) % 4 == 0, "slots are word-sized multiples");
  return &w->cp_dpage->insn[off >> 2];
}

static inline const vs_dinsn *vs_fetch(vs_warp *w)
{
  vs_addr off;
  if (__builtin_expect(vs_fetch_fast(w, &off), 1)) return vs_fetch_slot(w, off);
  return vs_fetch_slow(w);
}

/* Executes the instruction at w->pc; returns a vs_event. */
static inline int vs_step(vs_warp *w)
{
  vs_addr off;
  const vs_dinsn *d;
  if (__builtin_expect(vs_fetch_fast(w, &off), 1)) {
    d = vs_fetch_slot(w, off); /* (not NULL: no test on the fast path) */
  } else {
    d = vs_fetch_slow(w);
    if (__builtin_expect(d == NULL, 0)) return VS_EV_FAULT;
  }
  int ev = d->exec(w, d);
  w->insns++;
  return ev;
}

/* Counts one executed instruction of class cls (active threads, the
 * warp's divergence depth before and after it, its memory accesses) into
 * the statistics: the functional engine and the timing model both. */
void vs_exec_stats_count(vs_exec_stats *st, int cls, unsigned active, unsigned depth_before,
                         unsigned depth_after, const vs_memrec *r);

/* Formats the kernel-error message of a faulted warp into err. */
int vs_exec_report_fault(vs_exec *ex, vs_warp *w, vs_error *err);

#endif
