/* Debugger hooks of the functional engine.
 *
 * When vs_run_options.debug is set (one host thread only), the engine runs
 * warps one instruction at a time and calls these hooks around every
 * instruction; a debugger (src/debug, the gdb server) stops the simulation
 * by simply not returning from a hook until it wants to resume.  Without a
 * debugger the engine's per-slice dispatch pays one predictable branch.
 * ISA-neutral: the hooks see core warps and work-groups only. */
#ifndef VS_CORE_DEBUG_H
#define VS_CORE_DEBUG_H

#include "core/isa.h"
#include "ventsim/error.h"

/* What before_insn / after_insn ask the engine to do */
enum vs_debug_action {
  VS_DBG_RUN = 0, /* execute the instruction / go on                          */
  VS_DBG_YIELD,   /* (before_insn) not now: end this warp's turn, run others   */
  VS_DBG_KILL,    /* end the launch: it fails with VS_E_STOPPED ("stopped by the debugger") */
};

typedef struct vs_debug_hooks {
  void *ctx;
  /* A launch begins (begin = 1, before its first instruction) or ends. */
  void (*launch)(void *ctx, const vs_launch *l, int begin);
  /* Before each instruction of w (w->pc is the instruction). */
  int (*before_insn)(void *ctx, vs_warp *w);
  /* After an instruction of w that returned event ev (VS_EV_*).  For a
   * barrier arrival, the end of the warp or a print the engine has acted on
   * the event already (the barrier may have opened, the warp has ended);
   * for a fault it has not: a debugger may take over a VS_FAULT_BREAK fault
   * (ebreak): it clears w->fault, sets w->state back to VS_W_READY and moves
   * w->pc on, and the warp continues. */
  int (*after_insn)(void *ctx, vs_warp *w, int ev);
  /* A kernel error (fault, deadlock, limit) stops the launch; the
   * work-group's warps are still intact.  err holds the message. */
  void (*error)(void *ctx, vs_wg *wg, const vs_error *err);
} vs_debug_hooks;

#endif
