/* The functional engine: runs every work-group of a launch to completion.
 *
 * Work-groups run one after another on each host thread (-j N gives N
 * threads taking work-groups from a shared counter).  Within a work-group a
 * warp runs until it blocks (barrier), ends or faults, then the next warp
 * runs; with opt->interleave = N warps take turns of N instructions (the
 * reference simulator's order for N = 1).  The engine knows nothing about
 * cycles or instruction encodings.
 *
 * A warp may wait for other warps, also of other work-groups (VS_EV_WAIT:
 * AMD's global wave sync): when every warp of the work-groups a host thread
 * runs waits, it starts the next work-group alongside them (up to the ISA's
 * resident_wgs), else it waits for another host thread to make progress;
 * when no host thread can, the launch is deadlocked. */
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "core/check.h"
#include "core/debug.h"
#include "core/engine.h"
#include "core/workgroup.h"
#include "ventsim/stats.h"

typedef struct shared {
  vs_launch_ctx lc;
  const vs_run_options *opt;
  _Atomic uint32_t next_wg;
  _Atomic int stop;         /* an error happened: everyone stops         */
  int64_t budget;           /* remaining instruction budget (if limited; under budget_lock) */
  int limited;
  unsigned budget_held;     /* slices taken and not yet given back       */
  pthread_mutex_t budget_lock;
  pthread_cond_t budget_cv;
  pthread_mutex_t print_lock;
  _Atomic uint64_t wg_done;    /* progress */
  _Atomic uint64_t insns_done;
  unsigned resident;           /* work-groups a host thread may keep resident */
  /* host threads whose warps all wait (VS_EV_WAIT), under wait_lock */
  pthread_mutex_t wait_lock;
  pthread_cond_t wait_cv;
  uint64_t advanced;           /* rounds in which some host thread made progress */
  unsigned live;               /* host threads still running work-groups      */
  unsigned stuck;              /* of them, those waiting since `advanced` last changed */
} shared;

#define VS_RESIDENT_MAX 64u

/* A work-group a host thread has resident */
typedef struct resident_wg {
  vs_wg wg;
  vs_warp **warps;          /* wg_warps warps, allocated the first time used */
  unsigned slot;
} resident_wg;

/* What one host thread owns */
typedef struct worker {
  vs_exec ex;
  resident_wg res_wg[VS_RESIDENT_MAX]; /* sh->resident of them usable        */
  unsigned run[VS_RESIDENT_MAX];    /* the resident work-groups (indices)  */
  unsigned nrun;
  unsigned slot;            /* its first slot; resident k is slot + k     */
  vs_run_result res;
  vs_exec_stats st;         /* collected when opt->stats is set */
  vs_error err;
  int failed;
  pthread_t thread;
  shared *sh;
} worker;

/* Runs up to n instructions of w.  Returns the event that stopped it, or
 * VS_EV_NONE if the slice was used up. */
static int run_slice(vs_warp *w, uint64_t n)
{
  while (n--) {
    int ev = vs_step(w);
    if (__builtin_expect(ev != VS_EV_NONE, 0)) return ev;
  }
  return VS_EV_NONE;
}

/* Same, writing the commit log, collecting statistics and/or checking */
static int run_slice_instrumented(worker *wk, vs_warp *w, uint64_t n)
{
  vs_exec *ex = &wk->ex;
  vs_exec_stats *st = wk->sh->opt->stats ? &wk->st : NULL;
  const vs_check_hooks *chk = wk->sh->opt->check;
  while (n--) {
    vs_addr pc = w->pc;
    const vs_dinsn *d = vs_fetch(w);
    if (!d) return VS_EV_FAULT;
    ex->memrec.n = 0;
    w->memrec = &ex->memrec;
    unsigned depth = st ? vs_warp_div_depth(w) : 0;
    vs_mask mask = w->active;
    unsigned active = (unsigned)__builtin_popcountll(mask);
    int ev = d->exec(w, d);
    w->insns++;
    if (ev == VS_EV_WAIT) { /* not executed: nothing to trace, count or check */
      w->memrec = NULL;
      return ev;
    }
    if (ev != VS_EV_FAULT && ex->trace) ex->isa->trace(ex->trace, w, d, pc);
    if (st && ev != VS_EV_FAULT)
      vs_exec_stats_count(st, d->cls, active, depth, vs_warp_div_depth(w), &ex->memrec);
    if (chk && ev != VS_EV_FAULT) chk->insn(chk->ctx, w, d, pc, mask, &ex->memrec, ev);
    w->memrec = NULL;
    if (ev != VS_EV_NONE) return ev;
  }
  return VS_EV_NONE;
}

