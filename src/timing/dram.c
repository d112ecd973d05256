#include <stdlib.h>

#include "common/util.h"
#include "timing/dram.h"
#include "timing/tcommon.h"

int vs_dram_init(vs_dram *d, unsigned channels, unsigned latency, unsigned bytes_per_cycle,
                 unsigned interleave_bytes, vs_error *err)
{
  d->nch = channels ? channels : 1;
  d->latency = latency;
  d->bpc = bytes_per_cycle ? bytes_per_cycle : 1;
  d->shift = vs_log2u(interleave_bytes ? interleave_bytes : 1);
  d->st = (vs_dram_stats){0};
  d->ch = vs_calloc(d->nch, sizeof *d->ch, err);
  if (!d->ch) return -1;
  for (unsigned i = 0; i < d->nch; i++)
    if (vs_tslots_init(&d->ch[i], 16, 1, err)) {
      vs_dram_free(d);
      return -1;
    }
  return 0;
}

void vs_dram_free(vs_dram *d)
{
  if (d->ch)
    for (unsigned i = 0; i < d->nch; i++) vs_tslots_free(&d->ch[i]);
  free(d->ch);
  d->ch = NULL;
}

static uint64_t transfer(vs_dram *d, vs_addr addr, unsigned bytes, uint64_t t)
{
  unsigned n = (unsigned)vs_divup(bytes ? bytes : 1, d->bpc);
  vs_tslots *ch = &d->ch[(addr >> d->shift) % d->nch];
  uint64_t s = vs_tslots_reserve(ch, t, n);
  d->st.busy_cycles += n;
  return s + n - 1 + d->latency;
}

uint64_t vs_dram_read(vs_dram *d, vs_addr addr, unsigned bytes, uint64_t t)
{
  d->st.reads++;
  d->st.read_bytes += bytes;
  return transfer(d, addr, bytes, t);
}

uint64_t vs_dram_write(vs_dram *d, vs_addr addr, unsigned bytes, uint64_t t)
{
  d->st.writes++;
  d->st.write_bytes += bytes;
  return transfer(d, addr, bytes, t);
}
