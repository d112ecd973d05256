#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/memory.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "ventsim stores simulated memory in host byte order and needs a little-endian host"
#endif

#define ADDR_END (UINT64_C(1) << VS_ADDR_BITS)

static vs_dpage no_dpage; /* the decoded page of vs_mem_no_page: never a warp's */
vs_page vs_mem_no_page = {.decoded = &no_dpage};

int vs_mem_init(vs_mem *m, uint64_t limit, vs_error *err)
{
  memset(m, 0, sizeof *m);
  /* calloc'ed tables are mapped lazily by the host: untouched parts cost nothing */
  m->lo = calloc(1, sizeof *m->lo);
  if (!m->lo) return vs_error_set(err, VS_E_NOMEM, "out of memory for the page table");
  m->limit = limit;
  return 0;
}

static void free_dpage_chain(vs_dpage *d)
{
  while (d) {
    vs_dpage *n = d->next_retired;
    free(d);
    d = n;
  }
}

/* 0 if no page of the group of table index idx can exist (vs_page_table.groups) */
static int group_may_have_pages(const vs_page_table *t, uint32_t idx)
{
  uint32_t g = idx / VS_PAGE_GROUP;
  return (int)(atomic_load_explicit(&t->groups[g / 64], memory_order_relaxed) >> (g % 64) & 1);
}

/* Frees the pages of one table: only the groups that may hold one (touching
 * all 2^20 entries, 8 MiB, cost more than a small run) */
static void free_pages(vs_page_table *t)
{
  for (uint32_t w = 0; w < sizeof t->groups / sizeof t->groups[0]; w++) {
    uint64_t bits = atomic_load_explicit(&t->groups[w], memory_order_relaxed);
    while (bits) {
      uint32_t g = w * 64 + (uint32_t)__builtin_ctzll(bits);
      bits &= bits - 1;
      for (uint32_t i = g * VS_PAGE_GROUP; i < (g + 1) * VS_PAGE_GROUP; i++) {
        vs_page *p = atomic_load_explicit(&t->page[i], memory_order_relaxed);
        if (p) {
          free(atomic_load_explicit(&p->decoded, memory_order_relaxed));
          free(p);
        }
      }
    }
  }
}

void vs_mem_destroy(vs_mem *m)
{
  if (m->lo) free_pages(m->lo);
  vs_table_slot *hi = atomic_load_explicit(&m->hi, memory_order_relaxed);
  if (hi)
    for (uint32_t c = 1; c < VS_NCHUNKS; c++) {
      vs_page_table *t = atomic_load_explicit(&hi[c], memory_order_relaxed);
      if (t) {
        free_pages(t);
        free(t);
      }
    }
  free_dpage_chain(atomic_load(&m->retired));
  free(m->lo);
  free(hi);
  free(m->regions);
  memset(m, 0, sizeof *m);
}

/* The page table of page number pg's 4 GiB chunk; NULL if it has none yet
 * (then that chunk has no page) and create is 0, or beyond the address
 * space.  With create, makes the table (NULL only when out of host
 * memory); several threads may race to make it: the first one wins. */
static vs_page_table *table_of(vs_mem *m, uint64_t pg, int create)
{
  uint64_t chunk = pg >> (VS_CHUNK_SHIFT - VS_PAGE_SHIFT);
  if (chunk == 0) return m->lo;
  if (chunk >= VS_NCHUNKS) return NULL;
  vs_table_slot *hi = atomic_load_explicit(&m->hi, memory_order_acquire);
  if (!hi) {
    if (!create) return NULL;
    vs_table_slot *nh = calloc(VS_NCHUNKS, sizeof *nh);
    if (!nh) return NULL;
    if (atomic_compare_exchange_strong(&m->hi, &hi, nh)) hi = nh;
    else free(nh); /* hi is the winner's */
  }
  vs_page_table *t = atomic_load_explicit(&hi[chunk], memory_order_acquire);
  if (!t && create) {
    vs_page_table *nt = calloc(1, sizeof *nt);
    if (!nt) return NULL;
    if (atomic_compare_exchange_strong(&hi[chunk], &t, nt)) t = nt;
    else free(nt); /* t is the winner's */
  }
  return t;
}

static uint32_t table_index(uint64_t pg)
{
  return (uint32_t)(pg & (VS_CHUNK_PAGES - 1));
}

static vs_page *page_no(const vs_mem *m, uint64_t pg)
{
  vs_page_table *t = table_of((vs_mem *)m, pg, 0); /* create 0: changes nothing */
  return t ? atomic_load_explicit(&t->page[table_index(pg)], memory_order_acquire) : NULL;
}

vs_page *vs_mem_page_hi(const vs_mem *m, vs_addr addr)
{
  return page_no(m, addr >> VS_PAGE_SHIFT);
}

