/* Local memory (shared memory / LDS) of an SM: `banks` banks of
 * bank_bytes-wide rows; address a is in bank (a / bank_bytes) mod banks,
 * row a / (bank_bytes * banks).  Threads reading the same row of a bank
 * share one access (broadcast); different rows of one bank are a conflict
 * and take one more pass each.  One pass per cycle; a request completes
 * `latency` cycles after its last pass. */
#ifndef VS_TIMING_LDS_H
#define VS_TIMING_LDS_H

#include <stdint.h>

#include "core/warp.h"

typedef struct vs_lds_stats {
  uint64_t accesses, passes, conflict_passes;
} vs_lds_stats;

typedef struct vs_lds {
  unsigned banks, bank_bytes, latency;
  uint64_t next_free;
  vs_lds_stats st;
} vs_lds;

void vs_lds_init(vs_lds *l, unsigned banks, unsigned bank_bytes, unsigned latency);
/* Passes needed by the n accesses acc[0..n-1] (1 for n == 0) */
unsigned vs_lds_passes(const vs_lds *l, const vs_memacc *const *acc, unsigned n);
/* A request of `passes` passes arriving at t: returns its completion. */
uint64_t vs_lds_access(vs_lds *l, unsigned passes, uint64_t t);

#endif
