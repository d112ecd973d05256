/* The load/store unit of an SM.  A memory instruction arrives with the
 * per-thread accesses the functional core recorded (vs_memrec).  Accesses
 * to the work-group's local memory that fall inside the SM's LDS go to the
 * LDS (bank conflicts: lds.c); the others (global, private, and local
 * beyond the LDS size) are coalesced per warp into one request per cache
 * line (and kind), which the D-cache takes one per port and cycle; a
 * reservation fail is retried the next cycle.  Instructions are handled in
 * order, one at a time (the RTL's address-calculation FSM); an instruction
 * completes when its last request completes. */
#ifndef VS_TIMING_LSU_H
#define VS_TIMING_LSU_H

#include <stdint.h>

#include "core/isa.h"
#include "core/warp.h"
#include "timing/dcache.h"
#include "timing/kcache.h"
#include "timing/lds.h"

typedef struct vs_lsreq {
  vs_addr addr;       /* line address */
  uint16_t bytes;     /* bytes written (stores) */
  uint8_t kind;       /* VS_REQ_* */
  uint8_t nthreads;   /* threads (atomics) */
} vs_lsreq;

/* Coalesces acc[0..n-1] into line requests (lines of `line` bytes, a
 * power of two), in order of first appearance; returns their number
 * (at most n). */
unsigned vs_coalesce(const vs_memacc *const *acc, unsigned n, unsigned line, vs_lsreq *out);

typedef struct vs_lsent {
  unsigned warp;        /* SM warp slot                        */
  int memop;            /* its vs_memops slot                   */
  uint64_t ready_at;    /* address calculation done             */
  uint64_t done;        /* latest completion of its requests    */
  uint16_t nreq, next;  /* D-cache requests, next one to send   */
  uint16_t lds_passes;  /* > 0: it has an LDS part not yet sent */
  uint8_t is_load;
  uint8_t scalar;        /* a scalar memory instruction: to the scalar cache, if any */
  uint8_t ndst;
  struct { uint16_t sb, n; } dst[VS_MAX_DST]; /* registers written when it completes */
  vs_lsreq req[VS_MEMREC_MAX];
} vs_lsent;

typedef struct vs_lsu_stats {
  uint64_t insns, requests, lds_insns, rfail_cycles, busy_cycles;
} vs_lsu_stats;

typedef struct vs_lsu {
  vs_lsent *q;
  unsigned cap, head, count, ports;
  int retrying;         /* the last cycle ended in a reservation fail */
  int retry_kc;         /* ... of the scalar cache                    */
  vs_kcache *kc;        /* the SM's scalar cache (NULL: none, scalar requests use the D-cache) */
  vs_lsu_stats st;
} vs_lsu;

int vs_lsu_init(vs_lsu *u, unsigned entries, unsigned ports, vs_error *err);
void vs_lsu_free(vs_lsu *u);
/* The next free queue entry (the caller fills it and calls vs_lsu_push),
 * or NULL if the queue is full */
vs_lsent *vs_lsu_slot(vs_lsu *u);
void vs_lsu_push(vs_lsu *u);
/* One cycle: sends requests of the oldest instruction.  Returns that
 * instruction if it completed this cycle (its `done` is final; the caller
 * must vs_lsu_pop it), else NULL.  *active is set if anything changed. */
vs_lsent *vs_lsu_cycle(vs_lsu *u, vs_dcache *dc, vs_lds *lds, uint64_t now, uint64_t *wake,
                       int *active);
void vs_lsu_pop(vs_lsu *u);
/* Accounts k skipped cycles (nothing changed in them): a pending retry
 * would have failed in each. */
void vs_lsu_skip(vs_lsu *u, vs_dcache *dc, uint64_t k);

#endif
