#include <stdlib.h>

#include "common/util.h"
#include "timing/l2.h"

int vs_l2_init(vs_l2 *l2, unsigned banks, unsigned sets, unsigned ways, unsigned line,
               unsigned mshrs, unsigned hit_latency, unsigned atomic_cycles, vs_lower low,
               vs_error *err)
{
  l2->nbanks = banks ? banks : 1;
  l2->line = line;
  l2->line_shift = vs_log2u(line);
  l2->hit_latency = hit_latency;
  l2->atomic_cycles = atomic_cycles;
  l2->low = low;
  l2->write_through = 0;
  l2->nwb = 0;
  l2->wb_free = NULL;
  l2->st = (vs_l2_stats){0};
  l2->bank = vs_calloc(l2->nbanks, sizeof *l2->bank, err);
  l2->port = vs_calloc(l2->nbanks, sizeof *l2->port, err);
  if (!l2->bank || !l2->port) {
    vs_l2_free(l2);
    return -1;
  }
  for (unsigned b = 0; b < l2->nbanks; b++)
    if (vs_cache_init(&l2->bank[b], sets, ways, line, mshrs, 1u << 16, err) ||
        vs_tslots_init(&l2->port[b], 16, 1, err)) {
      vs_l2_free(l2);
      return -1;
    }
  return 0;
}

void vs_l2_free(vs_l2 *l2)
{
  if (l2->bank)
    for (unsigned b = 0; b < l2->nbanks; b++) vs_cache_free(&l2->bank[b]);
  if (l2->port)
    for (unsigned b = 0; b < l2->nbanks; b++) vs_tslots_free(&l2->port[b]);
  free(l2->bank);
  free(l2->port);
  free(l2->wb_free);
  l2->wb_free = NULL;
  l2->bank = NULL;
  l2->port = NULL;
}

enum { OP_READ, OP_WRITE_FULL, OP_WRITE_PART, OP_ATOMIC };

/* One line.  Banks see the line number with the bank bits removed, so
 * every set is used.  *taken (if not NULL) gets the cycle after the bank
 * took the request (after its waits for an MSHR, a line, a write-back
 * buffer): when a write-back buffer above is free again. */
static uint64_t access_line(vs_l2 *l2, vs_addr addr, int op, unsigned nthreads, uint64_t t,
                            uint64_t *taken)
{
  uint64_t lineno = addr >> l2->line_shift;
  unsigned b = lineno % l2->nbanks;
  vs_addr local = (lineno / l2->nbanks) << l2->line_shift; /* address within the bank */
  vs_cache *c = &l2->bank[b];
  unsigned busy = op == OP_ATOMIC ? nthreads * l2->atomic_cycles : 1;
  uint64_t start = vs_tslots_reserve(&l2->port[b], t, busy);
  c->st.accesses++;
  vs_cline *ln;
  int r = vs_cache_lookup(c, local, start, &ln);
  uint64_t ready; /* the line's data is usable */
  if (r == VS_CACHE_HIT) {
    c->st.hits++;
    ready = start;
  } else if (r == VS_CACHE_PENDING) {
    c->st.pending_hits++;
    ready = ln->fill_at;
  } else {
    c->st.misses++;
    /* an MSHR: wait for one if all are busy */
    vs_mshr *m = vs_cache_mshr_free(c, start);
    if (!m) {
      l2->st.mshr_waits++;
      start = vs_cache_mshr_next_free(c, start);
      m = vs_cache_mshr_free(c, start);
    }
    /* a line to replace: wait for a fill to complete if all are filling */
    uint64_t wake = VS_NEVER;
    ln = vs_cache_victim(c, local, start, &wake);
    while (!ln) {
      start = wake;
      wake = VS_NEVER;
      ln = vs_cache_victim(c, local, start, &wake);
    }
    if (ln->valid && ln->dirty) {
      c->st.writebacks++;
      vs_addr vaddr = ((ln->block * l2->nbanks + b) << l2->line_shift);
      if (l2->nwb) { /* the victim goes to a write-back buffer: wait for one */
        uint64_t *q = &l2->wb_free[(size_t)b * l2->nwb];
        unsigned j = 0;
        for (unsigned k = 1; k < l2->nwb; k++)
          if (q[k] < q[j]) j = k;
        if (q[j] > start + 1) {
          l2->st.wb_waits++;
          start = q[j] - 1;
        }
        q[j] = l2->low.writeback ? l2->low.writeback(l2->low.ctx, vaddr, l2->line, start + 1)
                                 : l2->low.write(l2->low.ctx, vaddr, l2->line, start + 1);
      } else {
        l2->low.write(l2->low.ctx, vaddr, l2->line, start + 1);
      }
    }
    uint64_t fill = op == OP_WRITE_FULL ? start + 1
                                        : l2->low.read(l2->low.ctx, addr & ~(vs_addr)(l2->line - 1), l2->line,
                                                       start + 1);
    vs_cache_install(c, ln, local, fill, 0);
    if (!m) m = vs_cache_mshr_free(c, start); /* cannot fail: one was freed at start */
    if (m) vs_cache_mshr_start(c, m, local >> c->line_shift, start, fill);
    ready = fill;
  }
  if (op != OP_READ) ln->dirty = 1;
  if (taken) *taken = vs_tmax(*taken, start + 1);
  uint64_t done = vs_tmax(ready, start) + l2->hit_latency;
  if (op == OP_ATOMIC) done += (uint64_t)nthreads * l2->atomic_cycles - 1;
  return done;
}

