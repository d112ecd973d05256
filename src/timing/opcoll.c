#include <string.h>

#include "timing/opcoll.h"
#include "timing/tcommon.h"

void vs_opcoll_init(vs_opcoll *o, unsigned banks, unsigned latency, vs_bank_fn bank)
{
  memset(o, 0, sizeof *o);
  o->bank = bank;
  o->nbanks = banks < 1 ? 1 : banks > VS_OPC_MAXBANKS ? VS_OPC_MAXBANKS : banks;
  o->latency = latency;
}

#define MAX_READS 64 /* registers of one instruction checked for repeats */

/* One register read from bank b of `file` at now or later; the cycle the
 * operand is available */
static inline uint64_t read_reg(vs_opcoll *o, unsigned file, unsigned b, uint64_t now)
{
  uint64_t t = vs_tmax(now, o->bank_free[file][b]);
  o->bank_free[file][b] = t + 1;
  o->st.reads++;
  o->st.conflict_cycles += t - now;
  return t + o->latency;
}

uint64_t vs_opcoll_collect(vs_opcoll *o, unsigned wid, const vs_tinfo *ti, unsigned g, uint64_t now)
{
  uint64_t ready = now + o->latency;
  if (__builtin_expect(vs_tinfo_single(ti, g) && !o->bank, 1)) { /* one register per operand */
    for (unsigned i = 0; i < ti->nsrc; i++) {
      const vs_treg *r = &ti->src[i];
      int dup = 0; /* the same register twice is read once */
      for (unsigned j = 0; j < i; j++) dup |= ti->src[j].sb == r->sb;
      if (!dup) ready = vs_tmax(ready, read_reg(o, r->file, (wid + r->index) % o->nbanks, now));
    }
    return ready;
  }
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
      ready = vs_tmax(ready, read_reg(o, r->file, b, now));
    }
  }
  return ready;
}
