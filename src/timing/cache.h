/* A set-associative tag store with LRU replacement, lines that are being
 * filled (a miss allocates its line at once and records when the data
 * arrives), and a table of MSHRs (miss status holding registers) with
 * subentries.  Time-stamped: an MSHR is busy until its fill time, a line is
 * usable from its fill time.  The I-cache, D-cache and L2 build their
 * policies on it. */
#ifndef VS_TIMING_CACHE_H
#define VS_TIMING_CACHE_H

#include <stdint.h>

#include "ventsim/error.h"
#include "ventsim/sim.h"

typedef struct vs_cline {
  uint64_t block;      /* address >> line_shift                   */
  uint8_t valid, dirty;
  uint64_t fill_at;    /* data present from this cycle on          */
  uint64_t lru;        /* last use (larger = more recent)           */
} vs_cline;

typedef struct vs_mshr {
  uint64_t block;
  uint64_t done;       /* busy until this cycle                     */
  unsigned targets;    /* requests waiting on it (first one included) */
} vs_mshr;

typedef struct vs_cache_stats {
  uint64_t accesses, hits, pending_hits, misses;
  uint64_t rfails, rfail_mshr, rfail_set, rfail_targets;
  uint64_t evictions, writebacks;
  uint64_t mshr_allocs, mshr_busy_cycles, mshr_max;
  /* a cache with banks shared by several SMs (kcache.c, a shared I-cache):
   * requests served after the cycle they came in, and the cycles they waited */
  uint64_t bank_waits, bank_wait_cycles;
} vs_cache_stats;

typedef struct vs_cache {
  unsigned sets, ways, line_shift;
  uint32_t set_mask;
  vs_cline *lines;     /* sets * ways */
  vs_mshr *mshr;
  unsigned nmshr, ntargets;
  uint64_t clock;      /* LRU clock */
  vs_cache_stats st;
} vs_cache;

enum { VS_CACHE_HIT = 0, VS_CACHE_PENDING, VS_CACHE_MISS };

int vs_cache_init(vs_cache *c, unsigned sets, unsigned ways, unsigned line, unsigned nmshr,
                  unsigned ntargets, vs_error *err);
void vs_cache_free(vs_cache *c);

static inline uint64_t vs_cache_block(const vs_cache *c, vs_addr addr)
{
  return addr >> c->line_shift;
}

/* Looks addr up: HIT (valid, filled), PENDING (valid, fill_at > now) or
 * MISS.  *line is the line for HIT/PENDING.  Updates LRU on HIT/PENDING.
 * Does not count statistics. */
int vs_cache_lookup(vs_cache *c, vs_addr addr, uint64_t now, vs_cline **line);
/* The busy MSHR for a block, or NULL */
vs_mshr *vs_cache_mshr_find(vs_cache *c, uint64_t block, uint64_t now);
/* A free MSHR (done <= now), or NULL */
vs_mshr *vs_cache_mshr_free(vs_cache *c, uint64_t now);
/* MSHRs busy at now */
unsigned vs_cache_mshr_busy(const vs_cache *c, uint64_t now);
/* Earliest time an MSHR busy at now becomes free (VS_NEVER if none busy) */
uint64_t vs_cache_mshr_next_free(const vs_cache *c, uint64_t now);
/* Starts an MSHR for block until done (statistics: occupancy). */
void vs_cache_mshr_start(vs_cache *c, vs_mshr *m, uint64_t block, uint64_t now, uint64_t done);
/* The line to replace for addr: an invalid way, else the least recently
 * used way whose fill completed; NULL if every way is being filled.
 * *wake (if not NULL) gets the earliest fill completion in that case. */
vs_cline *vs_cache_victim(vs_cache *c, vs_addr addr, uint64_t now, uint64_t *wake);
/* Installs addr's block in line (evicting what was there), usable from
 * fill_at. */
void vs_cache_install(vs_cache *c, vs_cline *line, vs_addr addr, uint64_t fill_at, int dirty);
/* Drops a block if present (returns 1 and its dirty bit in *dirty). */
int vs_cache_invalidate(vs_cache *c, vs_addr addr, int *dirty);

#endif
