/* A fake level below a cache for the timing-model unit tests: every
 * request completes a fixed number of cycles after it is sent, and the
 * requests are recorded. */
#ifndef VS_TEST_TIMING_FAKE_H
#define VS_TEST_TIMING_FAKE_H

#include <stdint.h>

#include "timing/tcommon.h"

typedef struct fake_req {
  char op;            /* 'r', 'w', 'a' */
  vs_addr addr;
  unsigned bytes;
  uint64_t t;
} fake_req;

typedef struct fake_mem {
  uint64_t lat;
  unsigned n;
  fake_req req[64];
} fake_mem;

static inline uint64_t fake_rec(fake_mem *f, char op, vs_addr a, unsigned b, uint64_t t)
{
  if (f->n < 64) f->req[f->n] = (fake_req){op, a, b, t};
  f->n++;
  return t + f->lat;
}
static inline uint64_t fake_read(void *c, vs_addr a, unsigned b, uint64_t t) { return fake_rec(c, 'r', a, b, t); }
static inline uint64_t fake_write(void *c, vs_addr a, unsigned b, uint64_t t) { return fake_rec(c, 'w', a, b, t); }
static inline uint64_t fake_atomic(void *c, vs_addr a, unsigned n, uint64_t t) { return fake_rec(c, 'a', a, n, t); }
static inline vs_lower fake_lower(fake_mem *f)
{
  vs_lower l = {fake_read, fake_write, fake_atomic, f, NULL};
  return l;
}

#endif
