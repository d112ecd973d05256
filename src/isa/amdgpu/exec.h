/* AMD GCN5 execution: the wave state, the decoded instruction and the
 * operand helpers every semantics function uses (docs/amdgpu-exec.md).
 *
 * Adding an instruction is writing its semantics in one of the exec_*.c
 * files:
 *
 *     AMDX(S_ADD_U32) { ... return amd_next(w, d); }
 *
 * AMDX(ID) defines amdx_ID for the gfx9.def row ID; the build scans the
 * exec_*.c files for AMDX(...) and generates the dispatch table from them
 * (cmake/amdx_table.cmake); every other row runs amd_x_unsupported. */
#ifndef VS_ISA_AMDGPU_EXEC_H
#define VS_ISA_AMDGPU_EXEC_H

#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "core/isa.h"
#include "core/warp.h"
#include "isa/amdgpu/amdgpu.h"
#include "isa/amdgpu/check.h"
#include "ventsim/amd_launch.h"

/* ---- register files ----
 * "s": 128 dwords indexed by the scalar operand encoding itself, so an
 * operand field is a storage index: s0..s101, flat_scratch 102-103,
 * xnack_mask 104-105, vcc 106-107, ttmp0..15 108-123, m0 124, (125 reads 0),
 * exec 126-127.  "v": 256 VGPRs, lane-contiguous rows of 64 lanes. */
enum { AMD_RF_S = 0, AMD_RF_V = 1 };
enum {
  AMD_S_FLAT_SCR = 102, AMD_S_XNACK = 104, AMD_S_VCC = 106, AMD_S_TTMP = 108, AMD_S_M0 = 124,
  AMD_S_NULL = 125, AMD_S_EXEC = 126, AMD_NSREG = 128, AMD_NVREG = 256,
};
#define AMD_SGPRS 102u /* addressable SGPRs of gfx9 */

/* Hardware registers (s_getreg / s_setreg ids, gfx9) */
enum { AMD_HW_MODE = 1, AMD_HW_STATUS = 2, AMD_HW_TRAPSTS = 3, AMD_HW_HW_ID = 4, AMD_HW_GPR_ALLOC = 5,
       AMD_HW_LDS_ALLOC = 6, AMD_HW_IB_STS = 7 };

struct amd_launch;

/* A wave: the core's warp, then the AMD state that is not a register file. */
typedef struct amd_warp {
  vs_warp w;
  uint32_t scc;            /* 0 or 1                                          */
  uint32_t mode;           /* MODE hwreg (round, denorm, dx10, ieee ...)      */
  uint32_t trapsts;        /* TRAPSTS hwreg                                   */
  uint32_t csp;            /* fork/join control stack pointer (seed 000)      */
  uint32_t vskip;          /* s_setvskip: vector instructions are skipped     */
  uint32_t prio;           /* s_setprio                                       */
  uint32_t halted;         /* s_sethalt                                       */
  uint32_t wave_offset;    /* scratch: this wave's offset in its slot's region */
  uint32_t gfx11;          /* an RDNA3 wave (wave32 or wave64)                */
  uint64_t scratch_base;   /* gfx11: the architected FLAT_SCRATCH of the wave */
  const struct amd_launch *ls;
  vs_mask lanes_for;       /* exec value lane_on[] was built for              */
  uint32_t lane_on[64];    /* ~0 for a lane in EXEC, else 0 (branch-free blends) */
  amd_chk chk;             /* the kernel checker's hazards and waits (check.c) */
  uint32_t gws_q;          /* 1 + the GWS resource the wave is queued on, 0: none */
  uint32_t gws_tag;        /* barrier: the flag it took; semaphore: its ticket */
} amd_warp;

static inline amd_warp *amd_w(vs_warp *w) { return (amd_warp *)(void *)w; }

/* The decoded instruction: amd_decode's result is the whole payload. */
_Static_assert(sizeof(amd_insn) <= VS_DINSN_PAYLOAD, "an amd_insn fits the decoded slot");
static inline const amd_insn *amd_i(const vs_dinsn *d) { return (const amd_insn *)(const void *)d->payload; }

