/* Page maps of shadow state (checker.h): an open-addressing hash table
 * from page number to a block, with a one-entry cache for the common run
 * of accesses to one page. */
#include <stdlib.h>
#include <string.h>

#include "check/checker.h"

void chk_pagemap_init(chk_pagemap *m, size_t block_size)
{
  memset(m, 0, sizeof *m);
  m->block_size = block_size;
  m->gen = 1;
}

void chk_pagemap_free(chk_pagemap *m)
{
  for (size_t i = 0; i < m->cap; i++) free(m->slot[i]);
  free(m->slot);
  memset(m, 0, sizeof *m);
}

static size_t hash(uint64_t page, size_t cap)
{
  return (size_t)((page * UINT64_C(0x9e3779b97f4a7c15)) >> 20) & (cap - 1);
}

static int grow(chk_pagemap *m)
{
  size_t cap = m->cap ? m->cap * 2 : 64;
  chk_block **s = calloc(cap, sizeof *s);
  if (!s) return -1;
  for (size_t i = 0; i < m->cap; i++) {
    chk_block *b = m->slot[i];
    if (!b) continue;
    size_t k = hash(b->page, cap);
    while (s[k]) k = (k + 1) & (cap - 1);
    s[k] = b;
  }
  free(m->slot);
  m->slot = s;
  m->cap = cap;
  return 0;
}

chk_block *chk_pagemap_lookup(chk_pagemap *m, uint64_t page, int create)
{
  chk_block *b = NULL;
  if (m->cap) {
    size_t k = hash(page, m->cap);
    while (m->slot[k] && m->slot[k]->page != page) k = (k + 1) & (m->cap - 1);
    b = m->slot[k];
  }
  if (b && b->gen != m->gen) {
    if (!create) return NULL; /* stale: reads as nothing */
    memset(b->data, 0, m->block_size);
    b->gen = m->gen;
  }
  if (!b) {
    if (!create) return NULL;
    if ((m->n + 1) * 2 > m->cap && grow(m)) return NULL;
    /* (blocks start on a cache line: a race granule is half of one) */
    size_t bytes = (sizeof *b + m->block_size + CHK_BLOCK_ALIGN - 1) & ~(size_t)(CHK_BLOCK_ALIGN - 1);
    b = aligned_alloc(CHK_BLOCK_ALIGN, bytes);
    if (!b) return NULL;
    memset(b, 0, bytes);
    b->page = page;
    b->gen = m->gen;
    size_t k = hash(page, m->cap);
    while (m->slot[k]) k = (k + 1) & (m->cap - 1);
    m->slot[k] = b;
    m->n++;
  }
  m->last = b;
  return b;
}

uint64_t chk_pagemap_bytes(const chk_pagemap *m)
{
  return (uint64_t)m->n * (sizeof(chk_block) + m->block_size) + m->cap * sizeof(chk_block *);
}
