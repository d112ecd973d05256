/* Per-warp outstanding memory operations, counted as in seeds 000/002
 * (the counters are core/isa.h's VS_CNT_*): VMcnt (vector memory loads and
 * atomics: data not yet back in registers), VScnt (vector memory stores not
 * yet written; GCN counts them in VMcnt: the profile's store_counter),
 * LGKMcnt (local-memory and scalar-memory operations), EXPcnt (exports).
 * Each operation has a slot holding its completion time (VS_NEVER until the
 * load/store unit knows it); a counter is the number of its operations not
 * complete at `now`.  A barrier whose fence bits name local memory waits
 * for LGKMcnt = 0, global (or image) memory for VM, VS and LGKM; a fence
 * instruction waits for all; a wait-counter instruction for each counter
 * to be at most its threshold. */
#ifndef VS_TIMING_WAITCNT_H
#define VS_TIMING_WAITCNT_H

#include <stdint.h>

#include "core/isa.h"
#include "timing/tcommon.h"

#define VS_CNT_ALL ((1u << VS_NCNT) - 1u)

#define VS_MEMOPS_MAX 64

typedef struct vs_memops {
  uint64_t done[VS_MEMOPS_MAX];   /* 0: slot free (done long ago)   */
  uint8_t kind[VS_MEMOPS_MAX];   /* the counters it counts in (1 << VS_CNT_*) */
  unsigned cap;
  unsigned hi;                    /* slots >= hi were never used     */
} vs_memops;

void vs_memops_init(vs_memops *m, unsigned cap);
/* Operations not complete at now (all kinds) */
unsigned vs_memops_inflight(const vs_memops *m, uint64_t now);
/* Counter of one kind at now */
unsigned vs_memops_count(const vs_memops *m, int kind, uint64_t now);
/* A slot for a new operation counting in the counters `kinds` (1 <<
 * VS_CNT_*: AMD FLAT counts in two) whose completion is unknown, or -1 if
 * all cap slots are in flight; *wake gets the earliest known completion. */
int vs_memops_alloc(vs_memops *m, unsigned kinds, uint64_t now, uint64_t *wake);
static inline void vs_memops_complete(vs_memops *m, int slot, uint64_t t) { m->done[slot] = t; }
/* 1 if every operation of the kinds in `mask` (1 << VS_CNT_*) completed by
 * now; else 0 and *wake gets the latest known completion among them. */
int vs_memops_drained(const vs_memops *m, unsigned mask, uint64_t now, uint64_t *wake);
/* 1 if the counter of `kind` is at most `threshold` at now; else 0 and
 * *wake gets the earliest known completion of that kind (s_waitcnt). */
int vs_memops_wait(const vs_memops *m, int kind, unsigned threshold, uint64_t now, uint64_t *wake);
/* The counter mask a barrier's fence bits wait for (VS_FENCE_*) */
unsigned vs_fence_counters(unsigned fence_bits);
/* "VM", "VS", "LGKM", "EXP": a counter's name in reports */
const char *vs_cnt_name(int kind);

#endif
