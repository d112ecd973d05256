/* Work-groups: warps, their launch state and barriers (core/workgroup.h). */
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "core/workgroup.h"

void vs_warps_free(const vs_isa *isa, vs_warp **warps, unsigned n)
{
  if (!warps) return;
  for (unsigned i = 0; i < n; i++) {
    vs_warp *w = warps[i];
    if (!w) continue;
    if (isa->warp_free) isa->warp_free(w);
    for (unsigned f = 0; f < VS_MAX_REGFILES; f++) free(w->rf[f]);
    free(w);
  }
  free(warps);
}

/* 32-bit words of register file f of a warp of `lanes` lanes */
static size_t regfile_words(const vs_isa *isa, unsigned f, unsigned lanes)
{
  const vs_regfile *rf = &isa->regfiles[f];
  size_t n = (size_t)rf->count * vs_regfile_words(rf);
  if (rf->kind != VS_RF_VECTOR) return n;
  return n * (rf->lanes > lanes ? rf->lanes : lanes);
}

int vs_warps_alloc(const vs_launch_ctx *c, vs_warp ***out, vs_error *err)
{
  const vs_isa *isa = c->isa;
  unsigned n = c->shape.wg_warps, lanes = c->l->wave_size;
  vs_warp **warps = vs_calloc(n, sizeof *warps, err);
  if (!warps) return -1;
  for (unsigned i = 0; i < n; i++) {
    vs_warp *w = vs_calloc(1, isa->warp_size, err);
    warps[i] = w;
    int ok = w != NULL;
    for (unsigned f = 0; ok && f < isa->nregfiles; f++)
      ok = (w->rf[f] = vs_calloc(regfile_words(isa, f, lanes), sizeof(uint32_t), err)) != NULL;
    if (!ok) {
      vs_warps_free(isa, warps, n);
      return -1;
    }
  }
  *out = warps;
  return 0;
}

static inline vs_mask lanes_mask(unsigned n)
{
  return n >= 64 ? ~(vs_mask)0 : (((vs_mask)1 << n) - 1);
}

void vs_wg_start(const vs_launch_ctx *c, vs_wg *wg, vs_warp **warps, vs_exec *ex, uint32_t id,
                 unsigned slot)
{
  const vs_launch *l = c->l;
  const vs_isa *isa = ex->isa;
  uint32_t gx = c->shape.groups[0], gy = c->shape.groups[1];
  wg->id = id;
  wg->gz = id / (gx * gy);
  wg->gy = (id % (gx * gy)) / gx;
  wg->gx = id % gx;
  uint32_t pos[3] = {wg->gx, wg->gy, wg->gz};
  wg->items = 1;
  for (unsigned d = 0; d < 3; d++) {
    uint64_t global = d < l->dims ? l->global[d] : 1, local = d < l->dims ? l->local[d] : 1;
    uint64_t left = global - (uint64_t)pos[d] * local; /* a partial work-group at the edge */
    wg->size[d] = (uint32_t)(left < local ? left : local);
    wg->items *= wg->size[d];
  }
  wg->slot = slot;
  wg->lds_base = 0;
  wg->lds_bytes = 0;
  wg->private_base = 0;
  wg->nwarps = (wg->items + l->wave_size - 1) / l->wave_size;
  wg->n_ended = wg->n_waiting = 0;
  wg->warps = warps;
  if (isa->wg_start) isa->wg_start(c, wg);
  ex->fpu_owner = NULL; /* flags of the previous work-group's warps are gone */
  for (unsigned i = 0; i < wg->nwarps; i++) {
    vs_warp *w = warps[i];
    uint32_t *rf[VS_MAX_REGFILES];
    memcpy(rf, w->rf, sizeof rf);
    memset(w, 0, sizeof *w); /* the core's part: the ISA's warp_start resets its own */
    for (unsigned f = 0; f < isa->nregfiles; f++)
      memset(rf[f], 0, regfile_words(isa, f, l->wave_size) * sizeof(uint32_t));
    memcpy(w->rf, rf, sizeof rf);
    w->nlanes = l->wave_size;
    w->full = lanes_mask(l->wave_size);
    unsigned left = wg->items - i * l->wave_size; /* a partial last warp */
    w->active = lanes_mask(left < l->wave_size ? left : l->wave_size);
    w->mem = ex->mem;
    w->ex = ex;
    w->wid = i;
    w->wg = wg;
    w->pc = l->entry;
    w->pc_mask = isa->pc_mask ? isa->pc_mask : ~(vs_addr)0;
    vs_warp_fetch_reset(w);
    w->state = VS_W_READY;
    w->reg_group = 1;
    isa->warp_start(c, w);
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
