/* gfx11 (RDNA3) v_wmma_*: D = A x B + C on 16x16 matrices held by the
 * whole wave (docs/amdgpu-exec.md "gfx11 WMMA").
 *
 * Register layouts (AMD's matrix instruction calculator, "rdna3" class,
 * functions get_input_reg_lanes / get_output_reg_lanes; the GPUOpen blog
 * "How to accelerate AI applications on RDNA 3 using WMMA"; LLVM 19's
 * __builtin_amdgcn_wmma_*_w32/_w64):
 *   A[i][k]: lane i of every group of 16 lanes (lanes i, i+16, and in
 *     wave64 i+32, i+48: replicated), element k packed from the first
 *     VGPR of src0: 16-bit types VGPR k/2 half k%2, iu8 VGPR k/4 byte k%4,
 *     iu4 VGPR k/8 nibble k%8 (8, 4 and 2 VGPRs).
 *   B[k][j]: the same with column j in place of row i (src1).
 *   C, D[i][j]: G = wave size / 16 rows per VGPR: VGPR i / G, lane
 *     16 * (i % G) + j (wave32: row 2r + lane/16 of VGPR r; wave64: row
 *     4r + lane/16), 8 VGPRs in wave32, 4 in wave64.  The f16/bf16
 *     results use one half of each VGPR: op_sel[2] (w0 bit 13) 0 the low
 *     halves, 1 the high halves (C is read from the same halves).
 * Modifiers (the calculator's NEG/NEG_HI description): float rows: neg_lo
 *   [0]/[1] negate the low halves of A/B, neg_hi[0]/[1] the high halves;
 *   neg_lo[2] negates C and neg_hi[2] takes |C|.  Integer rows: neg_lo[0]
 *   / [1] set A / B signed (1) or unsigned (0) (LLVM's %A_sign/%B_sign
 *   operands of llvm.amdgcn.wmma.i32.16x16x16.iu8/iu4); clamp saturates
 *   the i32 result (without it the sum wraps to 32 bits).
 * Decisions where those sources are silent (docs/amdgpu-exec.md):
 *   - an output lane reads A and B from its own group of 16 lanes (the
 *     replicas; they hold the same values in every kernel LLVM generates);
 *   - float accumulation: the products are exact in f32 (11+11 and 8+8
 *     significant bits), summed into C in k order with f32 round-to-
 *     nearest-even adds; the f16/bf16 rows round that f32 sum once to
 *     the output type (RNE); no denormal flushing (MODE is not read);
 *   - the f16/bf16 rows leave the other half of each D VGPR unchanged;
 *   - D is written under EXEC; A, B and C are read from every lane.
 * C may be an inline constant (LLVM accepts them for src2 only): every
 * element of C is that constant (f32 rows: its f32 value, f16: its f16
 * value, bf16: the high half of its f32 value, i32: the integer, or the
 * f32 bits of a float constant). */
#include "isa/amdgpu/exec_fp.h"

enum { WM_F16, WM_BF16, WM_IU8, WM_IU4 };

static int wmma_bad(vs_warp *w, const vs_dinsn *d, const char *what)
{
  return amd_unsupported_form(w, d, what);
}

