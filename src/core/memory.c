#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/memory.h"

#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "ventsim stores simulated memory in host byte order and needs a little-endian host"
#endif

static vs_dpage no_dpage; /* the decoded page of vs_mem_no_page: never a warp's */
vs_page vs_mem_no_page = {.decoded = &no_dpage};

int vs_mem_init(vs_mem *m, uint64_t limit, vs_error *err)
{
  memset(m, 0, sizeof *m);
  m->pages = calloc(VS_NPAGES, sizeof *m->pages);
  if (!m->pages) return vs_error_set(err, VS_E_NOMEM, "out of memory for the page table");
  m->limit = limit;
  return 0;
}

/* 0 if no page of the group of page pg can exist (vs_mem.groups) */
static int group_may_have_pages(const vs_mem *m, uint64_t pg)
{
  uint64_t g = pg / VS_PAGE_GROUP;
  return (int)(atomic_load_explicit(&m->groups[g / 64], memory_order_relaxed) >> (g % 64) & 1);
}

static void free_dpage_chain(vs_dpage *d)
{
  while (d) {
    vs_dpage *n = d->next_retired;
    free(d);
    d = n;
  }
}

void vs_mem_destroy(vs_mem *m)
{
  /* pages exist only inside mapped regions (unmapping frees the rest): walk
   * the regions' pages, not the whole table -- touching all 2^20 entries
   * (8 MiB) cost more than a small run */
  uint64_t next = 0; /* first page not visited yet (regions may share a page) */
  for (size_t r = 0; m->pages && r < m->nregions; r++) {
    uint64_t lo = m->regions[r].base >> VS_PAGE_SHIFT;
    uint64_t hi = (m->regions[r].base + m->regions[r].size - 1) >> VS_PAGE_SHIFT;
    for (uint64_t i = lo > next ? lo : next; i <= hi; i++) {
      if (!group_may_have_pages(m, i)) {
        i = (i / VS_PAGE_GROUP + 1) * VS_PAGE_GROUP - 1;
        continue;
      }
      vs_page *p = atomic_load_explicit(&m->pages[i], memory_order_relaxed);
      if (p) {
        free(atomic_load_explicit(&p->decoded, memory_order_relaxed));
        free(p);
      }
    }
    next = hi + 1;
  }
  free_dpage_chain(atomic_load(&m->retired));
  free(m->pages);
  free(m->regions);
  memset(m, 0, sizeof *m);
}