static int stopped_by_debugger(vs_warp *w)
{
  return vs_warp_fault(w, VS_FAULT_STOPPED, 0, "stopped by the debugger");
}

/* 1 for the events the engine acts on before after_insn sees them */
static int acted_on_first(int ev)
{
  return ev == VS_EV_BARRIER || ev == VS_EV_END || ev == VS_EV_PRINT;
}

/* Same, one instruction at a time between the debugger's hooks.  For a
 * barrier arrival, a warp's end or a print, run_wg calls after_insn once
 * it has acted on the event (so a stop there shows the barrier opened). */
static int run_slice_debug(worker *wk, vs_warp *w, uint64_t n, int instrumented)
{
  const vs_debug_hooks *dbg = wk->sh->opt->debug;
  while (n--) {
    int act = dbg->before_insn(dbg->ctx, w);
    if (act == VS_DBG_YIELD) return VS_EV_NONE;
    if (act == VS_DBG_KILL) return stopped_by_debugger(w);
    int ev = instrumented ? run_slice_instrumented(wk, w, 1) : vs_step(w);
    if (acted_on_first(ev) || ev == VS_EV_WAIT) return ev;
    if (dbg->after_insn(dbg->ctx, w, ev) == VS_DBG_KILL && ev != VS_EV_FAULT) return stopped_by_debugger(w);
    if (ev == VS_EV_FAULT && w->state == VS_W_READY) ev = VS_EV_NONE; /* handled (ebreak) */
    if (ev != VS_EV_NONE) return ev;
  }
  return VS_EV_NONE;
}

/* Takes up to `want` instructions from the shared budget.  Returns 0 only
 * when the budget is used up: while other host threads hold slices they may
 * give back, it waits for them. */
static uint64_t take_budget(shared *sh, uint64_t want)
{
  if (!sh->limited) return want;
  pthread_mutex_lock(&sh->budget_lock);
  while (sh->budget <= 0 && sh->budget_held > 0)
    pthread_cond_wait(&sh->budget_cv, &sh->budget_lock);
  int64_t left = sh->budget;
  uint64_t got = left <= 0 ? 0 : (uint64_t)left < want ? (uint64_t)left : want;
  if (got) {
    sh->budget -= (int64_t)got;
    sh->budget_held++;
  }
  pthread_mutex_unlock(&sh->budget_lock);
  return got;
}

/* Returns the unused part of a slice (once per slice take_budget gave). */
static void give_back_budget(shared *sh, uint64_t n)
{
  if (!sh->limited) return;
  pthread_mutex_lock(&sh->budget_lock);
  sh->budget += (int64_t)n;
  sh->budget_held--;
  pthread_cond_broadcast(&sh->budget_cv);
  pthread_mutex_unlock(&sh->budget_lock);
}

/* 1 if the budget is used up and no slice is out */
static int budget_exhausted(shared *sh)
{
  if (!sh->limited) return 0;
  pthread_mutex_lock(&sh->budget_lock);
  int r = sh->budget <= 0 && sh->budget_held == 0;
  pthread_mutex_unlock(&sh->budget_lock);
  return r;
}

static void report_progress(shared *sh)
{
  vs_progress p = {atomic_load(&sh->wg_done), sh->lc.nwg,
                   atomic_load_explicit(&sh->insns_done, memory_order_relaxed), 0};
  sh->opt->on_progress(sh->opt->on_progress_ctx, &p);
}