#define AMDX(ID)                                        \
  int amdx_##ID(vs_warp *w, const vs_dinsn *d);         \
  int amdx_##ID(vs_warp *w, const vs_dinsn *d)
typedef int (*amd_exec_fn)(vs_warp *w, const vs_dinsn *d);

/* gfx11 (RDNA3): rows run the semantics of the gfx9 row with the same ID
 * when both ISAs have it.  AMDX11(ID) defines semantics of gfx11's own for
 * gfx11.def row ID (also where the gfx9 row of that name differs), and
 * AMD11_AS(ID, GFX9_ID); gives gfx11's row ID the semantics of gfx9's
 * GFX9_ID (renamed rows: v_add_nc_u32 is v_add_u32).  cmake/amdx_table.cmake
 * generates amdx_gfx11[] from them. */
#define AMDX11(ID)                                      \
  int amdx11_##ID(vs_warp *w, const vs_dinsn *d);       \
  int amdx11_##ID(vs_warp *w, const vs_dinsn *d)
#define AMD11_AS(ID, G9) _Static_assert(AMD11_##ID >= 0 && AMD9_##G9 >= 0, "a gfx11 row runs a gfx9 row's semantics")

/* The semantics of rows that have none: a kernel error naming the mnemonic */
int amd_x_unsupported(vs_warp *w, const vs_dinsn *d);
/* Kernel error "<what> is not supported" for a form or operand the
 * semantics do not handle (SDWA, DPP ...) */
int amd_unsupported_form(vs_warp *w, const vs_dinsn *d, const char *what);

/* The SDWA and DPP forms of a row with semantics: the row's own entry run
 * through the generic transform of sdwa_dpp.c */
int amd_x_sdwa_dpp(vs_warp *w, const vs_dinsn *d);
/* gfx11: the DPP16 and DPP8 forms (e32 and VOP3) of a row with semantics
 * (sdwa_dpp.c), and a VOPD pair: its two halves' rows (exec_vopd.c) */
int amd_x_dpp11(vs_warp *w, const vs_dinsn *d);
int amd_x_vopd(vs_warp *w, const vs_dinsn *d);

/* The instruction was decoded for gfx11 (RDNA3): for the few semantics
 * that read fields whose place or meaning differs from gfx9's */
static inline int amd_is11(const vs_dinsn *d) { return amd_i(d)->target >= AMD_GFX1100; }

/* Modifier bits whose place differs between gfx9 and gfx11 */
static inline int amd_ds_gds(const amd_insn *I) { return (I->w[0] >> (I->target >= AMD_GFX1100 ? 17 : 16)) & 1; }
static inline int amd_flat_glc(const amd_insn *I) { return (I->w[0] >> (I->target >= AMD_GFX1100 ? 14 : 16)) & 1; }
/* MUBUF/MTBUF: offen, idxen, tfe and the LDS-DMA bit (gfx11 has none) */
static inline int amd_buf_offen(const amd_insn *I)
{
  return I->target >= AMD_GFX1100 ? (I->w[1] >> 22) & 1 : (I->w[0] >> 12) & 1;
}
static inline int amd_buf_idxen(const amd_insn *I)
{
  return I->target >= AMD_GFX1100 ? (I->w[1] >> 23) & 1 : (I->w[0] >> 13) & 1;
}
static inline int amd_buf_tfe(const amd_insn *I) { return (I->w[1] >> (I->target >= AMD_GFX1100 ? 21 : 23)) & 1; }
static inline int amd_buf_lds(const amd_insn *I) { return I->target < AMD_GFX1100 && ((I->w[0] >> 16) & 1); }

static inline int amd_next(vs_warp *w, const vs_dinsn *d)
{
  w->pc += d->len;
  return 0;
}

/* ---- scalar registers ---- */
static inline uint32_t *amd_S(vs_warp *w) { return w->rf[AMD_RF_S]; }

/* Storage index of a scalar register operand (SGPR, TTMP, special < 128) */
static inline unsigned amd_sidx(const amd_operand *o)
{
  return o->kind == AMD_OPK_TTMP ? AMD_S_TTMP + o->val : o->val;
}

static inline int amd_is_sreg(const amd_operand *o)
{
  return o->kind == AMD_OPK_SGPR || o->kind == AMD_OPK_TTMP || (o->kind == AMD_OPK_SPECIAL && o->val < 128);
}

