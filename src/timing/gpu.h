/* The timing model's top level: the GPU (SMs, interconnect, L2, DRAM, the
 * work-group dispatcher, the cycle loop) and the SM (warp slots, front end,
 * issue, operand collection, execution units, LSU, D-cache, LDS).  sm.c is
 * one SM's cycle; gpu.c runs a launch; tstats.c reports. */
#ifndef VS_TIMING_GPU_H
#define VS_TIMING_GPU_H

#include <stdint.h>

#include "core/exec.h"
#include "core/workgroup.h"
#include "timing/config.h"
#include "timing/dcache.h"
#include "timing/dispatch.h"
#include "timing/dram.h"
#include "timing/fetch.h"
#include "timing/icnt.h"
#include "timing/kcache.h"
#include "timing/l2.h"
#include "timing/lds.h"
#include "timing/lsu.h"
#include "timing/opcoll.h"
#include "timing/profile.h"
#include "timing/scoreboard.h"
#include "timing/units.h"
#include "timing/waitcnt.h"
#include "ventsim/stats.h"
#include "ventsim/timing.h"

#define VS_MAX_OPC 8

/* Warp slot states */
enum { VS_TW_FREE = 0, VS_TW_PENDING, VS_TW_ACTIVE, VS_TW_ENDING, VS_TW_DONE };

typedef struct vs_twarp {
  uint8_t state;
  uint8_t at_barrier;   /* arrived, barrier not open yet              */
  uint8_t waiting;      /* its last instruction waited (VS_EV_WAIT)   */
  uint8_t reason;       /* this cycle's VS_STALL_*                    */
  uint8_t reported;     /* last reason told to the observer           */
  unsigned wg;          /* work-group slot on SM wg_sm                */
  unsigned wg_sm;       /* the SM whose slot holds its work-group (its
                         * first SM: another one in WGP mode)         */
  vs_warp *w;
  uint64_t start_at;    /* PENDING: starts at                         */
  uint64_t resume_at;   /* barrier released: issues again from         */
  uint64_t age;         /* start sequence (GTO)                       */
  uint64_t opc_free[VS_MAX_OPC]; /* collector units of this warp      */
  uint64_t insns;
  vs_sb sb;
  vs_memops mo;
  /* the latest completion of each counter's operations (the profile's
   * in-order counters: a later operation completes no earlier) */
  uint64_t cnt_last[VS_NCNT];
  /* ALU-delay hints (vs_insn_info.delay, sm.c): the result times of the
   * warp's last 4 vector ALU and last 3 transcendental instructions
   * (rings indexed by the counts), the issue cycles of its last vector
   * and scalar ALU instructions; the pending delays: what (VS_DELAY_*)
   * and in how many instructions (1: the next; 0: none) */
  uint64_t valu_done[4], trans_done[3], valu_issue, salu_issue;
  uint32_t nvalu, ntrans;
  uint8_t dly[2], dly_pos[2];
  uint8_t clause_arm;   /* s_clause issued: the next instruction starts a clause this long */
  uint8_t clause_arm_break; /* ... broken every this many instructions (0: never) */
  /* the warp's clause: instructions left (0: none), its issue port, break
   * span (0: none) and instructions since its start or last break */
  uint8_t cl_left, cl_port, cl_span, cl_run;
} vs_twarp;

typedef struct vs_twg {
  uint8_t used, flushing;
  unsigned gslot;       /* device-wide slot (its local-memory window) */
  vs_wg wg;
  unsigned nwarps, ndone;
  uint8_t tw[VS_MAX_WG_WARPS]; /* the SM warp slots of its warps      */
  uint16_t tw_sm[VS_MAX_WG_WARPS]; /* and their SMs (WGP mode: several) */
  unsigned span;         /* SMs it spreads over, from at.first       */
  vs_wgplace at;         /* where it was placed (dispatch.h): it lives
                          * on at.slot_sm                            */
  uint64_t end_at;      /* flushing: done at                          */
  uint64_t placed_at;
} vs_twg;

/* One point of the statistics' time series, per SM (tstats.c "samples") */
typedef struct vs_occ_point {
  uint64_t cycle;             /* the interval boundary it was taken at */
  uint64_t insns;             /* warp instructions issued before it     */
  uint32_t resident;          /* resident work-groups                   */
  uint32_t active_warps;      /* resident warps not ended               */
  uint32_t outstanding;       /* memory requests in flight              */
} vs_occ_point;

typedef struct vs_sm_stats {
  uint64_t stalls[VS_STALL_COUNT];
  uint64_t warp_insns, thread_insns;
  uint64_t busy_cycles;       /* at least one work-group resident */
  uint64_t issue_cycles;      /* at least one instruction issued  */
  uint64_t resident_wg_cycles;/* sum over cycles of resident WGs  */
  uint64_t wgs;               /* work-groups run                  */
  uint64_t first_start, last_end;
  uint64_t interval_insns;    /* since the last sample            */
  uint64_t dual_issues;       /* instructions of two operations (VOPD) */
} vs_sm_stats;

struct vs_gpu;

