/* The ventsim simulator API: a device (memory image + configuration) and
 * kernel launches on it.  File formats (.metadata/.data test cases, ELF +
 * launch descriptions through the driver API) are front ends to this. */
#ifndef VENTSIM_SIM_H
#define VENTSIM_SIM_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ventsim/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vs_device vs_device;

/* A device address.  The device has a 48-bit address space
 * [0, 2^VS_ADDR_BITS); ISAs with 32-bit addresses (Ventus) use its low
 * 4 GiB, their addresses zero-extended. */
typedef uint64_t vs_addr;
#define VS_ADDR_BITS 48u

/* Default limit on host memory the simulated device may allocate for its
 * pages (bytes); see vs_device_set_mem_limit. */
#define VS_DEFAULT_MEM_LIMIT (4ull << 30)

/* A device for the ISA called `isa` ("ventus"; NULL: the default, Ventus),
 * with empty memory.  An unknown name is an error naming the known ones. */
int vs_device_create(vs_device **out, const char *isa, vs_error *err);
/* The name of the device's ISA */
const char *vs_device_isa(const vs_device *dev);
void vs_device_destroy(vs_device *dev);
int vs_device_set_mem_limit(vs_device *dev, uint64_t bytes, vs_error *err);

/* Device memory.  Regions must not overlap; access outside regions is a
 * kernel error.  Reading mapped, never written memory gives zeros. */
int vs_device_map(vs_device *dev, vs_addr base, uint64_t size, const char *name, vs_error *err);
int vs_device_unmap(vs_device *dev, vs_addr base, vs_error *err);
int vs_device_write(vs_device *dev, vs_addr addr, const void *src, size_t len, vs_error *err);
int vs_device_read(vs_device *dev, vs_addr addr, void *dst, size_t len, vs_error *err);
/* 1 if [addr, addr+len) is mapped */
int vs_device_mapped(const vs_device *dev, vs_addr addr, uint64_t len);

/* One kernel launch: an NDRange of work-items (OpenCL: global size,
 * work-group size, offset) split into work-groups of warps ("waves") of
 * wave_size lanes.  The last work-group of a dimension may be partial
 * (OpenCL 2.0 non-uniform work-groups: it has only the remaining
 * work-items), and so may a work-group's last warp (fewer active lanes).
 * Work-items of a work-group are numbered x first, then y, then z; warp k
 * has work-items k * wave_size ... .  What the ISA needs beyond this (the
 * Ventus kernel metadata buffer, its private-memory and local-memory
 * layout; an AMD kernel descriptor) is in its ABI block: the ISA checks
 * and interprets it (Ventus: ventsim/ventus_launch.h builds whole launches
 * from .metadata records). */
typedef struct vs_launch {
  const char *name;        /* kernel name used in messages                    */
  vs_addr entry;           /* where every warp starts                          */
  unsigned dims;           /* dimensions of the NDRange, 1..3                  */
  uint64_t global[3];      /* work-items per dimension (>= 1; 1 beyond dims)   */
  uint32_t local[3];       /* work-items of a work-group per dimension (>= 1)  */
  uint64_t offset[3];      /* global id of the first work-item                 */
  uint32_t wave_size;      /* lanes of a warp, 1..VS_MAX_WAVE (the ISA decides) */
  uint32_t lds_bytes;      /* local memory a work-group uses (static)          */
  uint32_t private_bytes;  /* private memory per work-item                     */
  uint32_t vgprs, sgprs;   /* registers a warp uses (timing: occupancy)        */
  uint32_t wg_sms;         /* SMs a work-group's warps may spread over (timing:
                              up to gpu.sms_per_wgp of one group; AMD WGP mode
                              2); 0 or 1: one SM                               */
  const void *abi;         /* the ISA's ABI block, or NULL                     */
  size_t abi_size;         /* its size in bytes                                */
} vs_launch;

/* Largest values accepted in a launch (documented limits) */
#define VS_MAX_WAVE       64u          /* lanes of a warp                       */
#define VS_MAX_WG_WARPS   32u          /* warps of a work-group                 */
#define VS_MAX_WORKGROUPS (1u << 24)   /* work-groups of a launch               */

