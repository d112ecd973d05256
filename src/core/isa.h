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

/* Register files, described by the front end: the core allocates each
 * file's storage per warp (vs_warp.rf[file]) and the timing model's
 * scoreboard, operand collector and reports, the gdb view and the traces
 * read the description.  Storage is 32-bit words: a scalar file is
 * count * words_per_reg words; a vector file count * words_per_reg rows
 * of `lanes` words each, lane-contiguous (lane e of row r is
 * rf[r * lanes + e]).  Special registers (AMD's EXEC, VCC, SCC, M0) are
 * files of their own or entries of one. */
enum { VS_RF_SCALAR = 0, VS_RF_VECTOR = 1 };

typedef struct vs_regfile {
  const char *name;        /* in reports and traces: "x", "v", "s", "exec" */
  uint16_t count;          /* registers                                  */
  uint16_t width;          /* bits per register (per lane: vector files) */
  uint8_t kind;            /* VS_RF_SCALAR or VS_RF_VECTOR               */
} vs_regfile;

static inline unsigned vs_regfile_words(const vs_regfile *f)
{
  return f->width > 32 ? (f->width + 31u) / 32u : 1u;
}

/* An instruction operand: `count` consecutive registers of a file from
 * `index` (a pair, an LMUL group, an AMD 64/128-bit register range).
 * With VS_OPF_GROUP the count is multiplied by the warp's current register
 * grouping (vs_isa.reg_group: Ventus's LMUL). */
#define VS_OPF_GROUP 1u
typedef struct vs_operand {
  uint8_t file;            /* index into vs_isa.regfiles                 */
  uint8_t count;           /* registers (at least 1)                     */
  uint8_t flags;           /* VS_OPF_*                                   */
  uint16_t index;
} vs_operand;

#define VS_MAX_SRC 8u
#define VS_MAX_DST 4u

/* Static information about a decoded instruction, for the timing model,
 * statistics and tracing. */
typedef struct vs_insn_info {
  uint8_t cls;             /* VS_CLS_*                                   */
  uint8_t fence;           /* barriers: memory kinds to wait for (VS_FENCE_*) */
  uint8_t nsrc, ndst;
  vs_operand src[VS_MAX_SRC], dst[VS_MAX_DST];
} vs_insn_info;

typedef struct vs_isa {
  const char *name;
  vs_addr pc_mask;         /* pcs wrap to these bits (Ventus: 32 bits)   */
  size_t warp_size;        /* bytes of the front end's warp struct       */
  const vs_regfile *regfiles; /* the warp's register files              */
  unsigned nregfiles;      /* at most VS_MAX_REGFILES                    */
  /* The warp's register grouping now (operands with VS_OPF_GROUP span
   * count * this registers); NULL: always 1. */
  unsigned (*reg_group)(const vs_warp *w);

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
