#include <inttypes.h>

#include "timing/dispatch.h"
#include "timing/tcommon.h"

void vs_wgreq_of(const struct vs_timing_config *c, const vs_launch_ctx *lc, vs_wgreq *r)
{
  r->warps = lc->shape.wg_warps;
  r->vgprs = (uint64_t)r->warps * vs_divup(lc->l->vgprs, c->gpu_vgpr_granule) * c->gpu_vgpr_granule;
  r->sgprs = (uint64_t)r->warps * vs_divup(lc->l->sgprs, c->gpu_sgpr_granule) * c->gpu_sgpr_granule;
  r->lds = c->disp_lds_request ? c->disp_lds_request : lc->lds_per_wg;
  r->lds = vs_divup(r->lds, c->disp_lds_granule) * c->disp_lds_granule;
}

void vs_smres_full(const struct vs_timing_config *c, vs_smres *s)
{
  s->wg_slots = (unsigned)c->gpu_wg_slots_per_sm;
  s->warps = (unsigned)c->gpu_warps_per_sm;
  s->vgprs = c->gpu_vgprs_per_sm;
  s->sgprs = c->gpu_sgprs_per_sm;
  s->lds = c->lds_size;
}

int vs_wgreq_check(const struct vs_timing_config *c, const vs_launch_ctx *lc, const vs_wgreq *r,
                   vs_error *err)
{
  const vs_launch *l = lc->l;
  const char *k = l->name ? l->name : "?";
  if (l->vgprs > c->gpu_vgprs_per_warp)
    return vs_error_set(err, VS_E_LIMIT,
                        "kernel '%s': a warp uses %u vector registers, more than "
                        "gpu.max_vgprs_per_warp (%" PRIu64 ")", k, l->vgprs, c->gpu_vgprs_per_warp);
  if (l->sgprs > c->gpu_sgprs_per_warp)
    return vs_error_set(err, VS_E_LIMIT,
                        "kernel '%s': a warp uses %u scalar registers, more than "
                        "gpu.max_sgprs_per_warp (%" PRIu64 ")", k, l->sgprs, c->gpu_sgprs_per_warp);
  if (r->warps > c->gpu_warps_per_sm)
    return vs_error_set(err, VS_E_LIMIT,
                        "kernel '%s': a work-group of %u warps can never be placed: an SM has "
                        "%" PRIu64 " warp slots (gpu.warps_per_sm)", k, r->warps, c->gpu_warps_per_sm);
  if (r->vgprs > c->gpu_vgprs_per_sm)
    return vs_error_set(err, VS_E_LIMIT,
                        "kernel '%s': a work-group needs %" PRIu64 " vector registers (%u warps x %u) "
                        "but an SM has %" PRIu64 " (gpu.vgprs_per_sm)", k, r->vgprs, r->warps,
                        l->vgprs, c->gpu_vgprs_per_sm);
  if (r->sgprs > c->gpu_sgprs_per_sm)
    return vs_error_set(err, VS_E_LIMIT,
                        "kernel '%s': a work-group needs %" PRIu64 " scalar registers (%u warps x %u) "
                        "but an SM has %" PRIu64 " (gpu.sgprs_per_sm)", k, r->sgprs, r->warps,
                        l->sgprs, c->gpu_sgprs_per_sm);
  if (r->lds > c->lds_size)
    return vs_error_set(err, VS_E_LIMIT,
                        "kernel '%s': a work-group needs %" PRIu64 " bytes of local memory (%s) but an "
                        "SM has %" PRIu64 " (lds.size)", k, r->lds,
                        c->disp_lds_request ? "dispatch.lds_request" : lc->lds_what,
                        c->lds_size);
  return 0;
}

void vs_smres_take(vs_smres *s, const vs_wgreq *r)
{
  s->wg_slots--;
  s->warps -= r->warps;
  s->vgprs -= r->vgprs;
  s->sgprs -= r->sgprs;
  s->lds -= r->lds;
}

void vs_smres_give(vs_smres *s, const vs_wgreq *r)
{
  s->wg_slots++;
  s->warps += r->warps;
  s->vgprs += r->vgprs;
  s->sgprs += r->sgprs;
  s->lds += r->lds;
}

int vs_dispatch_pick(vs_smres *sms, unsigned n, unsigned *rr, const vs_wgreq *r)
{
  for (unsigned k = 0; k < n; k++) {
    unsigned i = (*rr + k) % n;
    if (vs_smres_fits(&sms[i], r)) {
      vs_smres_take(&sms[i], r);
      *rr = (i + 1) % n;
      return (int)i;
    }
  }
  return -1;
}