/* The active mask changed: EXEC and the core's active lanes are one. */
static inline void amd_set_exec(vs_warp *w, uint64_t m)
{
  uint32_t *S = amd_S(w);
  S[AMD_S_EXEC] = (uint32_t)m;
  S[AMD_S_EXEC + 1] = (uint32_t)(m >> 32);
  /* s_setvskip: vector instructions see no lanes; wave32: EXEC_HI is no lane's */
  vs_mask act = amd_w(w)->vskip ? 0 : m & w->full;
  if (act != w->active) vs_warp_set_active(w, act);
}

static inline uint64_t amd_exec(vs_warp *w)
{
  const uint32_t *S = amd_S(w);
  return (uint64_t)S[AMD_S_EXEC] | (uint64_t)S[AMD_S_EXEC + 1] << 32;
}

/* Writes a scalar register by storage index: m0, null and exec need care. */
static inline void amd_ws32(vs_warp *w, unsigned idx, uint32_t v)
{
  uint32_t *S = amd_S(w);
  if (__builtin_expect(idx >= AMD_S_NULL, 0)) {
    if (idx == AMD_S_NULL) return;
    S[idx] = v;
    amd_set_exec(w, (uint64_t)S[AMD_S_EXEC] | (uint64_t)S[AMD_S_EXEC + 1] << 32);
    return;
  }
  S[idx] = v;
}

static inline void amd_ws64(vs_warp *w, unsigned idx, uint64_t v)
{
  if (__builtin_expect(idx >= AMD_S_M0, 0)) {
    if (idx == AMD_S_EXEC) { amd_set_exec(w, v); return; }
    if (idx == AMD_S_NULL) return; /* gfx11 null as a 64-bit destination */
    amd_ws32(w, idx, (uint32_t)v);
    amd_ws32(w, idx + 1, (uint32_t)(v >> 32));
    return;
  }
  uint32_t *S = amd_S(w);
  S[idx] = (uint32_t)v;
  S[idx + 1] = (uint32_t)(v >> 32);
}

static inline uint64_t amd_rs64_idx(vs_warp *w, unsigned idx)
{
  const uint32_t *S = amd_S(w);
  return (uint64_t)S[idx] | (uint64_t)S[idx + 1] << 32;
}

/* VCC as a lane mask: wave32 uses VCC_LO only (VCC_HI is no lane's, and a
 * VALU write leaves it alone) */
static inline uint64_t amd_vcc(vs_warp *w) { return amd_rs64_idx(w, AMD_S_VCC) & w->full; }
static inline void amd_set_vcc(vs_warp *w, uint64_t v)
{
  if (w->nlanes <= 32) amd_S(w)[AMD_S_VCC] = (uint32_t)v;
  else amd_ws64(w, AMD_S_VCC, v);
}

/* Values of operands that are not plain registers (constants by type,
 * apertures, scc, vccz, execz); exec.c */
uint64_t amd_src_slow(vs_warp *w, const amd_operand *o, int dwords);

/* A 32-bit scalar source (SALU; VALU scalar operands). */
static inline uint32_t amd_rs32(vs_warp *w, const amd_operand *o)
{
  if (__builtin_expect(o->kind == AMD_OPK_SGPR, 1)) return amd_S(w)[o->val];
  if (o->kind == AMD_OPK_ICONST || o->kind == AMD_OPK_LITERAL) return o->val;
  if (o->kind == AMD_OPK_TTMP || (o->kind == AMD_OPK_SPECIAL && o->val < 128)) return amd_S(w)[amd_sidx(o)];
  return (uint32_t)amd_src_slow(w, o, 1);
}

/* A 64-bit scalar source: inline integers sign-extend, a literal
 * zero-extends (an f64 literal is the high dword). */
static inline uint64_t amd_rs64(vs_warp *w, const amd_operand *o)
{
  if (__builtin_expect(o->kind == AMD_OPK_SGPR, 1)) return amd_rs64_idx(w, o->val);
  if (o->kind == AMD_OPK_ICONST) return (uint64_t)(int64_t)(int32_t)o->val;
  if (o->kind == AMD_OPK_TTMP || (o->kind == AMD_OPK_SPECIAL && o->val < 128 && o->val != AMD_S_NULL))
    return amd_rs64_idx(w, amd_sidx(o));
  return amd_src_slow(w, o, 2);
}

