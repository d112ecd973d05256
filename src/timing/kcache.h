/* The scalar data cache: the cache AMD's scalar memory instructions (SMEM:
 * s_load_*, s_buffer_load_*, gfx9's s_store_* and s_atomic_*) read through
 * instead of the vector L1 -- on GCN one 16 KiB cache shared by a group of
 * CUs, on RDNA3 the scalar L0 of a WGP (docs/amd-hardware.md section 5).
 * One cache may serve several SMs (kcache.sms): its lines, MSHRs and
 * banks are theirs together.  A request looks its line up in the line's
 * bank (banks interleaved by line, one lookup each per cycle: a request
 * that finds its bank taken this cycle is served in the bank's next free
 * cycle); then as the D-cache: hit, hit on a line being filled (an MSHR
 * subentry), miss (an MSHR and a replaceable line, the line requested
 * from the level below), or a reservation fail (no MSHR / subentry, every
 * way of the set being filled) that takes no bank cycle and is retried.
 * Stores are written through to the level below (the line, if present,
 * takes the data; no allocation); atomics drop the line and are done
 * below.  No state depends on the order in which the SMs of a cycle call
 * it except the bank cycles, which go to the first caller: the cycle loop
 * calls the SMs in a fixed order, so runs are deterministic. */
#ifndef VS_TIMING_KCACHE_H
#define VS_TIMING_KCACHE_H

#include <stdint.h>

#include "timing/cache.h"
#include "timing/dcache.h" /* VS_REQ_* */
#include "timing/tcommon.h"
#include "timing/tslots.h"

typedef struct vs_kcache_stats {
  uint64_t loads, load_hits, load_merged, load_misses, stores, atomics;
} vs_kcache_stats;

typedef struct vs_kcache {
  vs_cache c;
  vs_tslots *bank;
  unsigned nbanks, hit_latency, line;
  vs_lower low;
  int last_rfail;            /* why the last reservation fail happened */
  vs_kcache_stats st;
} vs_kcache;

int vs_kcache_init(vs_kcache *k, unsigned sets, unsigned ways, unsigned line, unsigned mshrs,
                   unsigned targets, unsigned banks, unsigned hit_latency, vs_lower low,
                   vs_error *err);
void vs_kcache_free(vs_kcache *k);
/* One request for the line at addr (kind VS_REQ_*; bytes written; threads
 * of an atomic) at now: 0 with *done = when it completes (data back /
 * store or atomic acknowledged), or -1 for a reservation fail (retry;
 * *wake lowered to when a resource frees). */
int vs_kcache_access(vs_kcache *k, vs_addr addr, int kind, unsigned bytes, unsigned nthreads,
                     uint64_t now, uint64_t *done, uint64_t *wake);
/* Counts n more reservation fails like the last one (skipped cycles in
 * which the load/store unit would have retried) */
void vs_kcache_repeat_rfail(vs_kcache *k, uint64_t n);

#endif
