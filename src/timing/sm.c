/* One SM of the timing model: warp slots, and each cycle
 *   1. warp and work-group life cycle (start, drain after endprg, end),
 *   2. the load/store unit,
 *   3. issue: per issue port, warps in scheduler order; an instruction
 *      issues if its warp is not at a barrier, its I-buffer entry is
 *      decoded, its fence/barrier counters are drained, the scoreboard
 *      passes, a collector unit of the warp is free and its execution unit
 *      (or the LSU) can take it.  Issuing executes it on the functional
 *      core (execute at issue) and books its timing: operand collection
 *      (register banks), the unit, the scoreboard release; memory
 *      instructions go to the LSU with the accesses the core recorded,
 *   4. fetch (fetch.c).
 * Every warp gets one stall reason per cycle. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "timing/gpu.h"
#include "timing/sched.h"

int vs_sm_init(vs_sm *s, vs_gpu *g, unsigned id, vs_error *err)
{
  const struct vs_timing_config *c = g->c;
  memset(s, 0, sizeof *s);
  s->id = id;
  s->g = g;
  s->nw = (unsigned)c->gpu_warps_per_sm;
  s->nwg = (unsigned)c->gpu_wg_slots_per_sm;
  s->tw = vs_calloc(s->nw, sizeof *s->tw, err);
  s->fw = vs_calloc(s->nw, sizeof *s->fw, err);
  s->sbmem = vs_calloc((size_t)s->nw * g->nregs, sizeof *s->sbmem, err);
  s->wg = vs_calloc(s->nwg, sizeof *s->wg, err);
  s->units_of = vs_calloc(s->nw, sizeof *s->units_of, err);
  if (!s->tw || !s->fw || !s->sbmem || !s->wg || !s->units_of) return -1;
  const vs_tprofile *p = g->prof;
  for (unsigned i = 0; i < s->nw; i++) {
    vs_sb_init(&s->tw[i].sb, s->sbmem + (size_t)i * g->nregs, g->nregs);
    vs_ibuf_init(&s->fw[i].ib, (unsigned)c->core_ibuffer_size);
    s->units_of[i] = &s->simd[p->simd_of ? p->simd_of(i, p->nsimd) % p->nsimd : 0];
  }
  vs_lower low = vs_gpu_sm_lower(g, id);
  if (vs_fetch_init(&s->fe, (unsigned)c->ic_sets, (unsigned)c->ic_ways, (unsigned)c->ic_line,
                    (unsigned)c->ic_mshrs, (unsigned)c->ic_mshr_targets,
                    (unsigned)c->core_fetch_width, (unsigned)c->ic_hit_latency,
                    (unsigned)c->core_decode_latency, low, &g->dev->mem, g->tic, err))
    return -1;
  if (c->ic_sms > 1) { /* an I-cache shared by a group of SMs: its first SM's */
    unsigned first = id - id % (unsigned)c->ic_sms;
    if (first == id) {
      if (vs_fetch_banks(&s->fe, (unsigned)c->ic_banks, err)) return -1;
    } else {
      vs_fetch_share(&s->fe, &g->sm[first].fe);
    }
  }
  if (vs_dcache_init(&s->dc, (unsigned)c->dc_sets, (unsigned)c->dc_ways, (unsigned)c->dc_line,
                     (unsigned)c->dc_mshrs, (unsigned)c->dc_mshr_targets, (unsigned)c->dc_wshr,
                     (unsigned)c->dc_hit_latency, c->dc_write_policy == VS_WP_WRITE_THROUGH,
                     (int)c->dc_write_allocate, low, err))
    return -1;
  if (vs_lsu_init(&s->lsu, (unsigned)c->lsu_entries, (unsigned)c->dc_ports, err)) return -1;
  if (g->nkc) s->lsu.kc = &g->kc[id / (unsigned)c->kc_sms];
  for (unsigned k = 0; k < g->prof->nsimd; k++) vs_units_init(&s->simd[k], c, g->lanes);
  vs_opcoll_init(&s->opc, (unsigned)c->core_reg_banks, (unsigned)c->core_opc_latency, g->prof->bank);
  vs_lds_init(&s->lds, c->lds_banks ? (unsigned)c->lds_banks : g->lanes,
              (unsigned)c->lds_bank_bytes, (unsigned)c->lds_latency);
  s->st.first_start = VS_NEVER;
  return 0;
}

void vs_sm_free(vs_sm *s)
{
  vs_fetch_free(&s->fe);
  vs_dcache_free(&s->dc);
  vs_lsu_free(&s->lsu);
  free(s->tw);
  free(s->fw);
  free(s->sbmem);
  free(s->wg);
  free(s->units_of);
  s->units_of = NULL;
  s->tw = NULL;
  s->fw = NULL;
  s->sbmem = NULL;
  s->wg = NULL;
}

/* ---- observer ---- */

static void observe_warp(vs_sm *s, unsigned i, int state, int reason, uint64_t now)
{
  vs_timing_observer *o = s->g->obs;
  if (!o || !o->warp_state) return;
  vs_twarp *t = &s->tw[i];
  o->warp_state(o->ctx, s->id, i, t->w ? t->w->wg->id : 0, t->w ? t->w->wid : 0, state, reason,
                now);
}