/* index of the first region whose end is above addr */
static size_t first_region_ending_after(const vs_mem *m, uint64_t addr)
{
  size_t lo = 0, hi = m->nregions;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (m->regions[mid].base + m->regions[mid].size <= addr) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const vs_region *vs_mem_region(const vs_mem *m, vs_addr addr)
{
  size_t i = first_region_ending_after(m, addr);
  if (i < m->nregions && m->regions[i].base <= addr) return &m->regions[i];
  return NULL;
}

/* 1 if some region overlaps page number pg */
static int page_mapped(const vs_mem *m, uint64_t pg)
{
  uint64_t lo = pg << VS_PAGE_SHIFT, hi = lo + VS_PAGE_SIZE;
  size_t i = first_region_ending_after(m, lo);
  return i < m->nregions && m->regions[i].base < hi;
}

int vs_mem_accessible(const vs_mem *m, vs_addr addr, uint64_t len)
{
  if (len == 0) return 1;
  if (addr >= ADDR_END || len > ADDR_END - addr) return 0;
  /* region by region (pages exist only inside regions): a 256 MiB program
   * area is one lookup, not 65536 */
  uint64_t pg = addr >> VS_PAGE_SHIFT, last = (addr + len - 1) >> VS_PAGE_SHIFT;
  while (pg <= last) {
    uint64_t lo = pg << VS_PAGE_SHIFT;
    size_t i = first_region_ending_after(m, lo);
    if (i >= m->nregions || m->regions[i].base >= lo + VS_PAGE_SIZE) return 0;
    pg = ((m->regions[i].base + m->regions[i].size - 1) >> VS_PAGE_SHIFT) + 1;
  }
  return 1;
}

int vs_mem_map(vs_mem *m, vs_addr base, uint64_t size, const char *name, vs_error *err)
{
  if (size == 0) return 0;
  if (base >= ADDR_END || size > ADDR_END - base)
    return vs_error_set(err, VS_E_USAGE,
                        "cannot map '%s' at 0x%08" PRIx64 ": %" PRIu64
                        " bytes exceed the %u-bit address space", name, base, size, VS_ADDR_BITS);
  size_t i = first_region_ending_after(m, base);
  if (i < m->nregions && m->regions[i].base < base + size) {
    const vs_region *o = &m->regions[i];
    return vs_error_set(err, VS_E_USAGE,
                        "'%s' [0x%08" PRIx64 ", 0x%08" PRIx64 ") overlaps '%s' [0x%08" PRIx64
                        ", 0x%08" PRIx64 ")", name, base, base + size, o->name, o->base,
                        o->base + o->size);
  }
  if (m->nregions == m->cap_regions) {
    size_t cap = m->cap_regions ? m->cap_regions * 2 : 16;
    vs_region *r = realloc(m->regions, cap * sizeof *r);
    if (!r) return vs_error_set(err, VS_E_NOMEM, "out of memory");
    m->regions = r;
    m->cap_regions = cap;
  }
  memmove(&m->regions[i + 1], &m->regions[i], (m->nregions - i) * sizeof *m->regions);
  m->regions[i].base = base;
  m->regions[i].size = size;
  snprintf(m->regions[i].name, sizeof m->regions[i].name, "%s", name ? name : "buffer");
  m->nregions++;
  m->mapped_bytes += size;
  return 0;
}

static void retire_dpage(vs_mem *m, vs_page *p)
{
  vs_dpage *d = atomic_exchange(&p->decoded, NULL);
  if (!d) return;
  vs_dpage *head = atomic_load(&m->retired);
  do {
    d->next_retired = head;
  } while (!atomic_compare_exchange_weak(&m->retired, &head, d));
}

static void retire_table(vs_mem *m, vs_page_table *t)
{
  for (uint32_t w = 0; w < sizeof t->groups / sizeof t->groups[0]; w++) {
    uint64_t bits = atomic_load_explicit(&t->groups[w], memory_order_relaxed);
    while (bits) {
      uint32_t g = w * 64 + (uint32_t)__builtin_ctzll(bits);
      bits &= bits - 1;
      for (uint32_t i = g * VS_PAGE_GROUP; i < (g + 1) * VS_PAGE_GROUP; i++) {
        vs_page *p = atomic_load_explicit(&t->page[i], memory_order_relaxed);
        if (p) retire_dpage(m, p);
      }
    }
  }
}

void vs_mem_set_decoder(vs_mem *m, void *ctx)
{
  if (m->decode_ctx == ctx) return;
  if (m->lo) retire_table(m, m->lo);
  vs_table_slot *hi = atomic_load_explicit(&m->hi, memory_order_relaxed);
  if (hi)
    for (uint32_t c = 1; c < VS_NCHUNKS; c++) {
      vs_page_table *t = atomic_load_explicit(&hi[c], memory_order_relaxed);
      if (t) retire_table(m, t);
    }
  m->decode_ctx = ctx;
}

int vs_mem_unmap(vs_mem *m, vs_addr base, vs_error *err)
{
  size_t i = first_region_ending_after(m, base);
  if (i >= m->nregions || m->regions[i].base != base)
    return vs_error_set(err, VS_E_USAGE, "no mapped region starts at 0x%08" PRIx64, base);
  uint64_t lo = base, hi = lo + m->regions[i].size;
  m->mapped_bytes -= m->regions[i].size;
  memmove(&m->regions[i], &m->regions[i + 1], (m->nregions - i - 1) * sizeof *m->regions);
  m->nregions--;
  uint64_t chunk_pages = VS_CHUNK_PAGES;
  for (uint64_t pg = lo >> VS_PAGE_SHIFT; pg <= (hi - 1) >> VS_PAGE_SHIFT; pg++) {
    vs_page_table *t = table_of(m, pg, 0);
    if (!t) { /* no table for this 4 GiB: nothing was written there */
      pg |= chunk_pages - 1;
      continue;
    }
    uint32_t idx = table_index(pg);
    if (!group_may_have_pages(t, idx)) {
      pg |= VS_PAGE_GROUP - 1; /* no page in this group */
      continue;
    }
    if (!atomic_load(&t->page[idx])) continue; /* never written: nothing to free */
    if (page_mapped(m, pg)) continue;          /* shared with a neighbour */
    vs_page *p = atomic_exchange(&t->page[idx], NULL);
    if (p) {
      retire_dpage(m, p);
      free(p);
      atomic_fetch_sub(&m->materialised, 1);
    }
  }
  return 0;
}

/* Page for writing: creates it if the address is mapped. */
static vs_page *page_for_write(vs_mem *m, vs_addr addr, int *fault)
{
  uint64_t pg = addr >> VS_PAGE_SHIFT;
  vs_page *p = page_no(m, pg);
  if (p) return p;
  if (addr >= ADDR_END || !page_mapped(m, pg)) {
    *fault = VS_MF_UNMAPPED;
    return NULL;
  }
  if ((atomic_load(&m->materialised) + 1) * (uint64_t)VS_PAGE_SIZE > m->limit) {
    *fault = VS_MF_NOMEM;
    return NULL;
  }
  vs_page_table *t = table_of(m, pg, 1);
  vs_page *np = t ? calloc(1, sizeof *np) : NULL;
  if (!np) {
    *fault = VS_MF_NOMEM;
    return NULL;
  }
  vs_page *expected = NULL;
  uint32_t idx = table_index(pg), g = idx / VS_PAGE_GROUP;
  atomic_fetch_or(&t->groups[g / 64], (uint64_t)1 << (g % 64)); /* before it can be seen */
  if (atomic_compare_exchange_strong(&t->page[idx], &expected, np)) {
    atomic_fetch_add(&m->materialised, 1);
    return np;
  }
  free(np); /* another thread created it first */
  return expected;
}

vs_page *vs_mem_page_rmw(vs_mem *m, vs_addr addr, int *fault)
{
  return page_for_write(m, addr, fault);
}

/* The part of [addr, addr+size) in addr's page */
static unsigned in_page(vs_addr addr, unsigned size)
{
  unsigned room = VS_PAGE_SIZE - (unsigned)(addr & VS_PAGE_MASK);
  return size < room ? size : room;
}

int vs_mem_load_slow(vs_mem *m, vs_addr addr, void *dst, unsigned size)
{
  uint8_t *d = dst;
  while (size) {
    unsigned n = in_page(addr, size);
    vs_page *p = vs_mem_page(m, addr);
    if (p) memcpy(d, p->data + (addr & VS_PAGE_MASK), n);
    else if (addr < ADDR_END && page_mapped(m, addr >> VS_PAGE_SHIFT)) memset(d, 0, n);
    else return VS_MF_UNMAPPED;
    addr += n;
    d += n;
    size -= n;
  }
  return 0;
}

/* Stores n bytes within one page */
static int store_in_page(vs_mem *m, vs_addr addr, const uint8_t *src, unsigned n)
{
  int fault = 0;
  vs_page *p = page_for_write(m, addr, &fault);
  if (!p) return fault;
  uint8_t *where = p->data + (addr & VS_PAGE_MASK);
  if (atomic_load_explicit(&p->decoded, memory_order_acquire) && memcmp(where, src, n) != 0) {
    /* code changes: drop the decoded instructions of this page and of the
     * page before it (its last instructions may read ahead into this one) */
    retire_dpage(m, p);
    uint64_t pg = addr >> VS_PAGE_SHIFT;
    if (pg > 0) {
      vs_page *prev = page_no(m, pg - 1);
      if (prev) retire_dpage(m, prev);
    }
  }
  memcpy(where, src, n);
  return 0;
}

int vs_mem_store_slow(vs_mem *m, vs_addr addr, const void *src, unsigned size)
{
  const uint8_t *s = src;
  /* a store that crosses pages checks both before writing either */
  if (in_page(addr, size) < size && !vs_mem_accessible(m, addr, size)) return VS_MF_UNMAPPED;
  while (size) {
    unsigned n = in_page(addr, size);
    int f = store_in_page(m, addr, s, n);
    if (f) return f;
    addr += n;
    s += n;
    size -= n;
  }
  return 0;
}

vs_dpage *vs_mem_dpage(vs_mem *m, vs_addr pc)
{
  int fault = 0;
  vs_page *p = vs_mem_page(m, pc);
  if (!p) {
    if (pc >= ADDR_END || !page_mapped(m, pc >> VS_PAGE_SHIFT)) return NULL;
    p = page_for_write(m, pc, &fault);
    if (!p) return NULL;
  }
  vs_dpage *d = atomic_load_explicit(&p->decoded, memory_order_acquire);
  if (d) return d;
  vs_dpage *nd = malloc(sizeof *nd);
  if (!nd) return NULL;
  nd->next_retired = NULL;
  m->decode_page(m->decode_ctx, m, pc & ~(vs_addr)VS_PAGE_MASK, nd);
  vs_dpage *expected = NULL;
  if (atomic_compare_exchange_strong(&p->decoded, &expected, nd)) return nd;
  free(nd);
  return expected;
}

void vs_mem_reclaim(vs_mem *m)
{
  free_dpage_chain(atomic_exchange(&m->retired, NULL));
}

int vs_mem_write(vs_mem *m, vs_addr addr, const void *src, size_t len, vs_error *err)
{
  const uint8_t *s = src;
  uint64_t a = addr;
  if (a >= ADDR_END || len > ADDR_END - a)
    return vs_error_set(err, VS_E_USAGE,
                        "write of %zu bytes at 0x%08" PRIx64 " exceeds the address space", len, a);
  if (m->on_host_write) m->on_host_write(m->host_write_ctx, addr, len);
  while (len) {
    size_t chunk = VS_PAGE_SIZE - (a & VS_PAGE_MASK);
    if (chunk > len) chunk = len;
    int fault = store_in_page(m, a, s, (unsigned)chunk);
    if (fault == VS_MF_UNMAPPED)
      return vs_error_set(err, VS_E_USAGE, "write to unmapped device address 0x%08" PRIx64, a);
    if (fault)
      return vs_error_set(err, VS_E_LIMIT, "device memory limit of %" PRIu64 " bytes exceeded",
                          m->limit);
    a += chunk;
    s += chunk;
    len -= chunk;
  }
  return 0;
}

int vs_mem_read(vs_mem *m, vs_addr addr, void *dst, size_t len, vs_error *err)
{
  uint8_t *d = dst;
  uint64_t a = addr;
  if (a >= ADDR_END || len > ADDR_END - a)
    return vs_error_set(err, VS_E_USAGE,
                        "read of %zu bytes at 0x%08" PRIx64 " exceeds the address space", len, a);
  while (len) {
    size_t chunk = VS_PAGE_SIZE - (a & VS_PAGE_MASK);
    if (chunk > len) chunk = len;
    if (vs_mem_load_slow(m, a, d, (unsigned)chunk))
      return vs_error_set(err, VS_E_USAGE, "read from unmapped device address 0x%08" PRIx64, a);
    a += chunk;
    d += chunk;
    len -= chunk;
  }
  return 0;
}

int vs_mem_fill(vs_mem *m, vs_addr addr, uint8_t byte, size_t len, vs_error *err)
{
  uint8_t buf[VS_PAGE_SIZE];
  memset(buf, byte, sizeof buf);
  uint64_t a = addr;
  if (m->on_host_write && a < ADDR_END && len <= ADDR_END - a)
    m->on_host_write(m->host_write_ctx, addr, len);
  while (len) {
    size_t chunk = VS_PAGE_SIZE - (a & VS_PAGE_MASK);
    if (chunk > len) chunk = len;
    /* zero-filling an unmaterialised page needs no page */
    if (byte == 0 && !vs_mem_page(m, a)) {
      if (a >= ADDR_END || !page_mapped(m, a >> VS_PAGE_SHIFT))
        return vs_error_set(err, VS_E_USAGE, "fill of unmapped device address 0x%08" PRIx64, a);
    } else if (vs_mem_write(m, a, buf, chunk, err)) {
      return -1;
    }
    a += chunk;
    len -= chunk;
  }
  return 0;
}
