/* The front ends' side of the kernel checker (core/check.h). */
#include <stdio.h>

#include "core/check.h"

void vs_check_reportf(const vs_check_sink *s, vs_warp *w, int check, vs_addr pc, vs_addr pc2,
                      const char *fmt, ...)
{
  if (!s || !(s->enabled >> check & 1u)) return;
  char msg[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  s->report(s->ctx, w, check, pc, pc2, msg);
}
