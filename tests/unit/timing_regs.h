/* Register operands for the timing-model unit tests: a scalar file of 64
 * registers (scoreboard 0..63) and a vector file of 256 (64..319). */
#ifndef VS_TEST_TIMING_REGS_H
#define VS_TEST_TIMING_REGS_H

#include "timing/tinfo.h"

/* count registers of file (0: x, 1: v) from idx; group: an LMUL group */
static inline vs_treg treg(unsigned file, unsigned idx, unsigned count, int group)
{
  vs_treg r;
  r.file = (uint8_t)file;
  r.index = (uint16_t)idx;
  r.sb = (uint16_t)(file ? 64 + idx : idx);
  r.room = (uint16_t)((file ? 256 : 64) - idx);
  r.count = (uint8_t)count;
  r.group = (uint8_t)group;
  return r;
}
#define XR(i) treg(0, (i), 1, 0)
#define VR(i) treg(1, (i), 1, 0)

#endif
