/* races: two accesses to the same bytes by different work-items, at least
 * one a write, not both atomic, with no barrier between them -- in one
 * work-group the same barrier interval, in different work-groups anywhere
 * in the launch; in global and local memory.  Shadow state per byte of
 * memory the launch touches (chk_shadow: the last writer and a reader,
 * each with work-group, work-item, barrier interval and pc, and the byte
 * last written), kept per 4-byte granule while its bytes are alike: a
 * granule's bytes start alike, an access of the whole granule updates them
 * alike, and one of part of it splits it for good (the per-byte state in
 * the map's pool), so the findings are those of a per-byte shadow.  Warps of a
 * work-group run their intervals in order (a warp passes barrier k only
 * when every warp reached it), so an access of an earlier interval of the
 * same work-group is always ordered before the current one.  A conflict
 * whose accesses are all writes of the same value is races-same-value (the
 * "flag = 1" idiom). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "check/checker.h"

void chk_racemap_init(chk_racemap *m)
{
  memset(m, 0, sizeof *m);
  chk_pagemap_init(&m->pages, sizeof(chk_shadow));
}

void chk_racemap_free(chk_racemap *m)
{
  chk_pagemap_free(&m->pages);
  free(m->split);
  memset(m, 0, sizeof *m);
}

void chk_racemap_clear(chk_racemap *m)
{
  chk_pagemap_clear(&m->pages); /* (the blocks holding the pool's indices go too) */
  m->nsplit = 0;
}

uint64_t chk_racemap_bytes(const chk_racemap *m)
{
  return chk_pagemap_bytes(&m->pages) + (uint64_t)m->capsplit * sizeof(chk_split);
}

/* The current access and what it found so far */
typedef struct race_state {
  chk_acc cur;
  chk_acc other;            /* the conflicting access reported (a copy: the shadow changes) */
  int found, other_write, real, shared;
} race_state;

/* One access to n alike bytes (a granule or a byte) whose last writer and
 * reader are wr and rd and last written bytes val; nv: the bytes stored.
 * Applying it to each byte in turn gives the same as once for all: its
 * choices of `other` are idempotent, and the rest are flags. */
static void conflict(race_state *st, chk_acc *wr, chk_acc *rd, uint8_t *val, const uint8_t *nv,
                     unsigned n, int is_store)
{
  const chk_acc *cur = &st->cur;
  int both_atomic_w = (wr->flags & cur->flags & CHK_A_ATOMIC) != 0;
  int both_atomic_r = (rd->flags & cur->flags & CHK_A_ATOMIC) != 0;
  if (is_store) {
    if (chk_concurrent(wr, cur) && !both_atomic_w) {
      if (memcmp(val, nv, n)) st->real = 1;
      if (!st->found) st->other = *wr, st->other_write = 1, st->found = 1;
    }
    if (!both_atomic_r) {
      if (chk_concurrent(rd, cur)) {
        st->real = 1;
        if (!st->found || st->other_write) st->other = *rd, st->other_write = 0, st->found = 1;
      } else if ((rd->flags & CHK_A_SHARED) && rd->wg == cur->wg && rd->ep == cur->ep) {
        st->real = 1; /* another work-item read it too (not recorded) */
        st->shared = 1;
        if (!st->found) st->other = *rd, st->other_write = 0, st->found = 1;
      }
    }
    *wr = *cur;
    memcpy(val, nv, n);
  } else {
    if (chk_concurrent(wr, cur) && !both_atomic_w) {
      st->real = 1;
      if (!st->found || !st->other_write) st->other = *wr, st->other_write = 1, st->found = 1;
    }
    if (chk_concurrent(rd, cur)) rd->flags |= CHK_A_SHARED; /* keep the other reader */
    else *rd = *cur;
  }
}

static inline void step(race_state *st, chk_acc *wr, chk_acc *rd, uint8_t *val,
                        const uint8_t *nv, unsigned n, int is_store)
{
  if (!chk_owned(wr, rd, st->cur.wg, st->cur.item)) {
    conflict(st, wr, rd, val, nv, n, is_store);
  } else if (is_store) {
    *wr = st->cur;
    memcpy(val, nv, n);
  } else {
    *rd = st->cur;
  }
}