/* ---- placing and ending work-groups ---- */

int vs_sm_place(vs_sm *s, uint32_t id, unsigned span, const vs_wgplace *at, uint64_t now, vs_error *err)
{
  vs_gpu *g = s->g;
  const struct vs_timing_config *c = g->c;
  unsigned k = 0;
  while (k < s->nwg && s->wg[k].used) k++;
  if (k == s->nwg) return vs_error_set(err, VS_E_STATE, "internal: no free work-group slot");
  if (span < 1) span = 1;
  vs_twg *x = &s->wg[k];
  unsigned gslot = s->id * s->nwg + k;
  if (!g->slot_warps[gslot] && vs_warps_alloc(&g->lc, &g->slot_warps[gslot], err))
    return -1;
  memset(x, 0, sizeof *x);
  x->used = 1;
  x->gslot = gslot;
  x->placed_at = now;
  x->span = span;
  x->at = *at;
  vs_wg_start(&g->lc, &x->wg, g->slot_warps[gslot], &g->ex, id, gslot);
  x->nwarps = x->wg.nwarps; /* fewer in a partial work-group */
  g->es.warps += x->nwarps;
  uint64_t t0 = now + c->disp_latency;
  unsigned slot[VS_MAX_SPAN] = {0};
  vs_sm *first = &g->sm[at->first];
  for (unsigned w = 0; w < x->nwarps; w++) {
    /* WGP mode: warp w on the span's SM w mod span (docs/timing-model.md) */
    unsigned q = (w % span + at->rot) % span;
    vs_sm *m = first + q;
    while (slot[q] < m->nw && m->tw[slot[q]].state != VS_TW_FREE) slot[q]++;
    if (slot[q] == m->nw) return vs_error_set(err, VS_E_STATE, "internal: no free warp slot");
    vs_twarp *t = &m->tw[slot[q]];
    vs_sb sb = t->sb;
    vs_sb_clear(&sb);
    memset(t, 0, sizeof *t);
    t->sb = sb;
    t->state = VS_TW_PENDING;
    t->wg = k;
    t->wg_sm = s->id;
    t->w = g->slot_warps[gslot][w];
    t->start_at = t0 + (uint64_t)w * c->disp_warp_interval;
    t->reason = VS_STALL_STARTING;
    t->reported = 0xff;
    vs_memops_init(&t->mo, (unsigned)c->lsu_entries_per_warp);
    vs_fwarp *f = &m->fw[slot[q]];
    f->active = 0;
    vs_ibuf_init(&f->ib, (unsigned)c->core_ibuffer_size);
    x->tw[w] = (uint8_t)slot[q];
    x->tw_sm[w] = (uint16_t)m->id;
    slot[q]++;
  }
  for (unsigned q = 0; q < span; q++) {
    vs_sm *m = first + q;
    if (q != s->id - at->first && g->req.warps_on[(q + span - at->rot) % span] == 0)
      continue; /* none of its warps here (a work-group of fewer warps than SMs) */
    m->resident++;
    m->st.wgs++;
    if (m->st.first_start == VS_NEVER) m->st.first_start = now;
    m->active = 1;
    m->progress = 1;
    m->dormant = 0;
  }
  /* the work-group shows on the SM of its slot, its warps on theirs */
  if (g->obs && g->obs->wg_start) g->obs->wg_start(g->obs->ctx, s->id, k, id, now);
  return 0;
}

/* Barrier bookkeeping: after vs_wg_arrive / vs_wg_end_warp opened the
 * barrier, the waiting warps resume. */
static void barrier_opened(vs_sm *s, vs_twg *x, uint64_t now)
{
  for (unsigned w = 0; w < x->nwarps; w++) { /* on every SM of its span */
    vs_twarp *t = &s->g->sm[x->tw_sm[w]].tw[x->tw[w]];
    if (t->at_barrier) {
      t->at_barrier = 0;
      t->resume_at = now + s->g->c->core_barrier_latency;
    }
  }
}

