/* Internals of the host runtime (src/runtime): the driver API -- the
 * registry of open devices, opening and closing (device.c), memory contexts
 * and buffers (alloc.c), copies (copy.c), programs (program.c), launches
 * (start.c), ventsim's settings (settings.c, kept in an rt_config by
 * config.c) --, interchange saves (save.c), the print buffer (print.c),
 * the timing model's configuration (timing.c) and the launch helper
 * (launch.c). */
#ifndef VS_RUNTIME_RT_H
#define VS_RUNTIME_RT_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "common/outfile.h"
#include "ventus.h"
#include "ventsim/driver.h"
#include "ventsim/elf.h"
#include "ventsim/error.h"
#include "ventsim/sim.h"
#include "ventsim/stats.h"
#include "ventsim/timeline.h"
#include "ventsim/ventus_launch.h"

#define RT_KERNEL_BASE 0x80000000u  /* VT_CAPS_KERNEL_BASE_ADDR */
#define RT_ALLOC_BASE  0x90000000u  /* VT_CAPS_ALLOC_BASE_ADDR  */
#define RT_ADDR_END    0x100000000ull
#define RT_PAGE        4096u
#define RT_CACHE_LINE  128u         /* dcache line of the RTL: 32 words */
#define RT_MAX_TASKS   1024u
#define RT_PERF_KEEP   256u         /* launches vt_dump_perf lists one by one */
#define RT_STATS_KEEP  1024u        /* launches the statistics keep one by one */
#define RT_FREED_RING  64u

/* kernel metadata buffer offsets (spec 6.2) */
enum {
  KNL_ENTRY = 0, KNL_ARG_BASE = 4, KNL_WORK_DIM = 8, KNL_GL_SIZE = 12, KNL_LC_SIZE = 24,
  KNL_GL_OFFSET = 36, KNL_PRINT_ADDR = 48, KNL_PRINT_SIZE = 52, KNL_SIZE = 64
};

enum { RT_MODE_FUNCTIONAL = 0, RT_MODE_TIMING = 1 };

/* Settings of a device (ventsim/driver.h lists the keys) */
typedef struct rt_config {
  int mode;
  char *timing_config;
  unsigned host_threads;
  uint64_t max_instructions;
  char *stats_path;
  char *trace_path;
  char *timeline_path;
  char *save_dir;
  unsigned cores, warps, warp_threads;
  uint32_t local_mem;
  uint32_t print_buffer;
  unsigned check;            /* kernel checks (ventsim/check.h), 0: none */
} rt_config;

int rt_config_init(rt_config *c, vs_error *err);  /* process defaults + environment */
void rt_config_free(rt_config *c);
int rt_config_copy(rt_config *dst, const rt_config *src, vs_error *err);
int rt_config_set(rt_config *c, const char *key, const char *value, vs_error *err);
int rt_config_get(const rt_config *c, const char *key, char *buf, size_t len, vs_error *err);
/* The process-wide defaults (vt_ventsim_set(NULL, ...)); under a lock. */
int rt_defaults_set(const char *key, const char *value, vs_error *err);
int rt_defaults_get(const char *key, char *buf, size_t len, vs_error *err);
int rt_quiet(void);

/* One allocated buffer */
typedef struct rt_alloc {
  vs_addr base;
  uint64_t size;        /* bytes requested */
  uint64_t mapped;      /* page-rounded    */
  uint64_t task, kernel;
  int type;
  unsigned saved;       /* save session in which it was last saved      */
  uint64_t dlo, dhi;    /* bytes [dlo, dhi) of it written by the host
                           since it was last saved (dlo >= dhi: none)    */
} rt_alloc;

typedef struct rt_perf {
  char name[64];
  uint32_t grid[3], wf, wg;
  uint64_t warp_insns, thread_insns, cycles;
  double seconds;
  int failed;
} rt_perf;

/* State of one interchange save session (one directory) */
typedef struct rt_save {
  char *dir;             /* NULL: no session                              */
  unsigned session;      /* id; buffers remember in which they were saved */
  uint64_t *mapped;      /* [lo, hi) page ranges a replay has mapped      */
  size_t nmapped, capmapped;
} rt_save;

