/* Counters of executed instructions (ventsim/stats.h), shared by the
 * functional engine and the timing model. */
#include "core/exec.h"
#include "ventsim/stats.h"

/* Instructions that act per thread */
_Static_assert(VS_CLS_COUNT <= VS_MAX_CLASSES, "vs_exec_stats.class_insns holds every class");

/* 1, 2, 4, 8, 12, 16 (and anything else: 16) -> 0..5 */
static inline unsigned size_index(unsigned size)
{
  static const uint8_t idx[17] = {5, 0, 1, 5, 2, 5, 5, 5, 3, 5, 5, 5, 4, 5, 5, 5, 5};
  return size <= 16 ? idx[size] : 5;
}

unsigned vs_size_index(unsigned size)
{
  return size_index(size);
}

void vs_exec_stats_count(vs_exec_stats *st, int cls, unsigned active, unsigned depth_before,
                         unsigned depth_after, const vs_memrec *r)
{
  st->class_insns[cls]++;
  if (vs_cls_is(cls, VS_CP_VECTOR)) {
    st->vector_insns++;
    st->vector_threads += active;
  }
  if (depth_after > depth_before && cls == VS_CLS_SIMT) st->divergent_branches++;
  if (depth_after > st->max_stack_depth) st->max_stack_depth = depth_after;
  for (unsigned k = 0; k < r->n; k++) {
    const vs_memacc *a = &r->acc[k];
    unsigned sz = size_index(a->size);
    if (a->is_atomic) {
      if (a->is_store) st->atomics[a->space]++;
    } else if (a->is_store) {
      st->stores[a->space][sz]++;
    } else {
      st->loads[a->space][sz]++;
    }
  }
}

void vs_exec_stats_add(vs_exec_stats *into, const vs_exec_stats *s)
{
  into->warp_insns += s->warp_insns;
  into->thread_insns += s->thread_insns;
  for (int i = 0; i < VS_MAX_CLASSES; i++) into->class_insns[i] += s->class_insns[i];
  into->vector_insns += s->vector_insns;
  into->vector_threads += s->vector_threads;
  into->divergent_branches += s->divergent_branches;
  if (s->max_stack_depth > into->max_stack_depth) into->max_stack_depth = s->max_stack_depth;
  into->barriers += s->barriers;
  into->workgroups += s->workgroups;
  into->warps += s->warps;
  for (int sp = 0; sp < VS_NSPACES; sp++) {
    for (int k = 0; k < VS_NSIZES; k++) {
      into->loads[sp][k] += s->loads[sp][k];
      into->stores[sp][k] += s->stores[sp][k];
    }
    into->atomics[sp] += s->atomics[sp];
  }
}
