#include <string.h>

#include "timing/opcoll.h"
#include "timing/tcommon.h"

void vs_opcoll_init(vs_opcoll *o, unsigned banks, unsigned latency, vs_bank_fn bank)
{
  memset(o, 0, sizeof *o);
  o->bank = bank;
  o->nbanks = banks < 1 ? 1 : banks > VS_OPC_MAXBANKS ? VS_OPC_MAXBANKS : banks;
  o->latency = latency ? latency : 1;
}

#define MAX_READS 64 /* registers of one instruction checked for repeats */

uint64_t vs_opcoll_collect(vs_opcoll *o, unsigned wid, const vs_tinfo *ti, unsigned g, uint64_t now)
{
  uint64_t ready = now + o->latency;
  uint16_t seen[MAX_READS]; /* scoreboard indices read so far */
  unsigned nseen = 0;
  for (unsigned i = 0; i < ti->nsrc; i++) {
    const vs_treg *r = &ti->src[i];
    for (unsigned k = 0, n = vs_treg_n(r, g); k < n; k++) {
      unsigned sb = r->sb + k, reg = r->index + k;
      /* the same register twice is read once */
      int dup = 0;
      for (unsigned j = 0; j < nseen; j++) dup |= seen[j] == sb;
      if (dup) continue;
      if (nseen < MAX_READS) seen[nseen++] = (uint16_t)sb;
      unsigned b = (o->bank ? o->bank(wid, r->file, reg, o->nbanks) : wid + reg) % o->nbanks;
      uint64_t t = vs_tmax(now, o->bank_free[r->file][b]);
      o->bank_free[r->file][b] = t + 1;
      o->st.reads++;
      o->st.conflict_cycles += t - now;
      ready = vs_tmax(ready, t + o->latency);
    }
  }
  return ready;
}
