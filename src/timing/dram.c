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
  d->busy_bytes = 0;
  d->ch = vs_calloc(d->nch, sizeof *d->ch, err);
  if (!d->ch) return -1;
  for (unsigned i = 0; i < d->nch; i++)
    if (vs_tslots_init(&d->ch[i], 16, d->bpc, err)) {
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

/* The channel moves bpc bytes a cycle: a transfer takes the bytes its
 * cycles have spare, from the first with room on (a 64-byte line at 20
 * bytes a cycle ends in its fourth cycle, whose last 16 bytes the next
 * transfer uses).  Returns the cycle of its last byte. */
static uint64_t transfer(vs_dram *d, vs_addr addr, unsigned bytes, uint64_t t)
{
  unsigned n = bytes ? bytes : 1;
  vs_tslots *ch = &d->ch[(addr >> d->shift) % d->nch];
  uint64_t last = vs_tslots_fill(ch, t, n);
  d->busy_bytes += n;
  d->st.busy_cycles = vs_divup(d->busy_bytes, d->bpc);
  return last;
}

uint64_t vs_dram_read(vs_dram *d, vs_addr addr, unsigned bytes, uint64_t t)
{
  d->st.reads++;
  d->st.read_bytes += bytes;
  return transfer(d, addr, bytes, t) + d->latency;
}

uint64_t vs_dram_write(vs_dram *d, vs_addr addr, unsigned bytes, uint64_t t)
{
  d->st.writes++;
  d->st.write_bytes += bytes;
  return transfer(d, addr, bytes, t) + d->latency;
}

uint64_t vs_dram_writeback(vs_dram *d, vs_addr addr, unsigned bytes, uint64_t t)
{
  d->st.writes++;
  d->st.write_bytes += bytes;
  return transfer(d, addr, bytes, t) + 1;
}
