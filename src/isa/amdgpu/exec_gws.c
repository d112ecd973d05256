/* Global wave sync (GWS) and the ordered count (seed 001, "Global wave
 * sync and atomic ordered count"; AMD "Vega" ISA reference, 12.13 DS
 * opcodes 152-157 and 191).  docs/amdgpu-exec.md, "GWS and ordered count",
 * says what ventsim decided where the sources are silent.
 *
 * The state is the launch's (amd_gws, shared by every work-group, under a
 * lock: work-groups run on several host threads): 64 resources of a 12-bit
 * counter, a 1-bit flag, a type and a queue of waves, and the ordered
 * count's turn (the launch wave in creation order whose request is next)
 * per ordered-count index, with the GDS dwords it adds to.
 *
 * A wave that must wait (barrier not complete, semaphore at 0, not yet its
 * turn) returns VS_EV_WAIT: the pc stays, the instruction runs again when
 * the core schedules the wave again.  The wave remembers that it is queued
 * (amd_warp.gws_q, gws_tag), so running again only checks whether it is
 * released.  When every wave that can run waits, the core reports a
 * deadlock with the wave's fault.msg: the resource and what it waits for.
 *
 * Single lane (seed 001, "Execution handling"): the data is the first
 * active lane's; with EXEC = 0, ds_gws_init, ds_gws_sema_br,
 * ds_gws_barrier and ds_ordered_count act as if EXEC = 1 (lane 0), the
 * other GWS rows send nothing (no-ops).
 * Operands: [vdst,] data (the ADDR field); w0: offset0[7:0] offset1[15:8]. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/launch.h"
#include "isa/amdgpu/exec.h"

#define OP(k) (&amd_i(d)->f.op[k])

enum { GWS_NONE = 0, GWS_SEMAPHORE, GWS_BARRIER };
#define GWS_COUNTER_MASK 0xfffu /* 12-bit counters (seed 001) */

amd_gws *amd_gws_new(const vs_launch_ctx *c)
{
  amd_gws *g = calloc(1, sizeof *g);
  if (!g) return NULL;
  pthread_mutex_init(&g->lock, NULL);
  g->wg_warps = c->shape.wg_warps;
  for (unsigned k = 0; k < 3; k++) {
    g->groups[k] = c->shape.groups[k];
    g->global[k] = k < c->l->dims ? c->l->global[k] : 1;
    g->local[k] = k < c->l->dims ? c->l->local[k] : 1;
  }
  return g;
}

/* Waves of work-group id: fewer in a partial group at a grid edge */
static uint32_t waves_of(const amd_gws *g, uint64_t id)
{
  uint64_t pos[3] = {id % g->groups[0], id / g->groups[0] % g->groups[1], id / ((uint64_t)g->groups[0] * g->groups[1])};
  uint64_t items = 1;
  for (unsigned k = 0; k < 3; k++) {
    uint64_t left = g->global[k] - pos[k] * g->local[k];
    items *= left < g->local[k] ? left : g->local[k];
  }
  return (uint32_t)((items + 63) / 64);
}

/* The launch wave after t in creation order (skipping the waves a partial
 * work-group does not have) */
static uint64_t next_wave(const amd_gws *g, uint64_t t)
{
  t++;
  if (t % g->wg_warps && t % g->wg_warps >= waves_of(g, t / g->wg_warps)) t = (t / g->wg_warps + 1) * g->wg_warps;
  return t;
}

void amd_gws_free(amd_gws *g)
{
  if (!g) return;
  pthread_mutex_destroy(&g->lock);
  free(g);
}

static inline amd_gws *gws_of(vs_warp *w) { return amd_w(w)->ls->gws; }

/* The lane whose data the unit takes: the first active one; -1 when EXEC
 * is 0 and the row sends nothing then, else lane 0. */
static int gws_lane(vs_warp *w, int zero_is_lane0)
{
  if (w->active) return __builtin_ctzll(w->active);
  return zero_is_lane0 ? 0 : -1;
}

/* resource id = (GDS_GWS_VMID.BASE + M0[21:16] + offset0[5:0]) % 64; a
 * launch owns all 64 resources (base 0), so none is clamped (seed 001) */
