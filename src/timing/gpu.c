/* The timing model's top level (vs_timing_run): builds the GPU for a
 * launch, runs the cycle loop and reports.
 *
 * The loop: each cycle the dispatcher may place one work-group, then every
 * SM runs one cycle (sm.c), in SM order -- one host thread, fixed orders,
 * so the same inputs always give the same cycles.  The memory system
 * below the L1 caches (interconnect, L2, DRAM) resolves a request's whole
 * path when it is made, reserving link, bank and channel cycles
 * (tslots.c), so it needs no per-cycle work.  When nothing changed in a
 * cycle, every component has recorded the earliest future cycle at which
 * something can change, and the loop jumps there (sim.skip_idle); the
 * skipped cycles are accounted with the same stall reasons. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "timing/gpu.h"

const char *vs_timing_stall_name(int reason)
{
  static const char *const n[VS_STALL_COUNT] = {
#define X(id, name) name,
    VS_TIMING_STALLS(X)
#undef X
  };
  return reason >= 0 && reason < VS_STALL_COUNT ? n[reason] : "?";
}

static uint64_t dram_read_fn(void *ctx, vs_addr addr, unsigned bytes, uint64_t t)
{
  return vs_dram_read(ctx, addr, bytes, t);
}

static uint64_t dram_write_fn(void *ctx, vs_addr addr, unsigned bytes, uint64_t t)
{
  return vs_dram_write(ctx, addr, bytes, t);
}

static uint64_t dram_atomic_fn(void *ctx, vs_addr addr, unsigned n, uint64_t t)
{
  return vs_dram_write(ctx, addr, n * 4u, t);
}

static uint64_t dram_writeback_fn(void *ctx, vs_addr addr, unsigned bytes, uint64_t t)
{
  return vs_dram_writeback(ctx, addr, bytes, t);
}

vs_lower vs_gpu_sm_lower(vs_gpu *g, unsigned sm)
{
  return g->nl1 ? vs_l2_lower(&g->l1[sm / (unsigned)g->c->l1_sms]) : vs_icnt_lower(&g->icnt, sm);
}

static void gpu_free(vs_gpu *g)
{
  if (g->sm)
    for (unsigned i = 0; i < g->nsm; i++) vs_sm_free(&g->sm[i]);
  free(g->sm);
  free(g->res);
  vs_icnt_free(&g->icnt);
  if (g->l1)
    for (unsigned i = 0; i < g->nl1; i++) vs_l2_free(&g->l1[i]);
  free(g->l1);
  if (g->kc)
    for (unsigned i = 0; i < g->nkc; i++) vs_kcache_free(&g->kc[i]);
  free(g->kc);
  vs_l2_free(&g->l2);
  if (g->has_mall) vs_l2_free(&g->mall);
  vs_dram_free(&g->dram);
  if (g->slot_warps)
    for (unsigned i = 0; i < g->nslots; i++)
      vs_warps_free(g->dev->isa, g->slot_warps[i], g->lc.shape.wg_warps);
  free(g->slot_warps);
  free(g->tic);
  free(g->occ);
  if (g->lc_open) vs_launch_end(&g->lc);
  free(g);
}

static int gpu_init(vs_gpu *g, vs_error *err)
{
  const struct vs_timing_config *c = g->c;
  const vs_isa *isa = g->dev->isa;
  g->prof = c->profile ? c->profile : vs_tprofile_get((unsigned)c->core_profile);
  if (!g->prof) return vs_error_set(err, VS_E_CONFIG, "core.profile %u is not a profile", (unsigned)c->core_profile);
  if (vs_tprofile_check(g->prof, err)) return -1;
  g->nsm = (unsigned)c->gpu_num_sms;
  g->lanes = c->core_lanes ? (unsigned)c->core_lanes : g->l->wave_size;
  g->nregs = vs_tinfo_nregs(isa);
  g->nslots = g->nsm * (unsigned)c->gpu_wg_slots_per_sm;
  if (vs_launch_begin(&g->lc, g->dev, g->l, g->nslots, err)) return -1;
  g->lc_open = 1;
  vs_launch_exec_init(&g->lc, &g->ex, g->opt);
  g->nwg = g->lc.nwg;
  g->tic = vs_calloc(1, sizeof *g->tic, err);
  g->slot_warps = vs_calloc(g->nslots, sizeof *g->slot_warps, err);
  g->sm = vs_calloc(g->nsm, sizeof *g->sm, err);
  g->res = vs_calloc(g->nsm, sizeof *g->res, err);
  if (!g->tic || !g->slot_warps || !g->sm || !g->res) return -1;
  g->tic->isa = isa;
  g->tic->profile = g->prof;
  if (vs_dram_init(&g->dram, (unsigned)c->dram_channels, (unsigned)c->dram_latency,
                   (unsigned)c->dram_bytes_per_cycle, (unsigned)c->l2_line, err))
    return -1;
  vs_lower dl = {dram_read_fn, dram_write_fn, dram_atomic_fn, &g->dram, dram_writeback_fn};
  if (c->mall_sets) { /* the last-level cache in front of DRAM */
    if (vs_l2_init(&g->mall, (unsigned)c->mall_banks, (unsigned)c->mall_sets, (unsigned)c->mall_ways,
                   (unsigned)c->mall_line, (unsigned)c->mall_mshrs, (unsigned)c->mall_hit_latency,
                   1, dl, err))
      return -1;
    g->has_mall = 1;
    if (vs_l2_set_wb_buffers(&g->mall, (unsigned)c->mall_wb_buffers, err)) return -1;
    dl = vs_l2_lower(&g->mall);
  }
  if (vs_l2_init(&g->l2, (unsigned)c->l2_banks, (unsigned)c->l2_sets, (unsigned)c->l2_ways,
                 (unsigned)c->l2_line, (unsigned)c->l2_mshrs, (unsigned)c->l2_hit_latency,
                 (unsigned)c->l2_atomic_cycles, dl, err))
    return -1;
  if (vs_l2_set_wb_buffers(&g->l2, (unsigned)c->l2_wb_buffers, err)) return -1;
  /* with shared L1s the interconnect has one port per L1, else per SM */
  unsigned per = (unsigned)c->l1_sms;
  g->nl1 = per ? (g->nsm + per - 1) / per : 0;
  if (vs_icnt_init(&g->icnt, per ? g->nl1 : g->nsm, (unsigned)c->icnt_latency,
                   (unsigned)c->icnt_flit_bytes, &g->l2, err))
    return -1;
  if (g->nl1) {
    g->l1 = vs_calloc(g->nl1, sizeof *g->l1, err);
    if (!g->l1) return -1;
    for (unsigned i = 0; i < g->nl1; i++) {
      if (vs_l2_init(&g->l1[i], (unsigned)c->l1_banks, (unsigned)c->l1_sets, (unsigned)c->l1_ways,
                     (unsigned)c->l1_line, (unsigned)c->l1_mshrs, (unsigned)c->l1_hit_latency, 1,
                     vs_icnt_lower(&g->icnt, i), err)) {
        g->nl1 = i; /* gpu_free frees the ones made */
        return -1;
      }
      vs_l2_set_write_through(&g->l1[i]);
    }
  }
  if (c->kc_sets) { /* scalar caches: each below its group's first SM's L1 level */
    unsigned per_k = (unsigned)c->kc_sms;
    g->kc = vs_calloc((g->nsm + per_k - 1) / per_k, sizeof *g->kc, err);
    if (!g->kc) return -1;
    for (unsigned i = 0; i * per_k < g->nsm; i++, g->nkc++)
      if (vs_kcache_init(&g->kc[i], (unsigned)c->kc_sets, (unsigned)c->kc_ways, (unsigned)c->kc_line,
                         (unsigned)c->kc_mshrs, (unsigned)c->kc_mshr_targets, (unsigned)c->kc_banks,
                         (unsigned)c->kc_hit_latency, vs_gpu_sm_lower(g, i * per_k), err))
        return -1; /* the ones made (nkc) and this one's parts are freed by gpu_free */
  }
  for (unsigned i = 0; i < g->nsm; i++) {
    if (vs_sm_init(&g->sm[i], g, i, err)) return -1;
    vs_smres_full(c, &g->res[i]);
  }
  g->sample_interval = g->obs && g->obs->sample_interval ? g->obs->sample_interval
                                                         : c->sim_sample_interval;
  g->next_sample = g->sample_interval;
  g->occ_interval = g->sample_interval;
  g->occ_next = g->occ_interval;
  return 0;
}