/* ---- vector registers: lane-contiguous rows ---- */
static inline uint32_t *amd_vrow(vs_warp *w, unsigned r) { return &w->rf[AMD_RF_V][r * 64u]; }

#define AMD_LANES 64u

/* ~0 / 0 per lane of EXEC, rebuilt when EXEC changed since */
static inline const uint32_t *amd_lane_on(vs_warp *w)
{
  amd_warp *a = amd_w(w);
  if (a->lanes_for != w->active) {
    vs_mask m = w->active;
    for (unsigned l = 0; l < AMD_LANES; l++) a->lane_on[l] = (uint32_t)0 - (uint32_t)((m >> l) & 1u);
    a->lanes_for = m;
  }
  return a->lane_on;
}

/* A 32-bit vector source as a row of 64 lanes: the VGPR row itself, or the
 * scalar value broadcast into tmp; abs/neg applied (float sources of rows
 * with modifiers) into tmp. */
static inline const uint32_t *amd_vsrc32(vs_warp *w, const amd_operand *o, uint32_t *tmp)
{
  const uint32_t *r;
  if (o->kind == AMD_OPK_VGPR) {
    r = amd_vrow(w, o->val);
  } else {
    uint32_t v = amd_rs32(w, o);
    for (unsigned l = 0; l < AMD_LANES; l++) tmp[l] = v;
    r = tmp;
  }
  if (__builtin_expect(o->mods & (AMD_MOD_ABS | AMD_MOD_NEG), 0)) {
    uint32_t andm = (o->mods & AMD_MOD_ABS) ? 0x7fffffffu : 0xffffffffu;
    uint32_t xorm = (o->mods & AMD_MOD_NEG) ? 0x80000000u : 0u;
    for (unsigned l = 0; l < AMD_LANES; l++) tmp[l] = (r[l] & andm) ^ xorm;
    r = tmp;
  }
  return r;
}

/* Result rows are written under EXEC: res computed for all lanes, then
 * blended into the destination row (a straight copy with all lanes on). */
static inline void amd_vcommit(vs_warp *w, uint32_t *dst, const uint32_t *res)
{
  if (w->active == w->full) { /* wave32: lanes 32-63 are no work-item's */
    if (dst != res) memcpy(dst, res, AMD_LANES * sizeof *dst);
    return;
  }
  const uint32_t *on = amd_lane_on(w);
  for (unsigned l = 0; l < AMD_LANES; l++) dst[l] = (res[l] & on[l]) | (dst[l] & ~on[l]);
}

/* A lane mask written by a VALU instruction (compare results, carries):
 * to VCC (e32) or the SGPR pair of the operand (e64; gfx11 wave32: one
 * SGPR).  Bits of lanes not in EXEC are 0 (the ISA: inactive lanes write 0
 * to the mask). */
static inline void amd_wmask(vs_warp *w, const amd_operand *o, uint64_t m)
{
  if (o->size == 1) amd_ws32(w, amd_sidx(o), (uint32_t)(m & w->active));
  else amd_ws64(w, amd_sidx(o), m & w->active);
}

/* Compares (v_cmp*, v_cmp_class*): the operand index of src0 (1, after the
 * sdst), and the write of the result to sdst (VCC in e32).  gfx11's v_cmpx
 * has no sdst -- it writes EXEC only -- so its sources come first. */
static inline unsigned amd_cmp_src(const vs_dinsn *d) { return amd_i(d)->f.nops == 2 ? 0u : 1u; }
static inline void amd_cmp_write(vs_warp *w, const vs_dinsn *d, uint64_t r)
{
  if (amd_i(d)->f.nops != 2) amd_wmask(w, &amd_i(d)->f.op[0], r);
}

/* The read of a lane mask operand (carry in, v_cndmask's selector) */
static inline uint64_t amd_rmask(vs_warp *w, const amd_operand *o) { return amd_rs64(w, o); }

