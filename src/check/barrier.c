/* barrier: work-items of one work-group at different barriers, a warp at a
 * barrier with only some of its work-items (the others are on another path
 * or have returned), and -- on ISAs where ended warps do not count as
 * arrived -- warps that end while others wait at a barrier.  OpenCL
 * requires every work-item of a work-group to reach each barrier; the
 * Ventus spec (section 5) lets ended warps count as arrived, so there the
 * last case is defined behaviour and not reported (vs_isa.ended_is_arrived). */
#include <inttypes.h>

#include "check/checker.h"

void chk_barrier(vs_checker *c, vs_warp *w, vs_addr pc, vs_mask active, int ev)
{
  const vs_wg *wg = c->wg;
  int ended_ok = c->dev->isa->ended_is_arrived;
  if (ev == VS_EV_END) {
    c->end_pc = pc;
    c->end_warp = (int)w->wid;
    if (!ended_ok && wg->n_waiting > 0 && c->bar_warp >= 0 && c->bar_epoch == w->barriers)
      chk_report(c, VS_CHECK_BARRIER, w, pc, c->bar_pc,
                 "warp %u ends while warp %d waits at the barrier at 0x%08" PRIx64
                 " (every work-item must reach it)", w->wid, c->bar_warp, c->bar_pc);
    return;
  }
  vs_mask want = c->start_mask[w->wid];
  if ((active & want) != want)
    chk_report(c, VS_CHECK_BARRIER, w, pc, pc,
               "only lanes 0x%" PRIx64 " of the warp's work-items 0x%" PRIx64 " reach the barrier "
               "(the others are on another path or have returned)", (uint64_t)(active & want),
               (uint64_t)want);
  if (c->bar_warp < 0 || c->bar_epoch != w->barriers) { /* the first to arrive */
    c->bar_epoch = w->barriers;
    c->bar_pc = pc;
    c->bar_warp = (int)w->wid;
  } else if (pc != c->bar_pc) {
    chk_report(c, VS_CHECK_BARRIER, w, pc, c->bar_pc,
               "warp %u waits at this barrier while warp %d waits at the barrier at 0x%08" PRIx64,
               w->wid, c->bar_warp, c->bar_pc);
  }
  if (!ended_ok && wg->n_ended > 0 && c->end_warp >= 0)
    chk_report(c, VS_CHECK_BARRIER, w, pc, c->end_pc,
               "warp %u reaches a barrier after warp %d ended at 0x%08" PRIx64
               " (every work-item must reach it)", w->wid, c->end_warp, c->end_pc);
}
