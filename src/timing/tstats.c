/* Statistics of a timing run: the "timing" object of a launch in the
 * --stats JSON (documented in docs/timing-model.md) and the human-readable
 * summary.  Only simulated quantities go into the JSON (no wall time), so
 * it is identical for identical runs. */
#include <cjson/cJSON.h>
#include <inttypes.h>
#include <string.h>

#include "timing/gpu.h"

static void num(cJSON *o, const char *k, double v)
{
  cJSON_AddNumberToObject(o, k, v);
}

static double ratio(uint64_t a, uint64_t b)
{
  return b ? (double)a / (double)b : 0.0;
}

static void stalls_json(cJSON *o, const uint64_t *st)
{
  for (int r = 0; r < VS_STALL_COUNT; r++) num(o, vs_timing_stall_name(r), (double)st[r]);
}

/* Requests: lookups made, each request once (hits, pending hits, misses).
 * A reservation fail is a refused attempt, retried; an atomic bypasses the
 * L1.  The hit rate is over requests (docs/stats-format.md). */
static uint64_t requests(const vs_cache_stats *s)
{
  return s->hits + s->pending_hits + s->misses;
}

static double hit_rate(const vs_cache_stats *s)
{
  return ratio(s->hits + s->pending_hits, requests(s));
}

static void cache_json(cJSON *o, const vs_cache_stats *s, uint64_t cycles)
{
  num(o, "accesses", (double)s->accesses);
  num(o, "requests", (double)requests(s));
  num(o, "hits", (double)s->hits);
  num(o, "pending_hits", (double)s->pending_hits);
  num(o, "misses", (double)s->misses);
  num(o, "reservation_fails", (double)s->rfails);
  num(o, "evictions", (double)s->evictions);
  num(o, "writebacks", (double)s->writebacks);
  num(o, "hit_rate", hit_rate(s));
  num(o, "mshr_allocations", (double)s->mshr_allocs);
  num(o, "mshr_avg_occupancy", ratio(s->mshr_busy_cycles, cycles));
  num(o, "mshr_max_occupancy", (double)s->mshr_max);
}

static void cache_add(vs_cache_stats *a, const vs_cache_stats *s)
{
  a->accesses += s->accesses;
  a->hits += s->hits;
  a->pending_hits += s->pending_hits;
  a->misses += s->misses;
  a->rfails += s->rfails;
  a->rfail_mshr += s->rfail_mshr;
  a->rfail_set += s->rfail_set;
  a->rfail_targets += s->rfail_targets;
  a->evictions += s->evictions;
  a->writebacks += s->writebacks;
  a->mshr_allocs += s->mshr_allocs;
  a->mshr_busy_cycles += s->mshr_busy_cycles;
  a->bank_waits += s->bank_waits;
  a->bank_wait_cycles += s->bank_wait_cycles;
  if (s->mshr_max > a->mshr_max) a->mshr_max = s->mshr_max;
}

typedef struct totals {
  uint64_t stalls[VS_STALL_COUNT];
  vs_cache_stats ic, dc, l2, l1, mall, kc;
  vs_kcache_stats k;
  uint64_t dual_issues;
  vs_dcache_stats d;
  vs_lds_stats lds;
  vs_lsu_stats lsu;
  vs_opcoll_stats opc;
  uint64_t unit_busy[VS_NUNITS], unit_insns[VS_NUNITS];
} totals;

static void sum(const vs_gpu *g, totals *t)
{
  memset(t, 0, sizeof *t);
  for (unsigned i = 0; i < g->nsm; i++) {
    const vs_sm *s = &g->sm[i];
    for (int r = 0; r < VS_STALL_COUNT; r++) t->stalls[r] += s->st.stalls[r];
    t->dual_issues += s->st.dual_issues;
    if (s->fe.ic == &s->fe.own) cache_add(&t->ic, &s->fe.ic->st); /* a shared one: its owner's */
    cache_add(&t->dc, &s->dc.c.st);
    const vs_dcache_stats *d = &s->dc.st;
    t->d.loads += d->loads;
    t->d.load_hits += d->load_hits;
    t->d.load_merged += d->load_merged;
    t->d.load_misses += d->load_misses;
    t->d.stores += d->stores;
    t->d.store_hits += d->store_hits;
    t->d.store_misses += d->store_misses;
    t->d.atomics += d->atomics;
    t->d.rfail_wshr += d->rfail_wshr;
    t->d.writes_to_l2 += d->writes_to_l2;
    t->d.flush_writebacks += d->flush_writebacks;
    t->lds.accesses += s->lds.st.accesses;
    t->lds.passes += s->lds.st.passes;
    t->lds.conflict_passes += s->lds.st.conflict_passes;
    t->lsu.insns += s->lsu.st.insns;
    t->lsu.requests += s->lsu.st.requests;
    t->lsu.lds_insns += s->lsu.st.lds_insns;
    t->lsu.rfail_cycles += s->lsu.st.rfail_cycles;
    t->opc.reads += s->opc.st.reads;
    t->opc.conflict_cycles += s->opc.st.conflict_cycles;
    for (unsigned k = 0; k < g->prof->nsimd; k++)
      for (int u = 0; u < VS_NUNITS; u++) {
        t->unit_busy[u] += s->simd[k].u[u].busy_cycles;
        t->unit_insns[u] += s->simd[k].u[u].insns;
      }
  }
  for (unsigned i = 0; i < g->nkc; i++) {
    const vs_kcache *k = &g->kc[i];
    cache_add(&t->kc, &k->c.st);
    t->k.loads += k->st.loads;
    t->k.load_hits += k->st.load_hits;
    t->k.load_merged += k->st.load_merged;
    t->k.load_misses += k->st.load_misses;
    t->k.stores += k->st.stores;
    t->k.atomics += k->st.atomics;
  }
  vs_l2_cache_stats(&g->l2, &t->l2);
  for (unsigned i = 0; i < g->nl1; i++) {
    vs_cache_stats x;
    vs_l2_cache_stats(&g->l1[i], &x);
    cache_add(&t->l1, &x);
  }
  if (g->has_mall) vs_l2_cache_stats(&g->mall, &t->mall);
}