static void lifecycle(vs_sm *s, uint64_t now)
{
  vs_gpu *g = s->g;
  for (unsigned i = 0; i < s->nw; i++) {
    vs_twarp *t = &s->tw[i];
    switch (t->state) {
    case VS_TW_PENDING:
      if (t->start_at <= now) {
        t->state = VS_TW_ACTIVE;
        t->age = g->seq++;
        vs_fwarp *f = &s->fw[i];
        f->active = 1;
        f->stop = 0;
        f->icwait = 0;
        f->pc = t->w->pc;
        f->fetch_at = now;
        s->active = 1;
        observe_warp(s, i, VS_TW_STARTED, 0, now);
      } else {
        vs_wake(&s->wake, now, t->start_at);
        t->reason = VS_STALL_STARTING;
      }
      break;
    case VS_TW_ENDING: {
      uint64_t w = VS_NEVER;
      if (t->sb.last <= now && vs_memops_drained(&t->mo, VS_CNT_ALL, now, &w)) {
        t->state = VS_TW_DONE;
        g->sm[t->wg_sm].wg[t->wg].ndone++;
        s->active = 1;
        s->progress = 1;
        observe_warp(s, i, VS_TW_ENDED, 0, now);
      } else {
        vs_wake(&s->wake, now, t->sb.last);
        if (w != VS_NEVER) vs_wake(&s->wake, now, w);
        t->reason = VS_STALL_DRAIN;
      }
      break;
    }
    default:
      break;
    }
  }
  for (unsigned k = 0; k < s->nwg; k++) {
    vs_twg *x = &s->wg[k];
    if (!x->used || x->ndone < x->nwarps) continue;
    if (!x->flushing) {
      x->flushing = 1;
      x->end_at = now;
      if (g->c->dc_flush_on_wg_end) /* the D-cache of every SM of its span */
        for (unsigned q = 0; q < x->span; q++)
          x->end_at = vs_tmax(x->end_at, vs_dcache_flush(&g->sm[x->at.first + q].dc, now));
      s->active = 1;
    }
    if (x->end_at > now) {
      vs_wake(&s->wake, now, x->end_at);
      continue;
    }
    /* the work-group ends: free its slots and resources (on every SM of
     * its span) */
    for (unsigned w = 0; w < x->nwarps; w++) {
      vs_sm *m = &g->sm[x->tw_sm[w]];
      m->tw[x->tw[w]].state = VS_TW_FREE;
      m->fw[x->tw[w]].active = 0;
    }
    x->used = 0;
    vs_dispatch_give(g->res, &x->at, &g->req);
    g->wgs_done++;
    for (unsigned q = 0; q < x->span; q++) {
      vs_sm *m = &g->sm[x->at.first + q];
      if (q != s->id - x->at.first && g->req.warps_on[(q + x->span - x->at.rot) % x->span] == 0)
        continue; /* as at the placement */
      m->resident--;
      m->st.last_end = now;
      m->active = 1;
      m->progress = 1;
    }
    if (g->obs && g->obs->wg_end) g->obs->wg_end(g->obs->ctx, s->id, k, x->wg.id, now);
  }
}

/* ---- the load/store unit ---- */

static void lsu_cycle(vs_sm *s, uint64_t now)
{
  int act = 0;
  vs_lsent *e = vs_lsu_cycle(&s->lsu, &s->dc, &s->lds, now, &s->wake, &act);
  if (act) {
    s->active = 1;
    s->progress = 1;
  }
  if (!e) return;
  vs_twarp *t = &s->tw[e->warp];
  uint64_t done = e->done;
  /* the counters it counts in (FLAT: two) that return in issue order */
  unsigned ord = e->memop >= 0 ? t->mo.kind[e->memop] & s->g->prof->inorder_counters : 0;
  for (int k = 0; k < VS_NCNT; k++)
    if (ord >> k & 1u) done = vs_tmax(done, t->cnt_last[k]);
  for (int k = 0; k < VS_NCNT; k++)
    if (ord >> k & 1u) t->cnt_last[k] = done;
  if (e->ndst) {
    done += s->g->c->core_wb_latency;
    for (unsigned k = 0; k < e->ndst; k++) vs_sb_set_n(&t->sb, e->dst[k].sb, e->dst[k].n, done);
  }
  vs_memops_complete(&t->mo, e->memop, done);
  vs_lsu_pop(&s->lsu);
}

/* memory instructions in flight on the SM (all warps) */
static unsigned lsu_inflight_scan(const vs_sm *s, uint64_t now, uint64_t *wake)
{
  unsigned n = 0;
  for (unsigned i = 0; i < s->nw; i++) {
    const vs_memops *m = &s->tw[i].mo;
    if (s->tw[i].state == VS_TW_FREE) continue;
    for (unsigned k = 0; k < m->hi; k++)
      if (m->done[k] > now) {
        n++;
        if (m->done[k] != VS_NEVER) vs_wake(wake, now, m->done[k]);
      }
  }
  return n;
}

/* The same, scanned once per cycle (issue_mem counts what issues after
 * the scan); the earliest completion among them lowers the SM's wake-up */
static unsigned lsu_inflight(vs_sm *s, uint64_t now)
{
  if (s->infl_at != now + 1) {
    s->infl_wake = VS_NEVER;
    s->infl = lsu_inflight_scan(s, now, &s->infl_wake);
    s->infl_at = now + 1;
  }
  if (s->infl_wake != VS_NEVER) vs_wake(&s->wake, now, s->infl_wake);
  return s->infl;
}

/* ---- issue ---- */

/* ---- ALU-delay hints and clauses (seed 002: s_delay_alu, s_clause) ---- */

