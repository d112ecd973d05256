/* Bandwidth of a shared resource (a link, a cache bank port, a DRAM
 * channel) as reservations of per-cycle capacity.  A request asks for n
 * consecutive cycles starting no earlier than t and gets the first such
 * span with spare capacity, so requests may be reserved in any order (the
 * memory system resolves a request's whole path when it is made).  A ring
 * of 2^k cycles with per-slot cycle tags: no clearing pass; reservations
 * more than 2^k cycles ahead of each other may alias (documented limit). */
#ifndef VS_TIMING_TSLOTS_H
#define VS_TIMING_TSLOTS_H

#include <stdint.h>

#include "ventsim/error.h"

typedef struct vs_tslots {
  uint64_t *tag;     /* 1 + the cycle a slot describes; 0: none */
  uint16_t *used;    /* capacity used in that cycle      */
  uint32_t mask;
  uint16_t cap;      /* capacity per cycle               */
  uint64_t busy;     /* slot-cycles reserved (statistics) */
} vs_tslots;

int vs_tslots_init(vs_tslots *s, unsigned log2size, unsigned cap, vs_error *err);
void vs_tslots_free(vs_tslots *s);
/* First t' >= t such that cycles t'..t'+n-1 have spare capacity; reserves
 * one unit in each of them and returns t'.  n >= 1. */
uint64_t vs_tslots_reserve(vs_tslots *s, uint64_t t, unsigned n);
/* The first t' >= t with spare capacity (what vs_tslots_reserve(s, t, 1)
 * would return), reserving nothing */
uint64_t vs_tslots_first(const vs_tslots *s, uint64_t t);
/* Reserves `units` units of capacity in the cycles from t on, each cycle
 * taking what it has spare (a channel moving bytes: a transfer may share
 * its first and last cycles with others); returns the last cycle used.
 * units >= 1. */
uint64_t vs_tslots_fill(vs_tslots *s, uint64_t t, unsigned units);
/* Capacity used in cycle t */
unsigned vs_tslots_used(const vs_tslots *s, uint64_t t);

#endif