/* The time series (docs/stats-format.md): per point, one value per SM */
static void samples_json(cJSON *o, const vs_gpu *g)
{
  num(o, "interval", (double)g->occ_interval);
  cJSON *cyc = cJSON_AddArrayToObject(o, "cycle");
  static const char *const names[] = {"warp_instructions", "ipc", "active_warps",
                                      "resident_workgroups", "outstanding_memory"};
  cJSON *a[5];
  for (int k = 0; k < 5; k++) a[k] = cJSON_AddArrayToObject(o, names[k]);
  for (size_t p = 0; p < g->nocc; p++) {
    const vs_occ_point *pt = &g->occ[p * g->nsm];
    uint64_t since = p ? g->occ[(p - 1) * g->nsm].cycle : 0;
    cJSON_AddItemToArray(cyc, cJSON_CreateNumber((double)pt->cycle));
    cJSON *row[5];
    for (int k = 0; k < 5; k++) {
      row[k] = cJSON_CreateArray();
      cJSON_AddItemToArray(a[k], row[k]);
    }
    for (unsigned i = 0; i < g->nsm; i++) {
      uint64_t n = pt[i].insns - (p ? g->occ[(p - 1) * g->nsm + i].insns : 0);
      cJSON_AddItemToArray(row[0], cJSON_CreateNumber((double)n));
      cJSON_AddItemToArray(row[1], cJSON_CreateNumber(ratio(n, pt[i].cycle - since)));
      cJSON_AddItemToArray(row[2], cJSON_CreateNumber(pt[i].active_warps));
      cJSON_AddItemToArray(row[3], cJSON_CreateNumber(pt[i].resident));
      cJSON_AddItemToArray(row[4], cJSON_CreateNumber(pt[i].outstanding));
    }
  }
}

