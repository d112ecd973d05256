/* Issue scheduling policies: the order in which an issue port considers
 * the warps of its SM each cycle.
 *   loose round-robin (lrr): starting after the warp that issued last;
 *   greedy-then-oldest (gto): the warp that issued last first, then the
 *     others oldest (earliest started) first. */
#ifndef VS_TIMING_SCHED_H
#define VS_TIMING_SCHED_H

#include <stdint.h>

/* Writes the order of warps 0..n-1 into order[].  last: warp that issued
 * last on this port (any value < n); age[i]: start sequence of warp i
 * (smaller = older). */
void vs_sched_order(int policy, unsigned n, unsigned last, const uint64_t *age, uint8_t *order);

#endif