/* No warp of the work-group can run and not all have ended. */
static int deadlock(worker *wk, vs_wg *wg)
{
  const vs_launch *l = wk->sh->lc.l;
  char buf[VS_ERRMSG_MAX];
  size_t n = 0;
  n += (size_t)snprintf(buf + n, sizeof buf - n,
                        "deadlock in kernel '%s', work-group %u (%u,%u,%u): no warp can run; "
                        "%u of %u warps wait at a barrier, %u ended",
                        l->name ? l->name : "?", wg->id, wg->gx, wg->gy, wg->gz, wg->n_waiting,
                        wg->nwarps, wg->n_ended);
  for (unsigned i = 0; i < wg->nwarps && n < sizeof buf; i++) {
    vs_warp *w = wg->warps[i];
    static const char *const st[] = {"idle", "ready", "at barrier", "ended", "faulted"};
    char div[128];
    vs_warp_div_describe(w, 0, NULL, div, sizeof div);
    n += (size_t)snprintf(buf + n, sizeof buf - n,
                          "\n  warp %u: %s, pc 0x%08" PRIx64 ", active 0x%" PRIx64 "%s%s, "
                          "barriers passed %" PRIu64, i, st[w->state], w->pc, (uint64_t)w->active,
                          div[0] ? ", " : "", div, w->barriers);
    if (n < sizeof buf) n += vs_warp_div_describe(w, 1, "\n    ", buf + n, sizeof buf - n);
  }
  vs_error_set(&wk->err, VS_E_DEADLOCK, "%s", buf);
  return -1;
}

/* Runs the current work-group to completion: 0, -1 on an error (in wk->err),
 * 1 when it stopped because another host thread failed, 2 when every warp
 * that has not ended waits (VS_EV_WAIT, or at a barrier others wait past);
 * *progressed: some instruction completed. */
static int run_wg(worker *wk, vs_wg *wg, int *progressed)
{
  shared *sh = wk->sh;
  const vs_run_options *opt = sh->opt;
  uint64_t quantum = opt->interleave > 0 ? (uint64_t)opt->interleave : UINT64_C(1) << 20;
  int instrumented = wk->ex.trace != NULL || opt->stats != NULL || opt->check != NULL;
  *progressed = 0;
  for (;;) {
    int ran = 0, waiting = 0;
    for (unsigned i = 0; i < wg->nwarps; i++) {
      vs_warp *w = wg->warps[i];
      if (w->state != VS_W_READY) continue;
      if (atomic_load_explicit(&sh->stop, memory_order_relaxed)) return 1; /* another failed */
      if (opt->stop && *opt->stop) { /* the host asked the launch to stop */
        vs_warp_fault(w, VS_FAULT_STOPPED, 0, "stopped on request");
        return vs_exec_report_fault(&wk->ex, w, &wk->err);
      }
      uint64_t slice = take_budget(sh, quantum);
      if (slice == 0) {
        vs_warp_fault(w, VS_FAULT_LIMIT, 0,
                      "instruction limit reached (--max-instructions %" PRIu64 ")",
                      opt->max_instructions);
        return vs_exec_report_fault(&wk->ex, w, &wk->err);
      }
      uint64_t before = w->insns;
      int ev = __builtin_expect(opt->debug != NULL, 0) ? run_slice_debug(wk, w, slice, instrumented)
               : instrumented ? run_slice_instrumented(wk, w, slice)
                              : run_slice(w, slice);
      if (ev == VS_EV_WAIT) w->insns--; /* it did not execute */
      give_back_budget(sh, slice - (w->insns - before));
      /* the limit ran out while this warp ran: report it on this warp (the
       * one that used the instructions), not on the next one to ask */
      if (ev == VS_EV_NONE && w->insns - before == slice && budget_exhausted(sh)) {
        vs_warp_fault(w, VS_FAULT_LIMIT, 0,
                      "instruction limit reached (--max-instructions %" PRIu64 ")",
                      opt->max_instructions);
        return vs_exec_report_fault(&wk->ex, w, &wk->err);
      }
      if (opt->on_progress) {
        atomic_fetch_add_explicit(&sh->insns_done, w->insns - before, memory_order_relaxed);
        if (wk->slot == 0) report_progress(sh);
      }
      if (ev == VS_EV_WAIT) {
        waiting = 1;
        if (w->insns == before) continue; /* no progress */
      }
      ran = 1;
      *progressed = 1;
      switch (ev) {
      case VS_EV_NONE:
      case VS_EV_WAIT:
        break;
      case VS_EV_PRINT:
        if (opt->on_print) {
          pthread_mutex_lock(&sh->print_lock); /* one drain at a time */
          int prc = opt->on_print(opt->on_print_ctx, sh->lc.dev, sh->lc.l);
          pthread_mutex_unlock(&sh->print_lock);
          if (prc) {
            vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "the print buffer could not be read");
            return vs_exec_report_fault(&wk->ex, w, &wk->err);
          }
        }
        wk->ex.isa->print_done(w);
        break;
      case VS_EV_BARRIER:
        wk->st.barriers++;
        vs_wg_arrive(wg, w);
        break;
      case VS_EV_END:
        vs_wg_end_warp(wg, w);
        break;
      default: /* VS_EV_FAULT */
        return vs_exec_report_fault(&wk->ex, w, &wk->err);
      }
      if (__builtin_expect(opt->debug != NULL, 0) && acted_on_first(ev) &&
          opt->debug->after_insn(opt->debug->ctx, w, ev) == VS_DBG_KILL) {
        stopped_by_debugger(w);
        return vs_exec_report_fault(&wk->ex, w, &wk->err);
      }
    }
    if (wg->n_ended == wg->nwarps) return 0;
    if (!ran) return waiting ? 2 : deadlock(wk, wg);
  }
}