/* index of the first region whose end is above addr */
static size_t first_region_ending_after(const vs_mem *m, uint64_t addr)
{
  size_t lo = 0, hi = m->nregions;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if ((uint64_t)m->regions[mid].base + m->regions[mid].size <= addr) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const vs_region *vs_mem_region(const vs_mem *m, uint32_t addr)
{
  size_t i = first_region_ending_after(m, addr);
  if (i < m->nregions && m->regions[i].base <= addr) return &m->regions[i];
  return NULL;
}

/* 1 if some region overlaps page number pg */
static int page_mapped(const vs_mem *m, uint32_t pg)
{
  uint64_t lo = (uint64_t)pg << VS_PAGE_SHIFT, hi = lo + VS_PAGE_SIZE;
  size_t i = first_region_ending_after(m, lo);
  return i < m->nregions && m->regions[i].base < hi;
}

int vs_mem_accessible(const vs_mem *m, uint32_t addr, uint64_t len)
{
  if (len == 0) return 1;
  uint64_t end = (uint64_t)addr + len;
  if (end > 0x100000000ull) return 0;
  /* region by region (pages exist only inside regions): a 256 MiB program
   * area is one lookup, not 65536 */
  uint64_t pg = addr >> VS_PAGE_SHIFT, last = (end - 1) >> VS_PAGE_SHIFT;
  while (pg <= last) {
    size_t i = first_region_ending_after(m, pg << VS_PAGE_SHIFT);
    if (i == m->nregions || m->regions[i].base >= (pg + 1) << VS_PAGE_SHIFT) return 0;
    pg = ((m->regions[i].base + m->regions[i].size - 1) >> VS_PAGE_SHIFT) + 1;
  }
  return 1;
}

int vs_mem_map(vs_mem *m, uint32_t base, uint64_t size, const char *name, vs_error *err)
{
  if (size == 0) return 0;
  if ((uint64_t)base + size > 0x100000000ull)
    return vs_error_set(err, VS_E_USAGE,
                        "cannot map '%s' at 0x%08x: %llu bytes exceed the 32-bit address space",
                        name, base, (unsigned long long)size);
  size_t i = first_region_ending_after(m, base);
  if (i < m->nregions && m->regions[i].base < (uint64_t)base + size) {
    const vs_region *o = &m->regions[i];
    return vs_error_set(err, VS_E_USAGE,
                        "'%s' [0x%08x, 0x%08llx) overlaps '%s' [0x%08x, 0x%08llx)", name, base,
                        (unsigned long long)base + size, o->name, o->base,
                        (unsigned long long)o->base + o->size);
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

int vs_mem_unmap(vs_mem *m, uint32_t base, vs_error *err)
{
  size_t i = first_region_ending_after(m, base);
  if (i >= m->nregions || m->regions[i].base != base)
    return vs_error_set(err, VS_E_USAGE, "no mapped region starts at 0x%08x", base);
  uint64_t lo = base, hi = lo + m->regions[i].size;
  m->mapped_bytes -= m->regions[i].size;
  memmove(&m->regions[i], &m->regions[i + 1], (m->nregions - i - 1) * sizeof *m->regions);
  m->nregions--;
  for (uint64_t pg = lo >> VS_PAGE_SHIFT; pg <= (hi - 1) >> VS_PAGE_SHIFT; pg++) {
    if (!group_may_have_pages(m, pg)) {
      pg = (pg / VS_PAGE_GROUP + 1) * VS_PAGE_GROUP - 1; /* no page in this group */
      continue;
    }
    if (!atomic_load(&m->pages[pg])) continue;  /* never written: nothing to free */
    if (page_mapped(m, (uint32_t)pg)) continue; /* shared with a neighbour */
    vs_page *p = atomic_exchange(&m->pages[pg], NULL);
    if (p) {
      retire_dpage(m, p);
      free(p);
      atomic_fetch_sub(&m->materialised, 1);
    }
  }
  return 0;
}

/* Page for writing: creates it if the address is mapped. */
static vs_page *page_for_write(vs_mem *m, uint32_t addr, int *fault)
{
  uint32_t pg = addr >> VS_PAGE_SHIFT;
  vs_page *p = atomic_load_explicit(&m->pages[pg], memory_order_acquire);
  if (p) return p;
  if (!page_mapped(m, pg)) {
    *fault = VS_MF_UNMAPPED;
    return NULL;
  }
  if ((atomic_load(&m->materialised) + 1) * (uint64_t)VS_PAGE_SIZE > m->limit) {
    *fault = VS_MF_NOMEM;
    return NULL;
  }
  vs_page *np = calloc(1, sizeof *np);
  if (!np) {
    *fault = VS_MF_NOMEM;
    return NULL;
  }
  vs_page *expected = NULL;
  uint32_t g = pg / VS_PAGE_GROUP;
  atomic_fetch_or(&m->groups[g / 64], (uint64_t)1 << (g % 64)); /* before it can be seen */
  if (atomic_compare_exchange_strong(&m->pages[pg], &expected, np)) {
    atomic_fetch_add(&m->materialised, 1);
    return np;
  }
  free(np); /* another thread created it first */
  return expected;
}

vs_page *vs_mem_page_rmw(vs_mem *m, uint32_t addr, int *fault)
{
  return page_for_write(m, addr, fault);
}

int vs_mem_load_slow(vs_mem *m, uint32_t addr, void *dst, unsigned size)
{
  vs_page *p = vs_mem_page(m, addr);
  if (p) {
    memcpy(dst, p->data + (addr & VS_PAGE_MASK), size);
    return 0;
  }
  if (!page_mapped(m, addr >> VS_PAGE_SHIFT)) return VS_MF_UNMAPPED;
  memset(dst, 0, size);
  return 0;
}

int vs_mem_store_slow(vs_mem *m, uint32_t addr, const void *src, unsigned size)
{
  int fault = 0;
  vs_page *p = page_for_write(m, addr, &fault);
  if (!p) return fault;
  uint8_t *where = p->data + (addr & VS_PAGE_MASK);
  if (atomic_load_explicit(&p->decoded, memory_order_acquire) && memcmp(where, src, size) != 0) {
    /* code changes: drop the decoded instructions of this page and of the
     * page before it (its last word may be a prefix of this page's first) */
    retire_dpage(m, p);
    uint32_t pg = addr >> VS_PAGE_SHIFT;
    if (pg > 0) {
      vs_page *prev = atomic_load(&m->pages[pg - 1]);
      if (prev) retire_dpage(m, prev);
    }
  }
  memcpy(where, src, size);
  return 0;
}

vs_dpage *vs_mem_dpage(vs_mem *m, uint32_t pc)
{
  int fault = 0;
  vs_page *p = vs_mem_page(m, pc);
  if (!p) {
    if (!page_mapped(m, pc >> VS_PAGE_SHIFT)) return NULL;
    p = page_for_write(m, pc, &fault);
    if (!p) return NULL;
  }
  vs_dpage *d = atomic_load_explicit(&p->decoded, memory_order_acquire);
  if (d) return d;
  vs_dpage *nd = malloc(sizeof *nd);
  if (!nd) return NULL;
  nd->next_retired = NULL;
  m->decode_page(m->decode_ctx, m, pc & ~VS_PAGE_MASK, nd);
  vs_dpage *expected = NULL;
  if (atomic_compare_exchange_strong(&p->decoded, &expected, nd)) return nd;
  free(nd);
  return expected;
}

void vs_mem_reclaim(vs_mem *m)
{
  free_dpage_chain(atomic_exchange(&m->retired, NULL));
}

int vs_mem_write(vs_mem *m, uint32_t addr, const void *src, size_t len, vs_error *err)
{
  const uint8_t *s = src;
  uint64_t a = addr;
  if (a + len > 0x100000000ull)
    return vs_error_set(err, VS_E_USAGE, "write of %zu bytes at 0x%08x exceeds the address space",
                        len, addr);
  while (len) {
    size_t chunk = VS_PAGE_SIZE - (a & VS_PAGE_MASK);
    if (chunk > len) chunk = len;
    int fault = vs_mem_store_slow(m, (uint32_t)a, s, (unsigned)chunk);
    if (fault == VS_MF_UNMAPPED)
      return vs_error_set(err, VS_E_USAGE, "write to unmapped device address 0x%08llx",
                          (unsigned long long)a);
    if (fault)
      return vs_error_set(err, VS_E_LIMIT, "device memory limit of %llu bytes exceeded",
                          (unsigned long long)m->limit);
    a += chunk;
    s += chunk;
    len -= chunk;
  }
  return 0;
}

int vs_mem_read(vs_mem *m, uint32_t addr, void *dst, size_t len, vs_error *err)
{
  uint8_t *d = dst;
  uint64_t a = addr;
  if (a + len > 0x100000000ull)
    return vs_error_set(err, VS_E_USAGE, "read of %zu bytes at 0x%08x exceeds the address space",
                        len, addr);
  while (len) {
    size_t chunk = VS_PAGE_SIZE - (a & VS_PAGE_MASK);
    if (chunk > len) chunk = len;
    if (vs_mem_load_slow(m, (uint32_t)a, d, (unsigned)chunk))
      return vs_error_set(err, VS_E_USAGE, "read from unmapped device address 0x%08llx",
                          (unsigned long long)a);
    a += chunk;
    d += chunk;
    len -= chunk;
  }
  return 0;
}

int vs_mem_fill(vs_mem *m, uint32_t addr, uint8_t byte, size_t len, vs_error *err)
{
  uint8_t buf[VS_PAGE_SIZE];
  memset(buf, byte, sizeof buf);
  uint64_t a = addr;
  while (len) {
    size_t chunk = VS_PAGE_SIZE - (a & VS_PAGE_MASK);
    if (chunk > len) chunk = len;
    /* zero-filling an unmaterialised page needs no page */
    if (byte == 0 && !vs_mem_page(m, (uint32_t)a)) {
      if (!page_mapped(m, (uint32_t)(a >> VS_PAGE_SHIFT)))
        return vs_error_set(err, VS_E_USAGE, "fill of unmapped device address 0x%08llx",
                            (unsigned long long)a);
    } else if (vs_mem_write(m, (uint32_t)a, buf, chunk, err)) {
      return -1;
    }
    a += chunk;
    len -= chunk;
  }
  return 0;
}
