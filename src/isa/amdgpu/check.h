/* The AMD checks of the kernel checker (docs/checker.md): software-resolved
 * hazards (seed 000 section 4.5, table 8) and missing s_waitcnt (seed 000
 * section 4.4), as the front end's vs_isa.check_insn.  The per-wave state
 * lives in amd_warp (exec.h); amd_warp_start clears it. */
#ifndef VS_ISA_AMDGPU_CHECK_H
#define VS_ISA_AMDGPU_CHECK_H

#include <stdint.h>

#include "core/check.h"

/* One recently issued instruction, as the hazard rules look back at it */
typedef struct amd_chk_ent {
  vs_addr pc;
  uint32_t hwmask;        /* s_setreg: the bits of the hardware register written */
  uint16_t flags;         /* AMD_CHKE_*                                          */
  uint8_t ws;             /* wait states it provides: s_nop N gives N+1, else 1 */
  uint8_t hwreg;          /* s_setreg: the hardware register id                  */
  uint8_t ns;             /* SGPR ranges written                                 */
  uint8_t s_first[2], s_count[2];
  uint8_t v_count;        /* VGPRs written (VALU), or a store's data VGPRs       */
  uint8_t v_first;
} amd_chk_ent;

/* An outstanding memory operation (the "waits" check) */
typedef struct amd_chk_op {
  vs_addr pc;
  uint8_t counters;       /* bit per counter it is counted in (AMD_CHK_VM ...)    */
  uint8_t type;           /* AMD_CHKT_*: the return-order class within a counter */
  uint8_t file, count;    /* the registers it writes (count 0: none)             */
  uint8_t first;
  uint8_t live;
} amd_chk_op;

#define AMD_CHK_RING 8    /* the rules look back at most 5 wait states          */
/* gfx9: VM 63 + LGKM 15; gfx11: VM 63 + LGKM 63 + VS 63 + EXP 7 (the most
 * each counter can hold: a full counter makes the hardware wait) + spare */
#define AMD_CHK_NOPS 200
/* The counters: gfx9 has VM and LGKM (stores count in VM); gfx11 (seed 002)
 * adds VS (stores, non-returning atomics) and EXP (LDS parameter/direct
 * loads; exports) */
enum { AMD_CHK_VM, AMD_CHK_LGKM, AMD_CHK_VS, AMD_CHK_EXP, AMD_CHK_NCNT };

typedef struct amd_chk {
  amd_chk_ent ring[AMD_CHK_RING];
  uint8_t head, n;        /* ring[head] is the newest of the n entries           */
  uint8_t nq[AMD_CHK_NCNT];
  uint8_t q[AMD_CHK_NCNT][64]; /* per counter: op indices, oldest first         */
  uint8_t spend[128];     /* SGPR -> 1 + the op still writing it, or 0          */
  uint8_t vpend[256];     /* VGPR -> the same                                    */
  amd_chk_op op[AMD_CHK_NOPS];
  /* gfx11 hazards: the last two transcendental VALUs (VGPRs written, VALUs
   * and transcendentals issued since; live 0: none or resolved) */
  struct { vs_addr pc; uint8_t v_first, v_count, valus, trans, live; } tr[2];
  /* gfx11 wave64: SGPRs a VALU read as a lane mask since the last expiry,
   * and SGPRs an SALU then rewrote (sa_pc: that SALU) */
  uint64_t mask_rd[2], sa_pend[2];
  vs_addr sa_pc[128];
  /* gfx11 LDS-direct / parameter loads (check.c check_ldsdir11): the last
   * VALUs since an expiry (the VGPRs each reads or writes, newest at
   * lv[lv_head]) and the VGPRs a VMEM/FLAT/DS instruction read or wrote
   * since a VALU (vm_pc: the last such instruction) */
  struct amd_chk_lv { vs_addr pc; uint8_t trans, n, first[8], count[8]; } lv[16];
  uint8_t lv_head, lv_n;
  uint64_t vm_touch[4];
  vs_addr vm_pc[256];
  /* gfx11 wave64 partial forwarding (check_partial_fwd11): the VALUs (the
   * VGPRs they write) and SALU EXEC writes since an expiry, newest at
   * pf[pf_head] */
  struct amd_chk_pf { vs_addr pc; uint8_t exec, n, first[2], count[2]; } pf[24];
  uint8_t pf_head, pf_n;
  /* gfx11 v_cmpx -> v_permlane (check_cmpx_permlane11): the last VALU
   * other than v_nop was a v_cmpx at cmpx_pc */
  vs_addr cmpx_pc;
  uint8_t cmpx_live;
  /* gfx11 WMMA: the D matrix of the last VALU when it was a v_wmma (live) */
  struct { vs_addr pc; uint8_t v_first, v_count, live; } wmma;
} amd_chk;

struct vs_warp;
struct vs_dinsn;
void amd_check_insn(struct vs_warp *w, const struct vs_dinsn *d, vs_addr pc, const vs_check_sink *sink);

#endif