/* The cycle from which delay d (VS_DELAY_*) of warp t is met */
static uint64_t delay_until(const vs_twarp *t, unsigned d)
{
  if (d >= VS_DELAY_VALU1 && d < VS_DELAY_VALU1 + 4) { /* the result of the n-th previous VALU */
    unsigned n = d - VS_DELAY_VALU1 + 1;
    return t->nvalu >= n ? t->valu_done[(t->nvalu - n) % 4] : 0;
  }
  if (d >= VS_DELAY_TRANS1 && d < VS_DELAY_TRANS1 + 3) {
    unsigned n = d - VS_DELAY_TRANS1 + 1;
    return t->ntrans >= n ? t->trans_done[(t->ntrans - n) % 3] : 0;
  }
  if (d == VS_DELAY_FMA_ACCUM) /* one idle cycle after the previous VALU issue */
    return t->nvalu ? t->valu_issue + 2 : 0;
  if (d >= VS_DELAY_SALU1 && d < VS_DELAY_SALU1 + 3) /* n idle cycles after the previous SALU issue */
    return t->salu_issue ? t->salu_issue + 1 + (d - VS_DELAY_SALU1 + 1) : 0;
  return 0;
}

/* The cycle from which the delays pending on warp t's next instruction
 * (an ALU one: on others a hint has no effect) are met */
static uint64_t delays_until(const vs_twarp *t, const vs_tinfo *ti)
{
  if (!(ti->xf & (VS_TX_VALU | VS_TX_SALU))) return 0;
  uint64_t u = 0;
  for (int k = 0; k < 2; k++)
    if (t->dly_pos[k] == 1) u = vs_tmax(u, delay_until(t, t->dly[k]));
  return u;
}

static unsigned simd_index(const vs_sm *s, unsigned i)
{
  return (unsigned)(s->units_of[i] - s->simd);
}

/* Why warp i cannot issue its front entry e at now (VS_STALL_ISSUED: it can) */
static int can_issue(vs_sm *s, unsigned i, const vs_ibent *e, uint64_t now)
{
  vs_twarp *t = &s->tw[i];
  vs_fwarp *f = &s->fw[i];
  const struct vs_timing_config *c = s->g->c;
  if (t->at_barrier) return VS_STALL_BARRIER;
  if (t->resume_at > now) {
    vs_wake(&s->wake, now, t->resume_at);
    return VS_STALL_BARRIER;
  }
  if (!e) return f->icwait ? VS_STALL_ICACHE_MISS : VS_STALL_IBUF_EMPTY;
  if (e->ready_at > now) {
    vs_wake(&s->wake, now, e->ready_at);
    return VS_STALL_IBUF_EMPTY;
  }
  const vs_tinfo *ti = vs_ibent_info(s->g->tic, e);
  if (ti->flags & (VS_TI_BARRIER | VS_TI_FENCE)) {
    unsigned mask = ti->flags & VS_TI_FENCE ? VS_CNT_ALL : vs_fence_counters(ti->fence);
    if (mask && !vs_memops_drained(&t->mo, mask, now, &s->wake)) return VS_STALL_MEM_COUNTERS;
  }
  if (ti->flags & VS_TI_WAIT) /* s_waitcnt: each counter down to its threshold */
    for (int k = 0; k < VS_NCNT; k++)
      if (ti->wait[k] != VS_WAIT_ANY && !vs_memops_wait(&t->mo, k, ti->wait[k], now, &s->wake))
        return VS_STALL_MEM_COUNTERS;
  if (!vs_sb_check(&t->sb, ti, vs_tinfo_group(ti, t->w), now, &s->wake))
    return VS_STALL_SCOREBOARD;
  if ((t->dly_pos[0] == 1 || t->dly_pos[1] == 1) && !(ti->xf & VS_TX_HINT)) {
    uint64_t u = delays_until(t, ti);
    if (u > now) { /* an ALU-delay hint holds it: a dependency wait */
      vs_wake(&s->wake, now, u);
      return VS_STALL_SCOREBOARD;
    }
  }
  { /* another warp of the SIMD holds a clause of this type */
    unsigned p = c->core_split_issue ? vs_ti_port(ti->flags) : 0, k = simd_index(s, i);
    unsigned h = s->clause_hold[p][k];
    if (h && h - 1 != i && !(ti->xf & VS_TX_HINT)) {
      const vs_twarp *o = &s->tw[h - 1];
      if (o->state == VS_TW_ACTIVE && !o->at_barrier) return VS_STALL_NOT_SELECTED;
      s->clause_hold[p][k] = 0; /* its warp ended or waits at a barrier: the clause is over */
    }
  }
  unsigned nopc = (unsigned)c->core_issue_per_warp, k = 0;
  while (k < nopc && t->opc_free[k] > now) k++;
  if (k == nopc) {
    uint64_t soon = VS_NEVER;
    for (unsigned j = 0; j < nopc; j++) soon = vs_tmin(soon, t->opc_free[j]);
    vs_wake(&s->wake, now, soon);
    return VS_STALL_OPERANDS;
  }
  if (ti->flags & VS_TI_MEM) {
    if (vs_memops_inflight(&t->mo, now) >= t->mo.cap) {
      uint64_t w = VS_NEVER;
      for (unsigned j = 0; j < t->mo.cap; j++)
        if (t->mo.done[j] > now) w = vs_tmin(w, t->mo.done[j]);
      vs_wake(&s->wake, now, w);
      return VS_STALL_UNIT_BUSY;
    }
    if (!vs_lsu_slot(&s->lsu) || lsu_inflight(s, now) >= c->lsu_entries)
      return VS_STALL_UNIT_BUSY;
  } else if (ti->unit != VS_U_CTRL && !(ti->xf & VS_TX_HINT)) {
    uint64_t w = VS_NEVER;
    if (!vs_units_accepts(s->units_of[i], ti->unit, now + c->core_opc_latency, &w)) {
      vs_wake(&s->wake, now, w - c->core_opc_latency);
      return VS_STALL_UNIT_BUSY;
    }
  }
  return VS_STALL_ISSUED;
}

