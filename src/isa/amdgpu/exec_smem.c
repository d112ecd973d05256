/* Scalar memory (SMEM; AMD "Vega" ISA reference, chapter 7): s_load_*,
 * s_buffer_load_*, s_store_*, s_buffer_store_*, the scalar cache
 * operations and s_memtime / s_memrealtime.  A functional simulator has no
 * scalar cache to keep coherent: every load reads memory as it is now, and
 * s_dcache_inv / s_dcache_wb are no-ops (docs/amdgpu-exec.md).
 *
 * Address: the base (an SGPR pair, or a V#'s base) + the offset (the
 * signed 21-bit immediate, an SGPR, or both with SOE), the low two bits
 * ignored.  Operands: sdata, sbase, soffset (gfx11: soffset, then the
 * immediate as an operand of its own). */
#include "isa/amdgpu/exec.h"
#include "ventsim/stats.h"

#define OP(k) (&amd_i(d)->f.op[k])

uint64_t amd_smem_offset(vs_warp *w, const vs_dinsn *d)
{
  const amd_insn *I = amd_i(d);
  if (amd_is11(d)) /* gfx11: soffset (an SGPR, or null reading 0) + the signed 21-bit immediate */
    return (uint64_t)amd_rs32(w, OP(2)) + (uint64_t)(int64_t)(int32_t)OP(3)->val;
  uint32_t w0 = I->w[0], w1 = I->w[1];
  int imm = (w0 >> 17) & 1, soe = (w0 >> 14) & 1;
  const amd_operand *o = OP(2);
  int64_t immv = (int64_t)((int32_t)(w1 << 11) >> 11); /* signed 21 bits */
  if (soe) return (uint64_t)amd_rs32(w, o) + (uint64_t)(imm ? immv : 0);
  if (imm) return (uint64_t)immv;
  return amd_rs32(w, o);
}

/* n dwords between memory and s[idx..]; V# range-checked when buffer */
static int smem_xfer(vs_warp *w, const vs_dinsn *d, unsigned n, int buffer, int store)
{
  const amd_operand *data = OP(0), *base = OP(1);
  unsigned idx = amd_sidx(data);
  uint64_t off = amd_smem_offset(w, d);
  uint64_t addr;
  uint64_t limit = UINT64_MAX;
  if (buffer) {
    unsigned b = amd_sidx(base);
    const uint32_t *S = amd_S(w);
    addr = ((uint64_t)S[b] | (uint64_t)(S[b + 1] & 0xffff) << 32) + (off & 0xffffffffu);
    limit = S[b + 2]; /* NUM_RECORDS: bytes of a raw (stride 0) buffer */
    off &= 0xffffffffu;
  } else {
    addr = amd_rs64(w, base) + off;
  }
  addr &= ~(uint64_t)3 & (((uint64_t)1 << VS_ADDR_BITS) - 1);
  uint32_t v[16];
  for (unsigned k = 0; k < n; k++) {
    vs_addr a = addr + 4ull * k;
    int in_range = !buffer || ((off & ~3ull) + 4ull * k + 4 <= limit);
    if (store) {
      v[k] = amd_S(w)[idx + k];
      if (!in_range) continue;
      int mf = vs_mem_store(w->mem, a, &v[k], 4);
      if (mf) return vs_warp_memfault(w, mf, a, 4, 1);
      vs_memrec_add(w, a, &v[k], 4, 0, 1, VS_SPACE_GLOBAL);
    } else {
      v[k] = 0;
      if (!in_range) continue;
      int mf = vs_mem_load(w->mem, a, &v[k], 4);
      if (mf) return vs_warp_memfault(w, mf, a, 4, 0);
      vs_memrec_add(w, a, &v[k], 4, 0, 0, VS_SPACE_CONSTANT);
    }
  }
  if (!store)
    for (unsigned k = 0; k < n; k++) amd_ws32(w, idx + k, v[k]);
  return amd_next(w, d);
}

