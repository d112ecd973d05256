/* DS rows beyond the dword reads/writes of exec_mem.c and the atomics of
 * exec_atomic.c (AMD "Vega" ISA reference, chapter 10 and 12.13):
 * byte/short reads and writes and their d16 forms, the lane permutes
 * (ds_permute_b32, ds_bpermute_b32, ds_swizzle_b32), ds_append /
 * ds_consume (LDS only) and ds_nop.  The GDS-only global wave sync and
 * ordered count are exec_gws.c.
 * Operands: [vdst,] addr, data0; w0: offset0[7:0] offset1[15:8] gds[16]. */
#include "isa/amdgpu/exec.h"

#define OP(k) (&amd_i(d)->f.op[k])

static int gds_unit_error(vs_warp *w, const vs_dinsn *d, const char *what);

static inline uint32_t ds_off16(const vs_dinsn *d) { return amd_i(d)->w[0] & 0xffff; }

/* ---- narrow reads and writes ----
 * kind: bytes 1 or 2, sign extension; d16: 0 the whole VGPR (extended to
 * 32 bits), 1 its low half, 2 its high half (extended to 16 bits, the
 * other half kept); a d16_hi write stores the high half's low bytes. */
static int ds_narrow(vs_warp *w, const vs_dinsn *d, unsigned size, int sign, int store, int d16)
{
  if (amd_ds_gds(amd_i(d))) return amd_unsupported_form(w, d, "GDS");
  const uint32_t *ad = amd_vrow(w, (store ? OP(0) : OP(1))->val);
  uint32_t *v = amd_vrow(w, (store ? OP(1) : OP(0))->val);
  uint32_t off = ds_off16(d);
  uint64_t m = w->active;
  while (m) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    m &= m - 1;
    uint32_t x = 0;
    if (store) x = d16 == 2 ? v[l] >> 16 : v[l];
    int rc = amd_lds_access(w, (uint64_t)ad[l] + off, &x, size, store, l);
    if (rc) return rc;
    if (store) continue;
    if (sign) x = size == 1 ? (uint32_t)(int32_t)(int8_t)x : (uint32_t)(int32_t)(int16_t)x;
    if (d16 == 1) x = (v[l] & 0xffff0000u) | (x & 0xffffu);
    else if (d16 == 2) x = (v[l] & 0xffffu) | x << 16;
    v[l] = x;
  }
  return amd_next(w, d);
}

AMDX(DS_WRITE_B8) { return ds_narrow(w, d, 1, 0, 1, 0); }
AMDX(DS_WRITE_B16) { return ds_narrow(w, d, 2, 0, 1, 0); }
AMDX(DS_WRITE_B8_D16_HI) { return ds_narrow(w, d, 1, 0, 1, 2); }
AMDX(DS_WRITE_B16_D16_HI) { return ds_narrow(w, d, 2, 0, 1, 2); }
AMDX(DS_READ_U8) { return ds_narrow(w, d, 1, 0, 0, 0); }
AMDX(DS_READ_I8) { return ds_narrow(w, d, 1, 1, 0, 0); }
AMDX(DS_READ_U16) { return ds_narrow(w, d, 2, 0, 0, 0); }
AMDX(DS_READ_I16) { return ds_narrow(w, d, 2, 1, 0, 0); }
AMDX(DS_READ_U8_D16) { return ds_narrow(w, d, 1, 0, 0, 1); }
AMDX(DS_READ_U8_D16_HI) { return ds_narrow(w, d, 1, 0, 0, 2); }
AMDX(DS_READ_I8_D16) { return ds_narrow(w, d, 1, 1, 0, 1); }
AMDX(DS_READ_I8_D16_HI) { return ds_narrow(w, d, 1, 1, 0, 2); }
AMDX(DS_READ_U16_D16) { return ds_narrow(w, d, 2, 0, 0, 1); }
AMDX(DS_READ_U16_D16_HI) { return ds_narrow(w, d, 2, 0, 0, 2); }

AMDX(DS_NOP) { return amd_next(w, d); }

