/* The shared L2 cache: banks interleaved by line, each with one tag
 * access per cycle, write-back and write-allocate, MSHRs per bank (a miss
 * that finds them all busy waits for one), and the atomic unit that
 * serialises atomics per thread.  Below it: DRAM (any vs_lower). */
#ifndef VS_TIMING_L2_H
#define VS_TIMING_L2_H

#include <stdint.h>

#include "timing/cache.h"
#include "timing/tcommon.h"
#include "timing/tslots.h"

typedef struct vs_l2_stats {
  uint64_t reads, writes, atomics, atomic_threads, mshr_waits, wb_waits;
} vs_l2_stats;

typedef struct vs_l2 {
  vs_cache *bank;
  vs_tslots *port;
  unsigned nbanks, line, line_shift, hit_latency, atomic_cycles;
  /* 1: a read-only level (the shared L1): stores and atomics pass to the
   * level below without allocating (vs_l2_set_write_through) */
  int write_through;
  vs_lower low;
  /* write-back buffers: nwb per bank (0: write-backs are posted without
   * bound), wb_free[bank * nwb + k] the time buffer k is free again */
  unsigned nwb;
  uint64_t *wb_free;
  vs_l2_stats st;
} vs_l2;

int vs_l2_init(vs_l2 *l2, unsigned banks, unsigned sets, unsigned ways, unsigned line,
               unsigned mshrs, unsigned hit_latency, unsigned atomic_cycles, vs_lower low,
               vs_error *err);
void vs_l2_free(vs_l2 *l2);
/* Completion times at the L2 (data ready to return / write done) of a
 * request for [addr, addr+bytes) arriving at t */
uint64_t vs_l2_read(vs_l2 *l2, vs_addr addr, unsigned bytes, uint64_t t);
uint64_t vs_l2_write(vs_l2 *l2, vs_addr addr, unsigned bytes, uint64_t t);
uint64_t vs_l2_atomic(vs_l2 *l2, vs_addr addr, unsigned nthreads, uint64_t t);
/* A write-back from the level above arriving at t (a write): the time l2
 * has taken it (the cycle after its bank accepted the line, after any wait
 * for an MSHR, a line or a write-back buffer of its own), when the write-
 * back buffer above is free again */
uint64_t vs_l2_writeback(vs_l2 *l2, vs_addr addr, unsigned bytes, uint64_t t);
/* Makes l2 a write-through level without write allocation whose stores
 * and atomics go straight to the level below (AMD's L1 per shader array) */
void vs_l2_set_write_through(vs_l2 *l2);
/* Gives each bank n write-back buffers (0: none, posted write-backs): a
 * miss that evicts a dirty line waits until a buffer is free, which it is
 * again when the level below has taken the line (vs_lower.writeback) */
int vs_l2_set_wb_buffers(vs_l2 *l2, unsigned n, vs_error *err);
/* The view of l2 from the level above */
vs_lower vs_l2_lower(vs_l2 *l2);
/* Sum of the bank statistics */
void vs_l2_cache_stats(const vs_l2 *l2, vs_cache_stats *out);

#endif