typedef struct rt_dev {
  uint32_t magic;
  pthread_mutex_t lock;
  unsigned users;        /* calls in progress (registry lock)             */
  int closing;
  vs_device *dev;
  rt_config cfg;
  /* buffers, sorted by base */
  rt_alloc *allocs;
  size_t nallocs, capallocs;
  vs_addr top;           /* bump pointer (0: no room above)               */
  vs_addr freed[RT_FREED_RING];
  unsigned nfreed;
  uint64_t *tasks;
  size_t ntasks;
  /* the program */
  int has_program;
  vs_addr prog_lo, prog_hi;   /* mapped span */
  uint64_t prog_gen;
  vs_elf *elf;                /* NULL for flat images */
  unsigned prog_saved;        /* save session in which it was saved */
  /* finished launches */
  int *finished;
  size_t nfinished, capfinished;
  int pending_fail;
  char *pending_msg;
  /* counters */
  rt_perf perf[RT_PERF_KEEP];
  uint64_t nlaunches, nfailed, tot_warp, tot_thread, tot_cycles;
  double tot_seconds;
  vs_stats *stats;
  struct vs_checker *checker; /* setting check (read when the device opens) */
  vs_outfile trace_out;       /* setting trace; completed when it changes or the device closes */
  FILE *trace;                /* trace_out.f, or NULL                  */
  vs_timeline *timeline;      /* setting timeline: every timing launch */
  vs_outfile timeline_out;
  FILE *print_out;
  rt_save save;
} rt_dev;

/* Errors: set the calling thread's message (vt_last_error) and echo it. */
int rt_fail(const char *fn, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void rt_ok(void);
/* Puts back a message saved from vt_last_error() (no echo). */
void rt_restore_error(const char *msg);
/* 1 if h is an open device (no error is reported) */
int rt_is_open(vt_device_h h);
/* Validates h and locks the device; NULL (error set) if h is not an open
 * device.  Every call that got a device ends with rt_leave(d, its result). */
rt_dev *rt_enter(const void *h, const char *fn);
int rt_leave(rt_dev *d, int rc);

static inline uint64_t rt_page_up(uint64_t n)
{
  return (n + RT_PAGE - 1) & ~(uint64_t)(RT_PAGE - 1);
}
/* 0 if task has a memory context, else -1 (error set) */
int rt_check_task(const rt_dev *d, uint64_t task, const char *fn);
/* Index of the buffer containing addr, or -1 */
ssize_t rt_alloc_at(const rt_dev *d, uint64_t addr);
/* Checks that [addr, addr+len) lies in one buffer or in the program.
 * Returns the buffer index, -2 for the program, or -1 (error set). */
ssize_t rt_check_range(rt_dev *d, uint64_t addr, uint64_t len, const char *fn, const char *what);
/* Name of the function at addr in the program, or NULL */
const char *rt_symbol_at(const rt_dev *d, vs_addr addr);

/* The files of settings trace ("-": stdout) and timeline (settings.c) */
int rt_open_trace(const char *path, vs_outfile *o, vs_error *err);
int rt_close_trace(rt_dev *d, vs_error *err);
int rt_open_timeline(const char *path, vs_timeline **tl, vs_outfile *f, vs_error *err);
/* Completes and closes the device's timeline file */
int rt_close_timeline(rt_dev *d, vs_error *err);

/* Used by the launch helper */
int rt_start(vt_device_h h, const vt_meta_data *md, uint64_t task, const char *save_dir,
             const char *kname, vs_run_result *res);
int rt_program_gen(vt_device_h h, uint64_t *gen);
/* Runs a launch built by the caller (an AMD launch) with the device's
 * settings (threads, limits, trace, statistics, checker, timing) and
 * counts it for vt_dump_perf. */
int rt_run_launch(vt_device_h h, const vs_launch *l, vs_run_result *res);
/* The ISA of the device ("ventus", "gfx900" ...) */
const char *rt_dev_isa(vt_device_h h);
/* Where the device's kernels print (vt_ventsim_set_print_stream; stdout) */
FILE *rt_dev_print_stream(vt_device_h h);
/* 1 if [addr, addr+len) lies inside one buffer of the device */
int rt_in_buffer(vt_device_h h, vs_addr addr, uint64_t len);

/* Records a host write into a buffer (for interchange saves); d locked */
void rt_mark_dirty(rt_dev *d, vs_addr addr, uint64_t len);

/* Interchange save of the launch about to run (save.c); d is locked. */
int rt_save_launch(rt_dev *d, const char *dir, const char *kname, const vs_ventus_record *l,
                   uint64_t kernel_id, vs_error *err);
void rt_save_free(rt_save *s);
/* Saves the AMD launch l as DIR/KERNEL_N.amdlaunch/ with every buffer of
 * the device (roles: the addresses of the code image, the kernarg segment
 * and the printf buffer, or 0); locks the device itself.  N counts the
 * launches of KERNEL saved into DIR by all AMD devices of the process.
 * -1: error set. */
struct vs_amdlaunch;
int rt_save_amd_launch(vt_device_h h, const char *dir, struct vs_amdlaunch *l, const vs_addr roles[3]);


/* The timing model (timing.c): checks the configuration a device would use
 * in timing mode; makes vs_run_options.timing for a launch. */
int rt_timing_check(const rt_config *c, vs_error *err);
int rt_timing_prepare(const rt_config *c, vs_run_options *opt, void **state, vs_error *err);
void rt_timing_release(void *state);

#endif
