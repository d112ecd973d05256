/* Definitions shared by the timing-model components. */
#ifndef VS_TIMING_TCOMMON_H
#define VS_TIMING_TCOMMON_H

#include <stdint.h>

#include "ventsim/sim.h"

#define VS_NEVER UINT64_MAX /* a time that is not known yet / never comes */

static inline uint64_t vs_tmax(uint64_t a, uint64_t b) { return a > b ? a : b; }
static inline uint64_t vs_tmin(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* Records that something becomes possible at time t (if after now): the
 * cycle loop may jump to the earliest such time when nothing happens. */
static inline void vs_wake(uint64_t *wake, uint64_t now, uint64_t t)
{
  if (t > now && t < *wake) *wake = t;
}

/* ceil(a / b) for b > 0 */
static inline uint64_t vs_divup(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

static inline unsigned vs_log2u(uint64_t x)
{
  unsigned n = 0;
  while ((1ull << n) < x) n++;
  return n;
}

/* The level below a cache: returns the time the data (read) or the
 * acknowledgement (write, atomic) arrives back, for a request sent at t. */
typedef struct vs_lower {
  uint64_t (*read)(void *ctx, vs_addr addr, unsigned bytes, uint64_t t);
  uint64_t (*write)(void *ctx, vs_addr addr, unsigned bytes, uint64_t t);
  uint64_t (*atomic)(void *ctx, vs_addr addr, unsigned nthreads, uint64_t t);
  void *ctx;
  /* A write-back (a dirty line a cache evicts) sent at t: the time the
   * level has taken it, so the cache's write-back buffer is free again.
   * NULL: as write (the level acknowledges what it has taken). */
  uint64_t (*writeback)(void *ctx, vs_addr addr, unsigned bytes, uint64_t t);
} vs_lower;

#endif
