/* Kernel-error messages (spec section 7): kernel, work-group, warp, pc,
 * the instruction and the cause. */
#include <inttypes.h>
#include <stdio.h>

#include "core/exec.h"

int vs_exec_report_fault(vs_exec *ex, vs_warp *w, vs_error *err)
{
  const vs_launch *l = ex->launch;
  const vs_wg *wg = w->wg;
  char text[160] = "?";
  vs_addr pc = w->fault.pc;
  {
    /* disassemble the faulting instruction if its page is readable */
    vs_addr word = pc & ~(vs_addr)3;
    vs_dpage *dp = vs_mem_accessible(ex->mem, word, 4) ? vs_mem_dpage(ex->mem, word) : NULL;
    if (dp && !(pc & 3)) ex->isa->disasm(&dp->insn[(pc & VS_PAGE_MASK) >> 2], pc, text, sizeof text);
    else if (pc & 3) snprintf(text, sizeof text, "(no instruction: misaligned pc)");
    else snprintf(text, sizeof text, "(no instruction: pc not in mapped memory)");
  }
  for (char *p = text; *p; p++)
    if (*p == '\t') *p = ' ';
  if (w->fault.kind == VS_FAULT_STOPPED) /* not a kernel error: where it stopped */
    return vs_error_set(err, VS_E_STOPPED,
                        "kernel '%s' %s in work-group %u (%u,%u,%u), warp %u, pc 0x%08" PRIx64 " `%s`",
                        l->name ? l->name : "?", w->fault.msg, wg ? wg->id : 0, wg ? wg->gx : 0,
                        wg ? wg->gy : 0, wg ? wg->gz : 0, w->wid, pc, text);
  int code = w->fault.kind == VS_FAULT_DEADLOCK ? VS_E_DEADLOCK : VS_E_KERNEL;
  return vs_error_set(err, code,
                      "kernel error in '%s', work-group %u (%u,%u,%u), warp %u, pc 0x%08" PRIx64 " `%s`: %s",
                      l->name ? l->name : "?", wg ? wg->id : 0, wg ? wg->gx : 0, wg ? wg->gy : 0,
                      wg ? wg->gz : 0, w->wid, pc, text, w->fault.msg);
}
