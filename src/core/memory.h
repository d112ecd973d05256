/* Device memory: a sparse, paged 48-bit address space.
 *
 * Mapped regions are byte ranges; protection is per 4 KiB page (a page that
 * overlaps a region is accessible as a whole, as with a page table).  Pages
 * are materialised on first write; reading mapped-but-unwritten memory gives
 * zeros.  The page table has two parts: a flat table of 2^20 page pointers
 * for the low 4 GiB (where Ventus and most buffers live: an access there is
 * one indexed load), and above it one such table per 4 GiB that holds a
 * materialised page, created on first use.  Each table keeps a summary bit
 * per 64 pages, so that unmapping and tear-down visit only the parts that
 * hold pages.  Pages may carry a cache of
 * decoded instructions, dropped when their bytes (or the bytes of the page
 * after them, which a decoder may read ahead into) change.  Safe for
 * concurrent use by several host threads (page and table creation and
 * decode-cache publication are atomic). */
#ifndef VS_CORE_MEMORY_H
#define VS_CORE_MEMORY_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/insn.h"
#include "ventsim/error.h"
#include "ventsim/sim.h"

#define VS_PAGE_SHIFT 12u
#define VS_PAGE_SIZE  (1u << VS_PAGE_SHIFT)
#define VS_PAGE_MASK  (VS_PAGE_SIZE - 1u)
#define VS_CHUNK_SHIFT 32u                            /* one page table per 4 GiB   */
#define VS_CHUNK_PAGES (1u << (VS_CHUNK_SHIFT - VS_PAGE_SHIFT))
#define VS_NCHUNKS     (1u << (VS_ADDR_BITS - VS_CHUNK_SHIFT))
#define VS_DPAGE_SLOTS (VS_PAGE_SIZE / 4u)
#define VS_PAGE_GROUP 64u /* pages per bit of vs_page_table.groups */

/* Decoded instructions of one page, one slot per word. */
typedef struct vs_dpage {
  vs_dinsn insn[VS_DPAGE_SLOTS];
  struct vs_dpage *next_retired;
} vs_dpage;

typedef struct vs_page {
  uint8_t data[VS_PAGE_SIZE];
  _Atomic(vs_dpage *) decoded;
} vs_page;

typedef _Atomic(vs_page *) vs_page_slot;

/* The page table of one 4 GiB chunk. */
typedef struct vs_page_table {
  vs_page_slot page[VS_CHUNK_PAGES];
  /* bit g: some page of page[64g .. 64g+63] may exist.  Unmapping (the
   * 256 MiB local-memory window of every Ventus launch) and tear-down skip
   * the groups without one instead of reading all their entries. */
  _Atomic uint64_t groups[VS_CHUNK_PAGES / VS_PAGE_GROUP / 64];
} vs_page_table;

typedef _Atomic(vs_page_table *) vs_table_slot;

typedef struct vs_region {
  vs_addr base;
  uint64_t size;
  char name[48];
} vs_region;

struct vs_mem;
/* Fills one decoded page; provided by the ISA front end. */
typedef void (*vs_decode_page_fn)(void *ctx, struct vs_mem *m, vs_addr page_addr, vs_dpage *dp);

typedef struct vs_mem {
  vs_page_table *lo;            /* the low 4 GiB                                */
  /* VS_NCHUNKS entries (0 unused): the tables above, created on the first
   * write above 4 GiB (NULL until then) */
  _Atomic(vs_table_slot *) hi;
  vs_region *regions;           /* sorted by base, non-overlapping */
  size_t nregions, cap_regions;
  uint64_t mapped_bytes;        /* sum of region sizes */
  uint64_t limit;               /* maximum mapped bytes (documented limit) */
  _Atomic(vs_dpage *) retired;  /* invalidated decode pages, freed later */
  _Atomic uint64_t materialised;/* pages allocated */
  vs_decode_page_fn decode_page;
  void *decode_ctx;
  /* Called for every host write (vs_mem_write, vs_mem_fill) when set: the
   * kernel checker marks those bytes initialised. */
  void (*on_host_write)(void *ctx, vs_addr addr, uint64_t len);
  void *host_write_ctx;
} vs_mem;

/* Where a warp's fetch cache points before its first fetch (vs_warp.cp_page):
 * a page outside the page table whose decoded instructions are never a
 * warp's, so the fetch fast path always misses on it -- whatever the pc,
 * also one in the first page (vs_warp_fetch_reset). */
extern vs_page vs_mem_no_page;

/* Fault kinds for accesses */
enum { VS_MF_NONE = 0, VS_MF_UNMAPPED, VS_MF_MISALIGNED, VS_MF_NOMEM };

int vs_mem_init(vs_mem *m, uint64_t limit, vs_error *err);
void vs_mem_destroy(vs_mem *m);

/* Maps [base, base+size).  Overlapping an existing region, or reaching
 * beyond the address space, is an error naming both.  size may be 0 (maps
 * nothing, succeeds). */
int vs_mem_map(vs_mem *m, vs_addr base, uint64_t size, const char *name, vs_error *err);
/* Unmaps the region starting exactly at base. */
int vs_mem_unmap(vs_mem *m, vs_addr base, vs_error *err);
/* Region containing addr, or NULL. */
const vs_region *vs_mem_region(const vs_mem *m, vs_addr addr);
/* 1 if every page touched by [addr, addr+len) is accessible. */
int vs_mem_accessible(const vs_mem *m, vs_addr addr, uint64_t len);

/* Bulk copies (host side: loaders, runtime).  Errors name the address. */
int vs_mem_write(vs_mem *m, vs_addr addr, const void *src, size_t len, vs_error *err);
int vs_mem_read(vs_mem *m, vs_addr addr, void *dst, size_t len, vs_error *err);
int vs_mem_fill(vs_mem *m, vs_addr addr, uint8_t byte, size_t len, vs_error *err);

