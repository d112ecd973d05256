#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/exec.h"
#include "core/warp.h"

int vs_warp_fault(vs_warp *w, int kind, vs_addr addr, const char *fmt, ...)
{
  if (w->fault.kind == VS_FAULT_NONE) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->fault.msg, sizeof w->fault.msg, fmt, ap);
    va_end(ap);
    w->fault.kind = kind;
    w->fault.pc = w->pc;
    w->fault.addr = addr;
  }
  w->state = VS_W_FAULT;
  return VS_EV_FAULT;
}

int vs_warp_memfault(vs_warp *w, int mf, vs_addr addr, unsigned size, int is_store)
{
  const char *what = is_store ? "store to" : "load from";
  switch (mf) {
  case VS_MF_MISALIGNED:
    return vs_warp_fault(w, VS_FAULT_MISALIGNED, addr, "misaligned %u-byte %s address 0x%08" PRIx64,
                         size, is_store ? "store to" : "load from", addr);
  case VS_MF_NOMEM:
    return vs_warp_fault(w, VS_FAULT_MEMLIMIT, addr,
                         "%s 0x%08" PRIx64 " exceeds the device memory limit", what, addr);
  default:
    return vs_warp_fault(w, VS_FAULT_UNMAPPED, addr, "%s unmapped address 0x%08" PRIx64, what, addr);
  }
}

unsigned vs_warp_div_depth(const vs_warp *w)
{
  const vs_isa *isa = w->ex ? w->ex->isa : NULL;
  return isa && isa->div_depth ? isa->div_depth(w) : 0;
}

size_t vs_warp_div_describe(const vs_warp *w, int levels, const char *sep, char *buf, size_t n)
{
  const vs_isa *isa = w->ex ? w->ex->isa : NULL;
  if (n) buf[0] = '\0';
  return isa && isa->div_describe ? isa->div_describe(w, levels, sep, buf, n) : 0;
}

const vs_dinsn *vs_fetch_slow(vs_warp *w)
{
  w->pc &= w->pc_mask; /* a 32-bit ISA's pc that ran past 2^32 wraps to 0 */
  if (w->pc & 3) {
    vs_warp_fault(w, VS_FAULT_MISALIGNED, w->pc, "misaligned pc 0x%08" PRIx64, w->pc);
    return NULL;
  }
  vs_dpage *dp = vs_mem_dpage(w->mem, w->pc);
  if (!dp) {
    vs_warp_fault(w, VS_FAULT_UNMAPPED, w->pc, "pc 0x%08" PRIx64 " is not in mapped memory", w->pc);
    return NULL;
  }
  w->cp_base = w->pc & ~(vs_addr)VS_PAGE_MASK;
  w->cp_page = vs_mem_page(w->mem, w->pc);
  w->cp_dpage = dp;
  return &dp->insn[(w->pc & VS_PAGE_MASK) >> 2];
}
