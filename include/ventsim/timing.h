/* The cycle-level timing model of the Ventus GPGPU (docs/timing-model.md).
 *
 * A timing run executes a launch on a model of the SIMT cores and the
 * memory system: the model decides when each warp instruction issues and
 * completes, the functional core (the same one the functional mode uses)
 * decides what it computes.  Select it with vs_run_options.timing (then
 * vs_device_run calls vs_timing_run) or call vs_timing_run directly.
 *
 * Configuration: every parameter has a documented name "section.key", a
 * built-in default (the Ventus Chisel RTL), a range, and can be set from an
 * INI file (sections [section], lines key = value) or a "section.key=value"
 * string.  `ventsim config --dump` prints all of them. */
#ifndef VENTSIM_TIMING_H
#define VENTSIM_TIMING_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ventsim/error.h"
#include "ventsim/sim.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- configuration ---------------------------------------------------- */

/* vs_timing_config is opaque (declared in ventsim/sim.h). */

/* A configuration holding the built-in defaults.  Returns 0, or -1 with
 * *err set (out of memory). */
int vs_timing_config_create(vs_timing_config **out, vs_error *err);
void vs_timing_config_free(vs_timing_config *c);
/* Copies every parameter (and the report stream) of src into dst. */
void vs_timing_config_copy(vs_timing_config *dst, const vs_timing_config *src);

/* Applies an INI file over the current values.  `path_or_name` is a file
 * path, or a bare name such as "ventus-verilog" that names
 * share/ventsim/configs/<name>.ini (installed copy preferred, else the
 * source tree's).  Unknown sections or keys and bad values are errors
 * naming the file, line and key. */
int vs_timing_config_load(vs_timing_config *c, const char *path_or_name, vs_error *err);
/* Same from a string in memory; `name` is used in messages. */
int vs_timing_config_load_string(vs_timing_config *c, const char *text, const char *name,
                                 vs_error *err);
/* Sets one parameter from "section.key=value". */
int vs_timing_config_set(vs_timing_config *c, const char *assignment, vs_error *err);
/* Sets one parameter from its key ("section.key") and value text. */
int vs_timing_config_set_kv(vs_timing_config *c, const char *key, const char *value,
                            vs_error *err);
/* The value of one parameter as text ("section.key"). */
int vs_timing_config_get(const vs_timing_config *c, const char *key, char *buf, size_t len,
                         vs_error *err);
/* Checks that the values are consistent with each other (each value is
 * range-checked when it is set).  The message names the key and why. */
int vs_timing_config_check(const vs_timing_config *c, vs_error *err);
/* Writes the configuration as an INI file that vs_timing_config_load reads
 * back (every parameter, with its description and range as comments). */
int vs_timing_config_dump(const vs_timing_config *c, FILE *out);
/* Where a one-paragraph summary of every timing run is printed (simulated
 * cycles, IPC, stalls, caches, simulation speed); NULL (the default): none. */
void vs_timing_config_set_report(vs_timing_config *c, FILE *out);

/* Resolves a configuration name or path to a readable file path (see
 * vs_timing_config_load).  Returns 0 with the path in buf, or -1. */
int vs_timing_config_find(const char *path_or_name, char *buf, size_t len, vs_error *err);

/* ---- running ---------------------------------------------------------- */

/* Runs one launch on the timing model configured by opt->timing (which must
 * not be NULL).  res->cycles receives the simulated cycles.  With
 * opt->stats, the launch is recorded with its timing statistics (the
 * "timing" member of the launch object, docs/timing-model.md).  Kernel
 * errors, --max-instructions, the cycle limit (sim.max_cycles) and the
 * deadlock watchdog (sim.watchdog) return -1 with VS_E_KERNEL or
 * VS_E_DEADLOCK and a message; a launch that can never be placed (a
 * work-group needs more warps, registers or local memory than an SM has)
 * returns VS_E_LIMIT. */
int vs_timing_run(vs_device *dev, const vs_launch *l, const vs_run_options *opt,
                  vs_run_result *res, vs_error *err);

