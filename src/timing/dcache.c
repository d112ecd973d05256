#include <stdlib.h>

#include "common/util.h"
#include "timing/dcache.h"

int vs_dcache_init(vs_dcache *d, unsigned sets, unsigned ways, unsigned line, unsigned mshrs,
                   unsigned targets, unsigned wshr, unsigned hit_latency, int write_through,
                   int write_allocate, vs_lower low, vs_error *err)
{
  d->low = low;
  d->nwshr = wshr ? wshr : 1;
  d->hit_latency = hit_latency;
  d->line = line;
  d->write_through = write_through;
  d->write_allocate = write_allocate;
  d->st = (vs_dcache_stats){0};
  d->wshr = vs_calloc(d->nwshr, sizeof *d->wshr, err);
  if (!d->wshr) return -1;
  if (vs_cache_init(&d->c, sets, ways, line, mshrs, targets, err)) {
    free(d->wshr);
    d->wshr = NULL;
    return -1;
  }
  return 0;
}

void vs_dcache_free(vs_dcache *d)
{
  vs_cache_free(&d->c);
  free(d->wshr);
  d->wshr = NULL;
}

unsigned vs_dcache_wshr_busy(const vs_dcache *d, uint64_t now)
{
  unsigned n = 0;
  for (unsigned i = 0; i < d->nwshr; i++) n += d->wshr[i] > now;
  return n;
}

static uint64_t *wshr_free(vs_dcache *d, uint64_t now, uint64_t *wake)
{
  uint64_t soonest = VS_NEVER;
  for (unsigned i = 0; i < d->nwshr; i++) {
    if (d->wshr[i] <= now) return &d->wshr[i];
    if (d->wshr[i] < soonest) soonest = d->wshr[i];
  }
  vs_wake(wake, now, soonest);
  return NULL;
}

enum { RF_NONE = 0, RF_MSHR, RF_SET, RF_TARGETS, RF_WSHR };

static int rfail(vs_dcache *d, int why)
{
  d->st.rfails++;
  d->c.st.rfails++;
  d->last_rfail = why;
  switch (why) {
  case RF_MSHR: d->c.st.rfail_mshr++; break;
  case RF_SET: d->c.st.rfail_set++; break;
  case RF_TARGETS: d->c.st.rfail_targets++; break;
  case RF_WSHR: d->st.rfail_wshr++; break;
  default: break;
  }
  return -1;
}

void vs_dcache_repeat_rfail(vs_dcache *d, uint64_t k)
{
  d->c.st.accesses += k;
  d->st.rfails += k;
  d->c.st.rfails += k;
  switch (d->last_rfail) {
  case RF_MSHR: d->c.st.rfail_mshr += k; break;
  case RF_SET: d->c.st.rfail_set += k; break;
  case RF_TARGETS: d->c.st.rfail_targets += k; break;
  case RF_WSHR: d->st.rfail_wshr += k; break;
  default: break;
  }
}

/* Allocates a line for a miss and requests it; returns the fill time or
 * VS_NEVER for a reservation fail. */
static uint64_t miss(vs_dcache *d, vs_addr addr, uint64_t now, int dirty, uint64_t *wake,
                     int *why)
{
  vs_cache *c = &d->c;
  vs_mshr *m = vs_cache_mshr_free(c, now);
  if (!m) {
    *why = RF_MSHR;
    vs_wake(wake, now, vs_cache_mshr_next_free(c, now));
    return VS_NEVER;
  }
  uint64_t wset = VS_NEVER;
  vs_cline *v = vs_cache_victim(c, addr, now, &wset);
  if (!v) {
    *why = RF_SET;
    vs_wake(wake, now, wset);
    return VS_NEVER;
  }
  c->st.misses++;
  if (v->valid && v->dirty) { /* write the victim back */
    c->st.writebacks++;
    d->st.writes_to_l2++;
    d->low.write(d->low.ctx, v->block << c->line_shift, d->line, now + d->hit_latency);
  }
  uint64_t fill = d->low.read(d->low.ctx, addr & ~(vs_addr)(d->line - 1), d->line, now + d->hit_latency);
  vs_cache_install(c, v, addr, fill, dirty);
  vs_cache_mshr_start(c, m, vs_cache_block(c, addr), now, fill);
  return fill;
}

