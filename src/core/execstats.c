/* Counters of executed instructions (ventsim/stats.h), shared by the
 * functional engine and the timing model. */
#include "ventsim/stats.h"

void vs_exec_stats_add(vs_exec_stats *into, const vs_exec_stats *s)
{
  into->warp_insns += s->warp_insns;
  into->thread_insns += s->thread_insns;
  for (int i = 0; i < 32; i++) into->class_insns[i] += s->class_insns[i];
  into->vector_insns += s->vector_insns;
  into->vector_threads += s->vector_threads;
  into->divergent_branches += s->divergent_branches;
  if (s->max_stack_depth > into->max_stack_depth) into->max_stack_depth = s->max_stack_depth;
  into->barriers += s->barriers;
  into->workgroups += s->workgroups;
  into->warps += s->warps;
  for (int sp = 0; sp < VS_NSPACES; sp++) {
    for (int k = 0; k < 3; k++) {
      into->loads[sp][k] += s->loads[sp][k];
      into->stores[sp][k] += s->stores[sp][k];
    }
    into->atomics[sp] += s->atomics[sp];
  }
}
