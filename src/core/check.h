/* The kernel checker's hooks into the functional engine (src/check
 * implements them; docs/checker.md).
 *
 * When vs_run_options.check is set the engine runs every warp on its
 * instrumented path (memory records on) and calls `insn` after each
 * instruction with the accesses it made; it calls `launch` and `wg_start`
 * around them.  Without a checker the engine pays nothing per instruction:
 * the choice of path is made once per scheduling slice, as for traces and
 * statistics.  The hooks only read: the checker never changes results.
 *
 * A front end that can check something only it understands (AMD: hazards
 * that software must resolve with wait states, missing s_waitcnt) gives
 * vs_isa.check_insn; the engine calls it after each instruction with a
 * vs_check_sink through which it reports findings with the same reporting
 * (de-duplication, limits, JSON) as the ISA-neutral checks. */
#ifndef VS_CORE_CHECK_H
#define VS_CORE_CHECK_H

#include <stdarg.h>

#include "core/isa.h"

struct vs_launch_ctx;

/* The checks (bit k of a check mask is check k) */
enum vs_check_kind {
  VS_CHECK_BOUNDS = 0,     /* outside every allocation / LDS window / private segment */
  VS_CHECK_RACES,          /* unsynchronised conflicting accesses                   */
  VS_CHECK_RACES_SAME,     /* the same, where every write wrote the same value      */
  VS_CHECK_UNINIT,         /* reads of memory nobody wrote                          */
  VS_CHECK_BARRIER,        /* barrier divergence                                    */
  VS_CHECK_HAZARDS,        /* ISA: software-resolved hazards (AMD wait states)      */
  VS_CHECK_WAITS,          /* ISA: reads of registers a memory operation still writes */
  VS_NCHECKS
};

/* Where a front end's check_insn reports a finding: check is VS_CHECK_*,
 * pc the instruction, pc2 the other instruction of the pair (or pc), the
 * message says what (the checker adds kernel, work-group, warp and the
 * disassembly of both).  `enabled` is the mask of the checks asked for. */
typedef struct vs_check_sink {
  unsigned enabled;
  void *ctx;
  void (*report)(void *ctx, vs_warp *w, int check, vs_addr pc, vs_addr pc2, const char *msg);
} vs_check_sink;

/* Formats a finding and hands it to the sink */
void vs_check_reportf(const vs_check_sink *s, vs_warp *w, int check, vs_addr pc, vs_addr pc2,
                      const char *fmt, ...) __attribute__((format(printf, 6, 7)));

typedef struct vs_check_hooks {
  void *ctx;
  /* A launch begins (begin = 1: before its first work-group) or ends. */
  void (*launch)(void *ctx, const struct vs_launch_ctx *c, int begin);
  /* A work-group and its warps were put into their launch state. */
  void (*wg_start)(void *ctx, const vs_wg *wg);
  /* After instruction d at pc of w ran with `active` lanes and returned
   * event ev (not VS_EV_FAULT); r holds its memory accesses.  For
   * VS_EV_BARRIER and VS_EV_END the engine has not acted on the event yet. */
  void (*insn)(void *ctx, vs_warp *w, const vs_dinsn *d, vs_addr pc, vs_mask active,
               const vs_memrec *r, int ev);
  /* The front end's check_insn reports here (also set by the checker) */
  vs_check_sink sink;
} vs_check_hooks;

#endif
