/* Per-warp scoreboard: for every register, the cycle its pending write
 * completes (VS_NEVER while a load has not returned).  An instruction
 * passes when none of its source or destination registers has a write
 * pending (RAW and WAW hazards). */
#ifndef VS_TIMING_SCOREBOARD_H
#define VS_TIMING_SCOREBOARD_H

#include <stdint.h>

#include "timing/tcommon.h"
#include "timing/tinfo.h"

typedef struct vs_sb {
  uint64_t *ready;   /* n registers (the combined index space of vs_tinfo) */
  unsigned n;
  uint64_t last;     /* latest known write time                             */
} vs_sb;

/* ready must hold n entries; all registers start ready */
void vs_sb_init(vs_sb *s, uint64_t *ready, unsigned n);
void vs_sb_clear(vs_sb *s);

/* 1 if ti may issue at now; else 0 and *wake is lowered to when it could
 * (unless a pending write's time is not known yet). */
static inline int vs_sb_check(const vs_sb *s, const vs_tinfo *ti, uint64_t now, uint64_t *wake)
{
  uint64_t need = 0;
  for (unsigned i = 0; i < ti->nsrc; i++) need = vs_tmax(need, s->ready[ti->src[i]]);
  for (unsigned i = 0; i < ti->ndst; i++) need = vs_tmax(need, s->ready[ti->dst[i]]);
  if (need <= now) return 1;
  if (need != VS_NEVER && need < *wake) *wake = need;
  return 0;
}

/* The destinations of ti are written at t (VS_NEVER: not known yet) */
static inline void vs_sb_reserve(vs_sb *s, const vs_tinfo *ti, uint64_t t)
{
  for (unsigned i = 0; i < ti->ndst; i++) s->ready[ti->dst[i]] = t;
  if (t != VS_NEVER && t > s->last) s->last = t;
}

/* Sets the write time of one register (a load returned) */
static inline void vs_sb_set(vs_sb *s, unsigned reg, uint64_t t)
{
  s->ready[reg] = t;
  if (t != VS_NEVER && t > s->last) s->last = t;
}

/* Registers with a write pending at now, up to max of them into out;
 * returns how many there are. */
unsigned vs_sb_pending(const vs_sb *s, uint64_t now, uint16_t *out, unsigned max);

#endif