void *vs_tstats_json(const vs_gpu *g, double seconds)
{
  (void)seconds; /* wall time stays out of the JSON: it must be reproducible */
  totals t;
  sum(g, &t);
  uint64_t cycles = g->end_cycle;
  cJSON *o = cJSON_CreateObject();
  if (!o) return NULL;
  num(o, "cycles", (double)cycles);
  num(o, "sms", g->nsm);
  num(o, "warp_instructions", (double)g->insns);
  num(o, "thread_instructions", (double)g->thread_insns);
  num(o, "ipc", ratio(g->insns, cycles));
  num(o, "thread_ipc", ratio(g->thread_insns, cycles));
  num(o, "dual_issues", (double)t.dual_issues);
  stalls_json(cJSON_AddObjectToObject(o, "stalls"), t.stalls);

  cJSON *sms = cJSON_AddArrayToObject(o, "per_sm");
  for (unsigned i = 0; i < g->nsm; i++) {
    const vs_sm *s = &g->sm[i];
    cJSON *x = cJSON_CreateObject();
    num(x, "sm", i);
    num(x, "busy_cycles", (double)s->st.busy_cycles);
    num(x, "issue_cycles", (double)s->st.issue_cycles);
    num(x, "first_placement", s->st.first_start == VS_NEVER ? -1.0 : (double)s->st.first_start);
    num(x, "last_end", (double)s->st.last_end);
    num(x, "workgroups", (double)s->st.wgs);
    num(x, "warp_instructions", (double)s->st.warp_insns);
    num(x, "thread_instructions", (double)s->st.thread_insns);
    num(x, "ipc", ratio(s->st.warp_insns, cycles));
    num(x, "dual_issues", (double)s->st.dual_issues);
    num(x, "avg_resident_workgroups", ratio(s->st.resident_wg_cycles, cycles));
    stalls_json(cJSON_AddObjectToObject(x, "stalls"), s->st.stalls);
    cJSON_AddItemToArray(sms, x);
  }

  cJSON *caches = cJSON_AddObjectToObject(o, "caches");
  cJSON *icj = cJSON_AddObjectToObject(caches, "icache");
  cache_json(icj, &t.ic, cycles);
  if (g->c->ic_sms > 1) { /* shared by groups of SMs: waits for a bank */
    num(icj, "sms_per_cache", (double)g->c->ic_sms);
    num(icj, "bank_waits", (double)t.ic.bank_waits);
    num(icj, "bank_wait_cycles", (double)t.ic.bank_wait_cycles);
  }
  cJSON *dc = cJSON_AddObjectToObject(caches, "dcache");
  cache_json(dc, &t.dc, cycles);
  num(dc, "loads", (double)t.d.loads);
  num(dc, "load_hits", (double)t.d.load_hits);
  num(dc, "load_pending_hits", (double)t.d.load_merged);
  num(dc, "load_misses", (double)t.d.load_misses);
  num(dc, "stores", (double)t.d.stores);
  num(dc, "store_hits", (double)t.d.store_hits);
  num(dc, "store_misses", (double)t.d.store_misses);
  num(dc, "atomics", (double)t.d.atomics);
  num(dc, "wshr_reservation_fails", (double)t.d.rfail_wshr);
  num(dc, "writes_to_l2", (double)t.d.writes_to_l2);
  num(dc, "flush_writebacks", (double)t.d.flush_writebacks);
  cJSON *l2 = cJSON_AddObjectToObject(caches, "l2");
  cache_json(l2, &t.l2, cycles);
  num(l2, "mshr_waits", (double)g->l2.st.mshr_waits);
  num(l2, "atomics", (double)g->l2.st.atomics);
  if (g->l2.nwb) num(l2, "writeback_waits", (double)g->l2.st.wb_waits);
  if (g->nl1) /* the optional levels: only when configured */
    cache_json(cJSON_AddObjectToObject(caches, "l1"), &t.l1, cycles);
  if (g->has_mall) cache_json(cJSON_AddObjectToObject(caches, "mall"), &t.mall, cycles);
  if (g->nkc) { /* the scalar data caches (kcache.sets > 0) */
    cJSON *kc = cJSON_AddObjectToObject(caches, "kcache");
    cache_json(kc, &t.kc, cycles);
    num(kc, "caches", (double)g->nkc);
    num(kc, "sms_per_cache", (double)g->c->kc_sms);
    num(kc, "loads", (double)t.k.loads);
    num(kc, "load_hits", (double)t.k.load_hits);
    num(kc, "load_pending_hits", (double)t.k.load_merged);
    num(kc, "load_misses", (double)t.k.load_misses);
    num(kc, "stores", (double)t.k.stores);
    num(kc, "atomics", (double)t.k.atomics);
    num(kc, "bank_waits", (double)t.kc.bank_waits);
    num(kc, "bank_wait_cycles", (double)t.kc.bank_wait_cycles);
  }

  cJSON *lsu = cJSON_AddObjectToObject(o, "lsu");
  num(lsu, "instructions", (double)t.lsu.insns);
  num(lsu, "requests", (double)t.lsu.requests);
  num(lsu, "requests_per_instruction", ratio(t.lsu.requests, t.lsu.insns));
  num(lsu, "reservation_fail_cycles", (double)t.lsu.rfail_cycles);
  cJSON *lds = cJSON_AddObjectToObject(o, "lds");
  num(lds, "accesses", (double)t.lds.accesses);
  num(lds, "passes", (double)t.lds.passes);
  num(lds, "bank_conflict_passes", (double)t.lds.conflict_passes);
  cJSON *rb = cJSON_AddObjectToObject(o, "register_banks");
  num(rb, "reads", (double)t.opc.reads);
  num(rb, "conflict_cycles", (double)t.opc.conflict_cycles);
  cJSON *units = cJSON_AddObjectToObject(o, "units");
  for (int u = 0; u < VS_NUNITS; u++) {
    cJSON *x = cJSON_AddObjectToObject(units, vs_unit_name(u));
    num(x, "instructions", (double)t.unit_insns[u]);
    num(x, "busy_cycles", (double)t.unit_busy[u]);
  }
  cJSON *ic = cJSON_AddObjectToObject(o, "icnt");
  num(ic, "packets", (double)g->icnt.st.packets);
  num(ic, "flits", (double)g->icnt.st.flits);
  cJSON *dr = cJSON_AddObjectToObject(o, "dram");
  num(dr, "reads", (double)g->dram.st.reads);
  num(dr, "writes", (double)g->dram.st.writes);
  num(dr, "read_bytes", (double)g->dram.st.read_bytes);
  num(dr, "write_bytes", (double)g->dram.st.write_bytes);
  num(dr, "busy_cycles", (double)g->dram.st.busy_cycles);
  num(dr, "utilization", ratio(g->dram.st.busy_cycles, cycles * g->dram.nch));

  cJSON *wg = cJSON_AddObjectToObject(o, "workgroups");
  num(wg, "count", g->wgs_done);
  uint64_t res = 0;
  for (unsigned i = 0; i < g->nsm; i++) res += g->sm[i].st.resident_wg_cycles;
  num(wg, "avg_resident", ratio(res, cycles));
  cJSON *occ = cJSON_AddObjectToObject(wg, "occupancy");
  num(occ, "interval", (double)g->occ_interval);
  cJSON *pts = cJSON_AddArrayToObject(occ, "samples");
  for (size_t p = 0; p < g->nocc; p++) {
    cJSON *row = cJSON_CreateArray();
    for (unsigned i = 0; i < g->nsm; i++)
      cJSON_AddItemToArray(row, cJSON_CreateNumber(g->occ[p * g->nsm + i].resident));
    cJSON_AddItemToArray(pts, row);
  }
  samples_json(cJSON_AddObjectToObject(o, "samples"), g);
  return o;
}