static int wmma(vs_warp *w, const vs_dinsn *d, unsigned in, int out16)
{
  const amd_insn *I = amd_i(d);
  if (I->f.nops < 4) return wmma_bad(w, d, "a v_wmma without its four operands");
  const amd_operand *D = &I->f.op[0], *A = &I->f.op[1], *B = &I->f.op[2], *C = &I->f.op[3];
  unsigned lanes = w->nlanes, G = lanes / 16u, nacc = lanes == 64 ? 4u : 8u;
  unsigned nab = in == WM_IU4 ? 2u : in == WM_IU8 ? 4u : 8u;
  if (D->kind != AMD_OPK_VGPR || A->kind != AMD_OPK_VGPR || B->kind != AMD_OPK_VGPR)
    return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "v_wmma: D, A and B must be VGPRs");
  if (D->val + nacc > AMD_NVREG || A->val + nab > AMD_NVREG || B->val + nab > AMD_NVREG ||
      (C->kind == AMD_OPK_VGPR && C->val + nacc > AMD_NVREG))
    return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "v_wmma: a matrix operand runs past v255");
  int cvgpr = C->kind == AMD_OPK_VGPR;
  if (!cvgpr && C->kind != AMD_OPK_ICONST && C->kind != AMD_OPK_FCONST)
    return vs_warp_fault(w, VS_FAULT_ILLEGAL, 0, "v_wmma: C must be VGPRs or an inline constant");
  unsigned neglo = (I->w[1] >> 29) & 7u, neghi = (I->w[0] >> 8) & 7u;
  unsigned hi = out16 ? (I->w[0] >> 13) & 1u : 0u; /* op_sel[2] */
  int clamp = (I->w[0] >> 15) & 1u;
  int integer = in == WM_IU8 || in == WM_IU4;

  /* the constant C: its bits in the element type */
  uint32_t cst = 0;
  if (!cvgpr) {
    amd_operand t = *C;
    t.type = out16 == 1 ? AMD_T_F16 : AMD_T_F32;
    cst = C->kind == AMD_OPK_ICONST ? C->val : (uint32_t)amd_src_slow(w, &t, 1);
    if (out16 == 1) cst &= 0xffffu;
    if (out16 == 2) cst >>= 16;
  }

  /* The matrices of each group of 16 lanes, as the group's lanes hold
   * them: a[g][i][k], b[g][j][k] */
  typedef union { float f; int32_t i; } elem;
  elem a[4][16][16], b[4][16][16];
  for (unsigned g = 0; g < lanes / 16u; g++)
    for (unsigned i = 0; i < 16; i++) {
      unsigned l = 16 * g + i;
      for (unsigned k = 0; k < 16; k++) {
        uint32_t ra, rb;
        unsigned sh;
        if (in == WM_F16 || in == WM_BF16) {
          ra = amd_vrow(w, A->val + k / 2)[l];
          rb = amd_vrow(w, B->val + k / 2)[l];
          sh = 16 * (k % 2);
          uint32_t ha = (ra >> sh) & 0xffffu, hb = (rb >> sh) & 0xffffu;
          unsigned nb = k % 2 ? neghi : neglo; /* neg_hi: the high halves */
          if (nb & 1u) ha ^= 0x8000u;
          if (nb & 2u) hb ^= 0x8000u;
          a[g][i][k].f = in == WM_F16 ? (float)fp_h_to_d(ha) : (float)fp_bf_to_d(ha, 0);
          b[g][i][k].f = in == WM_F16 ? (float)fp_h_to_d(hb) : (float)fp_bf_to_d(hb, 0);
        } else if (in == WM_IU8) {
          ra = amd_vrow(w, A->val + k / 4)[l];
          rb = amd_vrow(w, B->val + k / 4)[l];
          sh = 8 * (k % 4);
          uint32_t ea = (ra >> sh) & 0xffu, eb = (rb >> sh) & 0xffu;
          a[g][i][k].i = (neglo & 1u) ? (int32_t)(int8_t)ea : (int32_t)ea;
          b[g][i][k].i = (neglo & 2u) ? (int32_t)(int8_t)eb : (int32_t)eb;
        } else {
          ra = amd_vrow(w, A->val + k / 8)[l];
          rb = amd_vrow(w, B->val + k / 8)[l];
          sh = 4 * (k % 8);
          int32_t ea = (int32_t)((ra >> sh) & 0xfu), eb = (int32_t)((rb >> sh) & 0xfu);
          a[g][i][k].i = (neglo & 1u) && ea >= 8 ? ea - 16 : ea;
          b[g][i][k].i = (neglo & 2u) && eb >= 8 ? eb - 16 : eb;
        }
      }
    }

  uint32_t res[8][AMD_LANES];
  for (unsigned r = 0; r < nacc; r++) {
    const uint32_t *cr = cvgpr ? amd_vrow(w, C->val + r) : NULL;
    const uint32_t *dr = amd_vrow(w, D->val + r);
    for (unsigned l = 0; l < AMD_LANES; l++) {
      if (l >= lanes) { /* wave32: lanes 32-63 are no work-item's */
        res[r][l] = dr[l];
        continue;
      }
      unsigned g = l / 16u, j = l % 16u, i = G * r + g;
      uint32_t c = cvgpr ? cr[l] : cst;
      if (integer) {
        int64_t s = (int32_t)c;
        for (unsigned k = 0; k < 16; k++) s += (int64_t)a[g][i][k].i * b[g][j][k].i;
        if (clamp) s = s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s;
        res[r][l] = (uint32_t)(uint64_t)s;
        continue;
      }
      float acc;
      if (out16) {
        uint32_t ch = cvgpr ? (c >> (16 * hi)) & 0xffffu : c;
        if (neghi & 4u) ch &= 0x7fffu;
        if (neglo & 4u) ch ^= 0x8000u;
        acc = out16 == 1 ? (float)fp_h_to_d(ch) : (float)fp_bf_to_d(ch, 0);
      } else {
        if (neghi & 4u) c &= 0x7fffffffu;
        if (neglo & 4u) c ^= 0x80000000u;
        acc = u2f(c);
      }
      for (unsigned k = 0; k < 16; k++) {
        float p = a[g][i][k].f * b[g][j][k].f; /* exact */
        acc = acc + p;
      }
      if (!out16) {
        res[r][l] = f2u(acc);
      } else {
        uint32_t h = out16 == 1 ? fp_d_to_h((double)acc, 0) : fp_d_to_bf((double)acc, 0);
        unsigned s = 16 * hi;
        res[r][l] = (dr[l] & ~(0xffffu << s)) | (h & 0xffffu) << s;
      }
    }
  }
  for (unsigned r = 0; r < nacc; r++) amd_vcommit(w, amd_vrow(w, D->val + r), res[r]);
  return amd_next(w, d);
}

AMDX(V_WMMA_F32_16X16X16_F16) { return wmma(w, d, WM_F16, 0); }
AMDX(V_WMMA_F32_16X16X16_BF16) { return wmma(w, d, WM_BF16, 0); }
AMDX(V_WMMA_F16_16X16X16_F16) { return wmma(w, d, WM_F16, 1); }
AMDX(V_WMMA_BF16_16X16X16_BF16) { return wmma(w, d, WM_BF16, 2); }
AMDX(V_WMMA_I32_16X16X16_IU8) { return wmma(w, d, WM_IU8, 0); }
AMDX(V_WMMA_I32_16X16X16_IU4) { return wmma(w, d, WM_IU4, 0); }
