#include <string.h>

#include "timing/opcoll.h"
#include "timing/tcommon.h"

void vs_opcoll_init(vs_opcoll *o, unsigned banks, unsigned latency, unsigned nxregs)
{
  memset(o, 0, sizeof *o);
  o->nbanks = banks < 1 ? 1 : banks > VS_OPC_MAXBANKS ? VS_OPC_MAXBANKS : banks;
  o->latency = latency ? latency : 1;
  o->nx = nxregs;
}

uint64_t vs_opcoll_collect(vs_opcoll *o, unsigned wid, const vs_tinfo *ti, uint64_t now)
{
  uint64_t ready = now + o->latency;
  for (unsigned i = 0; i < ti->nsrc; i++) {
    unsigned v = ti->srcv[i];
    unsigned reg = v ? ti->src[i] - o->nx : ti->src[i];
    /* the same register twice is read once */
    int dup = 0;
    for (unsigned j = 0; j < i; j++) dup |= ti->src[j] == ti->src[i];
    if (dup) continue;
    unsigned b = (wid + reg) % o->nbanks;
    uint64_t t = vs_tmax(now, o->bank_free[v][b]);
    o->bank_free[v][b] = t + 1;
    o->st.reads++;
    o->st.conflict_cycles += t - now;
    ready = vs_tmax(ready, t + o->latency);
  }
  return ready;
}