/* Slow paths of the inline accessors below: any address, any size up to
 * VS_PAGE_SIZE, accesses that cross a page.  Return a VS_MF_* code. */
int vs_mem_load_slow(vs_mem *m, vs_addr addr, void *dst, unsigned size);
int vs_mem_store_slow(vs_mem *m, vs_addr addr, const void *src, unsigned size);
/* Page for a read-modify-write (atomics): materialises it. NULL on fault. */
vs_page *vs_mem_page_rmw(vs_mem *m, vs_addr addr, int *fault);

/* Decoded page for pc's page (decoding it on first use).  NULL if the page
 * is not mapped. */
vs_dpage *vs_mem_dpage(vs_mem *m, vs_addr pc);
/* Makes ctx the decoder of the memory's code (vs_mem.decode_ctx): when it
 * changes, every page decoded so far is dropped (retired like pages whose
 * code was written).  Call when no host thread executes. */
void vs_mem_set_decoder(vs_mem *m, void *ctx);
/* Frees decode pages invalidated by code writes (call when no host thread
 * executes). */
void vs_mem_reclaim(vs_mem *m);

/* The materialised page holding an address above 4 GiB, or NULL. */
vs_page *vs_mem_page_hi(const vs_mem *m, vs_addr addr);

static inline vs_page *vs_mem_page(const vs_mem *m, vs_addr addr)
{
  if (__builtin_expect(addr >> VS_CHUNK_SHIFT == 0, 1))
    return atomic_load_explicit(&m->lo->page[addr >> VS_PAGE_SHIFT], memory_order_acquire);
  return vs_mem_page_hi(m, addr);
}

/* Copies 1, 2, 4, 8, 12 or 16 bytes with a copy of constant size each (a
 * memcpy of a run-time size is a byte loop whose result the next read
 * stalls on). */
static inline void vs_mem_copy_small(void *dst, const void *src, unsigned size)
{
  switch (size) {
  case 4: memcpy(dst, src, 4); break;
  case 2: memcpy(dst, src, 2); break;
  case 1: memcpy(dst, src, 1); break;
  case 8: memcpy(dst, src, 8); break;
  case 16: memcpy(dst, src, 16); break;
  default: memcpy(dst, src, size); break;
  }
}

/* 1 if [addr, addr+size) lies in one page of the low 4 GiB: the accessors'
 * fast path (one indexed load finds the page). */
static inline int vs_mem_fast(vs_addr addr, unsigned size)
{
  return (addr >> VS_CHUNK_SHIFT | ((addr & VS_PAGE_MASK) + size - 1) >> VS_PAGE_SHIFT) == 0;
}

/* Loads and stores used by instruction semantics.  Return 0 or a VS_MF_*
 * fault code.  The alignment rule is the ISA's, checked by its semantics:
 *   vs_mem_load / vs_mem_store        1, 2, 4, 8, 12 or 16 bytes at any
 *                                     address (crossing a page: slow path);
 *   vs_mem_load_aligned / _store_...  1, 2, 4, 8 or 16 bytes at a multiple
 *                                     of the size (never crosses a page:
 *                                     one test less). */
static inline int vs_mem_load_fast_(vs_mem *m, vs_addr addr, void *dst, unsigned size, int fast)
{
  if (__builtin_expect(fast, 1)) {
    vs_page *p = atomic_load_explicit(&m->lo->page[addr >> VS_PAGE_SHIFT], memory_order_acquire);
    if (__builtin_expect(p != NULL, 1)) {
      vs_mem_copy_small(dst, p->data + (addr & VS_PAGE_MASK), size);
      return 0;
    }
  }
  return vs_mem_load_slow(m, addr, dst, size);
}

static inline int vs_mem_store_fast_(vs_mem *m, vs_addr addr, const void *src, unsigned size,
                                     int fast)
{
  if (__builtin_expect(fast, 1)) {
    vs_page *p = atomic_load_explicit(&m->lo->page[addr >> VS_PAGE_SHIFT], memory_order_acquire);
    if (__builtin_expect(p != NULL &&
                         atomic_load_explicit(&p->decoded, memory_order_relaxed) == NULL, 1)) {
      vs_mem_copy_small(p->data + (addr & VS_PAGE_MASK), src, size);
      return 0;
    }
  }
  return vs_mem_store_slow(m, addr, src, size);
}

static inline int vs_mem_load(vs_mem *m, vs_addr addr, void *dst, unsigned size)
{
  return vs_mem_load_fast_(m, addr, dst, size, vs_mem_fast(addr, size));
}

static inline int vs_mem_store(vs_mem *m, vs_addr addr, const void *src, unsigned size)
{
  return vs_mem_store_fast_(m, addr, src, size, vs_mem_fast(addr, size));
}

static inline int vs_mem_load_aligned(vs_mem *m, vs_addr addr, void *dst, unsigned size)
{
  return vs_mem_load_fast_(m, addr, dst, size, addr >> VS_CHUNK_SHIFT == 0);
}

static inline int vs_mem_store_aligned(vs_mem *m, vs_addr addr, const void *src, unsigned size)
{
  return vs_mem_store_fast_(m, addr, src, size, addr >> VS_CHUNK_SHIFT == 0);
}

static inline int vs_mem_load32(vs_mem *m, vs_addr addr, uint32_t *v)
{
  return vs_mem_load(m, addr, v, 4);
}

static inline int vs_mem_store32(vs_mem *m, vs_addr addr, uint32_t v)
{
  return vs_mem_store(m, addr, &v, 4);
}

#endif