/* Every warp of the launch that can run waits: the first waiting warp of
 * this host thread reports what it waits for. */
static int wait_deadlock(worker *wk)
{
  unsigned nwait = 0;
  vs_warp *first = NULL;
  for (unsigned r = 0; r < wk->nrun; r++) {
    vs_wg *wg = &wk->res_wg[wk->run[r]].wg;
    for (unsigned i = 0; i < wg->nwarps; i++)
      if (wg->warps[i]->state == VS_W_READY) {
        nwait++;
        if (!first) first = wg->warps[i];
      }
  }
  char why[sizeof first->fault.msg];
  snprintf(why, sizeof why, "%s", first->fault.msg);
  vs_warp_fault(first, VS_FAULT_DEADLOCK, 0,
                "deadlock: every warp that can run waits; this one: %s (%u waiting warps in %u resident "
                "work-groups of this host thread)", why, nwait, wk->nrun);
  return vs_exec_report_fault(&wk->ex, first, &wk->err);
}

static void account_wg(worker *wk, resident_wg *r)
{
  if (wk->sh->opt->on_progress) {
    atomic_fetch_add(&wk->sh->wg_done, 1);
    if (wk->slot == 0) report_progress(wk->sh);
  }
  for (unsigned i = 0; i < r->wg.nwarps; i++) {
    vs_warp *w = r->warps[i];
    wk->res.warp_insns += w->insns;
    wk->res.thread_insns += vs_warp_thread_insns(w);
  }
  wk->res.workgroups++;
  wk->st.workgroups++;
  wk->st.warps += r->wg.nwarps;
}

/* Starts the next work-group of the launch in a free resident slot: 1, 0
 * when none is left (or no slot is free), -1 when out of memory. */
static int start_next(worker *wk)
{
  shared *sh = wk->sh;
  if (wk->nrun >= sh->resident || atomic_load(&sh->next_wg) >= sh->lc.nwg) return 0;
  unsigned k = 0;
  for (int used = 1; used; k += used) {
    used = 0;
    for (unsigned r = 0; r < wk->nrun; r++) used |= wk->run[r] == k;
  }
  resident_wg *r = &wk->res_wg[k];
  if (!r->warps && vs_warps_alloc(&sh->lc, &r->warps, &wk->err)) return -1;
  uint32_t id = atomic_fetch_add(&sh->next_wg, 1);
  if (id >= sh->lc.nwg) return 0;
  r->slot = wk->slot + k;
  vs_wg_start(&sh->lc, &r->wg, r->warps, &wk->ex, id, r->slot);
  if (sh->opt->check) sh->opt->check->wg_start(sh->opt->check->ctx, &r->wg);
  wk->run[wk->nrun++] = k;
  return 1;
}

/* Every warp of this host thread's work-groups waits and it can start no
 * other: waits until another host thread makes progress (1: run them
 * again) or all wait too (0: deadlock).  seen: sh->advanced before the
 * round that made no progress.  A round that made progress resets `stuck`
 * (the waiters wake up and run again). */
static int wait_for_others(worker *wk, uint64_t seen)
{
  shared *sh = wk->sh;
  int again = 1;
  pthread_mutex_lock(&sh->wait_lock);
  if (sh->advanced == seen && !atomic_load(&sh->stop)) {
    sh->stuck++;
    for (;;) {
      if (sh->advanced != seen || atomic_load(&sh->stop)) break;
      if (sh->stuck >= sh->live) {
        again = 0;
        break;
      }
      pthread_cond_wait(&sh->wait_cv, &sh->wait_lock);
    }
  }
  pthread_mutex_unlock(&sh->wait_lock);
  return again;
}

