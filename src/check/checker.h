/* The kernel checker's parts (src/check): one file per check, the page
 * maps they keep their shadow state in, and the findings (report.c). */
#ifndef VS_CHECK_CHECKER_H
#define VS_CHECK_CHECKER_H

#include <stdint.h>

#include "core/check.h"
#include "core/device.h"
#include "core/launch.h"
#include "ventsim/check.h"

/* ---- page maps (pagemap.c): per 4 KiB page of device memory, a block of
 * shadow state, made on first use.  A map's generation is bumped to clear
 * it: a block of an older generation reads as zeroed (cleared on use). */
typedef struct chk_block {
  uint64_t page;            /* page number                     */
  uint64_t gen;
  unsigned char data[];     /* the map's block size            */
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
/* Forgets the ranges bounds found lately (the allocations changed) */
void chk_bounds_forget(vs_checker *c);
void chk_races(vs_checker *c, const chk_access *x);
void chk_racemap_init(chk_racemap *m);
void chk_racemap_free(chk_racemap *m);
/* Forgets everything (cheap) */
void chk_racemap_clear(chk_racemap *m);
uint64_t chk_racemap_bytes(const chk_racemap *m);
void chk_uninit(vs_checker *c, const chk_access *x);
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
