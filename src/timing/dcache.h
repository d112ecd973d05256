/* The L1 data cache of an SM.  Loads: hit; hit on a line being filled
 * (merged into its MSHR as a subentry); miss (MSHR + replaceable line, the
 * line is requested from the L2); or reservation fail (no MSHR / subentry,
 * every way of the set being filled).  Stores: write-back (dirty lines are
 * written when evicted or flushed) or write-through, with or without
 * write-allocate; writes to the L2 need a WSHR (write status holding
 * register).  Atomics bypass the cache (the line is dropped) and are done
 * by the L2's atomic unit.  One request per port and cycle. */
#ifndef VS_TIMING_DCACHE_H
#define VS_TIMING_DCACHE_H

#include <stdint.h>

#include "timing/cache.h"
#include "timing/tcommon.h"

enum { VS_REQ_LOAD = 0, VS_REQ_STORE, VS_REQ_ATOMIC };

typedef struct vs_dcache_stats {
  uint64_t loads, load_hits, load_merged, load_misses;
  uint64_t stores, store_hits, store_misses;
  uint64_t atomics, rfails, rfail_wshr, writes_to_l2, flush_writebacks;
} vs_dcache_stats;

typedef struct vs_dcache {
  vs_cache c;
  vs_lower low;
  uint64_t *wshr;       /* busy until */
  unsigned nwshr, hit_latency, line;
  int write_through, write_allocate;
  int last_rfail;       /* why the last reservation fail happened (RF_*) */
  vs_dcache_stats st;
} vs_dcache;

int vs_dcache_init(vs_dcache *d, unsigned sets, unsigned ways, unsigned line, unsigned mshrs,
                   unsigned targets, unsigned wshr, unsigned hit_latency, int write_through,
                   int write_allocate, vs_lower low, vs_error *err);
void vs_dcache_free(vs_dcache *d);
/* One request for the line at addr (kind VS_REQ_*; bytes written; threads
 * of an atomic) at now: 0 with *done = when it completes (load data back /
 * store written / atomic returned), or -1 for a reservation fail (retry; 
 * *wake lowered to when a resource frees, if known). */
int vs_dcache_access(vs_dcache *d, vs_addr addr, int kind, unsigned bytes, unsigned nthreads,
                     uint64_t now, uint64_t *done, uint64_t *wake);
/* Writes every dirty line back (one per cycle from now); returns when the
 * last write is done (now if none). */
uint64_t vs_dcache_flush(vs_dcache *d, uint64_t now);
/* Counts k more reservation fails like the last one (the LSU would have
 * retried in each of k skipped cycles). */
void vs_dcache_repeat_rfail(vs_dcache *d, uint64_t k);
/* WSHRs busy at now */
unsigned vs_dcache_wshr_busy(const vs_dcache *d, uint64_t now);

#endif