int vs_dcache_access(vs_dcache *d, vs_addr addr, int kind, unsigned bytes, unsigned nthreads,
                     uint64_t now, uint64_t *done, uint64_t *wake)
{
  vs_cache *c = &d->c;
  c->st.accesses++;
  if (kind == VS_REQ_ATOMIC) {
    uint64_t *ws = wshr_free(d, now, wake);
    if (!ws) return rfail(d, RF_WSHR);
    int dirty;
    uint64_t t = now + d->hit_latency;
    if (vs_cache_invalidate(c, addr, &dirty) && dirty) {
      c->st.writebacks++;
      d->st.writes_to_l2++;
      t = d->low.write(d->low.ctx, addr & ~(vs_addr)(d->line - 1), d->line, t);
    }
    d->st.atomics++;
    *ws = *done = d->low.atomic(d->low.ctx, addr, nthreads, t);
    return 0;
  }
  vs_cline *ln;
  int r = vs_cache_lookup(c, addr, now, &ln);
  if (kind == VS_REQ_LOAD) {
    if (r == VS_CACHE_HIT) {
      c->st.hits++;
      d->st.loads++;
      d->st.load_hits++;
      *done = now + d->hit_latency;
      return 0;
    }
    if (r == VS_CACHE_PENDING) {
      vs_mshr *m = vs_cache_mshr_find(c, vs_cache_block(c, addr), now);
      if (!m || m->targets >= c->ntargets) {
        vs_wake(wake, now, ln->fill_at);
        return rfail(d, RF_TARGETS);
      }
      m->targets++;
      c->st.pending_hits++;
      d->st.loads++;
      d->st.load_merged++;
      *done = ln->fill_at + 1;
      return 0;
    }
    int why = RF_NONE;
    uint64_t fill = miss(d, addr, now, 0, wake, &why);
    if (fill == VS_NEVER) return rfail(d, why);
    d->st.loads++;
    d->st.load_misses++;
    *done = fill + 1;
    return 0;
  }
  /* stores */
  int allocated = 0;
  if (r == VS_CACHE_MISS && d->write_allocate) {
    /* the write needs a WSHR if it goes on to the L2: check before allocating */
    if (d->write_through && !wshr_free(d, now, wake)) return rfail(d, RF_WSHR);
    int why = RF_NONE;
    if (miss(d, addr, now, 0, wake, &why) == VS_NEVER) return rfail(d, why);
    allocated = 1;
    r = vs_cache_lookup(c, addr, now, &ln);
  }
  if ((r == VS_CACHE_MISS || d->write_through)) {
    /* the write goes on to the L2 */
    uint64_t *ws = wshr_free(d, now, wake);
    if (!ws) return rfail(d, RF_WSHR);
    uint64_t t = now + d->hit_latency;
    if (r != VS_CACHE_MISS) t = vs_tmax(t, ln->fill_at); /* update the line too */
    *ws = *done = d->low.write(d->low.ctx, addr, bytes, t);
    d->st.writes_to_l2++;
  } else {
    /* write-back: the line (present or being filled) takes the data */
    ln->dirty = 1;
    *done = vs_tmax(now, ln->fill_at) + d->hit_latency;
  }
  d->st.stores++;
  if (allocated || r == VS_CACHE_MISS) {
    d->st.store_misses++;
    if (!allocated) c->st.misses++;
  } else {
    d->st.store_hits++;
    if (r == VS_CACHE_HIT) c->st.hits++;
    else c->st.pending_hits++;
  }
  return 0;
}

uint64_t vs_dcache_flush(vs_dcache *d, uint64_t now)
{
  vs_cache *c = &d->c;
  uint64_t last = now, t = now;
  for (size_t i = 0; i < (size_t)c->sets * c->ways; i++) {
    vs_cline *ln = &c->lines[i];
    if (!ln->valid || !ln->dirty) continue;
    ln->dirty = 0;
    c->st.writebacks++;
    d->st.flush_writebacks++;
    d->st.writes_to_l2++;
    uint64_t ack = d->low.write(d->low.ctx, ln->block << c->line_shift, d->line,
                                vs_tmax(t, ln->fill_at));
    last = vs_tmax(last, ack);
    t++;
  }
  return last;
}
