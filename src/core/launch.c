/* Launches: checking the generic part, the work-group grid, the ISA's
 * launch hooks and the memory mapped for a launch (core/launch.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "core/launch.h"

int vs_launch_shape_of(const vs_launch *l, vs_launch_shape *s, vs_error *err)
{
  const char *k = l->name ? l->name : "?";
  memset(s, 0, sizeof *s);
  if (l->dims < 1 || l->dims > 3)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': %u dimensions (1, 2 or 3)", k, l->dims);
  if (l->wave_size < 1 || l->wave_size > VS_MAX_WAVE)
    return vs_error_set(err, VS_E_USAGE, "kernel '%s': a warp of %u lanes (1..%u)", k, l->wave_size,
                        VS_MAX_WAVE);
  uint64_t nwg = 1, items = 1;
  for (unsigned d = 0; d < 3; d++) {
    uint64_t g = d < l->dims ? l->global[d] : 1, lc = d < l->dims ? l->local[d] : 1;
    if (g == 0 || lc == 0)
      return vs_error_set(err, VS_E_USAGE,
                          "kernel '%s': %s size 0 in dimension %u (at least 1 work-item)", k,
                          g == 0 ? "global" : "work-group", d);
    if (d < l->dims && l->offset[d] > UINT64_MAX - g)
      return vs_error_set(err, VS_E_USAGE, "kernel '%s': global offset + size overflow in dimension %u",
                          k, d);
    uint64_t groups = (g + lc - 1) / lc;
    if (groups > VS_MAX_WORKGROUPS || (nwg *= groups) > VS_MAX_WORKGROUPS)
      return vs_error_set(err, VS_E_USAGE, "kernel '%s': more than %u work-groups", k,
                          VS_MAX_WORKGROUPS);
    s->groups[d] = (uint32_t)groups;
    items *= lc;
    if (items > (uint64_t)VS_MAX_WG_WARPS * l->wave_size)
      return vs_error_set(err, VS_E_USAGE,
                          "kernel '%s': a work-group of more than %u warps of %u lanes", k,
                          VS_MAX_WG_WARPS, l->wave_size);
  }
  s->nwg = nwg;
  s->wg_items = (uint32_t)items;
  s->wg_warps = (uint32_t)((items + l->wave_size - 1) / l->wave_size);
  return 0;
}

int vs_launch_map(vs_launch_ctx *c, vs_addr base, uint64_t size, const char *name, vs_error *err)
{
  if (size == 0) return 0;
  if (c->nmaps == c->capmaps) {
    unsigned cap = c->capmaps ? c->capmaps * 2 : 16;
    vs_addr *m = vs_realloc(c->maps, cap * sizeof *m, err);
    if (!m) return -1;
    c->maps = m;
    c->capmaps = cap;
  }
  if (vs_mem_map(&c->dev->mem, base, size, name, err)) return -1;
  c->maps[c->nmaps++] = base;
  return 0;
}

int vs_launch_map_gaps(vs_launch_ctx *c, vs_addr lo, vs_addr hi, const char *name, vs_error *err)
{
  vs_mem *m = &c->dev->mem;
  while (lo < hi) {
    const vs_region *r = vs_mem_region(m, lo);
    if (r) {
      lo = r->base + r->size;
      continue;
    }
    vs_addr end = hi;
    for (size_t i = 0; i < m->nregions; i++)
      if (m->regions[i].base > lo && m->regions[i].base < end) end = m->regions[i].base;
    if (vs_launch_map(c, lo, end - lo, name, err)) return -1;
    lo = end;
  }
  return 0;
}

int vs_launch_begin(vs_launch_ctx *c, struct vs_device *dev, const vs_launch *l, unsigned nslots,
                    vs_error *err)
{
  memset(c, 0, sizeof *c);
  c->dev = dev;
  c->isa = dev->isa;
  c->l = l;
  if (vs_launch_shape_of(l, &c->shape, err)) return -1;
  c->nwg = c->shape.nwg;
  c->nslots = nslots < 1 ? 1 : nslots;
  c->lds_per_wg = l->lds_bytes;
  c->lds_what = "the launch's local memory";
  /* the code of this launch decoded for it (gfx1100: its wave size) */
  vs_mem_set_decoder(&dev->mem, (void *)(c->isa->decoder_for ? c->isa->decoder_for(l) : c->isa));
  if (c->isa->launch_begin && c->isa->launch_begin(c, err)) {
    vs_launch_end(c);
    return -1;
  }
  return 0;
}

void vs_launch_end(vs_launch_ctx *c)
{
  if (!c->dev) return;
  if (c->isa->launch_end) c->isa->launch_end(c);
  c->isa_state = NULL;
  vs_error scratch;
  for (unsigned k = c->nmaps; k-- > 0;) vs_mem_unmap(&c->dev->mem, c->maps[k], &scratch);
  free(c->maps);
  c->maps = NULL;
  c->nmaps = c->capmaps = 0;
  vs_mem_reclaim(&c->dev->mem);
  c->dev = NULL;
}

void vs_launch_exec_init(const vs_launch_ctx *c, vs_exec *ex, const vs_run_options *opt)
{
  memset(ex, 0, sizeof *ex);
  ex->dev = c->dev;
  ex->mem = &c->dev->mem;
  ex->isa = c->dev->isa;
  ex->launch = c->l;
  ex->isa_launch = c->isa_state;
  ex->opt = opt;
  ex->trace = opt && c->dev->isa->trace ? opt->trace : NULL; /* an ISA without traces writes none */
}
