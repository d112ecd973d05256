/* The interface between the ISA-neutral core and an ISA front end.
 * Ventus (src/isa/ventus) implements it; an AMD GCN/RDNA front end would
 * implement it beside it.  The core knows warps, masks, memory and
 * work-groups; the front end knows encodings, registers' meaning, CSRs and
 * instruction semantics. */
#ifndef VS_CORE_ISA_H
#define VS_CORE_ISA_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/warp.h"
#include "ventsim/sim.h"

/* One work-group instance on the device */
typedef struct vs_wg {
  uint32_t id;             /* linear id                          */
  uint32_t gx, gy, gz;     /* position in the NDRange            */
  uint32_t slot;           /* hardware slot (selects the LDS window) */
  uint32_t lds_base, lds_bytes;
  uint32_t pds_base;       /* this work-group's private memory   */
  uint32_t nwarps;
  uint32_t n_ended, n_waiting; /* barrier bookkeeping            */
  vs_warp **warps;
} vs_wg;

/* Memory kinds a barrier's fence waits for */
#define VS_FENCE_LOCAL  1u
#define VS_FENCE_GLOBAL 2u
#define VS_FENCE_IMAGE  4u

/* Static information about a decoded instruction, for the timing model,
 * statistics and tracing. */
typedef struct vs_insn_info {
  uint8_t cls;             /* VS_CLS_*                                   */
  uint8_t fence;           /* barriers: memory kinds to wait for (VS_FENCE_*) */
  uint8_t nsrc, ndst;
  struct { uint8_t file; uint16_t idx; } src[4], dst[2]; /* file: 'x' or 'v' */
} vs_insn_info;

typedef struct vs_isa {
  const char *name;
  vs_addr pc_mask;         /* pcs wrap to these bits (Ventus: 32 bits)   */
  size_t warp_size;        /* bytes of the front end's warp struct       */
  unsigned nxregs, nvregs; /* scalar / vector registers per warp         */

  /* Decodes the instruction at pc whose words are w[0..nw-1] (nw: the
   * words that can be read from pc on, 1..VS_DINSN_WORDS): fills every
   * field of *d -- exec, w, len, op, cls and the payload.  Never fails: a
   * word that is not an instruction (or one cut short, nw too small)
   * gets an exec that raises the kernel error. */
  void (*decode)(vs_dinsn *d, const uint32_t *w, unsigned nw, vs_addr pc);
  /* Puts a warp into its launch state (registers zeroed by the core). */
  void (*warp_start)(vs_warp *w, const vs_launch *l, const vs_wg *wg);
  /* "mnemonic operands" of an instruction */
  size_t (*disasm)(const vs_dinsn *d, vs_addr pc, char *buf, size_t n);
  void (*insn_info)(const vs_dinsn *d, vs_insn_info *info);
  /* Appends the front end's warp state (CSRs) to an error report. */
  void (*describe)(const vs_warp *w, FILE *out);
  /* Writes the commit-log entry of the instruction just executed at pc
   * (its memory accesses are in w->memrec). */
  void (*trace)(FILE *out, const vs_warp *w, const vs_dinsn *d, vs_addr pc);
  /* The host drained the print buffer the warp reported (VS_EV_PRINT). */
  void (*print_done)(vs_warp *w);
} vs_isa;

#endif
