/* bounds: accesses outside every live allocation (a mapped region of
 * device memory: a buffer, the program, what the launch mapped), local
 * accesses outside the work-group's local memory, private accesses outside
 * the work-group's private memory or (when the ISA says who owns a private
 * address) in another work-item's segment.  Mapped memory is accessible by
 * whole pages, so an access just past a buffer does not fault: this check
 * finds it. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/checker.h"

/* index of the first allocation ending after addr */
static size_t first_alloc_after(const vs_checker *c, vs_addr addr)
{
  size_t lo = 0, hi = c->nalloc;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (c->alloc[mid].base + c->alloc[mid].size <= addr) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

int vs_checker_alloc(vs_checker *c, vs_addr base, uint64_t size, const char *name, vs_error *err)
{
  if (size == 0) return 0;
  vs_checker_release(c, base);
  size_t i = first_alloc_after(c, base), j = i;
  while (j < c->nalloc && c->alloc[j].base < base + size) j++; /* [i, j): overlapped: replaced */
  if (j > i) memmove(&c->alloc[i], &c->alloc[j], (c->nalloc - j) * sizeof *c->alloc);
  c->nalloc -= j - i;
  if (c->nalloc == c->capalloc) {
    size_t cap = c->capalloc ? c->capalloc * 2 : 16;
    chk_alloc *na = realloc(c->alloc, cap * sizeof *na);
    if (!na) return vs_error_set(err, VS_E_NOMEM, "out of memory");
    c->alloc = na;
    c->capalloc = cap;
  }
  memmove(&c->alloc[i + 1], &c->alloc[i], (c->nalloc - i) * sizeof *c->alloc);
  c->nalloc++;
  chk_alloc *a = &c->alloc[i];
  a->base = base;
  a->size = size;
  snprintf(a->name, sizeof a->name, "%s", name ? name : "buffer");
  chk_bounds_forget(c);
  return 0;
}

void vs_checker_release(vs_checker *c, vs_addr base)
{
  size_t i = first_alloc_after(c, base);
  if (i >= c->nalloc || c->alloc[i].base != base) return;
  memmove(&c->alloc[i], &c->alloc[i + 1], (c->nalloc - i - 1) * sizeof *c->alloc);
  c->nalloc--;
  chk_bounds_forget(c);
}

void chk_bounds_forget(vs_checker *c)
{
  memset(c->reg_lo, 0, sizeof c->reg_lo);
  memset(c->reg_hi, 0, sizeof c->reg_hi);
}

static void remember(vs_checker *c, vs_addr lo, vs_addr hi)
{
  c->reg_lo[c->reg_next] = lo;
  c->reg_hi[c->reg_next] = hi;
  c->reg_next = (c->reg_next + 1) % 4;
}

/* The region nearest to [lo, hi) */
static const vs_region *nearest(const vs_mem *m, vs_addr lo, vs_addr hi, uint64_t *dist)
{
  const vs_region *best = NULL;
  *dist = UINT64_MAX;
  for (size_t i = 0; i < m->nregions; i++) { /* (a finding's first occurrence only) */
    const vs_region *r = &m->regions[i];
    uint64_t d = r->base >= hi ? r->base - hi + 1 : lo >= r->base + r->size ? lo - (r->base + r->size) + 1 : 0;
    if (d < *dist) {
      *dist = d;
      best = r;
    }
  }
  return best;
}

int chk_bounds(vs_checker *c, const chk_access *x)
{
  const vs_memacc *a = x->a;
  const vs_wg *wg = c->wg;
  vs_addr lo = a->addr, hi = a->addr + a->size;
  if (a->space == VS_SPACE_LOCAL) {
    if (lo >= wg->lds_base && hi <= wg->lds_base + wg->lds_bytes) return 0;
    chk_report(c, VS_CHECK_BOUNDS, x->w, x->pc, x->pc,
               "work-item %u (lane %u) %s %u bytes at 0x%08" PRIx64 ", outside the work-group's "
               "local memory [0x%08" PRIx64 ", 0x%08" PRIx64 ")", x->item, a->lane,
               a->is_store ? "writes" : "reads", a->size, lo, wg->lds_base,
               wg->lds_base + wg->lds_bytes);
    return 1;
  }
  if (a->space == VS_SPACE_PRIVATE) {
    vs_addr plo = wg->private_base, phi = plo + c->priv_span;
    if (lo < plo || hi > phi) {
      chk_report(c, VS_CHECK_BOUNDS, x->w, x->pc, x->pc,
                 "work-item %u (lane %u) %s %u bytes at 0x%08" PRIx64 ", outside the work-group's "
                 "private memory [0x%08" PRIx64 ", 0x%08" PRIx64 ")", x->item, a->lane,
                 a->is_store ? "writes" : "reads", a->size, lo, plo, phi);
      return 1;
    }
    if (!c->dev->isa->private_owner) return 0;
    long owner = c->dev->isa->private_owner(c->lc, wg, lo);
    if (owner == (long)x->item) return 0;
    chk_report(c, VS_CHECK_BOUNDS, x->w, x->pc, x->pc,
               "work-item %u (lane %u) %s %u bytes at 0x%08" PRIx64 ", in the private "
               "segment of work-item %ld", x->item, a->lane, a->is_store ? "writes" : "reads",
               a->size, lo, owner);
    return 1;
  }
  for (unsigned k = 0; k < 4; k++) /* a range found lately: kernels use a few buffers */
    if (lo >= c->reg_lo[k] && hi <= c->reg_hi[k]) return 0;
  const char *sp = chk_space_name(a->space);
  const vs_mem *m = &c->dev->mem;
  const vs_region *r = vs_mem_region(m, lo);
  if (r && hi <= r->base + r->size) {
    /* a region with declared allocations: the access must be in one */
    size_t i = first_alloc_after(c, r->base);
    int declared = i < c->nalloc && c->alloc[i].base < r->base + r->size;
    if (!declared) {
      remember(c, r->base, r->base + r->size);
      return 0;
    }
    i = first_alloc_after(c, lo);
    if (i < c->nalloc && c->alloc[i].base <= lo && hi <= c->alloc[i].base + c->alloc[i].size) {
      remember(c, c->alloc[i].base, c->alloc[i].base + c->alloc[i].size);
      return 0;
    }
    /* the nearest declared allocation */
    const chk_alloc *n = NULL;
    uint64_t best = UINT64_MAX;
    for (size_t k = 0; k < c->nalloc; k++) {
      const chk_alloc *al = &c->alloc[k];
      uint64_t d = al->base >= hi ? al->base - hi + 1
                   : lo >= al->base + al->size ? lo - (al->base + al->size) + 1 : 0;
      if (d < best) best = d, n = al;
    }
    chk_report(c, VS_CHECK_BOUNDS, x->w, x->pc, x->pc,
               "work-item %u (lane %u) %s %u bytes at 0x%08" PRIx64 " (%s), outside every "
               "allocation; nearest: '%s' [0x%08" PRIx64 ", 0x%08" PRIx64 ")", x->item, a->lane,
               a->is_store ? "writes" : "reads", a->size, lo, sp, n->name, n->base,
               n->base + n->size);
    return 1;
  }
  uint64_t dist;
  const vs_region *n = nearest(m, lo, hi, &dist);
  if (n)
    chk_report(c, VS_CHECK_BOUNDS, x->w, x->pc, x->pc,
               "work-item %u (lane %u) %s %u bytes at 0x%08" PRIx64 " (%s), outside every "
               "allocation; nearest: '%s' [0x%08" PRIx64 ", 0x%08" PRIx64 ")", x->item, a->lane,
               a->is_store ? "writes" : "reads", a->size, lo, sp, n->name, n->base,
               n->base + n->size);
  else
    chk_report(c, VS_CHECK_BOUNDS, x->w, x->pc, x->pc,
               "work-item %u (lane %u) %s %u bytes at 0x%08" PRIx64 " (%s), outside every "
               "allocation", x->item, a->lane, a->is_store ? "writes" : "reads", a->size, lo, sp);
  return 1;
}
