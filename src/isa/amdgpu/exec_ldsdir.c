/* gfx11 LDSDIR rows: lds_direct_load and lds_param_load (RDNA3 ISA guide,
 * chapter "Data Share Operations": "Pixel Parameter Interpolation" / "LDS
 * Parameter Loads" (table "LDSDIR Instruction Fields") and "LDS Direct
 * Load"; the text read in the RDNA3.5 edition, sections 12.2.1 and 12.4,
 * which has the same LDSDIR encoding as gfx1100's).
 *
 * Encoding (one dword, w[31:24] = 0xCE): vdst[7:0], attr_chan[9:8],
 * attr[15:10], wait_vdst[19:16], op[21:20].  M0 is read implicitly:
 *   lds_direct_load: {13'b0, DataType[18:16], LDS_address[15:0]}: a byte
 *     address, "must be DWORD aligned"; DataType 0 ubyte, 1 ushort, 2
 *     dword, 4 sbyte, 5 sshort (sign- / zero-extended to 32 bits), 3, 6, 7
 *     reserved.  The one value is written to every lane.
 *   lds_param_load: {1'b0, new_prim_mask[15:1], lds_param_offset[15:0]}:
 *     new_prim_mask has a bit per quad (1: the quad begins a new
 *     primitive; quad 0 always does, its bit is implied); lds_param_offset
 *     bits [6:0] must be zero.  The quad's lanes 0, 1, 2 receive P0, P10,
 *     P20 of channel attr_chan of attribute attr, lane 3 receives 0:
 *       LDS_ADDR = param_offset + (attr * numPrims * 12 + prim * 12 +
 *                  attr_offset) DWORDs, attr_offset = 4 * {0: P0, 1: P10,
 *                  2: P20} + chan
 *     where prim is the quad's primitive (the new_prim_mask bits set in
 *     quads 1..q) and numPrims the wave's number of primitives.
 * Both use EXEC per quad: a quad with any lane in EXEC is written whole.
 * Both skip when EXEC == 0.  wait_vdst is a hazard field (check.c), with
 * no effect on the result.  In a compute launch the LDS is the
 * work-group's (amd_lds_access: out of range reads 0).
 *
 * Decisions where the guide is silent (docs/amdgpu-exec.md "LDSDIR"):
 * lds_param_offset is a byte offset; a wave32 counts primitives over its
 * 8 quads only (bits of quads 8-15 ignored); M0 bits the guide names zero
 * (direct: [31:19], param: [31]) are ignored; the CU-mode-only
 * restriction is not checked (the launch does not model WGP mode for
 * LDS); a reserved data type or a misaligned address / param offset is a
 * kernel error naming the instruction and M0. */
#include <inttypes.h>

#include "isa/amdgpu/exec.h"

/* The lanes of the quads that have a lane in EXEC (of the wave's lanes) */
static uint64_t quads_of(uint64_t act, uint64_t full)
{
  uint64_t q = 0;
  for (unsigned l = 0; l < 64; l += 4)
    if ((act >> l) & 0xfu) q |= 0xfull << l;
  return q & full;
}

static void commit_quads(uint32_t *dst, const uint32_t *res, uint64_t qm)
{
  for (unsigned l = 0; l < AMD_LANES; l++) {
    uint32_t on = (uint32_t)0 - (uint32_t)((qm >> l) & 1u);
    dst[l] = (res[l] & on) | (dst[l] & ~on);
  }
}

AMDX11(LDS_DIRECT_LOAD)
{
  uint64_t qm = quads_of(w->active, w->full);
  if (!qm) return amd_next(w, d); /* skipped with EXEC == 0 */
  uint32_t m0 = amd_S(w)[AMD_S_M0], addr = m0 & 0xffffu, type = (m0 >> 16) & 7u;
  static const uint8_t size[8] = {1, 2, 4, 0, 1, 2, 0, 0};
  if (!size[type])
    return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "lds_direct_load: M0 data type %" PRIu32 " is reserved (M0 = 0x%08" PRIx32 ")",
                         type, m0);
  if (addr & 3u)
    return vs_warp_fault(w, VS_FAULT_MISALIGNED, addr,
                         "lds_direct_load: M0 LDS address 0x%04" PRIx32 " is not DWORD aligned (M0 = 0x%08" PRIx32 ")",
                         addr, m0);
  uint32_t x = 0;
  int rc = amd_lds_access(w, addr, &x, size[type], 0, (unsigned)__builtin_ctzll(qm));
  if (rc) return rc;
  if (type == 4) x = (uint32_t)(int32_t)(int8_t)x;
  else if (type == 5) x = (uint32_t)(int32_t)(int16_t)x;
  uint32_t res[AMD_LANES];
  for (unsigned l = 0; l < AMD_LANES; l++) res[l] = x;
  commit_quads(amd_vrow(w, amd_i(d)->f.op[0].val), res, qm);
  return amd_next(w, d);
}

AMDX11(LDS_PARAM_LOAD)
{
  uint64_t qm = quads_of(w->active, w->full);
  if (!qm) return amd_next(w, d);
  uint32_t m0 = amd_S(w)[AMD_S_M0], base = m0 & 0xffffu;
  if (base & 0x7fu)
    return vs_warp_fault(w, VS_FAULT_MISALIGNED, base,
                         "lds_param_load: M0 lds_param_offset 0x%04" PRIx32 " has bits [6:0] set (M0 = 0x%08" PRIx32 ")",
                         base, m0);
  unsigned attr = amd_i(d)->f.op[1].val >> 2, chan = amd_i(d)->f.op[1].val & 3u;
  unsigned nquads = w->nlanes / 4u;
  /* new_prim_mask bit q (q = 1..15) is M0 bit 15 + q; quad 0 begins a primitive */
  uint32_t npm = ((m0 >> 15) & 0xfffeu) | 1u;
  if (nquads < 16) npm &= (1u << nquads) - 1u;
  unsigned nprims = (unsigned)__builtin_popcount(npm);
  uint32_t res[AMD_LANES] = {0};
  for (unsigned q = 0; q < nquads; q++) {
    if (!((qm >> (4 * q)) & 0xfu)) continue;
    unsigned prim = (unsigned)__builtin_popcount(npm & ((2u << q) - 1u)) - 1u;
    for (unsigned k = 0; k < 3; k++) {
      uint64_t dw = (uint64_t)attr * nprims * 12u + prim * 12u + k * 4u + chan;
      int rc = amd_lds_access(w, base + dw * 4u, &res[4 * q + k], 4, 0, 4 * q + k);
      if (rc) return rc;
    }
  }
  commit_quads(amd_vrow(w, amd_i(d)->f.op[0].val), res, qm);
  return amd_next(w, d);
}
