#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "core/workgroup.h"

static int validate(const vs_launch *l, vs_error *err)
{
  const char *k = l->name ? l->name : "?";
  if (l->warp_threads < 1 || l->warp_threads > VS_MAX_WARP_THREADS)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': %u threads per warp (wf_size) is outside 1..%u",
                        k, l->warp_threads, VS_MAX_WARP_THREADS);
  if (l->wg_warps < 1 || l->wg_warps > VS_MAX_WG_WARPS)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': %u warps per work-group (wg_size) is outside 1..%u",
                        k, l->wg_warps, VS_MAX_WG_WARPS);
  uint64_t nwg = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
  if (nwg == 0 || nwg > VS_MAX_WORKGROUPS)
    return vs_error_set(err, VS_E_USAGE,
                        "kernel '%s': %u x %u x %u work-groups (at least 1, at most %u)", k,
                        l->grid[0], l->grid[1], l->grid[2], VS_MAX_WORKGROUPS);
  if (l->start_pc & 3)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': start address 0x%08x is not word aligned", k,
                        l->start_pc);
  uint64_t priv = nwg * l->wg_warps * l->warp_threads * (uint64_t)l->pds_size;
  if (l->pds_base + priv > 0x100000000ull)
    return vs_error_set(err, VS_E_USAGE,
                        "kernel '%s': private memory (%" PRIu64 " bytes at 0x%08x) exceeds the address space",
                        k, priv, l->pds_base);
  return 0;
}

int vs_launch_begin(vs_launch_ctx *c, struct vs_device *dev, const vs_launch *l, unsigned nslots,
                    vs_error *err)
{
  memset(c, 0, sizeof *c);
  c->dev = dev;
  c->l = l;
  if (validate(l, err)) return -1;
  const char *k = l->name ? l->name : "?";
  if (!vs_mem_accessible(&dev->mem, l->start_pc, 4))
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': start address 0x%08x is not mapped", k,
                        l->start_pc);
  if (!vs_mem_accessible(&dev->mem, l->knl_addr, 64))
    return vs_error_set(err, VS_E_USAGE,
                        "kernel '%s': the kernel metadata buffer at 0x%08x (64 bytes) is not mapped",
                        k, l->knl_addr);
  c->nwg = l->grid[0] * l->grid[1] * l->grid[2];
  c->nslots = nslots < 1 ? 1 : nslots;

  /* Local memory: the 256 MiB window at VS_LDS_BASE is split evenly among
   * the slots (one work-group each at a time).  A work-group needs ldsSize
   * plus the per-warp 1 KiB stacks; like the reference simulator we give it
   * all of its share, because compiled start code may place the stacks
   * further apart.  Local memory is zero when a launch starts and is not
   * cleared between work-groups (nor is it on the hardware). */
  uint64_t need = (uint64_t)l->lds_size + (uint64_t)l->wg_warps * 1024u;
  uint64_t share = ((uint64_t)(VS_LDS_END - VS_LDS_BASE) / c->nslots) & ~(uint64_t)VS_PAGE_MASK;
  if (need > share)
    return vs_error_set(err, VS_E_LIMIT,
                        "kernel '%s': local memory of %" PRIu64 " bytes per work-group does not fit "
                        "the %" PRIu64 "-byte share of the 256 MiB local-memory window of each of "
                        "%u work-group slots", k, need, share, c->nslots);
  c->lds_stride = (uint32_t)share;
  /* Buffers placed inside the window (the Ventus runtime puts __local
   * kernel arguments at fixed addresses just below 0x80000000) are shared by
   * every work-group, as in the reference simulator: then one window, the
   * gaps around those buffers, and one work-group at a time. */
  for (size_t i = 0; i < dev->mem.nregions; i++) {
    const vs_region *r = &dev->mem.regions[i];
    if (r->base < VS_LDS_END && (uint64_t)r->base + r->size > VS_LDS_BASE) c->serial = 1;
  }
  if (c->serial) {
    c->nslots = 1;
    c->lds_stride = VS_LDS_END - VS_LDS_BASE;
  }
  c->lds_maps = vs_calloc(c->nslots + dev->mem.nregions + 1, sizeof *c->lds_maps, err);
  if (!c->lds_maps) return -1;
  for (unsigned s = 0; s < c->nslots; s++) {
    uint64_t lo = VS_LDS_BASE + (uint64_t)s * c->lds_stride, hi = lo + c->lds_stride;
    while (lo < hi) { /* map the gaps between existing regions */
      const vs_region *r = vs_mem_region(&dev->mem, (uint32_t)lo);
      if (r) {
        lo = (uint64_t)r->base + r->size;
        continue;
      }
      uint64_t end = hi;
      for (size_t i = 0; i < dev->mem.nregions; i++) {
        uint64_t b = dev->mem.regions[i].base;
        if (b > lo && b < end) end = b;
      }
      char nm[48];
      snprintf(nm, sizeof nm, "local memory (slot %u)", s);
      if (vs_mem_map(&dev->mem, (uint32_t)lo, end - lo, nm, err)) {
        vs_launch_end(c);
        return -1;
      }
      c->lds_maps[c->n_lds_maps++] = (uint32_t)lo;
      lo = end;
    }
  }
  uint64_t priv = (uint64_t)c->nwg * l->wg_warps * l->warp_threads * l->pds_size;
  c->priv_lo = l->pds_base;
  c->priv_hi = (uint32_t)(l->pds_base + priv);
  if (priv && !vs_mem_accessible(&dev->mem, l->pds_base, priv)) {
    if (vs_mem_map(&dev->mem, l->pds_base, priv, "private memory", err)) {
      vs_launch_end(c);
      return -1;
    }
    c->mapped_priv = 1;
  }
  return 0;
}