/* Some host thread made progress, or one stopped: the waiting ones look again */
static void advance(shared *sh, int leaving)
{
  pthread_mutex_lock(&sh->wait_lock);
  if (leaving) {
    sh->live--;
  } else {
    sh->advanced++;
    sh->stuck = 0;
  }
  pthread_cond_broadcast(&sh->wait_cv);
  pthread_mutex_unlock(&sh->wait_lock);
}

static void fail(worker *wk, vs_wg *wg)
{
  shared *sh = wk->sh;
  if (sh->opt->debug && wg) sh->opt->debug->error(sh->opt->debug->ctx, wg, &wk->err);
  wk->failed = 1;
  atomic_store(&sh->stop, 1);
  advance(sh, 0); /* wakes the waiting host threads: they stop */
}

/* Runs work-groups until none is left.  Usually one at a time: a second is
 * started only while every warp of the first waits (VS_EV_WAIT). */
static void *worker_main(void *arg)
{
  worker *wk = arg;
  shared *sh = wk->sh;
  while (!atomic_load(&sh->stop)) {
    if (wk->nrun == 0) {
      int rc = start_next(wk);
      if (rc < 0) fail(wk, NULL);
      if (rc <= 0) break;
    }
    pthread_mutex_lock(&sh->wait_lock);
    uint64_t seen = sh->advanced;
    pthread_mutex_unlock(&sh->wait_lock);
    int progressed = 0, stop = 0;
    for (unsigned r = 0; r < wk->nrun && !stop;) {
      resident_wg *x = &wk->res_wg[wk->run[r]];
      int p, rc = run_wg(wk, &x->wg, &p);
      progressed |= p;
      if (rc == 2) {
        r++;
        continue;
      }
      account_wg(wk, x);
      if (rc > 0) { /* stopped because another host thread failed */
        stop = 1;
      } else if (rc) {
        fail(wk, &x->wg);
        stop = 1;
      }
      wk->run[r] = wk->run[--wk->nrun];
      progressed = 1;
    }
    if (stop) break;
    if (progressed) {
      advance(sh, 0);
      continue;
    }
    /* every warp waits: another work-group alongside, else the others */
    int rc = start_next(wk);
    if (rc < 0) {
      fail(wk, &wk->res_wg[wk->run[0]].wg);
      break;
    }
    if (rc > 0 || wait_for_others(wk, seen)) continue;
    if (atomic_load(&sh->stop)) break;
    wait_deadlock(wk);
    fail(wk, &wk->res_wg[wk->run[0]].wg);
    break;
  }
  /* work-groups left resident when the launch stopped: count what they ran */
  for (unsigned r = 0; r < wk->nrun; r++) account_wg(wk, &wk->res_wg[wk->run[r]]);
  wk->nrun = 0;
  advance(sh, 1);
  return NULL;
}

