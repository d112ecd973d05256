#include <stdlib.h>

#include "common/util.h"
#include "timing/tslots.h"

int vs_tslots_init(vs_tslots *s, unsigned log2size, unsigned cap, vs_error *err)
{
  size_t n = (size_t)1 << log2size;
  s->mask = (uint32_t)(n - 1);
  s->cap = (uint16_t)(cap ? cap : 1);
  s->busy = 0;
  /* zeroed rings (tag 0: no cycle) need no initialising pass: the pages
   * of a large calloc are only touched when used -- a launch reserves few
   * of the 2^16 DRAM and L2 slots */
  s->tag = vs_calloc(n, sizeof *s->tag, err);
  s->used = vs_calloc(n, sizeof *s->used, err);
  if (!s->tag || !s->used) {
    vs_tslots_free(s);
    return -1;
  }
  return 0;
}

void vs_tslots_free(vs_tslots *s)
{
  free(s->tag);
  free(s->used);
  s->tag = NULL;
  s->used = NULL;
}

static inline unsigned used_at(const vs_tslots *s, uint64_t t)
{
  uint32_t i = (uint32_t)t & s->mask;
  return s->tag[i] == t + 1 ? s->used[i] : 0;
}

unsigned vs_tslots_used(const vs_tslots *s, uint64_t t)
{
  return used_at(s, t);
}

uint64_t vs_tslots_first(const vs_tslots *s, uint64_t t)
{
  while (used_at(s, t) >= s->cap) t++;
  return t;
}

uint64_t vs_tslots_reserve(vs_tslots *s, uint64_t t, unsigned n)
{
  if (n == 0) n = 1;
  if (n > s->mask) n = s->mask; /* a span longer than the ring: clamp */
  uint64_t start = t;
  for (;;) {
    unsigned k = 0;
    while (k < n && used_at(s, start + k) < s->cap) k++;
    if (k == n) break;
    start = start + k + 1; /* the span must begin after the full cycle */
  }
  for (unsigned k = 0; k < n; k++) {
    uint64_t c = start + k;
    uint32_t i = (uint32_t)c & s->mask;
    if (s->tag[i] != c + 1) {
      s->tag[i] = c + 1;
      s->used[i] = 0;
    }
    s->used[i]++;
  }
  s->busy += n;
  return start;
}

uint64_t vs_tslots_fill(vs_tslots *s, uint64_t t, unsigned units)
{
  if (units == 0) units = 1;
  uint64_t c = t;
  for (;;) {
    uint32_t i = (uint32_t)c & s->mask;
    if (s->tag[i] != c + 1) {
      s->tag[i] = c + 1;
      s->used[i] = 0;
    }
    unsigned spare = s->cap - s->used[i];
    if (spare) {
      unsigned k = units < spare ? units : spare;
      s->used[i] = (uint16_t)(s->used[i] + k);
      units -= k;
      if (!units) return c;
    }
    c++;
  }
}
