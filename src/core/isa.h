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
  uint32_t id;             /* linear id (x fastest)                          */
  uint32_t gx, gy, gz;     /* position in the work-group grid                */
  uint32_t size[3];        /* its work-items per dimension (the last of a
                              dimension may be partial)                     */
  uint32_t items;          /* its work-items                                 */
  uint32_t slot;           /* hardware slot: which of the launch's work-groups
                              resident at the same time it is (0..nslots-1) */
  vs_addr lds_base;        /* its local memory, set by the ISA (wg_start)    */
  uint64_t lds_bytes;
  vs_addr private_base;    /* its private memory, set by the ISA (reports)   */
  uint32_t nwarps;         /* ceil(items / wave size)                        */
  uint32_t n_ended, n_waiting; /* barrier bookkeeping                        */
  vs_warp **warps;
} vs_wg;

struct vs_launch_ctx;      /* core/launch.h */
struct vs_launch;          /* ventsim/sim.h */
struct vs_check_sink;      /* core/check.h */

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
  uint8_t lanes;           /* vector files: lanes per register row whatever
                              the launch's wave size (AMD: 64, so wave32
                              and wave64 share the row layout); 0: the
                              wave size                                  */
} vs_regfile;

static inline unsigned vs_regfile_words(const vs_regfile *f)
{
  return f->width > 32 ? (f->width + 31u) / 32u : 1u;
}

/* An instruction operand: `count` consecutive registers of a file from
 * `index` (a pair, an LMUL group, an AMD 64/128-bit register range).
 * With VS_OPF_GROUP the count is multiplied by the warp's current register
 * grouping (vs_warp.reg_group: Ventus's LMUL). */
#define VS_OPF_GROUP 1u
typedef struct vs_operand {
  uint8_t file;            /* index into vs_isa.regfiles                 */
  uint8_t count;           /* registers (at least 1)                     */
  uint8_t flags;           /* VS_OPF_*                                   */
  uint16_t index;
} vs_operand;

#define VS_MAX_SRC 8u
#define VS_MAX_DST 4u

/* The wait counters of seeds 000/002 (the timing model counts a warp's
 * outstanding memory operations in them): vector memory loads and atomics,
 * vector stores, local memory + scalar memory + messages, exports.  A
 * wait-counter instruction (AMD s_waitcnt, class VS_CLS_WAITCNT) waits
 * until counter k is at most wait[k] (VS_WAIT_ANY: not waited for). */
enum { VS_CNT_VM = 0, VS_CNT_VS, VS_CNT_LGKM, VS_CNT_EXP, VS_NCNT };
#define VS_WAIT_ANY 0xffu

/* Static information about a decoded instruction, for the timing model,
 * statistics and tracing. */
typedef struct vs_insn_info {
  uint8_t cls;             /* VS_CLS_*                                   */
  uint8_t fence;           /* barriers: memory kinds to wait for (VS_FENCE_*) */
  uint8_t nsrc, ndst;
  vs_operand src[VS_MAX_SRC], dst[VS_MAX_DST];
  uint8_t wait[VS_NCNT];   /* wait-counter instructions: thresholds       */
  /* An ALU-delay hint (AMD s_delay_alu, seed 002): the instruction after
   * it waits for delay[0] (VS_DELAY_*), the one delay_skip instructions
   * further (0: the same one) for delay[1]; a later hint replaces it */
  uint8_t delay[2], delay_skip;
  /* A clause (AMD s_clause, seed 002): the next clause_len instructions,
   * all of one type, issue from this warp only (0: not a clause start) */
  uint8_t clause_len;
  /* ... broken every clause_break instructions, letting other warps issue
   * (AMD s_clause simm16[11:8]; 0: never) */
  uint8_t clause_break;
  /* counters (1 << VS_CNT_*) a memory instruction counts in besides its
   * vector or scalar memory counter (AMD FLAT: LGKMcnt too) */
  uint8_t cnt_also;
  uint8_t dual;            /* two operations issued as one (AMD VOPD)     */
  uint8_t hint;            /* handled ahead of issue in zero cycles (AMD
                            * s_delay_alu, s_clause): takes no issue slot */
} vs_insn_info;

/* What an ALU-delay hint waits for, before the instruction it names may
 * issue: the result of the n-th previous vector ALU instruction of the
 * warp (every vector ALU instruction counts, transcendental ones too),
 * of the n-th previous transcendental one, a cycle after the previous
 * vector ALU instruction issued (FMA accumulation), or n cycles after the
 * previous scalar ALU instruction issued.  The values are AMD's ID codes
 * (LLVM AMDGPU gfx11 delay operand). */
enum {
  VS_DELAY_NONE = 0,
  VS_DELAY_VALU1 = 1,   /* .. VS_DELAY_VALU1 + 3 */
  VS_DELAY_TRANS1 = 5,  /* .. VS_DELAY_TRANS1 + 2 */
  VS_DELAY_FMA_ACCUM = 8,
  VS_DELAY_SALU1 = 9,   /* .. VS_DELAY_SALU1 + 2 */
  VS_DELAY_COUNT = 12
};

