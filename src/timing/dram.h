/* DRAM: a fixed latency plus bandwidth per channel (channels interleaved
 * by line).  A channel moves bytes_per_cycle bytes a cycle: a transfer of
 * b bytes takes b of them from the first cycles with room (it may share
 * its first and last cycle with others, so the channel reaches its
 * configured bandwidth whatever the line size); reservations are made as
 * requests arrive. */
#ifndef VS_TIMING_DRAM_H
#define VS_TIMING_DRAM_H

#include <stdint.h>

#include "timing/tslots.h"
#include "ventsim/sim.h"

typedef struct vs_dram_stats {
  uint64_t reads, writes, read_bytes, write_bytes, busy_cycles;
} vs_dram_stats;

typedef struct vs_dram {
  vs_tslots *ch;
  unsigned nch, latency, bpc, shift;
  uint64_t busy_bytes;
  vs_dram_stats st;
} vs_dram;

int vs_dram_init(vs_dram *d, unsigned channels, unsigned latency, unsigned bytes_per_cycle,
                 unsigned interleave_bytes, vs_error *err);
void vs_dram_free(vs_dram *d);
/* Time the last byte of a read sent at t arrives back */
uint64_t vs_dram_read(vs_dram *d, vs_addr addr, unsigned bytes, uint64_t t);
/* Time a write sent at t is done */
uint64_t vs_dram_write(vs_dram *d, vs_addr addr, unsigned bytes, uint64_t t);
/* A write-back sent at t: the time the channel has taken its last byte
 * (the cache's write-back buffer is free again) */
uint64_t vs_dram_writeback(vs_dram *d, vs_addr addr, unsigned bytes, uint64_t t);

#endif