static void fail(vs_sm *s, vs_warp *w)
{
  vs_gpu *g = s->g;
  if (!g->failed) vs_exec_report_fault(&g->ex, w, &g->err);
  g->failed = 1;
  g->end_cycle = g->now + 1; /* this cycle ran (partial statistics) */
}

/* Sends a memory instruction to the LSU */
static void issue_mem(vs_sm *s, unsigned i, const vs_tinfo *ti, unsigned grp, uint64_t ready,
                      uint64_t now)
{
  vs_gpu *g = s->g;
  vs_twarp *t = &s->tw[i];
  vs_lsent *e = vs_lsu_slot(&s->lsu);
  const vs_memrec *r = &g->ex.memrec;
  const vs_memacc *lds[VS_MEMREC_MAX], *glb[VS_MEMREC_MAX];
  unsigned nl = 0, ng = 0;
  vs_addr lbase = t->w->wg->lds_base;
  for (unsigned k = 0; k < r->n; k++) {
    const vs_memacc *a = &r->acc[k];
    if (a->space == VS_SPACE_LOCAL && a->addr - lbase < g->c->lds_size && !a->is_atomic)
      lds[nl++] = a;
    else
      glb[ng++] = a;
  }
  /* a scalar memory instruction with a scalar cache goes there, without
   * the vector address unit (its address is one scalar register pair plus
   * an offset), in requests of the scalar cache's lines */
  e->scalar = (ti->flags & VS_TI_SMEM) != 0;
  int kc = e->scalar && s->lsu.kc;
  e->warp = i;
  e->ready_at = ready + (kc ? 0 : g->c->lsu_agu_latency);
  e->done = e->ready_at;
  e->next = 0;
  e->nreq = (uint16_t)vs_coalesce(glb, ng, kc ? s->lsu.kc->line : (unsigned)g->c->dc_line, e->req);
  e->lds_passes = (uint16_t)(nl ? vs_lds_passes(&s->lds, lds, nl) : 0);
  /* with the wait-counter interlock the results of memory instructions
   * are not scoreboarded: the program waits for them (s_waitcnt) */
  int interlocked = g->prof->interlock == VS_IL_SCOREBOARD;
  e->ndst = interlocked ? ti->ndst : 0;
  for (unsigned k = 0; k < e->ndst; k++) {
    e->dst[k].sb = ti->dst[k].sb;
    e->dst[k].n = (uint16_t)vs_treg_n(&ti->dst[k], grp);
  }
  e->is_load = ti->ndst > 0;
  int vkind = ti->ndst > 0 || !(ti->flags & VS_TI_STORE) ? VS_CNT_VM : g->prof->store_counter;
  unsigned kinds;
  if (ti->cnt_also) /* FLAT: its vector memory counter and LGKMcnt, wherever it went */
    kinds = 1u << vkind | ti->cnt_also;
  else if ((ti->flags & VS_TI_SMEM) || (ng == 0 && nl > 0))
    kinds = 1u << VS_CNT_LGKM;
  else
    kinds = 1u << vkind;
  uint64_t dummy = VS_NEVER;
  e->memop = vs_memops_alloc(&t->mo, kinds, now, &dummy);
  if (interlocked) vs_sb_reserve(&t->sb, ti, grp, VS_NEVER);
  vs_lsu_push(&s->lsu);
  if (s->infl_at == now + 1) s->infl++; /* the scan of this cycle (lsu_inflight) */
}

/* Cycles a warp whose instruction waited (VS_EV_WAIT) lets pass before it
 * fetches it again (besides the branch latency) */
#define VS_WAIT_RETRY 32u

