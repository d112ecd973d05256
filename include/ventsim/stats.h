/* Run statistics, in both modes: per launch and in total.  Written as JSON
 * (docs/stats-format.md, versioned) or as a human-readable summary. */
#ifndef VENTSIM_STATS_H
#define VENTSIM_STATS_H

#include <stdint.h>
#include <stdio.h>

#include "ventsim/error.h"
#include "ventsim/sim.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VS_STATS_FORMAT_VERSION 1

/* Memory spaces: the ISA states each access's (statistics and timing).
 * local: LDS / shared memory; private: scratch; constant: scalar loads
 * of constant data (AMD s_load). */
enum { VS_SPACE_GLOBAL = 0, VS_SPACE_LOCAL = 1, VS_SPACE_PRIVATE = 2, VS_SPACE_CONSTANT = 3,
       VS_NSPACES };
/* Access sizes counted: 1, 2, 4, 8, 12 and 16 bytes (VS_NSIZES; index
 * vs_size_index(size)) */
#define VS_NSIZES 6
#define VS_MAX_CLASSES 48

/* Counters of one launch that the functional engine collects */
typedef struct vs_exec_stats {
  uint64_t warp_insns, thread_insns;
  uint64_t class_insns[VS_MAX_CLASSES]; /* by instruction class (VS_CLS_*)     */
  uint64_t vector_insns;         /* instructions that act per thread           */
  uint64_t vector_threads;       /* sum of active threads over those           */
  uint64_t divergent_branches;   /* vector branches that split the warp        */
  uint64_t max_stack_depth;      /* deepest SIMT stack seen                    */
  uint64_t barriers;             /* warp arrivals at work-group barriers       */
  uint64_t workgroups, warps;
  /* memory accesses by space and size (index: 1, 2, 4, 8, 12, 16 bytes) */
  uint64_t loads[VS_NSPACES][VS_NSIZES], stores[VS_NSPACES][VS_NSIZES];
  uint64_t atomics[VS_NSPACES];
} vs_exec_stats;

void vs_exec_stats_add(vs_exec_stats *into, const vs_exec_stats *s);
/* The index of an access size in loads[][] / stores[][] */
unsigned vs_size_index(unsigned size);

vs_stats *vs_stats_create(void);
void vs_stats_free(vs_stats *s);
/* Keeps at most `max` launches one by one (0, the default: all); older
 * ones are folded into the totals ("omitted_launches" counts them), so a
 * long-running host's statistics stay bounded. */
void vs_stats_set_max_launches(vs_stats *s, size_t max);

/* Records one launch.  `timing_json` (a cJSON object owned by the stats
 * afterwards, or NULL) is stored as the launch's "timing" member; cycles is
 * its simulated cycle count (0 in functional mode). */
int vs_stats_add_launch(vs_stats *s, const vs_launch *l, const vs_exec_stats *e, uint64_t cycles,
                        double seconds, void *timing_json, vs_error *err);
/* The launch recorded last did not complete (a kernel error, a limit, a
 * stop request): its counters are what was gathered until it stopped, and
 * `why` says why ("completed": false, "error": why).  The statistics are
 * then partial. */
int vs_stats_launch_stopped(vs_stats *s, const char *why, vs_error *err);
/* The run these statistics describe did not do all it was asked to (an
 * interrupt, a launch that could not start): "partial": true and
 * "partial_reason": why (the first reason given is kept). */
int vs_stats_set_partial(vs_stats *s, const char *why, vs_error *err);

/* The kernel checker's findings (a cJSON object from vs_checker_json, owned
 * by the stats afterwards; replaces an earlier one): the "check" member. */
void vs_stats_set_check(vs_stats *s, void *check_json);

int vs_stats_write_json(const vs_stats *s, FILE *out, vs_error *err);
void vs_stats_print(const vs_stats *s, FILE *out);

#ifdef __cplusplus
}
#endif
#endif