/* ---- lane permutes: no LDS access; the lane index is
 * ((addr + offset) / 4) mod 64 (ISA 12.13 DS_PERMUTE_B32 /
 * DS_BPERMUTE_B32), mod 32 in a gfx11 wave32 (the wave size) ----
 * ds_permute_b32 (forward): every active lane l writes its data0 to lane
 * index(l) of a zeroed temporary, lanes in increasing order (the highest
 * writer wins); active lanes read the temporary.
 * ds_bpermute_b32 (backward): active lane l reads data0 of lane index(l),
 * 0 if that lane is not in EXEC ("EXEC is applied to both the VGPR read
 * and write"). */
AMDX(DS_PERMUTE_B32)
{
  const uint32_t *ad = amd_vrow(w, OP(1)->val), *src = amd_vrow(w, OP(2)->val);
  uint32_t off = ds_off16(d), tmp[AMD_LANES];
  memset(tmp, 0, sizeof tmp);
  uint64_t m = w->active;
  while (m) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    m &= m - 1;
    tmp[((ad[l] + off) >> 2) & (w->nlanes - 1)] = src[l];
  }
  amd_vcommit(w, amd_vrow(w, OP(0)->val), tmp);
  return amd_next(w, d);
}

AMDX(DS_BPERMUTE_B32)
{
  const uint32_t *ad = amd_vrow(w, OP(1)->val), *src = amd_vrow(w, OP(2)->val);
  uint32_t off = ds_off16(d), tmp[AMD_LANES];
  const uint32_t *on = amd_lane_on(w);
  for (unsigned l = 0; l < AMD_LANES; l++) {
    unsigned s = ((ad[l] + off) >> 2) & (w->nlanes - 1);
    tmp[l] = src[s] & on[s];
  }
  amd_vcommit(w, amd_vrow(w, OP(0)->val), tmp);
  return amd_next(w, d);
}

/* ds_swizzle_b32 (ISA 12.13; RDNA3 guide "LDS & GDS Instructions", the
 * same pseudocode; the offset field is the pattern), in each group of 32
 * lanes g = l & 32, i = l & 31:
 *   offset >= 0xe000, FFT mode: mask = offset[4:0]; lane l reads
 *     g | (bitreverse5(i) >> popcount(mask)) | (i & mask);
 *   0xc000 <= offset < 0xe000, rotate mode: r = offset[9:5], negated if
 *     offset[10] (right); mask = offset[4:0]; lane l reads
 *     g | (((i & mask) | ((i + r) & ~mask)) & 31) -- the guide's example
 *     tables agree for mask 0; its table for mask 1 fits no formula, so
 *     the pseudocode decides (docs/amdgpu-exec.md);
 *   offset[15] = 1, quad-permute mode: lane l reads lane
 *     (l & ~3) | offset[2*(l&3)+1 : 2*(l&3)];
 *   offset[15] = 0, bit-mask mode in groups of 32 lanes: and_mask =
 *     offset[4:0], or_mask = offset[9:5], xor_mask = offset[14:10]; lane l
 *     reads (l & 32) | (((l & and) | or) ^ xor).
 * A source lane not in EXEC reads 0 (as ds_bpermute_b32). */
AMDX(DS_SWIZZLE_B32)
{
  const uint32_t *src = amd_vrow(w, OP(1)->val);
  uint32_t off = ds_off16(d), tmp[AMD_LANES];
  const uint32_t *on = amd_lane_on(w);
  for (unsigned l = 0; l < AMD_LANES; l++) {
    unsigned s, i = l & 31u;
    if (off >= 0xe000u) {
      unsigned m = off & 31u, r = 0;
      for (unsigned b = 0; b < 5; b++) r |= ((i >> b) & 1u) << (4 - b);
      s = (l & 32u) | (r >> __builtin_popcount(m)) | (i & m);
    } else if (off >= 0xc000u) {
      unsigned m = off & 31u, r = (off >> 5) & 31u;
      if (off & 0x400u) r = 32u - r;
      s = (l & 32u) | (((i & m) | ((i + r) & ~m)) & 31u);
    } else if (off & 0x8000u) {
      s = (l & ~3u) | ((off >> (2 * (l & 3))) & 3u);
    } else {
      unsigned am = off & 31, om = (off >> 5) & 31, xm = (off >> 10) & 31;
      s = (l & 32u) | (((l & am) | om) ^ xm);
    }
    tmp[l] = src[s] & on[s];
  }
  amd_vcommit(w, amd_vrow(w, OP(0)->val), tmp);
  return amd_next(w, d);
}