static void issue(vs_sm *s, unsigned i, vs_ibent *e, uint64_t now)
{
  vs_gpu *g = s->g;
  const struct vs_timing_config *c = g->c;
  vs_twarp *t = &s->tw[i];
  vs_fwarp *f = &s->fw[i];
  vs_warp *w = t->w;
  s->active = 1;
  if (e->d && e->pc != w->pc) { /* the I-buffer went stale: refetch */
    vs_fetch_redirect(f, w->pc, now);
    return;
  }
  if (g->opt->max_instructions && g->insns >= g->opt->max_instructions) {
    vs_warp_fault(w, VS_FAULT_LIMIT, 0, "instruction limit reached (--max-instructions %" PRIu64 ")",
                  g->opt->max_instructions);
    fail(s, w);
    return;
  }
  const vs_dinsn *d = vs_fetch(w);
  if (!d) {
    fail(s, w);
    return;
  }
  /* the cache entry stays as it is until the next lookup, after this
   * instruction issued */
  const vs_tinfo *ti = vs_tinfo_get(g->tic, d);
  vs_addr pc = w->pc;
  unsigned depth = vs_warp_div_depth(w);
  unsigned active = (unsigned)__builtin_popcountll(w->active);
  unsigned grp = vs_tinfo_group(ti, w); /* before it runs: vsetvli may change it */
  g->ex.memrec.n = 0;
  w->memrec = &g->ex.memrec;
  int ev = d->exec(w, d);
  w->insns++;
  if (ev == VS_EV_WAIT) { /* waits for other warps (AMD GWS): not executed, not progress; the
                            * instruction is fetched again and retried after a back-off */
    w->insns--;
    w->memrec = NULL;
    t->waiting = 1;
    vs_fetch_redirect(f, w->pc, now + c->core_branch_latency + VS_WAIT_RETRY);
    return;
  }
  t->waiting = 0;
  if (ev == VS_EV_FAULT) {
    w->memrec = NULL;
    fail(s, w);
    return;
  }
  if (g->ex.trace) g->ex.isa->trace(g->ex.trace, w, d, pc);
  w->memrec = NULL;
  vs_exec_stats_count(&g->es, d->cls, active, depth, vs_warp_div_depth(w), &g->ex.memrec);
  g->insns++;
  g->thread_insns += active;
  t->insns++;
  s->st.warp_insns++;
  s->st.thread_insns += active;
  s->st.interval_insns++;
  s->progress = 1;
  vs_ibuf_pop(&f->ib);

  /* timing: operands, then the unit or the LSU */
  unsigned k = 0;
  while (t->opc_free[k] > now) k++;
  uint64_t ready = vs_opcoll_collect(&s->opc, i, ti, grp, now);
  uint64_t resolved = ready;
  if (ti->xf & VS_TX_HINT) {
    /* s_delay_alu / s_clause: handled ahead of issue (issue_stage), no unit */
    if (ti->clause_len) {
      t->clause_arm = ti->clause_len;
      t->clause_arm_break = ti->clause_break;
    } else { /* a later hint replaces the pending one (seed 002) */
      t->dly[0] = ti->delay[0];
      t->dly[1] = ti->delay[1];
      t->dly_pos[0] = ti->delay[0] ? 1 : 0;
      t->dly_pos[1] = ti->delay[1] ? (uint8_t)(1 + ti->delay_skip) : 0;
    }
  } else if (ti->flags & VS_TI_MEM) {
    issue_mem(s, i, ti, grp, ready, now);
    t->opc_free[k] = ready;
  } else {
    uint64_t start;
    uint64_t done = vs_units_exec(s->units_of[i], ti->unit, ti->cls, active, w->nlanes, ready, &start);
    vs_sb_reserve(&t->sb, ti, grp, done + c->core_wb_latency);
    t->opc_free[k] = start;
    resolved = done;
    if (ti->xf & VS_TX_VALU) {
      t->valu_done[t->nvalu++ % 4] = done + c->core_wb_latency;
      t->valu_issue = now;
      if (ti->xf & VS_TX_TRANS) t->trans_done[t->ntrans++ % 3] = done + c->core_wb_latency;
    }
    if (ti->xf & VS_TX_SALU) t->salu_issue = now;
    if (ti->xf & VS_TX_DUAL) s->st.dual_issues++;
  }
  if (!(ti->xf & VS_TX_HINT)) {
    for (int q = 0; q < 2; q++)
      if (t->dly_pos[q]) t->dly_pos[q]--;
    /* clauses: the first instruction after s_clause gives the type (its
     * port); the clause's warp holds the port of its SIMD for the rest,
     * but for a break every cl_span instructions: then the port is free
     * until the warp issues its next instruction of the clause, which
     * waits like any other for a clause another warp holds */
    unsigned p = c->core_split_issue ? vs_ti_port(ti->flags) : 0, sk = simd_index(s, i);
    if (t->cl_left && t->cl_port != p) { /* an instruction of another type ends it */
      if (s->clause_hold[t->cl_port][sk] == i + 1) s->clause_hold[t->cl_port][sk] = 0;
      t->cl_left = 0;
    }
    int in_clause = 0;
    if (t->clause_arm) {
      t->cl_left = (uint8_t)(t->clause_arm - 1);
      t->cl_port = (uint8_t)p;
      t->cl_span = t->clause_arm_break;
      t->cl_run = 0;
      t->clause_arm = 0;
      in_clause = 1;
    } else if (t->cl_left) {
      t->cl_left--;
      in_clause = 1;
    }
    if (in_clause) {
      int brk = t->cl_span && ++t->cl_run >= t->cl_span;
      if (brk) t->cl_run = 0;
      s->clause_hold[p][sk] = (uint8_t)(t->cl_left && !brk ? i + 1 : 0);
    }
  }
  /* control flow: drop what was fetched ahead, refetch at the new pc */
  if (ev == VS_EV_END) {
    vs_ibuf_flush(&f->ib);
    f->active = 0;
  } else if ((ti->flags & VS_TI_CTRL) || w->pc != pc + d->len) {
    vs_fetch_redirect(f, w->pc, resolved + c->core_branch_latency);
  }
  switch (ev) {
  case VS_EV_BARRIER: {
    vs_twg *x = &g->sm[t->wg_sm].wg[t->wg];
    g->es.barriers++;
    t->at_barrier = 1;
    if (vs_wg_arrive(&x->wg, w)) barrier_opened(s, x, now);
    break;
  }
  case VS_EV_END: {
    vs_twg *x = &g->sm[t->wg_sm].wg[t->wg];
    t->state = VS_TW_ENDING;
    if (vs_wg_end_warp(&x->wg, w)) barrier_opened(s, x, now);
    break;
  }
  case VS_EV_PRINT:
    if (g->opt->on_print && g->opt->on_print(g->opt->on_print_ctx, g->dev, g->l)) {
      vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "the print buffer could not be read");
      fail(s, w);
      return;
    }
    g->ex.isa->print_done(w);
    break;
  default:
    break;
  }
}