/* ---- global wave sync and the ordered count (exec_gws.c): the launch's ---- */
#define AMD_GWS_RESOURCES 64u
typedef struct amd_gws_res {
  uint32_t counter, flag, type;
  uint32_t head, tail;     /* semaphore queue: tickets served / taken       */
} amd_gws_res;
typedef struct amd_gws {
  pthread_mutex_t lock;
  amd_gws_res res[AMD_GWS_RESOURCES];
  uint64_t turn[64];       /* ordered count: the launch wave whose turn it is, per index */
  uint32_t wg_warps;       /* waves of a whole work-group                   */
  uint32_t groups[3], local[3]; /* the grid: waves of a partial group (edges) */
  uint64_t global[3];
  uint32_t gds[16384];     /* the 64 KiB of GDS the ordered count adds to   */
} amd_gws;
struct vs_launch_ctx;
amd_gws *amd_gws_new(const struct vs_launch_ctx *c);
void amd_gws_free(amd_gws *g);

/* ---- per-launch state (dispatch.c) ---- */
typedef struct amd_launch {
  vs_amd_abi abi;
  uint32_t lds_bytes;      /* static + dynamic, per work-group              */
  uint32_t priv_lane;      /* private bytes per lane, rounded up to 4       */
  uint64_t wave_scratch;   /* bytes of scratch per wave                     */
  uint64_t slot_scratch;   /* bytes of scratch per work-group slot          */
  uint32_t mode;           /* initial MODE                                  */
  amd_gws *gws;            /* global wave sync, ordered count (exec_gws.c)  */
} amd_launch;

/* Scratch and LDS of the wave's work-group */
static inline vs_addr amd_slot_scratch(const vs_warp *w)
{
  const amd_warp *a = (const amd_warp *)(const void *)w;
  return VS_AMD_SCRATCH_BASE + (vs_addr)w->wg->slot * a->ls->slot_scratch;
}

/* The wave's scratch base, FLAT_SCRATCH: gfx9 kernels write the register
 * (s102-103) in their prologue; gfx11's is architected (set at launch). */
static inline vs_addr amd_scratch_base(vs_warp *w)
{
  const amd_warp *a = amd_w(w);
  return a->gfx11 ? a->scratch_base : amd_rs64_idx(w, AMD_S_FLAT_SCR);
}

/* Memory paths shared by the memory rows (exec_mem.c): an LDS offset of
 * the work-group (out of range: loads read 0, stores are dropped), and a
 * flat address (the shared and private apertures, else global memory). */
int amd_lds_access(vs_warp *w, uint64_t off, void *buf, unsigned size, int store, unsigned lane);
int amd_flat_access(vs_warp *w, uint64_t addr, void *buf, unsigned size, int store, unsigned lane);

/* MUBUF addressing through a buffer resource (V#) in four SGPRs
 * (exec_mem.c): amd_vbuf_init reads the V#, the offsets and the index /
 * offset VGPRs of the instruction; amd_vbuf_in_range is NUM_RECORDS range
 * checking of a `size`-byte record of lane l (raw buffers: the offset;
 * structured: the index); amd_vbuf_addr the device address of byte q of
 * lane l's record (q within one element). */
typedef struct amd_vbuf {
  uint64_t base;
  uint32_t stride, nrec, elem, istride, soff, ioff;
  int swz, add_tid, space;            /* space: VS_SPACE_GLOBAL / _PRIVATE */
  const uint32_t *vi, *vo;            /* index, offset VGPR rows (or NULL)  */
} amd_vbuf;
void amd_vbuf_init(vs_warp *w, const vs_dinsn *d, amd_vbuf *b, const amd_operand *va, const amd_operand *srsrc,
                   const amd_operand *soff);
int amd_vbuf_in_range(const amd_vbuf *b, unsigned l, unsigned size);
vs_addr amd_vbuf_addr(const amd_vbuf *b, unsigned l, unsigned q);

/* SMEM: the offset of the instruction (immediate, SGPR or both; exec_smem.c) */
uint64_t amd_smem_offset(vs_warp *w, const vs_dinsn *d);

/* Hardware instruction counters for the trace and s_memtime */
uint64_t amd_memtime(const vs_warp *w);

#endif
