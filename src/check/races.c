/* races: two accesses to the same bytes by different work-items, at least
 * one a write, not both atomic, with no barrier between them -- in one
 * work-group the same barrier interval, in different work-groups anywhere
 * in the launch; in global and local memory.  Shadow state per byte of
 * memory the launch touches (chk_shadow: the last writer and a reader,
 * each with work-group, work-item, barrier interval and pc).  Warps of a
 * work-group run their intervals in order (a warp passes barrier k only
 * when every warp reached it), so an access of an earlier interval of the
 * same work-group is always ordered before the current one.  A conflict
 * whose accesses are all writes of the same value is races-same-value (the
 * "flag = 1" idiom). */
#include <inttypes.h>

#include "check/checker.h"

/* 1 if the recorded access p may run concurrently with the current one */
static inline int concurrent(const chk_acc *p, const chk_acc *cur)
{
  return (p->flags & CHK_A_SET) &&
         (p->wg != cur->wg || (p->ep == cur->ep && p->item != cur->item));
}

void chk_races(vs_checker *c, const chk_access *x)
{
  const vs_memacc *a = x->a;
  if (a->space == VS_SPACE_PRIVATE) return;
  chk_pagemap *m = a->space == VS_SPACE_LOCAL ? &c->race_local : &c->race_global;
  chk_acc cur = {c->wg->id, (uint32_t)x->pc, (uint32_t)x->w->barriers, (uint16_t)x->item,
                 (uint8_t)(CHK_A_SET | (a->is_atomic ? CHK_A_ATOMIC : 0)), 0};
  chk_acc other = {0}; /* the conflicting access reported (a copy: the shadow changes) */
  int found = 0;
  int other_write = 0, real = 0, shared = 0;
  chk_shadow *s = NULL;
  for (unsigned b = 0; b < a->size; b++) {
    vs_addr addr = a->addr + b;
    unsigned off = (unsigned)(addr & VS_PAGE_MASK);
    if (!s || off == 0) { /* the first byte, or the next page */
      chk_block *blk = chk_pagemap_get(m, addr >> VS_PAGE_SHIFT, 1);
      if (!blk) return; /* out of host memory: the check stops quietly */
      s = (chk_shadow *)blk->data;
    }
    chk_acc *wr = &s->b[off].w, *rd = &s->b[off].r;
    /* the common case: this work-item was the last to touch the byte */
    if ((!(wr->flags & CHK_A_SET) || (wr->item == cur.item && wr->wg == cur.wg)) &&
        (!(rd->flags & CHK_A_SET) ||
         (rd->item == cur.item && rd->wg == cur.wg && !(rd->flags & CHK_A_SHARED)))) {
      if (a->is_store) {
        *wr = cur;
        wr->val = a->value.b[b];
      } else {
        *rd = cur;
      }
      continue;
    }
    int both_atomic_w = (wr->flags & cur.flags & CHK_A_ATOMIC) != 0;
    int both_atomic_r = (rd->flags & cur.flags & CHK_A_ATOMIC) != 0;
    if (a->is_store) {
      cur.val = a->value.b[b];
      if (concurrent(wr, &cur) && !both_atomic_w) {
        if (wr->val != cur.val) real = 1;
        if (!found) other = *wr, other_write = 1, found = 1;
      }
      if (!both_atomic_r) {
        if (concurrent(rd, &cur)) {
          real = 1;
          if (!found || other_write) other = *rd, other_write = 0, found = 1;
        } else if ((rd->flags & CHK_A_SHARED) && rd->wg == cur.wg && rd->ep == cur.ep) {
          real = 1; /* another work-item read it too (not recorded) */
          shared = 1;
          if (!found) other = *rd, other_write = 0, found = 1;
        }
      }
      *wr = cur;
    } else {
      if (concurrent(wr, &cur) && !both_atomic_w) {
        real = 1;
        if (!found || !other_write) other = *wr, other_write = 1, found = 1;
      }
      if (concurrent(rd, &cur)) rd->flags |= CHK_A_SHARED; /* keep the other reader */
      else *rd = cur;
    }
  }
  if (!found) return;
  int check = real ? VS_CHECK_RACES : VS_CHECK_RACES_SAME;
  if (!(c->mask >> check & 1u)) return;
  const char *space = chk_space_name(a->space);
  unsigned lanes = x->w->nlanes;
  chk_report(c, check, x->w, x->pc, (vs_addr)other.pc | (x->pc & ~(vs_addr)UINT32_MAX),
             "work-item %u (lane %u) %s %u bytes of %s memory at 0x%08" PRIx64 "%s; %s by "
             "work-group %u work-item %u (warp %u lane %u)%s %s", x->item, a->lane,
             a->is_atomic ? (a->is_store ? "atomically writes" : "atomically reads")
                          : (a->is_store ? "writes" : "reads"),
             a->size, space, a->addr, check == VS_CHECK_RACES_SAME ? " (the same value)" : "",
             other_write ? "written" : shared ? "also read" : "read", other.wg, other.item,
             other.item / lanes, other.item % lanes,
             shared ? " and another work-item" : "",
             other.wg == c->wg->id ? "in the same barrier interval" : "in another work-group");
}
