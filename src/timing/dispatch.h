/* The work-group (CTA) dispatcher: places a work-group on an SM only when
 * the SM has, at once, a free work-group slot, warp slots for all its
 * warps, and enough vector registers, scalar registers and local memory;
 * SMs are tried in round-robin order starting after the last one used.
 * Resources are counted (not placed: no fragmentation) and returned when
 * the work-group ends.
 *
 * A work-group that spreads over `span` SMs (vs_launch.wg_sms > 1 and
 * gpu.sms_per_wgp > 1: AMD WGP mode) is placed on span consecutive SMs of
 * one group of gpu.sms_per_wgp, starting at a multiple of span inside the
 * group: its warp w runs on the span's SM (w + rot) mod span, where the
 * rotation rot takes turns from one work-group to the next as SMs do in
 * the round robin (a one-warp work-group alternates between the SMs of a
 * pair as it would in CU mode), each SM gives the
 * warp slots and registers of its own warps; the work-group slot and the
 * local memory come whole from one SM of the span each (the first with
 * room: a WGP's barriers and LDS serve both CUs, each SM's
 * gpu.wg_slots_per_sm and lds.size are its part). */
#ifndef VS_TIMING_DISPATCH_H
#define VS_TIMING_DISPATCH_H

#include <stdint.h>

#include "core/launch.h"
#include "timing/config.h"
#include "ventsim/sim.h"

#define VS_MAX_SPAN 8u /* gpu.sms_per_wgp at most */

typedef struct vs_wgreq {
  unsigned warps;            /* of the whole work-group                        */
  uint64_t vgprs, sgprs, lds;/* on its first SM (vgprs, sgprs) / one SM (lds)  */
  unsigned span, group;      /* SMs it spreads over; SMs per group             */
  unsigned warps_on[VS_MAX_SPAN];            /* warps on the span's k-th SM    */
  uint64_t vgprs_on[VS_MAX_SPAN], sgprs_on[VS_MAX_SPAN];
  uint64_t warp_vgprs;       /* the registers of gpu.vgprs_per_sm one warp uses */
} vs_wgreq;

typedef struct vs_smres {
  unsigned wg_slots, warps;
  uint64_t vgprs, sgprs, lds;
} vs_smres;

/* What a work-group of the launch needs on the SM(s): its warps, their
 * registers (vs_launch vgprs/sgprs per warp; vector registers in
 * gpu.vgpr_lanes-wide registers when that is set) and its local memory
 * (the ISA's lds_per_wg unless dispatch.lds_request says) */
void vs_wgreq_of(const struct vs_timing_config *c, const vs_launch_ctx *lc, vs_wgreq *r);
/* An SM's resources when empty */
void vs_smres_full(const struct vs_timing_config *c, vs_smres *s);
/* 0 if a work-group can ever be placed, else -1 with a message naming the
 * resource and the parameter (VS_E_LIMIT). */
int vs_wgreq_check(const struct vs_timing_config *c, const vs_launch_ctx *lc, const vs_wgreq *r,
                   vs_error *err);
/* Where a work-group was placed: the first SM of its span, the rotation
 * of its warps over the span, the SM that gave its work-group slot (its
 * vs_twg lives there) and the SM that gave its local memory */
typedef struct vs_wgplace {
  unsigned first, rot, slot_sm, lds_sm;
} vs_wgplace;

/* The (first) SM (of n) to place r on, trying from *rr; -1 if none fits.
 * Takes the resources of every SM of its span, says where in *at and
 * advances *rr. */
int vs_dispatch_pick(vs_smres *sms, unsigned n, unsigned *rr, const vs_wgreq *r, vs_wgplace *at);
/* Gives back what a work-group placed at *at took */
void vs_dispatch_give(vs_smres *sms, const vs_wgplace *at, const vs_wgreq *r);

#endif
