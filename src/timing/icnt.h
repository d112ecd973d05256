/* The interconnect between the SMs and the L2: per SM a request link
 * (SM -> L2) and a response link (L2 -> SM), each moving one flit per
 * cycle after a fixed latency.  A read request is one flit and its
 * response carries the data; a write carries its data and is acknowledged
 * with one flit.  vs_icnt_port gives an SM's caches their vs_lower. */
#ifndef VS_TIMING_ICNT_H
#define VS_TIMING_ICNT_H

#include <stdint.h>

#include "timing/l2.h"
#include "timing/tcommon.h"
#include "timing/tslots.h"

typedef struct vs_icnt_stats {
  uint64_t packets, flits;
} vs_icnt_stats;

struct vs_icnt;
typedef struct vs_icnt_port {
  struct vs_icnt *net;
  unsigned sm;
} vs_icnt_port;

typedef struct vs_icnt {
  unsigned nsm, latency, flit_bytes;
  vs_tslots *up, *down;
  vs_icnt_port *ports;
  vs_l2 *l2;
  vs_icnt_stats st;
} vs_icnt;

int vs_icnt_init(vs_icnt *n, unsigned nsm, unsigned latency, unsigned flit_bytes, vs_l2 *l2,
                 vs_error *err);
void vs_icnt_free(vs_icnt *n);
/* The view of the memory system from SM sm */
vs_lower vs_icnt_lower(vs_icnt *n, unsigned sm);

#endif