/* ---- ds_append / ds_consume: a counter dword in LDS at M0[15:0] + the
 * offset (the address LLVM sets up in M0) is incremented / decremented by
 * the number of active lanes; every active lane gets the pre-op value.
 * No active lane: nothing happens.  Recorded as an atomic. ---- */
static int ds_counter(vs_warp *w, const vs_dinsn *d, int consume)
{
  if (amd_ds_gds(amd_i(d)))
    return gds_unit_error(w, d, "the GDS append counters");
  uint64_t act = w->active;
  if (!act) return amd_next(w, d);
  uint32_t a = (amd_S(w)[AMD_S_M0] & 0xffffu) + ds_off16(d);
  if (a & 3) return vs_warp_memfault(w, VS_MF_MISALIGNED, w->wg->lds_base + a, 4, 1);
  unsigned n0 = w->memrec ? w->memrec->n : 0;
  unsigned lane = (unsigned)__builtin_ctzll(act);
  uint32_t old = 0, cnt = (uint32_t)__builtin_popcountll(act);
  int rc = amd_lds_access(w, a, &old, 4, 0, lane);
  if (rc) return rc;
  uint32_t nv = consume ? old - cnt : old + cnt;
  if ((rc = amd_lds_access(w, a, &nv, 4, 1, lane))) return rc;
  if (w->memrec)
    for (unsigned k = n0; k < w->memrec->n; k++) w->memrec->acc[k].is_atomic = 1;
  uint32_t *v = amd_vrow(w, OP(0)->val);
  for (uint64_t m = act; m; m &= m - 1) v[__builtin_ctzll(m)] = old;
  return amd_next(w, d);
}

AMDX(DS_APPEND) { return ds_counter(w, d, 0); }
AMDX(DS_CONSUME) { return ds_counter(w, d, 1); }

/* The GDS append counters are set up by the command processor through GDS
 * configuration registers; a compute dispatch on ventsim has none. */
static int gds_unit_error(vs_warp *w, const vs_dinsn *d, const char *what)
{
  return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0,
                       "%s: %s are configured by the command processor through GDS registers (seed 001); "
                       "a compute dispatch on ventsim has none",
                       amd_row_of(amd_i(d))->mnemonic, what);
}

/* The gfx11 (RDNA3) names of these rows: the same semantics
 * (cmake/amdx_table.cmake) */
AMD11_AS(DS_LOAD_I16, DS_READ_I16);
AMD11_AS(DS_LOAD_I8, DS_READ_I8);
AMD11_AS(DS_LOAD_I8_D16, DS_READ_I8_D16);
AMD11_AS(DS_LOAD_I8_D16_HI, DS_READ_I8_D16_HI);
AMD11_AS(DS_LOAD_U16, DS_READ_U16);
AMD11_AS(DS_LOAD_U16_D16, DS_READ_U16_D16);
AMD11_AS(DS_LOAD_U16_D16_HI, DS_READ_U16_D16_HI);
AMD11_AS(DS_LOAD_U8, DS_READ_U8);
AMD11_AS(DS_LOAD_U8_D16, DS_READ_U8_D16);
AMD11_AS(DS_LOAD_U8_D16_HI, DS_READ_U8_D16_HI);
AMD11_AS(DS_STORE_B16, DS_WRITE_B16);
AMD11_AS(DS_STORE_B16_D16_HI, DS_WRITE_B16_D16_HI);
AMD11_AS(DS_STORE_B8, DS_WRITE_B8);
AMD11_AS(DS_STORE_B8_D16_HI, DS_WRITE_B8_D16_HI);
