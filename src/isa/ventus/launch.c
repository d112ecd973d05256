/* Ventus launches (ventsim/ventus_launch.h, spec sections 6 and 8): the
 * record checked and turned into a generic launch with a Ventus ABI block,
 * and the launch hooks of the core (core/isa.h): the kernel metadata
 * buffer, the local-memory windows and private memory of a launch, and
 * each warp's CSRs. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "isa/ventus/vexec.h"

#define WINDOW ((uint64_t)VS_VENTUS_LDS_END - VS_VENTUS_LDS_BASE)
#define STACK_BYTES 1024u /* the per-warp stacks at the start of local memory (spec 6.4) */

static uint64_t private_bytes(const vs_ventus_record *r)
{
  uint64_t nwg = (uint64_t)r->grid[0] * r->grid[1] * r->grid[2];
  return nwg * r->wg_warps * r->warp_threads * (uint64_t)r->pds_size;
}

int vs_ventus_launch(const vs_ventus_record *rec, const char *name, vs_ventus_abi *abi,
                     vs_launch *l, vs_error *err)
{
  const char *k = name ? name : "?";
  if (rec->warp_threads < 1 || rec->warp_threads > VS_VENTUS_MAX_THREADS)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': %u threads per warp (wf_size) is outside 1..%u",
                        k, rec->warp_threads, VS_VENTUS_MAX_THREADS);
  if (rec->wg_warps < 1 || rec->wg_warps > VS_VENTUS_MAX_WARPS)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': %u warps per work-group (wg_size) is outside 1..%u",
                        k, rec->wg_warps, VS_VENTUS_MAX_WARPS);
  uint64_t nwg = (uint64_t)rec->grid[0] * rec->grid[1] * rec->grid[2];
  if (nwg == 0 || nwg > VS_MAX_WORKGROUPS)
    return vs_error_set(err, VS_E_USAGE,
                        "kernel '%s': %u x %u x %u work-groups (at least 1, at most %u)", k,
                        rec->grid[0], rec->grid[1], rec->grid[2], VS_MAX_WORKGROUPS);
  if (rec->start_pc & 3)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': start address 0x%08" PRIx64 " is not word aligned",
                        k, rec->start_pc);
  if (rec->start_pc > UINT32_MAX || rec->knl_addr > UINT32_MAX || rec->pds_base > UINT32_MAX)
    return vs_error_set(err, VS_E_USAGE,
                        "kernel '%s': the start address, metaDataBaseAddr and pdsBaseAddr must lie in "
                        "the 32-bit address space of Ventus", k);
  uint64_t priv = private_bytes(rec);
  if (rec->pds_base + priv > UINT64_C(0x100000000))
    return vs_error_set(err, VS_E_USAGE,
                        "kernel '%s': private memory (%" PRIu64 " bytes at 0x%08" PRIx64
                        ") exceeds the address space", k, priv, rec->pds_base);
  memset(abi, 0, sizeof *abi);
  abi->magic = VS_VENTUS_ABI_MAGIC;
  abi->rec = *rec;
  memset(l, 0, sizeof *l);
  uint32_t items = rec->warp_threads * rec->wg_warps;
  l->name = name;
  l->entry = rec->start_pc;
  l->dims = 3;
  l->global[0] = (uint64_t)rec->grid[0] * items;
  l->global[1] = rec->grid[1];
  l->global[2] = rec->grid[2];
  l->local[0] = items;
  l->local[1] = l->local[2] = 1;
  l->wave_size = rec->warp_threads;
  l->lds_bytes = rec->lds_size;
  l->private_bytes = rec->pds_size;
  l->vgprs = rec->vgpr_usage;
  l->sgprs = rec->sgpr_usage;
  l->abi = abi;
  l->abi_size = sizeof *abi;
  return 0;
}

const vs_ventus_record *vs_ventus_record_of(const vs_launch *l)
{
  const vs_ventus_abi *a = l->abi;
  if (!a || l->abi_size != sizeof *a || a->magic != VS_VENTUS_ABI_MAGIC) return NULL;
  return &a->rec;
}

