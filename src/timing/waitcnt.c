#include "core/isa.h"
#include "timing/waitcnt.h"

void vs_memops_init(vs_memops *m, unsigned cap)
{
  m->cap = cap < 1 ? 1 : cap > VS_MEMOPS_MAX ? VS_MEMOPS_MAX : cap;
  m->hi = 0;
  for (unsigned i = 0; i < VS_MEMOPS_MAX; i++) {
    m->done[i] = 0;
    m->kind[i] = 0;
  }
}

unsigned vs_memops_inflight(const vs_memops *m, uint64_t now)
{
  unsigned n = 0;
  for (unsigned i = 0; i < m->hi; i++) n += m->done[i] > now;
  return n;
}

unsigned vs_memops_count(const vs_memops *m, int kind, uint64_t now)
{
  unsigned n = 0;
  for (unsigned i = 0; i < m->hi; i++) n += m->done[i] > now && (m->kind[i] >> kind & 1u);
  return n;
}

int vs_memops_alloc(vs_memops *m, unsigned kinds, uint64_t now, uint64_t *wake)
{
  uint64_t soonest = VS_NEVER;
  for (unsigned i = 0; i < m->cap; i++) {
    if (m->done[i] <= now) {
      if (i >= m->hi) m->hi = i + 1;
      m->done[i] = VS_NEVER;
      m->kind[i] = (uint8_t)kinds;
      return (int)i;
    }
    if (m->done[i] < soonest) soonest = m->done[i];
  }
  vs_wake(wake, now, soonest);
  return -1;
}

int vs_memops_drained(const vs_memops *m, unsigned mask, uint64_t now, uint64_t *wake)
{
  uint64_t last = 0;
  for (unsigned i = 0; i < m->hi; i++)
    if (m->done[i] > now && (m->kind[i] & mask) && m->done[i] > last) last = m->done[i];
  if (last == 0) return 1;
  if (last != VS_NEVER) vs_wake(wake, now, last);
  return 0;
}

int vs_memops_wait(const vs_memops *m, int kind, unsigned threshold, uint64_t now, uint64_t *wake)
{
  unsigned n = 0;
  uint64_t soonest = VS_NEVER;
  for (unsigned i = 0; i < m->hi; i++)
    if (m->done[i] > now && (m->kind[i] >> kind & 1u)) {
      n++;
      if (m->done[i] < soonest) soonest = m->done[i];
    }
  if (n <= threshold) return 1;
  vs_wake(wake, now, soonest);
  return 0;
}

unsigned vs_fence_counters(unsigned fence)
{
  unsigned m = 0;
  if (fence & VS_FENCE_LOCAL) m |= 1u << VS_CNT_LGKM;
  if (fence & (VS_FENCE_GLOBAL | VS_FENCE_IMAGE)) m |= VS_CNT_ALL;
  return m;
}

const char *vs_cnt_name(int kind)
{
  static const char *const names[VS_NCNT] = {"VM", "VS", "LGKM", "EXP"};
  return kind >= 0 && kind < VS_NCNT ? names[kind] : "?";
}