/* ---- statistics --------------------------------------------------------- */

/* Why a warp did not issue in a cycle (counted per warp and cycle) */
#define VS_TIMING_STALLS(X)                                                   \
  X(ISSUED,       "issued")        /* it issued                           */  \
  X(ICACHE_MISS,  "icache_miss")   /* I-buffer empty, waiting for a fill  */  \
  X(IBUF_EMPTY,   "ibuffer_empty") /* I-buffer empty or still decoding    */  \
  X(SCOREBOARD,   "scoreboard")    /* a pending write to an operand       */  \
  X(OPERANDS,     "operand_collector") /* its collector unit is busy      */  \
  X(UNIT_BUSY,    "unit_busy")     /* the execution unit / LSU is full     */  \
  X(BARRIER,      "barrier")       /* waiting at a work-group barrier     */  \
  X(MEM_COUNTERS, "memory_counters") /* barrier/fence waits for VM/VS/LGKM */ \
  X(NOT_SELECTED, "not_selected")  /* ready, another warp took the slot   */  \
  X(DRAIN,        "drain")         /* ended, waiting for its writes        */ \
  X(STARTING,     "starting")      /* dispatched, not started yet          */

enum vs_timing_stall {
#define X(id, name) VS_STALL_##id,
  VS_TIMING_STALLS(X)
#undef X
  VS_STALL_COUNT
};
/* "issued", "icache_miss", ... */
const char *vs_timing_stall_name(int reason);

/* Statistics of one timing run: the main figures (the --stats JSON has all
 * of them, docs/timing-model.md). */
typedef struct vs_timing_stats {
  uint64_t cycles;            /* simulated cycles of the launch            */
  uint64_t warp_insns, thread_insns;
  unsigned num_sms;
  uint64_t stalls[VS_STALL_COUNT]; /* warp-cycles by reason, all SMs       */
  double seconds;             /* wall time                                 */
} vs_timing_stats;

/* ---- observer: hooks for timelines (all callbacks optional) ------------- */

/* Warp states reported to warp_state */
enum vs_timing_warp_state {
  VS_TW_STARTED = 0, /* the warp was started on its slot               */
  VS_TW_STALLED,     /* it stopped issuing; `reason` says why            */
  VS_TW_RUNNING,     /* it issues again                                   */
  VS_TW_ENDED        /* it completed (endprg, writes drained)            */
};

typedef struct vs_timing_sample {
  uint64_t cycle;            /* end of the sampled interval                */
  uint64_t interval;         /* cycles in it                                */
  unsigned sm;
  uint64_t warp_insns;       /* issued in the interval                      */
  double ipc;                /* warp_insns / interval                       */
  unsigned active_warps;     /* resident, not ended                         */
  unsigned resident_wgs;
  unsigned outstanding_mem;  /* memory instructions in the LSU + busy MSHRs */
} vs_timing_sample;

struct vs_timing_observer {
  void *ctx;
  void (*launch_begin)(void *ctx, const vs_launch *l, unsigned num_sms, unsigned warps_per_sm);
  void (*launch_end)(void *ctx, const vs_launch *l, const vs_timing_stats *st);
  void (*wg_start)(void *ctx, unsigned sm, unsigned wg_slot, uint32_t wg_id, uint64_t cycle);
  void (*wg_end)(void *ctx, unsigned sm, unsigned wg_slot, uint32_t wg_id, uint64_t cycle);
  /* state: enum vs_timing_warp_state; reason: enum vs_timing_stall (for
   * VS_TW_STALLED) */
  void (*warp_state)(void *ctx, unsigned sm, unsigned warp_slot, uint32_t wg_id, unsigned wid,
                     int state, int reason, uint64_t cycle);
  void (*sample)(void *ctx, const vs_timing_sample *s);
  uint64_t sample_interval;  /* cycles between samples; 0: sim.sample_interval */
};

#ifdef __cplusplus
}
#endif
#endif