/* The per-byte state of granule g (split now if it is not yet); NULL when
 * out of host memory */
static chk_split *split_of(chk_racemap *m, chk_gran *g)
{
  if (g->w.flags & CHK_A_SPLIT) return &m->split[g->r.wg];
  if (m->nsplit == m->capsplit) {
    if (m->capsplit > UINT32_MAX / 2) return NULL;
    uint32_t cap = m->capsplit ? m->capsplit * 2 : 64;
    chk_split *ns = realloc(m->split, (size_t)cap * sizeof *ns);
    if (!ns) return NULL;
    m->split = ns;
    m->capsplit = cap;
  }
  chk_split *sp = &m->split[m->nsplit];
  for (unsigned i = 0; i < 4; i++) sp->b[i] = *g;
  memset(g, 0, sizeof *g);
  g->w.flags = CHK_A_SPLIT;
  g->r.wg = m->nsplit++;
  return sp;
}

/* (chk_races_quick does the common case the same way) */
void chk_races(vs_checker *c, const chk_access *x)
{
  const vs_memacc *a = x->a;
  if (a->space == VS_SPACE_PRIVATE) return;
  chk_racemap *m = a->space == VS_SPACE_LOCAL ? &c->race_local : &c->race_global;
  race_state st = {{c->wg->id, (uint32_t)x->pc, (uint32_t)x->w->barriers, (uint16_t)x->item,
                    (uint8_t)(CHK_A_SET | (a->is_atomic ? CHK_A_ATOMIC : 0)), 0},
                   {0}, 0, 0, 0, 0};
  const int is_store = a->is_store;
  const unsigned size = a->size;
  vs_addr addr = a->addr;
  chk_shadow *s = NULL;
  /* granule by granule (the first and the last may be partial), in order */
  for (unsigned b = 0; b < size;) {
    unsigned off = (unsigned)(addr & VS_PAGE_MASK);
    if (!s || off == 0) { /* the first granule, or the next page */
      chk_block *blk = chk_pagemap_get(&m->pages, addr >> VS_PAGE_SHIFT, 1);
      if (!blk) return; /* out of host memory: the check stops quietly */
      s = (chk_shadow *)blk->data;
    }
    unsigned lo = off & 3u, n = 4u - lo;
    if (n > size - b) n = size - b;
    chk_gran *g = &s->g[off >> 2];
    uint8_t *val = &s->val[off];
    const uint8_t *nv = &a->value.b[b];
    if (n == 4 && !(g->w.flags & CHK_A_SPLIT)) {
      step(&st, &g->w, &g->r, val, nv, 4, is_store);
    } else {
      chk_split *sp = split_of(m, g);
      if (!sp) return;
      for (unsigned i = 0; i < n; i++)
        step(&st, &sp->b[lo + i].w, &sp->b[lo + i].r, val + i, nv + i, 1, is_store);
    }
    addr += n;
    b += n;
  }
  if (!st.found) return;
  int check = st.real ? VS_CHECK_RACES : VS_CHECK_RACES_SAME;
  if (!(c->mask >> check & 1u)) return;
  const char *space = chk_space_name(a->space);
  unsigned lanes = x->w->nlanes;
  chk_report(c, check, x->w, x->pc, (vs_addr)st.other.pc | (x->pc & ~(vs_addr)UINT32_MAX),
             "work-item %u (lane %u) %s %u bytes of %s memory at 0x%08" PRIx64 "%s; %s by "
             "work-group %u work-item %u (warp %u lane %u)%s %s", x->item, a->lane,
             a->is_atomic ? (a->is_store ? "atomically writes" : "atomically reads")
                          : (a->is_store ? "writes" : "reads"),
             a->size, space, a->addr, check == VS_CHECK_RACES_SAME ? " (the same value)" : "",
             st.other_write ? "written" : st.shared ? "also read" : "read", st.other.wg, st.other.item,
             st.other.item / lanes, st.other.item % lanes,
             st.shared ? " and another work-item" : "",
             st.other.wg == c->wg->id ? "in the same barrier interval" : "in another work-group");
}