void vs_launch_end(vs_launch_ctx *c)
{
  vs_error scratch;
  for (unsigned k = 0; k < c->n_lds_maps; k++) vs_mem_unmap(&c->dev->mem, c->lds_maps[k], &scratch);
  free(c->lds_maps);
  c->lds_maps = NULL;
  c->n_lds_maps = 0;
  if (c->mapped_priv) vs_mem_unmap(&c->dev->mem, c->l->pds_base, &scratch);
  c->mapped_priv = 0;
  vs_mem_reclaim(&c->dev->mem);
}

void vs_launch_exec_init(const vs_launch_ctx *c, vs_exec *ex, const vs_run_options *opt)
{
  memset(ex, 0, sizeof *ex);
  ex->dev = c->dev;
  ex->mem = &c->dev->mem;
  ex->isa = c->dev->isa;
  ex->launch = c->l;
  ex->opt = opt;
  ex->trace = opt ? opt->trace : NULL;
  ex->private_lo = c->priv_lo;
  ex->private_hi = c->priv_hi;
}

void vs_warps_free(vs_warp **warps, unsigned n)
{
  if (!warps) return;
  for (unsigned i = 0; i < n; i++) {
    vs_warp *w = warps[i];
    if (!w) continue;
    free(w->x);
    free(w->v);
    free(w->stack);
    free(w);
  }
  free(warps);
}

int vs_warps_alloc(const vs_isa *isa, const vs_launch *l, vs_warp ***out, vs_error *err)
{
  vs_warp **warps = vs_calloc(l->wg_warps, sizeof *warps, err);
  if (!warps) return -1;
  for (unsigned i = 0; i < l->wg_warps; i++) {
    vs_warp *w = vs_calloc(1, isa->warp_size, err);
    if (w) {
      w->x = vs_calloc(isa->nxregs, sizeof *w->x, err);
      w->v = vs_calloc((size_t)isa->nvregs * l->warp_threads, sizeof *w->v, err);
    }
    warps[i] = w;
    if (!w || !w->x || !w->v) {
      vs_warps_free(warps, l->wg_warps);
      return -1;
    }
  }
  *out = warps;
  return 0;
}

void vs_wg_start(const vs_launch_ctx *c, vs_wg *wg, vs_warp **warps, vs_exec *ex, uint32_t id,
                 unsigned slot)
{
  const vs_launch *l = c->l;
  const vs_isa *isa = ex->isa;
  uint32_t gx = l->grid[0], gy = l->grid[1];
  wg->id = id;
  wg->gz = id / (gx * gy);
  wg->gy = (id % (gx * gy)) / gx;
  wg->gx = id % gx;
  wg->slot = slot;
  /* work-groups that share local memory (c->serial) all see the one window */
  wg->lds_base = c->serial ? VS_LDS_BASE : VS_LDS_BASE + slot * c->lds_stride;
  wg->lds_bytes = c->lds_stride;
  wg->pds_base = l->pds_base + id * l->wg_warps * l->warp_threads * l->pds_size;
  wg->nwarps = l->wg_warps;
  wg->n_ended = wg->n_waiting = 0;
  wg->warps = warps;
  ex->fpu_owner = NULL; /* flags of the previous work-group's warps are gone */
  size_t xsz = isa->nxregs * sizeof(uint32_t);
  size_t vsz = (size_t)isa->nvregs * l->warp_threads * sizeof(uint32_t);
  for (unsigned i = 0; i < wg->nwarps; i++) {
    vs_warp *w = warps[i];
    uint32_t *x = w->x, *v = w->v;
    vs_simt_entry *stack = w->stack;
    uint32_t cap = w->stack_cap;
    memset(w, 0, isa->warp_size);
    memset(x, 0, xsz);
    memset(v, 0, vsz);
    w->x = x;
    w->v = v;
    w->stack = stack;
    w->stack_cap = cap;
    w->nlanes = l->warp_threads;
    w->full = l->warp_threads >= 64 ? ~(vs_mask)0 : (((vs_mask)1 << l->warp_threads) - 1);
    w->active = w->full;
    w->mem = ex->mem;
    w->ex = ex;
    w->wid = i;
    w->wg = wg;
    w->pc = l->start_pc;
    vs_warp_fetch_reset(w);
    w->state = VS_W_READY;
    isa->warp_start(w, l, wg);
  }
}

static int open_barrier(vs_wg *wg)
{
  if (wg->n_waiting == 0 || wg->n_waiting + wg->n_ended < wg->nwarps) return 0;
  for (unsigned i = 0; i < wg->nwarps; i++)
    if (wg->warps[i]->state == VS_W_BARRIER) {
      wg->warps[i]->state = VS_W_READY;
      wg->warps[i]->barriers++;
    }
  wg->n_waiting = 0;
  return 1;
}

int vs_wg_arrive(vs_wg *wg, vs_warp *w)
{
  w->state = VS_W_BARRIER;
  wg->n_waiting++;
  return open_barrier(wg);
}

int vs_wg_end_warp(vs_wg *wg, vs_warp *w)
{
  w->state = VS_W_ENDED;
  wg->n_ended++;
  return open_barrier(wg);
}