/* ---- statistics over time ---- */

static void account(vs_gpu *g, uint64_t k)
{
  for (unsigned i = 0; i < g->nsm; i++) {
    vs_sm *s = &g->sm[i];
    for (unsigned r = 0; r < VS_STALL_COUNT; r++) s->st.stalls[r] += (uint64_t)s->hist[r] * k;
    if (s->resident) s->st.busy_cycles += k;
    s->st.resident_wg_cycles += (uint64_t)s->resident * k;
  }
}

/* k cycles skipped: the per-attempt counters as if they had been run */
static void skipped(vs_gpu *g, uint64_t k)
{
  account(g, k);
  for (unsigned i = 0; i < g->nsm; i++) vs_lsu_skip(&g->sm[i].lsu, &g->sm[i].dc, k);
}

#define VS_OCC_MAX_POINTS 2048

static void occupancy_point(vs_gpu *g, uint64_t at)
{
  if (g->nocc == g->capocc) {
    if (g->nocc >= VS_OCC_MAX_POINTS) { /* keep every other point */
      size_t m = 0;
      for (size_t p = 1; p < g->nocc; p += 2, m++)
        memcpy(&g->occ[m * g->nsm], &g->occ[p * g->nsm], g->nsm * sizeof *g->occ);
      g->nocc = m;
      g->occ_interval *= 2;
      g->occ_next = g->nocc * g->occ_interval; /* the caller adds one interval */
      return;
    }
    size_t cap = g->capocc ? g->capocc * 2 : 64;
    vs_occ_point *o = realloc(g->occ, cap * g->nsm * sizeof *o);
    if (!o) return; /* statistics only: drop the point */
    g->occ = o;
    g->capocc = cap;
  }
  for (unsigned i = 0; i < g->nsm; i++) {
    vs_occ_point *p = &g->occ[g->nocc * g->nsm + i];
    const vs_sm *s = &g->sm[i];
    p->cycle = at;
    p->insns = s->st.warp_insns;
    p->resident = s->resident;
    p->active_warps = vs_sm_active_warps(s);
    p->outstanding = vs_sm_outstanding(s, at);
  }
  g->nocc++;
}

