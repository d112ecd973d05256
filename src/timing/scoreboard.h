/* Per-warp scoreboard: for every register, the cycle its pending write
 * completes (VS_NEVER while a load has not returned).  An instruction
 * passes when none of its source or destination registers has a write
 * pending (RAW and WAW hazards); an operand is every register of its range
 * (a pair, a group of `g` registers: the warp's grouping at issue). */
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

static inline uint64_t vs_sb_ready(const vs_sb *s, const vs_treg *r, unsigned g)
{
  uint64_t need = 0;
  for (unsigned k = 0, n = vs_treg_n(r, g); k < n; k++) need = vs_tmax(need, s->ready[r->sb + k]);
  return need;
}

/* 1 if ti may issue at now with register grouping g; else 0 and *wake is
 * lowered to when it could (unless a pending write's time is not known). */
static inline int vs_sb_check(const vs_sb *s, const vs_tinfo *ti, unsigned g, uint64_t now,
                              uint64_t *wake)
{
  uint64_t need = 0;
  if (__builtin_expect(vs_tinfo_single(ti, g), 1)) {
    for (unsigned i = 0; i < ti->nsrc; i++) need = vs_tmax(need, s->ready[ti->src[i].sb]);
    for (unsigned i = 0; i < ti->ndst; i++) need = vs_tmax(need, s->ready[ti->dst[i].sb]);
  } else {
    for (unsigned i = 0; i < ti->nsrc; i++) need = vs_tmax(need, vs_sb_ready(s, &ti->src[i], g));
    for (unsigned i = 0; i < ti->ndst; i++) need = vs_tmax(need, vs_sb_ready(s, &ti->dst[i], g));
  }
  if (need <= now) return 1;
  if (need != VS_NEVER && need < *wake) *wake = need;
  return 0;
}

/* Sets the write time of n registers from sb */
static inline void vs_sb_set_n(vs_sb *s, unsigned sb, unsigned n, uint64_t t)
{
  for (unsigned k = 0; k < n; k++) s->ready[sb + k] = t;
  if (t != VS_NEVER && t > s->last) s->last = t;
}

/* The destinations of ti are written at t (VS_NEVER: not known yet); the
 * warp's latest known write time moves to t even if ti writes nothing (a
 * warp ends when its last instruction has completed). */
static inline void vs_sb_reserve(vs_sb *s, const vs_tinfo *ti, unsigned g, uint64_t t)
{
  for (unsigned i = 0; i < ti->ndst; i++) vs_sb_set_n(s, ti->dst[i].sb, vs_treg_n(&ti->dst[i], g), t);
  if (t != VS_NEVER && t > s->last) s->last = t;
}

/* Sets the write time of one register (a load returned) */
static inline void vs_sb_set(vs_sb *s, unsigned reg, uint64_t t)
{
  vs_sb_set_n(s, reg, 1, t);
}

/* Registers with a write pending at now, up to max of them into out;
 * returns how many there are. */
unsigned vs_sb_pending(const vs_sb *s, uint64_t now, uint16_t *out, unsigned max);

#endif
