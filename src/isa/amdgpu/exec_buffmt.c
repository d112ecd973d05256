/* Formatted buffer accesses: MTBUF tbuffer_load/store_format_* (the format
 * in the instruction) and MUBUF buffer_load/store_format_* (the format in
 * the V#'s word 3: DST_SEL_X..W [11:0], NUM_FORMAT [14:12], DATA_FORMAT
 * [18:15]); AMD "Vega" ISA reference, chapter 8 (buffer instructions,
 * data and number formats).  Addressing and range checking are those of
 * every MUBUF access (amd_vbuf_*, exec_mem.c).
 *
 * The formats executed are the ones whose components are whole bytes and
 * need no number conversion: data formats 8, 16, 32, 8_8, 16_16, 32_32,
 * 8_8_8_8, 16_16_16_16, 32_32_32, 32_32_32_32 with number format UINT or
 * SINT (components zero- or sign-extended on loads, their low bits stored),
 * and the 32-bit ones with FLOAT (bits as they are).  Other combinations
 * (UNORM, SNORM, USCALED, SSCALED, 16-bit FLOAT, packed 10/11-bit formats)
 * and the d16 forms stop with a kernel error naming the format.
 *
 * Loads: a component the format lacks reads 0 (y, z) or 1 / 1.0 (w);
 * MUBUF loads then apply DST_SEL (0: 0, 1: 1 / 1.0, 4-7: x-w).  Stores
 * write the components both the format and the instruction have, each
 * component's low bytes (no clamping: a decision, the sources are silent).
 * Out of range (NUM_RECORDS): loads read 0 in every component (then
 * DST_SEL), stores write nothing. */
#include <stdio.h>

#include "isa/amdgpu/exec.h"
#include "ventsim/stats.h"

#define OP(k) (&amd_i(d)->f.op[k])

enum { NF_UNORM, NF_SNORM, NF_USCALED, NF_SSCALED, NF_UINT, NF_SINT, NF_RESERVED, NF_FLOAT };

/* bytes per component and components, by data format (0: not handled) */
static const uint8_t df_bytes[16] = {0, 1, 2, 1, 4, 2, 0, 0, 0, 0, 1, 4, 2, 4, 4, 0};
static const uint8_t df_comps[16] = {0, 1, 1, 2, 1, 2, 0, 0, 0, 0, 4, 2, 4, 3, 4, 0};

static int fmt_xfer(vs_warp *w, const vs_dinsn *d, unsigned n, int store, int mtbuf)
{
  const amd_insn *I = amd_i(d);
  if (!mtbuf && amd_buf_lds(I)) return amd_unsupported_form(w, d, "the LDS-DMA form (lds)");
  if (amd_buf_tfe(I)) return amd_unsupported_form(w, d, "tfe");
  amd_vbuf b;
  amd_vbuf_init(w, d, &b, OP(1), OP(2), OP(3));
  unsigned dfmt, nfmt, sel = 04 << 0 | 05 << 3 | 06 << 6 | 07 << 9; /* x y z w */
  if (mtbuf) {
    dfmt = OP(4)->val & 15;
    nfmt = (OP(4)->val >> 4) & 7;
  } else {
    uint32_t w3 = amd_S(w)[amd_sidx(OP(2)) + 3];
    dfmt = (w3 >> 15) & 15;
    nfmt = (w3 >> 12) & 7;
    sel = w3 & 0xfff;
  }
  unsigned cb = df_bytes[dfmt], nc = df_comps[dfmt];
  int ok = cb && (nfmt == NF_UINT || nfmt == NF_SINT || (nfmt == NF_FLOAT && cb == 4));
  if (!ok) {
    char what[96];
    snprintf(what, sizeof what, "data format %u with number format %u", dfmt, nfmt);
    return amd_unsupported_form(w, d, what);
  }
  uint32_t one = nfmt == NF_FLOAT ? 0x3f800000u : 1u;
  unsigned rec = cb * nc;
  uint32_t *rows[4];
  for (unsigned q = 0; q < n; q++) rows[q] = amd_vrow(w, OP(0)->val + q);
  uint64_t m = w->active;
  while (m) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    m &= m - 1;
    uint32_t c[4] = {0, 0, 0, one};
    int in = amd_vbuf_in_range(&b, l, rec);
    for (unsigned k = 0; k < nc; k++) {
      if (store && k >= n) break;
      uint32_t buf[4] = {store ? rows[k][l] : 0, 0, 0, 0}; /* room for the accessors' copies */
      if (in) {
        vs_addr a = amd_vbuf_addr(&b, l, k * cb);
        int rc = store ? vs_mem_store(w->mem, a, buf, cb) : vs_mem_load(w->mem, a, buf, cb);
        if (rc) return vs_warp_memfault(w, rc, a, cb, store);
        vs_memrec_add(w, a, buf, cb, l, store, b.space);
      }
      uint32_t v = buf[0];
      if (!store) {
        if (nfmt == NF_SINT && cb < 4) v = cb == 1 ? (uint32_t)(int32_t)(int8_t)v : (uint32_t)(int32_t)(int16_t)v;
        c[k] = in ? v : 0;
      }
    }
    if (!store) {
      if (!in) c[3] = 0; /* out of range: every component reads 0 */
      for (unsigned q = 0; q < n; q++) {
        unsigned s = (sel >> (3 * q)) & 7;
        rows[q][l] = s >= 4 ? c[s - 4] : s == 1 ? one : 0;
      }
    }
  }
  return amd_next(w, d);
}

AMDX(TBUFFER_LOAD_FORMAT_X) { return fmt_xfer(w, d, 1, 0, 1); }
AMDX(TBUFFER_LOAD_FORMAT_XY) { return fmt_xfer(w, d, 2, 0, 1); }
AMDX(TBUFFER_LOAD_FORMAT_XYZ) { return fmt_xfer(w, d, 3, 0, 1); }
AMDX(TBUFFER_LOAD_FORMAT_XYZW) { return fmt_xfer(w, d, 4, 0, 1); }
AMDX(TBUFFER_STORE_FORMAT_X) { return fmt_xfer(w, d, 1, 1, 1); }
AMDX(TBUFFER_STORE_FORMAT_XY) { return fmt_xfer(w, d, 2, 1, 1); }
AMDX(TBUFFER_STORE_FORMAT_XYZ) { return fmt_xfer(w, d, 3, 1, 1); }
AMDX(TBUFFER_STORE_FORMAT_XYZW) { return fmt_xfer(w, d, 4, 1, 1); }
AMDX(BUFFER_LOAD_FORMAT_X) { return fmt_xfer(w, d, 1, 0, 0); }
AMDX(BUFFER_LOAD_FORMAT_XY) { return fmt_xfer(w, d, 2, 0, 0); }
AMDX(BUFFER_LOAD_FORMAT_XYZ) { return fmt_xfer(w, d, 3, 0, 0); }
AMDX(BUFFER_LOAD_FORMAT_XYZW) { return fmt_xfer(w, d, 4, 0, 0); }
AMDX(BUFFER_STORE_FORMAT_X) { return fmt_xfer(w, d, 1, 1, 0); }
AMDX(BUFFER_STORE_FORMAT_XY) { return fmt_xfer(w, d, 2, 1, 0); }
AMDX(BUFFER_STORE_FORMAT_XYZ) { return fmt_xfer(w, d, 3, 1, 0); }
AMDX(BUFFER_STORE_FORMAT_XYZW) { return fmt_xfer(w, d, 4, 1, 0); }
