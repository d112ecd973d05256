#include "timing/scoreboard.h"

void vs_sb_init(vs_sb *s, uint64_t *ready, unsigned n)
{
  s->ready = ready;
  s->n = n;
  vs_sb_clear(s);
}

void vs_sb_clear(vs_sb *s)
{
  for (unsigned i = 0; i < s->n; i++) s->ready[i] = 0;
  s->last = 0;
}

unsigned vs_sb_pending(const vs_sb *s, uint64_t now, uint16_t *out, unsigned max)
{
  unsigned k = 0;
  for (unsigned i = 0; i < s->n; i++)
    if (s->ready[i] > now) {
      if (k < max) out[k] = (uint16_t)i;
      k++;
    }
  return k;
}
