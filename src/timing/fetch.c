#include <stdlib.h>

#include "common/util.h"
#include "timing/fetch.h"

int vs_fetch_init(vs_fetch_unit *f, unsigned sets, unsigned ways, unsigned line, unsigned mshrs,
                  unsigned targets, unsigned width, unsigned hit_latency, unsigned decode_latency,
                  vs_lower low, vs_mem *mem, vs_tinfo_cache *tic, vs_error *err)
{
  f->low = low;
  f->width = width ? width : 1;
  f->hit_latency = hit_latency;
  f->decode_latency = decode_latency;
  f->rr = 0;
  f->mem = mem;
  f->tic = tic;
  f->insns = 0;
  f->ic = &f->own;
  f->bank = NULL;
  f->nbanks = 0;
  f->owns_banks = 0;
  return vs_cache_init(&f->own, sets, ways, line, mshrs, targets, err);
}

void vs_fetch_free(vs_fetch_unit *f)
{
  vs_cache_free(&f->own);
  if (f->owns_banks) {
    for (unsigned b = 0; b < f->nbanks; b++) vs_tslots_free(&f->bank[b]);
    free(f->bank);
  }
  f->bank = NULL;
  f->owns_banks = 0;
}

int vs_fetch_banks(vs_fetch_unit *f, unsigned banks, vs_error *err)
{
  f->nbanks = banks ? banks : 1;
  f->bank = vs_calloc(f->nbanks, sizeof *f->bank, err);
  if (!f->bank) return -1;
  f->owns_banks = 1;
  for (unsigned b = 0; b < f->nbanks; b++)
    if (vs_tslots_init(&f->bank[b], 10, 1, err)) return -1; /* vs_fetch_free frees them */
  return 0;
}

void vs_fetch_share(vs_fetch_unit *f, vs_fetch_unit *owner)
{
  vs_cache_free(&f->own);
  f->ic = owner->ic;
  f->bank = owner->bank;
  f->nbanks = owner->nbanks;
}

void vs_fetch_redirect(vs_fwarp *w, vs_addr pc, uint64_t t)
{
  vs_ibuf_flush(&w->ib);
  w->pc = pc;
  w->stop = 0;
  w->icwait = 0;
  if (t > w->fetch_at) w->fetch_at = t;
}

/* Moves the instructions of the fetched group into the I-buffer */
static void deliver(vs_fetch_unit *f, vs_fwarp *w, uint64_t now)
{
  vs_addr group = f->width * 4u;
  vs_addr end = (w->pc & ~(group - 1)) + group;
  uint64_t ready = now + f->hit_latency + f->decode_latency;
  while (vs_ibuf_free(&w->ib) && w->pc < end && !w->stop) {
    vs_ibent e = {0};
    e.pc = w->pc;
    e.ready_at = ready;
    vs_dpage *dp = (w->pc & 3) ? NULL : vs_mem_dpage(f->mem, w->pc);
    if (!dp) { /* not fetchable: the issue stage reports it */
      e.d = NULL;
      e.flags = vs_tinfo_bad_pc.flags;
      vs_ibuf_push(&w->ib, &e);
      w->stop = 1;
      break;
    }
    e.d = &dp->insn[(w->pc & VS_PAGE_MASK) >> 2];
    e.flags = vs_tinfo_get(f->tic, e.d)->flags;
    vs_ibuf_push(&w->ib, &e);
    f->insns++;
    w->pc += e.d->len ? e.d->len : 4;
    if (e.flags & VS_TI_CTRL) w->stop = 1;
    if (w->pc == 0) break; /* wrapped around the address space */
  }
}

/* A shared I-cache: the lookup at t takes its bank's cycle */
static void take_bank(vs_cache *c, vs_tslots *bk, uint64_t t, uint64_t now)
{
  if (!bk) return;
  vs_tslots_reserve(bk, t, 1);
  if (t > now) {
    c->st.bank_waits++;
    c->st.bank_wait_cycles += t - now;
  }
}

int vs_fetch_cycle(vs_fetch_unit *f, vs_fwarp *warps, unsigned n, uint64_t now, uint64_t *wake)
{
  for (unsigned k = 1; k <= n; k++) {
    unsigned i = (f->rr + k) % n;
    vs_fwarp *w = &warps[i];
    if (!w->active || w->stop || !vs_ibuf_free(&w->ib)) continue;
    if (w->fetch_at > now) {
      vs_wake(wake, now, w->fetch_at);
      continue;
    }
    /* this warp accesses the I-cache this cycle; a shared one in its
     * bank's first free cycle t (the lookup and what follows happen then;
     * a reservation fail takes no bank cycle) */
    f->rr = i;
    vs_cache *c = f->ic;
    c->st.accesses++;
    vs_cline *ln;
    uint64_t block = vs_cache_block(c, w->pc), t = now;
    vs_tslots *bk = f->bank ? &f->bank[block % f->nbanks] : NULL;
    if (bk) t = vs_tslots_first(bk, now);
    int r = vs_cache_lookup(c, w->pc, t, &ln);
    if (r == VS_CACHE_HIT) {
      c->st.hits++;
      w->icwait = 0;
      deliver(f, w, t);
      take_bank(c, bk, t, now);
      return 1;
    }
    if (r == VS_CACHE_PENDING) {
      vs_mshr *m = vs_cache_mshr_find(c, block, t);
      if (m && m->targets < c->ntargets) {
        m->targets++;
        c->st.pending_hits++;
        w->icwait = 1;
        w->fetch_at = ln->fill_at;
        take_bank(c, bk, t, now);
        return 1;
      }
      c->st.rfails++;
      c->st.rfail_targets++;
      vs_wake(wake, now, ln->fill_at);
      return 1;
    }
    vs_mshr *m = vs_cache_mshr_free(c, t);
    uint64_t wset = VS_NEVER;
    vs_cline *victim = m ? vs_cache_victim(c, w->pc, t, &wset) : NULL;
    if (!m || !victim) {
      c->st.rfails++;
      if (!m) {
        c->st.rfail_mshr++;
        vs_wake(wake, now, vs_cache_mshr_next_free(c, t));
      } else {
        c->st.rfail_set++;
        vs_wake(wake, now, wset);
      }
      return 1;
    }
    c->st.misses++;
    unsigned line = 1u << c->line_shift;
    uint64_t fill = f->low.read(f->low.ctx, w->pc & ~(vs_addr)(line - 1), line, t + f->hit_latency);
    vs_cache_install(c, victim, w->pc, fill, 0);
    vs_cache_mshr_start(c, m, block, t, fill);
    take_bank(c, bk, t, now);
    w->icwait = 1;
    w->fetch_at = fill;
    return 1;
  }
  return 0;
}