/* Samples at the interval boundaries in [.., upto] */
static void samples(vs_gpu *g, uint64_t upto)
{
  while (g->next_sample <= upto) {
    uint64_t b = g->next_sample;
    if (g->obs && g->obs->sample)
      for (unsigned i = 0; i < g->nsm; i++) {
        vs_sm *s = &g->sm[i];
        vs_timing_sample x;
        x.cycle = b;
        x.interval = g->sample_interval;
        x.sm = i;
        x.warp_insns = s->st.interval_insns;
        x.ipc = (double)s->st.interval_insns / (double)g->sample_interval;
        x.active_warps = vs_sm_active_warps(s);
        x.resident_wgs = s->resident;
        x.outstanding_mem = vs_sm_outstanding(s, b);
        g->obs->sample(g->obs->ctx, &x);
      }
    for (unsigned i = 0; i < g->nsm; i++) g->sm[i].st.interval_insns = 0;
    g->next_sample += g->sample_interval;
  }
  while (g->occ_next <= upto) {
    occupancy_point(g, g->occ_next);
    g->occ_next += g->occ_interval;
  }
}

/* ---- errors ---- */

static vs_warp *some_warp(vs_gpu *g)
{
  for (unsigned i = 0; i < g->nsm; i++)
    for (unsigned k = 0; k < g->sm[i].nw; k++)
      if (g->sm[i].tw[k].state != VS_TW_FREE) return g->sm[i].tw[k].w;
  return NULL;
}

static void limit_error(vs_gpu *g, const char *what, uint64_t n, uint64_t at)
{
  vs_warp *w = some_warp(g);
  if (w) {
    vs_warp_fault(w, VS_FAULT_LIMIT, 0, "%s (%" PRIu64 ") reached at cycle %" PRIu64, what, n, at);
    vs_exec_report_fault(&g->ex, w, &g->err);
  } else {
    vs_error_set(&g->err, VS_E_KERNEL, "kernel '%s': %s (%" PRIu64 ") reached at cycle %" PRIu64,
                 g->l->name ? g->l->name : "?", what, n, at);
  }
  g->failed = 1;
  g->end_cycle = at; /* the cycles simulated (partial statistics) */
}

static void stop_request(vs_gpu *g, uint64_t at)
{
  vs_warp *w = some_warp(g);
  if (w) {
    vs_warp_fault(w, VS_FAULT_STOPPED, 0, "stopped on request at cycle %" PRIu64, at);
    vs_exec_report_fault(&g->ex, w, &g->err);
  } else {
    vs_error_set(&g->err, VS_E_STOPPED, "kernel '%s' stopped on request at cycle %" PRIu64,
                 g->l->name ? g->l->name : "?", at);
  }
  g->failed = 1;
  g->end_cycle = at;
}

