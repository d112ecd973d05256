/* The kernel checker (ventsim/check.h): the engine's hooks (core/check.h)
 * dispatched to the checks, one file each: bounds.c, races.c, uninit.c,
 * barrier.c; findings in report.c. */
#include <stdlib.h>
#include <string.h>

#include "check/checker.h"
#include "common/util.h"

static uint64_t shadow_bytes(const vs_checker *c)
{
  return chk_racemap_bytes(&c->race_global) + chk_racemap_bytes(&c->race_local) +
         chk_pagemap_bytes(&c->init_global) + chk_pagemap_bytes(&c->init_local) +
         chk_pagemap_bytes(&c->init_private);
}

static void on_launch(void *ctx, const vs_launch_ctx *lc, int begin)
{
  vs_checker *c = ctx;
  uint64_t b = shadow_bytes(c);
  if (b > c->shadow_peak) c->shadow_peak = b;
  /* races are within one launch: the host orders launches */
  chk_racemap_free(&c->race_global);
  chk_racemap_init(&c->race_global);
  c->lc = begin ? lc : NULL;
  c->wg = NULL;
  chk_bounds_forget(c);
  if (begin) c->priv_span = (uint64_t)lc->shape.wg_warps * lc->l->wave_size * lc->l->private_bytes;
}

static void on_wg_start(void *ctx, const vs_wg *wg)
{
  vs_checker *c = ctx;
  c->wg = wg;
  /* local and private memory are the work-group's own from now on */
  chk_racemap_clear(&c->race_local);
  chk_pagemap_clear(&c->init_local);
  chk_pagemap_clear(&c->init_private);
  for (unsigned i = 0; i < wg->nwarps; i++) c->start_mask[i] = wg->warps[i]->active;
  c->bar_epoch = 0;
  c->bar_warp = c->end_warp = -1;
}

static void on_insn(void *ctx, vs_warp *w, const vs_dinsn *d, vs_addr pc, vs_mask active,
                    const vs_memrec *r, int ev)
{
  vs_checker *c = ctx;
  chk_access x = {w, d, pc, NULL, 0};
  const int bounds = (c->mask & 1u << VS_CHECK_BOUNDS) != 0, uninit = (c->mask & 1u << VS_CHECK_UNINIT) != 0,
            races = (c->mask & (1u << VS_CHECK_RACES | 1u << VS_CHECK_RACES_SAME)) != 0;
  for (unsigned k = 0; k < r->n; k++) {
    x.a = &r->acc[k];
    x.item = w->wid * w->nlanes + x.a->lane;
    if (bounds && !chk_bounds_quick(c, x.a) && chk_bounds(c, &x)) continue;
    if (races && !chk_races_quick(c, &x)) chk_races(c, &x);
    if (uninit && !chk_uninit_quick(c, x.a)) chk_uninit(c, &x);
  }
  if ((ev == VS_EV_BARRIER || ev == VS_EV_END) && (c->mask & 1u << VS_CHECK_BARRIER))
    chk_barrier(c, w, pc, active, ev);
  const vs_isa *isa = c->dev->isa;
  if (isa->check_insn && (c->mask & (1u << VS_CHECK_HAZARDS | 1u << VS_CHECK_WAITS)))
    isa->check_insn(w, d, pc, &c->hooks.sink);
}

static void on_isa_report(void *ctx, vs_warp *w, int check, vs_addr pc, vs_addr pc2, const char *msg)
{
  vs_checker *c = ctx;
  if (check >= 0 && check < VS_NCHECKS && (c->mask >> check & 1u))
    chk_report(c, check, w, pc, pc2, "%s", msg);
}

static void on_host_write(void *ctx, vs_addr addr, uint64_t len)
{
  chk_uninit_host_write(ctx, addr, len);
}

int vs_checker_create(vs_checker **out, vs_device *dev, unsigned mask, vs_error *err)
{
  vs_checker *c = vs_calloc(1, sizeof *c, err);
  if (!c) return -1;
  c->dev = dev;
  c->mask = mask & ((1u << VS_NCHECKS) - 1u);
  c->limit = VS_CHECK_DEFAULT_LIMIT;
  c->hooks = (vs_check_hooks){c, on_launch, on_wg_start, on_insn, {c->mask, c, on_isa_report}};
  chk_racemap_init(&c->race_global);
  chk_racemap_init(&c->race_local);
  /* a bit per byte, and 4 bytes of slack for uninit's 32-bit reads */
  chk_pagemap_init(&c->init_global, VS_PAGE_SIZE / 8 + 4);
  chk_pagemap_init(&c->init_local, VS_PAGE_SIZE / 8 + 4);
  chk_pagemap_init(&c->init_private, VS_PAGE_SIZE / 8 + 4);
  c->bar_warp = c->end_warp = -1;
  if (c->mask & 1u << VS_CHECK_UNINIT) {
    dev->mem.on_host_write = on_host_write;
    dev->mem.host_write_ctx = c;
  }
  *out = c;
  return 0;
}

void vs_checker_free(vs_checker *c)
{
  if (!c) return;
  if (c->dev->mem.host_write_ctx == c) {
    c->dev->mem.on_host_write = NULL;
    c->dev->mem.host_write_ctx = NULL;
  }
  chk_racemap_free(&c->race_global);
  chk_racemap_free(&c->race_local);
  chk_pagemap_free(&c->init_global);
  chk_pagemap_free(&c->init_local);
  chk_pagemap_free(&c->init_private);
  free(c->alloc);
  for (size_t i = 0; i < c->nf; i++) free(c->f[i].text);
  free(c->f);
  free(c);
}

void vs_checker_set_limit(vs_checker *c, uint64_t limit)
{
  c->limit = limit;
}

void vs_checker_run_options(vs_checker *c, vs_run_options *opt)
{
  opt->check = &c->hooks;
}
