#include <stdlib.h>

#include "common/util.h"
#include "timing/lsu.h"

unsigned vs_coalesce(const vs_memacc *const *acc, unsigned n, unsigned line, vs_lsreq *out)
{
  unsigned k = 0;
  vs_addr mask = ~(vs_addr)(line - 1);
  for (unsigned i = 0; i < n; i++) {
    const vs_memacc *a = acc[i];
    int kind = a->is_atomic ? VS_REQ_ATOMIC : a->is_store ? VS_REQ_STORE : VS_REQ_LOAD;
    vs_addr la = a->addr & mask;
    unsigned j = 0;
    while (j < k && !(out[j].addr == la && out[j].kind == kind)) j++;
    if (j == k) {
      out[k].addr = la;
      out[k].bytes = 0;
      out[k].kind = (uint8_t)kind;
      out[k].nthreads = 0;
      k++;
    }
    /* an atomic is recorded as a load and a store: count the store */
    if (kind == VS_REQ_STORE || (kind == VS_REQ_ATOMIC && a->is_store)) {
      unsigned b = out[j].bytes + a->size;
      out[j].bytes = (uint16_t)(b > line ? line : b);
    }
    if (kind != VS_REQ_ATOMIC || a->is_store) out[j].nthreads++;
  }
  return k;
}

int vs_lsu_init(vs_lsu *u, unsigned entries, unsigned ports, vs_error *err)
{
  u->cap = entries ? entries : 1;
  u->head = u->count = 0;
  u->ports = ports ? ports : 1;
  u->st = (vs_lsu_stats){0};
  u->retrying = u->retry_kc = 0;
  u->kc = NULL;
  u->q = vs_calloc(u->cap, sizeof *u->q, err);
  return u->q ? 0 : -1;
}

void vs_lsu_free(vs_lsu *u)
{
  free(u->q);
  u->q = NULL;
}

vs_lsent *vs_lsu_slot(vs_lsu *u)
{
  return u->count < u->cap ? &u->q[(u->head + u->count) % u->cap] : NULL;
}

void vs_lsu_push(vs_lsu *u)
{
  u->count++;
  u->st.insns++;
}

void vs_lsu_pop(vs_lsu *u)
{
  u->head = (u->head + 1) % u->cap;
  u->count--;
}

vs_lsent *vs_lsu_cycle(vs_lsu *u, vs_dcache *dc, vs_lds *lds, uint64_t now, uint64_t *wake,
                       int *active)
{
  u->retrying = 0;
  if (!u->count) return NULL;
  vs_lsent *e = &u->q[u->head];
  if (e->ready_at > now) {
    vs_wake(wake, now, e->ready_at);
    return NULL;
  }
  u->st.busy_cycles++;
  if (e->lds_passes) {
    e->done = vs_tmax(e->done, vs_lds_access(lds, e->lds_passes, now));
    e->lds_passes = 0;
    u->st.lds_insns++;
    *active = 1;
  }
  for (unsigned p = 0; p < u->ports && e->next < e->nreq; p++) {
    const vs_lsreq *r = &e->req[e->next];
    uint64_t done;
    int k = e->scalar && u->kc;
    if (k ? vs_kcache_access(u->kc, r->addr, r->kind, r->bytes, r->nthreads, now, &done, wake)
          : vs_dcache_access(dc, r->addr, r->kind, r->bytes, r->nthreads, now, &done, wake)) {
      u->st.rfail_cycles++;
      u->retrying = 1;
      u->retry_kc = k;
      break;
    }
    e->done = vs_tmax(e->done, done);
    e->next++;
    u->st.requests++;
    *active = 1;
  }
  if (e->next < e->nreq) return NULL;
  *active = 1;
  return e;
}

void vs_lsu_skip(vs_lsu *u, vs_dcache *dc, uint64_t k)
{
  if (!u->retrying) return;
  u->st.rfail_cycles += k;
  u->st.busy_cycles += k;
  if (u->retry_kc) vs_kcache_repeat_rfail(u->kc, k);
  else vs_dcache_repeat_rfail(dc, k);
}
