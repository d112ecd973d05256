/* A warp: the unit the core schedules.  ISA-neutral: a program counter,
 * a scalar and a vector register file, the SIMT active mask and a
 * reconvergence stack.  An ISA front end embeds this struct as the first
 * member of its own warp type and adds its state (CSRs etc.). */
#ifndef VS_CORE_WARP_H
#define VS_CORE_WARP_H

#include <stdint.h>

#include "core/insn.h"
#include "core/memory.h"

typedef uint64_t vs_mask;          /* bit i = lane (thread) i */
#define VS_MAX_LANES 64
#define VS_SIMT_STACK_MAX 1024     /* documented limit: deeper is a kernel error */

/* Events returned by instruction semantics (0 = continue) */
enum vs_event {
  VS_EV_NONE = 0,
  VS_EV_BARRIER, /* arrived at a work-group barrier (pc already past it) */
  VS_EV_END,     /* the warp ended                                       */
  VS_EV_FAULT,   /* kernel error, described in warp.fault                */
  VS_EV_PRINT,   /* the warp asked the host to drain the print buffer    */
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
  uint32_t pc;
  uint32_t addr;       /* faulting data address, if any */
  char msg[256];
} vs_fault;

typedef struct vs_simt_entry {
  uint32_t rpc;        /* reconvergence pc                 */
  uint32_t pc;         /* where the entry's threads resume */
  vs_mask mask;        /* the threads                      */
} vs_simt_entry;

/* One recorded memory access of one lane (for tracing / the timing model) */
typedef struct vs_memacc {
  uint32_t addr;
  uint32_t value;      /* stored value (stores), loaded value (loads) */
  uint8_t lane, size, is_store, space; /* space: VS_SPACE_* */
  uint8_t is_atomic;
} vs_memacc;

#define VS_MEMREC_MAX (2 * VS_MAX_LANES + 8)
typedef struct vs_memrec {
  unsigned n;
  vs_memacc acc[VS_MEMREC_MAX];
} vs_memrec;

struct vs_wg;
struct vs_exec;

typedef struct vs_warp {
  /* hot state */
  uint32_t pc;
  uint32_t nlanes;      /* threads in the warp                                 */
  vs_mask active;       /* SIMT active mask                                    */
  vs_mask full;         /* all nlanes lanes                                    */
  uint32_t *x;          /* scalar registers                                    */
  uint32_t *v;          /* vector registers: element e of v[r] is v[r*nlanes+e] */
  vs_mem *mem;
  vs_memrec *memrec;    /* record memory accesses here when not NULL           */
  struct vs_exec *ex;   /* the executor running this warp                      */
  /* decoded-instruction page of the current pc (fetch fast path) */
  uint32_t cp_base;
  vs_page *cp_page;
  vs_dpage *cp_dpage;

  /* reconvergence stack */
  vs_simt_entry *stack;
  uint32_t sp, stack_cap;

  /* bookkeeping */
  uint8_t state;        /* vs_warp_state */
  uint32_t wid;         /* index in its work-group */
  struct vs_wg *wg;
  uint64_t insns;       /* warp instructions executed            */
  uint64_t thread_insns;/* thread instructions, up to mask_since  */
  uint64_t mask_since;  /* insns when `active` last changed       */
  uint64_t barriers;    /* barriers passed                        */
  vs_fault fault;
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

/* Records a kernel error on the warp; returns VS_EV_FAULT. */
int vs_warp_fault(vs_warp *w, int kind, uint32_t addr, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Maps a VS_MF_* memory fault to a kernel error. */
int vs_warp_memfault(vs_warp *w, int mf, uint32_t addr, unsigned size, int is_store);

/* SIMT stack push with the overflow check */
int vs_warp_push(vs_warp *w, uint32_t rpc, uint32_t pc, vs_mask mask);

#endif
