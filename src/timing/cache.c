#include <stdlib.h>

#include "common/util.h"
#include "timing/cache.h"
#include "timing/tcommon.h"

int vs_cache_init(vs_cache *c, unsigned sets, unsigned ways, unsigned line, unsigned nmshr,
                  unsigned ntargets, vs_error *err)
{
  c->sets = sets;
  c->ways = ways;
  c->line_shift = vs_log2u(line);
  c->set_mask = sets - 1;
  c->nmshr = nmshr;
  c->ntargets = ntargets;
  c->clock = 0;
  c->st = (vs_cache_stats){0};
  c->lines = vs_calloc((size_t)sets * ways, sizeof *c->lines, err);
  c->mshr = vs_calloc(nmshr ? nmshr : 1, sizeof *c->mshr, err);
  if (!c->lines || !c->mshr) {
    vs_cache_free(c);
    return -1;
  }
  return 0;
}

void vs_cache_free(vs_cache *c)
{
  free(c->lines);
  free(c->mshr);
  c->lines = NULL;
  c->mshr = NULL;
}

static inline vs_cline *set_of(vs_cache *c, uint64_t block)
{
  return &c->lines[(size_t)(block & c->set_mask) * c->ways];
}

int vs_cache_lookup(vs_cache *c, vs_addr addr, uint64_t now, vs_cline **line)
{
  uint64_t block = addr >> c->line_shift;
  vs_cline *s = set_of(c, block);
  for (unsigned w = 0; w < c->ways; w++) {
    if (s[w].valid && s[w].block == block) {
      s[w].lru = ++c->clock;
      *line = &s[w];
      return s[w].fill_at <= now ? VS_CACHE_HIT : VS_CACHE_PENDING;
    }
  }
  *line = NULL;
  return VS_CACHE_MISS;
}

vs_mshr *vs_cache_mshr_find(vs_cache *c, uint64_t block, uint64_t now)
{
  for (unsigned i = 0; i < c->nmshr; i++)
    if (c->mshr[i].done > now && c->mshr[i].block == block) return &c->mshr[i];
  return NULL;
}

vs_mshr *vs_cache_mshr_free(vs_cache *c, uint64_t now)
{
  for (unsigned i = 0; i < c->nmshr; i++)
    if (c->mshr[i].done <= now) return &c->mshr[i];
  return NULL;
}

unsigned vs_cache_mshr_busy(const vs_cache *c, uint64_t now)
{
  unsigned n = 0;
  for (unsigned i = 0; i < c->nmshr; i++) n += c->mshr[i].done > now;
  return n;
}

uint64_t vs_cache_mshr_next_free(const vs_cache *c, uint64_t now)
{
  uint64_t t = VS_NEVER;
  for (unsigned i = 0; i < c->nmshr; i++)
    if (c->mshr[i].done > now && c->mshr[i].done < t) t = c->mshr[i].done;
  return t;
}

void vs_cache_mshr_start(vs_cache *c, vs_mshr *m, uint64_t block, uint64_t now, uint64_t done)
{
  m->block = block;
  m->done = done;
  m->targets = 1;
  c->st.mshr_allocs++;
  c->st.mshr_busy_cycles += done > now ? done - now : 0;
  unsigned busy = vs_cache_mshr_busy(c, now);
  if (busy > c->st.mshr_max) c->st.mshr_max = busy;
}

vs_cline *vs_cache_victim(vs_cache *c, vs_addr addr, uint64_t now, uint64_t *wake)
{
  vs_cline *s = set_of(c, addr >> c->line_shift);
  vs_cline *best = NULL;
  uint64_t soonest = VS_NEVER;
  for (unsigned w = 0; w < c->ways; w++) {
    if (!s[w].valid) return &s[w];
    if (s[w].fill_at > now) {
      if (s[w].fill_at < soonest) soonest = s[w].fill_at;
      continue;
    }
    if (!best || s[w].lru < best->lru) best = &s[w];
  }
  if (!best && wake) *wake = soonest;
  return best;
}

void vs_cache_install(vs_cache *c, vs_cline *line, vs_addr addr, uint64_t fill_at, int dirty)
{
  if (line->valid) c->st.evictions++;
  line->block = addr >> c->line_shift;
  line->valid = 1;
  line->dirty = (uint8_t)dirty;
  line->fill_at = fill_at;
  line->lru = ++c->clock;
}

int vs_cache_invalidate(vs_cache *c, vs_addr addr, int *dirty)
{
  uint64_t block = addr >> c->line_shift;
  vs_cline *s = set_of(c, block);
  for (unsigned w = 0; w < c->ways; w++)
    if (s[w].valid && s[w].block == block) {
      *dirty = s[w].dirty;
      s[w].valid = 0;
      s[w].dirty = 0;
      return 1;
    }
  *dirty = 0;
  return 0;
}
