/* The kernel checker's parts (src/check): one file per check, the page
 * maps they keep their shadow state in, and the findings (report.c). */
#ifndef VS_CHECK_CHECKER_H
#define VS_CHECK_CHECKER_H

#include <stdint.h>
#include <string.h>

#include "core/check.h"
#include "core/device.h"
#include "core/launch.h"
#include "ventsim/check.h"

/* ---- page maps (pagemap.c): per 4 KiB page of device memory, a block of
 * shadow state, made on first use.  A map's generation is bumped to clear
 * it: a block of an older generation reads as zeroed (cleared on use). */
#define CHK_BLOCK_ALIGN 64
typedef struct chk_block {
  uint64_t page;            /* page number                     */
  uint64_t gen;
  _Alignas(CHK_BLOCK_ALIGN) unsigned char data[]; /* the map's block size (a cache line apart) */
} chk_block;

typedef struct chk_pagemap {
  chk_block **slot;         /* open addressing, capacity a power of two */
  size_t cap, n;
  size_t block_size;
  uint64_t gen;
  chk_block *last;          /* the block found last (one-entry cache) */
} chk_pagemap;

void chk_pagemap_init(chk_pagemap *m, size_t block_size);
void chk_pagemap_free(chk_pagemap *m);
/* chk_pagemap_get past its one-entry cache */
chk_block *chk_pagemap_lookup(chk_pagemap *m, uint64_t page, int create);
/* The block of page (zeroed on creation or when stale); NULL when it has
 * none and create is 0, or out of memory. */
static inline chk_block *chk_pagemap_get(chk_pagemap *m, uint64_t page, int create)
{
  chk_block *b = m->last;
  if (b && b->page == page) return b; /* (last is always current) */
  return chk_pagemap_lookup(m, page, create);
}
/* Forgets everything (cheap: a new generation) */
static inline void chk_pagemap_clear(chk_pagemap *m) { m->gen++; m->last = NULL; }
/* Host bytes the map holds */
uint64_t chk_pagemap_bytes(const chk_pagemap *m);

/* ---- the races check's shadow: per byte, the last writer and a reader,
 * kept per 4-byte granule while the granule's 4 bytes have the same ones
 * (the common case: word accesses), per byte once they differ. */
typedef struct chk_acc {
  uint32_t wg, pc, ep;      /* work-group, pc (low 32 bits), barrier interval */
  uint16_t item;            /* work-item in its work-group                 */
  uint8_t flags, pad;       /* CHK_A_*                                     */
} chk_acc;
#define CHK_A_SET    1u
#define CHK_A_ATOMIC 2u
#define CHK_A_SHARED 4u     /* (readers) other concurrent readers too     */
#define CHK_A_SPLIT  8u     /* (a granule's w) the bytes differ: per byte in
                               the map's pool, at index r.wg              */

/* The last writer and a reader of each of a granule's bytes (both alike:
 * the granule's w, r; split: per byte) */
typedef struct chk_gran {
  chk_acc w, r;
} chk_gran;
typedef struct chk_split {
  chk_gran b[4];
} chk_split;

/* A page's shadow (a block of chk_racemap.pages) */
typedef struct chk_shadow {
  chk_gran g[VS_PAGE_SIZE / 4];
  uint8_t val[VS_PAGE_SIZE]; /* the byte last written (races-same-value) */
} chk_shadow;

typedef struct chk_racemap {
  chk_pagemap pages;
  chk_split *split;         /* split granules' bytes (forgotten with the pages) */
  uint32_t nsplit, capsplit;
} chk_racemap;

/* An allocation the host declared (vs_checker_alloc) */
typedef struct chk_alloc {
  vs_addr base;
  uint64_t size;
  char name[48];
} chk_alloc;

/* ---- the findings (report.c) */
typedef struct chk_finding {
  int check;
  vs_addr pc, pc2;
  uint64_t count;
  char *text;               /* the first occurrence, described */
} chk_finding;