static void issue_stage(vs_sm *s, uint64_t now)
{
  const struct vs_timing_config *c = s->g->c;
  const vs_tprofile *prof = s->g->prof;
  unsigned nports = c->core_split_issue ? prof->nports : 1, nw = s->nw;
  unsigned per_warp = (unsigned)c->core_issue_per_warp;
  int gto = c->core_scheduler != VS_SCHED_LRR; /* an ordered scheduler */
  /* the SIMD whose turn it is (profile simd_turns), else none */
  const vs_units *turn = prof->simd_turns ? &s->simd[now % prof->nsimd] : NULL;
  uint8_t issued_by[64];
  uint64_t ages[64];
  for (unsigned i = 0; i < nw; i++) {
    issued_by[i] = 0;
    ages[i] = s->tw[i].age;
    if (s->tw[i].state == VS_TW_ACTIVE) s->tw[i].reason = 0xff; /* not decided yet */
    if (turn && s->tw[i].state == VS_TW_ACTIVE && s->units_of[i] != turn) {
      /* not its SIMD's turn: it waits for the next one (one reason, and a
       * wake-up at that turn if it could issue) */
      int r = can_issue(s, i, vs_ibuf_front(&s->fw[i].ib), now);
      if (r == VS_STALL_ISSUED) {
        unsigned k = (unsigned)(s->units_of[i] - s->simd);
        vs_wake(&s->wake, now, now + (k + prof->nsimd - now % prof->nsimd) % prof->nsimd);
        r = VS_STALL_NOT_SELECTED;
      }
      s->tw[i].reason = (uint8_t)r;
      issued_by[i] = (uint8_t)per_warp; /* skipped below */
    }
  }
  /* hints (s_delay_alu, s_clause) at the front of a warp's I-buffer are
   * consumed ahead of issue in zero cycles (seed 002: "S_DELAY_ALU can
   * execute in zero cycles"): they take no issue slot */
  for (unsigned i = 0; i < nw; i++) {
    if (s->tw[i].state != VS_TW_ACTIVE || issued_by[i]) continue;
    for (;;) {
      vs_ibent *e = vs_ibuf_front(&s->fw[i].ib);
      if (!e || !(e->flags & VS_TI_HINT) || e->ready_at > now) break;
      if (can_issue(s, i, e, now) != VS_STALL_ISSUED) break;
      issue(s, i, e, now);
      if (s->g->failed) return;
      if (s->tw[i].state != VS_TW_ACTIVE) break;
    }
  }
  int any = 0;
  for (unsigned p = 0; p < nports; p++) {
    unsigned cap = (unsigned)c->core_issue_width;
    if (c->core_scheduler == VS_SCHED_OLDEST) {
      /* the same for every port: sorted again only after a warp started */
      if (s->order_seq != s->g->seq + 1) {
        vs_sched_order(VS_SCHED_OLDEST, nw, 0, ages, s->order);
        s->order_seq = s->g->seq + 1;
      }
    } else if (gto) {
      vs_sched_order((int)c->core_scheduler, nw, s->last[p], ages, s->order);
    }
    unsigned i = s->last[p] < nw ? s->last[p] : 0; /* lrr: start after the last one */
    for (unsigned n = 0; n < nw; n++) {
      if (gto) {
        i = s->order[n];
      } else if (++i == nw) {
        i = 0;
      }
      vs_twarp *t = &s->tw[i];
      if (t->state != VS_TW_ACTIVE) continue;
      while (issued_by[i] < per_warp) {
        vs_ibent *e = vs_ibuf_front(&s->fw[i].ib);
        /* an entry for another port is decided there */
        if (e && nports > 1 && vs_ti_port(e->flags) != p) break;
        int r = can_issue(s, i, e, now);
        if (r != VS_STALL_ISSUED) {
          if (!issued_by[i]) t->reason = (uint8_t)r;
          break;
        }
        if (cap == 0) {
          if (!issued_by[i]) t->reason = VS_STALL_NOT_SELECTED;
          break;
        }
        issue(s, i, e, now);
        if (s->g->failed) return;
        cap--;
        issued_by[i]++;
        t->reason = VS_STALL_ISSUED;
        s->last[p] = i;
        any = 1;
        if (t->state != VS_TW_ACTIVE) break;
      }
    }
  }
  if (any) s->st.issue_cycles++;
}