static void deadlock_error(vs_gpu *g, uint64_t at)
{
  char buf[VS_ERRMSG_MAX];
  size_t n = (size_t)snprintf(buf, sizeof buf,
                              "deadlock in kernel '%s': no instruction issued and no memory "
                              "request in flight for %" PRIu64 " cycles (sim.watchdog%s), cycle %" PRIu64
                              "; %u of %u work-groups done; warps:",
                              g->l->name ? g->l->name : "?", g->watchdog,
                              g->c->sim_watchdog ? "" : ", derived from the configuration", at,
                              g->wgs_done, g->nwg);
  for (unsigned i = 0; i < g->nsm && n < sizeof buf; i++)
    n += vs_sm_describe(&g->sm[i], at, buf + n, sizeof buf - n);
  vs_error_set(&g->err, VS_E_DEADLOCK, "%s", buf);
  g->failed = 1;
  g->end_cycle = at;
}

/* The watchdog when sim.watchdog is 0: 100000 cycles plus the longest a
 * launch can legally go with no instruction issued and no memory request in
 * flight under this configuration -- the start and dispatch latencies, the
 * slowest unit taking a pass per lane (VS_MAX_LANES), operand collection
 * with a conflict per operand, and the remaining pipeline latencies.
 * Memory latency is not part of it: cycles with a request in flight are
 * never counted. */
static uint64_t derived_watchdog(const struct vs_timing_config *c)
{
  const uint64_t units[] = {c->ex_salu_latency, c->ex_valu_latency, c->ex_mul_latency,
                            c->ex_fpu_latency + c->ex_fpu_ii, c->ex_fma_latency, c->ex_sfu_latency,
                            c->ex_div_latency,  c->ex_csr_latency,  c->ex_simt_latency,
                            c->ex_tensor_latency + c->ex_tensor_ii};
  uint64_t unit = 0;
  for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
    if (units[i] > unit) unit = units[i];
  return 100000 + c->sim_start_latency + c->disp_latency + c->disp_wg_interval +
         c->disp_warp_interval * c->gpu_warps_per_sm + unit * VS_MAX_LANES +
         c->core_opc_latency * 8 + c->core_decode_latency + c->core_wb_latency +
         c->core_branch_latency + c->core_barrier_latency + c->lsu_agu_latency +
         c->ic_hit_latency + c->dc_hit_latency + c->kc_hit_latency + c->lds_latency * VS_MAX_LANES;
}

static int memory_busy(const vs_gpu *g, uint64_t now)
{
  for (unsigned i = 0; i < g->nsm; i++)
    if (vs_sm_memory_busy(&g->sm[i], now)) return 1;
  return 0;
}

/* ---- the cycle loop ---- */

static void run(vs_gpu *g)
{
  const struct vs_timing_config *c = g->c;
  g->disp_at = c->sim_start_latency;
  g->now = 0;
  g->last_progress = 0;
  g->watchdog = c->sim_watchdog ? c->sim_watchdog : derived_watchdog(c);
  if (g->nwg == 0) {
    g->end_cycle = 0;
    return;
  }
  uint32_t iter = 0;
  for (;;) {
    uint64_t now = g->now, wake = VS_NEVER;
    int act = 0, prog = 0;
    if (g->opt->stop && *g->opt->stop) {
      stop_request(g, now);
      return;
    }
    if (g->opt->on_progress && (++iter & 0xffff) == 0) { /* now and then */
      vs_progress p = {g->wgs_done, g->nwg, g->insns, now};
      g->opt->on_progress(g->opt->on_progress_ctx, &p);
    }
    /* work-groups that share local memory (__local buffers at fixed
     * addresses, workgroup.h) are placed one at a time */
    if (g->next_wg < g->nwg && !(g->lc.serial && g->next_wg > g->wgs_done)) {
      if (now >= g->disp_at) {
        vs_wgplace at;
        if (vs_dispatch_pick(g->res, g->nsm, &g->disp_rr, &g->req, &at) >= 0) {
          if (vs_sm_place(&g->sm[at.slot_sm], g->next_wg++, g->req.span, &at, now, &g->err)) {
            g->failed = 1;
            g->end_cycle = now;
            return;
          }
          g->disp_at = now + c->disp_wg_interval;
          act = prog = 1;
        }
      } else {
        vs_wake(&wake, now, g->disp_at);
      }
    }
    for (unsigned i = 0; i < g->nsm; i++) {
      vs_sm *s = &g->sm[i];
      /* an SM without work-groups whose last cycle changed nothing and
       * waits for nothing stays so until a placement: its cycle is skipped
       * (it has no live warp, so no stall reasons either) */
      if (s->dormant && !s->resident) continue;
      vs_sm_cycle(s, now);
      s->dormant = !s->resident && !s->active && s->wake == VS_NEVER;
      if (g->failed) return;
      act |= s->active;
      prog |= s->progress;
      if (s->wake < wake) wake = s->wake;
    }
    account(g, 1);
    if (g->wgs_done == g->nwg) {
      g->end_cycle = now + 1;
      samples(g, now + 1);
      return;
    }
    uint64_t next = now + 1;
    if (!act && c->sim_skip_idle && wake != VS_NEVER && wake > next) next = wake;
    /* the watchdog counts cycles with no issue, no memory movement and no
     * memory request in flight: a request's latency, however long the
     * configuration makes it, is not a deadlock (it is in flight until
     * the wake this jump goes to, or later) */
    if (prog) g->last_progress = now;
    if (!prog && memory_busy(g, now)) g->last_progress = next - 1;
    if (next - g->last_progress > g->watchdog) {
      deadlock_error(g, g->last_progress + g->watchdog);
      return;
    }
    if (c->sim_max_cycles && next >= c->sim_max_cycles) {
      limit_error(g, "cycle limit (sim.max_cycles, --max-cycles)", c->sim_max_cycles,
                  c->sim_max_cycles);
      return;
    }
    if (next > now + 1) skipped(g, next - now - 1);
    samples(g, next);
    g->now = next;
  }
}

