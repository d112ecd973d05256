/* A warp: the unit the core schedules.  ISA-neutral: a program counter,
 * the register files the ISA describes and the active mask (AMD's EXEC,
 * Ventus's SIMT mask).  How divergent control flow reconverges is the
 * ISA's business (Ventus: a SIMT stack in its warp; the hooks
 * div_depth / div_describe of vs_isa report on it).  An ISA front end
 * embeds this struct as the first member of its own warp type and adds its
 * state (CSRs etc.). */
#ifndef VS_CORE_WARP_H
#define VS_CORE_WARP_H

#include <stdint.h>
#include <string.h>

#include "core/insn.h"
#include "core/memory.h"

typedef uint64_t vs_mask;          /* bit i = lane (thread) i */
#define VS_MAX_LANES 64
#define VS_MAX_REGFILES 8u         /* register files an ISA may describe */

/* Events returned by instruction semantics (0 = continue) */
enum vs_event {
  VS_EV_NONE = 0,
  VS_EV_BARRIER, /* arrived at a work-group barrier (pc already past it) */
  VS_EV_END,     /* the warp ended                                       */
  VS_EV_FAULT,   /* kernel error, described in warp.fault                */
  VS_EV_PRINT,   /* the warp asked the host to drain the print buffer    */
  VS_EV_WAIT,    /* the warp waits for a condition other warps change,
                    possibly of other work-groups (AMD GWS): nothing was
                    done, pc unchanged, the instruction runs again later;
                    fault.msg says what it waits for (deadlock reports)  */
};

enum vs_warp_state { VS_W_IDLE = 0, VS_W_READY, VS_W_BARRIER, VS_W_ENDED, VS_W_FAULT };

/* Kinds of kernel errors (spec section 7) */
enum vs_fault_kind {
  VS_FAULT_NONE = 0,
  VS_FAULT_ILLEGAL,     /* not an instruction, or not supported          */
  VS_FAULT_UNMAPPED,    /* access to unmapped memory                     */
  VS_FAULT_MISALIGNED,  /* misaligned access or pc                       */
  VS_FAULT_MEMLIMIT,    /* device memory limit exceeded                  */
  VS_FAULT_DIVERGENT,   /* endprg with a non-empty SIMT stack            */
  VS_FAULT_STACK,       /* SIMT stack overflow                           */
  VS_FAULT_LIMIT,       /* --max-instructions (or cycles) reached        */
  VS_FAULT_DEADLOCK,    /* warps wait at barriers that can never open    */
  VS_FAULT_BREAK,       /* ebreak without a debugger                     */
  VS_FAULT_STOPPED,     /* not a kernel error: stopped by the debugger or
                           a stop request; msg says by what              */
};

typedef struct vs_fault {
  int kind;
  vs_addr pc;
  vs_addr addr;        /* faulting data address, if any */
  char msg[256];
} vs_fault;

/* One recorded memory access of one lane (for tracing, statistics and the
 * timing model): 1, 2, 4, 8, 12 or 16 bytes, the value's bytes, and the
 * address space the ISA says it is in (VS_SPACE_*).  An atomic is two
 * records, its load and its store. */
#define VS_MEMACC_MAX 16u
typedef struct vs_memacc {
  vs_addr addr;
  union {                /* stored value (stores), loaded value (loads): */
    uint8_t b[VS_MEMACC_MAX]; /* the first `size` bytes, little-endian   */
    uint32_t w[VS_MEMACC_MAX / 4];
    uint64_t d[VS_MEMACC_MAX / 8];
  } value;
  uint8_t lane, size, is_store, space; /* space: VS_SPACE_* */
  uint8_t is_atomic;
} vs_memacc;

/* The most records one instruction makes: 64 lanes of four each (an
 * atomic is a load and a store; ds_wrxchg2_rtn_b64, buffer_atomic_cmpswap_x2
 * and buffer_*_format_xyzw make four per lane) and the 16 dwords of a
 * scalar load, with room to spare.  An ISA whose instruction could make more
 * must raise it: vs_memrec_add drops what does not fit. */
#define VS_MEMREC_MAX (4 * VS_MAX_LANES + 8)
typedef struct vs_memrec {
  unsigned n;
  vs_memacc acc[VS_MEMREC_MAX];
} vs_memrec;

struct vs_wg;
struct vs_exec;