void vs_tstats_collect(const vs_gpu *g, vs_timing_stats *st, double seconds)
{
  totals t;
  sum(g, &t);
  memset(st, 0, sizeof *st);
  st->cycles = g->end_cycle;
  st->warp_insns = g->insns;
  st->thread_insns = g->thread_insns;
  st->num_sms = g->nsm;
  memcpy(st->stalls, t.stalls, sizeof st->stalls);
  st->seconds = seconds;
}

static void cache_line(FILE *out, const char *name, const vs_cache_stats *s, uint64_t atomics)
{
  fprintf(out, "  %-6s %8" PRIu64 " lookups: %" PRIu64 " requests (%" PRIu64 " hits, %" PRIu64
               " pending hits, %" PRIu64 " misses; hit rate %.1f%%), %" PRIu64 " reservation fails",
          name, s->accesses, requests(s), s->hits, s->pending_hits, s->misses, 100.0 * hit_rate(s),
          s->rfails);
  if (atomics) fprintf(out, ", %" PRIu64 " atomics", atomics);
  fputc('\n', out);
}

void vs_tstats_summary(const vs_gpu *g, double seconds, FILE *out)
{
  totals t;
  sum(g, &t);
  uint64_t cycles = g->end_cycle;
  fprintf(out, "ventsim timing: kernel '%s': %" PRIu64 " cycles, %" PRIu64 " warp instructions "
               "(IPC %.3f), %" PRIu64 " thread instructions, %u work-groups on %u SMs\n",
          g->l->name ? g->l->name : "?", cycles, g->insns, ratio(g->insns, cycles),
          g->thread_insns, g->wgs_done, g->nsm);
  uint64_t all = 0;
  for (int r = 0; r < VS_STALL_COUNT; r++) all += t.stalls[r];
  fprintf(out, "  warp-cycles:");
  for (int r = 0; r < VS_STALL_COUNT; r++)
    if (t.stalls[r])
      fprintf(out, " %s %.1f%%", vs_timing_stall_name(r), 100.0 * ratio(t.stalls[r], all));
  fputc('\n', out);
  cache_line(out, "icache", &t.ic, 0);
  cache_line(out, "dcache", &t.dc, t.d.atomics); /* atomics go past the L1 */
  if (g->nkc) cache_line(out, "kcache", &t.kc, t.k.atomics); /* scalar data caches */
  if (g->nl1) cache_line(out, "l1", &t.l1, 0);
  cache_line(out, "l2", &t.l2, 0);
  if (g->has_mall) cache_line(out, "mall", &t.mall, 0);
  fprintf(out, "  lsu    %" PRIu64 " instructions, %.2f requests each; lds %" PRIu64
               " accesses, %" PRIu64 " bank-conflict passes; dram %" PRIu64 " B read, %" PRIu64
               " B written\n",
          t.lsu.insns, ratio(t.lsu.requests, t.lsu.insns), t.lds.accesses, t.lds.conflict_passes,
          g->dram.st.read_bytes, g->dram.st.write_bytes);
  double smc = (double)cycles * g->nsm;
  fprintf(out, "  simulation: %.3f s, %.2f M cycles/s (%.2f M SM-cycles/s), %.2f M warp "
               "instructions/s\n",
          seconds, seconds > 0 ? (double)cycles / seconds / 1e6 : 0.0,
          seconds > 0 ? smc / seconds / 1e6 : 0.0,
          seconds > 0 ? (double)g->insns / seconds / 1e6 : 0.0);
}