static uint64_t access_range(vs_l2 *l2, vs_addr addr, unsigned bytes, int op, unsigned nthreads,
                             uint64_t t, uint64_t *taken)
{
  uint64_t done = t;
  vs_addr first = addr & ~(vs_addr)(l2->line - 1);
  vs_addr end = addr + (bytes ? bytes : 1);
  for (uint64_t a = first; a < end; a += l2->line) {
    int lop = op;
    if (op == OP_WRITE_FULL && (a < addr || a + l2->line > end)) lop = OP_WRITE_PART;
    done = vs_tmax(done, access_line(l2, a, lop, nthreads, t, taken));
  }
  return done;
}

uint64_t vs_l2_read(vs_l2 *l2, vs_addr addr, unsigned bytes, uint64_t t)
{
  l2->st.reads++;
  return access_range(l2, addr, bytes, OP_READ, 1, t, NULL);
}

uint64_t vs_l2_write(vs_l2 *l2, vs_addr addr, unsigned bytes, uint64_t t)
{
  l2->st.writes++;
  if (l2->write_through) return l2->low.write(l2->low.ctx, addr, bytes, t);
  return access_range(l2, addr, bytes, OP_WRITE_FULL, 1, t, NULL);
}

uint64_t vs_l2_writeback(vs_l2 *l2, vs_addr addr, unsigned bytes, uint64_t t)
{
  l2->st.writes++;
  if (l2->write_through)
    return l2->low.writeback ? l2->low.writeback(l2->low.ctx, addr, bytes, t)
                             : l2->low.write(l2->low.ctx, addr, bytes, t);
  uint64_t taken = t;
  access_range(l2, addr, bytes, OP_WRITE_FULL, 1, t, &taken);
  return taken;
}

uint64_t vs_l2_atomic(vs_l2 *l2, vs_addr addr, unsigned nthreads, uint64_t t)
{
  l2->st.atomics++;
  l2->st.atomic_threads += nthreads;
  if (l2->write_through) return l2->low.atomic(l2->low.ctx, addr, nthreads, t);
  return access_line(l2, addr, OP_ATOMIC, nthreads ? nthreads : 1, t, NULL);
}

void vs_l2_set_write_through(vs_l2 *l2)
{
  l2->write_through = 1;
}

int vs_l2_set_wb_buffers(vs_l2 *l2, unsigned n, vs_error *err)
{
  free(l2->wb_free);
  l2->wb_free = NULL;
  l2->nwb = 0;
  if (!n) return 0;
  l2->wb_free = vs_calloc((size_t)l2->nbanks * n, sizeof *l2->wb_free, err);
  if (!l2->wb_free) return -1;
  l2->nwb = n;
  return 0;
}

static uint64_t lower_read(void *ctx, vs_addr addr, unsigned bytes, uint64_t t)
{
  return vs_l2_read(ctx, addr, bytes, t);
}

static uint64_t lower_write(void *ctx, vs_addr addr, unsigned bytes, uint64_t t)
{
  return vs_l2_write(ctx, addr, bytes, t);
}

static uint64_t lower_writeback(void *ctx, vs_addr addr, unsigned bytes, uint64_t t)
{
  return vs_l2_writeback(ctx, addr, bytes, t);
}

static uint64_t lower_atomic(void *ctx, vs_addr addr, unsigned nthreads, uint64_t t)
{
  return vs_l2_atomic(ctx, addr, nthreads, t);
}

vs_lower vs_l2_lower(vs_l2 *l2)
{
  vs_lower l = {lower_read, lower_write, lower_atomic, l2, lower_writeback};
  return l;
}

void vs_l2_cache_stats(const vs_l2 *l2, vs_cache_stats *o)
{
  *o = (vs_cache_stats){0};
  for (unsigned b = 0; b < l2->nbanks; b++) {
    const vs_cache_stats *s = &l2->bank[b].st;
    o->accesses += s->accesses;
    o->hits += s->hits;
    o->pending_hits += s->pending_hits;
    o->misses += s->misses;
    o->rfails += s->rfails;
    o->evictions += s->evictions;
    o->writebacks += s->writebacks;
    o->mshr_allocs += s->mshr_allocs;
    o->mshr_busy_cycles += s->mshr_busy_cycles;
    if (s->mshr_max > o->mshr_max) o->mshr_max = s->mshr_max;
  }
}