typedef struct vs_warp {
  /* hot state */
  vs_addr pc;
  uint32_t nlanes;      /* threads in the warp                                 */
  vs_mask active;       /* SIMT active mask                                    */
  vs_mask full;         /* all nlanes lanes                                    */
  uint32_t *rf[VS_MAX_REGFILES]; /* register files (vs_isa.regfiles): a vector file's
                           row r, lane e is rf[f][r * nlanes + e]             */
  vs_mem *mem;
  vs_memrec *memrec;    /* record memory accesses here when not NULL           */
  struct vs_exec *ex;   /* the executor running this warp                      */
  /* decoded-instruction page of the current pc (fetch fast path) */
  vs_addr cp_base;
  vs_addr pc_mask;      /* the ISA's: pcs wrap to its bits (vs_fetch_slow)      */
  vs_page *cp_page;
  vs_dpage *cp_dpage;

  /* bookkeeping */
  uint8_t state;        /* vs_warp_state */
  uint8_t reg_group;    /* register grouping now: operands with VS_OPF_GROUP span
                           count x this registers; the core sets 1 at warp start,
                           an ISA that groups registers keeps it (Ventus: LMUL) */
  uint32_t wid;         /* index in its work-group */
  struct vs_wg *wg;
  uint64_t insns;       /* warp instructions executed            */
  uint64_t thread_insns;/* thread instructions, up to mask_since  */
  uint64_t mask_since;  /* insns when `active` last changed       */
  uint64_t barriers;    /* barriers passed                        */
  vs_fault fault;       /* the kernel error; while the warp waits (VS_EV_WAIT),
                           what it waits for                                   */
} vs_warp;

/* Empties the warp's fetch cache: its next fetch takes the slow path (for a
 * new warp, whose pc may be anywhere -- also in page 0, where a zeroed
 * cache would look valid). */
static inline void vs_warp_fetch_reset(vs_warp *w)
{
  w->cp_base = 0;
  w->cp_page = &vs_mem_no_page;
  w->cp_dpage = NULL;
}

/* Changes the active mask, keeping the thread-instruction count exact
 * without per-instruction work. */
static inline void vs_warp_set_active(vs_warp *w, vs_mask m)
{
  w->thread_insns += (uint64_t)__builtin_popcountll(w->active) * (w->insns - w->mask_since);
  w->mask_since = w->insns;
  w->active = m;
}

static inline uint64_t vs_warp_thread_insns(const vs_warp *w)
{
  return w->thread_insns +
         (uint64_t)__builtin_popcountll(w->active) * (w->insns - w->mask_since);
}

/* For an ISA's memory semantics: records an access of lane `lane` to
 * `size` bytes (1..16) at addr in address space `space` (VS_SPACE_*,
 * ventsim/stats.h) -- value: its bytes, the stored or the loaded ones --
 * if the warp records accesses (tracing, statistics, timing). */
static inline void vs_memrec_add(vs_warp *w, vs_addr addr, const void *value, unsigned size,
                                 unsigned lane, int is_store, int space)
{
  vs_memrec *r = w->memrec;
  if (!r || r->n >= VS_MEMREC_MAX) return;
  vs_memacc *a = &r->acc[r->n++];
  if (size > VS_MEMACC_MAX) size = VS_MEMACC_MAX;
  a->addr = addr;
  memset(&a->value, 0, sizeof a->value);
  memcpy(a->value.b, value, size);
  a->lane = (uint8_t)lane;
  a->size = (uint8_t)size;
  a->is_store = (uint8_t)(is_store != 0);
  a->space = (uint8_t)space;
  a->is_atomic = 0;
}

/* Records a kernel error on the warp; returns VS_EV_FAULT. */
int vs_warp_fault(vs_warp *w, int kind, vs_addr addr, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Maps a VS_MF_* memory fault to a kernel error. */
int vs_warp_memfault(vs_warp *w, int mf, vs_addr addr, unsigned size, int is_store);

/* The warp's divergence, from the ISA's hooks: the depth (0: converged)
 * and a description (the summary, or with levels one line per level, each
 * after sep); "" and 0 if the ISA has none. */
unsigned vs_warp_div_depth(const vs_warp *w);
size_t vs_warp_div_describe(const vs_warp *w, int levels, const char *sep, char *buf, size_t n);

#endif
