/* Operand collection: source registers are read from banked register
 * files (each register file of the ISA has `banks` banks; register r of
 * warp slot w lives in bank (w + r) mod banks, or where the architecture
 * profile's bank function says).  Each bank reads one register
 * per cycle, so sources in the same bank -- of this instruction or of
 * others being collected -- take extra cycles.  Every register of an
 * operand's range is read. */
#ifndef VS_TIMING_OPCOLL_H
#define VS_TIMING_OPCOLL_H

#include <stdint.h>

#include "timing/tinfo.h"

#define VS_OPC_MAXBANKS 64

typedef struct vs_opcoll_stats {
  uint64_t reads, conflict_cycles;
} vs_opcoll_stats;

/* The bank of register `reg` of register file `file` for warp slot `slot`,
 * among nbanks (an architecture profile's; the result is taken mod nbanks) */
typedef unsigned (*vs_bank_fn)(unsigned slot, unsigned file, unsigned reg, unsigned nbanks);

typedef struct vs_opcoll {
  unsigned nbanks, latency;
  /* the bank of a register (the profile's; NULL: (slot + reg) mod banks) */
  vs_bank_fn bank;
  uint64_t bank_free[VS_MAX_REGFILES][VS_OPC_MAXBANKS]; /* [file][bank]: next free read cycle */
  vs_opcoll_stats st;
} vs_opcoll;

void vs_opcoll_init(vs_opcoll *o, unsigned banks, unsigned latency, vs_bank_fn bank);
/* Reads the sources of ti (register grouping g) for warp slot `wid`
 * starting at now: returns the cycle all operands are available (now +
 * latency without conflicts). */
uint64_t vs_opcoll_collect(vs_opcoll *o, unsigned wid, const vs_tinfo *ti, unsigned g, uint64_t now);

#endif
