/* What the timing model needs to know about a decoded instruction, taken
 * once from the ISA front end (isa->insn_info and the class) and cached
 * per decoded instruction: its unit and issue port, whether it changes
 * control flow or accesses memory, its fence bits and its register
 * operands, each a range of registers of one file; in the scoreboard the
 * files are laid end to end (register r of file f is base(f) + r, base(f)
 * = the counts of the files before f). */
#ifndef VS_TIMING_TINFO_H
#define VS_TIMING_TINFO_H

#include <stdint.h>
#include <string.h>

#include "core/isa.h"

#define VS_TI_CTRL    1u  /* changes control flow: refetch after it issues       */
#define VS_TI_MEM     2u  /* goes to the load/store unit                          */
#define VS_TI_VPORT   4u  /* issues on a port other than 0 (split issue)          */
#define VS_TI_FENCE   8u  /* waits for all of the warp's memory operations        */
#define VS_TI_BARRIER 16u /* a barrier: waits for the counters its fence bits name */
#define VS_TI_END     32u /* ends the warp                                        */
#define VS_TI_SMEM    64u /* scalar memory access (counts in LGKMcnt)             */
#define VS_TI_STORE   128u /* writes memory (stores, atomics)                     */
#define VS_TI_WAIT    256u /* a wait-counter instruction: waits for wait[]         */
#define VS_TI_ONE     512u /* every operand is one register (times the grouping) */
#define VS_TI_GROUPED 1024u /* an operand is multiplied by the warp's grouping   */
/* bits 11..13: the issue port (the profile's port_of_class) */
#define VS_TI_PORT_SHIFT 11u
#define VS_TI_PORT_MASK  7u
static inline unsigned vs_ti_port(unsigned flags) { return flags >> VS_TI_PORT_SHIFT & VS_TI_PORT_MASK; }
#define VS_TI_HINT    16384u /* an ALU-delay hint or clause start (VS_TX_HINT): consumed ahead of issue */

/* A register operand: count registers from index of a file */
typedef struct vs_treg {
  uint16_t sb;         /* scoreboard index of the first: base(file) + index */
  uint16_t index;      /* in its file                                       */
  uint16_t room;       /* registers of the file from index on (a bound)     */
  uint8_t file, count;
  uint8_t group;       /* count is multiplied by the warp's grouping        */
} vs_treg;

/* Registers an operand covers when the warp's grouping is g */
static inline unsigned vs_treg_n(const vs_treg *r, unsigned g)
{
  unsigned n = r->group ? r->count * g : r->count;
  return n < r->room ? n : r->room;
}

/* vs_tinfo.xf: what the ALU-delay hints and clauses need (sm.c) */
#define VS_TX_VALU  1u  /* a vector ALU instruction (counts for VS_DELAY_VALU*) */
#define VS_TX_TRANS 2u  /* a transcendental one (VS_DELAY_TRANS*)              */
#define VS_TX_SALU  4u  /* a scalar ALU one (VS_DELAY_SALU*)                   */
#define VS_TX_DUAL  8u  /* two operations issued as one (AMD VOPD)             */
#define VS_TX_HINT  16u /* handled ahead of issue, no issue slot (s_delay_alu) */

typedef struct vs_tinfo {
  uint8_t cls, unit, fence;
  uint8_t xf;            /* VS_TX_*                                           */
  uint8_t delay[2], delay_skip, clause_len; /* vs_insn_info's               */
  uint8_t clause_break, cnt_also;              /* vs_insn_info's               */
  uint16_t flags;
  uint8_t nsrc, ndst;
  uint8_t wait[VS_NCNT]; /* VS_TI_WAIT: counter thresholds */
  vs_treg src[VS_MAX_SRC], dst[VS_MAX_DST];
} vs_tinfo;

struct vs_tprofile;
/* What an instruction at a pc that cannot be fetched is (it faults at issue) */
extern const vs_tinfo vs_tinfo_bad_pc;
/* Fills ti from the decoded instruction (unit and port: the profile's). */
void vs_tinfo_make(const vs_isa *isa, const struct vs_tprofile *p, const vs_dinsn *d, vs_tinfo *ti);
/* Registers in the scoreboard: the sum of the files' counts */
unsigned vs_tinfo_nregs(const vs_isa *isa);
/* The name of scoreboard register sb ("v5") */
void vs_tinfo_reg_name(const vs_isa *isa, unsigned sb, char *buf, size_t len);
/* The warp's register grouping for ti's operands (1 if none is grouped) */
static inline unsigned vs_tinfo_group(const vs_tinfo *ti, const vs_warp *w)
{
  return ti->flags & VS_TI_GROUPED ? w->reg_group : 1u;
}

/* 1 if every operand of ti is one register under grouping g: the fast
 * paths of the scoreboard and the operand collector */
static inline int vs_tinfo_single(const vs_tinfo *ti, unsigned g)
{
  return (ti->flags & VS_TI_ONE) && g == 1;
}

/* Direct-mapped cache of vs_tinfo keyed by the decoded instruction */
#define VS_TINFO_CACHE 4096
typedef struct vs_tinfo_ent {
  const vs_dinsn *d;
  uint32_t w[VS_DINSN_WORDS];  /* the words it was made from (slots are reused) */
  uint8_t len;
  vs_tinfo ti;
} vs_tinfo_ent;

typedef struct vs_tinfo_cache {
  const vs_isa *isa;
  const struct vs_tprofile *profile;
  vs_tinfo_ent e[VS_TINFO_CACHE];
} vs_tinfo_cache;

static inline const vs_tinfo *vs_tinfo_get(vs_tinfo_cache *c, const vs_dinsn *d)
{
  vs_tinfo_ent *e = &c->e[((uintptr_t)d / sizeof(vs_dinsn)) & (VS_TINFO_CACHE - 1)];
  if (e->d != d || e->len != d->len || memcmp(e->w, d->w, sizeof e->w) != 0) {
    e->d = d;
    e->len = d->len;
    memcpy(e->w, d->w, sizeof e->w);
    vs_tinfo_make(c->isa, c->profile, d, &e->ti);
  }
  return &e->ti;
}

#endif
