#include <inttypes.h>
#include <string.h>

#include "timing/dispatch.h"
#include "timing/tcommon.h"

void vs_wgreq_of(const struct vs_timing_config *c, const vs_launch_ctx *lc, vs_wgreq *r)
{
  const vs_launch *l = lc->l;
  memset(r, 0, sizeof *r);
  r->warps = lc->shape.wg_warps;
  /* vector registers: with gpu.vgpr_lanes a warp of W lanes allocates
   * granules of vgpr_granule registers of vgpr_lanes lanes each, i.e. of
   * vgpr_granule x vgpr_lanes lane-registers, for its V x W (RDNA3: wave32
   * granules of 24 registers, wave64 of 12 wave64 registers = 24 wave32
   * ones, docs/amd-hardware.md section 7 item 4) */
  uint64_t vl = c->gpu_vgpr_lanes, gran = c->gpu_vgpr_granule;
  if (vl)
    r->warp_vgprs = vs_divup((uint64_t)l->vgprs * l->wave_size, gran * vl) * gran;
  else
    r->warp_vgprs = vs_divup(l->vgprs, gran) * gran;
  uint64_t warp_sgprs = vs_divup(l->sgprs, c->gpu_sgpr_granule) * c->gpu_sgpr_granule;
  unsigned group = (unsigned)c->gpu_sms_per_wgp, span = l->wg_sms > 1 ? l->wg_sms : 1;
  if (span > group) span = group;
  if (span > VS_MAX_SPAN) span = VS_MAX_SPAN;
  r->span = span;
  r->group = group;
  for (unsigned k = 0; k < span; k++) { /* warp w on the span's SM w mod span */
    r->warps_on[k] = r->warps / span + (k < r->warps % span);
    r->vgprs_on[k] = r->warps_on[k] * r->warp_vgprs;
    r->sgprs_on[k] = r->warps_on[k] * warp_sgprs;
  }
  r->vgprs = r->vgprs_on[0];
  r->sgprs = r->sgprs_on[0];
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
  if (r->warps_on[0] > c->gpu_warps_per_sm)
    return vs_error_set(err, VS_E_LIMIT,
                        "kernel '%s': a work-group of %u warps can never be placed: %u of them on "
                        "one SM but an SM has %" PRIu64 " warp slots (gpu.warps_per_sm)", k, r->warps,
                        r->warps_on[0], c->gpu_warps_per_sm);
  if (r->vgprs > c->gpu_vgprs_per_sm)
    return vs_error_set(err, VS_E_LIMIT,
                        "kernel '%s': a work-group needs %" PRIu64 " vector registers on one SM (%u warps "
                        "x %u registers of %u lanes) but an SM has %" PRIu64 " (gpu.vgprs_per_sm)", k,
                        r->vgprs, r->warps_on[0], l->vgprs, l->wave_size, c->gpu_vgprs_per_sm);
  if (r->sgprs > c->gpu_sgprs_per_sm)
    return vs_error_set(err, VS_E_LIMIT,
                        "kernel '%s': a work-group needs %" PRIu64 " scalar registers on one SM (%u warps "
                        "x %u) but an SM has %" PRIu64 " (gpu.sgprs_per_sm)", k, r->sgprs, r->warps_on[0],
                        l->sgprs, c->gpu_sgprs_per_sm);
  if (r->lds > c->lds_size)
    return vs_error_set(err, VS_E_LIMIT,
                        "kernel '%s': a work-group needs %" PRIu64 " bytes of local memory (%s) but an "
                        "SM has %" PRIu64 " (lds.size)", k, r->lds,
                        c->disp_lds_request ? "dispatch.lds_request" : lc->lds_what,
                        c->lds_size);
  return 0;
}

/* SM s has room for the span's k-th part of r (its slot and local memory
 * apart) */
static int part_fits(const vs_smres *s, const vs_wgreq *r, unsigned k)
{
  return s->warps >= r->warps_on[k] && s->vgprs >= r->vgprs_on[k] && s->sgprs >= r->sgprs_on[k];
}

int vs_dispatch_pick(vs_smres *sms, unsigned n, unsigned *rr, const vs_wgreq *r, vs_wgplace *at)
{
  unsigned span = r->span ? r->span : 1, group = r->group ? r->group : 1;
  for (unsigned j = 0; j < n; j++) {
    /* position p of the round robin: the span that holds SM p, its parts
     * rotated by p's place in it (the k-th part on the span's SM
     * (k + rot) mod span: consecutive work-groups start on different SMs) */
    unsigned p = (*rr + j) % n, pos = p % group;
    unsigned i = p - pos + pos / span * span, rot = pos % span;
    if (i - (p - pos) + span > group || i + span > n) continue; /* a partial span */
    unsigned k = 0, slot = n, lds = n;
    while (k < span && part_fits(&sms[i + (k + rot) % span], r, k)) k++;
    if (k < span) continue;
    for (k = 0; k < span; k++) { /* the first SM with a slot, the first with the local memory */
      unsigned m = i + (k + rot) % span;
      if (slot == n && sms[m].wg_slots >= 1) slot = m;
      if (lds == n && sms[m].lds >= r->lds) lds = m;
    }
    if (slot == n || lds == n) continue;
    for (k = 0; k < span; k++) {
      vs_smres *s = &sms[i + (k + rot) % span];
      s->warps -= r->warps_on[k];
      s->vgprs -= r->vgprs_on[k];
      s->sgprs -= r->sgprs_on[k];
    }
    sms[slot].wg_slots--;
    sms[lds].lds -= r->lds;
    at->first = i;
    at->rot = rot;
    at->slot_sm = slot;
    at->lds_sm = lds;
    *rr = (p + 1) % n;
    return (int)i;
  }
  return -1;
}

void vs_dispatch_give(vs_smres *sms, const vs_wgplace *at, const vs_wgreq *r)
{
  unsigned span = r->span ? r->span : 1;
  for (unsigned k = 0; k < span; k++) {
    vs_smres *s = &sms[at->first + (k + at->rot) % span];
    s->warps += r->warps_on[k];
    s->vgprs += r->vgprs_on[k];
    s->sgprs += r->sgprs_on[k];
  }
  sms[at->slot_sm].wg_slots++;
  sms[at->lds_sm].lds += r->lds;
}