typedef struct vs_sm {
  unsigned id;
  struct vs_gpu *g;
  unsigned nw, nwg;
  vs_twarp *tw;
  vs_fwarp *fw;
  uint64_t *sbmem;
  vs_twg *wg;
  unsigned resident;          /* work-groups on it now */
  uint8_t dormant;
  uint64_t order_seq;         /* scheduler oldest: order[] is of gpu seq order_seq - 1 */
  /* lsu_inflight (sm.c): memory instructions in flight, scanned at cycle
   * infl_at - 1 (0: never), and the earliest completion among them */
  uint64_t infl_at, infl_wake;
  unsigned infl;            /* no work-group, last cycle idle: skipped until a placement */
  vs_fetch_unit fe;
  vs_units simd[VS_MAX_SIMD];  /* execution units of each SIMD (profile) */
  vs_units **units_of;         /* [warp slot]: the SIMD it issues to      */
  vs_opcoll opc;
  vs_lsu lsu;
  vs_dcache dc;
  vs_lds lds;
  unsigned last[VS_MAX_PORTS]; /* last issuing warp per port */
  /* clauses (s_clause): per issue port and SIMD, 1 + the warp slot whose
   * clause holds it (0: none; a clause at a break holds nothing) */
  uint8_t clause_hold[VS_MAX_PORTS][VS_MAX_SIMD];
  uint64_t wake;              /* earliest time something may change */
  int active;                 /* something changed this cycle */
  int progress;               /* an instruction issued / memory moved */
  uint32_t hist[VS_STALL_COUNT]; /* this cycle's warp reasons */
  uint8_t order[64];
  vs_sm_stats st;
} vs_sm;

typedef struct vs_gpu {
  const struct vs_timing_config *c;
  vs_device *dev;
  const vs_launch *l;
  const vs_run_options *opt;
  vs_timing_observer *obs;
  vs_launch_ctx lc;
  int lc_open;
  vs_exec ex;
  vs_tinfo_cache *tic;
  const vs_tprofile *prof;    /* core.profile */
  unsigned nsm, lanes, nregs;
  vs_sm *sm;
  vs_smres *res;
  vs_dram dram;
  vs_l2 l2;
  /* optional levels: the memory-attached last-level cache between the L2
   * and DRAM (mall.sets > 0), the L1s shared by groups of l1.sms SMs
   * between their L1 caches and the interconnect (l1.sms > 0) */
  vs_l2 mall;
  int has_mall;
  vs_l2 *l1;
  unsigned nl1;
  /* the scalar data caches (kcache.sets > 0), one per group of kcache.sms
   * SMs: SM i's is kc[i / kcache.sms] (its LSU sends scalar memory
   * instructions there) */
  vs_kcache *kc;
  unsigned nkc;
  vs_icnt icnt;
  vs_warp ***slot_warps;      /* per device-wide WG slot, allocated on use */
  unsigned nslots;
  /* dispatcher */
  vs_wgreq req;
  uint32_t nwg, next_wg, wgs_done;
  unsigned disp_rr;
  uint64_t disp_at;
  /* time */
  uint64_t now, seq, end_cycle, last_progress;
  uint64_t watchdog;          /* sim.watchdog, or the one derived from the configuration */
  uint64_t insns;             /* warp instructions issued */
  uint64_t thread_insns;
  /* errors */
  int failed;
  vs_error err;
  /* statistics */
  vs_exec_stats es;
  uint64_t sample_interval, next_sample;
  uint64_t occ_interval;      /* occupancy series: cycles per point */
  vs_occ_point *occ;          /* points x nsm: occupancy, IPC, ...   */
  size_t nocc, capocc;
  uint64_t occ_next;
} vs_gpu;

/* gpu.c: the memory system as SM sm's L1 caches see it (its shared L1
 * or its interconnect port) */
vs_lower vs_gpu_sm_lower(vs_gpu *g, unsigned sm);

/* sm.c */
int vs_sm_init(vs_sm *s, vs_gpu *g, unsigned id, vs_error *err);
void vs_sm_free(vs_sm *s);
/* One cycle of the SM; sets s->active / s->progress / s->wake. */
void vs_sm_cycle(vs_sm *s, uint64_t now);
/* Places work-group `id` at now (resources already taken) in a slot of SM
 * at->slot_sm (s), its warps spread over the span SMs from at->first (WGP
 * mode; span 1: s alone). */
int vs_sm_place(vs_sm *s, uint32_t id, unsigned span, const vs_wgplace *at, uint64_t now, vs_error *err);
/* Memory instructions in flight / busy MSHRs (observer samples) */
unsigned vs_sm_outstanding(const vs_sm *s, uint64_t now);
/* 1 if a memory request of the SM is in flight at now: a memory
 * instruction, a D- or I-cache miss, a write, a work-group's D-cache flush
 * (the watchdog does not count such cycles: any latency is legal) */
int vs_sm_memory_busy(const vs_sm *s, uint64_t now);
unsigned vs_sm_active_warps(const vs_sm *s);
/* Appends a description of every warp (deadlock report) */
size_t vs_sm_describe(const vs_sm *s, uint64_t now, char *buf, size_t len);

/* tstats.c */
void *vs_tstats_json(const vs_gpu *g, double seconds);
void vs_tstats_summary(const vs_gpu *g, double seconds, FILE *out);
void vs_tstats_collect(const vs_gpu *g, vs_timing_stats *st, double seconds);

#endif