int vs_timing_run(vs_device *dev, const vs_launch *l, const vs_run_options *opt,
                  vs_run_result *res, vs_error *err)
{
  memset(res, 0, sizeof *res);
  if (!opt || !opt->timing)
    return vs_error_set(err, VS_E_USAGE, "vs_timing_run: no timing configuration given");
  const struct vs_timing_config *c = opt->timing;
  if (vs_timing_config_check(c, err)) return -1;
  vs_gpu *g = vs_calloc(1, sizeof *g, err);
  if (!g) return -1;
  g->c = c;
  g->dev = dev;
  g->l = l;
  g->opt = opt;
  g->obs = opt->observer;
  if (gpu_init(g, err)) {
    gpu_free(g);
    return -1;
  }
  vs_wgreq_of(c, &g->lc, &g->req);
  if (vs_wgreq_check(c, &g->lc, &g->req, err)) {
    gpu_free(g);
    return -1;
  }
  if (g->obs && g->obs->launch_begin)
    g->obs->launch_begin(g->obs->ctx, l, g->nsm, (unsigned)c->gpu_warps_per_sm);
  double t0 = vs_now();
  run(g);
  double secs = vs_now() - t0;
  int rc = 0;
  if (g->failed) {
    *err = g->err;
    rc = -1;
  }
  uint64_t cycles = g->end_cycle + (g->failed ? 0 : c->sim_end_latency);
  if (!g->failed) g->end_cycle = cycles;
  res->cycles = cycles;
  res->warp_insns = g->insns;
  res->thread_insns = g->thread_insns;
  res->workgroups = g->wgs_done;
  res->seconds = secs;
  if (rc == 0 && opt->on_print && opt->on_print(opt->on_print_ctx, dev, l))
    rc = vs_error_set(err, VS_E_KERNEL, "kernel '%s': the print buffer could not be read",
                      l->name ? l->name : "?");
  if (opt->stats) { /* also a launch that stopped: what it did until then */
    g->es.warp_insns = g->insns;
    g->es.thread_insns = g->thread_insns;
    g->es.workgroups = g->wgs_done;
    void *json = vs_tstats_json(g, secs);
    vs_error serr = {0};
    if (vs_stats_add_launch(opt->stats, l, &g->es, cycles, secs, json, &serr) ||
        (rc && vs_stats_launch_stopped(opt->stats, err->msg, &serr))) {
      if (rc == 0) *err = serr;
      rc = -1;
    }
  }
  if (rc == 0 && c->report) vs_tstats_summary(g, secs, c->report);
  if (rc == 0 && g->obs && g->obs->launch_end) {
    vs_timing_stats st;
    vs_tstats_collect(g, &st, secs);
    g->obs->launch_end(g->obs->ctx, l, &st);
  }
  gpu_free(g);
  return rc;
}