/* The work-group grid of a launch */
typedef struct vs_launch_shape {
  uint32_t groups[3];      /* work-groups per dimension: ceil(global / local) */
  uint64_t nwg;            /* work-groups in all                              */
  uint32_t wg_items;       /* work-items of a whole work-group               */
  uint32_t wg_warps;       /* warps of a whole work-group                    */
} vs_launch_shape;

/* Checks the generic part of a launch (dimensions, sizes, limits) and
 * computes its shape.  Messages name the kernel and the field. */
int vs_launch_shape_of(const vs_launch *l, vs_launch_shape *s, vs_error *err);

typedef struct vs_stats vs_stats;
typedef struct vs_timing_config vs_timing_config;   /* ventsim/timing.h */
typedef struct vs_timing_observer vs_timing_observer; /* ventsim/timing.h */

/* Progress of a running launch (vs_run_options.on_progress) */
typedef struct vs_progress {
  uint64_t workgroups_done, workgroups;  /* of this launch              */
  uint64_t warp_insns;                   /* executed so far (approximate) */
  uint64_t cycles;                       /* timing mode: simulated so far */
} vs_progress;

typedef struct vs_run_options {
  unsigned threads;          /* host threads running work-groups (-j); 0/1 = one */
  uint64_t max_instructions; /* warp instructions per launch; 0 = no limit    */
  int interleave;            /* 0: a warp runs until it blocks; N > 0: warps of
                                a work-group take turns of N instructions     */
  FILE *trace;               /* commit log (spec section 9), or NULL           */
  /* Called when a warp raises CSR_PRINT (it wrote to the print buffer,
   * spec 6.5) and once more at the end of the launch; the warp's CSR_PRINT
   * is cleared afterwards.  NULL: the print buffer is left alone. */
  int (*on_print)(void *ctx, vs_device *dev, const vs_launch *l);
  void *on_print_ctx;
  /* Called now and then during a launch (from the simulating thread) with
   * the work done so far; NULL: no progress reports. */
  void (*on_progress)(void *ctx, const struct vs_progress *p);
  void *on_progress_ctx;
  vs_stats *stats;           /* statistics to accumulate into, or NULL         */
  const vs_timing_config *timing; /* run on the cycle-level timing model with
                                     this configuration (NULL: functional)   */
  vs_timing_observer *observer;   /* timing-mode event hooks (timelines), or NULL */
  /* Debugger hooks (internal: ventsim's gdb server, src/core/debug.h);
   * functional mode with one host thread only.  NULL: no debugger. */
  const struct vs_debug_hooks *debug;
  /* Kernel checker hooks (internal: src/core/check.h; set by
   * vs_checker_run_options, ventsim/check.h); functional mode, one host
   * thread (a launch with a checker runs its work-groups one at a time).
   * NULL: no checking. */
  const struct vs_check_hooks *check;
  /* A stop request: when *stop becomes non-zero (a signal handler may set
   * it) the launch stops soon after -- between two scheduling slices in
   * functional mode, at the next cycle in timing mode -- and
   * vs_device_run fails with VS_E_STOPPED.  NULL: none. */
  const volatile sig_atomic_t *stop;
} vs_run_options;

typedef struct vs_run_result {
  uint64_t cycles;           /* simulated cycles (timing mode; 0 otherwise)    */
  uint64_t warp_insns;       /* warp instructions executed                     */
  uint64_t thread_insns;     /* sum over instructions of active threads        */
  uint64_t workgroups;
  double seconds;            /* wall time of the launch                        */
} vs_run_result;

/* Runs one launch to completion on the device's memory.  A kernel error
 * (spec section 7) returns -1 with err->code == VS_E_KERNEL (or
 * VS_E_DEADLOCK) and a message naming the kernel, work-group, warp, pc,
 * instruction and cause; a stop (debugger, opt->stop) returns -1 with
 * VS_E_STOPPED.  Statistics (opt->stats) record a launch that ran also when
 * it stopped early, marked as not completed (vs_stats_launch_stopped). */
int vs_device_run(vs_device *dev, const vs_launch *launch, const vs_run_options *opt,
                  vs_run_result *res, vs_error *err);

#ifdef __cplusplus
}
#endif
#endif
