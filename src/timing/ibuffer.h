/* Decode stage output: the per-warp instruction buffer.  Each entry holds a
 * decoded instruction; it is *valid* while it waits to issue and *ready*
 * once decoding finished (ready_at) -- the issue stage then checks the
 * scoreboard and the pipeline.  Entries leave in order; a control-flow
 * change drops them all (flush). */
#ifndef VS_TIMING_IBUFFER_H
#define VS_TIMING_IBUFFER_H

#include <stdint.h>

#include "core/insn.h"
#include "timing/tinfo.h"

#define VS_IBUF_MAX 16

typedef struct vs_ibent {
  const vs_dinsn *d;     /* NULL: the pc could not be fetched (faults at issue) */
  vs_addr pc;
  uint64_t ready_at;     /* decoded from this cycle on */
  uint16_t flags;        /* its vs_tinfo's flags (VS_TI_*)                       */
} vs_ibent;

/* The timing information of an entry: looked up in the cache each time
 * (entries stay small; the cache may have reused the slot meanwhile) */
static inline const vs_tinfo *vs_ibent_info(vs_tinfo_cache *c, const vs_ibent *e)
{
  return e->d ? vs_tinfo_get(c, e->d) : &vs_tinfo_bad_pc;
}

typedef struct vs_ibuf {
  vs_ibent e[VS_IBUF_MAX];
  uint8_t head, count, cap;
} vs_ibuf;

static inline void vs_ibuf_init(vs_ibuf *b, unsigned cap)
{
  b->head = 0;
  b->count = 0;
  b->cap = (uint8_t)(cap < 1 ? 1 : cap > VS_IBUF_MAX ? VS_IBUF_MAX : cap);
}
static inline unsigned vs_ibuf_free(const vs_ibuf *b) { return (unsigned)(b->cap - b->count); }
static inline vs_ibent *vs_ibuf_front(vs_ibuf *b) { return b->count ? &b->e[b->head] : NULL; }
static inline vs_ibent *vs_ibuf_at(vs_ibuf *b, unsigned i)
{
  return &b->e[(b->head + i) % VS_IBUF_MAX];
}
static inline void vs_ibuf_push(vs_ibuf *b, const vs_ibent *e)
{
  b->e[(b->head + b->count) % VS_IBUF_MAX] = *e;
  b->count++;
}
static inline void vs_ibuf_pop(vs_ibuf *b)
{
  b->head = (uint8_t)((b->head + 1) % VS_IBUF_MAX);
  b->count--;
}
static inline void vs_ibuf_flush(vs_ibuf *b) { b->count = 0; }

/* Bit i (entry i from the head, capacity bits in all): valid / ready */
unsigned vs_ibuf_valid_bits(const vs_ibuf *b);
unsigned vs_ibuf_ready_bits(const vs_ibuf *b, uint64_t now);

#endif
