/* Instruction fetch with the L1 instruction cache (seed 003).  Each cycle
 * the fetch unit takes the next warp in round-robin order that may fetch
 * (started, room in its I-buffer, no control-flow instruction waiting in
 * it, no redirect or fill pending) and looks its pc up in the I-cache:
 *   hit        -> up to fetch_width instructions of the aligned group
 *                 (stopping after a control-flow instruction) enter the
 *                 I-buffer, valid after hit_latency + decode_latency;
 *   miss       -> an MSHR is allocated, the line requested; the warp
 *                 retries when it arrives;
 *   in flight  -> another warp's miss brings the line: wait on its MSHR
 *                 (a subentry);
 *   reservation fail (no MSHR/subentry, every way of the set being
 *                 filled) -> nothing this cycle.
 * In every case the next cycle starts after this warp. */
#ifndef VS_TIMING_FETCH_H
#define VS_TIMING_FETCH_H

#include <stdint.h>

#include "core/memory.h"
#include "timing/cache.h"
#include "timing/ibuffer.h"
#include "timing/tcommon.h"
#include "timing/tinfo.h"
#include "timing/tslots.h"

/* The front-end state of one warp */
typedef struct vs_fwarp {
  uint8_t active;     /* may fetch (started and not ended)           */
  uint8_t stop;       /* a control-flow instruction is in the buffer */
  uint8_t icwait;     /* waiting for an I-cache fill                 */
  vs_addr pc;         /* next address to fetch                       */
  uint64_t fetch_at;  /* no fetch before this cycle                  */
  vs_ibuf ib;
} vs_fwarp;

typedef struct vs_fetch_unit {
  vs_cache own;       /* its I-cache (unused when it shares another unit's) */
  vs_cache *ic;       /* the I-cache it looks up: &own, or its group's (icache.sms) */
  /* a shared I-cache's banks (interleaved by line, one lookup each per
   * cycle; the owner allocates them): a fetch that finds its bank taken
   * is served in the bank's next free cycle.  NULL: one SM's cache, one
   * lookup per cycle (the fetch unit's own limit). */
  vs_tslots *bank;
  unsigned nbanks;
  int owns_banks;
  vs_lower low;
  unsigned width, hit_latency, decode_latency;
  unsigned rr;        /* the warp fetched last */
  vs_mem *mem;
  vs_tinfo_cache *tic;
  uint64_t insns;     /* instructions delivered to I-buffers */
} vs_fetch_unit;

int vs_fetch_init(vs_fetch_unit *f, unsigned sets, unsigned ways, unsigned line, unsigned mshrs,
                  unsigned targets, unsigned width, unsigned hit_latency, unsigned decode_latency,
                  vs_lower low, vs_mem *mem, vs_tinfo_cache *tic, vs_error *err);
void vs_fetch_free(vs_fetch_unit *f);
/* Makes f's I-cache shared: banks lookups per cycle (the unit that owns
 * it; others then vs_fetch_share it). */
int vs_fetch_banks(vs_fetch_unit *f, unsigned banks, vs_error *err);
/* f uses owner's I-cache and banks instead of its own (icache.sms > 1) */
void vs_fetch_share(vs_fetch_unit *f, vs_fetch_unit *owner);
/* Starts a warp's fetching at pc from cycle t (new warp or redirect). */
void vs_fetch_redirect(vs_fwarp *w, vs_addr pc, uint64_t t);
/* One cycle over warps[0..n-1]; returns 1 if it changed anything. */
int vs_fetch_cycle(vs_fetch_unit *f, vs_fwarp *warps, unsigned n, uint64_t now, uint64_t *wake);

#endif