int vs_engine_run(vs_device *dev, const vs_launch *l, const vs_run_options *opt,
                  vs_run_result *res, vs_exec_stats *st, int *ran_out, vs_error *err)
{
  static const vs_run_options defopt;
  if (!opt) opt = &defopt;
  memset(res, 0, sizeof *res);
  if (ran_out) *ran_out = 0;
  if (opt->trace && opt->threads > 1)
    return vs_error_set(err, VS_E_USAGE, "--trace needs a single host thread (-j 1)");
  if (opt->debug && opt->threads > 1)
    return vs_error_set(err, VS_E_USAGE, "a debugger needs a single host thread (-j 1)");
  vs_launch_shape shape;
  if (vs_launch_shape_of(l, &shape, err)) return -1;
  /* the checker's shadow state is one host thread's: work-groups one at a time */
  unsigned nthreads = opt->threads > 1 && !opt->check ? opt->threads : 1;
  if (nthreads > shape.nwg) nthreads = (unsigned)shape.nwg;

  shared sh;
  memset(&sh, 0, sizeof sh);
  sh.opt = opt;
  sh.limited = opt->max_instructions > 0;
  sh.budget = sh.limited ? (int64_t)opt->max_instructions : 0;
  /* resident work-groups per host thread (the checker's shadow state and a
   * debugger follow one work-group at a time) */
  unsigned resident = dev->isa->resident_wgs > 1 && !opt->check && !opt->debug ? dev->isa->resident_wgs : 1;
  if (resident > VS_RESIDENT_MAX) resident = VS_RESIDENT_MAX;
  if (vs_launch_begin(&sh.lc, dev, l, nthreads * resident, err)) return -1;
  if (sh.lc.nslots < resident) resident = sh.lc.nslots;
  nthreads = sh.lc.nslots / resident; /* fewer if the work-groups share local memory */
  sh.resident = resident;
  sh.live = nthreads;
  pthread_mutex_init(&sh.print_lock, NULL);
  pthread_mutex_init(&sh.wait_lock, NULL);
  pthread_cond_init(&sh.wait_cv, NULL);
  pthread_mutex_init(&sh.budget_lock, NULL);
  pthread_cond_init(&sh.budget_cv, NULL);

  int rc = 0;
  worker *wks = vs_calloc(nthreads, sizeof *wks, err);
  if (!wks) rc = -1;
  for (unsigned t = 0; rc == 0 && t < nthreads; t++) {
    worker *wk = &wks[t];
    wk->sh = &sh;
    wk->slot = t * resident;
    vs_launch_exec_init(&sh.lc, &wk->ex, opt);
    if (vs_warps_alloc(&sh.lc, &wk->res_wg[0].warps, err)) rc = -1;
  }
  double t0 = vs_now();
  int ran = rc == 0; /* the workers ran: statistics record the launch, complete or not */
  if (rc == 0 && opt->debug) opt->debug->launch(opt->debug->ctx, l, 1);
  if (rc == 0 && opt->check) opt->check->launch(opt->check->ctx, &sh.lc, 1);
  if (rc == 0) {
    if (nthreads == 1) {
      worker_main(&wks[0]);
    } else {
      unsigned started = 0;
      for (unsigned t = 0; t < nthreads; t++) {
        if (pthread_create(&wks[t].thread, NULL, worker_main, &wks[t]) != 0) {
          atomic_store(&sh.stop, 1);
          advance(&sh, 0); /* the started ones may wait for the others */
          vs_error_set(&wks[t].err, VS_E_NOMEM, "could not start host thread %u", t);
          wks[t].failed = 1;
          break;
        }
        started++;
      }
      for (unsigned t = 0; t < started; t++) pthread_join(wks[t].thread, NULL);
    }
    for (unsigned t = 0; t < nthreads; t++) {
      res->warp_insns += wks[t].res.warp_insns;
      res->thread_insns += wks[t].res.thread_insns;
      res->workgroups += wks[t].res.workgroups;
      if (wks[t].failed && rc == 0) {
        *err = wks[t].err;
        rc = -1;
      }
    }
  }
  res->seconds = vs_now() - t0;
  if (opt->debug) opt->debug->launch(opt->debug->ctx, l, 0);
  if (ran && opt->check) opt->check->launch(opt->check->ctx, &sh.lc, 0);
  if (rc == 0 && opt->on_print && opt->on_print(opt->on_print_ctx, dev, l))
    rc = vs_error_set(err, VS_E_KERNEL, "kernel '%s': the print buffer could not be read",
                      l->name ? l->name : "?");
  pthread_mutex_destroy(&sh.print_lock);
  pthread_mutex_destroy(&sh.wait_lock);
  pthread_cond_destroy(&sh.wait_cv);
  pthread_mutex_destroy(&sh.budget_lock);
  pthread_cond_destroy(&sh.budget_cv);
  if (ran && opt->stats && st) { /* also a launch that stopped: what it did until then */
    memset(st, 0, sizeof *st);
    for (unsigned t = 0; t < nthreads; t++) vs_exec_stats_add(st, &wks[t].st);
    st->warp_insns = res->warp_insns;
    st->thread_insns = res->thread_insns;
    if (ran_out) *ran_out = 1;
  }
  if (wks)
    for (unsigned t = 0; t < nthreads; t++)
      for (unsigned k = 0; k < resident; k++)
        if (wks[t].res_wg[k].warps) vs_warps_free(dev->isa, wks[t].res_wg[k].warps, sh.lc.shape.wg_warps);
  free(wks);
  vs_launch_end(&sh.lc);
  return rc;
}