struct vs_checker {
  vs_device *dev;
  unsigned mask;            /* checks asked for */
  uint64_t limit;
  vs_check_hooks hooks;
  /* the launch and work-group being run */
  const vs_launch_ctx *lc;
  const vs_wg *wg;
  uint64_t priv_span;       /* private bytes of a work-group (all its lanes) */
  vs_mask start_mask[VS_MAX_WG_WARPS];
  /* barrier (barrier.c): the first arrival of the current interval */
  uint64_t bar_epoch;
  vs_addr bar_pc, end_pc;
  int bar_warp, end_warp;   /* -1: none */
  /* bounds (bounds.c): the allocations the host declared (sorted by base,
   * not overlapping), and the range the last access was found in */
  chk_alloc *alloc;
  size_t nalloc, capalloc;
  vs_addr reg_lo[4], reg_hi[4]; /* ranges found lately (round robin) */
  unsigned reg_next;
  /* races (races.c) */
  chk_racemap race_global, race_local;
  /* uninit (uninit.c): a bit per byte; global lives as long as the device */
  chk_pagemap init_global, init_local, init_private;
  /* findings */
  chk_finding *f;
  size_t nf, capf;
  uint64_t dropped;         /* distinct findings not kept (out of memory) */
  uint64_t per_check[VS_NCHECKS], occ_per_check[VS_NCHECKS];
  uint64_t shadow_peak;     /* host bytes of shadow state, largest seen */
};

/* One access of work-item `item` of the current work-group */
typedef struct chk_access {
  vs_warp *w;
  const vs_dinsn *d;
  vs_addr pc;
  const vs_memacc *a;
  uint32_t item;
} chk_access;

/* 1 if the access was reported (the other checks then skip it) */
int chk_bounds(vs_checker *c, const chk_access *x);
/* 1 if access a is in bounds for sure: local memory, or a range bounds
 * found lately (chk_bounds decides the rest) */
static inline int chk_bounds_quick(const vs_checker *c, const vs_memacc *a)
{
  vs_addr lo = a->addr, hi = a->addr + a->size;
  if (a->space == VS_SPACE_LOCAL) return lo >= c->wg->lds_base && hi <= c->wg->lds_base + c->wg->lds_bytes;
  if (a->space == VS_SPACE_PRIVATE) return 0;
  for (unsigned k = 0; k < 4; k++)
    if (lo >= c->reg_lo[k] && hi <= c->reg_hi[k]) return 1;
  return 0;
}
/* Forgets the ranges bounds found lately (the allocations changed) */
void chk_bounds_forget(vs_checker *c);
void chk_races(vs_checker *c, const chk_access *x);
/* 1 if the recorded access p may run concurrently with the current one */
static inline int chk_concurrent(const chk_acc *p, const chk_acc *cur)
{
  return (p->flags & CHK_A_SET) &&
         (p->wg != cur->wg || (p->ep == cur->ep && p->item != cur->item));
}
/* The common case: work-item `item` of work-group wg was the last to touch
 * the bytes whose last writer and reader are wr and rd */
static inline int chk_owned(const chk_acc *wr, const chk_acc *rd, uint32_t wg, uint16_t item)
{
  return (!(wr->flags & CHK_A_SET) || (wr->item == item && wr->wg == wg)) &&
         (!(rd->flags & CHK_A_SET) || (rd->item == item && rd->wg == wg && !(rd->flags & CHK_A_SHARED)));
}
/* 1 if chk_races has nothing more to do for access x: private, or an
 * aligned word whose granule is alike and finds no conflict (the shadow
 * then updated as chk_races would) */
