#include <stdlib.h>

#include "common/util.h"
#include "timing/icnt.h"

int vs_icnt_init(vs_icnt *n, unsigned nsm, unsigned latency, unsigned flit_bytes, vs_l2 *l2,
                 vs_error *err)
{
  n->nsm = nsm;
  n->latency = latency;
  n->flit_bytes = flit_bytes ? flit_bytes : 1;
  n->l2 = l2;
  n->st = (vs_icnt_stats){0};
  n->up = vs_calloc(nsm, sizeof *n->up, err);
  n->down = vs_calloc(nsm, sizeof *n->down, err);
  n->ports = vs_calloc(nsm, sizeof *n->ports, err);
  if (!n->up || !n->down || !n->ports) {
    vs_icnt_free(n);
    return -1;
  }
  for (unsigned i = 0; i < nsm; i++) {
    n->ports[i] = (vs_icnt_port){n, i};
    if (vs_tslots_init(&n->up[i], 14, 1, err) || vs_tslots_init(&n->down[i], 14, 1, err)) {
      vs_icnt_free(n);
      return -1;
    }
  }
  return 0;
}

void vs_icnt_free(vs_icnt *n)
{
  for (unsigned i = 0; i < n->nsm; i++) {
    if (n->up) vs_tslots_free(&n->up[i]);
    if (n->down) vs_tslots_free(&n->down[i]);
  }
  free(n->up);
  free(n->down);
  free(n->ports);
  n->up = n->down = NULL;
  n->ports = NULL;
}

static unsigned flits(const vs_icnt *n, unsigned bytes)
{
  unsigned f = (unsigned)vs_divup(bytes, n->flit_bytes);
  return f ? f : 1;
}

/* Moves a packet of f flits over a link starting at t; returns the arrival
 * of its last flit. */
static uint64_t send(vs_icnt *n, vs_tslots *link, unsigned f, uint64_t t)
{
  n->st.packets++;
  n->st.flits += f;
  return vs_tslots_reserve(link, t, f) + f - 1 + n->latency;
}

static uint64_t port_read(void *ctx, vs_addr addr, unsigned bytes, uint64_t t)
{
  vs_icnt_port *p = ctx;
  vs_icnt *n = p->net;
  uint64_t at_l2 = send(n, &n->up[p->sm], 1, t);
  uint64_t done = vs_l2_read(n->l2, addr, bytes, at_l2);
  return send(n, &n->down[p->sm], flits(n, bytes), done);
}

static uint64_t port_write(void *ctx, vs_addr addr, unsigned bytes, uint64_t t)
{
  vs_icnt_port *p = ctx;
  vs_icnt *n = p->net;
  uint64_t at_l2 = send(n, &n->up[p->sm], flits(n, bytes), t);
  uint64_t done = vs_l2_write(n->l2, addr, bytes, at_l2);
  return send(n, &n->down[p->sm], 1, done);
}

static uint64_t port_atomic(void *ctx, vs_addr addr, unsigned nthreads, uint64_t t)
{
  vs_icnt_port *p = ctx;
  vs_icnt *n = p->net;
  uint64_t at_l2 = send(n, &n->up[p->sm], flits(n, nthreads * 8u), t);
  uint64_t done = vs_l2_atomic(n->l2, addr, nthreads, at_l2);
  return send(n, &n->down[p->sm], flits(n, nthreads * 4u), done);
}

vs_lower vs_icnt_lower(vs_icnt *n, unsigned sm)
{
  vs_lower l = {port_read, port_write, port_atomic, &n->ports[sm], NULL};
  return l;
}