void vs_sm_cycle(vs_sm *s, uint64_t now)
{
  s->wake = VS_NEVER;
  s->active = 0;
  s->progress = 0;
  lifecycle(s, now);
  lsu_cycle(s, now);
  issue_stage(s, now);
  if (s->g->failed) return;
  if (vs_fetch_cycle(&s->fe, s->fw, s->nw, now, &s->wake)) s->active = 1;
  /* one reason per live warp */
  memset(s->hist, 0, sizeof s->hist);
  for (unsigned i = 0; i < s->nw; i++) {
    vs_twarp *t = &s->tw[i];
    if (t->state == VS_TW_FREE || t->state == VS_TW_DONE) continue;
    if (t->reason >= VS_STALL_COUNT) t->reason = VS_STALL_IBUF_EMPTY;
    s->hist[t->reason]++;
    if (s->g->obs && t->reason != t->reported &&
        (t->state == VS_TW_ACTIVE || t->state == VS_TW_ENDING)) { /* ENDING: drain */
      observe_warp(s, i, t->reason == VS_STALL_ISSUED ? VS_TW_RUNNING : VS_TW_STALLED, t->reason,
                   now);
      t->reported = t->reason;
    }
  }
}

unsigned vs_sm_outstanding(const vs_sm *s, uint64_t now)
{
  return s->lsu.count + vs_cache_mshr_busy(&s->dc.c, now) + vs_dcache_wshr_busy(&s->dc, now);
}

int vs_sm_memory_busy(const vs_sm *s, uint64_t now)
{
  if (vs_sm_outstanding(s, now) || vs_cache_mshr_busy(s->fe.ic, now)) return 1;
  if (s->lsu.kc && vs_cache_mshr_busy(&s->lsu.kc->c, now)) return 1;
  for (unsigned k = 0; k < s->nwg; k++)
    if (s->wg[k].used && s->wg[k].flushing && s->wg[k].end_at > now) return 1;
  return 0;
}

unsigned vs_sm_active_warps(const vs_sm *s)
{
  unsigned n = 0;
  for (unsigned i = 0; i < s->nw; i++)
    n += s->tw[i].state == VS_TW_ACTIVE || s->tw[i].state == VS_TW_PENDING ||
         s->tw[i].state == VS_TW_ENDING;
  return n;
}

size_t vs_sm_describe(const vs_sm *s, uint64_t now, char *buf, size_t len)
{
  static const char *const st[] = {"free", "starting", "active", "draining", "done"};
  size_t n = 0;
#define OUT(...) do { if (n < len) n += (size_t)snprintf(buf + n, len - n, __VA_ARGS__); } while (0)
  OUT("\n sm %u: LSU queue %u, D-cache MSHRs %u/%u busy, WSHRs %u, I-cache MSHRs %u/%u", s->id,
      s->lsu.count, vs_cache_mshr_busy(&s->dc.c, now), s->dc.c.nmshr,
      vs_dcache_wshr_busy(&s->dc, now), vs_cache_mshr_busy(s->fe.ic, now), s->fe.ic->nmshr);
  if (s->lsu.kc)
    OUT(", scalar-cache MSHRs %u/%u", vs_cache_mshr_busy(&s->lsu.kc->c, now), s->lsu.kc->c.nmshr);
  for (unsigned i = 0; i < s->nw; i++) {
    const vs_twarp *t = &s->tw[i];
    if (t->state == VS_TW_FREE) continue;
    const vs_fwarp *f = &s->fw[i];
    const vs_warp *w = t->w;
    OUT("\n  warp %u (wg %u wid %u) %s pc 0x%08" PRIx64 " ibuf v%x r%x %s stack %u", i, w->wg->id, w->wid,
        st[t->state], w->pc, vs_ibuf_valid_bits(&f->ib), vs_ibuf_ready_bits(&f->ib, now),
        t->at_barrier ? "at-barrier" : "no-barrier", vs_warp_div_depth(w));
    if (t->waiting) OUT(" waits: %s", w->fault.msg);
    for (int k = 0; k < VS_NCNT; k++) /* every wait counter: VM VS LGKM EXP */
      OUT(" %s%u", vs_cnt_name(k), vs_memops_count(&t->mo, k, now));
    uint16_t regs[8];
    unsigned np = vs_sb_pending(&t->sb, now, regs, 8);
    if (np) {
      OUT(" sb");
      for (unsigned k = 0; k < np && k < 8; k++) {
        char name[32];
        vs_tinfo_reg_name(s->g->dev->isa, regs[k], name, sizeof name);
        OUT(" %s", name);
      }
      if (np > 8) OUT(" +%u", np - 8);
    }
    OUT(" [%s]", vs_timing_stall_name(t->reason < VS_STALL_COUNT ? t->reason : 0));
  }
#undef OUT
  return n < len ? n : len;
}