typedef struct vs_isa {
  const char *name;
  vs_addr pc_mask;         /* pcs wrap to these bits (Ventus: 32 bits)   */
  size_t warp_size;        /* bytes of the front end's warp struct       */
  const vs_regfile *regfiles; /* the warp's register files              */
  unsigned nregfiles;      /* at most VS_MAX_REGFILES                    */

  /* Decodes the instruction at pc whose words are w[0..nw-1] (nw: the
   * words that can be read from pc on, 1..VS_DINSN_WORDS): fills every
   * field of *d -- exec, w, len, op, cls and the payload.  Never fails: a
   * word that is not an instruction (or one cut short, nw too small)
   * gets an exec that raises the kernel error. */
  void (*decode)(vs_dinsn *d, const uint32_t *w, unsigned nw, vs_addr pc);
  /* An ISA whose decoding depends on the launch (gfx1100: lane masks are
   * one SGPR in wave32, two in wave64) returns the ISA that decodes for
   * launch l: one with this ISA's hooks but decode.  May be NULL (one
   * decoding).  The device's decoded code is dropped when it changes. */
  const struct vs_isa *(*decoder_for)(const struct vs_launch *l);
  /* ---- launches (core/launch.h) ----
   * launch_begin checks the launch's ABI block (vs_launch.abi), maps the
   * memory the launch needs (vs_launch_map: unmapped again when it ends),
   * may lower c->nslots or set c->serial, sets c->lds_per_wg and keeps
   * its per-launch state in c->isa_state; launch_end (may be NULL) frees
   * that state.  wg_start (may be NULL) places a work-group starting in
   * slot wg->slot: its local and private memory.  warp_start puts a warp
   * into its launch state: the core has zeroed its registers and its
   * vs_warp part, set pc to the entry, the active mask to its work-items
   * and wid, wg, nlanes; the rest of the ISA's warp struct (zeroed when it
   * was allocated) is for warp_start to reset. */
  int (*launch_begin)(struct vs_launch_ctx *c, vs_error *err);
  void (*launch_end)(struct vs_launch_ctx *c);
  void (*wg_start)(const struct vs_launch_ctx *c, vs_wg *wg);
  void (*warp_start)(const struct vs_launch_ctx *c, vs_warp *w);
  /* Frees what the ISA allocated for a warp (its part of the warp struct
   * is its own: warp_start resets it); may be NULL. */
  void (*warp_free)(vs_warp *w);
  /* Divergence, for statistics, deadlock reports and debuggers: the depth
   * of the warp's divergent control flow (0: converged), and a description
   * of it: with levels 0 a summary ("SIMT stack depth 2"), else one line
   * per level (innermost first), each after `sep`.  Returns the length
   * written (snprintf-style).  Either may be NULL (no divergence state). */
  unsigned (*div_depth)(const vs_warp *w);
  size_t (*div_describe)(const vs_warp *w, int levels, const char *sep, char *buf, size_t n);
  /* "mnemonic operands" of an instruction */
  size_t (*disasm)(const vs_dinsn *d, vs_addr pc, char *buf, size_t n);
  void (*insn_info)(const vs_dinsn *d, vs_insn_info *info);
  /* Writes the front end's warp state (CSRs) for gdb's `monitor csr`. */
  void (*describe)(const vs_warp *w, FILE *out);
  /* Writes the commit-log entry of the instruction just executed at pc
   * (its memory accesses are in w->memrec). */
  void (*trace)(FILE *out, const vs_warp *w, const vs_dinsn *d, vs_addr pc);
  /* The host drained the print buffer the warp reported (VS_EV_PRINT). */
  void (*print_done)(vs_warp *w);
  /* ---- the kernel checker (core/check.h, docs/checker.md) ----
   * check_insn (may be NULL): called after every instruction when checking
   * is on, with the sink to report the ISA's own findings to (AMD: hazards,
   * missing waits); its per-warp state lives in the front end's warp struct
   * (warp_start resets it).  private_owner (may be NULL): the work-item
   * (0..items-1 of wg) whose private segment holds addr, or -1 when addr is
   * in none; the bounds check then reports a work-item's private access to
   * another's segment.  ended_is_arrived: the ISA defines that ended warps
   * count as arrived at a barrier (Ventus, spec 5), so the barrier check
   * does not report warps that end while others wait. */
  void (*check_insn)(vs_warp *w, const vs_dinsn *d, vs_addr pc, const struct vs_check_sink *sink);
  long (*private_owner)(const struct vs_launch_ctx *c, const vs_wg *wg, vs_addr addr);
  int ended_is_arrived;
  /* Work-groups one host thread of the functional engine keeps resident
   * when every warp of the ones it runs waits (VS_EV_WAIT): it starts the
   * next work-group while they wait (0 or 1: one at a time, as an ISA
   * whose semantics never wait).  The engine asks launch_begin for this
   * many slots per host thread. */
  unsigned resident_wgs;
} vs_isa;

#endif
