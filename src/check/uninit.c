/* uninit: reads of memory that neither the host nor the kernel wrote.  A
 * bit per byte: global memory's bits live as long as the device (host
 * writes through the device API -- loaders, vt_copy_to_dev, OpenCL writes
 * -- and kernel stores set them); local and private memory's start clear
 * for each work-group (what an earlier work-group left there is not this
 * one's). */
#include <inttypes.h>
#include <string.h>

#include "check/checker.h"

static chk_pagemap *map_of(vs_checker *c, int space)
{
  return space == VS_SPACE_LOCAL     ? &c->init_local
         : space == VS_SPACE_PRIVATE ? &c->init_private
                                     : &c->init_global;
}

static void mark(chk_pagemap *m, vs_addr addr, uint64_t len)
{
  while (len) {
    uint64_t off = addr & VS_PAGE_MASK, n = VS_PAGE_SIZE - off;
    if (n > len) n = len;
    chk_block *b = chk_pagemap_get(m, addr >> VS_PAGE_SHIFT, 1);
    if (!b) return;
    if (n == VS_PAGE_SIZE) {
      memset(b->data, 0xff, VS_PAGE_SIZE / 8);
    } else {
      for (uint64_t i = off; i < off + n; i++) b->data[i >> 3] |= (unsigned char)(1u << (i & 7));
    }
    addr += n;
    len -= n;
  }
}

void chk_uninit_host_write(vs_checker *c, vs_addr addr, uint64_t len)
{
  mark(&c->init_global, addr, len);
}

void chk_uninit(vs_checker *c, const chk_access *x)
{
  const vs_memacc *a = x->a;
  chk_pagemap *m = map_of(c, a->space);
  unsigned off = (unsigned)(a->addr & VS_PAGE_MASK);
  if (off + a->size <= VS_PAGE_SIZE) { /* one page: the access's bits at once */
    uint32_t want = ((1u << a->size) - 1u) << (off & 7), bits = 0; /* (size <= 16: 23 bits) */
    chk_block *blk = chk_pagemap_get(m, a->addr >> VS_PAGE_SHIFT, a->is_store);
    if (a->is_store) {
      if (!blk) return;
      memcpy(&bits, blk->data + (off >> 3), 4); /* (blocks have 4 bytes of slack) */
      bits |= want;
      memcpy(blk->data + (off >> 3), &bits, 4);
      return;
    }
    if (blk) memcpy(&bits, blk->data + (off >> 3), 4);
    if ((bits & want) == want) return;
    unsigned first = (unsigned)__builtin_ctz(~bits & want) - (off & 7);
    chk_report(c, VS_CHECK_UNINIT, x->w, x->pc, x->pc,
               "work-item %u (lane %u) reads %u bytes of %s memory at 0x%08" PRIx64
               ", byte 0x%08" PRIx64 " of which neither the host nor the kernel wrote",
               x->item, a->lane, a->size, chk_space_name(a->space), a->addr, a->addr + first);
    return;
  }
  if (a->is_store) {
    mark(m, a->addr, a->size);
    return;
  }
  for (unsigned b = 0; b < a->size; b++) {
    vs_addr addr = a->addr + b;
    chk_block *blk = chk_pagemap_get(m, addr >> VS_PAGE_SHIFT, 0);
    unsigned o = (unsigned)(addr & VS_PAGE_MASK);
    if (blk && (blk->data[o >> 3] >> (o & 7) & 1)) continue;
    chk_report(c, VS_CHECK_UNINIT, x->w, x->pc, x->pc,
               "work-item %u (lane %u) reads %u bytes of %s memory at 0x%08" PRIx64
               ", byte 0x%08" PRIx64 " of which neither the host nor the kernel wrote",
               x->item, a->lane, a->size, chk_space_name(a->space), a->addr, addr);
    return;
  }
}
