#include "timing/ibuffer.h"

unsigned vs_ibuf_valid_bits(const vs_ibuf *b)
{
  return b->count >= 32 ? ~0u : (1u << b->count) - 1u;
}

unsigned vs_ibuf_ready_bits(const vs_ibuf *b, uint64_t now)
{
  unsigned m = 0;
  for (unsigned i = 0; i < b->count; i++)
    if (b->e[(b->head + i) % VS_IBUF_MAX].ready_at <= now) m |= 1u << i;
  return m;
}