static unsigned gws_rid(vs_warp *w, const vs_dinsn *d)
{
  return (((amd_S(w)[AMD_S_M0] >> 16) & 63u) + (amd_i(d)->w[0] & 63u)) % AMD_GWS_RESOURCES;
}

static uint32_t gws_data(vs_warp *w, const vs_dinsn *d, int lane)
{
  return amd_vrow(w, OP(0)->val)[lane];
}

/* The wave waits: what for goes to fault.msg (deadlock reports). */
static int gws_wait(vs_warp *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int gws_wait(vs_warp *w, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(w->fault.msg, sizeof w->fault.msg, fmt, ap);
  va_end(ap);
  return VS_EV_WAIT;
}

/* ds_gws_init: counter = data, flag = 0 (Vega ISA DS_GWS_INIT) */
AMDX(DS_GWS_INIT)
{
  amd_gws *g = gws_of(w);
  unsigned rid = gws_rid(w, d);
  uint32_t v = gws_data(w, d, gws_lane(w, 1));
  pthread_mutex_lock(&g->lock);
  g->res[rid].counter = v & GWS_COUNTER_MASK;
  g->res[rid].flag = 0;
  pthread_mutex_unlock(&g->lock);
  return amd_next(w, d);
}

/* ds_gws_sema_v: counter += 1 (releases one queued wave) */
AMDX(DS_GWS_SEMA_V)
{
  if (gws_lane(w, 0) < 0) return amd_next(w, d);
  amd_gws *g = gws_of(w);
  unsigned rid = gws_rid(w, d);
  pthread_mutex_lock(&g->lock);
  g->res[rid].counter = (g->res[rid].counter + 1) & GWS_COUNTER_MASK;
  g->res[rid].type = GWS_SEMAPHORE;
  pthread_mutex_unlock(&g->lock);
  return amd_next(w, d);
}

/* ds_gws_sema_br: counter += data (bulk release: that many waves, queued
 * now or arriving later) */
AMDX(DS_GWS_SEMA_BR)
{
  amd_gws *g = gws_of(w);
  unsigned rid = gws_rid(w, d);
  uint32_t v = gws_data(w, d, gws_lane(w, 1));
  pthread_mutex_lock(&g->lock);
  g->res[rid].counter = (g->res[rid].counter + v) & GWS_COUNTER_MASK;
  g->res[rid].type = GWS_SEMAPHORE;
  pthread_mutex_unlock(&g->lock);
  return amd_next(w, d);
}

/* ds_gws_sema_release_all: counter = the waves in the queue (releases
 * them all; nothing when none waits) */
AMDX(DS_GWS_SEMA_RELEASE_ALL)
{
  if (gws_lane(w, 0) < 0) return amd_next(w, d);
  amd_gws *g = gws_of(w);
  unsigned rid = gws_rid(w, d);
  pthread_mutex_lock(&g->lock);
  g->res[rid].counter = (g->res[rid].tail - g->res[rid].head) & GWS_COUNTER_MASK;
  g->res[rid].type = GWS_SEMAPHORE;
  pthread_mutex_unlock(&g->lock);
  return amd_next(w, d);
}

/* ds_gws_sema_p: the wave is queued until the counter is above 0, then
 * takes one.  The queue is first in, first out: a wave takes a ticket when
 * it arrives and is released when it is the queue's head and the counter
 * allows. */
AMDX(DS_GWS_SEMA_P)
{
  if (gws_lane(w, 0) < 0) return amd_next(w, d);
  amd_warp *a = amd_w(w);
  amd_gws *g = gws_of(w);
  unsigned rid = gws_rid(w, d);
  pthread_mutex_lock(&g->lock);
  amd_gws_res *r = &g->res[rid];
  if (!a->gws_q) { /* arrives */
    a->gws_q = rid + 1;
    a->gws_tag = r->tail++;
    r->type = GWS_SEMAPHORE;
  }
  int go = r->head == a->gws_tag && r->counter > 0;
  if (go) {
    r->counter--;
    r->head++;
    a->gws_q = 0;
  }
  unsigned counter = r->counter, ahead = a->gws_tag - r->head;
  pthread_mutex_unlock(&g->lock);
  if (!go)
    return gws_wait(w, "ds_gws_sema_p waits on GWS resource %u (semaphore counter %u, %u waves queued ahead)",
                    rid, counter, ahead);
  return amd_next(w, d);
}

/* ds_gws_barrier (Vega ISA DS_GWS_BARRIER): an arriving wave takes the
 * resource's flag; when the counter is 0 it is the last: the flag flips
 * (releasing every wave that took the old one, itself included) and the
 * counter reloads from its data (the waves of the next barrier, minus 1);
 * else the counter decrements and the wave waits until the flag differs
 * from the one it took. */
AMDX(DS_GWS_BARRIER)
{
  amd_warp *a = amd_w(w);
  amd_gws *g = gws_of(w);
  unsigned rid = gws_rid(w, d);
  uint32_t v = gws_data(w, d, gws_lane(w, 1));
  pthread_mutex_lock(&g->lock);
  amd_gws_res *r = &g->res[rid];
  if (!a->gws_q) { /* arrives */
    r->type = GWS_BARRIER;
    a->gws_q = rid + 1;
    a->gws_tag = r->flag;
    if (r->counter == 0) {
      r->flag ^= 1u;
      r->counter = v & GWS_COUNTER_MASK;
    } else {
      r->counter--;
    }
  }
  int go = r->flag != a->gws_tag;
  unsigned left = r->counter;
  if (go) a->gws_q = 0;
  pthread_mutex_unlock(&g->lock);
  if (!go)
    return gws_wait(w, "ds_gws_barrier waits on GWS resource %u (%u more waves to arrive)", rid, left + 1);
  return amd_next(w, d);
}

/* ds_ordered_count (seed 001, "Ordered count"): processed in wave creation
 * order (work-group id order, then wave: the waves a partial group at a grid
 * edge lacks are skipped), one ordering per
 * ordered-count index offset0[7:2].  A wave whose turn it is not waits.
 * The request is an atomic on the GDS dword at M0[15:0]: offset1[4] 0 add
 * the first active lane's data, 1 swap it in (LLVM's ds.ordered.add /
 * .swap); the old value goes to that lane's vdst.  offset1[0]
 * wave_release or offset1[1] wave_done passes the turn to the next wave;
 * with neither the wave keeps it. */
AMDX(DS_ORDERED_COUNT)
{
  amd_gws *g = gws_of(w);
  uint32_t w0 = amd_i(d)->w[0];
  unsigned index = (w0 >> 2) & 63u, off1 = (w0 >> 8) & 0xffu;
  uint32_t addr = amd_S(w)[AMD_S_M0] & 0xffffu;
  if (addr & 3u)
    return vs_warp_fault(w, VS_FAULT_MISALIGNED, addr,
                         "ds_ordered_count: GDS address 0x%x (M0[15:0]) is not a multiple of 4", addr);
  int lane = gws_lane(w, 1);
  uint32_t v = amd_vrow(w, OP(1)->val)[lane];
  uint64_t me = (uint64_t)w->wg->id * g->wg_warps + w->wid;
  pthread_mutex_lock(&g->lock);
  uint64_t turn = g->turn[index];
  int go = turn == me;
  uint32_t old = 0;
  if (go) {
    old = g->gds[addr / 4];
    g->gds[addr / 4] = (off1 & 0x10u) ? v : old + v;
    if (off1 & 3u) g->turn[index] = next_wave(g, me);
  }
  pthread_mutex_unlock(&g->lock);
  if (!go) {
    if (turn > me) /* its turn passed */
      return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0,
                           "ds_ordered_count: ordered-count index %u was already released by this wave "
                           "(a wave issues its ordered count once, seed 001)", index);
    uint32_t wg = (uint32_t)(turn / g->wg_warps), wave = (uint32_t)(turn % g->wg_warps);
    return gws_wait(w, "ds_ordered_count waits for its turn on ordered-count index %u: wave %u of work-group "
                    "%u has not released it", index, wave, wg);
  }
  amd_vrow(w, OP(0)->val)[lane] = old;
  return amd_next(w, d);
}