AMDX(S_LOAD_DWORD) { return smem_xfer(w, d, 1, 0, 0); }
AMDX(S_LOAD_DWORDX2) { return smem_xfer(w, d, 2, 0, 0); }
AMDX(S_LOAD_DWORDX4) { return smem_xfer(w, d, 4, 0, 0); }
AMDX(S_LOAD_DWORDX8) { return smem_xfer(w, d, 8, 0, 0); }
AMDX(S_LOAD_DWORDX16) { return smem_xfer(w, d, 16, 0, 0); }
AMDX(S_BUFFER_LOAD_DWORD) { return smem_xfer(w, d, 1, 1, 0); }
AMDX(S_BUFFER_LOAD_DWORDX2) { return smem_xfer(w, d, 2, 1, 0); }
AMDX(S_BUFFER_LOAD_DWORDX4) { return smem_xfer(w, d, 4, 1, 0); }
AMDX(S_BUFFER_LOAD_DWORDX8) { return smem_xfer(w, d, 8, 1, 0); }
AMDX(S_BUFFER_LOAD_DWORDX16) { return smem_xfer(w, d, 16, 1, 0); }
AMDX(S_STORE_DWORD) { return smem_xfer(w, d, 1, 0, 1); }
AMDX(S_STORE_DWORDX2) { return smem_xfer(w, d, 2, 0, 1); }
AMDX(S_STORE_DWORDX4) { return smem_xfer(w, d, 4, 0, 1); }
AMDX(S_BUFFER_STORE_DWORD) { return smem_xfer(w, d, 1, 1, 1); }
AMDX(S_BUFFER_STORE_DWORDX2) { return smem_xfer(w, d, 2, 1, 1); }
AMDX(S_BUFFER_STORE_DWORDX4) { return smem_xfer(w, d, 4, 1, 1); }

/* no scalar cache: nothing to invalidate or write back */
AMDX(S_DCACHE_INV) { return amd_next(w, d); }
AMDX(S_DCACHE_WB) { return amd_next(w, d); }
AMDX(S_DCACHE_INV_VOL) { return amd_next(w, d); }
AMDX(S_DCACHE_WB_VOL) { return amd_next(w, d); }
AMDX(S_ATC_PROBE) { return amd_next(w, d); }
AMDX(S_ATC_PROBE_BUFFER) { return amd_next(w, d); }
/* discarding scalar cache lines: there are none (memory is unchanged) */
AMDX(S_DCACHE_DISCARD) { return amd_next(w, d); }
AMDX(S_DCACHE_DISCARD_X2) { return amd_next(w, d); }

/* Time stamps are deterministic: the wave's executed instructions
 * (documented in docs/amdgpu-exec.md). */
uint64_t amd_memtime(const vs_warp *w) { return w->insns; }
AMDX(S_MEMTIME)
{
  amd_ws64(w, amd_sidx(OP(0)), amd_memtime(w));
  return amd_next(w, d);
}
AMDX(S_MEMREALTIME)
{
  amd_ws64(w, amd_sidx(OP(0)), amd_memtime(w));
  return amd_next(w, d);
}

/* The gfx11 (RDNA3) names of these rows: the same semantics
 * (cmake/amdx_table.cmake) */
AMD11_AS(S_BUFFER_LOAD_B128, S_BUFFER_LOAD_DWORDX4);
AMD11_AS(S_BUFFER_LOAD_B256, S_BUFFER_LOAD_DWORDX8);
AMD11_AS(S_BUFFER_LOAD_B32, S_BUFFER_LOAD_DWORD);
AMD11_AS(S_BUFFER_LOAD_B512, S_BUFFER_LOAD_DWORDX16);
AMD11_AS(S_BUFFER_LOAD_B64, S_BUFFER_LOAD_DWORDX2);
AMD11_AS(S_LOAD_B128, S_LOAD_DWORDX4);
AMD11_AS(S_LOAD_B256, S_LOAD_DWORDX8);
AMD11_AS(S_LOAD_B32, S_LOAD_DWORD);
AMD11_AS(S_LOAD_B512, S_LOAD_DWORDX16);
AMD11_AS(S_LOAD_B64, S_LOAD_DWORDX2);