static inline int chk_races_quick(vs_checker *c, const chk_access *x)
{
  const vs_memacc *a = x->a;
  if (a->space == VS_SPACE_PRIVATE) return 1;
  if (a->size != 4 || (a->addr & 3)) return 0;
  chk_racemap *m = a->space == VS_SPACE_LOCAL ? &c->race_local : &c->race_global;
  chk_block *blk = chk_pagemap_get(&m->pages, a->addr >> VS_PAGE_SHIFT, 1);
  if (!blk) return 0;
  chk_shadow *s = (chk_shadow *)blk->data;
  unsigned off = (unsigned)(a->addr & VS_PAGE_MASK);
  chk_gran *g = &s->g[off >> 2];
  if (g->w.flags & CHK_A_SPLIT) return 0;
  chk_acc cur = {c->wg->id, (uint32_t)x->pc, (uint32_t)x->w->barriers, (uint16_t)x->item,
                 (uint8_t)(CHK_A_SET | (a->is_atomic ? CHK_A_ATOMIC : 0)), 0};
  /* (races.c's conflict() when it finds nothing) */
  if (chk_concurrent(&g->w, &cur) && !(g->w.flags & cur.flags & CHK_A_ATOMIC)) return 0;
  if (a->is_store) {
    if (!(g->r.flags & cur.flags & CHK_A_ATOMIC) &&
        (chk_concurrent(&g->r, &cur) ||
         ((g->r.flags & CHK_A_SHARED) && g->r.wg == cur.wg && g->r.ep == cur.ep)))
      return 0;
    g->w = cur;
    memcpy(&s->val[off], a->value.b, 4);
  } else if (chk_concurrent(&g->r, &cur)) {
    g->r.flags |= CHK_A_SHARED; /* keep the other reader */
  } else {
    g->r = cur;
  }
  return 1;
}
void chk_racemap_init(chk_racemap *m);
void chk_racemap_free(chk_racemap *m);
/* Forgets everything (cheap) */
void chk_racemap_clear(chk_racemap *m);
uint64_t chk_racemap_bytes(const chk_racemap *m);
void chk_uninit(vs_checker *c, const chk_access *x);
/* 1 if chk_uninit has nothing more to do for access a: within one page,
 * a store (its bits set now) or a load of bytes written */
static inline int chk_uninit_quick(vs_checker *c, const vs_memacc *a)
{
  chk_pagemap *m = a->space == VS_SPACE_LOCAL     ? &c->init_local
                   : a->space == VS_SPACE_PRIVATE ? &c->init_private
                                                  : &c->init_global;
  unsigned off = (unsigned)(a->addr & VS_PAGE_MASK);
  if (off + a->size > VS_PAGE_SIZE) return 0;
  chk_block *blk = chk_pagemap_get(m, a->addr >> VS_PAGE_SHIFT, a->is_store);
  if (!blk) return 0;
  uint32_t want = ((1u << a->size) - 1u) << (off & 7), bits; /* (size <= 16: 23 bits) */
  memcpy(&bits, blk->data + (off >> 3), 4); /* (blocks have 4 bytes of slack) */
  if (a->is_store) {
    bits |= want;
    memcpy(blk->data + (off >> 3), &bits, 4);
    return 1;
  }
  return (bits & want) == want;
}
void chk_uninit_host_write(vs_checker *c, vs_addr addr, uint64_t len);
void chk_barrier(vs_checker *c, vs_warp *w, vs_addr pc, vs_mask active, int ev);

/* Records an occurrence of a finding of check at pc of warp w of the
 * current work-group (pc2: the other instruction of the pair, or pc); its
 * description (kernel, work-group, warp, both instructions' disassembly,
 * then fmt) is made on the first occurrence only. */
void chk_report(vs_checker *c, int check, vs_warp *w, vs_addr pc, vs_addr pc2, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* "mnemonic operands" of the instruction at pc ("?" if unknown) */
void chk_disasm(const vs_checker *c, vs_addr pc, char *buf, size_t n);
/* "global", "local", ... */
const char *chk_space_name(int space);

#endif