int vtu_launch_begin(vs_launch_ctx *c, vs_error *err)
{
  const vs_launch *l = c->l;
  const char *k = l->name ? l->name : "?";
  const vs_ventus_record *r = vs_ventus_record_of(l);
  if (!r)
    return vs_error_set(err, VS_E_USAGE,
                        "kernel '%s' is not a Ventus launch: it has no Ventus ABI block "
                        "(ventsim/ventus_launch.h)", k);
  if (l->wave_size != r->warp_threads || c->shape.wg_warps != r->wg_warps ||
      c->shape.groups[0] != r->grid[0] || c->shape.groups[1] != r->grid[1] ||
      c->shape.groups[2] != r->grid[2] || c->shape.wg_items != r->warp_threads * r->wg_warps)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': the NDRange does not match its Ventus launch "
                        "record (build Ventus launches with vs_ventus_launch)", k);
  vs_mem *m = &c->dev->mem;
  if (!vs_mem_accessible(m, l->entry, 4))
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': start address 0x%08" PRIx64 " is not mapped", k,
                        l->entry);
  if (!vs_mem_accessible(m, r->knl_addr, 64))
    return vs_error_set(err, VS_E_USAGE,
                        "kernel '%s': the kernel metadata buffer at 0x%08" PRIx64 " (64 bytes) is not mapped",
                        k, r->knl_addr);
  vtu_launch *st = vs_calloc(1, sizeof *st, err);
  if (!st) return -1;
  st->rec = r;
  c->isa_state = st;

  /* Local memory: the 256 MiB window is split evenly among the slots (one
   * work-group each at a time).  A work-group needs ldsSize plus the
   * per-warp 1 KiB stacks; like the reference simulator we give it all of
   * its share, because compiled start code may place the stacks further
   * apart.  Local memory is zero when a launch starts and is not cleared
   * between work-groups (nor is it on the hardware). */
  uint64_t need = (uint64_t)r->lds_size + (uint64_t)r->wg_warps * STACK_BYTES;
  uint64_t share = (WINDOW / c->nslots) & ~(uint64_t)VS_PAGE_MASK;
  if (need > share)
    return vs_error_set(err, VS_E_LIMIT,
                        "kernel '%s': local memory of %" PRIu64 " bytes per work-group does not fit "
                        "the %" PRIu64 "-byte share of the 256 MiB local-memory window of each of "
                        "%u work-group slots", k, need, share, c->nslots);
  st->lds_stride = share;
  c->lds_per_wg = need;
  c->lds_what = "ldsSize + 1 KiB per warp";
  /* Buffers placed inside the window (the Ventus runtime puts __local
   * kernel arguments at fixed addresses just below 0x80000000) are shared by
   * every work-group, as in the reference simulator: then one window, the
   * gaps around those buffers, and one work-group at a time. */
  for (size_t i = 0; i < m->nregions; i++) {
    const vs_region *g = &m->regions[i];
    if (g->base < VS_VENTUS_LDS_END && g->base + g->size > VS_VENTUS_LDS_BASE) st->serial = 1;
  }
  if (st->serial) {
    c->nslots = 1;
    c->serial = 1;
    st->lds_stride = WINDOW;
  }
  for (unsigned s = 0; s < c->nslots; s++) {
    vs_addr lo = VS_VENTUS_LDS_BASE + (uint64_t)s * st->lds_stride;
    char nm[48];
    snprintf(nm, sizeof nm, "local memory (slot %u)", s);
    if (vs_launch_map_gaps(c, lo, lo + st->lds_stride, nm, err)) return -1;
  }
  uint64_t priv = private_bytes(r);
  st->priv_lo = r->pds_base;
  st->priv_hi = r->pds_base + priv;
  if (priv && !vs_mem_accessible(m, r->pds_base, priv) &&
      vs_launch_map(c, r->pds_base, priv, "private memory", err))
    return -1;
  return 0;
}

void vtu_launch_end(vs_launch_ctx *c)
{
  free(c->isa_state);
}

void vtu_wg_start(const vs_launch_ctx *c, vs_wg *wg)
{
  const vtu_launch *st = c->isa_state;
  const vs_ventus_record *r = st->rec;
  /* work-groups that share local memory (serial) all see the one window */
  wg->lds_base = st->serial ? VS_VENTUS_LDS_BASE : VS_VENTUS_LDS_BASE + wg->slot * st->lds_stride;
  wg->lds_bytes = st->lds_stride;
  wg->private_base = r->pds_base + (uint64_t)wg->id * r->wg_warps * r->warp_threads * r->pds_size;
}

/* The work-item whose private memory holds addr: words are interleaved
 * across the work-group's work-items (spec 3.5) */
long vtu_private_owner(const vs_launch_ctx *c, const vs_wg *wg, vs_addr addr)
{
  const vtu_launch *st = c->isa_state;
  const vs_ventus_record *r = st->rec;
  uint64_t items = (uint64_t)r->wg_warps * r->warp_threads;
  if (addr < wg->private_base || addr >= wg->private_base + items * r->pds_size) return -1;
  return (long)(((addr - wg->private_base) >> 2) % items);
}

/* The launch state of a warp (spec 6.3) */
void vtu_warp_start(const vs_launch_ctx *c, vs_warp *w)
{
  const vtu_launch *st = c->isa_state;
  const vs_ventus_record *r = st->rec;
  const vs_wg *wg = w->wg;
  vtu_warp *t = VTU(w);
  t->sp = 0; /* (the stack's storage is kept) */
  memset((char *)t + VTU_WARP_RESET_FROM, 0, sizeof *t - VTU_WARP_RESET_FROM);
  uint32_t *csr = t->ccsr;
  csr[VTU_CSR_TID - VTU_CSR_TID] = w->wid * r->warp_threads;
  csr[VTU_CSR_NUMW - VTU_CSR_TID] = r->wg_warps;
  csr[VTU_CSR_NUMT - VTU_CSR_TID] = r->warp_threads;
  csr[VTU_CSR_KNL - VTU_CSR_TID] = (uint32_t)r->knl_addr;
  csr[VTU_CSR_WGID - VTU_CSR_TID] = wg->id;
  csr[VTU_CSR_WID - VTU_CSR_TID] = w->wid;
  csr[VTU_CSR_LDS - VTU_CSR_TID] = (uint32_t)wg->lds_base;
  csr[VTU_CSR_PDS - VTU_CSR_TID] = (uint32_t)wg->private_base;
  csr[VTU_CSR_GDX - VTU_CSR_TID] = wg->gx;
  csr[VTU_CSR_GDY - VTU_CSR_TID] = wg->gy;
  csr[VTU_CSR_GDZ - VTU_CSR_TID] = wg->gz;
  /* vl = threads with e32, m1, ta, ma: what the start code sets anyway, so
   * programs without it (--nostartfiles) can use vector instructions */
  t->vtype = 0xd0;
  t->lmul = 1; /* and vs_warp.reg_group, which the core set to 1 */
  t->vl = r->warp_threads;
  vtu_update_vl(t);
}
