/* Architecture profiles of the timing model: what differs between GPU
 * families in how an SM issues, executes and interlocks, selected by the
 * configuration key core.profile (default: the Ventus SM).  The rest of
 * the model -- caches, LSU, interconnect, DRAM, the cycle loop -- is
 * shared.  A profile says:
 *   - which execution unit runs each instruction class, and on which issue
 *     port it issues when core.split_issue gives two;
 *   - how many SIMD units an SM has and which one a warp slot issues to
 *     (each SIMD has its own execution units);
 *   - the operand collector's bank function;
 *   - the interlock: a scoreboard holds readers of a register until its
 *     write (Ventus), or the results of memory instructions are not
 *     interlocked and the program waits for them with wait-counter
 *     instructions (AMD s_waitcnt: per-counter thresholds, vs_insn_info.wait);
 *   - the counter vector stores count in (VS separate, or VM as on GCN),
 *     and which counters decrement in issue order;
 *   - how many issue ports (instruction types) an SM has, and whether the
 *     issue stage visits all SIMD units each cycle or one per cycle in
 *     turn (GCN: "selects a single SIMD to decode and issue each cycle").
 * docs/timing-model.md, docs/dev/isa-interface.md. */
#ifndef VS_TIMING_PROFILE_H
#define VS_TIMING_PROFILE_H

#include <stdint.h>

#include "core/insn.h"
#include "ventsim/error.h"
#include "timing/opcoll.h"

enum { VS_IL_SCOREBOARD = 0, VS_IL_WAITCNT = 1 };
#define VS_MAX_SIMD 4u
#define VS_MAX_PORTS 8u

typedef struct vs_tprofile {
  const char *name;                       /* the core.profile value        */
  /* VS_U_*; the memory classes (VS_CP_MEM) must go to VS_U_LSU */
  uint8_t unit_of_class[VS_CLS_COUNT];
  /* with core.split_issue: the issue port (0..nports-1) of each class;
   * each port issues up to core.issue_width instructions per cycle */
  uint8_t port_of_class[VS_CLS_COUNT];
  unsigned nports;                        /* 1..VS_MAX_PORTS               */
  unsigned nsimd;                         /* 1..VS_MAX_SIMD                */
  /* the SIMD unit warp slot `slot` issues to (NULL: 0) */
  unsigned (*simd_of)(unsigned slot, unsigned nsimd);
  /* the operand collector's bank of a register (NULL: (slot + reg) mod
   * banks, the Ventus RTL's layout) */
  vs_bank_fn bank;
  uint8_t interlock;                      /* VS_IL_*                       */
  uint8_t store_counter;                  /* VS_CNT_VS or VS_CNT_VM        */
  /* counters (1 << VS_CNT_*) whose operations complete in issue order: an
   * operation counts as outstanding until every earlier one of its kind
   * of the same warp completed (GCN VMcnt: seed 000 4.4) */
  uint8_t inorder_counters;
  /* 1: one SIMD per cycle, in turn (cycle mod nsimd), may issue */
  uint8_t simd_turns;
} vs_tprofile;

/* The profile of configuration value core.profile = i (NULL if none) */
const vs_tprofile *vs_tprofile_get(unsigned i);
/* 0 if p is consistent (SIMD count, memory classes on the LSU, ports,
 * counters), else -1 with a message naming the profile and the fault. */
int vs_tprofile_check(const vs_tprofile *p, vs_error *err);
/* Runs with configuration c use profile p instead of core.profile's (NULL:
 * core.profile again): for a front end whose profile is not in the table
 * yet, and for tests (the toy ISA of tests/toy). */
void vs_timing_config_set_profile(struct vs_timing_config *c, const vs_tprofile *p);

extern const vs_tprofile vs_tprofile_ventus, vs_tprofile_gcn, vs_tprofile_rdna3;

#endif
