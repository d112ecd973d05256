#include <stdlib.h>

#include "common/util.h"
#include "timing/kcache.h"

int vs_kcache_init(vs_kcache *k, unsigned sets, unsigned ways, unsigned line, unsigned mshrs,
                   unsigned targets, unsigned banks, unsigned hit_latency, vs_lower low,
                   vs_error *err)
{
  k->nbanks = banks ? banks : 1;
  k->hit_latency = hit_latency;
  k->line = line;
  k->low = low;
  k->last_rfail = 0;
  k->st = (vs_kcache_stats){0};
  k->bank = vs_calloc(k->nbanks, sizeof *k->bank, err);
  if (!k->bank) return -1;
  for (unsigned b = 0; b < k->nbanks; b++)
    if (vs_tslots_init(&k->bank[b], 10, 1, err)) goto fail;
  if (vs_cache_init(&k->c, sets, ways, line, mshrs, targets, err)) goto fail;
  return 0;
fail: /* the banks not initialised are zero: freeing them is harmless */
  for (unsigned b = 0; b < k->nbanks; b++) vs_tslots_free(&k->bank[b]);
  free(k->bank);
  k->bank = NULL;
  return -1;
}

void vs_kcache_free(vs_kcache *k)
{
  vs_cache_free(&k->c);
  if (k->bank)
    for (unsigned b = 0; b < k->nbanks; b++) vs_tslots_free(&k->bank[b]);
  free(k->bank);
  k->bank = NULL;
}

enum { RF_NONE = 0, RF_MSHR, RF_SET, RF_TARGETS };

static void count_rfail(vs_kcache *k, int why, uint64_t n)
{
  k->c.st.rfails += n;
  switch (why) {
  case RF_MSHR: k->c.st.rfail_mshr += n; break;
  case RF_SET: k->c.st.rfail_set += n; break;
  case RF_TARGETS: k->c.st.rfail_targets += n; break;
  default: break;
  }
}

static int rfail(vs_kcache *k, int why)
{
  k->last_rfail = why;
  count_rfail(k, why, 1);
  return -1;
}

void vs_kcache_repeat_rfail(vs_kcache *k, uint64_t n)
{
  k->c.st.accesses += n;
  count_rfail(k, k->last_rfail, n);
}

int vs_kcache_access(vs_kcache *k, vs_addr addr, int kind, unsigned bytes, unsigned nthreads,
                     uint64_t now, uint64_t *done, uint64_t *wake)
{
  vs_cache *c = &k->c;
  vs_tslots *bank = &k->bank[vs_cache_block(c, addr) % k->nbanks];
  c->st.accesses++;
  /* the lookup happens in the bank's first free cycle; a reservation
   * fail takes none */
  uint64_t t = vs_tslots_first(bank, now);
  vs_addr la = addr & ~(vs_addr)(k->line - 1);
  vs_cline *ln;
  int r = vs_cache_lookup(c, addr, t, &ln);
  if (kind == VS_REQ_LOAD) {
    if (r == VS_CACHE_HIT) {
      c->st.hits++;
      k->st.load_hits++;
      *done = t + k->hit_latency;
    } else if (r == VS_CACHE_PENDING) {
      vs_mshr *m = vs_cache_mshr_find(c, vs_cache_block(c, addr), t);
      if (!m || m->targets >= c->ntargets) {
        vs_wake(wake, now, ln->fill_at);
        return rfail(k, RF_TARGETS);
      }
      m->targets++;
      c->st.pending_hits++;
      k->st.load_merged++;
      *done = ln->fill_at + 1;
    } else {
      vs_mshr *m = vs_cache_mshr_free(c, t);
      if (!m) {
        vs_wake(wake, now, vs_cache_mshr_next_free(c, t));
        return rfail(k, RF_MSHR);
      }
      uint64_t wset = VS_NEVER;
      vs_cline *v = vs_cache_victim(c, addr, t, &wset);
      if (!v) {
        vs_wake(wake, now, wset);
        return rfail(k, RF_SET);
      }
      c->st.misses++;
      k->st.load_misses++;
      uint64_t fill = k->low.read(k->low.ctx, la, k->line, t + k->hit_latency);
      vs_cache_install(c, v, addr, fill, 0);
      vs_cache_mshr_start(c, m, vs_cache_block(c, addr), t, fill);
      *done = fill + 1;
    }
    k->st.loads++;
  } else if (kind == VS_REQ_STORE) {
    /* written through; a present line takes the data (once it is filled) */
    uint64_t at = t + k->hit_latency;
    if (r != VS_CACHE_MISS) {
      at = vs_tmax(at, ln->fill_at);
      c->st.hits += r == VS_CACHE_HIT;
      c->st.pending_hits += r == VS_CACHE_PENDING;
    } else {
      c->st.misses++;
    }
    *done = k->low.write(k->low.ctx, addr, bytes, at);
    k->st.stores++;
  } else { /* atomic: done below, the line dropped */
    int dirty;
    vs_cache_invalidate(c, addr, &dirty);
    *done = k->low.atomic(k->low.ctx, addr, nthreads, t + k->hit_latency);
    k->st.atomics++;
  }
  vs_tslots_reserve(bank, t, 1);
  if (t > now) {
    c->st.bank_waits++;
    c->st.bank_wait_cycles += t - now;
  }
  return 0;
}
